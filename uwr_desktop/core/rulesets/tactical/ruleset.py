"""The ``tactical`` ruleset: action points and a countdown of declared actions.

Decisions the rules leave open, and how they are taken here (see ``docs/rulesets.md``):

* "Next" stops on every count where an action completes, someone's actual initiative comes or
  someone waiting lets another AP go by; it will not pass a count whose actions are not
  resolved. A combatant who lets counts go by without declaring loses one AP for every full 5
  counts past its actual initiative.
* Movement costs no AP: it records the round's fastest pace, whose penalty applies to the
  other actions of the round.
* An instantaneous action costing 1 AP while an action is under way makes that action resolve
  5 counts later (it resolves at base + 5 x AP left).
* Only a round-to-round action (above 4 AP) has progress to keep when interrupted.
* The stun rule looks at the latest stun of the round: a stun effect ticks at upkeep unless the
  latest stun this round hit after 2 AP or more had been spent.
"""

from collections.abc import Sequence
from typing import Any

from uwr_desktop.core.rulesets import kit
from uwr_desktop.core.rulesets.earlier_health import (
    RawSheet,
    least_maximum,
    with_sheet_upgraded,
)
from uwr_desktop.core.rulesets.tactical import decide as steps
from uwr_desktop.core.rulesets.tactical import edit, lanes, rules, view
from uwr_desktop.core.rulesets.tactical.apply import APPLIERS
from uwr_desktop.core.rulesets.tactical.events import EARLIER_TAGS
from uwr_desktop.core.rulesets.tactical.intents import (
    TacticalDeclare,
    TacticalEditCatalog,
    TacticalInterrupt,
    TacticalMove,
    TacticalParry,
    TacticalRemoveCounter,
    TacticalResolve,
    TacticalSetCounter,
    TacticalShorten,
)
from uwr_desktop.core.rulesets.tactical.settings import TacticalSettings, upgrade_settings
from uwr_desktop.core.rulesets.tactical.sheet import MAX_HITS, sheet_of
from uwr_desktop.core.rulesets.tactical.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.tactical.state import NO_PART, part_of
from uwr_desktop.core.rulesets.tactical.upkeep import PRESETS


def _some_hits(sheet: RawSheet) -> RawSheet | None:
    """A sheet of no hits out of 0 given the least maximum allowed."""
    return least_maximum(sheet, "hits_max", "hits", MAX_HITS.low)


