"""The rolls each ``uwr`` event made, as the dice tray, the log and the player view show them.

A check is shown whole at every step: the action's dice with the reaction that opposes it, and
the outcome so far, "3 successes against Bryn's dodge 1 — hit" once resolved. So a reaction, a
reroll, a typed result and the resolution each show the check as it then stands, not the
reaction alone.
"""

from msgspec.structs import replace

from uwr_desktop.core.dice import SumRoll, SumSpec
from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.uwr.events import (
    CheckResolved,
    CheckRolled,
    DieRerolled,
    InitiativeRoll,
    InitiativeRolled,
    ReactionRolled,
    ResultTyped,
    RollOff,
)
from uwr_desktop.core.rulesets.uwr.state import PendingCheck, part_of


def _summed(roll: InitiativeRoll) -> RollRecord:
    return RollRecord.of_sum(SumRoll(SumSpec(len(roll.faces), 6), roll.faces))


def _successes(count: int) -> str:
    return "1 success" if count == 1 else f"{count} successes"


def _name(state: EncounterState, combatant_id: str | None) -> str:
    combatant = state.combatants.get(combatant_id or "")
    return "?" if combatant is None else combatant.name


def check_title(state: EncounterState, check: CheckRolled) -> str:
    """What the check's roller does, in words that follow their name: ``"attacks Bryn"``,
    ``"rolls Brawn vs Grace against Orc"``, ``"rolls Grace check"``, ``"rolls 8 dice"``."""
    if check.kind == "attack":
        return f"attacks {_name(state, check.target)}"
    what = check.title.removesuffix(" roll") or "dice"
    if check.kind == "opposed":
        return f"rolls {what} against {_name(state, check.target)}"
    return f"rolls {what}"


def check_outcome(
    state: EncounterState, pending: PendingCheck, resolved: CheckResolved | None = None
) -> str:
    """The check's result so far: ``"3 successes against Bryn's dodge 1 — hit"``; typed
    results count as the GM typed them."""
    check = pending.check
    words = _successes(pending.action_successes())
    reaction = pending.reaction_successes()
    if reaction is not None:
        target = _name(state, check.target)
        answer = pending.reaction.reaction if pending.reaction is not None else None
        kind = "" if answer in (None, "opposed") else f" {answer}"
        words += f" against {target}'s{kind} {reaction}"
    elif check.difficulty is not None:
        words += f" against difficulty {check.difficulty}"
    if resolved is None:
        return words
    if check.kind == "attack":
        verdict = "hit" if resolved.success else "miss"
    elif check.kind == "opposed":
        winner = check.actor if resolved.success else check.target
        verdict = f"{_name(state, winner)} wins"
    elif check.difficulty is not None:
        verdict = "pass" if resolved.success else "fail"
    else:
        return words
    return f"{words} — {verdict}"


def _check(
    state: EncounterState,
    pending: PendingCheck,
    resolved: CheckResolved | None = None,
    rerolled: tuple[int, ...] = (),
) -> RollShown:
    check = pending.check
    return RollShown(
        check.actor,
        check_title(state, check),
        check.roll,
        against=pending.roll(of_reaction=True),
        outcome=check_outcome(state, pending, resolved),
        rerolled=rerolled,
        others=() if check.target is None else (check.target,),
    )


def _with_reroll(record: RollRecord, event: DieRerolled) -> RollRecord:
    return replace(record, rerolls_taken=(*record.rerolls_taken, (event.index, event.face)))


def shown_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls ``event`` made or settled (``state``: just before it)."""
    match event:
        case InitiativeRolled(rolls=rolls):
            return tuple(
                RollShown(roll.combatant_id, "rolls initiative", _summed(roll))
                for roll in rolls
                if roll.faces
            )
        case RollOff(rolls=rolls):
            rivals = tuple(roll.combatant_id for roll in rolls)
            return tuple(
                RollShown(
                    roll.combatant_id,
                    "rolls off for initiative",
                    _summed(roll),
                    others=tuple(cid for cid in rivals if cid != roll.combatant_id),
                )
                for roll in rolls
                if roll.faces
            )
        case CheckRolled():
            return (_check(state, PendingCheck(event)),)
    pending = part_of(state).pending
    if pending is None:
        return ()
    rerolled: tuple[int, ...] = ()
    resolved = None
    match event:
        case ReactionRolled():
            check = replace(pending, reaction=event)
        case DieRerolled(of_reaction=False, index=index):
            check = pending.with_roll(_with_reroll(pending.check.roll, event), of_reaction=False)
            rerolled = (index,)
        case DieRerolled(of_reaction=True) if pending.reaction is not None:
            check = pending.with_roll(_with_reroll(pending.reaction.roll, event), of_reaction=True)
        case ResultTyped(of_reaction=True, successes=successes):
            check = replace(pending, reaction_typed=successes)
        case ResultTyped(of_reaction=False, successes=successes):
            check = replace(pending, action_typed=successes)
        case CheckResolved():
            check, resolved = pending, event
        case _:
            return ()
    return (_check(state, check, resolved, rerolled),)
