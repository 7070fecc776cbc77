"""The lanes layout: a linear axis from the axis's highest value (left) down to its lowest,
one lane per :class:`~uwr_desktop.core.timeline.Lane`, each slot in its combatant's lane: a
bar from its position to its ``span_end``, anything else a mark at its position.

The scale fits the whole axis in the timeline's width when it can (never below
:data:`.lane_geometry.MIN_SCALE` pixels a value, scrolling then); the lanes' headings stay at
the left while the axis scrolls; the value now is a line the view keeps in sight. Labels never
overlap (:mod:`.lane_fit`). Dragging a bar moves its end: the value it would be dropped on is
asked of the widget's value answerer. Where things stand is :mod:`.lane_geometry`'s.
"""

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QPainter

from uwr_desktop.core.timeline import TimelineSlot
from uwr_desktop.ui.timeline import cards, lane_paint
from uwr_desktop.ui.timeline.cards import MARGIN, PaintState
from uwr_desktop.ui.timeline.glide import Glide
from uwr_desktop.ui.timeline.lane_geometry import LaneGeometry
from uwr_desktop.ui.timeline.layout import Drag


class LanesLayout(LaneGeometry):
    """A lane per combatant on a linear axis: painted, worded and dragged."""

    # Painting

    def paint_backdrop(
        self, painter: QPainter, state: PaintState, *, left: float, right: float
    ) -> None:
        """The ruler's numbers and ticks, and a line under each lane."""
        if not self.slots:
            return
        colors = state.colors
        muted = QColor(colors.muted_text)
        painter.setFont(self.metrics.note_font)
        for x, box, text in self._ticks(left, right):
            lane_paint.paint_tick(painter, x, box, text, muted)
        painter.save()
        painter.setClipRect(self._lanes_area(left, right))
        border = QColor(colors.border)
        painter.setPen(cards.pen(border, 1))
        for cid in self._shown_lanes():
            y = self.lane_top[cid] + self.lane_height[cid] - self.y_offset
            painter.drawLine(QLineF(max(left, MARGIN), y, right, y))
        painter.restore()

    def _ticks(self, left: float, right: float) -> list[tuple[float, QRectF, str]]:
        """The ruler's ticks between ``left`` and ``right``: where each stands, the box its
        number is centred in and the number; a number the count now's pill would cover is
        left out (its tick stays)."""
        top = self.metrics.card_top
        pill = self._now_pill()
        found = []
        step = self._tick_step()
        value = self.high - self.high % step
        while value >= self.low:
            x = self.value_x(value)
            if left <= x <= right:
                text = str(value)
                box = QRectF(x - 30, top, 60, self.metrics.note_height)
                width = self._width(text) + 4
                words = QRectF(x - width / 2, top, width, self.metrics.note_height)
                found.append((x, box, "" if pill is not None and pill.intersects(words) else text))
            value -= step
        return found

    def _now_pill(self) -> QRectF | None:
        """Where the count now's number is drawn over the ruler (``None``: no count now)."""
        if self.axis.now is None or not self.slots:
            return None
        x = self.value_x(self.axis.now)
        width = QFontMetricsF(self.heading_font).horizontalAdvance(str(self.axis.now)) + 14
        return QRectF(x - width / 2, self.metrics.card_top, width, self.metrics.note_height + 2)

    def _tick_step(self) -> int:
        widest = self._width(str(max(abs(self.high), abs(self.low)))) + 10
        return next(
            (step for step in (1, 5, 10, 20, 50, 100, 200, 500) if step * self.scale >= widest),
            1000,
        )

    def paint_slots(
        self, painter: QPainter, state: PaintState, exposed: QRectF, *, glide: Glide, drag: str
    ) -> None:
        """The slots, clipped to the lanes shown."""
        painter.save()
        painter.setClipRect(self._lanes_area(exposed.left(), exposed.right()))
        super().paint_slots(painter, state, exposed, glide=glide, drag=drag)
        painter.restore()

    def paint_slot(
        self, painter: QPainter, slot: TimelineSlot, rect: QRectF, state: PaintState
    ) -> None:
        """A bar or a mark, and its label."""
        shift = rect.topLeft() - self._placed[slot.key].topLeft()
        body = self._bodies[slot.key].translated(shift)
        label = self._labels.get(slot.key)
        shown = None if label is None else label.translated(shift)
        font = self.metrics.note_font
        lane_paint.paint_item(
            painter, slot, body, shown, font=font, state=state, open_end=slot.key in self._open
        )

    def paint_overlay(self, painter: QPainter, state: PaintState, *, left: float) -> None:
        """The line of the value now, and the lanes' headings over the left edge."""
        colors = state.colors
        bottom = self.lanes_top + self._visible_height()
        pill = self._now_pill()
        if pill is not None:
            painter.setFont(self.heading_font)
            lane_paint.paint_now(painter, pill, bottom, str(self.axis.now), colors)
        if not self.axis.lanes:
            return
        gutter = QRectF(
            left, self.metrics.card_top, MARGIN + self.gutter, bottom - self.metrics.card_top
        )
        painter.fillRect(gutter, QColor(colors.window))
        painter.save()
        painter.setClipRect(self._lanes_area(left, left + MARGIN + self.gutter))
        fonts = (self.heading_font, self.metrics.note_font)
        lanes = {lane.combatant_id: lane for lane in self.axis.lanes}
        for cid in self._shown_lanes():
            lane = lanes.get(cid)
            rect = None if lane is None else self._heading(lane, left)
            if lane is not None and rect is not None:
                lane_paint.paint_heading(painter, lane, rect, fonts, colors)
        painter.restore()

    # Words and hover

    def label_rects(self, left: float, right: float) -> list[QRectF]:
        """Every text box drawn between ``left`` and ``right`` (content coordinates): the
        lanes' headings and the slots' labels left of them hidden, the slots' labels, the
        ruler's numbers and the count now's."""
        area = self._lanes_area(left + MARGIN + self.gutter, right)
        found = [area.intersected(r.translated(0, -self.y_offset)) for r in self._labels.values()]
        found = [rect for rect in found if not rect.isEmpty()]
        for _, box, text in self._ticks(left, right):
            if text:
                width = self._width(text)
                found.append(QRectF(box.center().x() - width / 2, box.top(), width, box.height()))
        pill = self._now_pill()
        if pill is not None:
            found.append(pill)
        shown = self._lanes_area(left, right)
        for lane in self.axis.lanes:
            rect = self._heading(lane, left)
            if rect is not None and rect.intersects(shown):
                found.append(rect.intersected(shown))
        return found

    def tooltip_at(self, point: QPointF, left: float) -> str | None:
        """A lane's heading in full when the pointer is over it."""
        if not left <= point.x() <= left + MARGIN + self.gutter:
            return None
        for lane in self.axis.lanes:
            rect = self._heading(lane, left)
            if rect is not None and rect.contains(point):
                return lane.detail or lane.note or lane.label
        return None

    # Dragging a bar's end

    def paint_lifted(self, painter: QPainter, drag: Drag, state: PaintState) -> None:
        """The dragged bar stretched from its start to the value its end is dragged to."""
        slot = self.slot(drag.key)
        body = self._bodies[drag.key].translated(0, -self.y_offset)
        value = self.drag_value(drag)
        if slot.kind.bar and value is not None:
            start = self.value_x(slot.position)
            end = max(start + 6, self.value_x(value))
            body = QRectF(start, body.top() - 2, end - start, body.height() + 4)
        label = self._labels.get(drag.key)
        shown = (
            None
            if label is None
            else QRectF(body.left(), body.top(), min(label.width(), body.width()), body.height())
        )
        painter.fillRect(body.translated(0, 3), QColor(0, 0, 0, 50))
        painter.fillRect(body, QColor(state.colors.card))
        lane_paint.paint_item(painter, slot, body, shown, font=self.metrics.note_font, state=state)

    def paint_drop(
        self, painter: QPainter, drag: Drag, color: QColor, *, place: int | None, value: int | None
    ) -> float:
        """A line across the dragged slot's lane at the value it would be dropped on."""
        if value is None:
            return self._placed[drag.key].left()
        x = self.value_x(value)
        body = self._bodies[drag.key].translated(0, -self.y_offset)
        painter.setPen(cards.pen(color, 3))
        painter.drawLine(QLineF(x, body.top() - 6, x, body.bottom() + 6))
        return x
