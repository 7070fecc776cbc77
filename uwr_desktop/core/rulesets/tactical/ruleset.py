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
    EditCell,
    EndRound,
    Heal,
    Intent,
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
from uwr_desktop.core.rulesets.tactical import decide as steps
from uwr_desktop.core.rulesets.tactical import view
from uwr_desktop.core.rulesets.tactical.apply import apply_event
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
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of
from uwr_desktop.core.rulesets.tactical.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.tactical.state import NO_PART
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot


class TacticalRuleset(FirstShape):
    """The ``tactical`` ruleset with its settings; see :class:`~.base.Ruleset`."""

    id = "tactical"
    title = "Tactical (action points, declare and resolve on a countdown)"

    def __init__(self, settings: TacticalSettings | Mapping[str, Any] | None = None) -> None:
        """Use ``settings`` (a ``TacticalSettings`` or a mapping of its fields)."""
        if isinstance(settings, TacticalSettings):
            chosen = settings
        else:
            try:
                chosen = convert(dict(settings or {}), TacticalSettings)
            except (msgspec.ValidationError, TypeError, ValueError) as error:
                raise RulesError(f"Bad tactical settings: {error}") from None
        self._settings: TacticalSettings = chosen

    @property
    def settings(self) -> TacticalSettings:
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
        return EncounterState(combatants=combatants, rows=tuple(combatants), order=(), part=NO_PART)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after ``event`` (pure)."""
        return apply_event(state, event)

    def decide(self, state: EncounterState, intent: Intent, roller: Roller) -> Decision:
        """Check ``intent`` and return its events; ``RulesError`` says why not."""
        b = steps.Builder(state, self._settings)
        label = self._decide(b, intent, roller)
        return Decision(label, tuple(b.events))

    def _decide(self, b: steps.Builder, intent: Intent, roller: Roller) -> str:
        match intent:
            case StartFight():
                return steps.start_fight(b, roller)
            case NextTurn():
                return steps.next_step(b, roller, end_round=False)
            case EndRound():
                return steps.next_step(b, roller, end_round=True)
            case TacticalDeclare():
                return steps.declare(b, intent)
            case TacticalResolve(combatant_ids=ids):
                return steps.resolve(b, list(ids))
            case TacticalShorten(combatant_id=cid, ap=ap):
                return steps.shorten(b, cid, ap)
            case TacticalInterrupt(combatant_id=cid, keep_progress=keep):
                return steps.interrupt(b, cid, keep)
            case TacticalMove(combatant_id=cid, pace=pace, mode=mode):
                return steps.move(b, cid, pace, mode)
            case TacticalParry(combatant_id=cid, amount=amount, against=against):
                return steps.parry(b, cid, amount, against)
            case TacticalEditCatalog(actions=actions, paces=paces):
                return steps.edit_catalog(b, actions, paces)
            case TacticalSetCounter(name=name, value=value, step=step):
                return steps.set_counter(b, name, value, step)
            case TacticalRemoveCounter(name=name):
                return steps.remove_counter(b, name)
            case AddCombatants(combatants=combatants):
                return steps.join(b, list(combatants), roller)
            case RemoveCombatants(combatant_ids=ids):
                return common.leave(b, list(ids))
            case ApplyDamage(combatant_ids=ids, amount=amount):
                return common.change_health(b, list(ids), amount, heal=False)
            case Heal(combatant_ids=ids, amount=amount):
                return common.change_health(b, list(ids), amount, heal=True)
            case AddCondition(combatant_ids=ids, condition=condition):
                return steps.add_condition(b, list(ids), condition)
            case RemoveCondition(combatant_ids=ids, name=name):
                return common.remove_condition(b, list(ids), name)
            case EditCell(combatant_id=cid, column_key=key, value=value):
                return steps.edit_cell(b, cid, key, value)
            case ReplaceCombatant(combatant=combatant):
                return steps.replace_sheet(b, combatant)
            case RollDice(combatant_id=cid, notation=notation, title=title):
                return common.roll_dice(b, cid, notation, title, roller)
            case RerollDice(indices=indices):
                return common.reroll_dice(b, indices, roller)
        raise RulesError(f"The tactical rules cannot do {type(intent).__name__}")

    def describe(self, event: Event, state: EncounterState) -> str:
        """One log line for ``event``; ``state`` is the state just before it."""
        return view.describe(event, state)

    def rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        """The rolls ``event`` made; ``state`` is the state just before it."""
        return common.shared_rolls(event, state) or shown_rolls(event, state)

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        """Each combatant's next declaration and each declared action, highest count first."""
        return view.timeline(state, self._settings)

    def timeline_axis(self, state: EncounterState) -> TimelineAxis:
        """The count axis, titled with the round and the count now."""
        return view.axis(state)

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        """AP left, instantaneous actions, hits and the declared parry."""
        return view.resources(state, combatant_id)

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        """Resolve, declare from the catalog or interrupt, as the count allows."""
        return view.legal_intents(state, combatant_id, self._settings)

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        """A declared action dropped among the cards: its resolve count goes there."""
        return view.drag_answer(state, slot_key, new_index, self._settings)

    def drag_answer_at(self, state: EncounterState, slot_key: str, value: int) -> DragAnswer | None:
        """A declared action's resolve end dropped on count ``value``: shorten or lengthen it
        to the AP resolving nearest (``None``: not a declared action)."""
        return view.drag_to_count(state, slot_key, value)

    def columns(self, state: EncounterState) -> tuple[Column, ...]:
        """The table columns."""
        return view.COLUMNS

    def cell_value(self, state: EncounterState, combatant_id: str, column_key: str) -> CellValue:
        """One table cell."""
        return view.cell_value(state, combatant_id, column_key)

    def edit_intent(self, combatant_id: str, column_key: str, value: object) -> Intent:
        """The intent setting a cell (the base initiative cell types over the roll)."""
        return EditCell(combatant_id, column_key, value)

    def upgrade_settings(self, raw: Any, schema: int) -> Any:
        """Settings of an earlier schema: a missing interruption setting meant "ask"."""
        return upgrade_settings(raw, schema) if isinstance(raw, dict) else raw
