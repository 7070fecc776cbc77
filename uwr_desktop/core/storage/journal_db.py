"""Autosave journal: every journal entry of an open fight, committed to SQLite as it happens.

A :class:`JournalStore` holds the fights (their ruleset, settings, starting roster, title) and
their entries. An :class:`EncounterJournal` is the session's sink for one fight: each change is
one short transaction, so a crash or a kill loses nothing that was done. When the app closes a
fight properly it says so; fights that were never closed that way are offered for recovery the
next time the app starts.
"""

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, TypedDict, Unpack

import msgspec

from uwr_desktop.core.events import ENCODER
from uwr_desktop.core.journal import JournalEntry, decode_entry, encode_entry
from uwr_desktop.core.storage.fight_lock import FightLock, held_elsewhere
from uwr_desktop.core.storage.sqlite_db import (
    ClosedOnExit,
    StoreDamagedError,
    StoreError,
    ensure_tables,
    open_database,
    store_error,
    transaction,
)

_OPEN_ELSEWHERE = "That fight is open in another UWR Desktop window; switch to that one."

_TABLES = (
    """CREATE TABLE IF NOT EXISTS journal_encounters (
        id INTEGER PRIMARY KEY,
        ruleset TEXT NOT NULL,
        title TEXT NOT NULL,
        file_path TEXT,
        round INTEGER,
        turn TEXT,
        cursor INTEGER NOT NULL DEFAULT 0,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        closed_cleanly INTEGER NOT NULL DEFAULT 0
    )""",
    # The starting roster can be large: kept apart so that moving the cursor rewrites a small row.
    """CREATE TABLE IF NOT EXISTS journal_starts (
        encounter_id INTEGER PRIMARY KEY REFERENCES journal_encounters (id) ON DELETE CASCADE,
        settings TEXT NOT NULL,
        roster TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS journal_entries (
        encounter_id INTEGER NOT NULL REFERENCES journal_encounters (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (encounter_id, idx)
    )""",
    """CREATE INDEX IF NOT EXISTS journal_encounters_open
        ON journal_encounters (closed_cleanly, updated)""",
)

_NEXT_ID = """(SELECT 1 + MAX(
    (SELECT IFNULL(MAX(id), 0) FROM journal_encounters),
    (SELECT IFNULL(MAX(encounter_id), 0) FROM journal_starts),
    (SELECT IFNULL(MAX(encounter_id), 0) FROM journal_entries)))"""
"""The id of a new fight: above every id a row of any table names, so rows another program
left behind (a fight's own row deleted, say) are never taken for the new fight's."""

UNKNOWN_RULESET = ""
"""The ruleset of a stored fight whose own row was lost, until its entries tell it."""

_SUMMARY_QUERY = """
    SELECT e.id, e.title, e.ruleset, e.file_path, e.round, e.cursor, e.created, e.updated,
           e.turn, (SELECT COUNT(*) FROM journal_entries AS j WHERE j.encounter_id = e.id)
    FROM journal_encounters AS e
    WHERE e.closed_cleanly = 0
    ORDER BY e.updated DESC, e.id DESC
"""


class FightDetails(TypedDict, total=False):
    """What the recovery list shows about a fight: its title, its file, the round and whose turn
    it is; one left out or ``None`` keeps its value."""

    title: str | None
    file_path: Path | None
    round_number: int | None
    turn: str | None


class Companion(Protocol):
    """Another store on the same file (the combatant library), closed while the file is
    opened again."""

    def suspend(self) -> None:
        """Close the file."""

    def resume(self) -> None:
        """Open the file again."""


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


class JournalCorruptError(StoreDamagedError):
    """Part of a stored fight cannot be read back; the message says which part."""


class EncounterSummary(msgspec.Struct, frozen=True):
    """What the GM is shown about a fight that can be recovered."""

    encounter_id: int
    title: str
    ruleset: str
    file_path: Path | None
    round: int | None
    created: datetime
    updated: datetime
    entry_count: int
    cursor: int
    problem: str | None = None
    """Set when the stored fight is damaged: why it cannot be recovered."""
    turn: str | None = None
    """Whose turn it was, as the GM reads it (``None`` or empty: nobody's, or not known)."""


