"""The ``duel`` rules: its events and intent, deciding, applying and showing them."""

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Annotated, Any

import msgspec
from msgspec.structs import replace

from duel.sheet import DuelSheet
from uwr_desktop.core.dice import Roller, SumSpec
from uwr_desktop.core.encounter import Combatant, Count, EncounterState, Name
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    CombatantUpdate,
    Event,
    RoundEnded,
    TurnEnded,
    TurnStarted,
    convert,
)
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
    RollDice,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    ColumnKind,
    Decision,
    DragAnswer,
    FirstShape,
    IntentOption,
    Resource,
    RollShown,
)
from uwr_desktop.core.timeline import AxisKind, SlotStatus, TimelineAxis, TimelineSlot

ROUND = "round"


class DuelSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The one house rule: the die a hit deals damage with."""

    damage_die: Annotated[
        int,
        msgspec.Meta(ge=2, le=12, title="Damage die", description="Sides of the die a hit rolls"),
    ] = 6


class Score(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One combatant's initiative roll."""

    combatant_id: Name
    roll: RollRecord


class DuelInitiative(Event, frozen=True):
    """Initiative was rolled: d20 + modifier each."""

    scores: tuple[Score, ...]


class DuelRoundStarted(Event, frozen=True):
    """A round starts."""

    round: Count


class DuelStrike(Event, frozen=True):
    """An attack was rolled; ``damage`` is the damage roll of a hit."""

    attacker: Name
    target: Name
    roll: RollRecord
    damage: RollRecord | None = None


class Strike(Intent, frozen=True):
    """The one attack: d20 + modifier against the target's armor."""

    attacker_id: Name
    target_id: Name


def sheet_of(combatant: Combatant) -> DuelSheet:
    """The combatant's duel sheet."""
    if not isinstance(combatant.sheet, DuelSheet):
        raise RulesError(f"{combatant.name} has no duel sheet")
    return combatant.sheet


def _d20(roller: Roller, combatant: Combatant) -> RollRecord:
    return RollRecord.of_sum(roller.roll_sum(SumSpec(1, 20, sheet_of(combatant).modifier)))


class _Sink:
    def __init__(self, ruleset: "DuelRuleset", state: EncounterState) -> None:
        self._ruleset = ruleset
        self.state = state
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        self.state = self._ruleset.apply(self.state, event)
        self.events.append(event)


