"""Dialogs and prompts shared by every round system."""
