"""The event log: its model and view."""