class DuelRuleset(FirstShape):
    """A round system of the tests, on the seam alone."""

    id = "duel"
    title = "Duel (d20 initiative, hit points)"

    def __init__(self, settings: DuelSettings) -> None:
        self._settings = settings

    @property
    def settings(self) -> DuelSettings:
        return self._settings

    def initial_state(self, roster: Sequence[Combatant]) -> EncounterState:
        combatants = {}
        for combatant in roster:
            sheet_of(combatant)
            if combatant.id in combatants:
                raise RulesError(f"Two combatants have the id {combatant.id!r}")
            combatants[combatant.id] = combatant
        state = EncounterState(combatants=combatants, rows=tuple(combatants), order=())
        return self._ordered(state)

    # ---- deciding -------------------------------------------------------------------------

    def decide(self, state: EncounterState, intent: Intent, roller: Roller) -> Decision:
        sink = _Sink(self, state)
        label = self._decide(sink, intent, roller)
        return Decision(label, tuple(sink.events))

    def _decide(self, sink: _Sink, intent: Intent, roller: Roller) -> str:
        state = sink.state
        match intent:
            case StartFight():
                if state.phase == ROUND:
                    raise RulesError("The duel has already started")
                if not state.combatants:
                    raise RulesError("Add combatants before starting the duel")
                self._roll(sink, list(state.rows), roller)
                sink.add(DuelRoundStarted(1))
                sink.add(TurnStarted(sink.state.order[0]))
                return "Start duel"
            case NextTurn() | EndRound():
                if state.phase != ROUND:
                    raise RulesError("Start the duel first")
                if state.current is not None:
                    sink.add(TurnEnded(state.current))
                waiting = [cid for cid in sink.state.order if cid not in sink.state.acted]
                if waiting and isinstance(intent, NextTurn):
                    sink.add(TurnStarted(waiting[0]))
                    return f"Next turn: {sink.state.combatants[waiting[0]].name}"
                common.end_round(sink)
                sink.add(DuelRoundStarted(state.round + 1))
                sink.add(TurnStarted(sink.state.order[0]))
                return f"Round {sink.state.round}"
            case AddCombatants(combatants=joining):
                for combatant in joining:
                    sheet_of(combatant)
                label = common.join(sink, list(joining))
                if state.phase == ROUND:
                    self._roll(sink, [c.id for c in joining], roller)
                return label
            case RemoveCombatants(combatant_ids=ids):
                return common.leave(sink, list(ids))
            case ApplyDamage(combatant_ids=ids, amount=amount):
                return common.change_health(sink, list(ids), amount, heal=False)
            case Heal(combatant_ids=ids, amount=amount):
                return common.change_health(sink, list(ids), amount, heal=True)
            case AddCondition(combatant_ids=ids, condition=condition):
                return common.add_condition(sink, list(ids), condition)
            case RemoveCondition(combatant_ids=ids, name=name):
                return common.remove_condition(sink, list(ids), name)
            case EditCell(combatant_id=cid, column_key=key, value=value):
                return self._edit(sink, cid, key, value)
            case ReplaceCombatant(combatant=combatant):
                old = common.need(state, combatant.id)
                sheet = replace(sheet_of(combatant), initiative=sheet_of(old).initiative)
                sink.add(
                    CombatantsUpdated(
                        (CombatantUpdate(replace(combatant, sheet=sheet), "sheet edited"),)
                    )
                )
                return f"Edit {combatant.name}"
            case Strike(attacker_id=attacker_id, target_id=target_id):
                return self._strike(sink, attacker_id, target_id, roller)
            case RollDice(combatant_id=cid, notation=notation, title=title):
                return common.roll_dice(sink, cid, notation, title, roller)
        raise RulesError(f"A duel cannot do {type(intent).__name__}")

    def _roll(self, sink: _Sink, ids: list[str], roller: Roller) -> None:
        scores = tuple(Score(cid, _d20(roller, sink.state.combatants[cid])) for cid in ids)
        if scores:
            sink.add(DuelInitiative(scores))

    def _edit(self, sink: _Sink, cid: str, key: str, value: object) -> str:
        combatant = common.need(sink.state, cid)
        if key in common.GENERIC_CELLS:
            updated, text = common.edited_cell(combatant, key, value)
        elif key == "hp":
            sheet = sheet_of(combatant)
            number = common.parse_int("Hit points", value)
            if not 0 <= number <= sheet.hp_max:
                raise RulesError(f"Hit points must be 0 to {sheet.hp_max}, got {number}")
            updated = replace(combatant, sheet=replace(sheet, hp=number))
            text = f"hit points {sheet.hp} → {number}"
        else:
            raise RulesError(f"The column {key!r} cannot be edited")
        sink.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
        return f"{combatant.name}: {text}"

    def _strike(self, sink: _Sink, attacker_id: str, target_id: str, roller: Roller) -> str:
        state = sink.state
        if state.phase != ROUND:
            raise RulesError("Start the duel first")
        attacker, target = common.need(state, attacker_id), common.need(state, target_id)
        if attacker.id == target.id:
            raise RulesError(f"{attacker.name} cannot attack themself")
        if attacker.down:
            raise RulesError(f"{attacker.name} is out of the duel")
        roll = _d20(roller, attacker)
        hit = roll.outcome(target=sheet_of(target).armor).success
        damage = None
        if hit:
            spec = SumSpec(1, self._settings.damage_die)
            damage = RollRecord.of_sum(roller.roll_sum(spec))
        sink.add(DuelStrike(attacker.id, target.id, roll, damage))
        if damage is not None:
            sheet, text = sheet_of(target).damaged(damage.total, target.side)
            sink.add(CombatantsUpdated((CombatantUpdate(replace(target, sheet=sheet), text),)))
        return f"{attacker.name} strikes {target.name}"

    # ---- applying -------------------------------------------------------------------------

    def _ordered(self, state: EncounterState) -> EncounterState:
        rows = {cid: index for index, cid in enumerate(state.rows)}

        def key(cid: str) -> tuple[int, int, int]:
            initiative = sheet_of(state.combatants[cid]).initiative
            return (initiative is None, -(initiative or 0), rows[cid])

        return replace(state, order=tuple(sorted(state.combatants, key=key)))

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        shared = common.apply_shared(state, event)
        if shared is not None:
            if isinstance(event, CombatantsJoined | CombatantsLeft | CombatantsUpdated):
                return self._ordered(shared)
            return shared
        match event:
            case DuelInitiative(scores=scores):
                changed = {}
                for score in scores:
                    combatant = common.need(state, score.combatant_id)
                    if score.roll.kind is not DiceKind.SUM or score.roll.sides != 20:
                        raise RulesError("initiative is rolled on a d20")
                    sheet = replace(sheet_of(combatant), initiative=score.roll.total)
                    changed[combatant.id] = replace(combatant, sheet=sheet)
                return self._ordered(common.with_combatants(state, changed))
            case DuelRoundStarted(round=number):
                if number != state.round + 1:
                    raise RulesError(f"round {number} cannot follow round {state.round}")
                return replace(state, round=number, phase=ROUND, acted=frozenset())
            case DuelStrike(attacker=attacker, target=target):
                common.need(state, attacker)
                common.need(state, target)
                return state
        raise RulesError(f"a duel has no event {type(event).__name__}")

    # ---- showing --------------------------------------------------------------------------

    def describe(self, event: Event, state: EncounterState) -> str:
        shared = common.describe_shared(event, state)
        if shared is not None:
            return shared
        name = {cid: c.name for cid, c in state.combatants.items()}
        match event:
            case CombatantsJoined(combatants=joined):
                return f"{', '.join(c.name for c in joined)} joins the duel"
            case CombatantsLeft(combatant_ids=ids):
                return f"{common.names(state, ids)} leaves the duel"
            case CombatantsUpdated(updates=updates):
                return "; ".join(f"{name[u.combatant.id]} {u.text}" for u in updates)
            case DuelInitiative(scores=scores):
                return "Initiative: " + ", ".join(
                    f"{name[s.combatant_id]} {s.roll.total}" for s in scores
                )
            case DuelRoundStarted(round=number):
                return f"Round {number} starts"
            case RoundEnded(round=number):
                return f"Round {number} ends"
            case TurnStarted(combatant_id=cid):
                return f"{name[cid]}'s turn"
            case TurnEnded(combatant_id=cid):
                return f"{name[cid]}'s turn ends"
            case DuelStrike(attacker=attacker, target=target, roll=roll, damage=damage):
                armor = sheet_of(state.combatants[target]).armor
                verdict = f"hits for {damage.total}" if damage is not None else "misses"
                return (
                    f"{name[attacker]} strikes {name[target]}: {roll.total} vs {armor}, {verdict}"
                )
        return type(event).__name__

    def rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        shared = common.shared_rolls(event, state)
        match event:
            case DuelInitiative(scores=scores):
                return tuple(RollShown(s.combatant_id, "Initiative", s.roll) for s in scores)
            case DuelStrike(attacker=attacker, target=target, roll=roll, damage=damage):
                armor = sheet_of(state.combatants[target]).armor
                verdict = f"hit, {damage.total} damage" if damage is not None else "miss"
                return (
                    RollShown(
                        attacker, "Strike", roll, outcome=f"{roll.total} vs {armor}: {verdict}"
                    ),
                )
        return shared

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        slots = []
        for cid in state.order:
            combatant = state.combatants[cid]
            initiative = sheet_of(combatant).initiative
            if cid == state.current:
                status = SlotStatus.CURRENT
            elif cid in state.acted:
                status = SlotStatus.DONE
            else:
                status = SlotStatus.PENDING
            slots.append(
                TimelineSlot(
                    cid,
                    cid,
                    combatant.name,
                    combatant.side,
                    "-" if initiative is None else str(initiative),
                    status=status,
                    position=initiative or 0,
                )
            )
        return tuple(slots)

    def timeline_axis(self, state: EncounterState) -> TimelineAxis:
        return TimelineAxis(AxisKind.RULER, "Initiative (d20 + modifier)", unit="Initiative")

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        sheet = sheet_of(state.combatants[combatant_id])
        return (Resource("hp", "Hit points", sheet.hp, sheet.hp_max, f"{sheet.hp}/{sheet.hp_max}"),)

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        if state.phase != ROUND or state.current != combatant_id:
            return ()
        attacker = state.combatants[combatant_id]
        return tuple(
            IntentOption(f"Strike {other.name}", Strike(combatant_id, other.id))
            for other in state.combatants.values()
            if other.side != attacker.side and not other.down
        )

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        return DragAnswer(None, "In a duel the initiative roll decides the order")

    def columns(self, state: EncounterState) -> tuple[Column, ...]:
        return (
            common.NAME_COLUMN,
            common.SIDE_COLUMN,
            Column("hp", "HP", ColumnKind.INT, editable=True, minimum=Fraction(0)),
            Column("hp_max", "Max HP", ColumnKind.INT),
            Column("armor", "Armor", ColumnKind.INT),
            Column("initiative", "Init", ColumnKind.TEXT),
            common.HIDDEN_COLUMN,
            common.NOTES_COLUMN,
        )

    def cell_value(self, state: EncounterState, combatant_id: str, column_key: str) -> CellValue:
        combatant = state.combatants[combatant_id]
        sheet = sheet_of(combatant)
        values: dict[str, CellValue] = {
            "name": combatant.name,
            "side": combatant.side.value,
            "hp": sheet.hp,
            "hp_max": sheet.hp_max,
            "armor": sheet.armor,
            "initiative": "-" if sheet.initiative is None else str(sheet.initiative),
            "hidden": combatant.hidden,
            "notes": combatant.notes,
        }
        return values[column_key]

    def edit_intent(self, combatant_id: str, column_key: str, value: object) -> Intent:
        return EditCell(combatant_id, column_key, value)


def make_duel(settings: Mapping[str, Any] | None = None) -> DuelRuleset:
    """The duel ruleset with ``settings``."""
    try:
        chosen = convert(dict(settings or {}), DuelSettings)
    except (msgspec.ValidationError, TypeError, ValueError) as error:
        raise RulesError(f"Bad duel settings: {error}") from None
    return DuelRuleset(chosen)
