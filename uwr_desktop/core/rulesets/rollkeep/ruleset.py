"""The ``rollkeep`` ruleset: the round system's rules and views on the shared base."""

from uwr_desktop.core.rulesets import kit
from uwr_desktop.core.rulesets.rollkeep import view
from uwr_desktop.core.rulesets.rollkeep.apply import APPLIERS, after_shared, ordered
from uwr_desktop.core.rulesets.rollkeep.decide import (
    decide_own,
    edit_own_cell,
    next_refusal,
    next_turn,
    start_fight,
    turn_now,
)
from uwr_desktop.core.rulesets.rollkeep.events import EARLIER_TAGS
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import RULESET_ID
from uwr_desktop.core.rulesets.rollkeep.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.rollkeep.state import RollkeepPart, RollkeepSettings


class RollkeepRuleset(kit.ViewsFromModule, kit.RoundSystem[RollkeepSettings]):
    """Roll-and-keep skirmishes: stances, one Initiative Score, delays and wound ranks."""

    id = RULESET_ID
    title = "Roll and keep (d10 XkY, stances, delay)"
    fight = "the skirmish"
    refusal = "A roll-and-keep skirmish"
    earlier_tags = EARLIER_TAGS
    starter_file = "rollkeep.toml"
    own_appliers = APPLIERS
    no_event = "a roll-and-keep skirmish has"
    sheet_of = staticmethod(sheet_of)
    views = view
    own_columns = view.OWN_COLUMNS

    first_part = staticmethod(RollkeepPart)

    def ordered(self, state: kit.EncounterState) -> kit.EncounterState:
        """The turn order the Initiative Scores give."""
        return ordered(state, self.settings)

    def after_shared(self, state: kit.EncounterState, event: kit.Event) -> kit.EncounterState:
        """What a turn's start or end changes, then the turn order."""
        return self.ordered(after_shared(state, event))

    def apply_own(self, state: kit.EncounterState, event: kit.Event) -> kit.EncounterState:
        """A stage, stance, score, delay, Full Defense or attack, then the turn order."""
        return self.ordered(super().apply_own(state, event))

    start_fight = staticmethod(start_fight)
    next_turn = staticmethod(next_turn)
    next_refusal = staticmethod(next_refusal)
    decide_own = staticmethod(decide_own)
    edit_own_cell = staticmethod(edit_own_cell)
    own_rolls = staticmethod(shown_rolls)
    turn_now = staticmethod(turn_now)
    own_cell = staticmethod(view.own_cell)
