"""The ``hands`` sheet: hit points that are also actions, split into pools each round, and
the weapons whose reach decides who declares first."""

from typing import Annotated

import msgspec
from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, Count, Name, register_sheet
from uwr_desktop.core.limits import MAX_COUNT, MAX_MODIFIER, MAX_WEAPONS
from uwr_desktop.core.rulesets.common import Bounded
from uwr_desktop.core.rulesets.sheets import RoundSheet, sheet_reader
from uwr_desktop.core.sides import Side

RULESET_TAG = "hands"
"""The tag of this sheet in files (the ruleset's id)."""

WeaponIndex = Annotated[int, msgspec.Meta(ge=0, le=MAX_WEAPONS - 1)]
"""The position of a weapon on a combatant (0-based)."""

STRENGTH_BONUS = Bounded("The strength bonus", 0, MAX_COUNT - 1)
"""The strength bonus: hit points are the bonus + 1 (unless set by hand), at most MAX_COUNT."""
MAX_POINTS = Bounded("Maximum hit points", 1, MAX_COUNT)
"""Hit points set by hand."""
DAMAGE = Bounded("Damage", 0, MAX_COUNT)
"""Damage taken."""
CARRY_PLAN = Bounded("The carry-over kept", 0, MAX_COUNT)
"""Points a combatant asks to keep in place at each round start (the rules allow at most half
its undamaged points, rounded down, when the round starts)."""
ACTION_BONUS = Bounded("The action bonus", -MAX_MODIFIER, MAX_MODIFIER)
"""The bonus for the intended action."""
REACH = Bounded("The reach", 0, MAX_COUNT)
"""A weapon's reach (a missile weapon's range)."""
INTERFERENCE_ROLL = Bounded("The roll", -MAX_MODIFIER, MAX_MODIFIER)
"""The roll the GM records for an interfering action."""


class HandsWeapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A weapon: its total reach (the wielder's reach with it; a missile weapon's range) and
    whether it is a missile weapon."""

    name: Name
    reach: Annotated[int, REACH.meta] = 1
    missile: bool = False


class HandsSheet(RoundSheet, frozen=True, tag=RULESET_TAG):
    """A ``hands`` combatant: maximum points, damage taken and this round's pools.

    ``max_points`` ``None`` means the rules' default, strength bonus + 1. The undamaged points
    (maximum minus damage) hold the ready, carry-over and used pools; points healed mid-round wait
    for the next round start, so the pools may hold fewer. ``carry_plan`` is how many points
    the combatant wants to keep in place as carry-over at each round start (at most half,
    rounded down). ``bonus`` is the bonus of the action it means to take, the fourth
    tie-break of the declare-first order.
    """

    health_name = "hit points"

    strength_bonus: Annotated[int, STRENGTH_BONUS.meta] = 0
    max_points: Annotated[int, MAX_POINTS.meta] | None = None
    damage: Count = 0
    ready: Count = 0
    carry_over: Count = 0
    used: Count = 0
    carry_plan: Annotated[int, CARRY_PLAN.meta] = 0
    bonus: Annotated[int, ACTION_BONUS.meta] = 0
    weapons: Annotated[tuple[HandsWeapon, ...], msgspec.Meta(max_length=MAX_WEAPONS)] = ()

    def __post_init__(self) -> None:
        """Refuse damage above the maximum and pools above the undamaged points."""
        if self.damage > self.points_max:
            raise ValueError(f"damage {self.damage} is above the maximum {self.points_max}")
        if self.pooled > self.undamaged:
            raise ValueError(
                f"the pools hold {self.pooled} points but only {self.undamaged} are undamaged"
            )

    @property
    def points_max(self) -> int:
        """Maximum hit points: as set, or strength bonus + 1."""
        return self.strength_bonus + 1 if self.max_points is None else self.max_points

    @property
    def undamaged(self) -> int:
        """Hit points not damaged."""
        return self.points_max - self.damage

    @property
    def pooled(self) -> int:
        """Points in the ready, carry-over and used pools together."""
        return self.ready + self.carry_over + self.used

    @property
    def reach(self) -> int:
        """Total reach: the longest of its weapons' (0 without a weapon)."""
        return max((weapon.reach for weapon in self.weapons), default=0)

    @property
    def melee_reach(self) -> int:
        """The longest reach of its weapons that are not missile weapons (0 without one)."""
        return max((w.reach for w in self.weapons if not w.missile), default=0)

    @property
    def has_missile(self) -> bool:
        """Whether it carries a missile weapon."""
        return any(weapon.missile for weapon in self.weapons)

    @property
    def missile_range(self) -> int:
        """The longest range of its missile weapons (0 without one)."""
        return max((w.reach for w in self.weapons if w.missile), default=0)

    @property
    def down(self) -> bool:
        """Out of the fight when every point is damaged."""
        return self.undamaged == 0

    def health(self) -> tuple[int, int]:
        """Hit points not damaged, and the maximum."""
        return self.undamaged, self.points_max

    def damaged(self, amount: int, side: Side) -> tuple["HandsSheet", str]:
        """Damage rises by ``amount`` (never past the maximum), taking ready points first."""
        return take_damage(self, amount, ready_first=True)

    def healed(self, amount: int) -> tuple["HandsSheet", str] | None:
        """Damage drops by ``amount``; healed points join the pools at the next round start."""
        after = max(self.damage - amount, 0)
        if after == self.damage:
            return None
        healed = self.damage - after
        return replace(self, damage=after), (
            f"heals {healed} (damage {self.damage} → {after}; ready from the next round)"
        )

    def as_copy(self) -> "HandsSheet":
        """A copy starts with empty pools (they fill at the round start)."""
        return replace(self, ready=0, carry_over=0, used=0)

    def as_template(self) -> "HandsSheet":
        """Undamaged, pools empty."""
        return replace(self, damage=0, ready=0, carry_over=0, used=0)


