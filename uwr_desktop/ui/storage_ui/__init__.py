"""What the window shows of the storage: the autosave bar and the recovery dialog."""
