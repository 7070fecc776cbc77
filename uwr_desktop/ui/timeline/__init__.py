"""The initiative timeline: the frame and the painters of each kind of axis."""
