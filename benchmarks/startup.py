"""Start-up cost of ``uwr-desktop --smoke-test`` against a bare PySide6 window, in one run.

    uv run python benchmarks/startup.py [--app "COMMAND"]

Each side runs in a fresh process 25 times, the two sides taking turns so that each app run has
a bare run beside it under the same machine load. The script prints the median wall time and
peak resident memory of each side, the median of the 25 paired time ratios (the figure held to
the goal of 1.8x: a pair shares its moment's load), the ratio of the medians, and the memory
ratio (goal 1.4x). The app's run ends at its first frame, before the Dice dock's panel, which is
built just after it.

Both sides may write and use bytecode caches, as every installed copy of the app does
(``PYTHONDONTWRITEBYTECODE`` is dropped for them); the first, unmeasured run of each writes the
caches and warms the file cache. Both run offscreen on a 1920x1080 screen, with room for each
window at its usual size (the app's first-start window is 1400x900, the bare one 1280x800).

``--app`` times another build of the app, for instance the installed one
(``/usr/bin/uwr-desktop``); ``--smoke-test`` is appended to it.
"""

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 25
SCREEN = {"name": "benchmark", "x": 0, "y": 0, "width": 1920, "height": 1080, "dpr": 1}
BARE_WINDOW = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QTableView())
window.resize(1280, 800)
window.show()
QTimer.singleShot(0, lambda: (window.grab(), app.exit(0)))
sys.exit(app.exec())
"""


def _measure(command: list[str]) -> tuple[float, float]:
    """Run ``command`` once; return wall seconds and peak RSS in MiB."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command} failed with {status}")
    return elapsed, usage.ru_maxrss / 1024


def _samples_taking_turns(
    bare: list[str], app: list[str]
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """``RUNS`` pairs of (seconds, MiB) samples: the bare window, then the app, in turn."""
    for command in (bare, app):
        _measure(command)  # write bytecode caches, warm the file cache
    return [(_measure(bare), _measure(app)) for _ in range(RUNS)]


def main() -> None:
    """Print the figures and ratios."""
    parser = argparse.ArgumentParser(description="Start-up of the app against a bare window.")
    parser.add_argument("--app", help="the app's command (default: uwr-desktop on the PATH)")
    args = parser.parse_args()
    if args.app:
        app = shlex.split(args.app)
    else:
        found = shutil.which("uwr-desktop") or sys.exit("uwr-desktop is not installed (uv sync)")
        app = [found]
    with tempfile.TemporaryDirectory(prefix="uwr-startup-") as folder:
        screens = Path(folder) / "offscreen.json"
        screens.write_text(json.dumps({"screens": [SCREEN]}), encoding="utf-8")
        os.environ.setdefault("QT_QPA_PLATFORM", f"offscreen:configfile={screens}")
        pairs = _samples_taking_turns([sys.executable, "-c", BARE_WINDOW], [*app, "--smoke-test"])
    bare_time = statistics.median(bare[0] for bare, _ in pairs)
    bare_mem = statistics.median(bare[1] for bare, _ in pairs)
    app_time = statistics.median(ran[0] for _, ran in pairs)
    app_mem = statistics.median(ran[1] for _, ran in pairs)
    paired = statistics.median(ran[0] / bare[0] for bare, ran in pairs)
    print(f"bare PySide6 window : {bare_time * 1000:7.1f} ms  {bare_mem:6.1f} MiB")
    print(f"uwr-desktop smoke   : {app_time * 1000:7.1f} ms  {app_mem:6.1f} MiB")
    print(f"ratio time {paired:.2f}x (goal <= 1.8x): median of {RUNS} paired runs")
    print(f"ratio time of the medians {app_time / bare_time:.2f}x")
    print(f"ratio peak memory {app_mem / bare_mem:.2f}x (goal <= 1.4x)")


if __name__ == "__main__":
    main()
