"""How long typing a large sum holds the GUI thread, beside computing its odds there (same run).

Run with ``QT_QPA_PLATFORM=offscreen uv run python benchmarks/odds_keystroke.py``. Prints:

1. the baseline: ``compute_odds`` of 100d1000 on the calling thread (what every keystroke cost
   when the tray computed odds in place);
2. the keystroke now: setting the tray's notation to 100d1000 (the odds go to a worker thread),
   and the ratio to the baseline;
3. the longest gap between ticks of a 5 ms timer while the worker computes (how long the window
   could not answer), and when the odds arrived.
"""

import statistics
import time

from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.dice import SumSpec
from uwr_desktop.ui.dice.odds_plot import WORKING_TEXT, compute_odds
from uwr_desktop.ui.dice.tray import DiceTray

RUNS = 3
NOTATION = "100d1000"


def baseline() -> float:
    """Seconds to compute the odds on this thread."""
    start = time.perf_counter()
    compute_odds(SumSpec(100, 1000))
    return time.perf_counter() - start


def keystroke(app: QApplication, tray: DiceTray) -> tuple[float, float, float]:
    """Seconds the keystroke held the thread, the longest timer gap, seconds to the odds."""
    tray.notation.clear()
    gaps: list[float] = []
    clock = QElapsedTimer()
    timer = QTimer()
    timer.setInterval(5)

    def tick() -> None:
        gaps.append(clock.restart() / 1000)

    timer.timeout.connect(tick)
    start = time.perf_counter()
    tray.notation.setText(NOTATION)
    held = time.perf_counter() - start
    clock.start()
    timer.start()
    while tray.odds_text() == WORKING_TEXT:
        app.processEvents()
        time.sleep(0.001)
    arrived = time.perf_counter() - start
    timer.stop()
    return held, max(gaps, default=0.0), arrived


def main() -> None:
    """Print the figures."""
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    tray = DiceTray()
    tray.show()
    base = statistics.median(baseline() for _ in range(RUNS))
    figures = [keystroke(app, tray) for _ in range(RUNS)]
    held = statistics.median(f[0] for f in figures)
    gap = max(f[1] for f in figures)
    arrived = statistics.median(f[2] for f in figures)
    print(f"baseline: odds of {NOTATION} on the GUI thread  {base * 1000:8.1f} ms")
    print(f"keystroke now (worker thread)              {held * 1000:8.1f} ms  ({base / held:.0f}x)")
    print(f"longest event-loop gap while computing     {gap * 1000:8.1f} ms")
    print(f"odds shown after                           {arrived * 1000:8.1f} ms")
    tray.odds_worker.wait_idle()


if __name__ == "__main__":
    main()
