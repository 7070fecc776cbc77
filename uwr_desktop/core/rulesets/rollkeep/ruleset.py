"""The ``rollkeep`` ruleset: the protocol's members, delegating to the modules of the package."""

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import Event, convert
from uwr_desktop.core.intents import Intent, RulesError
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    Decision,
    DragAnswer,
    FirstShape,
    IntentOption,
    Resource,
    RollShown,
)
from uwr_desktop.core.rulesets.rollkeep import view
from uwr_desktop.core.rulesets.rollkeep.apply import apply_event
from uwr_desktop.core.rulesets.rollkeep.decide import decide
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of, turn_order
from uwr_desktop.core.rulesets.rollkeep.sheet import RULESET_ID
from uwr_desktop.core.rulesets.rollkeep.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.rollkeep.state import RollkeepPart, RollkeepSettings
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot


class RollkeepRuleset(FirstShape):
    """Roll-and-keep skirmishes: stances, one Initiative Score, delays and wound ranks."""

    id = RULESET_ID
    title = "Roll and keep (d10 XkY, stances, delay)"

    def __init__(self, settings: RollkeepSettings) -> None:
        """A ruleset with ``settings`` in force."""
        self._settings = settings

    @property
    def settings(self) -> RollkeepSettings:
        """The house rules in force."""
        return self._settings

    def initial_state(self, roster: Sequence[Combatant]) -> EncounterState:
        """Everyone in the table in the order given; nobody rolled yet."""
        combatants: dict[str, Combatant] = {}
        for combatant in roster:
            sheet_of(combatant)
            if combatant.id in combatants:
                raise RulesError(f"Two combatants have the id {combatant.id!r}")
            combatants[combatant.id] = combatant
        rows = tuple(combatants)
        return EncounterState(
            combatants=combatants,
            rows=rows,
            order=turn_order(combatants, rows, self._settings),
            part=RollkeepPart(),
        )

    def decide(self, state: EncounterState, intent: Intent, roller: Roller) -> Decision:
        """Check ``intent`` and roll what it needs."""
        return decide(state, intent, roller, self._settings)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after ``event``."""
        return apply_event(state, event, self._settings)

    def describe(self, event: Event, state: EncounterState) -> str:
        """One log line."""
        return view.describe(event, state)

    def rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        """The rolls ``event`` made; ``state`` is the state just before it."""
        return common.shared_rolls(event, state) or shown_rolls(event, state)

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        """Cards by score."""
        return view.timeline(state)

    def timeline_axis(self, state: EncounterState) -> TimelineAxis:
        """The score axis."""
        return view.timeline_axis(state)

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        """Stance, Armor TN, wounds."""
        return view.resources(state, combatant_id)

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        """What the combatant may do now."""
        return view.legal_intents(state, combatant_id)

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        """A drag later is a delay."""
        return view.drag_answer(state, slot_key, new_index)

    def columns(self, state: EncounterState) -> tuple[Column, ...]:
        """The table's columns."""
        return view.columns(state)

    def cell_value(self, state: EncounterState, combatant_id: str, column_key: str) -> CellValue:
        """One cell."""
        return view.cell_value(state, combatant_id, column_key)

    def edit_intent(self, combatant_id: str, column_key: str, value: object) -> Intent:
        """The intent setting one cell."""
        return view.edit_intent(combatant_id, column_key, value)


def make_rollkeep(settings: Mapping[str, Any] | None = None) -> RollkeepRuleset:
    """The ruleset with ``settings`` (missing ones at their defaults)."""
    try:
        chosen = convert(dict(settings or {}), RollkeepSettings)
    except (msgspec.ValidationError, TypeError, ValueError) as error:
        raise RulesError(f"Bad rollkeep settings: {error}") from None
    return RollkeepRuleset(chosen)
