"""Editing ``uwr`` combatants: table cells and whole sheets, validated, as events."""

from fractions import Fraction

from msgspec.structs import replace

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import CombatantsUpdated, CombatantUpdate
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.base import Column
from uwr_desktop.core.rulesets.common import (
    GENERIC_CELLS,
    Bounded,
    check_renaming,
    column_at_most,
    edited_cell,
    need,
    with_fields_of,
)
from uwr_desktop.core.rulesets.uwr.decide import Builder, override_initiative, recompute_now
from uwr_desktop.core.rulesets.uwr.rules import weapon_uses
from uwr_desktop.core.rulesets.uwr.sheet import (
    ATTRIBUTE_NAMES,
    HEALTH_FIELDS,
    TYPED_INITIATIVE,
    check_attribute,
    format_half,
    sheet_of,
    with_sheet,
)
from uwr_desktop.core.rulesets.uwr.state import Phase


def parse_half(label: str, value: object) -> Fraction:
    """An exact number from an int, a Fraction, a float or text like ``"3.5"``."""
    try:
        if isinstance(value, bool):
            raise TypeError
        if isinstance(value, int | Fraction):
            return Fraction(value)
        if isinstance(value, float | str):
            return Fraction(str(value).strip())
    except (TypeError, ValueError, ZeroDivisionError):
        pass
    raise RulesError(f"{label} must be a number like 3 or 3.5, got {value!r}")


CURRENT_HEALTH = frozenset({"vitality", "stamina"})
"""The health numbers a combatant's own maximum bounds."""


def current_health_bound(combatant: Combatant, key: str) -> Bounded:
    """The bounds of a current health number (``"vitality"``, ``"stamina"``): at most the
    combatant's maximum of it."""
    return HEALTH_FIELDS[key].at_most(getattr(sheet_of(combatant), f"{key}_max"))


def cell_column(state: EncounterState, combatant_id: str, column: Column) -> Column:
    """``column`` with the combatant's own bound on a current health number."""
    if column.key not in CURRENT_HEALTH:
        return column
    return column_at_most(
        column, current_health_bound(state.combatants[combatant_id], column.key).high
    )


def _edited(combatant: Combatant, key: str, value: object) -> tuple[Combatant, str]:
    """The combatant with one field changed, and the change in words."""
    if key in GENERIC_CELLS:
        return edited_cell(combatant, key, value)
    sheet = sheet_of(combatant)
    if key in ATTRIBUTE_NAMES:
        half = parse_half(key.capitalize(), value)
        try:
            check_attribute(key, half)
        except ValueError as error:
            raise RulesError(str(error)) from None
        before = getattr(sheet.attributes, key)
        attributes = replace(sheet.attributes, **{key: half})
        text = f"{key.capitalize()} {format_half(before)} → {format_half(half)}"
        return with_sheet(combatant, replace(sheet, attributes=attributes)), text
    if key in CURRENT_HEALTH:
        field = HEALTH_FIELDS[key]
        number = current_health_bound(combatant, key).read(value)
        text = f"{field.label} {getattr(sheet, key)} → {number}"
        return with_sheet(combatant, replace(sheet, **{key: number})), text
    if key in {"vitality_max", "stamina_max"}:
        field = HEALTH_FIELDS[key]
        number = field.read(value)
        current = key.removesuffix("_max")
        changes = {key: number, current: min(getattr(sheet, current), number)}
        text = f"{field.label} {getattr(sheet, key)} → {number}"
        return with_sheet(combatant, replace(sheet, **changes)), text
    raise RulesError(f"The column {key!r} cannot be edited")


def edit_cell(builder: Builder, roller: Roller, combatant_id: str, key: str, value: object) -> str:
    """Set one cell; the initiative cell types an override over the roll."""
    combatant = need(builder.state, combatant_id)
    if key == "initiative":
        blank = value is None or (isinstance(value, str) and not value.strip())
        number = None if blank else TYPED_INITIATIVE.read(value)
        return override_initiative(builder, combatant_id, number, roller)
    updated, text = _edited(combatant, key, value)
    check_renaming(builder.state, combatant, updated.name)
    if updated == combatant:
        raise RulesError(f"{combatant.name}: nothing changed")
    if key in ATTRIBUTE_NAMES:
        updated = recompute_now(updated, builder.table, builder.settings)
    builder.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
    return f"{combatant.name}: {text}"


def _with_new_weapon_uses(combatant: Combatant, known: set[str], builder: Builder) -> Combatant:
    """With "recompute at once", a weapon added mid-fight gets its uses for the round under way
    now, as a newcomer's weapons do (otherwise at the next round start, as a pool change)."""
    sheet = sheet_of(combatant)
    weapons = []
    for weapon in sheet.weapons:
        if weapon.name.casefold() in known or weapon.upr is not None:
            weapons.append(weapon)
            continue
        value, count = weapon_uses(combatant, weapon, builder.table)
        weapons.append(replace(weapon, upr=value, uses_max=count, uses_left=count))
    return with_sheet(combatant, replace(sheet, weapons=tuple(weapons)))


KEPT_OF_WEAPONS = (
    "prepared",
    "upr",
    "uses_max",
    "uses_left",
    "preparing_left",
    "preparing_since",
)
"""What a weapon of an edited sheet keeps of the weapon of the same name it replaces."""


def replace_sheet(builder: Builder, new: Combatant) -> str:
    """Replace a combatant's sheet, keeping its fight state (initiative, weapon uses).

    A weapon whose prepared mark the sheet changes is marked so, as with Set Prepared: its
    preparation stops, and a weapon below one use a round gets this round's use or loses it.
    """
    old = need(builder.state, new.id)
    check_renaming(builder.state, old, new.name)
    old_sheet, new_sheet = sheet_of(old), sheet_of(new)
    by_name = {weapon.name.casefold(): weapon for weapon in old_sheet.weapons}
    weapons = []
    for weapon in new_sheet.weapons:
        before = by_name.get(weapon.name.casefold())
        if before is None:
            weapons.append(weapon)
            continue
        kept = with_fields_of(weapon, before, KEPT_OF_WEAPONS)
        if weapon.prepared != before.prepared:
            kept = replace(kept, prepared=weapon.prepared, preparing_left=0, preparing_since=0)
            if kept.upr is not None and 0 < kept.upr < 1:
                count = 1 if weapon.prepared else 0
                kept = replace(kept, uses_max=count, uses_left=count)
        weapons.append(kept)
    updated = with_sheet(
        new, replace(new_sheet, weapons=tuple(weapons), initiative=old_sheet.initiative)
    )
    for weapon in sheet_of(updated).weapons:
        weapon_uses(updated, weapon, builder.table)
    if builder.state.phase == Phase.ROUND and builder.settings.upr_recompute == "at_once":
        updated = _with_new_weapon_uses(updated, set(by_name), builder)
    updated = recompute_now(updated, builder.table, builder.settings)
    if updated == old:
        raise RulesError(f"{old.name}: nothing changed")
    builder.add(CombatantsUpdated((CombatantUpdate(updated, "sheet edited"),)))
    return f"Edit {updated.name}"
