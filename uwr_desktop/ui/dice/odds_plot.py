"""Odds before the roll: the chance to pass (or win), and a bar chart of what to expect.

The numbers come from :mod:`uwr_desktop.core.odds`. The chart is drawn with pyqtgraph, which
(with numpy) is imported only when the chart is first shown, so a tray whose chart stays hidden
never loads either.
"""

import math
from collections.abc import Mapping
from typing import Any

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QShowEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from uwr_desktop.core.dice import PoolSpec, RollKeepSpec, SumSpec
from uwr_desktop.core.odds import (
    check_probability,
    opposed_distribution,
    pool_distribution,
    roll_keep_distribution,
    sum_distribution,
)

# Totals less likely than this are left off the chart (the tail of exploding dice is endless).
CHART_CUTOFF = 1e-4
# Beyond this many bars the axis picks its own, sparser tick labels.
MAX_LABELLED_BARS = 16

NO_DICE_TEXT = "No dice to chart yet: pick an attribute, add dice or type a roll."
"""What the chart says when there is nothing to roll."""

WORKING_TEXT = "Working out the odds…"
"""What the chart (and the odds line) say while large odds are worked out."""


class Odds(msgspec.Struct, frozen=True):
    """What the tray says before a roll.

    ``bars`` pairs each outcome (successes, surviving successes or total) with its chance;
    ``good_from`` is the first outcome that counts as a pass, a win or a hit (None: no target).
    """

    headline: str
    chance: float | None
    bars: tuple[tuple[int, float], ...]
    x_label: str
    good_from: int | None = None


def percent(chance: float) -> str:
    """A chance as a percentage with one decimal; never shows 0% or 100% for what may happen."""
    if chance >= 1.0:
        return "100%"
    if chance <= 0.0:
        return "0%"
    if chance < 0.0005:
        return "< 0.1%"
    if chance > 0.9995:
        return "> 99.9%"
    return f"{chance * 100:.1f}%"


def _pool(spec: PoolSpec) -> tuple[float, ...]:
    return pool_distribution(spec.dice, spec.favor, spec.rerolls, spec.lowest_threshold)


def _mean(distribution: Mapping[int, float]) -> float:
    return math.fsum(total * chance for total, chance in distribution.items())


def _totals(
    distribution: Mapping[int, float], target_number: int | None, what: str
) -> tuple[str, float | None, int | None]:
    if target_number is None:
        return f"Average {what} {_mean(distribution):.1f}", None, None
    chance = math.fsum(p for total, p in distribution.items() if total >= target_number)
    return f"Chance of ≥ TN {target_number}: {percent(chance)}", chance, target_number


def _chart_bars(distribution: Mapping[int, float]) -> tuple[tuple[int, float], ...]:
    return tuple((total, p) for total, p in sorted(distribution.items()) if p >= CHART_CUTOFF)


def compute_odds(
    spec: PoolSpec | RollKeepSpec | SumSpec,
    *,
    difficulty: int | None = None,
    reaction: PoolSpec | None = None,
    target_number: int | None = None,
) -> Odds:
    """The odds of a roll against a difficulty, a reaction, a target number, or nothing."""
    if isinstance(spec, PoolSpec):
        action = _pool(spec)
        if reaction is not None:
            surviving = opposed_distribution(action, _pool(reaction))
            win = math.fsum(surviving[1:])
            return Odds(
                f"Chance the action wins: {percent(win)}",
                win,
                tuple(enumerate(surviving)),
                "successes left to the action (0: reaction wins)",
                1,
            )
        if difficulty is not None:
            chance = check_probability(
                spec.dice, difficulty, spec.favor, spec.rerolls, spec.lowest_threshold
            )
            return Odds(
                f"Chance to pass: {percent(chance)}",
                chance,
                tuple(enumerate(action)),
                "successes",
                difficulty,
            )
        expected = math.fsum(count * p for count, p in enumerate(action))
        return Odds(
            f"Expected successes: {expected:.1f}", None, tuple(enumerate(action)), "successes"
        )
    if isinstance(spec, RollKeepSpec):
        keep = roll_keep_distribution(spec.rolled, spec.kept, spec.explode, limit=spec.limit)
        totals = {total + spec.modifier: p for total, p in keep.items()}
        headline, hit, good = _totals(totals, target_number, "total")
        return Odds(headline, hit, _chart_bars(totals), "total", good)
    sums = sum_distribution(spec.count, spec.sides, spec.modifier)
    headline, hit, good = _totals(sums, target_number, "total")
    return Odds(headline, hit, _chart_bars(sums), "total", good)


