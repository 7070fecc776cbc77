"""Saving respects the file: its permissions, symbolic links, and no leftovers after a crash."""

import os
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from uwr_desktop.core.storage.atomic_file import STALE_SECONDS, temporary_name, write_atomically

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and locks")


def leftovers(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".tmp"))


@posix_only
def test_saving_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "fight.uwr"
    path.write_bytes(b"old")
    path.chmod(0o640)
    write_atomically(path, b"new")
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    path.chmod(0o604)
    write_atomically(path, b"newer")
    assert stat.S_IMODE(path.stat().st_mode) == 0o604


@posix_only
def test_a_new_file_gets_the_usual_permissions_under_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomically(tmp_path / "new.uwr", b"data")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.uwr").stat().st_mode) == 0o640


def test_saving_through_a_symbolic_link_writes_its_target(tmp_path):
    real_folder = tmp_path / "campaign"
    real_folder.mkdir()
    real = real_folder / "fight.uwr"
    real.write_bytes(b"old")
    link = tmp_path / "current.uwr"
    try:
        link.symlink_to(Path("campaign") / "fight.uwr")
    except OSError:
        pytest.skip("this system does not let us create symbolic links")
    write_atomically(link, b"new")
    assert link.is_symlink()
    assert os.readlink(link) == str(Path("campaign") / "fight.uwr")
    assert real.read_bytes() == b"new"
    assert leftovers(tmp_path) == [] and leftovers(real_folder) == []


def test_a_link_to_a_missing_file_creates_that_file(tmp_path):
    link = tmp_path / "current.uwr"
    try:
        link.symlink_to(tmp_path / "later.uwr")
    except OSError:
        pytest.skip("this system does not let us create symbolic links")
    write_atomically(link, b"first")
    assert link.is_symlink()
    assert (tmp_path / "later.uwr").read_bytes() == b"first"


def test_the_next_save_removes_temporary_files_a_crash_left(tmp_path):
    path = tmp_path / "fight.uwr"
    path.write_bytes(b"old")
    stale = tmp_path / ".fight.uwr.k3x9_a0q.tmp"
    stale.write_bytes(b"half a fi")
    other = tmp_path / ".other.uwr.k3x9_a0q.tmp"  # another file's: not ours to remove
    other.write_bytes(b"x")
    write_atomically(path, b"new")
    assert stale.exists(), "a temporary file just made may be a save just begun"
    _age(stale, other)
    write_atomically(path, b"newer")
    assert not stale.exists()
    assert other.exists()
    assert path.read_bytes() == b"newer"


def _age(*paths):
    """Make ``paths`` look as old as a crash's leftovers."""
    long_ago = time.time() - STALE_SECONDS - 1
    for path in paths:
        os.utime(path, (long_ago, long_ago))


@posix_only
def test_a_temporary_file_being_written_by_someone_else_is_left_alone(tmp_path):
    import fcntl

    path = tmp_path / "fight.uwr"
    busy = tmp_path / ".fight.uwr.abcdefgh.tmp"
    with busy.open("wb") as stream:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX)
        _age(busy)
        write_atomically(path, b"new")
        assert busy.exists()
    write_atomically(path, b"newer")
    assert not busy.exists()


CRASHING_WRITER = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from uwr_desktop.core.storage import atomic_file

    def die(fd):
        os._exit(9)  # ends the process at once, as a crash does: nothing is cleaned up

    os.fsync = die
    atomic_file.write_atomically(Path(sys.argv[1]), b"x" * 1_000_000)
    """
)


def test_a_save_killed_mid_write_leaves_a_temporary_file_the_next_save_removes(tmp_path):
    path = tmp_path / "fight.uwr"
    path.write_bytes(b"before the crash")
    child = subprocess.run(
        [sys.executable, "-c", CRASHING_WRITER, str(path)], timeout=60, check=False
    )
    assert child.returncode == 9
    left = leftovers(tmp_path)
    assert len(left) == 1 and temporary_name("fight.uwr").fullmatch(left[0])
    assert path.read_bytes() == b"before the crash"
    _age(*(tmp_path / name for name in left))
    write_atomically(path, b"after")
    assert leftovers(tmp_path) == []
    assert path.read_bytes() == b"after"
