"""Sessions wired to the autosave journal: store one as it is, or rebuild one after a crash.

::

    store = JournalStore(app_paths().journal_db)
    session = Session(make_ruleset("uwr"), roster)
    journal = autosave(store, session, title="Ambush")
    ...                      # every do/undo/redo is committed as it happens
    journal.close_cleanly()  # when the GM closes the fight

    for summary in store.recoverable():       # next start, after a crash
        session, journal, _recovered = recover_session(store, summary.encounter_id)
"""

import contextlib
from pathlib import Path
from typing import Protocol

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import SETUP_PHASE, EncounterState
from uwr_desktop.core.session import Change, Session
from uwr_desktop.core.storage.journal_db import (
    EncounterJournal,
    JournalStore,
    RecoveredEncounter,
)
from uwr_desktop.core.storage.names import readable, storable_path
from uwr_desktop.core.storage.recovery import rebuild_session
from uwr_desktop.core.storage.sqlite_db import StoreError


def progress(state: EncounterState) -> tuple[int, str]:
    """The round (0 before the fight) and whose turn it is (``"Vex's turn"``, or ``""``)."""
    if state.phase == SETUP_PHASE:
        return 0, ""
    current = state.combatants.get(state.current) if state.current is not None else None
    return state.round, readable(f"{current.name}'s turn") if current is not None else ""


class ProgressSink(Protocol):
    """Where a fight's round and turn are kept for the recovery offer."""

    @property
    def closed(self) -> bool:
        """True once the fight was closed on purpose."""
        ...

    def update_details(self, *, round_number: int | None = None, turn: str | None = None) -> None:
        """Store the round and whose turn it is."""
        ...


def follow_progress(session: Session, journal: ProgressSink) -> None:
    """Keep the round and turn the recovery offer shows in step with ``session``.

    Written now and whenever they change, until the journal is closed. Only what the offer
    shows is at stake: a failed write is left to the next entry's commit to report.
    """
    written: tuple[int, str] | None = None

    def record(_change: Change | None = None) -> None:
        nonlocal written
        now = progress(session.state)
        if now == written or journal.closed:
            return
        with contextlib.suppress(StoreError):
            journal.update_details(round_number=now[0], turn=now[1])
            written = now

    record()
    session.subscribe(record)


def autosave(
    store: JournalStore, session: Session, *, title: str, file_path: Path | None = None
) -> EncounterJournal:
    """Store ``session`` as a new fight in ``store`` (its entries and undo position included)
    and commit every later change of it there; return the fight's journal.

    A session read from a file was checked while it was read, so it is stored as it is, not
    replayed again. A title or file name that is not valid text is stored as it is shown
    (a file whose name is not UTF-8 is kept without its path: recovery then asks where to save).
    """
    journal = store.start_encounter(
        ruleset=session.ruleset.id,
        settings=session.ruleset.settings,
        roster=session.roster,
        title=readable(title),
        file_path=storable_path(file_path),
        entries=session.entries,
        cursor=session.cursor,
    )
    session.attach(sink=journal)
    follow_progress(session, journal)
    return journal


def recover_session(
    store: JournalStore, encounter_id: int, *, roller: Roller | None = None
) -> tuple[Session, EncounterJournal, RecoveredEncounter]:
    """Rebuild a fight that was not closed cleanly, exactly as it was (redo tail included).

    Later changes go on being journaled into the same stored fight; what was read back (title,
    file) comes third. Whoever keeps the fight open follows its round and turn for the recovery
    offer (the open-fight document does, through its guarded autosave). Raises
    :class:`JournalCorruptError` with the reason when the stored fight cannot be rebuilt, and
    ``StoreError`` when another copy of the app has it open; either way nothing changes in the
    store.
    """
    recovered = store.recover(encounter_id)
    session = rebuild_session(recovered, roller=roller)
    journal = store.resume(encounter_id)
    session.attach(sink=journal)
    return session, journal, recovered
