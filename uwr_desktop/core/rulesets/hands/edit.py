"""Table edits and sheets replaced mid-fight, for the ``hands`` ruleset."""

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import CombatantsUpdated, CombatantUpdate
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.common import Bounded
from uwr_desktop.core.rulesets.hands.decide import Builder
from uwr_desktop.core.rulesets.hands.rules import check_carry_plan
from uwr_desktop.core.rulesets.hands.sheet import (
    ACTION_BONUS,
    CARRY_PLAN,
    DAMAGE,
    MAX_POINTS,
    STRENGTH_BONUS,
    HandsSheet,
    keep_pools,
    sheet_of,
    with_sheet,
)

NUMBER_CELLS: dict[str, tuple[str, Bounded]] = {
    "strength_bonus": ("Strength bonus", STRENGTH_BONUS),
    "max_points": ("Maximum hit points", MAX_POINTS),
    "damage": ("Damage", DAMAGE),
    "carry_plan": ("Carry-over kept", CARRY_PLAN),
    "bonus": ("Action bonus", ACTION_BONUS),
}
"""The sheet's editable numbers: their name in the log and their bounds."""


def edited_sheet(sheet: HandsSheet, key: str, number: int) -> HandsSheet:
    """``sheet`` with one number set; the pools shrink to fit what is left undamaged."""
    empty = replace(sheet, damage=0, ready=0, carry_over=0, used=0)
    if key == "damage":
        if number > sheet.points_max:
            raise RulesError(f"Damage cannot pass the maximum of {sheet.points_max} hit points")
        return keep_pools(empty, sheet, number)
    return keep_pools(replace(empty, **{key: number}), sheet)


def edit_own_cell(sink: Builder, combatant: Combatant, key: str, value: object) -> str:
    """Set one ``hands`` table cell: the sheet's numbers."""
    if key in NUMBER_CELLS:
        label, bounds = NUMBER_CELLS[key]
        number = bounds.read(value)
        sheet = sheet_of(combatant)
        before = sheet.points_max if key == "max_points" else getattr(sheet, key)
        if number == before:
            raise RulesError(f"{combatant.name}'s {label.lower()} is already {number}")
        edited = edited_sheet(sheet, key, number)
        if key == "carry_plan":
            check_carry_plan(combatant.name, edited)
        updated = with_sheet(combatant, edited)
        text = f"{label.lower()} {before} → {number}"
    else:
        raise RulesError(f"The column {key!r} cannot be edited")
    sink.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
    return f"{combatant.name}: {text}"


def kept_in_fight(old: Combatant, new: Combatant) -> Combatant:
    """A sheet edited in the dialog mid-fight keeps its damage and pools (trimmed to fit)."""
    sheet = keep_pools(sheet_of(new), sheet_of(old))
    if sheet.carry_plan != sheet_of(old).carry_plan:
        check_carry_plan(new.name, sheet)
    return with_sheet(new, sheet)
