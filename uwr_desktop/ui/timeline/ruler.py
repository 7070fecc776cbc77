"""The ruler layout: a numeric axis, highest position first, under cards set apart by how far
their positions are apart.

The ruler names each card's position; a bar (``SlotKind.bar``) with a ``span_end`` gets an arrow
on the ruler from its position to its end; the value the axis stands at now
(``TimelineAxis.now``) is marked across it. A drag may drop a slot's end on a value of the axis
(the widget asks its value answerer first).
"""

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from uwr_desktop.ui.theme import ThemeColors
from uwr_desktop.ui.timeline import cards
from uwr_desktop.ui.timeline.cards import MARGIN, TICK, PaintState
from uwr_desktop.ui.timeline.layout import Drag
from uwr_desktop.ui.timeline.order import OrderLayout, value_x, x_value


class RulerLayout(OrderLayout):
    """Cards on a numeric axis, a ruler under them."""

    spread = True

    def arrange(self) -> None:
        """Cards set apart by their positions; wide enough for every span's end."""
        super().arrange()
        if self.slots:
            ends = [s.span_end for s in self.slots if s.span_end is not None]
            right = (value_x(self.anchors, end) + MARGIN + 8 for end in ends)
            self.width = max([self.width, *right])

    def _under_cards(self) -> float:
        return self.metrics.ruler_height

    def _ruler_y(self) -> float:
        return self.metrics.card_top + self.metrics.card_height + 2 * TICK + 4

    def paint_backdrop(
        self, painter: QPainter, state: PaintState, *, left: float, right: float
    ) -> None:
        """The ruler and, when the axis has one, the mark of the value now."""
        if not self.slots:
            return
        self._paint_ruler(painter, state.colors, left, right)
        if self.axis.now is not None:
            self._paint_now(painter, self.axis.now, QColor(state.colors.accent))

    def _paint_ruler(
        self, painter: QPainter, colors: ThemeColors, left: float, right: float
    ) -> None:
        """A tick and value per card, and the spans; only what lies between ``left`` and
        ``right`` (content coordinates)."""
        muted = QColor(colors.muted_text)
        y = self._ruler_y()
        anchors = self.anchors
        painter.setPen(cards.pen(muted, 1))
        painter.drawLine(QLineF(MARGIN, y, self.width - MARGIN, y))
        painter.setFont(self.metrics.note_font)
        note_height = self.metrics.note_height
        for position, x in anchors:
            if not left <= x <= right:
                continue
            painter.setPen(cards.pen(muted, 1))
            painter.drawLine(QLineF(x, y - TICK, x, y + TICK))
            label = QRectF(x - 40, y + TICK, 80, note_height)
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(position))
        for slot in self.slots:
            if slot.span_end is None:
                continue
            start = value_x(anchors, slot.position)
            end = value_x(anchors, slot.span_end)
            if max(start, end) < left or min(start, end) > right:
                continue
            cards.paint_span(painter, start, end, y - TICK, colors.side(slot.side))
            painter.setPen(cards.pen(colors.side(slot.side), 1))
            painter.drawLine(QLineF(end, y - TICK, end, y + TICK))
            label = QRectF(end - 40, y + TICK, 80, note_height)
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(slot.span_end))

    def _paint_now(self, painter: QPainter, now: int, accent: QColor) -> None:
        """Mark the value the axis stands at now (a countdown's count) across the ruler."""
        x = value_x(self.anchors, now)
        y = self._ruler_y()
        painter.setPen(cards.pen(accent, 2))
        painter.drawLine(QLineF(x, self.metrics.card_top - 2, x, y + TICK))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(accent)
        painter.drawPolygon(
            [QPointF(x - 5, y + TICK + 6), QPointF(x + 5, y + TICK + 6), QPointF(x, y + TICK)]
        )

    def drag_value(self, drag: Drag) -> int | None:
        """The value under the dragged slot's end (its span's end, else its position)."""
        slot = self.slot(drag.key)
        end = slot.position if slot.span_end is None else slot.span_end
        moved = drag.pointer_x - drag.grab_dx - self.targets[drag.key].left()
        return x_value(self.anchors, value_x(self.anchors, end) + moved)
