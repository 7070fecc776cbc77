"""Autosave that survives storage faults: the fight is never lost while the app runs.

A :class:`GuardedAutosave` is the session's journal sink. Each change is committed at once, as
with a plain journal. When a commit fails (the disk is full, the folder became read-only or was
deleted), the change is kept in memory with the session, the failure is reported, and every
later change (or :meth:`GuardedAutosave.retry`) catches the stored journal up in one
transaction. When the file itself vanished (its folder deleted while the app runs), the next
change notices, makes the file again and stores the whole fight in it.
"""

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Unpack

import msgspec

from uwr_desktop.core.journal import JournalEntry, encode_entry
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.journal_db import EncounterJournal, FightDetails, JournalStore
from uwr_desktop.core.storage.sqlite_db import StoreError, StoreUnavailableError

KEPT_IN_MEMORY = "The fight is kept in memory while UWR Desktop stays open."


class AutosaveState(msgspec.Struct, frozen=True):
    """Whether the autosave keeps up with the fight."""

    problem: str | None = None
    """Why changes are not being stored, for the GM; ``None`` when every change is stored."""
    disk_full: bool = False
    remade: bool = False
    """The autosave file had vanished and was made again with the whole fight in it."""


def problem_text(error: StoreError) -> tuple[str, bool]:
    """What the GM is told when a commit fails with ``error``, and whether the disk is full."""
    if isinstance(error, StoreUnavailableError) and error.disk_full:
        return (
            f"The disk is full: the autosave cannot store this fight. {KEPT_IN_MEMORY} "
            "Free some disk space (saving resumes by itself) or use Save As… to keep it on "
            "another drive.",
            True,
        )
    return (
        f"The autosave cannot store this fight: {error} {KEPT_IN_MEMORY} "
        "Use Save As… to keep it in a file; saving resumes by itself once the folder can be "
        "written.",
        False,
    )


class GuardedAutosave:
    """The autosave of one session (a ``JournalSink``); never raises on a storage fault.

    ``journal`` is the fight's journal when it is already stored (a recovered fight); otherwise
    the fight is stored on the first successful commit. ``on_state`` hears every change of
    :class:`AutosaveState`.
    """

    def __init__(
        self,
        store: JournalStore,
        session: Session,
        *,
        title: str,
        file_path: Path | None,
        journal: EncounterJournal | None = None,
        on_state: Callable[[AutosaveState], None] = lambda _state: None,
    ) -> None:
        """Keep ``session`` stored in ``store``; call :meth:`start` to store it now."""
        self._store = store
        self._session = session
        self._title = title
        self._file_path = file_path
        self._round: int | None = None
        self._turn: str | None = None
        self._closed = False
        self._journal = journal
        self._synced = len(session.entries) if journal is not None else 0
        self._in_step = journal is not None
        self._state = AutosaveState()
        self._on_state = on_state

    @property
    def state(self) -> AutosaveState:
        """Whether the autosave keeps up, and why not."""
        return self._state

    @property
    def encounter_id(self) -> int | None:
        """The fight's id in the store, once stored."""
        return self._journal.encounter_id if self._journal is not None else None

    def start(self) -> None:
        """Store the fight as it is now (a failure is reported, not raised)."""
        self.retry()

    def append(self, index: int, entry: JournalEntry) -> None:
        """Store ``entry`` at ``index`` (``JournalSink``), or keep it for a later commit."""
        self._synced = min(self._synced, index)
        self._sync(
            lambda: (*self._session.entries[:index], entry),
            index + 1,
            lambda journal: journal.append(index, entry),
            length=index + 1,
        )

    def move_cursor(self, cursor: int) -> None:
        """Store the undo position (``JournalSink``), or keep it for a later commit."""
        self._sync(
            lambda: self._session.entries,
            cursor,
            lambda journal: journal.move_cursor(cursor),
            length=self._synced,
        )

    def retry(self) -> bool:
        """Try to catch the stored journal up with the fight now; ``True`` once it is."""
        self._in_step = False
        self._sync(lambda: self._session.entries, self._session.cursor, lambda _journal: None)
        return self._state.problem is None

    @property
    def closed(self) -> bool:
        """True once :meth:`close_cleanly` has been called."""
        return self._closed

    def update_details(self, **details: Unpack[FightDetails]) -> None:
        """What the recovery list shows about the fight; kept for a later commit on failure."""
        title, file_path = details.get("title"), details.get("file_path")
        round_number, turn = details.get("round_number"), details.get("turn")
        self._title = title if title is not None else self._title
        self._file_path = file_path if file_path is not None else self._file_path
        self._round = round_number if round_number is not None else self._round
        self._turn = turn if turn is not None else self._turn
        if self._journal is not None and self._state.problem is None:
            try:
                self._journal.update_details(**details)
            except StoreError as error:
                self._fail(error)

    def close_cleanly(self) -> None:
        """Mark the fight closed on purpose; when that cannot be stored, it stays recoverable."""
        self._closed = True
        journal, self._journal = self._journal, None
        if journal is None:
            return
        try:
            journal.close_cleanly()
        except StoreError:
            self._store.forget(journal)

    def _sync(
        self,
        entries: Callable[[], Sequence[JournalEntry]],
        cursor: int,
        quick: Callable[[EncounterJournal], None],
        *,
        length: int = 0,
    ) -> None:
        """Store the change: ``quick`` when the stored journal is in step (it then holds
        ``length`` entries), else everything from the first entry not stored. ``entries`` gives
        the whole journal after the change; it is only asked for on the slow paths."""
        remade = False
        try:
            if self._store.vanished():
                self._store.reopen()
                self._journal = None
                remade = True
            if self._journal is not None and self._in_step:
                quick(self._journal)
            else:
                whole = entries()
                self._catch_up(whole, cursor)
                length = len(whole)
        except StoreError as error:
            self._in_step = False
            self._fail(error)
            return
        self._synced = length
        self._in_step = True
        self._set_state(AutosaveState(remade=remade))

    def _catch_up(self, entries: Sequence[JournalEntry], cursor: int) -> None:
        if self._journal is None:
            self._journal = self._store.start_encounter(
                ruleset=self._session.ruleset.id,
                settings=self._session.ruleset.settings,
                roster=self._session.roster,
                title=self._title,
                file_path=self._file_path,
                entries=entries,
                cursor=cursor,
            )
            self._journal.update_details(round_number=self._round, turn=self._turn)
        else:
            encoded = [encode_entry(entry) for entry in entries[self._synced :]]
            self._journal.rewrite(self._synced, encoded, cursor)

    def _fail(self, error: StoreError) -> None:
        text, disk_full = problem_text(error)
        self._set_state(AutosaveState(problem=text, disk_full=disk_full))

    def _set_state(self, state: AutosaveState) -> None:
        if state != self._state or state.remade:
            self._state = state
            self._on_state(state)
