"""Write a Debian package file (an ``ar`` archive of two tarballs) from a staged tree.

dpkg-deb lists every folder of the tree in the package, ``/opt`` included; dpkg then counts the
package among the owners of ``/opt`` and removes that folder with the package when it is left
empty. This writer leaves out the folders named in ``NOT_OWNED`` and records everything else as
dpkg-deb would: owned by root, modes as staged, paths starting with ``./``.
"""

from __future__ import annotations

import hashlib
import io
import os
import tarfile
import time
from pathlib import Path

# Folders the system owns: the package installs into them but never lists them.
NOT_OWNED = frozenset({"opt"})


def _mtime() -> int:
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    return int(epoch) if epoch.isdigit() else int(time.time())


def _tar_info(path: Path, name: str, mtime: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.mtime = mtime
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    if path.is_symlink():
        info.type = tarfile.SYMTYPE
        info.linkname = os.readlink(path)
        info.mode = 0o777
    elif path.is_dir():
        info.type = tarfile.DIRTYPE
        info.mode = path.stat().st_mode & 0o7777
    else:
        info.size = path.stat().st_size
        info.mode = path.stat().st_mode & 0o7777
    return info


def _tarball(root: Path, compression: str, level: int, skip: frozenset[str]) -> bytes:
    """Tar ``root``'s contents as ``./...`` paths, leaving out the folders in ``skip``."""
    buffer = io.BytesIO()
    options = {"preset": level} if compression == "xz" else {"compresslevel": level}
    mtime = _mtime()
    with tarfile.open(
        fileobj=buffer, mode=f"w:{compression}", format=tarfile.GNU_FORMAT, **options
    ) as tar:
        tar.addfile(_tar_info(root, "./", mtime))
        for path in sorted(root.rglob("*")):
            relative = path.relative_to(root).as_posix()
            if relative in skip:
                continue
            is_dir = path.is_dir() and not path.is_symlink()
            info = _tar_info(path, f"./{relative}{'/' if is_dir else ''}", mtime)
            if info.isreg():
                with path.open("rb") as handle:
                    tar.addfile(info, handle)
            else:
                tar.addfile(info)
    return buffer.getvalue()


def md5sums_text(root: Path) -> str:
    """The ``DEBIAN/md5sums`` lines: every regular file of the package with its MD5 sum."""
    lines = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            digest = hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()
            lines.append(f"{digest}  {path.relative_to(root).as_posix()}\n")
    return "".join(lines)


def _ar_member(name: str, data: bytes, mtime: int) -> bytes:
    header = f"{name:<16}{mtime:<12}{0:<6}{0:<6}{'100644':<8}{len(data):<10}`\n"
    return header.encode("ascii") + data + (b"\n" if len(data) % 2 else b"")


def write_deb(files_root: Path, control_root: Path, target: Path, *, fast: bool) -> Path:
    """Pack ``files_root`` (the installed files) and ``control_root`` (control, md5sums...)."""
    compression, level, suffix = ("gz", 1, "gz") if fast else ("xz", 6, "xz")
    control = _tarball(control_root, "gz", 9, frozenset())
    data = _tarball(files_root, compression, level, NOT_OWNED)
    mtime = _mtime()
    target.write_bytes(
        b"!<arch>\n"
        + _ar_member("debian-binary", b"2.0\n", mtime)
        + _ar_member("control.tar.gz", control, mtime)
        + _ar_member(f"data.tar.{suffix}", data, mtime)
    )
    return target