class StoredFight(msgspec.Struct, frozen=True):
    """A fight as its rows hold it (what can be read back from a damaged file)."""

    ruleset: str
    title: str
    file_path: str | None
    round: int | None
    cursor: int
    created: float
    updated: float
    settings: str
    roster: str
    entries: tuple[bytes, ...]


class RecoveredEncounter(msgspec.Struct, frozen=True):
    """Everything needed to rebuild a fight's session exactly as it was."""

    encounter_id: int
    ruleset: str
    settings_json: bytes
    """The ruleset settings as JSON, as given to :meth:`JournalStore.start_encounter`."""
    roster_json: bytes
    """The starting roster as JSON, as given to :meth:`JournalStore.start_encounter`."""
    entries: tuple[JournalEntry, ...]
    """All entries, including those after the cursor (the redo tail)."""
    cursor: int
    title: str
    file_path: Path | None


def _resolved(path: Path) -> Path | str:
    """``path`` made absolute, or its text when it cannot be (a name the system refuses)."""
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):
        return str(path)


def _when(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, tz=UTC)


def _summary(row: tuple[Any, ...]) -> EncounterSummary:
    encounter_id, title, ruleset, file_path, round_, cursor, created, updated, turn, count = row
    fields_ok = (
        isinstance(title, str)
        and isinstance(ruleset, str)
        and (file_path is None or isinstance(file_path, str))
        and (round_ is None or isinstance(round_, int))
        and isinstance(cursor, int)
        and isinstance(created, int | float)
        and isinstance(updated, int | float)
    )
    if not fields_ok:
        return EncounterSummary(
            encounter_id=encounter_id,
            title=f"Encounter {encounter_id}",
            ruleset=str(ruleset),
            file_path=None,
            round=None,
            created=_when(0),
            updated=_when(0),
            entry_count=count,
            cursor=0,
            problem=f"The stored details of encounter {encounter_id} are damaged.",
        )
    problem = None
    if not 0 <= cursor <= count:
        problem = (
            f"Encounter {encounter_id} is damaged: its undo position {cursor} is outside "
            f"its {count} entries."
        )
    return EncounterSummary(
        encounter_id=encounter_id,
        title=title,
        ruleset=ruleset,
        file_path=Path(file_path) if file_path is not None else None,
        round=round_,
        created=_when(created),
        updated=_when(updated),
        entry_count=count,
        cursor=cursor,
        problem=problem,
        turn=turn if isinstance(turn, str) else None,
    )


