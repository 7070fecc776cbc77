"""Sharing the players' view with their own phones and tablets over the local network."""
