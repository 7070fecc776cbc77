"""A hands row's pips: lines filled evenly, never a lone pip on a line of its own."""

import pytest
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QToolButton

from uwr_desktop.core.rulesets.hands.sheet import HandsSheet
from uwr_desktop.ui.rulesets.hands.row import PIPS_PER_LINE, pip_holder, pip_marks


def line_lengths(points: int) -> list[int]:
    """How many pips (and the "+N" count) each line of a row of ``points`` ready points holds."""
    sheet = HandsSheet(max_points=points, ready=points)
    marks, hidden = pip_marks("a", sheet, carry=False)
    rows = QFrame()
    holder = pip_holder(rows, "a", marks, hidden, lambda _pip: lambda: None)
    grid = holder.layout()
    assert isinstance(grid, QGridLayout)
    lines: dict[int, int] = {}
    for item in range(grid.count()):
        row, _column, _rows, _columns = grid.getItemPosition(item)
        lines[row] = lines.get(row, 0) + 1
    assert len(holder.findChildren(QToolButton)) + len(holder.findChildren(QLabel)) == sum(
        lines.values()
    )
    return [lines[row] for row in sorted(lines)]


@pytest.mark.parametrize("points", [0, 1, 4, 6, 7, 8, 11, 12, 13, 18, 19, 24])
def test_pips_fill_the_fewest_lines_evenly(qtbot, points):
    lengths = line_lengths(points)
    assert sum(lengths) == points
    assert len(lengths) == -(-points // PIPS_PER_LINE)
    assert max(lengths, default=0) <= PIPS_PER_LINE
    assert max(lengths, default=0) - min(lengths, default=0) <= 1


def test_seven_points_are_two_lines_of_four_and_three(qtbot):
    assert line_lengths(7) == [4, 3]


def test_points_beyond_the_pips_drawn_are_counted_on_the_last_line(qtbot):
    lengths = line_lengths(30)
    assert sum(lengths) == 25  # 24 pips and the "+6" count
    assert lengths == [5, 5, 5, 5, 5]
