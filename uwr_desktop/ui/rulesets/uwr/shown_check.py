"""A ``uwr`` check as the dice tray shows it: read from the journal entry that last touched
it, with the dice that entry rolled and the banner that words it."""

from enum import Enum

import msgspec

from uwr_desktop.core.dice import PoolRoll, PoolSpec
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets.uwr.events import (
    CheckResolved,
    CheckRolled,
    DieRerolled,
    ReactionRolled,
    ResultTyped,
)
from uwr_desktop.core.rulesets.uwr.rules import roll_of
from uwr_desktop.core.rulesets.uwr.state import PendingCheck, part_of
from uwr_desktop.core.session import Session


def closed(roll: PoolRoll) -> PoolRoll:
    """The roll with no rerolls left to take (it is final, or the reaction rerolls now)."""
    spec = roll.spec
    final = PoolSpec(spec.dice, spec.favor, roll.rerolls_used, spec.lowest_threshold)
    return PoolRoll(final, roll.dice)


def _successes(count: int) -> str:
    return "1 success" if count == 1 else f"{count} successes"


def outcome_text(pending: PendingCheck, resolved: CheckResolved) -> str:
    """The banner of a resolved check, worded from the core's result."""
    check = pending.check
    if check.kind == "opposed":
        if resolved.success:
            return f"Wins with {resolved.surviving}"
        return f"Target wins ({resolved.action} vs {resolved.reaction})"
    if check.kind == "attack":
        if resolved.success:
            return f"Hits with {resolved.surviving}"
        answer = pending.reaction.reaction if pending.reaction is not None else None
        if answer == "dodge":
            return "Dodged"
        if answer == "parry":
            return "Parried"
        return "Misses"
    if check.kind == "direct":
        verdict = "Pass" if resolved.success else "Fail"
        return f"{verdict}: {_successes(resolved.action)} vs {check.difficulty}"
    return _successes(resolved.action)


def pending_banner(pending: PendingCheck) -> str:
    """The banner of a check still open to rerolls or a reaction (typed results count)."""
    action = pending.action_successes()
    check = pending.check
    if pending.reaction is not None:
        reaction = pending.reaction_successes()
        if check.kind == "opposed":
            return f"{action} vs {reaction}"
        return f"Attack {action} vs {pending.reaction.reaction} {reaction}"
    if check.kind == "attack":
        return f"Attack: {_successes(action)}"
    if check.kind == "direct":
        return f"{_successes(action)} vs {check.difficulty}"
    return _successes(action)


class Motion(Enum):
    """Which dice tumble when a check is shown."""

    REST = "rest"
    ACTION = "action"
    REACTION = "reaction"
    ACTION_DICE = "action dice"
    REACTION_DICE = "reaction dice"


class ShownCheck(msgspec.Struct, frozen=True):
    """A check of the journal as the tray shows it.

    ``pending`` is the check (as it stood when resolved, if ``resolved``); ``position`` and
    ``entry`` say which journal entry last touched it; ``motion`` and ``indices`` which dice
    that entry rolled.
    """

    pending: PendingCheck
    resolved: CheckResolved | None
    position: int
    entry: JournalEntry
    motion: Motion = Motion.REST
    indices: tuple[int, ...] = ()

    def rolls(self) -> tuple[PoolRoll, PoolRoll | None]:
        """The action and reaction rolls; once resolved they are closed (unused rerolls are
        lost then, not when the target reacts)."""
        action = roll_of(self.pending.check.roll)
        record = self.pending.roll(of_reaction=True)
        reaction = roll_of(record) if record is not None else None
        if self.resolved is not None:
            action = closed(action)
            reaction = closed(reaction) if reaction is not None else None
        return action, reaction

    def banner(self) -> str:
        """The outcome line for the tray."""
        if self.resolved is not None:
            return outcome_text(self.pending, self.resolved)
        return pending_banner(self.pending)


def shown_check_at(session: Session, position: int) -> ShownCheck | None:
    """The check the journal entry at ``position`` rolled, rerolled or resolved, if any."""
    if position < 0:
        return None
    entry = session.entries[position]
    state = session.state_at(position)
    found: ShownCheck | None = None
    motion = Motion.REST
    indices: list[int] = []
    for event in entry.events:
        before = state
        state = session.ruleset.apply(state, event)
        if isinstance(event, CheckRolled):
            motion, indices = Motion.ACTION, []
        elif isinstance(event, ReactionRolled):
            motion, indices = Motion.REACTION, []
        elif isinstance(event, DieRerolled):
            motion = Motion.REACTION_DICE if event.of_reaction else Motion.ACTION_DICE
            indices.append(event.index)
        elif isinstance(event, ResultTyped):
            motion, indices = Motion.REST, []
        elif not isinstance(event, CheckResolved):
            continue
        pending = (
            part_of(before).pending if isinstance(event, CheckResolved) else part_of(state).pending
        )
        if pending is None:
            continue
        resolved = event if isinstance(event, CheckResolved) else None
        found = ShownCheck(pending, resolved, position, entry, motion, tuple(indices))
    return found
