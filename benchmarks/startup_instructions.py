"""Start-up work of ``uwr-desktop --smoke-test`` against a bare PySide6 window, in instructions.

    uv run python benchmarks/startup_instructions.py [--app "COMMAND"]

Wall time on a shared machine moves by several per cent from one run to the next, which is the
size of the changes worth measuring at start-up. This script runs each side once under
valgrind's callgrind tool (``apt-get install valgrind``; processes it starts or execs are
counted too) and prints the instructions each
executed and their ratio: a figure that does not move with the machine's load, so two versions
of the app can be told apart by a single run each. It counts the CPU's work only; time spent
waiting for the disk or the kernel is not in it (``startup.py`` measures that).

Both sides run offscreen on the 1920x1080 screen ``startup.py`` uses, with bytecode caches
written by a first, uncounted run.
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

_TOTAL = re.compile(r"Collected\s*:\s*(\d+)")


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


def main() -> None:
    """Print the instruction counts and their ratio."""
    parser = argparse.ArgumentParser(description="Start-up instructions against a bare window.")
    parser.add_argument("--app", help="the app's command (default: uwr-desktop on the PATH)")
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
        bare = _instructions([sys.executable, "-c", BARE_WINDOW], env, folder)
        ran = _instructions([*app, "--smoke-test"], env, folder)
    print(f"bare PySide6 window : {bare / 1e6:9.1f} M instructions")
    print(f"uwr-desktop smoke   : {ran / 1e6:9.1f} M instructions")
    print(f"ratio {ran / bare:.3f}x")


if __name__ == "__main__":
    main()
