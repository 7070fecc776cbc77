"""Start-up cost of ``uwr-desktop --smoke-test`` against a bare PySide6 window, in one run.

Each side runs in a fresh process several times; the script prints the median wall time and the
median peak resident memory of each, and the ratios (targets: time at most 2x, memory at most
1.6x the bare window's).
"""

import os
import shutil
import statistics
import subprocess
import sys
import time

RUNS = 7
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
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command} failed with {status}")
    return elapsed, usage.ru_maxrss / 1024


def _median_of(command: list[str]) -> tuple[float, float]:
    _measure(command)  # warm the file cache
    samples = [_measure(command) for _ in range(RUNS)]
    return (
        statistics.median(s[0] for s in samples),
        statistics.median(s[1] for s in samples),
    )


def main() -> None:
    """Print the figures and ratios."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = shutil.which("uwr-desktop") or sys.exit("uwr-desktop is not installed (uv sync)")
    bare_time, bare_mem = _median_of([sys.executable, "-c", BARE_WINDOW])
    app_time, app_mem = _median_of([app, "--smoke-test"])
    print(f"bare PySide6 window : {bare_time * 1000:7.1f} ms  {bare_mem:6.1f} MiB")
    print(f"uwr-desktop smoke   : {app_time * 1000:7.1f} ms  {app_mem:6.1f} MiB")
    print(f"ratio time {app_time / bare_time:.2f}x (target <= 2.0x)")
    print(f"ratio peak memory {app_mem / bare_mem:.2f}x (target <= 1.6x)")


if __name__ == "__main__":
    main()
