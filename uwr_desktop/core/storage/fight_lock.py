"""Which stored fights are open in a running copy of the app.

While a fight's autosave journal is open, its process holds an operating-system lock on a small
file beside the journal. The system drops the lock when the process ends, crash or not, so
another copy of the app can tell a fight someone is playing (leave it alone) from one a crash
left behind (offer to recover it).

The locks are the system's own (``flock`` on POSIX, ``msvcrt.locking`` on Windows): a lock
library would cost more start-up time than the two calls it wraps.

The lock file also keeps a witness of the fight's progress: how many entries the journal held
after its last commit (:meth:`FightLock.record`). It lives outside the database, so after a
crash it tells whether the database lost commits (a write-ahead log lost or damaged).
"""

import contextlib
import os
import sys
from pathlib import Path

from uwr_desktop.core.storage.sqlite_db import StoreUnavailableError

if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: int) -> None:
        msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)

    def _unlock(handle: int) -> None:
        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_UN)


_WITNESS_AT = 8


def lock_problem(folder: Path, error: OSError) -> str:
    """Why the fights' lock files in ``folder`` cannot be used, and what to do about it."""
    if os.path.isfile(folder):
        return (
            f"{folder} is a file, but UWR Desktop marks the fights it has open in a folder of "
            "that name. Move the file elsewhere, then restart UWR Desktop."
        )
    where = error.filename if isinstance(error.filename, str) else str(folder)
    return (
        f"UWR Desktop cannot use {where} ({error.strerror or error}), where it marks the "
        "fights it has open. Give your user read and write access to it (another user may "
        "have left it behind), then restart UWR Desktop."
    )


class FightLock:
    """A held lock on one fight; :meth:`release` lets it go (so does the process ending)."""

    def __init__(self, path: Path, handle: int) -> None:
        """Wrap a locked ``handle`` on ``path``; use :meth:`acquire` to make one."""
        self._path = path
        self._handle: int | None = handle

    @classmethod
    def acquire(cls, path: Path) -> "FightLock | None":
        """Take the lock at ``path`` without waiting; ``None`` while someone else holds it.

        Another lock object on the same file counts as someone else, even in this process. A
        lock file that cannot be made or opened (its folder is a file, or belongs to another
        user) raises :class:`StoreUnavailableError`.
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as error:
            raise StoreUnavailableError(lock_problem(path.parent, error)) from error
        try:
            _try_lock(handle)
        except OSError:
            os.close(handle)
            return None
        return cls(path, handle)

    @property
    def held(self) -> bool:
        """Whether this object still holds the lock."""
        return self._handle is not None

    def record(self, entries: int | None) -> None:
        """Note that the fight's journal now holds ``entries`` entries (no disk flush);
        ``None`` forgets the count (the file was checked and holds them all)."""
        if self._handle is None:
            return
        text = " " * 20 if entries is None else f"{entries:<20d}"
        # Past the locked first byte: Windows refuses writes to a region locked by another.
        with contextlib.suppress(OSError):
            os.lseek(self._handle, _WITNESS_AT, os.SEEK_SET)
            os.write(self._handle, f"{text}\n".encode())

    def release(self, *, remove: bool = False) -> None:
        """Let the lock go (again: nothing); ``remove`` also deletes the lock file."""
        if self._handle is None:
            return
        removed = False
        if remove:
            # Removed while still held, no one can lock the file on its way out; Windows
            # refuses to remove an open file, so there it goes once closed.
            with contextlib.suppress(OSError):
                self._path.unlink()
                removed = True
        _unlock(self._handle)
        os.close(self._handle)
        self._handle = None
        if remove and not removed:
            with contextlib.suppress(OSError):
                self._path.unlink()


def recorded_entries(path: Path) -> int | None:
    """The entry count last recorded in the lock file at ``path``, if it holds one."""
    try:
        with path.open("rb") as stream:
            stream.seek(_WITNESS_AT)
            text = stream.read(32).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def held_elsewhere(path: Path) -> bool:
    """Whether someone else holds the lock at ``path`` right now (``StoreUnavailableError``
    when it cannot be told)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as error:
        raise StoreUnavailableError(lock_problem(path.parent, error)) from error
    lock = FightLock.acquire(path)
    if lock is None:
        return True
    lock.release()
    return False