class EncounterJournal:
    """The autosave sink of one fight (a ``JournalSink``): every call commits at once.

    Get one from :meth:`JournalStore.start_encounter` or :meth:`JournalStore.resume`.
    """

    def __init__(
        self, store: "JournalStore", encounter_id: int, length: int, lock: FightLock
    ) -> None:
        self._store = store
        self._id = encounter_id
        self._length = length
        self._lock = lock
        self._closed = False
        lock.record(length)

    @property
    def encounter_id(self) -> int:
        """The fight's id in the store."""
        return self._id

    @property
    def length(self) -> int:
        """How many entries are stored, including the redo tail."""
        return self._length

    @property
    def closed(self) -> bool:
        """True once :meth:`close_cleanly` has been called."""
        return self._closed

    def append(self, index: int, entry: JournalEntry) -> None:
        """Store ``entry`` at ``index`` after dropping entries from ``index`` on.

        The undo position becomes ``index + 1``.
        """
        self.append_encoded(index, encode_entry(entry))

    def append_encoded(self, index: int, data: bytes) -> None:
        """Like :meth:`append`, for an entry already encoded with ``encode_entry``."""
        self._check_open()
        if not 0 <= index <= self._length:
            raise StoreError(
                f"Cannot store entry {index}: the journal holds {self._length} entries, "
                f"so the next one is at most entry {self._length}."
            )
        connection = self._store.connection
        with transaction(connection):
            if index < self._length:
                connection.execute(
                    "DELETE FROM journal_entries WHERE encounter_id = ? AND idx >= ?",
                    (self._id, index),
                )
            connection.execute(
                "INSERT INTO journal_entries (encounter_id, idx, data) VALUES (?, ?, ?)",
                (self._id, index, data),
            )
            self._set_cursor(connection, index + 1)
        self._length = index + 1
        self._lock.record(self._length)

    def rewrite(self, start: int, encoded: Sequence[bytes], cursor: int) -> None:
        """Replace the entries from ``start`` on with ``encoded`` and set the undo position,
        in one transaction (catching up after commits that failed)."""
        self._check_open()
        length = start + len(encoded)
        if not 0 <= start <= self._length or not 0 <= cursor <= length:
            raise StoreError(
                f"Cannot rewrite from entry {start} with undo position {cursor}: the journal "
                f"holds {self._length} entries."
            )
        with transaction(self._store.connection) as connection:
            connection.execute(
                "DELETE FROM journal_entries WHERE encounter_id = ? AND idx >= ?",
                (self._id, start),
            )
            connection.executemany(
                "INSERT INTO journal_entries (encounter_id, idx, data) VALUES (?, ?, ?)",
                [(self._id, start + offset, data) for offset, data in enumerate(encoded)],
            )
            self._set_cursor(connection, cursor)
        self._length = length
        self._lock.record(length)

    def move_cursor(self, cursor: int) -> None:
        """Record the position after an undo or redo; entries after it stay for redo."""
        self._check_open()
        if not 0 <= cursor <= self._length:
            raise StoreError(
                f"Cannot move the undo position to {cursor}: the journal holds "
                f"{self._length} entries."
            )
        with transaction(self._store.connection) as connection:
            self._set_cursor(connection, cursor)

    def _set_cursor(self, connection: sqlite3.Connection, cursor: int) -> None:
        """Record the undo position ``cursor`` (within the caller's transaction)."""
        connection.execute(
            "UPDATE journal_encounters SET cursor = ?, updated = ? WHERE id = ?",
            (cursor, self._store.now(), self._id),
        )

    def update_details(self, **details: Unpack[FightDetails]) -> None:
        """Update what the recovery list shows about the fight; ``None`` keeps a value."""
        self._check_open()
        title, file_path = details.get("title"), details.get("file_path")
        round_number, turn = details.get("round_number"), details.get("turn")
        changes: list[tuple[str, object]] = []
        if title is not None:
            changes.append(("title", title))
        if file_path is not None:
            changes.append(("file_path", str(file_path)))
        if round_number is not None:
            changes.append(("round", round_number))
        if turn is not None:
            changes.append(("turn", turn))
        if not changes:
            return
        assignments = ", ".join(f"{column} = ?" for column, _ in changes)
        with transaction(self._store.connection) as connection:
            connection.execute(
                f"UPDATE journal_encounters SET {assignments} WHERE id = ?",
                (*(value for _, value in changes), self._id),
            )

    def close_cleanly(self) -> None:
        """Mark the fight as closed on purpose: it will not be offered for recovery."""
        if self._closed:
            return
        with transaction(self._store.connection) as connection:
            connection.execute(
                "UPDATE journal_encounters SET closed_cleanly = 1, updated = ? WHERE id = ?",
                (self._store.now(), self._id),
            )
        self._closed = True
        self._lock.release(remove=True)
        self._store.forget(self)

    def release_lock(self) -> None:
        """Let other copies of the app see the fight as not open here (it stays recoverable)."""
        self._lock.release()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError(f"Encounter {self._id} was closed; its journal takes no more entries.")


