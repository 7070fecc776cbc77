"""The rules core: dice, exact odds and round systems. Pure Python, no Qt."""
