"""The ``uwr`` rules as plain functions: settings, pools, Uses Per Round and turn order."""

import math
from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from uwr_desktop.core.dice import DiceError, PoolRoll, PoolSpec
from uwr_desktop.core.encounter import Combatant, EncounterState, Name
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_UPR_ADJUSTMENT, MAX_UPR_DIVISOR, MAX_UPR_USES
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets.base import ConditionPreset
from uwr_desktop.core.rulesets.uwr.sheet import Weapon, WeaponPool, sheet_of
from uwr_desktop.core.rulesets.uwr.upr import (
    UprError,
    UprTable,
    UprType,
    default_upr_table,
    uses_per_round,
)


class UprTypeSetting(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A UPR type the GM added for this encounter."""

    name: Name
    divisor: Annotated[int, msgspec.Meta(ge=1, le=MAX_UPR_DIVISOR)]
    adjustment: Annotated[int, msgspec.Meta(ge=-MAX_UPR_ADJUSTMENT, le=MAX_UPR_ADJUSTMENT)] = 0
    max_uses: Annotated[int, msgspec.Meta(ge=1, le=MAX_UPR_USES)] | None = None


class UwrSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """House rules of a ``uwr`` encounter.

    ``lowest_threshold``: the lowest face that can succeed (2: a 1 always fails).
    ``initiative_tie``: ``"roll_off"`` (d6 roll-off within a side) or ``"table_order"`` (the
    earlier row wins). ``upr_recompute``: ``"next_round"`` (pool changes count from the next
    round) or ``"at_once"``. ``parry_spends_use``: a parry spends a use of the parrying weapon.
    ``uncontested_zero_wins``: an uncontested action with 0 successes still wins.
    ``penalty_below_one``: a die penalty may take any pool below 1 die (off: only when the GM
    says so for the roll).
    ``extra_upr_types``: UPR types added to the shipped table.
    """

    lowest_threshold: Annotated[
        int,
        msgspec.Meta(
            ge=2,
            le=6,
            title="Lowest face that can succeed",
            description="However much favor a roll has, a die needs at least this face to "
            "succeed (rules: 2, so a 1 always fails).",
        ),
    ] = 2
    initiative_tie: Annotated[
        Literal["roll_off", "table_order"],
        msgspec.Meta(
            title="Initiative ties within a side",
            description="Roll off: tied combatants of one side roll a d6 roll-off (rules). "
            "Table order: the one higher in the table acts first.",
        ),
    ] = "roll_off"
    upr_recompute: Annotated[
        Literal["next_round", "at_once"],
        msgspec.Meta(
            title="Uses Per Round follow a pool change",
            description="Next round: a weapon's uses change from the next round when its pool "
            "changes (rules). At once: they change as soon as the pool does.",
        ),
    ] = "next_round"
    uncontested_zero_wins: Annotated[
        bool,
        msgspec.Meta(
            title="An uncontested attack with 0 successes hits",
            description="Off (rules): an attack nobody dodges or parries that rolled no "
            "success has none left to win with, and misses. On: it still wins by default.",
        ),
    ] = False
    parry_spends_use: Annotated[
        bool,
        msgspec.Meta(
            title="A parry spends a use of the parrying weapon",
            description="A combatant out of uses can only dodge, so a parry uses up one use "
            "of its melee weapon this round.",
        ),
    ] = True
    penalty_below_one: Annotated[
        bool,
        msgspec.Meta(
            title="A penalty may take a pool below 1 die",
            description="Off (rules): a die penalty leaves a pool at least 1 die unless the GM "
            "says so for that roll. On: every penalty counts in full, down to no dice.",
        ),
    ] = False
    extra_upr_types: Annotated[
        tuple[UprTypeSetting, ...],
        msgspec.Meta(
            title="Extra UPR types",
            description="Uses Per Round types added to the shipped table for this fight.",
        ),
    ] = ()


def upr_table(settings: UwrSettings) -> UprTable:
    """The shipped UPR table plus the encounter's extra types."""
    table = default_upr_table()
    for extra in settings.extra_upr_types:
        try:
            table = table.with_type(
                UprType(extra.name, extra.divisor, extra.adjustment, extra.max_uses)
            )
        except UprError as error:
            raise RulesError(str(error)) from None
    return table


def attribute_dice(value: Fraction) -> int:
    """Dice an attribute gives: its whole part."""
    return math.floor(value)


def half_reroll(value: Fraction) -> int:
    """The reroll an attribute ending in .5 gives."""
    return 0 if value.denominator == 1 else 1


def weapon_attribute(weapon: Weapon) -> str:
    """The attribute governing a weapon's pool."""
    return "brawn" if weapon.pool is WeaponPool.MELEE else "grace"


def weapon_pool_dice(combatant: Combatant, weapon: Weapon) -> int:
    """Dice of the weapon's governing pool: the attribute's whole part plus the skill's rank."""
    attribute = getattr(sheet_of(combatant).attributes, weapon_attribute(weapon))
    skill = sheet_of(combatant).skill(weapon.skill) if weapon.skill else None
    return attribute_dice(attribute) + (skill.rank if skill else 0)


OFF_GUARD = "Off Guard"
"""The condition (and the state of a combatant preparing a weapon) that costs 1 favor."""

OFF_GUARD_PRESET = "off_guard"
"""The Off Guard preset's key."""


PRESETS = (
    ConditionPreset(
        OFF_GUARD_PRESET,
        OFF_GUARD,
        "Disadvantage: -1 favor on its attack and dodge checks and no shield defence; it may "
        "still dodge. Preparing a slow weapon makes a combatant Off Guard by itself.",
    ),
)
"""The named conditions of the uwr rules."""


def is_off_guard(combatant: Combatant) -> bool:
    """Off Guard: preparing a weapon, or marked with the Off Guard preset (or, without a
    preset, a condition named Off Guard); either way its attack and dodge checks take -1
    favor."""
    return sheet_of(combatant).off_guard or any(
        condition.stands_for(OFF_GUARD_PRESET, OFF_GUARD) for condition in combatant.conditions
    )


def weapon_uses(combatant: Combatant, weapon: Weapon, table: UprTable) -> tuple[Fraction, int]:
    """The weapon's UPR value from the current pool, and the uses it gives this round."""
    try:
        value = uses_per_round(weapon_pool_dice(combatant, weapon), weapon.effective_type, table)
    except UprError as error:
        raise RulesError(f"{combatant.name}'s {weapon.name}: {error}") from None
    if value >= 1:
        return value, int(value)
    return value, 1 if value > 0 and weapon.prepared else 0


def check_types(combatant: Combatant, table: UprTable) -> None:
    """Refuse a combatant whose weapons name unknown UPR types."""
    for weapon in sheet_of(combatant).weapons:
        weapon_uses(combatant, weapon, table)


def pool_spec(
    dice: int,
    favor: int,
    rerolls: int,
    settings: UwrSettings,
    *,
    extra_dice: int = 0,
    below_one: bool = False,
) -> PoolSpec:
    """A pool spec for ``dice`` plus ``extra_dice``; a die penalty never takes a pool below 1
    die (and never gives a die to a pool of none) unless the GM says so for this roll
    (``below_one``) or always (the ``penalty_below_one`` setting): then it counts in full,
    down to no dice."""
    if below_one or settings.penalty_below_one:
        total = max(dice + extra_dice, 0)
    else:
        total = max(dice + extra_dice, min(dice, 1))
    try:
        return PoolSpec(total, favor, rerolls, settings.lowest_threshold)
    except DiceError as error:
        raise RulesError(str(error)) from None


def roll_of(record: RollRecord) -> PoolRoll:
    """Rebuild a recorded roll with its rerolls; a record that does not fit raises RulesError."""
    if record.kind is not DiceKind.POOL:
        raise RulesError(f"a uwr check rolls a d6 pool, not a {record.kind} roll")
    try:
        roll = record.pool()
    except DiceError as error:
        raise RulesError(f"a recorded roll does not fit the dice rules: {error}") from None
    return roll


def tied_groups(state: EncounterState, settings: UwrSettings) -> list[list[str]]:
    """Groups of combatants whose initiative and side tie without a settled roll-off."""
    if settings.initiative_tie != "roll_off":
        return []
    groups: dict[tuple[int, int], list[str]] = {}
    for cid in state.rows:
        combatant = state.combatants[cid]
        initiative = sheet_of(combatant).initiative
        if initiative is not None:
            key = (initiative.value, combatant.side.tie_rank)
            groups.setdefault(key, []).append(cid)
    unsettled = []
    for members in groups.values():
        if len(members) < 2:
            continue
        breaks = [sheet_of(state.combatants[cid]).initiative.tiebreak for cid in members]  # type: ignore[union-attr]
        if any(not b for b in breaks) or len(set(breaks)) < len(breaks):
            unsettled.append(members)
    return unsettled