class JournalStore(ClosedOnExit):
    """The autosave journal file: fights and their entries.

    ``power_safe=True`` also survives power cuts, at one disk flush per change (see
    :mod:`uwr_desktop.core.storage.sqlite_db`). ``clock`` gives the current time in seconds
    since the epoch.
    """

    def __init__(
        self, path: Path, *, power_safe: bool = False, clock: Callable[[], float] = time.time
    ) -> None:
        self._path = path
        self._clock = clock
        self._power_safe = power_safe
        self._connection = self._connect()
        self._identity = _identity(path)
        self._connected = True
        self._open: dict[int, EncounterJournal] = {}
        self._companions: list[Companion] = []

    def _connect(self) -> sqlite3.Connection:
        connection = open_database(self._path, power_safe=self._power_safe)
        try:
            ensure_tables(connection, _TABLES)
            _add_turn_column(connection)
        except StoreError:
            connection.close()
            raise
        return connection

    def add_companion(self, companion: Companion) -> None:
        """Close and reopen ``companion`` with this store in :meth:`reopen`."""
        self._companions.append(companion)

    def vanished(self) -> bool:
        """Whether the file was removed or replaced since it was opened (its folder deleted,
        say), or could not be opened again: commits would then go nowhere."""
        return not self._connected or _identity(self._path) != self._identity

    def reopen(self) -> None:
        """Close the file (and the companions') and open it at its path again, creating it and
        its folder when they are gone. Fights open here are forgotten: store them again.

        Raises ``StoreError`` when the file cannot be made; then every request fails until a
        later :meth:`reopen` succeeds.
        """
        # Every connection to the old file is closed before the new one exists: closing the
        # last one removes the write-ahead log by its name, which would then be the new one's.
        for companion in self._companions:
            companion.suspend()
        for journal in list(self._open.values()):
            self.forget(journal)
        self._connection.close()
        self._connected = False
        self._connection = self._connect()
        self._identity = _identity(self._path)
        self._connected = True
        for companion in self._companions:
            with contextlib.suppress(StoreError):
                companion.resume()

    @property
    def path(self) -> Path:
        """The SQLite file."""
        return self._path

    @property
    def connection(self) -> sqlite3.Connection:
        """The open SQLite connection (for the journals of this store)."""
        return self._connection

    def now(self) -> float:
        """The current time as stored, in seconds since the epoch."""
        return self._clock()

    def start_encounter(
        self,
        *,
        ruleset: str,
        settings: object,
        roster: Sequence[object],
        title: str,
        file_path: Path | None = None,
        entries: Sequence[JournalEntry] = (),
        cursor: int | None = None,
    ) -> EncounterJournal:
        """Start journaling a fight and return its sink.

        ``settings`` and the ``roster`` items must be encodable by the events codec (Structs,
        dicts, lists, numbers, strings, fractions). A fight opened from a file brings its
        ``entries`` and undo ``cursor`` (default: after the last entry), stored in the same
        transaction.
        """
        position = len(entries) if cursor is None else cursor
        if not 0 <= position <= len(entries):
            raise StoreError(
                f"Cannot start at undo position {position}: the fight has {len(entries)} entries."
            )
        try:
            settings_json = ENCODER.encode(settings).decode()
            roster_json = ENCODER.encode(tuple(roster)).decode()
            encoded = [encode_entry(entry) for entry in entries]
        except (TypeError, NotImplementedError, msgspec.EncodeError) as error:
            raise StoreError(f"Cannot store the fight's settings or roster: {error}") from error
        stamp = self.now()
        with transaction(self._connection) as connection:
            encounter_id = connection.execute(
                f"""INSERT INTO journal_encounters
                   (id, ruleset, title, file_path, cursor, created, updated)
                   VALUES ({_NEXT_ID}, ?, ?, ?, ?, ?, ?)""",
                (
                    ruleset,
                    title,
                    str(file_path) if file_path is not None else None,
                    position,
                    stamp,
                    stamp,
                ),
            ).lastrowid
            connection.execute(
                "INSERT INTO journal_starts (encounter_id, settings, roster) VALUES (?, ?, ?)",
                (encounter_id, settings_json, roster_json),
            )
            connection.executemany(
                "INSERT INTO journal_entries (encounter_id, idx, data) VALUES (?, ?, ?)",
                [(encounter_id, index, data) for index, data in enumerate(encoded)],
            )
        if encounter_id is None:
            raise StoreError("The data file did not give the new fight an id.")
        return self._track(encounter_id, len(encoded))

    def restore(self, fight: "StoredFight") -> int:
        """Store a fight read back from a damaged file, as a fight to recover; return its id."""
        with transaction(self._connection) as connection:
            encounter_id = self._insert_row(connection, _NEXT_ID, fight)
            connection.execute(
                "INSERT INTO journal_starts (encounter_id, settings, roster) VALUES (?, ?, ?)",
                (encounter_id, fight.settings, fight.roster),
            )
            connection.executemany(
                "INSERT INTO journal_entries (encounter_id, idx, data) VALUES (?, ?, ?)",
                [(encounter_id, index, data) for index, data in enumerate(fight.entries)],
            )
        return encounter_id

    def restore_row(self, encounter_id: int, fight: "StoredFight") -> None:
        """Give a fight whose own row was lost (its start and entries are stored) its row
        again, as a fight to recover."""
        with transaction(self._connection) as connection:
            self._insert_row(connection, str(encounter_id), fight)

    def _insert_row(self, connection: sqlite3.Connection, key: str, fight: "StoredFight") -> int:
        encounter_id = connection.execute(
            f"""INSERT INTO journal_encounters
               (id, ruleset, title, file_path, round, cursor, created, updated)
               VALUES ({key}, ?, ?, ?, ?, ?, ?, ?)""",
            (
                fight.ruleset,
                fight.title,
                fight.file_path,
                fight.round,
                min(fight.cursor, len(fight.entries)),
                fight.created,
                fight.updated,
            ),
        ).lastrowid
        if encounter_id is None:
            raise StoreError("The data file did not give the restored fight an id.")
        return encounter_id

    def mark_left_open(self, encounter_ids: Iterable[int]) -> list[int]:
        """Record that these fights were not closed cleanly (their lock files were left
        behind), whatever their rows say; return those whose rows said closed."""
        wanted = sorted(set(encounter_ids))
        if not wanted:
            return []
        marks = ", ".join("?" * len(wanted))
        closed = [
            row[0]
            for row in self._read(
                f"SELECT id FROM journal_encounters WHERE closed_cleanly != 0 AND id IN ({marks})",
                tuple(wanted),
            )
        ]
        if closed:
            with transaction(self._connection) as connection:
                connection.executemany(
                    "UPDATE journal_encounters SET closed_cleanly = 0 WHERE id = ?",
                    [(fight,) for fight in closed],
                )
        return closed

    def rowless_fights(self) -> list[int]:
        """Fights whose start is stored but whose own row is not (deleted by another program)."""
        rows = self._read(
            """SELECT encounter_id FROM journal_starts WHERE encounter_id NOT IN
               (SELECT id FROM journal_encounters) ORDER BY encounter_id""",
            (),
        )
        return [row[0] for row in rows if isinstance(row[0], int)]

    def stored_start(self, encounter_id: int) -> "StoredFight":
        """What is stored of a fight without its own row: its start (``""`` where it is not
        text) and its entries from the first, up to the first one missing or not stored as
        bytes; the ruleset unknown."""
        rows = self._read(
            "SELECT settings, roster FROM journal_starts WHERE encounter_id = ?", (encounter_id,)
        )
        start = rows[0] if rows else ("", "")
        settings, roster = (text if isinstance(text, str) else "" for text in start)
        entries: list[bytes] = []
        for index, data in self._read(
            "SELECT idx, data FROM journal_entries WHERE encounter_id = ? ORDER BY idx",
            (encounter_id,),
        ):
            if index != len(entries) or not isinstance(data, bytes):
                break
            entries.append(data)
        now = self.now()
        return StoredFight(
            ruleset=UNKNOWN_RULESET,
            title=f"Encounter {encounter_id}",
            file_path=None,
            round=None,
            cursor=len(entries),
            created=now,
            updated=now,
            settings=settings,
            roster=roster,
            entries=tuple(entries),
        )

    def integrity_problem(self) -> str | None:
        """What SQLite's quick check finds wrong with the file, or ``None`` when it is sound."""
        rows = self._read("PRAGMA quick_check", ())
        found = [str(row[0]) for row in rows]
        return None if found == ["ok"] else "; ".join(found[:3])

    def missing_entries(self, witnessed: dict[int, int]) -> dict[int, int]:
        """Compare with the entry counts fights' lock files recorded (``witnessed``, by id):
        how many entries each fight lacks, for those that lack any (commits lost with a
        write-ahead log)."""
        if not witnessed:
            return {}
        stored = dict(
            self._read(
                "SELECT encounter_id, COUNT(*) FROM journal_entries GROUP BY encounter_id", ()
            )
        )
        return {
            encounter_id: count - stored.get(encounter_id, 0)
            for encounter_id, count in witnessed.items()
            if count > stored.get(encounter_id, 0)
        }

    def recoverable(self) -> list[EncounterSummary]:
        """Fights never closed cleanly and not open now, here or in another copy of the app;
        newest first."""
        rows = self._read(_SUMMARY_QUERY, ())
        return [_summary(row) for row in rows if not self.is_open(row[0])]

    def is_open(self, encounter_id: int) -> bool:
        """Whether the fight's journal is open, in this store or in another running copy."""
        return encounter_id in self._open or held_elsewhere(self._lock_path(encounter_id))

    def file_open_elsewhere(self, path: Path) -> bool:
        """Whether another running copy of the app has the fight in ``path`` open now."""
        rows = self._read(
            """SELECT id, file_path FROM journal_encounters
               WHERE closed_cleanly = 0 AND file_path IS NOT NULL""",
            (),
        )
        wanted = _resolved(path)
        return any(
            isinstance(file_path, str)
            and encounter_id not in self._open
            and _resolved(Path(file_path)) == wanted
            and held_elsewhere(self._lock_path(encounter_id))
            for encounter_id, file_path in rows
        )

    def recover(self, encounter_id: int) -> RecoveredEncounter:
        """Read back one fight: settings, roster, all entries and the undo position.

        Raises :class:`JournalCorruptError` naming the damaged part when it cannot be read.
        """
        rows = self._read(
            """SELECT e.ruleset, s.settings, s.roster, e.title, e.file_path, e.cursor
               FROM journal_encounters AS e LEFT JOIN journal_starts AS s
               ON s.encounter_id = e.id WHERE e.id = ?""",
            (encounter_id,),
        )
        if not rows:
            raise StoreError(f"There is no stored encounter {encounter_id}.")
        ruleset, settings, roster, title, file_path, cursor = rows[0]
        texts_ok = all(isinstance(value, str) for value in (ruleset, settings, roster, title))
        if not texts_ok or not isinstance(cursor, int) or not is_json(settings, roster):
            raise JournalCorruptError(
                f"The stored details of encounter {encounter_id} are damaged."
            )
        data_rows = self._read(
            "SELECT idx, data FROM journal_entries WHERE encounter_id = ? ORDER BY idx",
            (encounter_id,),
        )
        entries = tuple(
            _decode_row(encounter_id, position, row, ruleset)
            for position, row in enumerate(data_rows)
        )
        if not 0 <= cursor <= len(entries):
            raise JournalCorruptError(
                f"Encounter {encounter_id} is damaged: its undo position {cursor} is outside "
                f"its {len(entries)} entries."
            )
        return RecoveredEncounter(
            encounter_id=encounter_id,
            ruleset=ruleset,
            settings_json=settings.encode(),
            roster_json=roster.encode(),
            entries=entries,
            cursor=cursor,
            title=title,
            file_path=Path(file_path) if isinstance(file_path, str) else None,
        )

    def resume(self, encounter_id: int) -> EncounterJournal:
        """Continue journaling a recovered fight: later changes are added to it."""
        if encounter_id in self._open:
            return self._open[encounter_id]
        rows = self._read(
            """SELECT (SELECT COUNT(*) FROM journal_entries WHERE encounter_id = ?)
               FROM journal_encounters WHERE id = ?""",
            (encounter_id, encounter_id),
        )
        if not rows:
            raise StoreError(f"There is no stored encounter {encounter_id}.")
        journal = self._track(encounter_id, rows[0][0])
        with transaction(self._connection) as connection:
            connection.execute(
                "UPDATE journal_encounters SET closed_cleanly = 0 WHERE id = ?", (encounter_id,)
            )
        return journal

    def discard(self, encounter_id: int) -> None:
        """Delete a stored fight and its entries (the GM chose not to recover it)."""
        if encounter_id in self._open:
            raise StoreError(f"Encounter {encounter_id} is open; close it before discarding it.")
        lock = FightLock.acquire(self._lock_path(encounter_id))
        if lock is None:
            raise StoreError(_OPEN_ELSEWHERE)
        try:
            with transaction(self._connection) as connection:
                connection.execute("DELETE FROM journal_encounters WHERE id = ?", (encounter_id,))
        finally:
            lock.release(remove=True)

    def prune_closed(self, keep: int) -> int:
        """Delete all but the ``keep`` most recent cleanly closed fights; return how many went."""
        if keep < 0:
            raise StoreError(f"Cannot keep {keep} closed fights: the number must be 0 or more.")
        with transaction(self._connection) as connection:
            deleted = connection.execute(
                """DELETE FROM journal_encounters WHERE closed_cleanly = 1 AND id NOT IN (
                       SELECT id FROM journal_encounters WHERE closed_cleanly = 1
                       ORDER BY updated DESC, id DESC LIMIT ?)""",
                (keep,),
            ).rowcount
        return deleted

    def close(self) -> None:
        """Close the file. Fights still open stay recoverable."""
        for journal in self._open.values():
            journal.release_lock()
        self._open.clear()
        self._connection.close()

    def forget(self, journal: EncounterJournal) -> None:
        """Stop tracking a journal: it was closed, or its session could not be rebuilt."""
        journal.release_lock()
        self._open.pop(journal.encounter_id, None)

    def _track(self, encounter_id: int, length: int) -> EncounterJournal:
        lock = FightLock.acquire(self._lock_path(encounter_id))
        if lock is None:
            raise StoreError(_OPEN_ELSEWHERE)
        journal = EncounterJournal(self, encounter_id, length, lock)
        self._open[encounter_id] = journal
        return journal

    def _lock_path(self, encounter_id: int) -> Path:
        return self._path.with_name(f"{self._path.name}-open") / f"fight-{encounter_id}.lock"

    def _read(self, query: str, parameters: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._connection.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise store_error(error, f"Cannot read the data file {self._path}") from error


def _add_turn_column(connection: sqlite3.Connection) -> None:
    """Give a data file written before whose turn was stored its ``turn`` column."""

    def has_turn() -> bool:
        try:
            rows = connection.execute("PRAGMA table_info(journal_encounters)").fetchall()
        except sqlite3.Error as error:
            raise store_error(error, "Cannot read the data file") from error
        return any(row[1] == "turn" for row in rows)

    if has_turn():
        return
    with transaction(connection):
        if not has_turn():
            connection.execute("ALTER TABLE journal_encounters ADD COLUMN turn TEXT")


def is_json(*texts: str) -> bool:
    """Whether every one of ``texts`` is valid JSON."""
    try:
        for text in texts:
            msgspec.json.decode(text)
    except msgspec.DecodeError:
        return False
    return True


def _decode_row(
    encounter_id: int, position: int, row: tuple[Any, ...], ruleset_id: str
) -> JournalEntry:
    index, data = row
    if index != position:
        raise JournalCorruptError(
            f"Encounter {encounter_id} is damaged: entry {position} is missing."
        )
    if not isinstance(data, bytes):
        raise JournalCorruptError(f"Entry {index} of encounter {encounter_id} is damaged.")
    try:
        return decode_entry(data, ruleset_id)
    except (msgspec.MsgspecError, ValueError, TypeError) as error:
        raise JournalCorruptError(
            f"Entry {index} of encounter {encounter_id} is damaged: {error}"
        ) from error
