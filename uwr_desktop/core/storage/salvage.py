"""Reading back what a damaged autosave file still holds.

Works on a copy of the file (and of its write-ahead log), so the damaged original is kept as it
was. Every fight a crash left behind is read with one small query per row: a damaged page loses
the rows on it, not the whole fight, and a fight's entries are kept up to the first one that
cannot be read. A file whose 100-byte header is damaged gets a repaired header on the copy
first, since the header only repeats what the pages and SQLite's defaults say.
"""

import contextlib
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from uwr_desktop.core.journal import JournalError, decode_entry
from uwr_desktop.core.storage.journal_db import UNKNOWN_RULESET, StoredFight, is_json

_MAGIC = b"SQLite format 3\x00"
_HEADER_BYTES = 100
_DEFAULT_PAGE = 4096


class SalvagedFight(msgspec.Struct, frozen=True):
    """One fight read back from a damaged file: what could be kept and how much was lost."""

    encounter_id: int
    title: str
    kept: StoredFight | None
    """The fight's rows up to the first unreadable entry; ``None`` when its start is lost."""
    lost: int
    """Entries known to exist that could not be read (0 when none are known to be missing)."""


def salvage(path: Path, witnessed: dict[int, int]) -> list[SalvagedFight]:
    """Read every unfinished fight of the damaged file at ``path`` (its ``-wal`` beside it).

    ``witnessed`` maps fight ids to the entry counts their lock files recorded: those fights
    are read even when the file no longer says they were left open, and entries missing from
    the file count as lost. A file nothing can be read from gives only the witnessed fights,
    all lost.
    """
    import tempfile  # only for a damaged file: tempfile is not needed at start-up otherwise

    try:
        with tempfile.TemporaryDirectory(prefix="uwr-salvage-") as folder:
            copy = Path(folder) / "journal.sqlite3"
            if not _copy_files(path, copy):
                return _all_lost(witnessed)
            with _readable(copy) as connection:
                if connection is None:
                    return _all_lost(witnessed)
                return _read_fights(connection, witnessed)
    except OSError:  # no room for the copy: the file aside still holds everything
        return _all_lost(witnessed)


def _all_lost(witnessed: dict[int, int]) -> list[SalvagedFight]:
    return [
        SalvagedFight(encounter_id=fight, title=f"Encounter {fight}", kept=None, lost=count)
        for fight, count in sorted(witnessed.items())
        if count > 0
    ]


def _copy_files(path: Path, copy: Path) -> bool:
    try:
        if not path.is_file():
            return False
        shutil.copyfile(path, copy)
        wal = path.with_name(f"{path.name}-wal")
        if wal.is_file():
            shutil.copyfile(wal, copy.with_name(f"{copy.name}-wal"))
    except OSError:
        return False
    return True


@contextlib.contextmanager
def _readable(copy: Path) -> Iterator[sqlite3.Connection | None]:
    connection = _try_open(copy)
    if connection is None and _repair_header(copy):
        connection = _try_open(copy)
    try:
        yield connection
    finally:
        if connection is not None:
            connection.close()


