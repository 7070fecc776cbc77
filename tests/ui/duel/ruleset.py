"""The ``duel`` rules: its events and intent, deciding, applying and showing them."""

from collections.abc import Sequence
from fractions import Fraction
from typing import Annotated

import msgspec
from msgspec.structs import replace

from duel.sheet import DuelSheet
from uwr_desktop.core.dice import Roller, SumSpec
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import Combatant, Count, EncounterState, Name
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    CombatantUpdate,
    Event,
)
from uwr_desktop.core.intents import EndRound, Intent, NextTurn, RulesError, StartFight
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    ColumnKind,
    IntentOption,
    Resource,
    RollShown,
)
from uwr_desktop.core.rulesets.round_system import RoundSystem
from uwr_desktop.core.rulesets.sheets import sheet_reader
from uwr_desktop.core.timeline import AxisKind, TimelineAxis, TimelineSlot, turn_status

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


class DuelEvent(Event, frozen=True):
    """Base of the duel's events."""

    round_system = "duel"


class Initiative(DuelEvent, frozen=True):
    """Initiative was rolled: d20 + modifier each."""

    scores: tuple[Score, ...]


class RoundStarted(DuelEvent, frozen=True):
    """A round starts."""

    round: Count


class Struck(DuelEvent, frozen=True):
    """An attack was rolled; ``damage`` is the damage roll of a hit."""

    attacker: Name
    target: Name
    roll: RollRecord
    damage: RollRecord | None = None


class Strike(Intent, frozen=True):
    """The one attack: d20 + modifier against the target's armor."""

    attacker_id: Name
    target_id: Name


Sink = common.Builder[DuelSettings]


sheet_of = sheet_reader(DuelSheet, "duel")
"""The combatant's duel sheet."""


def _d20(roller: Roller, combatant: Combatant, what: str) -> RollRecord:
    spec = SumSpec(1, 20, sheet_of(combatant).modifier)
    return RollRecord.of_sum(roller.roll_sum(spec, RollFor(combatant.id, what)))


def _ordered(state: EncounterState) -> EncounterState:
    rows = {cid: index for index, cid in enumerate(state.rows)}

    def key(cid: str) -> tuple[int, int, int]:
        initiative = sheet_of(state.combatants[cid]).initiative
        return (initiative is None, -(initiative or 0), rows[cid])

    return replace(state, order=tuple(sorted(state.combatants, key=key)))


