"""Applying ``rollkeep``'s own events to the state (pure): stances, scores and the turn order,
the stages of a round, delays, Full Defense and attacks; and what its rules add to the shared
events the round system's base applies."""

from collections.abc import Callable
from typing import Any

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
from uwr_desktop.core.rulesets.sheets import part_reader

part_of = part_reader(RollkeepPart, RollkeepPart())
"""The rollkeep part of the state (a fresh one before any is set)."""


def _edit(
    state: EncounterState, cid: str, change: Callable[[RollkeepSheet], RollkeepSheet]
) -> EncounterState:
    combatant = common.need(state, cid)
    sheet = change(sheet_of(combatant))
    return common.with_combatants(state, {cid: replace(combatant, sheet=sheet)})


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


def _with_faces(
    sheet: RollkeepSheet, number: int, faces: tuple[int, ...], alone: bool = False
) -> RollkeepSheet:
    """``sheet`` with its faces in roll-off ``number`` (``alone``: rolled alone to take a place
    in it); past the most a sheet keeps, its oldest roll-off goes."""
    others = tuple(s for s in sheet.roll_offs if s.roll_off != number)
    kept = (*others, SettledFaces(number, faces, alone))
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
    return _edit(state, cid, lambda sheet: _with_faces(sheet, number, faces, alone=True))


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


def _delayed(state: EncounterState, event: events.Delayed) -> EncounterState:
    cid = event.combatant_id
    if state.current != cid:
        raise RulesError(f"{common.need(state, cid).name} is not on turn and cannot delay")
    part = part_of(state)
    state = _edit(state, cid, lambda s: replace(s, delaying=True))
    return replace(state, current=None, part=replace(part, declined=part.declined | {cid}))


def _returned(state: EncounterState, event: events.Returned) -> EncounterState:
    cid = event.combatant_id
    if state.current != cid or not sheet_of(common.need(state, cid)).delaying:
        raise RulesError(f"{common.need(state, cid).name} has no delayed turn offered")
    return _edit(state, cid, lambda s: replace(s, delaying=False, full_defense_bonus=0))


def _forfeited(state: EncounterState, event: events.Forfeited) -> EncounterState:
    ids = tuple(event.combatant_ids)
    for cid in ids:
        state = _edit(state, cid, lambda s: replace(s, delaying=False))
    current = None if state.current in ids else state.current
    return replace(state, acted=state.acted | set(ids), current=current)


def after_shared(state: EncounterState, event: Event) -> EncounterState:
    """``state`` just after the shared ``event``: a turn's start or end sets the round's
    acting and declining afresh, and a turn's start ends a Full Defense unless delaying."""
    if isinstance(event, TurnStarted):
        part = replace(part_of(state), acting=False)
        if not sheet_of(state.combatants[event.combatant_id]).delaying:
            state = _edit(state, event.combatant_id, lambda s: replace(s, full_defense_bonus=0))
        return replace(state, part=part)
    if isinstance(event, TurnEnded):
        return replace(state, part=replace(part_of(state), declined=frozenset(), acting=False))
    return state


def ordered(state: EncounterState, settings: RollkeepSettings) -> EncounterState:
    """``state`` with the turn order its scores give."""
    order = turn_order(state.combatants, state.rows, settings)
    return state if order == state.order else replace(state, order=order)


def _stance(state: EncounterState, event: events.StanceChosen) -> EncounterState:
    stance = event.stance

    def chosen(sheet: RollkeepSheet) -> RollkeepSheet:
        kept = sheet.full_defense_bonus if stance is Stance.FULL_DEFENSE else 0
        return replace(sheet, stance=stance, full_defense_bonus=kept)

    return _edit(state, event.combatant_id, chosen)


def _score_set(state: EncounterState, event: events.InitiativeSet) -> EncounterState:
    return _edit(state, event.combatant_id, lambda s: replace(s, initiative_override=event.score))


def _full_defense(state: EncounterState, event: events.FullDefenseRolled) -> EncounterState:
    bonus = full_defense_bonus(event.roll.total)
    return _edit(state, event.combatant_id, lambda s: replace(s, full_defense_bonus=bonus))


def _attacked(state: EncounterState, event: events.Attacked) -> EncounterState:
    common.need(state, event.target)
    if event.used_center:
        state = _edit(state, event.attacker, lambda s: replace(s, center_roll=False))
    else:
        common.need(state, event.attacker)
    return replace(state, part=replace(part_of(state), acting=True))


APPLIERS: dict[type[Event], Callable[[EncounterState, Any], EncounterState]] = {
    events.StageBegan: _stage,
    events.StanceChosen: _stance,
    events.AmbushRolled: _ambush,
    events.InitiativeRolled: _rolled,
    events.TiesRolled: _ties,
    events.RollOff: _roll_off,
    events.RollOffJoined: _joined,
    events.InitiativeSet: _score_set,
    events.Delayed: _delayed,
    events.Returned: _returned,
    events.Forfeited: _forfeited,
    events.FullDefenseRolled: _full_defense,
    events.Attacked: _attacked,
}
"""The skirmish's own events, each with its applier (the turn order follows each)."""
