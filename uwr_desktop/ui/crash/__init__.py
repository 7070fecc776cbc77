"""What happens when the app meets an error it did not expect: dialog, log and handler."""
