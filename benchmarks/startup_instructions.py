"""Start-up work of ``uwr-desktop --smoke-test`` against a bare PySide6 window, in instructions.

    uv run python benchmarks/startup_instructions.py [--app "COMMAND"] [--budget RATIO]

Wall time on a shared machine moves by several per cent from one run to the next, which is the
size of the changes worth measuring at start-up. This script runs each side once under
valgrind's callgrind tool (``apt-get install valgrind``; processes it starts or execs are
counted too) and prints the instructions each
executed and their ratio: a figure that does not move with the machine's load, so two versions
of the app can be told apart by a single run each. It counts the CPU's work only; time spent
waiting for the disk or the kernel is not in it (``startup.py`` measures that).

Both sides run offscreen on the 1920x1080 screen ``startup.py`` uses, with bytecode caches
written by a first, uncounted run, and with one fixed string-hash salt (``PYTHONHASHSEED``):
with a fresh salt per process the count moves by about 1.5 % from run to run.

The start is split in phases, each counted as the difference between two runs: Python with
Qt's modules (what both sides pay), the app's own modules (importing what the window needs,
from the source tree's ``uwr_desktop``), and building and painting the first frame. These are a
first start (a fresh folder: the window is laid out for the screen); a later start (the folder a
first run left, its layout restored) is counted too. Either way the Dice dock's panel is built
after the first frame, so a run that quits at the first frame never builds it. With
``--budget``, the script fails (exit code 1) when the first start's count is more than
``RATIO`` times the bare window's: continuous integration holds the start-up to it.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from startup import BARE_WINDOW, SCREEN

from uwr_desktop.core.storage.paths import HOME_ENV

_TOTAL = re.compile(r"Collected\s*:\s*(\d+)")

HASH_SEED = "0"
"""The string-hash salt of every counted run (see :func:`main`)."""


def _instructions(command: list[str], env: dict[str, str], folder: Path) -> int:
    """Run ``command`` once as it is, then count its instructions under callgrind."""
    subprocess.run(command, env=env, check=True, capture_output=True)
    out = folder / "callgrind.%p"
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--trace-children=yes",
            f"--callgrind-out-file={out}",
            *command,
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    counts = [int(found) for found in _TOTAL.findall(done.stderr)]
    if not counts:
        raise SystemExit(f"callgrind printed no total for {command}:\n{done.stderr[-2000:]}")
    return sum(counts)  # a command run through a launcher (env, a shell) counts both


QT_MODULES = "import PySide6.QtCore, PySide6.QtGui, PySide6.QtWidgets"
"""Python and the Qt modules both sides import."""

APP_MODULES = (
    "import gc; gc.disable(); import uwr_desktop.__main__ as start;"
    " start.leave_out_unused_modules(); start.load_core_first(); import uwr_desktop.ui.app"
)
"""The same, then the modules the app imports before it builds its window (the collector off
and the unused modules left out, as the app has it while it starts)."""


def _phases(app: list[str], env: dict[str, str], folder: Path) -> dict[str, tuple[int, int]]:
    """(app, bare window) instructions of each phase of the start."""
    python = [sys.executable, "-c"]
    qt = _instructions([*python, QT_MODULES], env, folder)
    modules = _instructions([*python, APP_MODULES], env, folder)
    bare = _instructions([*python, BARE_WINDOW], env, folder)
    ran = _instructions([*app, "--smoke-test"], env, folder)
    # The uncounted first run lays the folder out; the counted one is a later start.
    kept = {**env, HOME_ENV: str(folder / "home")}
    later = _instructions([*app, "--smoke-test"], kept, folder)
    return {
        "Python and Qt's modules": (qt, qt),
        "the app's modules": (modules - qt, 0),
        "window and first frame": (ran - modules, bare - qt),
        "in all": (ran, bare),
        "a later start, in all": (later, bare),
    }


def main() -> None:
    """Print the instruction counts of each phase and the ratio; fail past ``--budget``."""
    parser = argparse.ArgumentParser(description="Start-up instructions against a bare window.")
    parser.add_argument("--app", help="the app's command (default: uwr-desktop on the PATH)")
    parser.add_argument("--budget", type=float, help="fail when the ratio is above this")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    if args.app:
        app = shlex.split(args.app)
    else:
        app = [shutil.which("uwr-desktop") or sys.exit("uwr-desktop is not installed (uv sync)")]
    with tempfile.TemporaryDirectory(prefix="uwr-startup-") as name:
        folder = Path(name)
        screens = folder / "offscreen.json"
        screens.write_text(json.dumps({"screens": [SCREEN]}), encoding="utf-8")
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["QT_QPA_PLATFORM"] = f"offscreen:configfile={screens}"
        # Python salts its string hashes afresh in every process, which moves a start's count
        # by about 1.5 % from one run to the next (sets and dicts grow and probe differently);
        # one fixed salt for both sides makes the count repeat to within 0.01 %.
        env["PYTHONHASHSEED"] = HASH_SEED
        phases = _phases(app, env, folder)
    print(f"{'phase':26} {'uwr-desktop':>14} {'bare window':>14}")
    for phase, (ran, bare) in phases.items():
        print(f"{phase:26} {ran / 1e6:12.1f} M {bare / 1e6:12.1f} M")
    later, bare = phases["a later start, in all"]
    print(f"ratio of a later start {later / bare:.3f}x")
    ran, bare = phases["in all"]
    ratio = ran / bare
    print(f"ratio {ratio:.3f}x")
    if args.budget is not None:
        verdict = "within" if ratio <= args.budget else "OVER"
        print(f"{verdict} the budget of {args.budget:.2f}x")
        if ratio > args.budget:
            sys.exit(1)


if __name__ == "__main__":
    main()
