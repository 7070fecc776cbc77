"""A small round swatch in a side's colour, for combo boxes, lists and library templates."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

from uwr_desktop.core.sides import Side
from uwr_desktop.ui.theme import side_color


def side_swatch(side: Side, size: int = 12) -> QIcon:
    """A small round swatch in the side's colour."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(side_color(side))
    painter.drawEllipse(1, 1, size - 2, size - 2)
    painter.end()
    return QIcon(pixmap)
