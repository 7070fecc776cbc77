"""The app's SQLite file: opening it safely and running short transactions.

The autosave journal and the combatant library share one file, each with its own tables.

Durability: the file runs in WAL mode with ``synchronous=NORMAL`` by default. A transaction that
has committed is in the write-ahead log before ``COMMIT`` returns, so it survives the app
crashing or being killed; only a power cut or an operating-system crash can lose the last few
commits. ``FULL`` would also survive those, at the price of one disk flush per commit (several
milliseconds on many laptops and on Windows), which would be paid on every click. Pass
``power_safe=True`` to choose it anyway.

Failures come out as :class:`StoreError`, sorted by what the GM can do about them: a damaged
file (:class:`StoreDamagedError`: SQLite calls it corrupt or not a database; move it aside and
salvage what it holds) or a file that cannot be read or written now
(:class:`StoreUnavailableError`: a full disk, a file or folder without access, a read error, a
size limit; keep playing, try again). A file busy in another copy of the app is neither: it is
waited for. Any other error SQLite gives (a header it cannot make sense of, say) is a plain
:class:`StoreError`.
"""

import contextlib
import re
import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Self, TypeVar

SCHEMA_VERSION = 1
"""Version of the tables this build writes; a file from a newer build is refused."""

BUSY_TIMEOUT_MS = 10_000
"""How long a statement waits for another copy of the app to finish its write."""

_DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_FORMAT})
_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_FAULT_CODES = frozenset(
    {
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_NOMEM,
        sqlite3.SQLITE_TOOBIG,
        sqlite3.SQLITE_NOLFS,
        sqlite3.SQLITE_AUTH,
        sqlite3.SQLITE_PROTOCOL,
        sqlite3.SQLITE_INTERRUPT,
    }
)
"""Errors of the machine, not of the file: it cannot be read or written now."""
_RETRY_PAUSE_S = 0.02
_T = TypeVar("_T")
_CREATED = re.compile(r"IF NOT EXISTS\s+(\w+)")


class ClosedOnExit(ABC):
    """A store used in a ``with`` block: it is closed when the block ends, however it ends."""

    @abstractmethod
    def close(self) -> None:
        """Close the store."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


class StoreError(Exception):
    """The stored data cannot be read or written; the message says what is wrong."""


class StoreDamagedError(StoreError):
    """The file is damaged or is not the app's data file at all."""


class StoreUnavailableError(StoreError):
    """The file cannot be written now (disk full, read-only, gone); nothing in it is damaged."""

    def __init__(self, message: str, *, disk_full: bool = False) -> None:
        """``disk_full`` says the disk (or the file's allowed size) ran out of room."""
        super().__init__(message)
        self.disk_full = disk_full


class StoreBusyError(StoreUnavailableError):
    """Another copy of the app kept the file busy for longer than :data:`BUSY_TIMEOUT_MS`."""


class StoreNewerError(StoreUnavailableError):
    """The file was written by a newer version of the app."""


def primary_code(error: sqlite3.Error) -> int | None:
    """SQLite's primary result code of ``error`` (extended codes folded), if it has one."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def is_busy(error: sqlite3.Error) -> bool:
    """Whether ``error`` only means another connection holds a lock for now."""
    return primary_code(error) in _BUSY_CODES


def store_error(error: sqlite3.Error, what: str) -> StoreError:
    """Turn an SQLite error into the :class:`StoreError` the GM can act on; ``what`` starts
    the message ("Cannot write to the data file", say)."""
    code = primary_code(error)
    if code in _DAMAGE_CODES:
        return StoreDamagedError(f"{what}: it is damaged ({error}).")
    if code == sqlite3.SQLITE_FULL:
        return StoreUnavailableError(f"{what}: the disk is full ({error}).", disk_full=True)
    if code in _BUSY_CODES:
        return StoreBusyError(f"{what}: another copy of UWR Desktop kept it busy.")
    if code in _FAULT_CODES:
        return StoreUnavailableError(f"{what}: {error}.")
    return StoreError(f"{what}: {error}.")


def _retry_busy(step: Callable[[], _T]) -> _T:
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            return step()
        except sqlite3.Error as error:
            if not is_busy(error) or time.monotonic() > deadline:
                raise
        time.sleep(_RETRY_PAUSE_S)


def open_database(path: Path, *, power_safe: bool = False) -> sqlite3.Connection:
    """Open (creating if needed) the app's SQLite file at ``path``.

    The connection is in autocommit mode: group writes with :func:`transaction`. Another copy
    of the app opening the same file at the same moment is waited for. Raises
    :class:`StoreDamagedError` when the file is not a usable database and
    :class:`StoreUnavailableError` when it cannot be opened or created.
    """
    try:
        if path.is_dir():
            raise StoreDamagedError(
                f"The data file {path} is a folder, not a UWR Desktop data file."
            )
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, isolation_level=None)
    except (OSError, sqlite3.Error) as error:
        raise StoreUnavailableError(f"Cannot open the data file {path}: {error}") from error
    try:
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        # Switching a new file to WAL takes a lock that SQLite does not wait for by itself.
        mode = _retry_busy(lambda: connection.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        if str(mode).lower() != "wal":
            raise StoreUnavailableError(
                f"The data file {path} cannot use write-ahead logging ({mode})."
            )
        connection.execute(f"PRAGMA synchronous = {'FULL' if power_safe else 'NORMAL'}")
        connection.execute("PRAGMA foreign_keys = ON")
        version = _retry_busy(lambda: connection.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.Error as error:
        connection.close()
        failure = store_error(error, f"Cannot open the data file {path}")
        if isinstance(failure, StoreDamagedError):
            failure = StoreDamagedError(
                f"The data file {path} is damaged or is not a UWR Desktop data file ({error})."
            )
        raise failure from error
    except StoreError:
        connection.close()
        raise
    if version > SCHEMA_VERSION:
        connection.close()
        raise StoreNewerError(
            f"The data file {path} was written by a newer version of UWR Desktop "
            f"(format {version}, this version reads up to {SCHEMA_VERSION})."
        )
    return connection


def ensure_tables(connection: sqlite3.Connection, statements: tuple[str, ...]) -> None:
    """Create missing tables and indexes in one transaction and stamp the file's format.

    A file that has them all is not written to (a damaged one stays exactly as it was).
    """
    wanted = {match.group(1) for match in map(_CREATED.search, statements) if match}
    try:
        present = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error as error:
        raise store_error(error, "Cannot read the data file") from error
    if version == SCHEMA_VERSION and wanted <= present:
        return
    with transaction(connection):
        for statement in statements:
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """Run the block as one write transaction: committed at the end, rolled back on error.

    SQLite errors come out as :class:`StoreError` (see :func:`store_error`).
    """
    what = "Cannot write to the data file"
    try:
        _retry_busy(lambda: connection.execute("BEGIN IMMEDIATE"))
    except sqlite3.Error as error:
        raise store_error(error, what) from error
    try:
        yield connection
        connection.execute("COMMIT")
    except BaseException as error:
        if connection.in_transaction:
            # SQLite rolls back by itself when it cannot: then ROLLBACK fails and that is fine.
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        if isinstance(error, sqlite3.Error):
            raise store_error(error, what) from error
        raise
