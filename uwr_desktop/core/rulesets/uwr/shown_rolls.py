"""The rolls each ``uwr`` event made, as the dice tray and the player view show them."""

from msgspec.structs import replace

from uwr_desktop.core.dice import SumRoll, SumSpec
from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.uwr.events import (
    CheckRolled,
    DieRerolled,
    InitiativeRoll,
    InitiativeRolled,
    ReactionRolled,
    RollOff,
)
from uwr_desktop.core.rulesets.uwr.state import part_of

_CHECK_TITLES = {"attack": "Attack", "direct": "Check", "free": "Roll", "opposed": "Opposed check"}


def _summed(roll: InitiativeRoll) -> RollRecord:
    return RollRecord.of_sum(SumRoll(SumSpec(len(roll.faces), 6), roll.faces))


def shown_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls ``event`` made (``state``: just before it)."""
    match event:
        case InitiativeRolled(rolls=rolls):
            return tuple(
                RollShown(roll.combatant_id, "Initiative", _summed(roll))
                for roll in rolls
                if roll.faces
            )
        case RollOff(rolls=rolls):
            return tuple(
                RollShown(roll.combatant_id, "Roll-off", _summed(roll))
                for roll in rolls
                if roll.faces
            )
        case CheckRolled(kind=kind, actor=actor, roll=roll, title=title):
            return (RollShown(actor, title or _CHECK_TITLES[kind], roll),)
    pending = part_of(state).pending
    if pending is None:
        return ()
    match event:
        case ReactionRolled(reaction=reaction, roll=roll):
            who = pending.target if pending.target is not None else pending.actor
            return (RollShown(who, reaction.capitalize(), roll, against=pending.action),)
        case DieRerolled(of_reaction=False, index=index, face=face):
            record = replace(
                pending.action, rerolls_taken=(*pending.action.rerolls_taken, (index, face))
            )
            title = pending.title or _CHECK_TITLES.get(pending.kind, "Roll")
            return (RollShown(pending.actor, title, record, pending.reaction, rerolled=(index,)),)
        case DieRerolled(of_reaction=True, index=index, face=face) if pending.reaction:
            record = replace(
                pending.reaction, rerolls_taken=(*pending.reaction.rerolls_taken, (index, face))
            )
            who = pending.target if pending.target is not None else pending.actor
            title = (pending.reaction_kind or "reaction").capitalize()
            return (RollShown(who, title, record, pending.action, rerolled=(index,)),)
    return ()
