"""Folders the app may not use, as a folder another user left behind or a locked-down one is.

:func:`deny` leaves a folder only the permissions ``mode`` gives this user. As an ordinary user
that is ``chmod`` (and the files directly in a folder that cannot be written are made read-only,
as another user's files are). Root, whom ``chmod`` does not stop, gets the answers anyone else
would get from the calls that need the permissions taken away: they fail with ``EACCES``. Only
Python's calls are refused so: SQLite's own still succeed as root.
"""

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

Patch = Callable[[object, str, object], None]
"""Sets an attribute for the rest of the test (``monkeypatch.setattr``) or the process."""

_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT


def deny(folder: Path, mode: int, patch: Patch) -> Callable[[], None]:
    """Leave ``folder`` only the permissions of ``mode`` (``0o555``: no writing, ``0o300``: no
    listing, ``0o000``: nothing); return what gives them back."""
    if os.geteuid() != 0:
        before = {path: stat.S_IMODE(path.stat().st_mode) for path in (folder, *_files(folder))}
        if not mode & stat.S_IWUSR:
            for path in _files(folder):
                path.chmod(0o444)
        folder.chmod(mode)

        def undo() -> None:
            for path, kept in before.items():
                path.chmod(kept)

        return undo
    refuse_as_root(folder, mode, patch)
    return lambda: None


def _files(folder: Path) -> list[Path]:
    return [path for path in folder.iterdir() if path.is_file()] if folder.is_dir() else []


def refuse_as_root(folder: Path, mode: int, patch: Patch) -> None:
    """Make Python's calls fail inside ``folder`` as ``chmod`` to ``mode`` makes them fail for
    anyone but root."""
    target = os.path.realpath(folder)

    def inside(path: object) -> bool:
        return os.path.dirname(os.path.realpath(os.fsdecode(path))) == target

    def below(path: object) -> bool:
        return os.path.realpath(os.fsdecode(path)).startswith(target + os.sep)

    def denied(path: object) -> OSError:
        return PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))

    def guard(real: Callable[..., object], refused: Callable[..., bool]) -> Callable[..., object]:
        def call(path: object = ".", *args: object, **kwargs: object) -> object:
            if not isinstance(path, int) and refused(path, *args):
                raise denied(path)
            return real(path, *args, **kwargs)

        return call

    searchable = bool(mode & stat.S_IXUSR)
    writable = bool(mode & stat.S_IWUSR) and searchable
    listable = bool(mode & stat.S_IRUSR)
    patch(os, "stat", guard(os.stat, lambda path, *a: not searchable and below(path)))
    patch(os, "mkdir", guard(os.mkdir, lambda path, *a: below(path) and not writable))
    patch(os, "unlink", guard(os.unlink, lambda path, *a: below(path) and not writable))
    patch(
        os,
        "open",
        guard(
            os.open,
            lambda path, flags, *a: (
                below(path)
                and (not searchable or (not writable and inside(path) and bool(flags & _WRITING)))
            ),
        ),
    )
    patch(
        os,
        "scandir",
        guard(
            os.scandir,
            lambda path=".", *a: (
                (os.path.realpath(os.fsdecode(path)) == target and not listable)
                or (not searchable and below(path))
            ),
        ),
    )
