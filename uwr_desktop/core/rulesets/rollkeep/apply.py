"""Applying ``rollkeep`` events to the state (pure): stances, scores and the turn order, the
stages of a round, delays, Full Defense and attacks."""

from collections.abc import Callable

from msgspec.structs import replace

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event, TurnEnded, TurnStarted
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_DICE
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.rollkeep import events
from uwr_desktop.core.rulesets.rollkeep.rules import (
    D10,
    full_defense_bonus,
    placed_faces,
    settled_faces,
    sheet_of,
    turn_order,
)
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, SettledFaces, Stance
from uwr_desktop.core.rulesets.rollkeep.state import Phase, RollkeepPart, RollkeepSettings


def part_of(state: EncounterState) -> RollkeepPart:
    """The rollkeep part of the state (a fresh one before any is set)."""
    part = state.part
    return part if isinstance(part, RollkeepPart) else RollkeepPart()


def _edit(
    state: EncounterState, cid: str, change: Callable[[RollkeepSheet], RollkeepSheet]
) -> EncounterState:
    combatant = common.need(state, cid)
    sheet = change(sheet_of(combatant))
    return common.with_combatants(state, {cid: replace(combatant, sheet=sheet)})


def _ordered(state: EncounterState, settings: RollkeepSettings) -> EncounterState:
    order = turn_order(state.combatants, state.rows, settings)
    return state if order == state.order else replace(state, order=order)


def _stage(state: EncounterState, event: events.StageBegan) -> EncounterState:
    phase, part = state.phase, part_of(state)
    if event.stage is Phase.INITIATIVE and phase == Phase.SETUP and event.round == 1:
        return replace(state, round=1, phase=Phase.INITIATIVE)
    if event.stage is Phase.TURNS and phase == Phase.INITIATIVE and event.round == state.round:
        return replace(state, phase=Phase.TURNS, part=replace(part, declined=frozenset()))
    if event.stage is Phase.TURNS and phase == Phase.REACTIONS and event.round == state.round + 1:
        return replace(
            state,
            round=event.round,
            phase=Phase.TURNS,
            acted=frozenset(),
            current=None,
            part=replace(part, declined=frozenset(), acting=False),
        )
    if event.stage is Phase.REACTIONS and phase == Phase.TURNS and event.round == state.round:
        changed = {}
        for cid, combatant in state.combatants.items():
            sheet = sheet_of(combatant)
            centered = sheet.stance is Stance.CENTER
            after = replace(sheet, center_initiative=centered, center_roll=centered, delaying=False)
            if after != sheet:
                changed[cid] = replace(combatant, sheet=after)
        return common.with_combatants(state, changed, phase=Phase.REACTIONS, current=None)
    raise RulesError(f"the {event.stage} stage of round {event.round} cannot begin now")


def _rolled(state: EncounterState, event: events.InitiativeRolled) -> EncounterState:
    for rolled in event.rolls:
        if rolled.roll.kind is not DiceKind.KEEP:
            raise RulesError("an Initiative Score is a roll-and-keep roll")
        roll = rolled.roll

        def rolled_score(sheet: RollkeepSheet, roll: RollRecord = roll) -> RollkeepSheet:
            return replace(sheet, initiative=roll)

        state = _edit(state, rolled.combatant_id, rolled_score)
    return state


def _ties(state: EncounterState, event: events.TiesRolled) -> EncounterState:
    for rolled in event.rolls:
        face = _d10(rolled.roll)

        def with_face(sheet: RollkeepSheet, face: int = face) -> RollkeepSheet:
            return replace(sheet, tie_faces=(*sheet.tie_faces, face))

        state = _edit(state, rolled.combatant_id, with_face)
    return state


def _d10(roll: RollRecord) -> int:
    if roll.kind is not DiceKind.SUM or roll.sides != D10 or roll.dice != 1:
        raise RulesError("an initiative roll-off is one d10")
    return roll.total


def _with_faces(sheet: RollkeepSheet, number: int, faces: tuple[int, ...]) -> RollkeepSheet:
    """``sheet`` with its faces in roll-off ``number``; past the most a sheet keeps, its
    oldest roll-off goes."""
    others = tuple(s for s in sheet.roll_offs if s.roll_off != number)
    kept = (*others, SettledFaces(number, faces))
    return replace(sheet, roll_offs=kept[-MAX_DICE:])


def _roll_off(state: EncounterState, event: events.RollOff) -> EncounterState:
    for rolled in event.rolls:
        face = _d10(rolled.roll)

        def with_face(sheet: RollkeepSheet, face: int = face) -> RollkeepSheet:
            faces = settled_faces(sheet).get(event.roll_off, ())
            return _with_faces(sheet, event.roll_off, (*faces, face))

        state = _edit(state, rolled.combatant_id, with_face)
    part = part_of(state)
    return replace(state, part=replace(part, roll_offs=max(part.roll_offs, event.roll_off)))


