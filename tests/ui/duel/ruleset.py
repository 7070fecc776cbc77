"""The ``duel`` rules: its events and intent, deciding, applying and showing them."""

from collections.abc import Sequence
from fractions import Fraction
from typing import Annotated

import msgspec

from duel.sheet import sheet_of
from uwr_desktop.core.rulesets import kit

ROUND = "round"


class DuelSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The one house rule: the die a hit deals damage with."""

    damage_die: Annotated[
        int,
        msgspec.Meta(ge=2, le=12, title="Damage die", description="Sides of the die a hit rolls"),
    ] = 6


class Score(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One combatant's initiative roll."""

    combatant_id: kit.Name
    roll: kit.RollRecord


class DuelEvent(kit.Event, frozen=True):
    """Base of the duel's events."""

    round_system = "duel"


class Initiative(DuelEvent, frozen=True):
    """Initiative was rolled: d20 + modifier each."""

    scores: tuple[Score, ...]


class RoundStarted(DuelEvent, frozen=True):
    """A round starts."""

    round: kit.Count


class Struck(DuelEvent, frozen=True):
    """An attack was rolled; ``damage`` is the damage roll of a hit."""

    attacker: kit.Name
    target: kit.Name
    roll: kit.RollRecord
    damage: kit.RollRecord | None = None


class Strike(kit.Intent, frozen=True):
    """The one attack: d20 + modifier against the target's armor."""

    attacker_id: kit.Name
    target_id: kit.Name


Sink = kit.Builder[DuelSettings]


def _d20(roller: kit.Roller, combatant: kit.Combatant, what: str) -> kit.RollRecord:
    spec = kit.SumSpec(1, 20, sheet_of(combatant).modifier)
    return kit.RollRecord.of_sum(roller.roll_sum(spec, kit.RollFor(combatant.id, what)))


