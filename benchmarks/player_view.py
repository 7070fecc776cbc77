"""Next turn in a fight of 1,000 combatants with the player view open, both windows repainted.

The GM's window and the player view are shown on the offscreen platform; each sample times
``Next Turn`` from the click until Qt has processed every resulting event and repaint of both
windows. One combatant in ten is hidden and one in ten has an alias, so the view filters and
renames as it would at the table. The baseline, in the same run, is the same fight and the same
next turn with the player view closed. Prints the medians, the 95th percentiles, the ratio and
the median against one 60 Hz frame (16.7 ms). Run with
``QT_QPA_PLATFORM=offscreen uv run python benchmarks/player_view.py``.
"""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from big_fight import big_fight_window
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.intents import NextTurn

COMBATANTS = 1000
SAMPLES = 150
FRAME_MS = 1000 / 60


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _fight(app: QApplication, folder: Path, *, player_view: bool) -> list[float]:
    window = big_fight_window(folder, str(player_view), COMBATANTS)
    window.show()
    if player_view:
        window.player_view.set_open(True)
        view = window.player_view.view
        assert view is not None and view.isVisible()
        view.resize(1920, 1080)
    app.processEvents()
    samples = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        window.do(NextTurn())
        app.processEvents()
        samples.append((time.perf_counter() - start) * 1000)
    window.player_view.set_open(False)
    window.hide()  # closing would ask to save the fight
    app.processEvents()
    return samples


def main() -> None:
    """Print the figures, the ratio and the frame budget."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        baseline = _fight(app, Path(folder), player_view=False)
        with_view = _fight(app, Path(folder), player_view=True)
    for label, samples in (
        ("next turn, GM window only", baseline),
        ("next turn, with player view", with_view),
    ):
        print(
            f"{label:30s} median {statistics.median(samples):6.2f} ms"
            f"   p95 {_percentile(samples, 0.95):6.2f} ms"
        )
    median = statistics.median(with_view)
    print(
        f"with / without the player view: {median / statistics.median(baseline):.2f}x;"
        f" median {median / FRAME_MS:.2f} of one 60 Hz frame ({FRAME_MS:.1f} ms)"
    )


if __name__ == "__main__":
    main()
