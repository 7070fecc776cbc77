"""What a roll asks of the dice: who rolls, what for, and how many dice of which size.

The :class:`~uwr_desktop.core.dice.Roller` asks its source for a batch of dice at a time
(seven d10 for an attack, then one more for each 10 that rolls again), each batch a
:class:`DiceRequest`. A random source answers at once; dice rolled by hand at the table are
typed in by the GM, so the request says in words exactly what to roll.
"""

import msgspec

from uwr_desktop.core.limits import MAX_DICE, MAX_SIDES


class RollFor(msgspec.Struct, frozen=True):
    """Who rolls (``None``: nobody, a roll for the GM) and what for ("attack", "initiative")."""

    combatant_id: str | None = None
    what: str = ""


NOBODY = RollFor()
"""A roll made for nobody in particular."""


class DiceRequest(msgspec.Struct, frozen=True):
    """``count`` dice of ``sides`` sides for ``by``; ``dice`` names the roll as the rules read
    it ("7 d10, keep 3 — 10s roll again") and ``note`` why these dice are asked ("rerolls of
    dice 2 and 5", "die 3 showed 10 and rolls again"). ``total_only``: the rules need only the
    sum of these dice, so the total alone may be typed."""

    sides: int
    count: int
    by: RollFor = NOBODY
    dice: str = ""
    note: str = ""
    total_only: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.sides <= MAX_SIDES:
            raise ValueError(f"a die has 2 to {MAX_SIDES} sides, got {self.sides}")
        if not 1 <= self.count <= MAX_DICE:
            raise ValueError(f"a request asks for 1 to {MAX_DICE} dice, got {self.count}")

    @property
    def plain(self) -> str:
        """The dice asked for in plain words: "7 d10", "1 d6"."""
        return f"{self.count} d{self.sides}"
