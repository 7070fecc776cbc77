"""Editing ``tactical`` combatants' table cells: the sheet's numbers and the base initiative,
bounded (hits by the combatant's own maximum), as events."""

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import CombatantsUpdated, CombatantUpdate, convert, to_builtins
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.base import Column
from uwr_desktop.core.rulesets.common import Bounded, column_at_most
from uwr_desktop.core.rulesets.tactical import events, rules
from uwr_desktop.core.rulesets.tactical.decide import Builder
from uwr_desktop.core.rulesets.tactical.sheet import (
    BASE_INITIATIVE,
    SHEET_CELLS,
    TacticalSheet,
    sheet_of,
)
from uwr_desktop.core.rulesets.tactical.state import Phase


def _cell_bound(combatant: Combatant, key: str) -> Bounded:
    """A sheet number's bounds for this combatant: hits at most its maximum."""
    bounds = SHEET_CELLS[key][1]
    return bounds.at_most(sheet_of(combatant).hits_max) if key == "hits" else bounds


def cell_column(state: EncounterState, combatant_id: str, column: Column) -> Column:
    """``column`` with the combatant's own bound on its hits."""
    if column.key != "hits":
        return column
    return column_at_most(column, _cell_bound(state.combatants[combatant_id], "hits").high)


def edit_own_cell(sink: Builder, combatant: Combatant, key: str, value: object) -> str:
    """Set one ``tactical`` cell: the sheet's numbers or the base initiative."""
    sheet = sheet_of(combatant)
    if key == "initiative":
        return _set_initiative(sink, combatant, value)
    elif key in SHEET_CELLS:
        label = SHEET_CELLS[key][0]
        number = _cell_bound(combatant, key).read(value)
        try:
            new_sheet = _checked(replace(sheet, **{key: number}))
        except ValueError as error:
            raise RulesError(f"{label}: {error}") from None
        updated = replace(combatant, sheet=new_sheet)
        text = f"{label.lower()} {getattr(sheet, key)} → {number}"
    else:
        raise RulesError(f"The column {key!r} cannot be edited")
    sink.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
    return f"{combatant.name}: {text}"


def _checked(sheet: TacticalSheet) -> TacticalSheet:
    """``sheet`` as the decoder would check it (bounds and hits within their maximum)."""
    checked: TacticalSheet = convert(to_builtins(sheet), TacticalSheet)
    return checked


def _set_initiative(b: Builder, combatant: Combatant, value: object) -> str:
    if b.state.phase == Phase.RESOLUTION:
        raise RulesError("Base initiative changes between rounds, not during the countdown")
    base = None if value in (None, "") else BASE_INITIATIVE.read(value)
    sheet = sheet_of(combatant)
    action = sheet.now.action
    moved = None
    if action is not None and b.state.phase == Phase.INITIATIVE:
        # An action carried into the round resolves from the base the round starts with.
        new_base = replace(sheet, initiative_override=base).base or 0
        moved = rules.carried(action, new_base, sheet.now.ap)
    b.add(events.InitiativeSet(combatant.id, base, moved))
    words = "back to the roll" if base is None else f"base initiative {base}"
    return f"{combatant.name}: {words}"
