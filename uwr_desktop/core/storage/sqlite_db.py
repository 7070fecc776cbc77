"""The app's SQLite file: opening it safely and running short transactions.

The autosave journal and the combatant library share one file, each with its own tables.

Durability: the file runs in WAL mode with ``synchronous=NORMAL`` by default. A transaction that
has committed is in the write-ahead log before ``COMMIT`` returns, so it survives the app
crashing or being killed; only a power cut or an operating-system crash can lose the last few
commits. ``FULL`` would also survive those, at the price of one disk flush per commit (several
milliseconds on many laptops and on Windows), which would be paid on every click. Pass
``power_safe=True`` to choose it anyway.
"""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCHEMA_VERSION = 1
"""Version of the tables this build writes; a file from a newer build is refused."""

_BUSY_TIMEOUT_MS = 5000


class StoreError(Exception):
    """The stored data cannot be read or written; the message says what is wrong."""


def open_database(path: Path, *, power_safe: bool = False) -> sqlite3.Connection:
    """Open (creating if needed) the app's SQLite file at ``path``.

    The connection is in autocommit mode: group writes with :func:`transaction`.
    Raises :class:`StoreError` when the file is not a usable database.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, isolation_level=None)
    except (OSError, sqlite3.Error) as error:
        raise StoreError(f"Cannot open the data file {path}: {error}") from error
    try:
        connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"The data file {path} cannot use write-ahead logging ({mode}).")
        connection.execute(f"PRAGMA synchronous = {'FULL' if power_safe else 'NORMAL'}")
        connection.execute("PRAGMA foreign_keys = ON")
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as error:
        connection.close()
        raise StoreError(
            f"The data file {path} is damaged or is not a UWR Desktop data file ({error}). "
            "Move it aside to start with an empty one."
        ) from error
    except StoreError:
        connection.close()
        raise
    if version > SCHEMA_VERSION:
        connection.close()
        raise StoreError(
            f"The data file {path} was written by a newer version of UWR Desktop "
            f"(format {version}, this version reads up to {SCHEMA_VERSION})."
        )
    return connection


def ensure_tables(connection: sqlite3.Connection, statements: tuple[str, ...]) -> None:
    """Create missing tables and indexes in one transaction and stamp the file's format."""
    with transaction(connection):
        for statement in statements:
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """Run the block as one write transaction: committed at the end, rolled back on error.

    SQLite errors come out as :class:`StoreError`.
    """
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as error:
        raise StoreError(f"Cannot write to the data file: {error}") from error
    try:
        yield connection
        connection.execute("COMMIT")
    except BaseException as error:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        if isinstance(error, sqlite3.Error):
            raise StoreError(f"Cannot write to the data file: {error}") from error
        raise
