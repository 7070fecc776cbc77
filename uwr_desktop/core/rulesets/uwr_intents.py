"""Intents of the ``uwr`` ruleset (besides the shared ones in ``core.intents``)."""

from collections.abc import Sequence
from enum import StrEnum

from uwr_desktop.core.intents import Intent


class Reaction(StrEnum):
    """How a target answers an attack."""

    DODGE = "dodge"
    PARRY = "parry"


DIFFICULTY_PRESETS: dict[str, tuple[int, int]] = {
    "Easy": (1, 1),
    "Normal": (1, 0),
    "Difficult": (2, 0),
    "Extreme": (3, 0),
}
"""Direct-check presets from the rules: name -> (successes needed, favor)."""


class RollInitiative(Intent, frozen=True):
    """Roll (or reroll) initiative for the given combatants: the sum of Grace d6."""

    combatant_ids: Sequence[str]


class OverrideInitiative(Intent, frozen=True):
    """Type an initiative value over the roll (``None`` clears it; the roll is kept)."""

    combatant_id: str
    value: int | None


class Attack(Intent, frozen=True):
    """Attack ``target_id`` with the attacker's weapon ``weapon`` (its index).

    ``favor``, ``extra_dice`` and ``extra_rerolls`` are situational modifiers on top of the
    weapon's pool; the attack spends one use of the weapon.
    """

    attacker_id: str
    weapon: int
    target_id: str
    favor: int = 0
    extra_dice: int = 0
    extra_rerolls: int = 0


class Reroll(Intent, frozen=True):
    """Reroll failed dice of the pending roll (the reaction once there is one).

    ``indices`` are 0-based die positions; ``None`` rerolls every failed die the rerolls left
    allow, in rolling order.
    """

    indices: Sequence[int] | None = None


class React(Intent, frozen=True):
    """The target of the pending attack dodges (Grace) or parries (Brawn, a melee weapon)."""

    reaction: Reaction
    weapon: int | None = None
    skill: str = ""
    favor: int = 0
    extra_dice: int = 0
    extra_rerolls: int = 0


class ResolveCheck(Intent, frozen=True):
    """Make the pending roll final and report the outcome."""


class DirectCheck(Intent, frozen=True):
    """A direct check: an attribute (plus a skill) against a difficulty in successes."""

    combatant_id: str
    attribute: str
    difficulty: int
    favor: int = 0
    skill: str = ""
    extra_dice: int = 0
    extra_rerolls: int = 0
    title: str = ""


class FreeRoll(Intent, frozen=True):
    """Roll any pool for a combatant (counted for successes, recorded with its faces).

    With a ``difficulty`` the roll passes or fails like a direct check.
    """

    combatant_id: str
    dice: int
    favor: int = 0
    rerolls: int = 0
    title: str = ""
    difficulty: int | None = None


class PrepareWeapon(Intent, frozen=True):
    """Start preparing an unprepared weapon with less than 1 use per round (Off Guard)."""

    combatant_id: str
    weapon: int


class SetPrepared(Intent, frozen=True):
    """The GM marks a weapon prepared or not (stops any preparation under way)."""

    combatant_id: str
    weapon: int
    prepared: bool


class OverrideWeaponType(Intent, frozen=True):
    """Use another UPR type for this weapon in this fight (``None`` restores its own)."""

    combatant_id: str
    weapon: int
    upr_type: str | None
