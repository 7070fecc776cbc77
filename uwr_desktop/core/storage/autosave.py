"""Sessions wired to the autosave journal: start one, or rebuild one after a crash.

::

    store = JournalStore(app_paths().journal_db)
    session, journal = autosaved_session(store, make_ruleset("uwr"), roster, title="Ambush")
    ...                      # every do/undo/redo is committed as it happens
    journal.close_cleanly()  # when the GM closes the fight

    for summary in store.recoverable():       # next start, after a crash
        session, journal = recover_session(store, summary.encounter_id)
"""

from collections.abc import Iterable, Sequence
from pathlib import Path

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import to_builtins
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.journal_db import EncounterJournal, JournalCorruptError, JournalStore
from uwr_desktop.core.storage.recovery import rebuild_session


def autosaved_session(
    store: JournalStore,
    ruleset: Ruleset,
    roster: Iterable[Combatant] = (),
    *,
    title: str,
    file_path: Path | None = None,
    entries: Sequence[JournalEntry] = (),
    cursor: int | None = None,
    roller: Roller | None = None,
) -> tuple[Session, EncounterJournal]:
    """Build a session whose every change is committed to ``store``.

    A fight opened from a file passes its ``entries`` and ``cursor``; they are stored with it.
    When they do not replay (``RulesError``) nothing is left in the store.
    """
    roster = tuple(roster)
    journal = store.start_encounter(
        ruleset=ruleset.id,
        settings=to_builtins(ruleset.settings),
        roster=roster,
        title=title,
        file_path=file_path,
        entries=entries,
        cursor=cursor,
    )
    try:
        session = Session(
            ruleset, roster, roller=roller, sink=journal, entries=entries, cursor=cursor
        )
    except RulesError:
        journal.close_cleanly()
        store.discard(journal.encounter_id)
        raise
    return session, journal


def recover_session(
    store: JournalStore, encounter_id: int, *, roller: Roller | None = None
) -> tuple[Session, EncounterJournal]:
    """Rebuild a fight that was not closed cleanly, exactly as it was (redo tail included).

    Later changes go on being journaled into the same stored fight. Raises
    :class:`JournalCorruptError` with the reason when the stored fight cannot be rebuilt.
    """
    recovered = store.recover(encounter_id)
    journal = store.resume(encounter_id)
    try:
        session = rebuild_session(recovered, roller=roller, sink=journal)
    except JournalCorruptError:
        store.forget(journal)
        raise
    return session, journal
