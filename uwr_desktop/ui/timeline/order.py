"""The order layout: cards in a row in slot order, evenly spaced, a bar twice as wide; cards
widen into the room a short row leaves, so their notes read whole.

Positions are places in the order; a drag moves a card by place, and the drop line stands
between the cards where it would land. The ruler layout (:mod:`.ruler`) builds on this one.
"""

from bisect import bisect_left
from itertools import pairwise

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from uwr_desktop.core.timeline import TimelineSlot
from uwr_desktop.ui.timeline import cards
from uwr_desktop.ui.timeline.cards import GAP, MARGIN, CardMetrics, PaintState
from uwr_desktop.ui.timeline.layout import Drag, TimelineLayout

POINT_PX = 6.0
"""On a ruler, extra room between two cards per point their positions are apart; beyond the
first and last cards, the room one point takes."""

WIDEST_CARD = 1.6
"""A card widens into a short row's spare room up to this many times its measured width."""

Anchors = list[tuple[int, float]]
"""(position, x) of every card's centre, in axis order, content coordinates."""


def value_x(anchors: Anchors, value: int) -> float:
    """``value``'s x in content coordinates: between the centres of the cards whose positions
    bracket it, beyond them at the spacing of one point."""
    first, last = anchors[0], anchors[-1]
    if value >= first[0]:
        return first[1] - (value - first[0]) * POINT_PX
    if value <= last[0]:
        return last[1] + (last[0] - value) * POINT_PX
    # Positions run down the anchors: the first at or below ``value`` ends its bracket.
    index = bisect_left(anchors, -value, key=lambda anchor: -anchor[0])
    (high, high_x), (low, low_x) = anchors[index - 1], anchors[index]
    share = (high - value) / (high - low) if high != low else 0.0
    return high_x + share * (low_x - high_x)


def x_value(anchors: Anchors, x: float) -> int:
    """The axis value at ``x`` (content coordinates), rounded: the inverse of :func:`value_x`."""
    first, last = anchors[0], anchors[-1]
    if x <= first[1]:
        return round(first[0] + (first[1] - x) / POINT_PX)
    if x >= last[1]:
        return round(last[0] - (x - last[1]) / POINT_PX)
    for (high, high_x), (low, low_x) in pairwise(anchors):
        if high_x <= x <= low_x:
            share = (x - high_x) / (low_x - high_x) if low_x != high_x else 0.0
            return round(high - share * (high - low))
    return last[0]


class OrderLayout(TimelineLayout):
    """Cards left to right in slot order."""

    spread = False
    """Whether cards stand apart by how far their positions are apart (a ruler)."""

    follows_width = True

    def __init__(self, metrics: CardMetrics) -> None:
        """No cards yet."""
        super().__init__(metrics)
        self.anchors: Anchors = []

    def arrange(self) -> None:
        """One card per slot, a bar twice as wide, ``GAP`` between them; as wide as
        :meth:`_card_width` says."""
        self._arrange(self.metrics.unit_width)
        unit = self._card_width()
        if unit > self.metrics.unit_width:
            self._arrange(unit)

    def _card_width(self) -> float:
        """The measured card width, widened to share what the timeline's width leaves beside
        the row (at most ``WIDEST_CARD`` times; a row that does not fit keeps it)."""
        measured = self.metrics.unit_width
        units = sum(2 if slot.kind.bar else 1 for slot in self.slots)
        spare = self.view_width - 1 - self.width
        if not units or spare <= 0:
            return measured
        return measured + min(spare / units, measured * (WIDEST_CARD - 1))

    def _arrange(self, unit: float) -> None:
        # Runs for every slot on every change (1,000 cards in a big fight): invariants hoisted.
        x = MARGIN
        targets: dict[str, QRectF] = {}
        anchors: Anchors = []
        spread = self.spread
        top, height = self.metrics.card_top, self.metrics.card_height
        apart = self.metrics.unit_width
        double = 2 * unit + GAP
        previous: int | None = None
        for slot in self.slots:
            if spread and previous is not None:
                x += min(apart, max(0, previous - slot.position) * POINT_PX)
            previous = slot.position
            width = double if slot.kind.bar else unit
            targets[slot.key] = QRectF(x, top, width, height)
            anchors.append((slot.position, x + width / 2))
            x += width + GAP
        self.targets = targets
        self.anchors = anchors
        self.width = x - GAP + MARGIN if self.slots else 2 * MARGIN

    def height(self, bar_height: int) -> int:
        """The title row, a card, what stands under the cards and room for the scroll bar."""
        below = max(MARGIN, bar_height + 4)
        metrics = self.metrics
        return int(metrics.card_top + metrics.card_height + self._under_cards() + below + 0.5)

    def _under_cards(self) -> float:
        """The room under the cards before the scroll bar's (none: no ruler)."""
        return 0.0

    def paint_backdrop(
        self, painter: QPainter, state: PaintState, *, left: float, right: float
    ) -> None:
        """Nothing stands behind cards in order."""

    def paint_slot(
        self, painter: QPainter, slot: TimelineSlot, rect: QRectF, state: PaintState
    ) -> None:
        """A card."""
        cards.paint_card(painter, slot, rect, self.metrics, state)

    def paint_lifted(self, painter: QPainter, drag: Drag, state: PaintState) -> None:
        """The card lifted under the pointer, at its own height."""
        rect = QRectF(self.targets[drag.key])
        rect.moveLeft(drag.pointer_x - drag.grab_dx)
        rect.translate(0, -3)
        cards.paint_lifted(painter, self.slot(drag.key), rect, self.metrics, state)

    def drop_index(self, drag: Drag) -> int:
        """Before every card whose centre is right of the dragged card's centre."""
        targets = self.targets
        centre = drag.pointer_x - drag.grab_dx + targets[drag.key].width() / 2
        return sum(
            1
            for slot in self.slots
            if slot.key != drag.key and targets[slot.key].center().x() < centre
        )

    def paint_drop(
        self, painter: QPainter, drag: Drag, color: QColor, *, place: int | None, value: int | None
    ) -> float:
        """A line across the cards' height, with a dot at each end."""
        if value is not None:
            x = self.position_x(value)
        elif place is None:
            return self.targets[drag.key].left()
        else:
            x = self._drop_line_x(drag.key, place)
        top = self.metrics.card_top - 1
        bottom = self.metrics.card_top + self.metrics.card_height + 1
        painter.setPen(cards.pen(color, 3))
        painter.drawLine(QLineF(x, top, x, bottom))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawEllipse(QPointF(x, top), 4, 4)
        painter.drawEllipse(QPointF(x, bottom), 4, 4)
        return x

    def _drop_line_x(self, key: str, index: int) -> float:
        others = [slot.key for slot in self.slots if slot.key != key]
        if index == 0:
            return self.targets[others[0]].left() - GAP / 2
        return self.targets[others[index - 1]].right() + GAP / 2

    def position_x(self, value: int) -> float:
        """Where ``value`` lies among the cards' positions."""
        if not self.anchors:
            return MARGIN
        return value_x(self.anchors, value)
