"""The ``hands`` timeline during a round: one column per turn, each combatant's points as pips.

The finished turns of the round come first (the carry-over turn, then turns 1, 2, ...), each in
its declare-first order with the points each had left after it as filled pips and what it spent
as hollow ones; the turn under way comes last, its pips the points each has now, a click on one
spending (or, in the carry-over turn, moving with) the points up to it.
"""

from uwr_desktop.core.condition_text import condition_text
from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.intents import Intent
from uwr_desktop.core.rulesets.hands.intents import HandsMove, HandsSpend
from uwr_desktop.core.rulesets.hands.sheet import sheet_of
from uwr_desktop.core.rulesets.hands.state import (
    Action,
    Deed,
    HandsPart,
    Phase,
    Place,
    Reason,
    TurnRecord,
    foiled_by,
    part_of,
)
from uwr_desktop.core.timeline import TURN, SlotKind, SlotStatus, TimelineSlot, turn_status

REASON_WORDS = {
    Reason.SURPRISE: "surprise",
    Reason.POINTS: "most points",
    Reason.REACH: "reach",
    Reason.CLOSE_QUARTERS: "close quarters",
    Reason.MISSILE: "missile range",
    Reason.BONUS: "bonus",
    Reason.ROLL_OFF: "roll-off",
    Reason.TIED: "tied",
    Reason.ALONE: "alone",
}
"""How a place's reason reads on the timeline."""

CARRY_OVER_TURN = SlotKind("Carry-over turn", set_apart=True)
"""A movement-only turn with the points kept from the round before, before turn 1."""

OUTREACHED_MARK = "⚠"
"""Added to the name of a combatant outreached this turn."""


def heading(turn: int, *, now: bool) -> str:
    """``"Carry-over"``, ``"Turn 2"``, ``"Turn 3 · now"``."""
    text = "Carry-over" if turn == 0 else f"Turn {turn}"
    return f"{text} · now" if now else text


def past_key(turn: int, combatant_id: str) -> str:
    """The key of a finished turn's slot (the turn under way keys its slots by combatant)."""
    return f"turn{turn}:{combatant_id}"


def _outreach_lines(state: EncounterState, part: HandsPart, cid: str) -> list[str]:
    return [
        f"{OUTREACHED_MARK} outreached by {state.combatants[by].name}: may attack only its "
        "weapon, when it attacks (unless with a shorter weapon)"
        for who, by in part.outreached
        if who == cid and by in state.combatants
    ]


def deed_words(state: EncounterState, deed: Deed, actions: tuple[Action, ...]) -> str:
    """What a combatant did, with what came of it: ``"1 against Ana's action: succeeded
    (roll 14)"``, ``"3 with Halberd: failed, Bo interfered"``."""
    if deed.action is None or deed.action >= len(actions):
        return deed.text
    action = actions[deed.action]
    text = deed.text
    if action.succeeded is not None:
        text += ": succeeded" if action.succeeded else ": failed"
    if action.roll is not None:
        text += f" (roll {action.roll})"
    foiled = foiled_by(actions, deed.action)
    if foiled is not None and foiled.actor in state.combatants:
        text += f": failed, {state.combatants[foiled.actor].name} interfered"
    return text


def deed_rivals(deeds: list[Deed], actions: tuple[Action, ...]) -> tuple[str, ...]:
    """Whom the words of ``deeds`` tell of: the target of an action, the actor of the action
    one interferes with, and whoever's interference made one fail."""
    found: list[str] = []
    for deed in deeds:
        if deed.action is None or deed.action >= len(actions):
            continue
        action = actions[deed.action]
        if action.target is not None:
            found.append(action.target)
        if action.opposes is not None and action.opposes < len(actions):
            found.append(actions[action.opposes].actor)
        foiled = foiled_by(actions, deed.action)
        if foiled is not None:
            found.append(foiled.actor)
    return tuple(dict.fromkeys(found))


def _label(state: EncounterState, part: HandsPart, cid: str) -> str:
    name = state.combatants[cid].name
    return f"{name} {OUTREACHED_MARK}" if any(who == cid for who, _ in part.outreached) else name


