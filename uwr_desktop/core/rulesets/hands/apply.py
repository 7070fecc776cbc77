"""Applying ``hands`` events to a state: pure functions, cheap (unchanged combatants are
shared).

After every event the turn's view is brought up to date: the declare-first order (places and
``state.order``), who has declared (``state.acted``) and who declares now (``state.current``).
An event that does not fit the state raises ``RulesError``, so a tampered journal is refused.
"""

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    ConditionsAtTurn,
    Event,
    RoundEnded,
)
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.common import (
    apply_known_shared,
    apply_shared_or_refuse,
    need,
    with_combatants,
)
from uwr_desktop.core.rulesets.hands import events, order
from uwr_desktop.core.rulesets.hands.sheet import sheet_of, with_sheet
from uwr_desktop.core.rulesets.hands.state import (
    NO_TURN,
    Action,
    Deed,
    HandsPart,
    Phase,
    TurnRecord,
    part_of,
)


def _with_part(state: EncounterState, part: HandsPart) -> EncounterState:
    return replace(state, part=part)


def in_turn(state: EncounterState) -> bool:
    """Whether a turn (the carry-over turn or a normal one) is under way."""
    return state.phase in (Phase.CARRY_OVER, Phase.TURNS)


def opposed_action(state: EncounterState, index: int) -> Action:
    """The turn's action number ``index`` as an interfering action may oppose it: refused when
    there is none, or when its combatant has left the fight (nothing is left to interfere
    with)."""
    actions = part_of(state).actions
    if index >= len(actions):
        raise RulesError(f"there is no action number {index + 1} this turn")
    if actions[index].actor not in state.combatants:
        raise RulesError(
            f"The combatant of action number {index + 1} this turn has left the fight: there "
            "is nothing to interfere with"
        )
    return actions[index]


def refresh(state: EncounterState) -> EncounterState:
    """The turn's order, places and who declares now, from the part and the sheets."""
    if not in_turn(state):
        return replace(state, order=state.rows, current=None)
    part = part_of(state)
    carry = state.phase == Phase.CARRY_OVER
    part = replace(part, places=order.places(state, part, carry=carry))
    ids = tuple(place.combatant_id for place in part.places)
    current = next(
        (
            cid
            for cid in ids
            if cid not in state.acted
            and order.points_of(sheet_of(state.combatants[cid]), carry=carry) > 0
        ),
        None,
    )
    return replace(state, part=part, order=ids, current=current)


def _set_pools(
    state: EncounterState, pools: tuple[events.Pools, ...], *, whole: bool
) -> EncounterState:
    """Pools as listed (used emptied); with ``whole``, everyone not listed gets empty pools."""
    changed: dict[str, Combatant] = {}
    for entry in pools:
        combatant = need(state, entry.combatant_id)
        if combatant.id in changed:
            raise RulesError(f"{combatant.name}'s points are split twice")
        sheet = sheet_of(combatant)
        undamaged = sheet.undamaged
        if entry.ready + entry.carry_over != undamaged or entry.carry_over > undamaged // 2:
            raise RulesError(
                f"{combatant.name} cannot split {undamaged} points as {entry.ready} ready and "
                f"{entry.carry_over} carry-over"
            )
        updated = replace(sheet, ready=entry.ready, carry_over=entry.carry_over, used=0)
        changed[combatant.id] = with_sheet(combatant, updated)
    if whole:
        for cid in state.rows:
            if cid not in changed and sheet_of(state.combatants[cid]).undamaged:
                raise RulesError(f"{state.combatants[cid].name}'s points were not split")
    return with_combatants(state, changed)


def _round_started(state: EncounterState, event: events.RoundStarted) -> EncounterState:
    if event.round != state.round + 1:
        raise RulesError(f"round {event.round} cannot follow round {state.round}")
    state = _set_pools(state, event.pools, whole=True)
    # The turn (carry-over or first) that always follows resets the rest of the part.
    part = replace(part_of(state), turn=NO_TURN, history=())
    return replace(state, part=part, round=event.round, phase=Phase.TURNS)


def _readied(state: EncounterState, event: events.PointsReadied) -> EncounterState:
    if not in_turn(state):
        raise RulesError("points are readied only during a round")
    return _set_pools(state, event.pools, whole=False)


def _turn_started(state: EncounterState, event: events.TurnBegan) -> EncounterState:
    if state.phase == Phase.SETUP:
        raise RulesError("a turn cannot start before the fight")
    part = part_of(state)
    expected = (0, 1) if part.turn == NO_TURN else (part.turn + 1,)
    if event.turn not in expected:
        raise RulesError(f"turn {event.turn} cannot follow turn {part.turn}")
    carry = event.turn == 0
    ids = order.participants(state, carry=carry)
    start = tuple(
        (cid, order.points_of(sheet_of(state.combatants[cid]), carry=carry)) for cid in ids
    )
    part = replace(
        part,
        turn=event.turn,
        start_points=start,
        roll_offs=(),
        surprise=(),
        actions=(),
        deeds=(),
        outreached=order.outreached(state),
    )
    phase = Phase.CARRY_OVER if carry else Phase.TURNS
    return refresh(replace(state, part=part, phase=phase, acted=frozenset()))


