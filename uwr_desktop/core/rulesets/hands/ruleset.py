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

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import Event, convert
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    ClearManualOrder,
    EditCell,
    EndRound,
    Heal,
    Intent,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    RemoveCondition,
    ReplaceCombatant,
    RerollDice,
    RollDice,
    RulesError,
    StartFight,
)
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
from uwr_desktop.core.rulesets.hands import columns, view
from uwr_desktop.core.rulesets.hands import decide as rules
from uwr_desktop.core.rulesets.hands.apply import apply_event
from uwr_desktop.core.rulesets.hands.decide import Builder
from uwr_desktop.core.rulesets.hands.edit import edit_cell, replace_sheet
from uwr_desktop.core.rulesets.hands.intents import (
    HandsHesitate,
    HandsMove,
    HandsRecordOutcome,
    HandsSetClose,
    HandsSetSurprise,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.rules import HandsSettings
from uwr_desktop.core.rulesets.hands.sheet import sheet_of
from uwr_desktop.core.rulesets.hands.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.hands.state import NO_PART, part_of
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot


class HandsRuleset(FirstShape):
    """The ``hands`` ruleset with its settings; see :class:`~.base.Ruleset` for the protocol."""

    id = "hands"
    title = "Hack & Slash (ready points, initiative every turn)"

    def __init__(self, settings: HandsSettings | Mapping[str, Any] | None = None) -> None:
        """Use ``settings`` (a ``HandsSettings`` or a mapping of its fields; default rules)."""
        if settings is None:
            chosen = HandsSettings()
        elif isinstance(settings, HandsSettings):
            chosen = settings
        else:
            try:
                chosen = convert(dict(settings), HandsSettings)
            except (msgspec.ValidationError, TypeError, ValueError) as error:
                raise RulesError(f"Bad hands settings: {error}") from None
        self._settings: HandsSettings = chosen

    @property
    def settings(self) -> HandsSettings:
        """The house rules in force."""
        return self._settings

    def initial_state(self, roster: Sequence[Combatant]) -> EncounterState:
        """The encounter before any entry: the roster in table order."""
        combatants: dict[str, Combatant] = {}
        for combatant in roster:
            if combatant.id in combatants:
                raise RulesError(f"Two combatants have the id {combatant.id!r}")
            sheet_of(combatant)
            combatants[combatant.id] = combatant
        rows = tuple(combatants)
        return EncounterState(combatants=combatants, rows=rows, order=rows, part=NO_PART)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after ``event`` (pure)."""
        return apply_event(state, event)

    def decide(self, state: EncounterState, intent: Intent, roller: Roller) -> Decision:
        """Check ``intent`` and return its events; ``RulesError`` says why not."""
        builder = Builder(state, self._settings)
        label = self._decide(builder, intent, roller)
        return Decision(label, tuple(builder.events))

    def _decide(self, b: Builder, intent: Intent, roller: Roller) -> str:
        match intent:
            case StartFight():
                return rules.start_fight(b, roller)
            case NextTurn():
                return rules.next_turn(b, roller, end_round=False)
            case EndRound():
                return rules.next_turn(b, roller, end_round=True)
            case AddCombatants(combatants=combatants):
                return rules.join(b, list(combatants))
            case RemoveCombatants(combatant_ids=ids):
                return common.leave(b, list(ids))
            case ApplyDamage(combatant_ids=ids, amount=amount):
                return rules.damage(b, list(ids), amount)
            case Heal(combatant_ids=ids, amount=amount):
                return common.change_health(b, list(ids), amount, heal=True)
            case AddCondition(combatant_ids=ids, condition=condition):
                return common.add_condition(b, list(ids), condition)
            case RemoveCondition(combatant_ids=ids, name=name):
                return common.remove_condition(b, list(ids), name)
            case EditCell(combatant_id=cid, column_key=key, value=value):
                return edit_cell(b, cid, key, value)
            case ReplaceCombatant(combatant=combatant):
                return replace_sheet(b, combatant)
            case RollDice(combatant_id=cid, notation=notation, title=title):
                return common.roll_dice(b, cid, notation, title, roller)
            case RerollDice(indices=indices):
                return common.reroll_dice(b, indices, roller)
            case HandsSpend():
                return rules.spend(
                    b,
                    intent.combatant_id,
                    intent.points,
                    intent.weapon,
                    intent.opposes,
                    intent.note,
                    intent.target,
                )
            case HandsMove(combatant_id=cid, points=points):
                return rules.move(b, cid, points)
            case HandsHesitate(combatant_id=cid):
                return rules.hesitate(b, cid)
            case HandsRecordOutcome(action=action, succeeded=succeeded, roll=roll):
                return rules.record_outcome(b, action, succeeded, roll)
            case HandsSetSurprise(combatant_id=cid, surprising=surprising):
                return rules.set_surprise(b, cid, surprising)
            case HandsSetClose(first=first, second=second, close=close):
                return rules.set_close(b, first, second, close)
            case MoveInOrder(combatant_id=cid, index=index):
                answer = view.drag_answer(b.state, cid, index)
                if answer.intent is None:
                    raise RulesError(answer.text)
                return self._decide(b, answer.intent, roller)
            case ClearManualOrder():
                if not part_of(b.state).surprise:
                    raise RulesError("Nobody is surprising this turn")
                for cid in part_of(b.state).surprise:
                    rules.set_surprise(b, cid, False)
                return "No surprise this turn"
        raise RulesError(f"The hands rules cannot do {type(intent).__name__}")

    def describe(self, event: Event, state: EncounterState) -> str:
        """One log line for ``event``; ``state`` is the state just before it."""
        return view.describe(event, state)

    def rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        """The rolls ``event`` made; ``state`` is the state just before it."""
        return common.shared_rolls(event, state) or shown_rolls(event, state)

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        """The turn's participants in declare-first order."""
        return view.timeline(state)

    def pip_intent(self, state: EncounterState, slot_key: str, pip: int) -> Intent | None:
        """A click on a pip of the turn under way spends (moves with) that many points."""
        return columns.pip_intent(state, slot_key, pip)

    def timeline_axis(self, state: EncounterState) -> TimelineAxis:
        """Ready (or carry-over) points."""
        return view.timeline_axis(state)

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        """Hit points and the three pools."""
        return view.resources(state, combatant_id)

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        """What the combatant can do now."""
        return view.legal_intents(state, combatant_id)

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        """A drag earlier is a surprise override for this turn; later takes it back."""
        return view.drag_answer(state, slot_key, new_index)

    def columns(self, state: EncounterState) -> tuple[Column, ...]:
        """The table columns: pools, reach and weapons."""
        return view.COLUMNS

    def cell_value(self, state: EncounterState, combatant_id: str, column_key: str) -> CellValue:
        """One table cell."""
        return view.cell_value(state, combatant_id, column_key)

    def edit_intent(self, combatant_id: str, column_key: str, value: object) -> Intent:
        """The intent setting a cell."""
        return EditCell(combatant_id, column_key, value)
