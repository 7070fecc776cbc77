"""The players' view: the picture of the fight they may see, its window and its control."""