def _roll_off(state: EncounterState, event: events.RollOff) -> EncounterState:
    part = part_of(state)
    if not in_turn(state):
        raise RulesError("a roll-off needs a turn under way")
    starting = dict(part.start_points)
    rolled = dict(part.roll_offs)
    for roll in event.rolls:
        combatant = need(state, roll.combatant_id)
        if combatant.id not in starting:
            raise RulesError(f"{combatant.name} takes no part in this turn")
        rolled[combatant.id] = roll.faces
    return refresh(_with_part(state, replace(part, roll_offs=tuple(rolled.items()))))


def _surprise(state: EncounterState, event: events.SurpriseSet) -> EncounterState:
    part = part_of(state)
    combatant = need(state, event.combatant_id)
    if not in_turn(state) or combatant.id not in dict(part.start_points):
        raise RulesError(f"{combatant.name} takes no part in this turn")
    kept = tuple(cid for cid in part.surprise if cid != combatant.id)
    surprise = (*kept, combatant.id) if event.surprising else kept
    return refresh(_with_part(state, replace(part, surprise=surprise)))


def _close(state: EncounterState, event: events.CloseSet) -> EncounterState:
    first, second = need(state, event.first), need(state, event.second)
    if first.id == second.id:
        raise RulesError("close quarters needs two combatants")
    part = part_of(state)
    kept = tuple(pair for pair in part.close if set(pair) != {first.id, second.id})
    close = (*kept, (first.id, second.id)) if event.close else kept
    return refresh(_with_part(state, replace(part, close=close)))


def _acted(state: EncounterState, event: events.Acted) -> EncounterState:
    if state.phase != Phase.TURNS:
        raise RulesError("actions are declared in the turns of a round")
    combatant = need(state, event.combatant_id)
    sheet = sheet_of(combatant)
    part = part_of(state)
    if event.points > sheet.ready:
        raise RulesError(f"{combatant.name} has {sheet.ready} ready points, not {event.points}")
    if event.weapon is not None:
        if event.weapon >= len(sheet.weapons):
            raise RulesError(f"{combatant.name} has no weapon number {event.weapon + 1}")
        if any(a.actor == combatant.id and a.weapon == event.weapon for a in part.actions):
            name = sheet.weapons[event.weapon].name
            raise RulesError(f"{combatant.name} already used {name} this turn")
    if event.opposes is not None:
        opposed = opposed_action(state, event.opposes)
        if opposed.actor == combatant.id:
            raise RulesError(f"{combatant.name} cannot interfere with its own action")
        if event.points > opposed.points:
            raise RulesError(
                f"an interfering action may spend at most the {opposed.points} points of the "
                f"action it opposes, not {event.points}"
            )
    if event.target is not None and need(state, event.target).id == combatant.id:
        raise RulesError(f"{combatant.name} cannot attack itself")
    spent = replace(sheet, ready=sheet.ready - event.points, used=sheet.used + event.points)
    action = Action(combatant.id, event.points, event.weapon, event.target, event.opposes)
    deed = Deed(combatant.id, event.points, _deed_text(state, event), len(part.actions))
    state = with_combatants(state, {combatant.id: with_sheet(combatant, spent)})
    part = replace(part, actions=(*part.actions, action), deeds=(*part.deeds, deed))
    return refresh(replace(_with_part(state, part), acted=state.acted | {combatant.id}))


def _deed_text(state: EncounterState, event: events.Acted) -> str:
    """``"2 with Halberd at Ana"``, ``"1 against Brute's action"``."""
    sheet = sheet_of(state.combatants[event.combatant_id])
    text = str(event.points)
    if event.weapon is not None:
        text += f" with {sheet.weapons[event.weapon].name}"
    if event.opposes is not None:
        actor = part_of(state).actions[event.opposes].actor
        return text + f" against {state.combatants[actor].name}'s action"
    if event.target is not None:
        text += f" at {state.combatants[event.target].name}"
    return text


def _outcome(state: EncounterState, event: events.OutcomeRecorded) -> EncounterState:
    part = part_of(state)
    if event.action >= len(part.actions):  # actions are declared in the turns only
        raise RulesError(f"there is no action number {event.action + 1} this turn")
    action = part.actions[event.action]
    if action.opposes is None:
        name = state.combatants[action.actor].name
        raise RulesError(f"{name}'s action number {event.action + 1} interferes with nothing")
    recorded = replace(action, succeeded=event.succeeded, roll=event.roll)
    actions = (*part.actions[: event.action], recorded, *part.actions[event.action + 1 :])
    return _with_part(state, replace(part, actions=actions))


