"""The timeline's title row: the axis title at the left of what is in view and, during a drag,
what the drop would do in a box beside the drop line; or, with no slots, what to do."""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from uwr_desktop.ui.timeline.cards import MARGIN


def bold(font: QFont) -> QFont:
    """``font`` in bold."""
    made = QFont(font)
    made.setBold(True)
    return made


def paint_empty(painter: QPainter, area: QRectF, text: str, font: QFont, color: QColor) -> None:
    """What an empty timeline says (``text``), centred in ``area``."""
    painter.setPen(color)
    painter.setFont(font)
    painter.drawText(area, Qt.AlignmentFlag.AlignCenter, text)


def paint_title(
    painter: QPainter, title: str, font: QFont, view: QRectF, color: QColor, *, half: bool
) -> None:
    """``title`` at the left of ``view`` (the title row in view), elided rather than cut; in
    the left half of the widget when ``half`` (a drag's words take the right)."""
    width = (view.width() + 2 * MARGIN) / 2 if half else view.width()
    area = QRectF(view.left(), view.top() + 1, width, view.height())
    painter.setFont(font)
    painter.setPen(color)
    elided = QFontMetricsF(font).elidedText(title, Qt.TextElideMode.ElideRight, area.width())
    painter.drawText(area, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elided)


def paint_drop_words(
    painter: QPainter,
    text: str,
    font: QFont,
    *,
    x: float,
    view: QRectF,
    colors: tuple[QColor, QColor],
) -> None:
    """``text`` in a box of the ``(background, ink)`` colours beside the drop line at ``x``:
    right of it, or left when the box would leave ``view`` (the title row in view)."""
    if not text:
        return
    metrics = QFontMetricsF(font)
    width = min(metrics.horizontalAdvance(text) + 12, max(view.width(), 40))
    left = x + 6
    if left + width > view.right():
        left = max(view.left(), x - 6 - width)
    box = QRectF(left, view.top(), width, view.height())
    background, ink = colors
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(background)
    painter.drawRoundedRect(box, 4, 4)
    painter.setFont(font)
    painter.setPen(ink)
    elided = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width - 12)
    painter.drawText(box.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter, elided)
