"""Pressing, dragging, dropping and double-clicking the timeline's slots with the pointer.

:class:`PointerGestures` is the part of :class:`~uwr_desktop.ui.timeline.widget.
InitiativeTimeline` that answers the mouse: a press selects the slot under the pointer (or asks
for a pip), a move past the drag distance drags it, a release asks for the move or the value
the drop shows, a double click opens the slot. It also answers where a slot stands now
(``card_rect``, gliding included) and which slot is under a point. It reads the timeline's
slots, layout, glide, scroll and gesture, and speaks through its signals.
"""

from PySide6.QtCore import QPointF, QRectF, Qt, SignalInstance
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QWidget

from uwr_desktop.core.timeline import TimelineSlot
from uwr_desktop.ui.timeline.drag import Press, SlotDrag, index_of
from uwr_desktop.ui.timeline.glide import Glide
from uwr_desktop.ui.timeline.layout import TimelineLayout
from uwr_desktop.ui.timeline.scroll import Scroller


class PointerGestures(QWidget):
    """The timeline's mouse handling and where its slots stand (a base of the timeline widget,
    which holds the slots, layout, glide, scroller, gesture and selection these read, and
    declares the signals they speak through)."""

    _slots: tuple[TimelineSlot, ...]
    _layout: TimelineLayout
    _gesture: SlotDrag
    _scroller: Scroller
    _glide: Glide
    _selected: str | None
    slotActivated: SignalInstance  # noqa: N815 (Qt signal naming)
    slotPipClicked: SignalInstance  # noqa: N815 (Qt signal naming)
    slotValueDropped: SignalInstance  # noqa: N815 (Qt signal naming)
    slotMoveRequested: SignalInstance  # noqa: N815 (Qt signal naming)
    slotOpened: SignalInstance  # noqa: N815 (Qt signal naming)

    def card_rect(self, key: str) -> QRectF:
        """Return where the slot with ``key`` is drawn now, in widget coordinates.

        While slots glide this is their in-between place. Raises ``ValueError`` for an
        unknown key.
        """
        rect = QRectF(self._require(key))
        rect.moveLeft(self._shown_x(key) - self._scroller.x())
        return rect

    def _shown_x(self, key: str) -> float:
        return self._layout.targets[key].x() + self._glide.offset(key)

    def _require(self, key: str) -> QRectF:
        rect = self._layout.targets.get(key)
        if rect is None:
            raise ValueError(f"no slot with key {key!r} is on the timeline")
        return rect

    def _key_at(self, pos: QPointF) -> str | None:
        point = QPointF(pos.x() + self._scroller.x(), pos.y())
        return self._layout.key_at(point, self._glide.offset)

    def _set_selection(self, key: str) -> None:
        """Select ``key`` as the GM did (``slotActivated`` tells the owner)."""
        self._selected = key
        self.update()
        self.slotActivated.emit(key)

    def _end_drag(self) -> None:
        self._gesture.end()
        self.unsetCursor()
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Select the slot under the pointer and get ready to drag it (or ask for its pip)."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        pos = event.position()
        key = self._key_at(pos)
        self._gesture.press = None
        if key is None:
            return
        slot = self._slots[index_of(self._slots, key)]
        pip = self._layout.pip_at(slot, self.card_rect(key), pos)
        if pip is not None:
            self._set_selection(key)
            self.slotPipClicked.emit(key, pip)
            return
        grab_dx = pos.x() + self._scroller.x() - self._shown_x(key)
        self._gesture.press = Press(key, pos, grab_dx)
        self._set_selection(key)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Drag the pressed slot once the pointer has moved far enough."""
        gesture = self._gesture
        if gesture.press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            super().mouseMoveEvent(event)
            return
        pos = event.position()
        if not gesture.follow(pos):
            return
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        self._scroller.near_edge(pos.x())
        gesture.point(pos, self._scroller.x())
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Drop a dragged slot: ask for the move it shows."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        drag = self._gesture.drag
        value = self._gesture.dropped_value(self._layout)
        index = self._gesture.place(self._layout)
        self._end_drag()
        if drag is not None and value is not None:
            self.slotValueDropped.emit(drag.key, value)
        elif drag is not None and index is not None:
            self.slotMoveRequested.emit(drag.key, index)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Open the slot under the pointer."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseDoubleClickEvent(event)
            return
        key = self._key_at(event.position())
        if key is not None:
            self.slotOpened.emit(key)
