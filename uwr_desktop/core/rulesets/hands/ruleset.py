"""The ``hands`` ruleset: ready points, who declares first re-decided at every turn.

Decisions the rules leave open, and how they are taken here (see ``docs/rulesets.md``):

* The carry-over a combatant wants is kept on its sheet (``carry_plan``) and applied, within
  the rules' bound, at every round start; the default keeps none.
* The carry-over turn is one turn for everyone with carry-over points; a combatant who does
  not move in it loses that movement, and its points stay in place as its bonus.
* Surprise is set by the GM (or a drag on the timeline) for the turn under way.
* Close quarters is a pair the GM marks. Outreached pairs are shown; an attack that names
  its target is checked against the outreach rule (only at the outreacher's weapon, by
  interfering with its attack on the outreached one, unless that weapon is shorter).
* Damage past the undamaged points takes ready points first (setting ``damage_takes``);
  healed points wait for the next round start.
"""

from typing import Any

from uwr_desktop.core.rulesets import kit
from uwr_desktop.core.rulesets.earlier_health import RawSheet, is_zero, with_sheet_upgraded
from uwr_desktop.core.rulesets.hands import columns, order, view
from uwr_desktop.core.rulesets.hands import decide as rules
from uwr_desktop.core.rulesets.hands.apply import apply_event
from uwr_desktop.core.rulesets.hands.decide import Builder
from uwr_desktop.core.rulesets.hands.edit import edit_own_cell, kept_in_fight
from uwr_desktop.core.rulesets.hands.events import EARLIER_TAGS
from uwr_desktop.core.rulesets.hands.intents import (
    HandsHesitate,
    HandsMove,
    HandsRecordOutcome,
    HandsSetClose,
    HandsSetSurprise,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.rules import HandsSettings
from uwr_desktop.core.rulesets.hands.sheet import MAX_POINTS, sheet_of
from uwr_desktop.core.rulesets.hands.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.hands.state import NO_PART, part_of


def _some_points(sheet: RawSheet) -> RawSheet | None:
    """A sheet of hit points set by hand to 0 (so none undamaged, all an earlier version took)
    given the least maximum allowed, all of it damaged: no hit point undamaged, as before."""
    if is_zero(sheet.get("max_points")) and is_zero(sheet.get("damage", 0)):
        return {**sheet, "max_points": MAX_POINTS.low, "damage": MAX_POINTS.low}
    return None


class HandsRuleset(kit.ViewsFromModule, kit.RoundSystem[HandsSettings]):
    """The ``hands`` ruleset with its settings; see :class:`~.base.Ruleset` for the protocol."""

    id = "hands"
    title = "Hack & Slash (ready points, initiative every turn)"
    refusal = "The hands rules"
    earlier_tags = EARLIER_TAGS
    starter_file = "hands.toml"
    sheet_of = staticmethod(sheet_of)
    views = view
    own_columns = view.OWN_COLUMNS

    def first_part(self) -> kit.RulesetPart:
        """No round yet."""
        return NO_PART

    def upgrade_combatant(self, raw: Any, schema: int) -> Any:
        """A combatant of an earlier schema: up to schema 4, hit points set by hand to 0 become
        the least maximum allowed, all damaged."""
        return with_sheet_upgraded(raw, schema, _some_points)

    def first_state(self, state: kit.EncounterState) -> kit.EncounterState:
        """Everyone in table order."""
        return kit.EncounterState(state.combatants, state.rows, state.rows, part=state.part)

    apply = staticmethod(apply_event)

    def start_fight(self, sink: Builder) -> str:
        """Round 1: the points split and the first turn."""
        return rules.start_fight(sink, sink.roller)

    def next_turn(self, sink: Builder, *, end_round: bool) -> str:
        """The turn ended (hesitation booked) and the next, or the next round once nobody has
        ready points left; with ``end_round`` the next round at once."""
        return rules.next_turn(sink, sink.roller, end_round=end_round)

    def settle(self, sink: Builder) -> None:
        """A tie a change made during a turn is rolled off at once."""
        rules.roll_off_new_ties(sink, sink.roller)

    def decide_own(self, sink: Builder, intent: kit.Intent) -> str | None:
        """Spending points, movement, hesitation, interference outcomes, surprise and close
        quarters; newcomers and damage as the pools take them."""
        match intent:
            case kit.AddCombatants(combatants=combatants):
                return rules.join(sink, list(combatants))
            case kit.ApplyDamage(combatant_ids=ids, amount=amount):
                return rules.damage(sink, list(ids), amount)
            case HandsSpend():
                return rules.spend(
                    sink,
                    intent.combatant_id,
                    intent.points,
                    intent.weapon,
                    intent.opposes,
                    intent.note,
                    intent.target,
                )
            case HandsMove(combatant_id=cid, points=points):
                return rules.move(sink, cid, points)
            case HandsHesitate(combatant_id=cid):
                return rules.hesitate(sink, cid)
            case HandsRecordOutcome(action=action, succeeded=succeeded, roll=roll):
                return rules.record_outcome(sink, action, succeeded, roll)
            case HandsSetSurprise(combatant_id=cid, surprising=surprising):
                return rules.set_surprise(sink, cid, surprising)
            case HandsSetClose(first=first, second=second, close=close):
                return rules.set_close(sink, first, second, close)
            case kit.MoveInOrder(combatant_id=cid, index=index):
                answer = view.drag_answer(sink.state, cid, index)
                if answer.intent is None:
                    raise kit.RulesError(answer.text)
                return self.decide_own(sink, answer.intent)
            case kit.ClearManualOrder():
                if not part_of(sink.state).surprise:
                    raise kit.RulesError("Nobody is surprising this turn")
                for cid in part_of(sink.state).surprise:
                    rules.set_surprise(sink, cid, False)
                return "No surprise this turn"
        return None

    # The rules and views written in the package's modules, as the protocol's methods.
    kept_in_fight = staticmethod(kept_in_fight)
    edit_own_cell = staticmethod(edit_own_cell)
    own_rolls = staticmethod(shown_rolls)
    pip_intent = staticmethod(columns.pip_intent)
    turn_now = staticmethod(order.turn_now)

    def own_cell(
        self, state: kit.EncounterState, combatant: kit.Combatant, key: str
    ) -> kit.CellValue:
        """Hit points, pools, reach and weapons."""
        return view.own_cell(combatant, key)