def _try_open(copy: Path) -> sqlite3.Connection | None:
    try:
        connection = sqlite3.connect(copy, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        connection.execute("SELECT name FROM sqlite_master").fetchall()
    except sqlite3.Error:
        connection.close()
        return None
    return connection


def _repair_header(copy: Path) -> bool:
    """Rewrite the header fields SQLite checks from what the file must hold; ``False`` when the
    file is too short to have any page."""
    try:
        data = bytearray(copy.read_bytes())
    except OSError:
        return False
    if len(data) < _HEADER_BYTES:
        return False
    page = int.from_bytes(data[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1) or len(data) % page:
        page = _DEFAULT_PAGE
    wal = 2 if copy.with_name(f"{copy.name}-wal").exists() else 1
    data[0:16] = _MAGIC
    data[16:18] = (1 if page == 65536 else page).to_bytes(2, "big")
    data[18] = data[19] = wal
    data[20:24] = bytes((0, 64, 32, 32))
    data[28:32] = (len(data) // page).to_bytes(4, "big")
    data[32:40] = bytes(8)  # no free pages: reading needs none
    data[44:48] = (4).to_bytes(4, "big")
    data[56:60] = (1).to_bytes(4, "big")  # UTF-8
    data[92:96] = data[24:28]
    try:
        copy.write_bytes(bytes(data))
    except OSError:
        return False
    return True


def _row(connection: sqlite3.Connection, query: str, *parameters: object) -> tuple[Any, ...] | None:
    try:
        row: tuple[Any, ...] | None = connection.execute(query, parameters).fetchone()
    except sqlite3.Error:
        return None
    return row


def _ids(connection: sqlite3.Connection, query: str) -> set[int]:
    found: set[int] = set()
    try:
        for (value,) in connection.execute(query):
            if isinstance(value, int):
                found.add(value)
    except sqlite3.Error:
        pass  # the rows before the damaged page are kept
    return found


def _read_fights(connection: sqlite3.Connection, witnessed: dict[int, int]) -> list[SalvagedFight]:
    open_ids = _ids(connection, "SELECT id FROM journal_encounters WHERE closed_cleanly = 0")
    closed_ids = _ids(connection, "SELECT id FROM journal_encounters WHERE closed_cleanly = 1")
    started = _ids(connection, "SELECT encounter_id FROM journal_starts")
    candidates = open_ids | set(witnessed) | (started - closed_ids)
    fights = [_read_fight(connection, fight, witnessed.get(fight, 0)) for fight in candidates]
    # A damaged page can hold ids of fights that never were: they have nothing to report.
    found = [fight for fight in fights if fight.kept is not None or fight.lost > 0]
    return sorted(found, key=lambda fight: fight.encounter_id)


def _read_fight(connection: sqlite3.Connection, fight: int, witnessed: int) -> SalvagedFight:
    details = _row(
        connection,
        """SELECT ruleset, title, file_path, round, cursor, created, updated
           FROM journal_encounters WHERE id = ?""",
        fight,
    )
    start = _row(
        connection, "SELECT settings, roster FROM journal_starts WHERE encounter_id = ?", fight
    )
    entries = _read_entries(connection, fight)
    counted = _row(
        connection,
        "SELECT COUNT(*), MAX(idx) FROM journal_entries WHERE encounter_id = ?",
        fight,
    )
    known = len(entries)
    if counted is not None:
        count, highest = counted
        known = max(known, count if isinstance(count, int) else 0)
        known = max(known, highest + 1 if isinstance(highest, int) else 0)
    known = max(known, witnessed)
    title = f"Encounter {fight}"
    kept = None
    if details is None and start is not None and _start_ok(start):
        # The fight's own row is lost: keep its start; the ruleset is guessed when restored.
        kept = StoredFight(
            ruleset=UNKNOWN_RULESET,
            title=title,
            file_path=None,
            round=None,
            cursor=len(entries),
            created=0.0,
            updated=0.0,
            settings=start[0],
            roster=start[1],
            entries=entries,
        )
    elif details is not None and start is not None and _fields_ok(details, start):
        ruleset, title, file_path, round_, cursor, created, updated = details
        known = max(known, cursor)
        kept = StoredFight(
            ruleset=ruleset,
            title=title,
            file_path=file_path,
            round=round_,
            cursor=min(cursor, len(entries)),
            created=float(created),
            updated=float(updated),
            settings=start[0],
            roster=start[1],
            entries=entries,
        )
    lost = max(0, known - (len(entries) if kept is not None else 0))
    return SalvagedFight(encounter_id=fight, title=title, kept=kept, lost=lost)


def _fields_ok(details: tuple[Any, ...], start: tuple[Any, ...]) -> bool:
    ruleset, title, file_path, round_, cursor, created, updated = details
    return (
        isinstance(ruleset, str)
        and ruleset != UNKNOWN_RULESET
        and isinstance(title, str)
        and (file_path is None or isinstance(file_path, str))
        and (round_ is None or isinstance(round_, int))
        and isinstance(cursor, int)
        and cursor >= 0
        and isinstance(created, int | float)
        and isinstance(updated, int | float)
        and _start_ok(start)
    )


def _start_ok(start: tuple[Any, ...]) -> bool:
    return all(isinstance(text, str) for text in start) and is_json(*start)


def _read_entries(connection: sqlite3.Connection, fight: int) -> tuple[bytes, ...]:
    entries: list[bytes] = []
    while True:
        row = _row(
            connection,
            "SELECT data FROM journal_entries WHERE encounter_id = ? AND idx = ?",
            fight,
            len(entries),
        )
        if row is None or not isinstance(row[0], bytes):
            break
        try:
            decode_entry(row[0])
        except (JournalError, ValueError, TypeError):
            break
        entries.append(row[0])
    return tuple(entries)
