"""Writing a file so that a failure halfway leaves the old file whole.

The data goes to a temporary file beside the target (``.NAME.XXXXXXXX.tmp``), is flushed to
disk and then renamed over the target. Saving respects the file that is there: a symbolic link
is written through to the file it points to (the link stays), and the file keeps its
permissions (a new file gets the usual ones, the process's umask applied). While it is written
the temporary file is locked (``flock`` on POSIX); a temporary file a crash left behind has no
lock, and the next save beside it removes it.

A save can be told which version of the file it may replace (its :func:`file_stamp`): the file
is compared with it at the swap itself, immediately before the rename, while the folder is
locked (``flock`` on POSIX) so that saves by other copies of the app take turns; a file changed
since is left alone (:class:`FileChangedError`).
"""

import contextlib
import os
import re
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

FileStamp = tuple[int, int, int]
"""What tells one version of a file from another: change time (ns), size and identity."""


class FileChangedError(Exception):
    """The file was changed by someone else since the version a save was told it replaces; the
    save wrote nothing over it."""


if sys.platform == "win32":

    def _lock(handle: int) -> None:
        """Windows refuses to delete a file open elsewhere: no lock needed."""

    def _in_use(path: Path) -> bool:
        return False

    @contextlib.contextmanager
    def _swap_turn(folder: Path) -> Iterator[None]:
        """Windows refuses to replace a file open elsewhere: the comparison is all there is."""
        yield

else:
    import fcntl

    def _lock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)

    @contextlib.contextmanager
    def _swap_turn(folder: Path) -> Iterator[None]:
        """Hold the folder's lock (waiting for it): saves into it take turns at their swaps."""
        try:
            handle = os.open(folder, os.O_RDONLY)
        except OSError:
            yield  # a folder that cannot be opened for reading is written without turns
            return
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            yield
        finally:
            os.close(handle)

    def _in_use(path: Path) -> bool:
        """Whether a running writer holds the temporary file's lock."""
        try:
            handle = os.open(path, os.O_RDONLY)
        except OSError:
            return True
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        finally:
            os.close(handle)
        return False


_NEW_FILE_MODE = 0o666
"""Mode of a new file before the umask, as any program creating a document uses."""

_RENAME_OPEN = sys.platform != "win32"
"""Windows cannot rename a file that is still open; elsewhere it is renamed before closing."""

_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def temporary_name(target_name: str) -> re.Pattern[str]:
    """The pattern of the temporary files written beside a file called ``target_name``."""
    return re.compile(rf"\.{re.escape(target_name)}\.[a-z0-9_]{{8}}\.tmp")


def resolve_target(path: Path) -> Path:
    """The file a save to ``path`` writes: ``path`` itself, or the end of its symbolic links."""
    if not path.is_symlink():
        return path
    return Path(os.path.realpath(path))


STALE_SECONDS = 60
"""A temporary file younger than this may belong to a save just begun (made, not yet locked):
it is never taken for a crash's leftover."""


def remove_stale_temporaries(target: Path) -> int:
    """Delete the temporary files of earlier saves of ``target`` that no writer holds and that
    are older than ``STALE_SECONDS`` (a crash left them behind); return how many went."""
    folder = target.parent if str(target.parent) else Path(".")
    pattern = temporary_name(target.name)
    removed = 0
    try:
        candidates = [entry for entry in folder.iterdir() if pattern.fullmatch(entry.name)]
    except OSError:
        return 0
    oldest = time.time() - STALE_SECONDS
    for candidate in candidates:
        if candidate.is_symlink() or not candidate.is_file() or _in_use(candidate):
            continue
        with contextlib.suppress(OSError):
            if candidate.stat().st_mtime > oldest:
                continue
        with contextlib.suppress(OSError):
            candidate.unlink()
            removed += 1
    return removed


def _create_temporary(target: Path) -> tuple[int, Path]:
    folder = target.parent if str(target.parent) else Path(".")
    while True:
        candidate = folder / f".{target.name}.{os.urandom(4).hex()}.tmp"
        try:
            return os.open(candidate, _CREATE_FLAGS, _NEW_FILE_MODE), candidate
        except FileExistsError:
            continue


def _copy_permissions(existing: os.stat_result, temporary: Path) -> None:
    os.chmod(temporary, stat.S_IMODE(existing.st_mode))
    chown = getattr(os, "chown", None)
    if chown is not None and temporary.stat().st_gid != existing.st_gid:
        with contextlib.suppress(OSError):
            chown(temporary, -1, existing.st_gid)


def file_stamp(path: Path) -> FileStamp | None:
    """The version of the file at ``path`` (``None`` when there is none to be read)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size, found.st_ino


def _unchanged(target: Path, known: FileStamp | None) -> None:
    now = file_stamp(target)
    if known is not None and now is not None and now != known:
        raise FileChangedError(f"{target} was changed since it was read")


def write_atomically(path: Path, data: bytes, *, known: FileStamp | None = None) -> FileStamp:
    """Write ``data`` to ``path`` through a temporary file beside it, flushed to disk and then
    renamed over the file (through any symbolic link ``path`` is); return the written file's
    stamp.

    With ``known``, the file is replaced only if it is still that version at the swap (or gone:
    it is made again); otherwise :class:`FileChangedError`. The file keeps its permissions.
    Raises ``OSError`` when anything fails; the file is then as it was and no temporary file is
    left behind.
    """
    target = resolve_target(path)
    remove_stale_temporaries(target)
    try:
        existing: os.stat_result | None = target.stat()
    except FileNotFoundError:
        existing = None
    handle, temporary = _create_temporary(target)
    done = False
    try:
        with os.fdopen(handle, "wb") as stream:
            _lock(stream.fileno())
            if existing is not None:
                _copy_permissions(existing, temporary)
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            written = os.fstat(stream.fileno())
            if _RENAME_OPEN:
                # Renamed while still locked, so no cleaner takes it for a crash's leftover.
                with _swap_turn(target.parent):
                    _unchanged(target, known)
                    os.replace(temporary, target)
                done = True
        if not done:
            with _swap_turn(target.parent):
                _unchanged(target, known)
                os.replace(temporary, target)
            done = True
    finally:
        if not done:
            temporary.unlink(missing_ok=True)
    return written.st_mtime_ns, written.st_size, written.st_ino