class DuelRuleset(kit.RoundSystem[DuelSettings]):
    """A round system of the tests, on the shared base alone."""

    id = "duel"
    title = "Duel (d20 initiative, hit points)"
    fight = "the duel"
    refusal = "A duel"
    sheet_of = staticmethod(sheet_of)
    kept_fields = ("initiative",)

    def ordered(self, state: kit.EncounterState) -> kit.EncounterState:
        rows = {cid: index for index, cid in enumerate(state.rows)}

        def key(cid: str) -> tuple[int, int, int]:
            initiative = sheet_of(state.combatants[cid]).initiative
            return (initiative is None, -(initiative or 0), rows[cid])

        return kit.replace(state, order=tuple(sorted(state.combatants, key=key)))

    def joined(self, sink: Sink, ids: Sequence[str]) -> None:
        self._roll(sink, list(ids))

    def start_fight(self, sink: Sink) -> str:
        state = sink.state
        self._roll(sink, list(state.rows))
        sink.add(RoundStarted(1))
        kit.common.start_turn(sink, sink.state.order[0])
        return "Start duel"

    def next_refusal(self, state: kit.EncounterState, *, end_round: bool) -> str | None:
        if state.phase == ROUND and not state.combatants:
            return "Nobody is left in the duel"
        return super().next_refusal(state, end_round=end_round)

    def next_turn(self, sink: Sink, *, end_round: bool) -> str:
        state = sink.state
        if state.current is not None:
            kit.common.end_turn(sink, state.current)
        waiting = [cid for cid in sink.state.order if cid not in sink.state.acted]
        if waiting and not end_round:
            kit.common.start_turn(sink, waiting[0])
            return f"Next turn: {sink.state.combatants[waiting[0]].name}"
        kit.common.end_round(sink)
        sink.add(RoundStarted(state.round + 1))
        if sink.state.order:
            kit.common.start_turn(sink, sink.state.order[0])
        return f"Round {sink.state.round}"

    def decide_own(self, sink: Sink, intent: kit.Intent) -> str | None:
        match intent:
            case Strike(attacker_id=attacker_id, target_id=target_id):
                return self._strike(sink, attacker_id, target_id)
        return None

    def _roll(self, sink: Sink, ids: list[str]) -> None:
        scores = tuple(
            Score(cid, _d20(sink.roller, sink.state.combatants[cid], "initiative")) for cid in ids
        )
        if scores:
            sink.add(Initiative(scores))

    def edit_own_cell(self, sink: Sink, combatant: kit.Combatant, key: str, value: object) -> str:
        if key != "hp":
            raise kit.RulesError(f"The column {key!r} cannot be edited")
        sheet = sheet_of(combatant)
        number = kit.common.Bounded("Hit points", 0, sheet.hp_max).read(value)
        text = f"hit points {sheet.hp} → {number}"
        updated = kit.replace(combatant, sheet=kit.replace(sheet, hp=number))
        sink.add(kit.CombatantsUpdated((kit.CombatantUpdate(updated, text),)))
        return f"{combatant.name}: {text}"

    def _strike(self, sink: Sink, attacker_id: str, target_id: str) -> str:
        state = sink.state
        if state.phase != ROUND:
            raise kit.RulesError("Start the duel first")
        attacker, target = kit.common.need(state, attacker_id), kit.common.need(state, target_id)
        if attacker.id == target.id:
            raise kit.RulesError(f"{attacker.name} cannot attack themself")
        if attacker.down:
            raise kit.RulesError(f"{attacker.name} is out of the duel")
        roll = _d20(sink.roller, attacker, f"strike at {target.name}")
        damage = None
        if roll.outcome(target=sheet_of(target).armor).success:
            spec = kit.SumSpec(1, self.settings.damage_die)
            harm = kit.RollFor(attacker.id, f"damage to {target.name}")
            damage = kit.RollRecord.of_sum(sink.roller.roll_sum(spec, harm))
        sink.add(Struck(attacker.id, target.id, roll, damage))
        if damage is not None:
            sheet, text = sheet_of(target).damaged(damage.total, target.side)
            sink.add(
                kit.CombatantsUpdated(
                    (kit.CombatantUpdate(kit.replace(target, sheet=sheet), text),)
                )
            )
        return f"{attacker.name} strikes {target.name}"

    def apply_own(self, state: kit.EncounterState, event: kit.Event) -> kit.EncounterState:
        match event:
            case Initiative(scores=scores):
                changed = {}
                for score in scores:
                    combatant = kit.common.need(state, score.combatant_id)
                    if score.roll.kind is not kit.DiceKind.SUM or score.roll.sides != 20:
                        raise kit.RulesError("initiative is rolled on a d20")
                    sheet = kit.replace(sheet_of(combatant), initiative=score.roll.total)
                    changed[combatant.id] = kit.replace(combatant, sheet=sheet)
                return self.ordered(kit.common.with_combatants(state, changed))
            case RoundStarted(round=number):
                if number != state.round + 1:
                    raise kit.RulesError(f"round {number} cannot follow round {state.round}")
                return kit.replace(state, round=number, phase=ROUND, acted=frozenset())
            case Struck(attacker=attacker, target=target):
                kit.common.need(state, attacker)
                kit.common.need(state, target)
                return state
        return super().apply_own(state, event)

    def describe_own(self, event: kit.Event, state: kit.EncounterState) -> str | None:
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

    def own_rolls(self, event: kit.Event, state: kit.EncounterState) -> tuple[kit.RollShown, ...]:
        match event:
            case Initiative(scores=scores):
                return tuple(
                    kit.RollShown(s.combatant_id, "rolls initiative", s.roll) for s in scores
                )
            case Struck(attacker=attacker, target=target, roll=roll, damage=damage):
                aimed = state.combatants[target]
                verdict = f"hit, {damage.total} damage" if damage is not None else "miss"
                outcome = f"{roll.total} against armor {sheet_of(aimed).armor} — {verdict}"
                title = f"strikes {aimed.name}"
                return (kit.RollShown(attacker, title, roll, outcome=outcome, others=(target,)),)
        return ()

    def timeline(self, state: kit.EncounterState) -> tuple[kit.TimelineSlot, ...]:
        slots = []
        for cid in state.order:
            combatant = state.combatants[cid]
            initiative = sheet_of(combatant).initiative
            status = kit.turn_status(cid, state.current, state.acted)
            shown = "-" if initiative is None else str(initiative)
            slots.append(
                kit.combatant_slot(combatant, shown, status=status, position=initiative or 0)
            )
        return tuple(slots)

    def timeline_axis(self, state: kit.EncounterState) -> kit.TimelineAxis:
        return kit.TimelineAxis(
            kit.AxisKind.RULER, "Initiative (d20 + modifier)", unit="Initiative"
        )

    def resources(self, state: kit.EncounterState, combatant_id: str) -> tuple[kit.Resource, ...]:
        sheet = sheet_of(state.combatants[combatant_id])
        return (
            kit.Resource("hp", "Hit points", sheet.hp, sheet.hp_max, f"{sheet.hp}/{sheet.hp_max}"),
        )

    def legal_intents(
        self, state: kit.EncounterState, combatant_id: str
    ) -> tuple[kit.IntentOption, ...]:
        if state.phase != ROUND or state.current != combatant_id:
            return ()
        attacker = state.combatants[combatant_id]
        return tuple(
            kit.IntentOption(f"Strike {other.name}", Strike(combatant_id, other.id))
            for other in state.combatants.values()
            if other.side != attacker.side and not other.down
        )

    own_columns = (
        kit.Column("hp", "HP", kit.ColumnKind.INT, editable=True, minimum=Fraction(0)),
        kit.Column("hp_max", "Max HP", kit.ColumnKind.INT),
        kit.Column("armor", "Armor", kit.ColumnKind.INT),
        kit.Column("initiative", "Init", kit.ColumnKind.TEXT),
    )

    def own_cell(
        self, state: kit.EncounterState, combatant: kit.Combatant, key: str
    ) -> kit.CellValue:
        sheet = sheet_of(combatant)
        initiative = "-" if sheet.initiative is None else str(sheet.initiative)
        values: dict[str, kit.CellValue] = {
            "hp": sheet.hp,
            "hp_max": sheet.hp_max,
            "armor": sheet.armor,
            "initiative": initiative,
        }
        return values[key]
