"""Which hit, if any, the check panel offers to apply: the last attack the tray shows, if it hit,
while nothing has moved the fight on since (a new turn, another check) and its damage has not
been applied through the offer (:class:`HitOffer` keeps the Apply-hit bar in step)."""

from collections.abc import Sequence

from uwr_desktop.core.events import TurnStarted
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets.uwr.events import CheckResolved, CheckRolled
from uwr_desktop.core.rulesets.uwr.state import PendingCheck
from uwr_desktop.core.session import Session
from uwr_desktop.ui.rulesets.uwr.apply_hit import ApplyHitBar
from uwr_desktop.ui.rulesets.uwr.shown_check import ShownCheck


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
    check = pending.check
    if resolved is None or not resolved.success or check.kind != "attack":
        return None
    if check.target is None or not (position < cursor and entries[position] is entry):
        return None
    for later in entries[position + 1 : cursor]:
        if later is applied:
            return None
        if any(isinstance(event, TurnStarted | CheckRolled) for event in later.events):
            return None
    return check.target, resolved.surviving


class HitOffer:
    """What the Apply-hit bar offers as the fight goes on: the hit :func:`hit_on_offer` finds
    for the check shown (or the last hit, while a roll for nobody is shown), and whether the
    GM's amount stays (it does while the same hit is offered, again after an undo)."""

    def __init__(self, bar: ApplyHitBar) -> None:
        """Offer through ``bar``."""
        self._bar = bar
        self._hit: ShownCheck | None = None
        self._offered: JournalEntry | None = None
        self._applied: JournalEntry | None = None

    def reset(self) -> None:
        """Another fight: no hit known."""
        self._hit = self._offered = self._applied = None

    def follow(self, session: Session, shown: ShownCheck | None) -> None:
        """Offer the damage of the last check the journal resolved, if it was a hit, until it
        is applied or the fight moves on (a new turn or check)."""
        hit = shown if shown is not None and shown.resolved is not None else self._hit
        self._hit = hit
        offer = (
            None
            if hit is None
            else hit_on_offer(
                session.entries,
                session.cursor,
                (hit.pending, hit.resolved, hit.position, hit.entry),
                self._applied,
            )
        )
        if hit is None or offer is None or offer[0] not in session.state.combatants:
            self._bar.withdraw()
            return
        target, amount = offer
        fresh = self._offered is not hit.entry
        self._offered = hit.entry
        self._bar.offer(target, session.state.combatants[target].name, amount, fresh=fresh)

    def applied(self, session: Session) -> None:
        """The offer's damage was just applied: nothing more to offer for that hit."""
        self._applied = session.entries[session.cursor - 1]
