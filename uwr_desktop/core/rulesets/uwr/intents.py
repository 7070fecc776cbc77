"""Intents of the ``uwr`` ruleset (besides the shared ones in ``core.intents``)."""

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated

import msgspec

from uwr_desktop.core.encounter import (
    Difficulty,
    InitiativeValue,
    Name,
    OptionalName,
    Successes,
    Text,
)
from uwr_desktop.core.intents import IdList, Intent
from uwr_desktop.core.limits import MAX_DICE, MAX_REROLLS
from uwr_desktop.core.rolls import DieIndex, Favor
from uwr_desktop.core.rulesets.uwr.sheet import WeaponIndex

ExtraDice = Annotated[int, msgspec.Meta(ge=-MAX_DICE, le=MAX_DICE)]
"""Dice added to a pool (negative: a penalty)."""

ExtraRerolls = Annotated[int, msgspec.Meta(ge=-MAX_REROLLS, le=MAX_REROLLS)]
"""Rerolls added to a pool (negative: taken away)."""

PoolDice = Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE)]
"""The dice of a free roll."""

PoolRerolls = Annotated[int, msgspec.Meta(ge=0, le=MAX_REROLLS)]
"""The rerolls of a free roll."""


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

    combatant_ids: IdList


class OverrideInitiative(Intent, frozen=True):
    """Type an initiative value over the roll (``None`` clears it; the roll is kept)."""

    combatant_id: Name
    value: InitiativeValue | None


class Attack(Intent, frozen=True):
    """Attack ``target_id`` with the attacker's weapon ``weapon`` (its index).

    ``favor``, ``extra_dice`` and ``extra_rerolls`` are situational modifiers on top of the
    weapon's pool; the attack spends one use of the weapon. ``below_one``: the GM says a die
    penalty may take the pool below 1 die (so may each check's).
    """

    attacker_id: Name
    weapon: WeaponIndex
    target_id: Name
    favor: Favor = 0
    extra_dice: ExtraDice = 0
    extra_rerolls: ExtraRerolls = 0
    below_one: bool = False


class Reroll(Intent, frozen=True):
    """Reroll failed dice of the pending check's action or reaction.

    ``indices`` are 0-based die positions; ``None`` rerolls every failed die the rerolls left
    allow, in rolling order. ``of_reaction``: ``False`` the action roll (its rerolls stay until
    the check is resolved, even after the target reacted), ``True`` the reaction, ``None`` the
    reaction once there is one, else the action.
    """

    indices: Annotated[Sequence[DieIndex], msgspec.Meta(max_length=MAX_DICE)] | None = None
    of_reaction: bool | None = None


class React(Intent, frozen=True):
    """The target of the pending attack dodges (Grace) or parries (Brawn, a melee weapon)."""

    reaction: Reaction
    weapon: WeaponIndex | None = None
    skill: OptionalName = ""
    favor: Favor = 0
    extra_dice: ExtraDice = 0
    extra_rerolls: ExtraRerolls = 0
    below_one: bool = False


class ResolveCheck(Intent, frozen=True):
    """Make the pending roll final and report the outcome."""


class DirectCheck(Intent, frozen=True):
    """A direct check: an attribute (plus a skill) against a difficulty in successes."""

    combatant_id: Name
    attribute: Name
    difficulty: Difficulty
    favor: Favor = 0
    skill: OptionalName = ""
    extra_dice: ExtraDice = 0
    extra_rerolls: ExtraRerolls = 0
    title: Text = ""
    below_one: bool = False


def modifiers_of(intent: Attack | React | DirectCheck) -> tuple[int, int, int]:
    """The situational modifiers of a check: favor, extra dice, extra rerolls."""
    return intent.favor, intent.extra_dice, intent.extra_rerolls


class OpposedCheck(Intent, frozen=True):
    """An opposed check between any two combatants: ``combatant_id`` rolls ``attribute`` (plus a
    skill), ``target_id`` rolls ``target_attribute`` (plus a skill) against it.

    Each side's successes cancel the other's; a tie goes to the target (the roll made second).
    Both rolls may be rerolled until the check is resolved. ``below_one``: die penalties may
    take either pool below 1 die.
    """

    combatant_id: Name
    attribute: Name
    target_id: Name
    target_attribute: Name
    skill: OptionalName = ""
    target_skill: OptionalName = ""
    favor: Favor = 0
    target_favor: Favor = 0
    extra_dice: ExtraDice = 0
    target_extra_dice: ExtraDice = 0
    extra_rerolls: ExtraRerolls = 0
    target_extra_rerolls: ExtraRerolls = 0
    title: Text = ""
    below_one: bool = False


class TypeResult(Intent, frozen=True):
    """The GM types the successes of the pending check's action (or reaction) over the roll;
    the dice stay recorded, the typed number counts when the check is resolved."""

    successes: Successes
    of_reaction: bool = False


class FreeRoll(Intent, frozen=True):
    """Roll any pool for a combatant (counted for successes, recorded with its faces).

    With a ``difficulty`` the roll passes or fails like a direct check.
    """

    combatant_id: Name
    dice: PoolDice
    favor: Favor = 0
    rerolls: PoolRerolls = 0
    title: Text = ""
    difficulty: Difficulty | None = None


class PrepareWeapon(Intent, frozen=True):
    """Start preparing an unprepared weapon with less than 1 use per round (Off Guard)."""

    combatant_id: Name
    weapon: WeaponIndex


class SetPrepared(Intent, frozen=True):
    """The GM marks a weapon prepared or not (stops any preparation under way)."""

    combatant_id: Name
    weapon: WeaponIndex
    prepared: bool


class OverrideWeaponType(Intent, frozen=True):
    """Use another UPR type for this weapon in this fight (``None`` restores its own)."""

    combatant_id: Name
    weapon: WeaponIndex
    upr_type: Name | None