class TacticalRuleset(kit.RoundSystem[TacticalSettings]):
    """The ``tactical`` ruleset with its settings; see :class:`~.base.Ruleset`."""

    id = "tactical"
    title = "Tactical (action points, declare and resolve on a countdown)"
    refusal = "The tactical rules"
    earlier_tags = EARLIER_TAGS
    presets = PRESETS
    starter_file = "tactical.toml"
    own_appliers = APPLIERS
    no_event = "the tactical rules have"
    kept_fields = ("initiative", "initiative_override", "now", "progress")
    """An edited sheet's statistics change; its rolls and round stay."""
    sheet_of = staticmethod(sheet_of)

    def first_part(self) -> kit.RulesetPart:
        """The shipped catalog, no count yet."""
        return NO_PART

    def next_refusal(self, state: kit.EncounterState, *, end_round: bool) -> str | None:
        """Before the fight; actions due on the count still to resolve; to end the round, an
        action that should still resolve in it."""
        return steps.next_refusal(state, self.settings.tie_order, end_round=end_round)

    def start_fight(self, sink: steps.Builder) -> str:
        """Base initiative rolled for whoever has none, and round 1."""
        return steps.start_fight(sink, sink.roller)

    def next_turn(self, sink: steps.Builder, *, end_round: bool) -> str:
        """The countdown's next stop, the upkeep or the next round; with ``end_round`` the
        upkeep at once."""
        return steps.next_step(sink, sink.roller, end_round=end_round)

    def decide_own(self, sink: steps.Builder, intent: kit.Intent) -> str | None:
        """Declarations and their resolution, movement, parries, the catalog, counters, and
        conditions with the stun rules."""
        match intent:
            case TacticalDeclare():
                return steps.declare(sink, intent)
            case TacticalResolve(combatant_ids=ids):
                return steps.resolve(sink, list(ids))
            case TacticalShorten(combatant_id=cid, ap=ap):
                return steps.shorten(sink, cid, ap)
            case TacticalInterrupt(combatant_id=cid, keep_progress=keep):
                return steps.interrupt(sink, cid, keep)
            case TacticalMove(combatant_id=cid, pace=pace, mode=mode):
                return steps.move(sink, cid, pace, mode)
            case TacticalParry(combatant_id=cid, amount=amount, against=against):
                return steps.parry(sink, cid, amount, against)
            case TacticalEditCatalog(actions=actions, paces=paces):
                return steps.edit_catalog(sink, actions, paces)
            case TacticalSetCounter(name=name, value=value, step=step):
                return steps.set_counter(sink, name, value, step)
            case TacticalRemoveCounter(name=name):
                return steps.remove_counter(sink, name)
            case kit.AddCondition(combatant_ids=ids, condition=condition):
                return steps.add_condition(sink, list(ids), condition)
        return None

    def joined(self, sink: steps.Builder, ids: Sequence[str]) -> None:
        """Newcomers during a fight roll their base initiative at once."""
        steps.joined(sink, ids)

    edit_own_cell = staticmethod(edit.edit_own_cell)
    cell_column = staticmethod(edit.cell_column)
    describe_own = staticmethod(view.describe)
    own_rolls = staticmethod(shown_rolls)

    def timeline(self, state: kit.EncounterState) -> tuple[kit.TimelineSlot, ...]:
        """Each combatant's next declaration and each declared action, highest count first."""
        return lanes.timeline(state, self.settings)

    def turn_step(self, state: kit.EncounterState) -> str:
        """The count the countdown stands on."""
        return rules.turn_step(state)

    def turn_now(self, state: kit.EncounterState) -> kit.TurnNow:
        """Who acts on the count now, then at the countdown's later stops."""
        return rules.turn_now(state, self.settings.tie_order)

    timeline_axis = staticmethod(lanes.axis)
    resources = staticmethod(view.resources)

    def legal_intents(
        self, state: kit.EncounterState, combatant_id: str
    ) -> tuple[kit.IntentOption, ...]:
        """Resolve, declare from the catalog or interrupt, as the count allows."""
        return view.legal_intents(state, combatant_id, self.settings)

    def drag_answer(
        self, state: kit.EncounterState, slot_key: str, new_index: int
    ) -> kit.DragAnswer:
        """A declared action dropped among the cards: its resolve count goes there."""
        return lanes.drag_answer(state, slot_key, new_index, self.settings)

    drag_answer_at = staticmethod(lanes.drag_to_count)

    def columns(self, state: kit.EncounterState) -> tuple[kit.Column, ...]:
        """The table columns."""
        return view.COLUMNS

    def own_cell(
        self, state: kit.EncounterState, combatant: kit.Combatant, key: str
    ) -> kit.CellValue:
        """AP left, the action under way, penalties, pace and the sheet's numbers."""
        return view.own_cell(combatant, key, part_of(state).count)

    def upgrade_combatant(self, raw: Any, schema: int) -> Any:
        """A combatant of an earlier schema: up to schema 4, no hits out of a maximum of 0
        become no hits out of the least maximum allowed."""
        return with_sheet_upgraded(raw, schema, _some_hits)

    def upgrade_settings(self, raw: Any, schema: int) -> Any:
        """Settings of an earlier schema: a missing interruption setting meant "ask"."""
        return upgrade_settings(raw, schema) if isinstance(raw, dict) else raw
