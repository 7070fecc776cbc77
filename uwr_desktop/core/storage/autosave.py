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

from pathlib import Path

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.journal_db import (
    EncounterJournal,
    JournalStore,
    RecoveredEncounter,
)
from uwr_desktop.core.storage.recovery import rebuild_session


def autosave(
    store: JournalStore, session: Session, *, title: str, file_path: Path | None = None
) -> EncounterJournal:
    """Store ``session`` as a new fight in ``store`` (its entries and undo position included)
    and commit every later change of it there; return the fight's journal.

    A session read from a file was checked while it was read, so it is stored as it is, not
    replayed again.
    """
    journal = store.start_encounter(
        ruleset=session.ruleset.id,
        settings=session.ruleset.settings,
        roster=session.roster,
        title=title,
        file_path=file_path,
        entries=session.entries,
        cursor=session.cursor,
    )
    session.attach(sink=journal)
    return journal


def recover_session(
    store: JournalStore, encounter_id: int, *, roller: Roller | None = None
) -> tuple[Session, EncounterJournal, RecoveredEncounter]:
    """Rebuild a fight that was not closed cleanly, exactly as it was (redo tail included).

    Later changes go on being journaled into the same stored fight; what was read back (title,
    file) comes third. Raises :class:`JournalCorruptError` with the reason when the stored fight
    cannot be rebuilt, and ``StoreError`` when another copy of the app has it open; either way
    nothing changes in the store.
    """
    recovered = store.recover(encounter_id)
    session = rebuild_session(recovered, roller=roller)
    journal = store.resume(encounter_id)
    session.attach(sink=journal)
    return session, journal, recovered
