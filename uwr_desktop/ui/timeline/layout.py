"""What a way of drawing the timeline answers the widget: one :class:`TimelineLayout` per axis
kind (:mod:`.order`, :mod:`.ruler`, :mod:`.columns`).

A layout places the slots (``targets``, in content coordinates, and the content's width),
says how tall the timeline is, paints what stands behind the slots, each slot, the dragged
slot and where it would land, and answers a drag: the place it would take and, on a ruler, the
value it would be dropped on. The widget keeps the state (slots, selection, the drag, scrolling,
animation) and the events, and knows no layout's geometry.
"""

from abc import ABC, abstractmethod
from collections.abc import Callable

import msgspec
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter

from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot
from uwr_desktop.ui.timeline.cards import MARGIN, CardMetrics, PaintState, paint_hole
from uwr_desktop.ui.timeline.glide import Glide


class Drag(msgspec.Struct):
    """A slot being dragged: its key, where the pointer grabbed it (``grab_dx`` from its left
    edge) and where the pointer is (x in content coordinates, y in the widget's)."""

    key: str
    grab_dx: float
    pointer_x: float
    pointer_y: float = 0.0


class TimelineLayout(ABC):
    """How one kind of axis lays out and paints the slots it was given.

    A layout that ``follows_width`` is placed again when the timeline's width
    (``view_width``) changes, to fit it.
    """

    follows_width = False

    def __init__(self, metrics: CardMetrics) -> None:
        """A layout of nothing yet, in ``metrics``."""
        self.metrics = metrics
        self.slots: tuple[TimelineSlot, ...] = ()
        self.axis = TimelineAxis()
        self.targets: dict[str, QRectF] = {}
        self.width = 2 * MARGIN
        self.view_width = 0.0

    def place(self, slots: tuple[TimelineSlot, ...], axis: TimelineAxis) -> None:
        """Lay ``slots`` out on ``axis``: where each stands (``targets``), the content's
        ``width``."""
        self.slots, self.axis = slots, axis
        self.arrange()

    @abstractmethod
    def arrange(self) -> None:
        """Work out ``targets`` and ``width`` for ``slots``."""

    @abstractmethod
    def height(self, bar_height: int) -> int:
        """The timeline's height, with room under the slots for a scroll bar this high."""

    @abstractmethod
    def paint_backdrop(
        self, painter: QPainter, state: PaintState, *, left: float, right: float
    ) -> None:
        """Paint what stands behind the slots between ``left`` and ``right`` (content
        coordinates): headings, a ruler."""

    def paint_slots(
        self, painter: QPainter, state: PaintState, exposed: QRectF, *, glide: Glide, drag: str
    ) -> None:
        """Paint the slots drawn (as they glide) in ``exposed``; a hole where the slot ``drag``
        (``""``: none) stood."""
        for slot in self.slots:
            rect = QRectF(self.targets[slot.key])
            rect.moveLeft(rect.x() + glide.offset(slot.key))
            if not rect.intersects(exposed):
                continue
            if slot.key == drag:
                paint_hole(painter, rect, state.colors)
            else:
                painter.setOpacity(glide.opacity(slot.key))
                self.paint_slot(painter, slot, rect, state)
        painter.setOpacity(1.0)

    def key_at(self, point: QPointF, offset: Callable[[str], float]) -> str | None:
        """The slot drawn at ``point`` (content coordinates), each ``offset(key)`` off its
        place as it glides."""
        for slot in self.slots:
            rect = QRectF(self.targets[slot.key])
            rect.moveLeft(rect.x() + offset(slot.key))
            if rect.contains(point):
                return slot.key
        return None

    def slot(self, key: str) -> TimelineSlot:
        """The slot ``key``."""
        return next(slot for slot in self.slots if slot.key == key)

    @abstractmethod
    def paint_slot(
        self, painter: QPainter, slot: TimelineSlot, rect: QRectF, state: PaintState
    ) -> None:
        """Paint ``slot`` at ``rect``, at the painter's opacity."""

    @abstractmethod
    def paint_lifted(self, painter: QPainter, drag: Drag, state: PaintState) -> None:
        """Paint the dragged slot where the pointer holds it."""

    @abstractmethod
    def drop_index(self, drag: Drag) -> int:
        """The index the dragged slot would take (its own when it would stay put)."""

    @abstractmethod
    def paint_drop(
        self, painter: QPainter, drag: Drag, color: QColor, *, place: int | None, value: int | None
    ) -> float:
        """Mark where the dragged slot would land: at ``value`` of the axis when set, else at
        index ``place`` (``None``: it stays put, nothing marked). Return the x (content
        coordinates) beside which the drop's words are written."""

    def drag_value(self, drag: Drag) -> int | None:
        """The axis value the dragged slot's end would be dropped on (``None``: the layout has
        no values to drop on)."""
        return None

    def position_x(self, value: int) -> float:
        """Where ``value`` of the axis lies, in content coordinates."""
        return MARGIN

    def focus_span(self) -> tuple[float, float] | None:
        """The span (content coordinates) the view keeps in sight after each change (``None``:
        the current slot's)."""
        return None

    def reveal(self, key: str) -> None:
        """Scroll what the layout scrolls itself (lanes up and down) so the slot ``key`` shows."""
        return

    def wheel(self, steps: float) -> bool:
        """Scroll what the layout scrolls itself by ``steps`` wheel notches; tell whether it
        did (otherwise the wheel scrolls sideways)."""
        return False

    def paint_overlay(self, painter: QPainter, state: PaintState, *, left: float) -> None:
        """Paint what stands over the slots, ``left`` being the view's left edge (content
        coordinates): headings that stay in view."""
        return

    def label_rects(self, left: float, right: float) -> list[QRectF]:
        """The boxes of the words drawn between ``left`` and ``right`` (content coordinates),
        where the layout keeps them apart (none here: words stay on their cards)."""
        return []

    def tooltip_at(self, point: QPointF, left: float) -> str | None:
        """Words for ``point`` (content coordinates) off any slot, ``left`` being the view's
        left edge (``None``: nothing to say)."""
        return None

    def pip_rects(self, slot: TimelineSlot, rect: QRectF) -> list[QRectF]:
        """Where the slot drawn at ``rect`` draws its pips, filled ones first (none here)."""
        return []

    def pip_at(self, slot: TimelineSlot, rect: QRectF, point: QPointF) -> int | None:
        """The filled pip (1 first) a click at ``point`` hits, when it may be clicked."""
        return None