def _moved(state: EncounterState, event: events.Moved) -> EncounterState:
    combatant = need(state, event.combatant_id)
    if state.phase != Phase.CARRY_OVER:
        raise RulesError("carry-over movement comes before the turns of a round")
    if combatant.id not in dict(part_of(state).start_points):
        raise RulesError(f"{combatant.name} has no carry-over turn this round")
    if combatant.id in state.acted:
        raise RulesError(f"{combatant.name} already had its carry-over turn")
    sheet = sheet_of(combatant)
    if event.points > sheet.carry_over:
        raise RulesError(
            f"{combatant.name} has {sheet.carry_over} carry-over points, not {event.points}"
        )
    spent = replace(
        sheet, carry_over=sheet.carry_over - event.points, used=sheet.used + event.points
    )
    text = f"moved with {event.points}" if event.points else "did not move"
    part = part_of(state)
    part = replace(part, deeds=(*part.deeds, Deed(combatant.id, event.points, text)))
    state = with_combatants(state, {combatant.id: with_sheet(combatant, spent)})
    return refresh(replace(_with_part(state, part), acted=state.acted | {combatant.id}))


def _hesitated(state: EncounterState, event: events.Hesitated) -> EncounterState:
    if state.phase != Phase.TURNS:
        raise RulesError("hesitation happens in the turns of a round")
    changed: dict[str, Combatant] = {}
    for cid in event.combatant_ids:
        combatant = need(state, cid)
        sheet = sheet_of(combatant)
        if cid in changed or sheet.ready < 1:
            raise RulesError(f"{combatant.name} has no ready point to hesitate with")
        changed[cid] = with_sheet(
            combatant, replace(sheet, ready=sheet.ready - 1, used=sheet.used + 1)
        )
    part = part_of(state)
    deeds = (*part.deeds, *(Deed(cid, 1, "hesitated") for cid in changed))
    state = _with_part(with_combatants(state, changed), replace(part, deeds=deeds))
    return refresh(replace(state, acted=state.acted | set(changed)))


def _turn_ended(state: EncounterState, event: events.TurnOver) -> EncounterState:
    if not in_turn(state) or event.turn != part_of(state).turn:
        raise RulesError(f"turn {event.turn} is not the turn under way")
    part = part_of(state)
    record = TurnRecord(part.turn, part.start_points, part.places, part.deeds, part.actions)
    part = replace(part, history=(*part.history, record))
    return replace(state, part=part, current=None)


def _with_outreached(state: EncounterState) -> EncounterState:
    """The outreached pairs recomputed (only while a turn is under way)."""
    if not in_turn(state):
        return state
    return _with_part(state, replace(part_of(state), outreached=order.outreached(state)))


def _joined(state: EncounterState, event: CombatantsJoined) -> EncounterState:
    for combatant in event.combatants:
        sheet_of(combatant)
    return refresh(_with_outreached(apply_known_shared(state, event)))


def _left(state: EncounterState, event: CombatantsLeft) -> EncounterState:
    gone = set(event.combatant_ids)
    new = apply_known_shared(state, event)
    part = part_of(new)
    part = replace(
        part,
        start_points=tuple(p for p in part.start_points if p[0] not in gone),
        roll_offs=tuple(r for r in part.roll_offs if r[0] not in gone),
        surprise=tuple(cid for cid in part.surprise if cid not in gone),
        close=tuple(pair for pair in part.close if not set(pair) & gone),
    )
    return refresh(_with_outreached(_with_part(new, part)))


def _updated(state: EncounterState, event: CombatantsUpdated | ConditionsAtTurn) -> EncounterState:
    return refresh(_with_outreached(apply_known_shared(state, event)))


def _round_ended(state: EncounterState, event: RoundEnded) -> EncounterState:
    if not in_turn(state):
        raise RulesError(f"round {event.round} is not under way")
    return apply_known_shared(state, event)


_APPLY: dict[type[Event], Callable[[EncounterState, Any], EncounterState]] = {
    CombatantsJoined: _joined,
    CombatantsLeft: _left,
    CombatantsUpdated: _updated,
    ConditionsAtTurn: _updated,
    RoundEnded: _round_ended,
    events.RoundStarted: _round_started,
    events.PointsReadied: _readied,
    events.TurnBegan: _turn_started,
    events.RollOff: _roll_off,
    events.SurpriseSet: _surprise,
    events.CloseSet: _close,
    events.Acted: _acted,
    events.Moved: _moved,
    events.OutcomeRecorded: _outcome,
    events.Hesitated: _hesitated,
    events.TurnOver: _turn_ended,
}


def apply_event(state: EncounterState, event: Event) -> EncounterState:
    """Return the state after ``event``; ``RulesError`` when it does not fit."""
    handler = _APPLY.get(type(event))
    if handler is None:
        return apply_shared_or_refuse(state, event, "the hands rules have")
    return handler(state, event)
