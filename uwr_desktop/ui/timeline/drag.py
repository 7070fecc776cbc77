"""A slot pressed, dragged and dropped on the timeline, and what the drop would do in words.

Where the slot would land is the layout's to say (a place, and on a ruler a value); what the
drop would do is the owner's answerers' (its ruleset's), asked again only when the place or the
value changes.
"""

from collections.abc import Callable, Iterable

import msgspec
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.timeline import TimelineSlot
from uwr_desktop.ui.timeline.cards import PaintState
from uwr_desktop.ui.timeline.layout import Drag, TimelineLayout

DragAnswerer = Callable[[str, int], str]
"""Words what moving the slot ``key`` to ``index`` would do (the owner asks its ruleset)."""

ValueAnswerer = Callable[[str, int], str | None]
"""Words what dropping the end of slot ``key`` on a value of a ruler would do (``None``: the
slot is moved by place, ask the :data:`DragAnswerer`)."""


class Press(msgspec.Struct):
    """A press on the slot ``key`` at ``pos`` (widget coordinates), ``grab_dx`` from its left."""

    key: str
    pos: QPointF
    grab_dx: float


def index_of(slots: tuple[TimelineSlot, ...], key: str) -> int:
    """Where the slot ``key`` stands in ``slots``."""
    return next(index for index, slot in enumerate(slots) if slot.key == key)


def unique_keys(slots: Iterable[TimelineSlot]) -> tuple[TimelineSlot, ...]:
    """``slots`` as a tuple; ``ValueError`` when two share a key (a drag could not tell them
    apart)."""
    found = tuple(slots)
    given = [slot.key for slot in found]
    if len(set(given)) != len(given):
        twice = next(key for key in given if given.count(key) > 1)
        raise ValueError(f"two timeline slots share the key {twice!r}")
    return found


class SlotDrag:
    """The press and the drag under way on one timeline, and the answers about its drop."""

    def __init__(self) -> None:
        """Nothing pressed, nothing asked."""
        self.press: Press | None = None
        self.drag: Drag | None = None
        self._answerer: DragAnswerer | None = None
        self._answer: tuple[str, int, str] | None = None
        self._value_answerer: ValueAnswerer | None = None
        self._value_answer: tuple[str, int, str | None] | None = None

    def set_answerer(self, answerer: DragAnswerer | None) -> None:
        """Ask ``answerer(key, index)`` what a drop by place would do."""
        self._answerer = answerer
        self._answer = None

    def set_value_answerer(self, answerer: ValueAnswerer | None) -> None:
        """Ask ``answerer(key, value)`` first what dropping on a value of a ruler would do."""
        self._value_answerer = answerer
        self._value_answer = None

    def active(self) -> bool:
        """Whether a slot is pressed or dragged."""
        return self.press is not None or self.drag is not None

    def follow(self, pos: QPointF) -> bool:
        """Turn the press into a drag once the pointer at ``pos`` has moved far enough; tell
        whether a drag is under way."""
        if self.drag is None and self.press is not None:
            if (pos - self.press.pos).manhattanLength() < QApplication.startDragDistance():
                return False
            self.drag = Drag(self.press.key, self.press.grab_dx, 0.0)
        return self.drag is not None

    def point(self, pos: QPointF, scroll: int) -> None:
        """The pointer of the drag is at ``pos`` (widget coordinates), scrolled by ``scroll``."""
        if self.drag is not None:
            self.drag.pointer_x = pos.x() + scroll
            self.drag.pointer_y = pos.y()

    def lost(self, targets: dict[str, QRectF]) -> bool:
        """Forget a press on a slot no longer shown; tell whether the drag lost its slot (the
        caller then ends it)."""
        if self.press is not None and self.press.key not in targets:
            self.press = None
        return self.drag is not None and self.drag.key not in targets

    def end(self) -> None:
        """Forget the press, the drag and the answers about it."""
        self.drag = None
        self.press = None
        self._answer = None
        self._value_answer = None

    def value(self, layout: TimelineLayout) -> int | None:
        """The axis value the dragged slot's end would be dropped on (``None``: no drag, or no
        values to drop on)."""
        if self.drag is None or not layout.slots:
            return None
        return layout.drag_value(self.drag)

    def value_words(self, layout: TimelineLayout) -> str | None:
        """The value answerer's words for the drag now (``None``: a drag by place)."""
        value = self.value(layout)
        if value is None or self._value_answerer is None or self.drag is None:
            return None
        key = self.drag.key
        if self._value_answer is None or self._value_answer[:2] != (key, value):
            self._value_answer = (key, value, self._value_answerer(key, value))
        return self._value_answer[2]

    def dropped_value(self, layout: TimelineLayout) -> int | None:
        """The value a drop now would drop on, when the value answerer has words for it."""
        return self.value(layout) if self.value_words(layout) is not None else None

    def place(self, layout: TimelineLayout) -> int | None:
        """The index the dragged slot would take, or ``None`` when it would stay put."""
        if self.drag is None:
            return None
        index = layout.drop_index(self.drag)
        return None if index == index_of(layout.slots, self.drag.key) else index

    def words(self, layout: TimelineLayout) -> str:
        """What the drop would do ("" when nothing is dragged or asked)."""
        by_value = self.value_words(layout)
        if by_value is not None:
            return by_value
        if self.drag is None or self._answerer is None:
            return ""
        key, index = self.drag.key, layout.drop_index(self.drag)
        if self._answer is None or self._answer[:2] != (key, index):
            self._answer = (key, index, self._answerer(key, index))
        return self._answer[2]

    def paint(self, painter: QPainter, layout: TimelineLayout, state: PaintState) -> float | None:
        """Paint the dragged slot lifted and where it would land; return the x (content
        coordinates) beside which the drop's words go (``None``: no drag)."""
        if self.drag is None:
            return None
        layout.paint_lifted(painter, self.drag, state)
        value = self.dropped_value(layout)
        place = self.place(layout)
        accent = QColor(state.colors.accent)
        return layout.paint_drop(painter, self.drag, accent, place=place, value=value)
