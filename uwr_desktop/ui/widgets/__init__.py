"""Small widgets shared by every panel and dialog."""
