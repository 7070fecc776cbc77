"""The ``rollkeep`` ruleset: the round system's rules and views on the shared base."""

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rulesets.rollkeep import view
from uwr_desktop.core.rulesets.rollkeep.apply import apply_event
from uwr_desktop.core.rulesets.rollkeep.decide import decide_own, edit_own_cell, turn_now
from uwr_desktop.core.rulesets.rollkeep.events import EARLIER_TAGS
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of, turn_order
from uwr_desktop.core.rulesets.rollkeep.sheet import RULESET_ID
from uwr_desktop.core.rulesets.rollkeep.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.rollkeep.state import RollkeepPart, RollkeepSettings
from uwr_desktop.core.rulesets.round_system import RoundSystem


class RollkeepRuleset(RoundSystem[RollkeepSettings]):
    """Roll-and-keep skirmishes: stances, one Initiative Score, delays and wound ranks."""

    id = RULESET_ID
    title = "Roll and keep (d10 XkY, stances, delay)"
    settings_type = RollkeepSettings
    fight = "the skirmish"
    refusal = "A roll-and-keep skirmish"
    earlier_tags = EARLIER_TAGS
    starter_file = "rollkeep.toml"

    def check_sheet(self, combatant: Combatant) -> None:
        """A roll-and-keep sheet."""
        sheet_of(combatant)

    first_part = staticmethod(RollkeepPart)

    def first_state(self, state: EncounterState) -> EncounterState:
        """Everyone in the table in the order given."""
        order = turn_order(state.combatants, state.rows, self.settings)
        return EncounterState(state.combatants, state.rows, order, part=state.part)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after ``event``."""
        return apply_event(state, event, self.settings)

    decide_own = staticmethod(decide_own)
    edit_own_cell = staticmethod(edit_own_cell)
    describe_own = staticmethod(view.describe)
    own_rolls = staticmethod(shown_rolls)
    timeline = staticmethod(view.timeline)
    turn_now = staticmethod(turn_now)
    timeline_axis = staticmethod(view.timeline_axis)
    resources = staticmethod(view.resources)
    legal_intents = staticmethod(view.legal_intents)
    drag_answer = staticmethod(view.drag_answer)
    columns = staticmethod(view.columns)
    own_cell = staticmethod(view.own_cell)
