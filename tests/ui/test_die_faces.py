"""A die's number stays inside the die's shape, however long the chain of an exploding die."""

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from uwr_desktop.ui.dice.die_painter import outline, paint_number
from uwr_desktop.ui.dice.shown_die import DIE_SIZE

SIZE = float(DIE_SIZE)


def ink_outside(sides: int, label: str) -> int:
    """How many dark pixels of ``label`` painted on a die fall outside the die's outline."""
    image = QImage(int(SIZE) + 20, int(SIZE) + 20, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    rect = QRectF(10, 10, SIZE, SIZE)
    painter = QPainter(image)
    paint_number(painter, QColor("black"), label, sides, rect, base_font=QApplication.font())
    painter.end()
    shape = outline(sides, rect)
    return sum(
        1
        for y in range(image.height())
        for x in range(image.width())
        if QColor(image.pixel(x, y)).lightness() < 128
        and not shape.contains(QPointF(x + 0.5, y + 0.5))
    )


@pytest.mark.parametrize(
    ("sides", "label"),
    [(10, "4"), (10, "10+3"), (10, "10+10+1"), (10, "10+10+10+7"), (20, "17"), (8, "888")],
)
def test_the_number_stays_inside_the_die(qapp, sides, label):
    assert ink_outside(sides, label) == 0
