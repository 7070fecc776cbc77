"""Table edits and sheets replaced mid-fight, for the ``hands`` ruleset."""

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import CombatantsUpdated, CombatantUpdate
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_COUNT, MAX_MODIFIER
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.hands.decide import Builder
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, keep_pools, sheet_of, with_sheet

NUMBER_CELLS = {
    "strength_bonus": ("Strength bonus", 0, MAX_COUNT),
    "max_points": ("Maximum hit points", 1, MAX_COUNT),
    "damage": ("Damage", 0, MAX_COUNT),
    "carry_plan": ("Carry-over kept", 0, MAX_COUNT),
    "bonus": ("Action bonus", -MAX_MODIFIER, MAX_MODIFIER),
}
"""The sheet's editable numbers: label and bounds."""


def edited_sheet(sheet: HandsSheet, key: str, number: int) -> HandsSheet:
    """``sheet`` with one number set; the pools shrink to fit what is left undamaged."""
    label, low, high = NUMBER_CELLS[key]
    if not low <= number <= high:
        raise RulesError(f"{label} must be {low} to {high}, got {number}")
    empty = replace(sheet, damage=0, ready=0, carry_over=0, used=0)
    if key == "damage":
        if number > sheet.points_max:
            raise RulesError(f"Damage cannot pass the maximum of {sheet.points_max} hit points")
        return keep_pools(empty, sheet, number)
    return keep_pools(replace(empty, **{key: number}), sheet)


def edit_cell(builder: Builder, combatant_id: str, key: str, value: object) -> str:
    """Set one table cell."""
    combatant = common.need(builder.state, combatant_id)
    if key in common.GENERIC_CELLS:
        updated, text = common.edited_cell(combatant, key, value)
    elif key in NUMBER_CELLS:
        label = NUMBER_CELLS[key][0]
        number = common.parse_int(label, value)
        sheet = sheet_of(combatant)
        before = sheet.points_max if key == "max_points" else getattr(sheet, key)
        if number == before:
            raise RulesError(f"{combatant.name}'s {label.lower()} is already {number}")
        updated = with_sheet(combatant, edited_sheet(sheet, key, number))
        text = f"{label.lower()} {before} → {number}"
    else:
        raise RulesError(f"The column {key!r} cannot be edited")
    builder.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
    return f"{combatant.name}: {text}"


def replace_sheet(builder: Builder, combatant: Combatant) -> str:
    """A sheet edited in the dialog mid-fight keeps its damage and pools (trimmed to fit)."""
    old = common.need(builder.state, combatant.id)
    sheet = keep_pools(sheet_of(combatant), sheet_of(old))
    updated = with_sheet(combatant, sheet)
    builder.add(CombatantsUpdated((CombatantUpdate(updated, "sheet edited"),)))
    return f"Edit {combatant.name}"