register_sheet(HandsSheet)


def take_damage(sheet: HandsSheet, amount: int, *, ready_first: bool) -> tuple[HandsSheet, str]:
    """``sheet`` after ``amount`` damage and the change in words. Points the pools can no longer
    hold leave them ready, carry-over, used (``ready_first``) or used, carry-over, ready."""
    after = min(sheet.damage + amount, sheet.points_max)
    undamaged = sheet.points_max - after
    excess = max(sheet.pooled - undamaged, 0)
    pools = {"ready": sheet.ready, "carry_over": sheet.carry_over, "used": sheet.used}
    order = ("ready", "carry_over", "used") if ready_first else ("used", "carry_over", "ready")
    lost: list[str] = []
    for pool in order:
        taken = min(pools[pool], excess)
        if taken:
            pools[pool] -= taken
            excess -= taken
            lost.append(f"{taken} {pool.replace('_', '-')}")
    text = f"takes {amount} damage ({sheet.undamaged} → {undamaged} hit points"
    text += f"; loses {', '.join(lost)})" if lost else ")"
    if undamaged == 0 < sheet.undamaged:
        text += ": out"
    return replace(sheet, damage=after, **pools), text


sheet_of = sheet_reader(HandsSheet, "hands")
"""The combatant's ``hands`` sheet; ``RulesError`` if it carries another ruleset's."""


def with_sheet(combatant: Combatant, sheet: HandsSheet) -> Combatant:
    """The combatant carrying ``sheet``."""
    return replace(combatant, sheet=sheet)


def keep_pools(new: HandsSheet, old: HandsSheet, damage: int | None = None) -> HandsSheet:
    """``new`` (a sheet edited mid-fight) keeping ``old``'s pools and its damage (or
    ``damage``), trimmed to fit: damage to the new maximum, then used, carry-over and ready
    points to the undamaged ones."""
    damage = min(old.damage if damage is None else damage, new.points_max)
    excess = max(old.pooled - (new.points_max - damage), 0)
    pools = {"used": old.used, "carry_over": old.carry_over, "ready": old.ready}
    for pool, held in pools.items():
        taken = min(held, excess)
        pools[pool] -= taken
        excess -= taken
    return replace(new, damage=damage, **pools)