def _joined(state: EncounterState, event: events.RollOffJoined) -> EncounterState:
    cid, number = event.combatant_id, event.roll_off
    name = common.need(state, cid).name
    others = [
        faces
        for other, combatant in state.combatants.items()
        if other != cid and (faces := settled_faces(sheet_of(combatant)).get(number))
    ]
    if not others or number in settled_faces(sheet_of(state.combatants[cid])):
        raise RulesError(f"{name} cannot take a place in initiative roll-off {number}")
    rolled = [_d10(roll) for roll in event.rolls]
    faces = placed_faces(others, rolled)
    if faces is None or placed_faces(others, rolled[:-1]) is not None:
        raise RulesError(f"{name}'s d10s do not give a place in initiative roll-off {number}")
    return _edit(state, cid, lambda sheet: _with_faces(sheet, number, faces))


def _ambush(state: EncounterState, event: events.AmbushRolled) -> EncounterState:
    part = part_of(state)
    if state.phase != Phase.SETUP or part.ambush_rolled:
        raise RulesError("the ambush is rolled once, before the skirmish")
    for rolled in (*event.ambushers, *event.unaware):
        common.need(state, rolled.combatant_id)
    hidden = sum(r.roll.total for r in event.ambushers)
    aware = sum(r.roll.total for r in event.unaware)
    state = replace(state, part=replace(part, ambush_rolled=True))
    if hidden > aware:
        for cid in event.surprised:
            state = _edit(state, cid, lambda s: replace(s, ambushed=True))
    return state


def _delayed(state: EncounterState, cid: str) -> EncounterState:
    if state.current != cid:
        raise RulesError(f"{common.need(state, cid).name} is not on turn and cannot delay")
    part = part_of(state)
    state = _edit(state, cid, lambda s: replace(s, delaying=True))
    return replace(state, current=None, part=replace(part, declined=part.declined | {cid}))


def _returned(state: EncounterState, cid: str) -> EncounterState:
    if state.current != cid or not sheet_of(common.need(state, cid)).delaying:
        raise RulesError(f"{common.need(state, cid).name} has no delayed turn offered")
    return _edit(state, cid, lambda s: replace(s, delaying=False, full_defense_bonus=0))


def _forfeited(state: EncounterState, ids: tuple[str, ...]) -> EncounterState:
    for cid in ids:
        state = _edit(state, cid, lambda s: replace(s, delaying=False))
    current = None if state.current in ids else state.current
    return replace(state, acted=state.acted | set(ids), current=current)


def _after_shared(state: EncounterState, event: Event) -> EncounterState:
    if isinstance(event, TurnStarted):
        part = replace(part_of(state), acting=False)
        if not sheet_of(state.combatants[event.combatant_id]).delaying:
            state = _edit(state, event.combatant_id, lambda s: replace(s, full_defense_bonus=0))
        return replace(state, part=part)
    if isinstance(event, TurnEnded):
        return replace(state, part=replace(part_of(state), declined=frozenset(), acting=False))
    return state


def apply_event(state: EncounterState, event: Event, settings: RollkeepSettings) -> EncounterState:
    """The state after ``event``; an event that does not fit raises ``RulesError``."""
    shared = common.apply_shared(state, event)
    if shared is not None:
        return _ordered(_after_shared(shared, event), settings)
    match event:
        case events.StageBegan():
            state = _stage(state, event)
        case events.StanceChosen(combatant_id=cid, stance=stance):
            state = _edit(
                state,
                cid,
                lambda s: replace(
                    s,
                    stance=stance,
                    full_defense_bonus=s.full_defense_bonus if stance is Stance.FULL_DEFENSE else 0,
                ),
            )
        case events.AmbushRolled():
            state = _ambush(state, event)
        case events.InitiativeRolled():
            state = _rolled(state, event)
        case events.TiesRolled():
            state = _ties(state, event)
        case events.RollOff():
            state = _roll_off(state, event)
        case events.RollOffJoined():
            state = _joined(state, event)
        case events.InitiativeSet(combatant_id=cid, score=value):
            state = _edit(state, cid, lambda s: replace(s, initiative_override=value))
        case events.Delayed(combatant_id=cid):
            state = _delayed(state, cid)
        case events.Returned(combatant_id=cid):
            state = _returned(state, cid)
        case events.Forfeited(combatant_ids=ids):
            state = _forfeited(state, tuple(ids))
        case events.FullDefenseRolled(combatant_id=cid, roll=roll):
            bonus = full_defense_bonus(roll.total)
            state = _edit(state, cid, lambda s: replace(s, full_defense_bonus=bonus))
        case events.Attacked(attacker=attacker, target=target, used_center=used_center):
            common.need(state, target)
            if used_center:
                state = _edit(state, attacker, lambda s: replace(s, center_roll=False))
            else:
                common.need(state, attacker)
            state = replace(state, part=replace(part_of(state), acting=True))
        case _:
            raise RulesError(f"a roll-and-keep skirmish has no event {type(event).__name__}")
    return _ordered(state, settings)
