"""The main window: its frame and its command groups."""
