"""How the initiative timeline's cost grows with the number of cards.

Prints the time to lay out (``set_slots``) and to paint one frame for growing fights, each as a
ratio against a 10-card baseline measured in the same run. Run with
``QT_QPA_PLATFORM=offscreen uv run python benchmarks/timeline.py``.
"""

import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import TURN, SlotKind, SlotStatus, TimelineSlot
from uwr_desktop.ui.timeline.widget import InitiativeTimeline

SIZES = (10, 40, 160)
ROUNDS = 15


def make_slots(count: int, shift: int = 0) -> list[TimelineSlot]:
    sides = list(Side)
    statuses = list(SlotStatus)
    bar = SlotKind("Declared action", bar=True)
    set_apart = SlotKind("Carry-over turn", set_apart=True)
    kinds = [TURN, TURN, bar, set_apart]
    slots = [
        TimelineSlot(
            key=f"s{i}",
            combatant_id=f"c{i}",
            label=f"Combatant number {i}",
            side=sides[i % len(sides)],
            value_text=f"{100 - i}",
            kind=kinds[i % len(kinds)],
            status=statuses[i % len(statuses)],
            detail="Melee attack · 3 AP" if i % 4 == 2 else "",
        )
        for i in range(count)
    ]
    return slots[shift:] + slots[:shift]


def best_of(action, rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(count: int) -> tuple[float, float]:
    widget = InitiativeTimeline()
    widget.set_animation_duration(0)
    orders = [make_slots(count), make_slots(count, shift=1)]
    flip = iter(range(10**9))
    layout = best_of(lambda: widget.set_slots(orders[next(flip) % 2]))
    widget.resize(1600, widget.sizeHint().height())
    image = QImage(widget.size(), QImage.Format.Format_ARGB32_Premultiplied)
    paint = best_of(lambda: widget.render(image))
    widget.deleteLater()
    return layout, paint


def main() -> None:
    app = QApplication.instance() or QApplication([])
    results = {count: measure(count) for count in SIZES}
    base_layout, base_paint = results[SIZES[0]]
    print(f"{'cards':>6} {'set_slots ms':>13} {'ratio':>6} {'paint ms':>9} {'ratio':>6}")
    for count, (layout, paint) in results.items():
        print(
            f"{count:>6} {layout * 1000:>13.3f} {layout / base_layout:>6.1f}"
            f" {paint * 1000:>9.3f} {paint / base_paint:>6.1f}"
        )
    app.processEvents()


if __name__ == "__main__":
    main()
