"""One die as the dice canvas shows it, and the canvas's measures."""

import msgspec

DIE_SIZE = 46
GAP = 14
MARGIN = 12
CAPTION_HEIGHT = 16


class ShownDie(msgspec.Struct, frozen=True):
    """One die as the canvas shows it once settled.

    ``success`` is None for dice that are not counted as successes (roll-and-keep, sums);
    ``kept`` is None unless the roll keeps some of its dice.
    """

    sides: int
    label: str
    value: int
    success: bool | None = None
    rerolled: bool = False
    first_face: int | None = None
    rerollable: bool = False
    kept: bool | None = None

    def describe(self) -> str:
        """A short spoken description of the die, for tooltips and screen readers."""
        parts = [f"d{self.sides} showing {self.label}"]
        if self.success is True:
            parts.append("success")
        elif self.success is False:
            parts.append("failed")
        if self.kept is True:
            parts.append("kept")
        elif self.kept is False:
            parts.append("not kept")
        if self.rerolled:
            parts.append(f"rerolled from {self.first_face}")
        if self.rerollable:
            parts.append("click to reroll")
        return ", ".join(parts)
