"""Frame pacing of the dice animation: 30 dice in a shown tray against a bare 16 ms QTimer.

Runs on the offscreen platform. For the tray it records the time of every paint of the dice
canvas while the dice tumble; for the baseline, every timeout of a bare precise QTimer at 16 ms.
It prints the median and 99th percentile interval of each and their ratios (targets: median
about 16.7 ms, 99th percentile under 20 ms), and what one repaint of 30 tumbling dice costs.
"""

import itertools
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import random
import statistics
import sys
import time

from PySide6.QtCore import QElapsedTimer, QEvent, QEventLoop, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.dice import Roller
from uwr_desktop.ui.dice.tray import DiceTray

ROLLS = 12
BASELINE_TICKS = 240
REPAINTS = 200


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _intervals(stamps: list[int]) -> list[float]:
    return [(b - a) / 1e6 for a, b in itertools.pairwise(stamps)]


class _PaintStamps(QObject):
    """Records when the watched widget paints."""

    def __init__(self) -> None:
        super().__init__()
        self.stamps: list[int] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Paint:
            self.stamps.append(time.perf_counter_ns())
        return False


def _wait(app: QApplication, until) -> None:
    while not until():
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)


def baseline(app: QApplication) -> list[float]:
    """Intervals between the timeouts of a bare 16 ms precise QTimer."""
    stamps: list[int] = []
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(16)
    timer.timeout.connect(lambda: stamps.append(time.perf_counter_ns()))
    timer.start()
    _wait(app, lambda: len(stamps) > BASELINE_TICKS)
    timer.stop()
    return _intervals(stamps)


def tray_frames(app: QApplication, tray: DiceTray) -> tuple[list[float], int]:
    """Intervals between paints of the dice canvas while 30 dice tumble, over several rolls."""
    watcher = _PaintStamps()
    tray.view.installEventFilter(watcher)
    intervals: list[float] = []
    frames = 0
    for _ in range(ROLLS):
        watcher.stamps.clear()
        tray.roll()
        _wait(app, lambda: not tray.is_animating())
        # The first paint follows the roll request itself, not a timer tick.
        intervals += _intervals(watcher.stamps[1:])
        frames += tray.view.frames_drawn()
    tray.view.removeEventFilter(watcher)
    return intervals, frames


def repaint_cost(tray: DiceTray) -> list[float]:
    """Milliseconds of one synchronous repaint of the canvas, mid-tumble."""
    tray.set_animation_speed(0.05)
    tray.roll()
    costs = []
    clock = QElapsedTimer()
    for _ in range(REPAINTS):
        clock.start()
        tray.view.repaint()
        costs.append(clock.nsecsElapsed() / 1e6)
    tray.skip_animation()
    tray.set_animation_speed(1.0)
    return costs


def main() -> int:
    """Measure and print the figures."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    tray = DiceTray(roller=Roller(random.Random(1)))
    tray.notation.setText("30d6 r5")
    tray.resize(900, 700)
    tray.show()
    _wait(app, tray.isVisible)
    app.processEvents()

    base = baseline(app)
    frames, ticks = tray_frames(app, tray)
    costs = repaint_cost(tray)

    base_median, base_p99 = statistics.median(base), _percentile(base, 0.99)
    median, p99 = statistics.median(frames), _percentile(frames, 0.99)
    print(f"platform: {app.platformName()}, Python {sys.version.split()[0]}")
    print(
        f"bare QTimer 16 ms     median {base_median:6.2f} ms   p99 {base_p99:6.2f} ms   "
        f"({len(base)} intervals)"
    )
    print(
        f"dice tray, 30 dice    median {median:6.2f} ms   p99 {p99:6.2f} ms   "
        f"({len(frames)} intervals, {ROLLS} rolls, {ticks} animation ticks)"
    )
    print(
        f"tray / bare           median {median / base_median:6.2f}x     p99 {p99 / base_p99:6.2f}x"
    )
    median_met = "met" if abs(median - 1000 / 60) < 1.0 else "MISSED"
    p99_met = "met" if p99 < 20.0 else "MISSED"
    print(f"targets               median ~16.7 ms: {median_met}   p99 < 20 ms: {p99_met}")
    print(
        f"one repaint, 30 tumbling dice: median {statistics.median(costs):.2f} ms, "
        f"p99 {_percentile(costs, 0.99):.2f} ms"
    )
    tray.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
