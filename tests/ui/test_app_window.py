import os
import subprocess
import sys

import pytest

from uwr_desktop import __version__


def test_version_flag_prints_name_and_version():
    out = subprocess.run(
        [sys.executable, "-m", "uwr_desktop", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == f"UWR Desktop {__version__}"


# The installed app's bytecode has no docstrings: it must start without them too.
@pytest.mark.parametrize("flags", [[], ["-OO"]], ids=["bytecode", "without docstrings"])
def test_smoke_test_writes_a_png(tmp_path, flags):
    shot = tmp_path / "shot.png"
    subprocess.run(
        [sys.executable, *flags, "-m", "uwr_desktop", f"--smoke-test={shot}"],
        check=True,
        timeout=60,
    )
    assert shot.read_bytes().startswith(b"\x89PNG")


def test_smoke_test_leaves_no_temporary_folder_and_flushes_its_output(tmp_path):
    shot = tmp_path / "shot.png"
    env = {**os.environ, "TMPDIR": str(tmp_path), "TMP": str(tmp_path), "TEMP": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "uwr_desktop", f"--smoke-test={shot}"],
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert shot.is_file()
    assert list(tmp_path.glob("uwr-desktop-*")) == []


def test_a_png_that_cannot_be_written_is_reported_with_a_non_zero_exit(tmp_path):
    shot = tmp_path / "missing-folder" / "shot.png"
    done = subprocess.run(
        [sys.executable, "-m", "uwr_desktop", f"--smoke-test={shot}"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert f"could not write {shot}" in done.stderr


def test_the_core_the_window_starts_with_is_loaded_before_qt():
    script = (
        "import sys\n"
        "import uwr_desktop.__main__ as start\n"
        "start.load_core_first()\n"
        "assert not [m for m in sys.modules if m.startswith('PySide6')], 'no Qt in the core'\n"
        "before = set(sys.modules)\n"
        "import uwr_desktop.ui.app\n"
        "from uwr_desktop.core.rulesets import DEFAULT_RULESET, make_ruleset\n"
        "make_ruleset(DEFAULT_RULESET)\n"
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('uwr_desktop.core')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"