def past_column(state: EncounterState, record: TurnRecord) -> list[TimelineSlot]:
    """A finished turn: who declared first, what each did and the points left after it."""
    start = dict(record.start_points)
    title = heading(record.turn, now=False)
    kind = CARRY_OVER_TURN if record.turn == 0 else TURN
    places = [p for p in record.places if p.combatant_id in state.combatants]
    slots = []
    for index, place in enumerate(places, 1):
        cid = place.combatant_id
        combatant = state.combatants[cid]
        deeds = [d for d in record.deeds if d.combatant_id == cid]
        spent = sum(d.points for d in deeds)
        did = "; ".join(deed_words(state, d, record.actions) for d in deeds) or "nothing"
        left = max(start.get(cid, 0) - spent, 0)
        details = [
            f"{title}, #{index}: {place.text}",
            f"{start.get(cid, 0)} points at the turn start; {did}",
        ]
        if record.turn == 0 and left:
            details.append(f"{left} carry-over points stay in place (wind-up or manoeuvring)")
        slots.append(
            TimelineSlot(
                past_key(record.turn, cid),
                cid,
                combatant.name,
                combatant.side,
                did,
                kind=kind,
                status=SlotStatus.DONE,
                detail="\n".join(details),
                position=start.get(cid, 0),
                column=title,
                pips=left,
                spent_pips=spent,
                tells=deed_rivals(deeds, record.actions),
                tells_health=True,
            )
        )
    return slots


def _current_slot(state: EncounterState, index: int, place: Place) -> TimelineSlot:
    part = part_of(state)
    carry = state.phase == Phase.CARRY_OVER
    cid = place.combatant_id
    combatant = state.combatants[cid]
    sheet = sheet_of(combatant)
    points = sheet.carry_over if carry else sheet.ready
    status = turn_status(cid, state.current, state.acted, done=points == 0)
    details = [
        f"#{index}: {place.text}",
        f"{dict(part.start_points).get(cid, 0)} points at the turn start",
    ]
    details += [deed_words(state, d, part.actions) for d in part.deeds if d.combatant_id == cid]
    details += _outreach_lines(state, part, cid)
    details += [condition_text(c, state) for c in combatant.conditions]
    clickable = points > 0 and not (carry and cid in state.acted)
    interferers = [
        by.actor
        for index, action in enumerate(part.actions)
        if action.actor == cid and (by := foiled_by(part.actions, index)) is not None
    ]
    outreaching = [by for who, by in part.outreached if who == cid]
    rival = [place.rival] if place.rival else []
    return TimelineSlot(
        cid,
        cid,
        _label(state, part, cid),
        combatant.side,
        f"{points} · {REASON_WORDS[place.reason]}" + (" · action failed" if interferers else ""),
        kind=CARRY_OVER_TURN if carry else TURN,
        status=status,
        detail="\n".join(details),
        position=points,
        column=heading(part.turn, now=True),
        pips=points,
        spent_pips=part.spent(cid),
        pip_action=clickable,
        tells=tuple(dict.fromkeys([*rival, *outreaching, *interferers])),
        tells_health=True,
    )


def round_columns(state: EncounterState) -> tuple[TimelineSlot, ...]:
    """The finished turns of the round, then the turn under way (in declare-first order)."""
    part = part_of(state)
    slots: list[TimelineSlot] = []
    for record in part.history:
        slots.extend(past_column(state, record))
    slots.extend(_current_slot(state, index, place) for index, place in enumerate(part.places, 1))
    return tuple(slots)


def pip_intent(state: EncounterState, slot_key: str, pip: int) -> Intent | None:
    """A click on pip ``pip`` of a slot of the turn under way: spend (in the carry-over turn,
    move with) that many points; past turns' pips do nothing."""
    if slot_key not in dict(part_of(state).start_points) or pip < 1:
        return None
    if state.phase == Phase.CARRY_OVER:
        return HandsMove(slot_key, pip)
    if state.phase == Phase.TURNS:
        return HandsSpend(slot_key, pip)
    return None
