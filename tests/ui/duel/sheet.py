"""The ``duel`` sheet: hit points, a modifier, armor and the rolled initiative."""

from typing import Annotated

import msgspec

from uwr_desktop.core.rulesets import kit

Modifier = Annotated[int, msgspec.Meta(ge=-20, le=20)]
Armor = Annotated[int, msgspec.Meta(ge=1, le=40)]


class DuelSheet(kit.RoundSheet, frozen=True, tag="duel"):
    """Hit points, the modifier added to every d20, armor (what an attack must reach) and the
    initiative total once rolled."""

    health_name = "hit points"

    hp: kit.Count = 10
    hp_max: kit.Count = 10
    modifier: Modifier = 0
    armor: Armor = 12
    initiative: int | None = None

    def __post_init__(self) -> None:
        """Refuse hit points above their maximum."""
        if self.hp > self.hp_max:
            raise ValueError(f"{self.hp} hit points is above the maximum {self.hp_max}")

    @property
    def down(self) -> bool:
        """Out at 0 hit points."""
        return self.hp == 0

    def damaged(self, amount: int, side: kit.Side) -> tuple["DuelSheet", str]:
        """Hit points drop by ``amount``, never below 0."""
        after = max(self.hp - amount, 0)
        text = f"takes {amount} damage ({self.hp} → {after} hit points)"
        return kit.replace(self, hp=after), text + (": out" if after == 0 < self.hp else "")

    def healed(self, amount: int) -> tuple["DuelSheet", str] | None:
        """Hit points rise by ``amount``, never above the maximum."""
        after = min(self.hp + amount, self.hp_max)
        if after == self.hp:
            return None
        text = f"heals {after - self.hp} ({self.hp} → {after} hit points)"
        return kit.replace(self, hp=after), text

    def health(self) -> tuple[int, int]:
        """Hit points and their maximum."""
        return self.hp, self.hp_max

    def as_copy(self) -> "DuelSheet":
        """A copy rolls its own initiative."""
        return kit.replace(self, initiative=None)

    def as_template(self) -> "DuelSheet":
        """Whole, nothing rolled."""
        return kit.replace(self, hp=self.hp_max, initiative=None)


kit.register_sheet(DuelSheet)
sheet_of = kit.sheet_reader(DuelSheet, "duel")
"""The combatant's duel sheet."""
