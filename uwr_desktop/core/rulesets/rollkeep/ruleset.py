"""The ``rollkeep`` ruleset: the round system's rules and views on the shared base."""

from uwr_desktop.core.encounter import Combatant, EncounterState, RulesetPart
from uwr_desktop.core.events import Event
from uwr_desktop.core.intents import Intent
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    DragAnswer,
    IntentOption,
    Resource,
    RollShown,
    TurnNow,
)
from uwr_desktop.core.rulesets.rollkeep import view
from uwr_desktop.core.rulesets.rollkeep.apply import apply_event
from uwr_desktop.core.rulesets.rollkeep.decide import Builder, decide_own, edit_own_cell, turn_now
from uwr_desktop.core.rulesets.rollkeep.events import EARLIER_TAGS
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of, turn_order
from uwr_desktop.core.rulesets.rollkeep.sheet import RULESET_ID
from uwr_desktop.core.rulesets.rollkeep.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.rollkeep.state import RollkeepPart, RollkeepSettings
from uwr_desktop.core.rulesets.round_system import RoundSystem
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot


class RollkeepRuleset(RoundSystem[RollkeepSettings]):
    """Roll-and-keep skirmishes: stances, one Initiative Score, delays and wound ranks."""

    id = RULESET_ID
    title = "Roll and keep (d10 XkY, stances, delay)"
    settings_type = RollkeepSettings
    fight = "the skirmish"
    refusal = "A roll-and-keep skirmish"
    earlier_tags = EARLIER_TAGS

    def check_sheet(self, combatant: Combatant) -> None:
        """A roll-and-keep sheet."""
        sheet_of(combatant)

    def first_part(self) -> RulesetPart:
        """Nobody rolled yet."""
        return RollkeepPart()

    def first_state(self, state: EncounterState) -> EncounterState:
        """Everyone in the table in the order given."""
        order = turn_order(state.combatants, state.rows, self.settings)
        return EncounterState(state.combatants, state.rows, order, part=state.part)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after ``event``."""
        return apply_event(state, event, self.settings)

    def decide_own(self, sink: Builder, intent: Intent) -> str | None:
        """Stances, turns, delays, attacks, ambushes, and newcomers rolling their score."""
        return decide_own(sink, intent)

    def edit_own_cell(self, sink: Builder, combatant: Combatant, key: str, value: object) -> str:
        """The stance, a typed Initiative Score, the wounds."""
        return edit_own_cell(sink, combatant, key, value)

    def describe_own(self, event: Event, state: EncounterState) -> str | None:
        """The skirmish's own words."""
        return view.describe(event, state)

    def own_rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        """Scores, roll-offs, ambushes, Full Defense, attacks and their damage."""
        return shown_rolls(event, state)

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        """Cards by score."""
        return view.timeline(state)

    def turn_now(self, state: EncounterState) -> TurnNow:
        """Whose turn it is, then the delayers the next turn is offered to, then the rest by
        score."""
        return turn_now(state)

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

    def own_cell(self, state: EncounterState, combatant: Combatant, key: str) -> CellValue:
        """Stance, score, Armor TN, wounds and their rank."""
        return view.own_cell(state, combatant, key)