class DuelRuleset(RoundSystem[DuelSettings]):
    """A round system of the tests, on the shared base alone."""

    id = "duel"
    title = "Duel (d20 initiative, hit points)"
    settings_type = DuelSettings
    fight = "the duel"
    refusal = "A duel"

    def check_sheet(self, combatant: Combatant) -> None:
        sheet_of(combatant)

    def first_state(self, state: EncounterState) -> EncounterState:
        return _ordered(state)

    def kept_in_fight(self, old: Combatant, new: Combatant) -> Combatant:
        return replace(new, sheet=replace(sheet_of(new), initiative=sheet_of(old).initiative))

    def joined(self, sink: Sink, ids: Sequence[str]) -> None:
        self._roll(sink, list(ids))

    def decide_own(self, sink: Sink, intent: Intent) -> str | None:
        state = sink.state
        match intent:
            case StartFight():
                if state.phase == ROUND:
                    raise RulesError("The duel has already started")
                if not state.combatants:
                    raise RulesError("Add combatants before starting the duel")
                self._roll(sink, list(state.rows))
                sink.add(RoundStarted(1))
                common.start_turn(sink, sink.state.order[0])
                return "Start duel"
            case NextTurn() | EndRound():
                if state.phase != ROUND:
                    raise RulesError("Start the duel first")
                if not state.combatants:
                    raise RulesError("Nobody is left in the duel")
                if state.current is not None:
                    common.end_turn(sink, state.current)
                waiting = [cid for cid in sink.state.order if cid not in sink.state.acted]
                if waiting and isinstance(intent, NextTurn):
                    common.start_turn(sink, waiting[0])
                    return f"Next turn: {sink.state.combatants[waiting[0]].name}"
                common.end_round(sink)
                sink.add(RoundStarted(state.round + 1))
                if sink.state.order:
                    common.start_turn(sink, sink.state.order[0])
                return f"Round {sink.state.round}"
            case Strike(attacker_id=attacker_id, target_id=target_id):
                return self._strike(sink, attacker_id, target_id)
        return None

    def _roll(self, sink: Sink, ids: list[str]) -> None:
        scores = tuple(
            Score(cid, _d20(sink.roller, sink.state.combatants[cid], "initiative")) for cid in ids
        )
        if scores:
            sink.add(Initiative(scores))

    def edit_own_cell(self, sink: Sink, combatant: Combatant, key: str, value: object) -> str:
        if key != "hp":
            raise RulesError(f"The column {key!r} cannot be edited")
        sheet = sheet_of(combatant)
        number = common.parse_int("Hit points", value)
        if not 0 <= number <= sheet.hp_max:
            raise RulesError(f"Hit points must be 0 to {sheet.hp_max}, got {number}")
        text = f"hit points {sheet.hp} → {number}"
        updated = replace(combatant, sheet=replace(sheet, hp=number))
        sink.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
        return f"{combatant.name}: {text}"

    def _strike(self, sink: Sink, attacker_id: str, target_id: str) -> str:
        state = sink.state
        if state.phase != ROUND:
            raise RulesError("Start the duel first")
        attacker, target = common.need(state, attacker_id), common.need(state, target_id)
        if attacker.id == target.id:
            raise RulesError(f"{attacker.name} cannot attack themself")
        if attacker.down:
            raise RulesError(f"{attacker.name} is out of the duel")
        roll = _d20(sink.roller, attacker, f"strike at {target.name}")
        damage = None
        if roll.outcome(target=sheet_of(target).armor).success:
            spec = SumSpec(1, self.settings.damage_die)
            harm = RollFor(attacker.id, f"damage to {target.name}")
            damage = RollRecord.of_sum(sink.roller.roll_sum(spec, harm))
        sink.add(Struck(attacker.id, target.id, roll, damage))
        if damage is not None:
            sheet, text = sheet_of(target).damaged(damage.total, target.side)
            sink.add(CombatantsUpdated((CombatantUpdate(replace(target, sheet=sheet), text),)))
        return f"{attacker.name} strikes {target.name}"

    def after_shared(self, state: EncounterState, event: Event) -> EncounterState:
        if isinstance(event, CombatantsJoined | CombatantsLeft | CombatantsUpdated):
            return _ordered(state)
        return state

    def apply_own(self, state: EncounterState, event: Event) -> EncounterState:
        match event:
            case Initiative(scores=scores):
                changed = {}
                for score in scores:
                    combatant = common.need(state, score.combatant_id)
                    if score.roll.kind is not DiceKind.SUM or score.roll.sides != 20:
                        raise RulesError("initiative is rolled on a d20")
                    sheet = replace(sheet_of(combatant), initiative=score.roll.total)
                    changed[combatant.id] = replace(combatant, sheet=sheet)
                return _ordered(common.with_combatants(state, changed))
            case RoundStarted(round=number):
                if number != state.round + 1:
                    raise RulesError(f"round {number} cannot follow round {state.round}")
                return replace(state, round=number, phase=ROUND, acted=frozenset())
            case Struck(attacker=attacker, target=target):
                common.need(state, attacker)
                common.need(state, target)
                return state
        return super().apply_own(state, event)

    def describe_own(self, event: Event, state: EncounterState) -> str | None:
        name = {cid: c.name for cid, c in state.combatants.items()}
        match event:
            case Initiative(scores=scores):
                rolled = ", ".join(f"{name[s.combatant_id]} {s.roll.total}" for s in scores)
                return f"Initiative: {rolled}"
            case RoundStarted(round=number):
                return f"Round {number} starts"
            case Struck(attacker=attacker, target=target, roll=roll, damage=damage):
                armor = sheet_of(state.combatants[target]).armor
                verdict = f"hits for {damage.total}" if damage is not None else "misses"
                return (
                    f"{name[attacker]} strikes {name[target]}: {roll.total} vs {armor}, {verdict}"
                )
        return None

    def own_rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        match event:
            case Initiative(scores=scores):
                return tuple(RollShown(s.combatant_id, "rolls initiative", s.roll) for s in scores)
            case Struck(attacker=attacker, target=target, roll=roll, damage=damage):
                aimed = state.combatants[target]
                verdict = f"hit, {damage.total} damage" if damage is not None else "miss"
                outcome = f"{roll.total} against armor {sheet_of(aimed).armor} — {verdict}"
                title = f"strikes {aimed.name}"
                return (RollShown(attacker, title, roll, outcome=outcome, others=(target,)),)
        return ()

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        slots = []
        for cid in state.order:
            combatant = state.combatants[cid]
            initiative = sheet_of(combatant).initiative
            status = turn_status(cid, state.current, state.acted)
            shown = "-" if initiative is None else str(initiative)
            slots.append(
                TimelineSlot(
                    cid,
                    cid,
                    combatant.name,
                    combatant.side,
                    shown,
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

    def own_cell(self, state: EncounterState, combatant: Combatant, key: str) -> CellValue:
        sheet = sheet_of(combatant)
        initiative = "-" if sheet.initiative is None else str(sheet.initiative)
        values: dict[str, CellValue] = {
            "hp": sheet.hp,
            "hp_max": sheet.hp_max,
            "armor": sheet.armor,
            "initiative": initiative,
        }
        return values[key]
