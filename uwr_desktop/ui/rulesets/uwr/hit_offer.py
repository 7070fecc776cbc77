"""Which hit, if any, the check panel offers to apply: the last attack the tray shows, if it hit,
while nothing has moved the fight on since (a new turn, another check) and its damage has not
been applied through the offer."""

from collections.abc import Sequence

from uwr_desktop.core.events import TurnStarted
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets.uwr.events import CheckResolved, CheckRolled
from uwr_desktop.core.rulesets.uwr.state import PendingCheck


def hit_on_offer(
    entries: Sequence[JournalEntry],
    cursor: int,
    shown: tuple[PendingCheck, CheckResolved | None, int, JournalEntry] | None,
    applied: JournalEntry | None,
) -> tuple[str, int] | None:
    """The target and damage (the surviving successes) to offer, or ``None``.

    ``shown`` is the check the tray shows: the check, its resolution, the position of the
    journal entry that resolved it and that entry; ``applied`` the entry the offer's damage
    made, if any (found after the resolution and before ``cursor``: applied, nothing to offer).
    """
    if shown is None:
        return None
    pending, resolved, position, entry = shown
    if resolved is None or not resolved.success or pending.kind != "attack":
        return None
    if pending.target is None or not (position < cursor and entries[position] is entry):
        return None
    for later in entries[position + 1 : cursor]:
        if later is applied:
            return None
        if any(isinstance(event, TurnStarted | CheckRolled) for event in later.events):
            return None
    return pending.target, resolved.surviving