class OddsPlot(QWidget):
    """A bar chart of an :class:`Odds`; pyqtgraph is loaded the first time it is shown.

    With no odds (no dice, or odds still being worked out) it says so instead of drawing an
    empty axis.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oddsPlot")
        self.setAccessibleName("Odds chart")
        self.setMinimumHeight(140)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._odds: Odds | None = None
        self._plot: Any = None
        self._bars: Any = None
        self._empty = QLabel(NO_DICE_TEXT)
        self._empty.setObjectName("oddsPlotEmpty")
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._empty.setWordWrap(True)
        self._layout.addWidget(self._empty)

    def odds(self) -> Odds | None:
        """The odds the chart shows (or will show once visible)."""
        return self._odds

    def chart_loaded(self) -> bool:
        """Whether the pyqtgraph chart has been built."""
        return self._plot is not None

    def empty_text(self) -> str:
        """What the chart says instead of bars (``""`` while it shows bars)."""
        return "" if self._odds is not None and self._odds.bars else self._empty.text()

    def set_odds(self, odds: Odds | None) -> None:
        """Show these odds; None: there are no dice to chart."""
        self._show(odds, NO_DICE_TEXT)

    def set_working(self) -> None:
        """Say the odds are being worked out (the bars shown before are cleared)."""
        self._show(None, WORKING_TEXT)

    def _show(self, odds: Odds | None, empty: str) -> None:
        self._odds = odds
        self._empty.setText(empty)
        self.setAccessibleDescription(odds.headline if odds is not None else "No odds")
        has_bars = odds is not None and bool(odds.bars)
        self._empty.setVisible(not has_bars)
        if self._plot is not None:
            self._plot.setVisible(has_bars)
            self._redraw()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        """Build the chart the first time it is shown."""
        if self._plot is None:
            self._build()
            self._redraw()
        super().showEvent(event)

    def _build(self) -> None:
        import pyqtgraph as pg

        palette = self.palette()
        plot = pg.PlotWidget(parent=self, background=palette.color(QPalette.ColorRole.Base))
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(x=False, y=False)
        plot.hideButtons()
        item = plot.getPlotItem()
        text = palette.color(QPalette.ColorRole.Text)
        for side in ("left", "bottom"):
            axis = item.getAxis(side)
            axis.setPen(text)
            axis.setTextPen(text)
        item.setLabel("left", "chance", units="%")
        bars = pg.BarGraphItem(x=[0], height=[0], width=0.8)
        plot.addItem(bars)
        self._layout.addWidget(plot)
        self._plot = plot
        self._bars = bars
        plot.setVisible(self._odds is not None and bool(self._odds.bars))

    def _redraw(self) -> None:
        odds = self._odds
        item = self._plot.getPlotItem()
        if odds is None or not odds.bars:
            self._bars.setOpts(x=[0], height=[0], width=0.8)
            return
        palette = self.palette()
        good = palette.color(QPalette.ColorRole.Highlight)
        other = QColor(palette.color(QPalette.ColorRole.Mid))
        xs = [x for x, _ in odds.bars]
        heights = [p * 100 for _, p in odds.bars]
        brushes = [
            good if odds.good_from is not None and x >= odds.good_from else other for x in xs
        ]
        self._bars.setOpts(x=xs, height=heights, width=0.8, brushes=brushes, pen=None)
        item.setLabel("bottom", odds.x_label)
        ticks = [(x, str(x)) for x in xs] if len(xs) <= MAX_LABELLED_BARS else None
        item.getAxis("bottom").setTicks([ticks] if ticks is not None else None)
        item.setXRange(min(xs) - 0.6, max(xs) + 0.6, padding=0)
        item.setYRange(0, max(heights) * 1.1 or 1.0, padding=0)
