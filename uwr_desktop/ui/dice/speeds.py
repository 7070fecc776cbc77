"""The speeds the dice may roll at, as multipliers of their natural pace."""

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""What the dice's Speed menu offers; 1.0 is the dice's own pace."""
