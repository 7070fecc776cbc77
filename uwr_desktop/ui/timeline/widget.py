"""The initiative timeline: the round's slots drawn as cards, left to right.

The widget draws whatever ``TimelineSlot`` list it is given, on the ``TimelineAxis`` it is
given, and knows nothing of any ruleset. The axis title heads the cards; on a ruler (a numeric
axis) the cards stand apart by how far their positions are apart, a ruler under them names each
position, and a slot with a span end gets an arrow on the ruler from where it is declared to
where it resolves. It never reorders itself: a drag or
Alt+Left/Right asks for a move with ``slotMoveRequested`` and the owner answers with
``set_slots``; cards that changed place then glide to it. While a card is dragged, the owner's
answerer (``set_drag_answerer``) words what the drop would do, shown beside the drop line.

On an axis of columns, or when slots carry a column heading, they are laid out in columns
instead (one per turn, each slot a row with its points as pips; see :mod:`uwr_desktop.ui.timeline.columns`): a drag then moves a
row within its column, and a click on a pip the slot lets be clicked asks for it with
``slotPipClicked``.
"""

from bisect import bisect_left
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

import msgspec
from PySide6.QtCore import (
    QEvent,
    QLineF,
    QPointF,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication, QScrollBar, QSizePolicy, QToolTip, QWidget

from uwr_desktop.core.timeline import AxisKind, SlotStatus, TimelineAxis, TimelineSlot, drawn_as
from uwr_desktop.ui.theme import ThemeColors, scheme_for_palette, theme_colors
from uwr_desktop.ui.timeline import columns

if TYPE_CHECKING:
    from PySide6.QtCore import QVariantAnimation

MOVE_ANIMATION_MS = 200
"""How long a card takes to glide to its new place."""

_MARGIN = 8.0
_GAP = 10.0
_PADDING = 10.0
_STRIPE = 6.0
_RADIUS = 8.0
_LINE_GAP = 3.0
_EDGE_SCROLL_ZONE = 36.0
_EDGE_SCROLL_STEP = 24
_DONE_OPACITY = 0.45
_POINT_PX = 6.0
"""On a numeric axis, extra room between two cards per point their positions are apart."""
_TICK = 4.0

DragAnswerer = Callable[[str, int], str]
"""Words what moving the slot ``key`` to ``index`` would do (the owner asks its ruleset)."""

ValueAnswerer = Callable[[str, int], str | None]
"""Words what dropping the end of slot ``key`` on a value of a numeric axis would do (``None``:
the slot is moved by place, ask the :data:`DragAnswerer`)."""


def _NOBODY_DOWN(_combatant_id: str) -> bool:  # noqa: N802 (a constant, named as one)
    return False


_STATUS_WORDS = {
    SlotStatus.DONE: "Done",
    SlotStatus.CURRENT: "Acting now",
    SlotStatus.PENDING: "Waiting",
    SlotStatus.DELAYED: "Delayed",
}


def _pen(color: QColor, width: float) -> QPen:
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


class _Press(msgspec.Struct):
    key: str
    pos: QPointF
    grab_dx: float


class _Drag(msgspec.Struct):
    key: str
    grab_dx: float
    pointer_x: float
    pointer_y: float = 0.0


class _Metrics(msgspec.Struct, frozen=True):
    name_font: QFont
    value_font: QFont
    compact_value_font: QFont
    note_font: QFont
    unit_width: float
    card_height: float
    name_height: float
    value_height: float
    note_height: float
    header_height: float
    ruler_height: float


class InitiativeTimeline(QWidget):
    """The initiative timeline across the top of the window.

    Signals:
        slotActivated(key): a card was selected, by a click or the arrow keys.
        slotOpened(key): a card was double-clicked, or Enter was pressed on it.
        slotMoveRequested(key, new_index): the user asked for the slot to stand at
            ``new_index`` in the list (counted after taking it out), by a drag or Alt+Left/Right.
        slotValueDropped(key, value): on a numeric axis, the end of the slot (its span's end,
            else its position) was dropped on ``value``, and the value answerer had words for it.
        slotPipClicked(key, pip): in the column layout, filled pip ``pip`` (1 first) of a slot
            whose pips can be clicked was clicked.
    """

    slotActivated = Signal(str)  # noqa: N815 (Qt signal naming)
    slotOpened = Signal(str)  # noqa: N815 (Qt signal naming)
    slotMoveRequested = Signal(str, int)  # noqa: N815 (Qt signal naming)
    slotValueDropped = Signal(str, int)  # noqa: N815 (Qt signal naming)
    slotPipClicked = Signal(str, int)  # noqa: N815 (Qt signal naming)

    def __init__(self, parent: QWidget | None = None) -> None:
        """Create an empty timeline."""
        super().__init__(parent)
        self.setObjectName("initiativeTimeline")
        self.setAccessibleName("Initiative timeline")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAutoFillBackground(True)
        self._slots: tuple[TimelineSlot, ...] = ()
        self._down: Callable[[str], bool] = _NOBODY_DOWN
        self._axis = TimelineAxis()
        self._answerer: DragAnswerer | None = None
        self._answer: tuple[str, int, str] | None = None
        self._value_answerer: ValueAnswerer | None = None
        self._value_answer: tuple[str, int, str | None] | None = None
        self._targets: dict[str, QRectF] = {}
        self._columns: columns.ColumnLayout | None = None
        self._anchor_list: list[tuple[int, float]] = []
        self._start_offsets: dict[str, float] = {}
        self._appearing: set[str] = set()
        self._progress = 0.0
        self._selected: str | None = None
        self._press: _Press | None = None
        self._drag: _Drag | None = None
        self._metrics = self._measure()
        self._content_width = 2 * _MARGIN

        self._scroll_bar = QScrollBar(Qt.Orientation.Horizontal, self)
        self._scroll_bar.setObjectName("timelineScrollBar")
        self._scroll_bar.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._scroll_bar.hide()
        self._scroll_bar.valueChanged.connect(self.update)

        # Made when cards first glide: the window's first frame has nothing to animate, and
        # Qt's animation types cost start-up time to load.
        self._animation: QVariantAnimation | None = None
        self._animation_ms = MOVE_ANIMATION_MS
        self._update_description()

    # Public API

    def set_down(self, is_down: Callable[[str], bool]) -> None:
        """Tell the timeline who is out of the fight (their sheet says they are down, or the GM
        marked them defeated): ``is_down(combatant_id)``, asked for the cards painted only, so a
        fight of a thousand costs no more than the cards in view. Takes effect with the next
        paint: set the slots after it (asking for a paint here too would paint twice)."""
        self._down = is_down

    def is_down(self, key: str) -> bool:
        """Whether the card ``key`` is greyed as out of the fight."""
        slot = next((s for s in self._slots if s.key == key), None)
        return slot is not None and self._down(slot.combatant_id)

    def set_slots(self, slots: Sequence[TimelineSlot], axis: TimelineAxis | None = None) -> None:
        """Show ``slots`` in this order on ``axis`` (``None``: keep the axis shown); cards that
        changed place glide to their new one.

        Raises ``ValueError`` when two slots share a key.
        """
        if axis is not None and axis != self._axis:
            self._axis = axis
            self.updateGeometry()
        new_slots = tuple(slots)
        seen: set[str] = set()
        for slot in new_slots:
            if slot.key in seen:
                raise ValueError(f"two timeline slots share the key {slot.key!r}")
            seen.add(slot.key)
        old_x = {key: self._shown_x(key) for key in self._targets}
        old_current = self._current_key()
        if self._animation is not None:
            self._animation.stop()
        self._slots = new_slots
        self._relayout()
        self._start_offsets = {
            key: old_x[key] - rect.x()
            for key, rect in self._targets.items()
            if key in old_x and abs(old_x[key] - rect.x()) > 0.5
        }
        self._appearing = set(self._targets) - set(old_x) if old_x else set()
        animate = (
            bool(self._start_offsets or self._appearing)
            and self.isVisible()
            and self._animation_ms > 0
        )
        if animate:
            self._progress = 1.0
            self._glide().start()
        else:
            self._clear_animation()
        if self._selected not in self._targets:
            self._selected = None
        if self._drag is not None and self._drag.key not in self._targets:
            self._end_drag()
        if self._press is not None and self._press.key not in self._targets:
            self._press = None
        current = self._current_key()
        if current is not None and current != old_current:
            self.ensure_visible(current)
        self._update_description()
        self.updateGeometry()
        self.update()

    def slots(self) -> tuple[TimelineSlot, ...]:
        """Return the slots shown, in order."""
        return self._slots

    def axis(self) -> TimelineAxis:
        """Return the axis the slots are shown on."""
        return self._axis

    def set_drag_answerer(self, answerer: DragAnswerer | None) -> None:
        """Ask ``answerer(key, index)`` what a drop would do while a card is dragged."""
        self._answerer = answerer
        self._answer = None

    def set_value_answerer(self, answerer: ValueAnswerer | None) -> None:
        """Ask ``answerer(key, value)`` first what dropping a slot's end on ``value`` of a numeric
        axis would do; when it answers ``None`` the drag is by place."""
        self._value_answerer = answerer
        self._value_answer = None

    def drag_value(self) -> int | None:
        """The axis value the dragged slot's end would be dropped on (``None``: no drag, or not
        a numeric axis)."""
        if self._drag is None or not self._numeric() or not self._slots:
            return None
        key = self._drag.key
        slot = self._slots[self._index_of(key)]
        anchors = self._anchors()
        end = slot.position if slot.span_end is None else slot.span_end
        moved = self._drag.pointer_x - self._drag.grab_dx - self._targets[key].left()
        return self._x_value(anchors, self._value_x(anchors, end) + moved)

    def _value_text(self) -> str | None:
        """The value answerer's words for the drag now (``None``: a drag by place)."""
        value = self.drag_value()
        if value is None or self._value_answerer is None or self._drag is None:
            return None
        key = self._drag.key
        if self._value_answer is None or self._value_answer[:2] != (key, value):
            self._value_answer = (key, value, self._value_answerer(key, value))
        return self._value_answer[2]

    def drag_text(self) -> str:
        """The words shown beside the drop line now ("" when nothing is dragged or asked)."""
        by_value = self._value_text()
        if by_value is not None:
            return by_value
        if self._drag is None or self._answerer is None:
            return ""
        key, index = self._drag.key, self._drag_target()
        if self._answer is None or self._answer[:2] != (key, index):
            self._answer = (key, index, self._answerer(key, index))
        return self._answer[2]

    def position_x(self, value: int) -> float:
        """Where ``value`` of a numeric axis lies, in widget coordinates (between the centres of
        the cards whose positions bracket it; beyond them at the spacing of one point)."""
        anchors = self._anchors()
        if not anchors:
            return _MARGIN - self._scroll_x()
        return self._value_x(anchors, value) - self._scroll_x()

    def selected_key(self) -> str | None:
        """Return the key of the selected card, if any."""
        return self._selected

    def select(self, key: str | None) -> None:
        """Select the card with ``key`` (``None`` clears) without emitting ``slotActivated``.

        Raises ``ValueError`` for a key that is not on the timeline.
        """
        if key is not None:
            self._require(key)
            self.ensure_visible(key)
        self._selected = key
        self._update_description()
        self.update()

    def card_rect(self, key: str) -> QRectF:
        """Return where the card with ``key`` is drawn now, in widget coordinates.

        While cards glide this is their in-between place. Raises ``ValueError`` for an
        unknown key.
        """
        rect = QRectF(self._require(key))
        rect.moveLeft(self._shown_x(key) - self._scroll_x())
        return rect

    def ensure_visible(self, key: str) -> None:
        """Scroll so the card with ``key`` is in view. Raises ``ValueError`` for an unknown key."""
        rect = self._require(key)
        left = rect.left() - _MARGIN
        right = rect.right() + _MARGIN
        scroll = self._scroll_x()
        if left < scroll:
            self._scroll_bar.setValue(int(left))
        elif right > scroll + self.width():
            self._scroll_bar.setValue(int(right - self.width() + 1))

    def is_animating(self) -> bool:
        """Tell whether cards are still gliding to their places."""
        animation = self._animation
        return animation is not None and animation.state() == animation.State.Running

    def is_dragging(self) -> bool:
        """Tell whether a card is being dragged."""
        return self._drag is not None

    def set_animation_duration(self, milliseconds: int) -> None:
        """Set how long moved cards take to glide; 0 moves them at once (reduced motion)."""
        if milliseconds < 0:
            raise ValueError(f"an animation cannot last {milliseconds} ms; give 0 or more")
        self._animation_ms = milliseconds
        if self._animation is not None:
            self._animation.setDuration(milliseconds)

    def _glide(self) -> "QVariantAnimation":
        """The animation that moves the cards to their places, made on first use."""
        if self._animation is None:
            from PySide6.QtCore import QEasingCurve, QVariantAnimation  # loaded on first glide

            self._animation = QVariantAnimation(self)
            self._animation.setObjectName("timelineMoveAnimation")
            self._animation.setStartValue(1.0)
            self._animation.setEndValue(0.0)
            self._animation.setEasingCurve(QEasingCurve.Type.OutCubic)
            self._animation.valueChanged.connect(self._on_progress)
            self._animation.finished.connect(self._on_animation_finished)
        self._animation.setDuration(self._animation_ms)
        return self._animation

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """Fit one row of all the cards (at least a few cards wide)."""
        width = max(self._content_width, 2 * _MARGIN + 4 * self._metrics.unit_width + 3 * _GAP)
        return QSize(int(width + 0.5), self._height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """One card wide, one row high."""
        return QSize(int(2 * _MARGIN + self._metrics.unit_width + 0.5), self._height())

    # Geometry

    def _measure(self) -> _Metrics:
        base = QFont(self.font())
        base_size = base.pointSizeF() if base.pointSizeF() > 0 else 11.0
        name_font = QFont(base)
        name_font.setPointSizeF(max(base_size + 1, 12.0))
        name_font.setBold(True)
        value_font = QFont(base)
        value_font.setPointSizeF(max(base_size + 3, 14.0))
        value_font.setWeight(QFont.Weight.DemiBold)
        compact_value_font = QFont(value_font)
        compact_value_font.setPointSizeF(name_font.pointSizeF())
        note_font = QFont(base)
        note_font.setPointSizeF(max(base_size, 11.0))
        name_metrics = QFontMetricsF(name_font)
        name_height = name_metrics.height()
        value_height = QFontMetricsF(value_font).height()
        note_height = QFontMetricsF(note_font).height()
        unit_width = max(168.0, name_metrics.averageCharWidth() * 14 + 2 * _PADDING + _STRIPE)
        card_height = 2 * _PADDING + name_height + value_height + note_height + 2 * _LINE_GAP
        header_height = note_height + 4
        ruler_height = note_height + 3 * _TICK + 8
        return _Metrics(
            name_font,
            value_font,
            compact_value_font,
            note_font,
            unit_width,
            card_height,
            name_height,
            value_height,
            note_height,
            header_height,
            ruler_height,
        )

    def _numeric(self) -> bool:
        return self._axis.kind is AxisKind.RULER and self._columns is None

    def _card_top(self) -> float:
        return _MARGIN + self._metrics.header_height

    def _ruler_y(self) -> float:
        return self._card_top() + self._metrics.card_height + 2 * _TICK + 4

    def _height(self) -> int:
        if self._columns is not None:
            return self._columns_height()
        bar = self._scroll_bar.sizeHint().height()
        ruler = self._metrics.ruler_height if self._numeric() else 0.0
        below = max(_MARGIN, bar + 4)
        return int(self._card_top() + self._metrics.card_height + ruler + below + 0.5)

    def _anchors(self) -> list[tuple[int, float]]:
        """(position, x) of every card's centre, in axis order, content coordinates (kept from
        the last layout)."""
        return self._anchor_list

    @staticmethod
    def _x_value(anchors: list[tuple[int, float]], x: float) -> int:
        """The axis value at ``x`` (content coordinates), rounded: the inverse of ``_value_x``."""
        first, last = anchors[0], anchors[-1]
        if x <= first[1]:
            return round(first[0] + (first[1] - x) / _POINT_PX)
        if x >= last[1]:
            return round(last[0] - (x - last[1]) / _POINT_PX)
        for (high, high_x), (low, low_x) in pairwise(anchors):
            if high_x <= x <= low_x:
                share = (x - high_x) / (low_x - high_x) if low_x != high_x else 0.0
                return round(high - share * (high - low))
        return last[0]

    @staticmethod
    def _value_x(anchors: list[tuple[int, float]], value: int) -> float:
        """``value``'s x in content coordinates; ``anchors`` are (position, x) in axis order."""
        first, last = anchors[0], anchors[-1]
        if value >= first[0]:
            return first[1] - (value - first[0]) * _POINT_PX
        if value <= last[0]:
            return last[1] + (last[0] - value) * _POINT_PX
        # Positions run down the anchors: the first at or below ``value`` ends its bracket.
        index = bisect_left(anchors, -value, key=lambda anchor: -anchor[0])
        (high, high_x), (low, low_x) = anchors[index - 1], anchors[index]
        share = (high - value) / (high - low) if high != low else 0.0
        return high_x + share * (low_x - high_x)

    def _relayout(self) -> None:
        if drawn_as(self._axis, self._slots) is AxisKind.COLUMNS:
            self._relayout_columns()
            return
        self._columns = None
        # Runs for every slot on every change (1,000 cards in a big fight): invariants hoisted.
        x = _MARGIN
        targets: dict[str, QRectF] = {}
        anchors: list[tuple[int, float]] = []
        numeric = self._numeric()
        top, height = self._card_top(), self._metrics.card_height
        unit, double = self._metrics.unit_width, 2 * self._metrics.unit_width + _GAP
        previous: int | None = None
        for slot in self._slots:
            if numeric and previous is not None:
                apart = max(0, previous - slot.position)
                x += min(unit, apart * _POINT_PX)
            previous = slot.position
            width = double if slot.kind.bar else unit
            targets[slot.key] = QRectF(x, top, width, height)
            anchors.append((slot.position, x + width / 2))
            x += width + _GAP
        self._targets = targets
        self._anchor_list = anchors
        right = x - _GAP + _MARGIN if self._slots else 2 * _MARGIN
        if numeric and self._slots:
            ends = [s.span_end for s in self._slots if s.span_end is not None]
            right = max([right, *(self._value_x(anchors, end) + _MARGIN + 8 for end in ends)])
        self._content_width = right
        self._update_scroll_range()

    def _update_scroll_range(self) -> None:
        overflow = int(self._content_width - self.width() + 0.5)
        bar_height = self._scroll_bar.sizeHint().height()
        self._scroll_bar.setGeometry(
            int(_MARGIN),
            self.height() - bar_height - 2,
            int(self.width() - 2 * _MARGIN),
            bar_height,
        )
        if overflow > 0:
            self._scroll_bar.setRange(0, overflow)
            self._scroll_bar.setPageStep(max(1, self.width()))
            self._scroll_bar.setSingleStep(int(self._metrics.unit_width / 4))
            self._scroll_bar.show()
        else:
            self._scroll_bar.setValue(0)
            self._scroll_bar.setRange(0, 0)
            self._scroll_bar.hide()

    def _scroll_x(self) -> int:
        return self._scroll_bar.value()

    def _shown_x(self, key: str) -> float:
        return self._targets[key].x() + self._start_offsets.get(key, 0.0) * self._progress

    def _require(self, key: str) -> QRectF:
        rect = self._targets.get(key)
        if rect is None:
            raise ValueError(f"no slot with key {key!r} is on the timeline")
        return rect

    def _key_at(self, pos: QPointF) -> str | None:
        point = QPointF(pos.x() + self._scroll_x(), pos.y())
        for slot in self._slots:
            rect = QRectF(self._targets[slot.key])
            rect.moveLeft(self._shown_x(slot.key))
            if rect.contains(point):
                return slot.key
        return None

    def _index_of(self, key: str) -> int:
        return next(index for index, slot in enumerate(self._slots) if slot.key == key)

    def _current_key(self) -> str | None:
        return next((s.key for s in self._slots if s.status == SlotStatus.CURRENT), None)

    # Animation

    def _on_progress(self, value: float) -> None:
        self._progress = float(value)
        self.update()

    def _on_animation_finished(self) -> None:
        self._clear_animation()
        self.update()

    def _clear_animation(self) -> None:
        self._progress = 0.0
        self._start_offsets = {}
        self._appearing = set()

    # Dragging

    def _drag_target(self) -> int:
        """The index the dragged slot would take (its own when it would stay put)."""
        assert self._drag is not None
        key = self._drag.key
        if self._columns is not None:
            point = QPointF(self._drag.pointer_x, self._drag.pointer_y)
            return columns.drop_index(self._slots, self._targets, key, point)
        dragged = self._targets[key]
        centre = self._drag.pointer_x - self._drag.grab_dx + dragged.width() / 2
        return sum(
            1
            for slot in self._slots
            if slot.key != key and self._targets[slot.key].center().x() < centre
        )

    def _drop_index(self) -> int | None:
        """The index the dragged slot would take, or ``None`` when it would stay put."""
        if self._drag is None:
            return None
        index = self._drag_target()
        return None if index == self._index_of(self._drag.key) else index

    def _drop_line_x(self, index: int) -> float:
        assert self._drag is not None
        others = [slot.key for slot in self._slots if slot.key != self._drag.key]
        if index == 0:
            return self._targets[others[0]].left() - _GAP / 2
        return self._targets[others[index - 1]].right() + _GAP / 2

    def _end_drag(self) -> None:
        self._drag = None
        self._press = None
        self._answer = None
        self._value_answer = None
        self.unsetCursor()
        self.update()

    # Events

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Select the card under the pointer and get ready to drag it."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        pos = event.position()
        key = self._key_at(pos)
        if key is None:
            self._press = None
            return
        if self._pip_clicked(key, pos):
            self._press = None
            return
        grab_dx = pos.x() + self._scroll_x() - self._shown_x(key)
        self._press = _Press(key, pos, grab_dx)
        self._set_selection(key)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Drag the pressed card once the pointer has moved far enough."""
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            super().mouseMoveEvent(event)
            return
        pos = event.position()
        if self._drag is None:
            moved = (pos - self._press.pos).manhattanLength()
            if moved < QApplication.startDragDistance():
                return
            self._drag = _Drag(self._press.key, self._press.grab_dx, 0.0)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        if pos.x() < _EDGE_SCROLL_ZONE:
            self._scroll_bar.setValue(self._scroll_x() - _EDGE_SCROLL_STEP)
        elif pos.x() > self.width() - _EDGE_SCROLL_ZONE:
            self._scroll_bar.setValue(self._scroll_x() + _EDGE_SCROLL_STEP)
        self._drag.pointer_x = pos.x() + self._scroll_x()
        self._drag.pointer_y = pos.y()
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Drop a dragged card: ask for the move it shows."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        drag = self._drag
        value = self.drag_value() if self._value_text() is not None else None
        index = self._drop_index()
        self._end_drag()
        if drag is not None and value is not None:
            self.slotValueDropped.emit(drag.key, value)
        elif drag is not None and index is not None:
            self.slotMoveRequested.emit(drag.key, index)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Open the card under the pointer."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mouseDoubleClickEvent(event)
            return
        key = self._key_at(event.position())
        if key is not None:
            self.slotOpened.emit(key)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Arrows select, Alt+arrows ask to move, Enter opens, Esc cancels a drag."""
        key = event.key()
        alt = bool(event.modifiers() & Qt.KeyboardModifier.AltModifier)
        if key == Qt.Key.Key_Escape and (self._drag is not None or self._press is not None):
            self._end_drag()
            return
        if not self._slots or key not in (
            Qt.Key.Key_Left,
            Qt.Key.Key_Right,
            Qt.Key.Key_Home,
            Qt.Key.Key_End,
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
        ):
            super().keyPressEvent(event)
            return
        index = None if self._selected is None else self._index_of(self._selected)
        step = -1 if key == Qt.Key.Key_Left else 1
        if alt and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            if index is not None and 0 <= index + step < len(self._slots):
                self.slotMoveRequested.emit(self._slots[index].key, index + step)
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self._selected is not None:
                self.slotOpened.emit(self._selected)
            return
        if key == Qt.Key.Key_Home:
            target = 0
        elif key == Qt.Key.Key_End:
            target = len(self._slots) - 1
        elif index is None:
            current = self._current_key()
            target = self._index_of(current) if current is not None else 0
        else:
            target = min(max(index + step, 0), len(self._slots) - 1)
        new_key = self._slots[target].key
        self.ensure_visible(new_key)
        self._set_selection(new_key)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        """Scroll the cards sideways with either wheel direction."""
        if not self._scroll_bar.isVisible():
            event.ignore()
            return
        delta = event.angleDelta()
        steps = (delta.x() or delta.y()) / 120
        self._scroll_bar.setValue(int(self._scroll_x() - steps * self._metrics.unit_width / 2))
        event.accept()

    def event(self, event: QEvent) -> bool:
        """Show a card's full details as its tooltip."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            key = self._key_at(QPointF(event.pos()))
            if key is None:
                QToolTip.hideText()
                event.ignore()
            else:
                rect = self.card_rect(key).toAlignedRect()
                QToolTip.showText(event.globalPos(), self._tooltip(key), self, rect)
            return True
        return super().event(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """Re-measure the cards after a font change; repaint after a palette change."""
        if event.type() == QEvent.Type.FontChange:
            self._metrics = self._measure()
            self._relayout()
            self.updateGeometry()
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange):
            self.update()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        """Keep the scroll range in step with the width, and the current card in view."""
        self._update_scroll_range()
        current = self._current_key()
        if current is not None:
            self.ensure_visible(current)
        super().resizeEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Show the focus on the selected card."""
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Hide the focus ring."""
        self.update()
        super().focusOutEvent(event)

    def _set_selection(self, key: str) -> None:
        self._selected = key
        self._update_description()
        self.update()
        self.slotActivated.emit(key)

    # Text

    def _tooltip(self, key: str) -> str:
        from html import escape  # on the first hover: html's entity table costs start-up time

        slot = self._slots[self._index_of(key)]
        lines = [
            f"<b>{escape(slot.label)}</b>",
            escape(f"{slot.side.value.capitalize()} · {slot.value_text}"),
            escape(f"{slot.kind.words} · {_STATUS_WORDS[slot.status]}"),
        ]
        if slot.detail:
            lines.append(escape(slot.detail))
        if slot.pip_action:
            lines.append(escape("Click a filled pip to spend the points up to it"))
        if self._down(slot.combatant_id):
            lines.append("Out of the fight: skipped by the turn")
        return "<br>".join(lines)

    def _update_description(self) -> None:
        parts = [f"{len(self._slots)} cards."]
        current = self._current_key()
        if current is not None:
            slot = self._slots[self._index_of(current)]
            parts.append(f"Acting now: {slot.label} ({slot.value_text}).")
        if self._selected is not None:
            slot = self._slots[self._index_of(self._selected)]
            parts.append(
                f"Selected: {slot.label}, {slot.value_text}, {_STATUS_WORDS[slot.status]}."
            )
        self.setAccessibleDescription(" ".join(parts))

    @staticmethod
    def _note(slot: TimelineSlot) -> str:
        parts: list[str] = []
        if slot.status != SlotStatus.PENDING:
            parts.append(_STATUS_WORDS[slot.status])
        if slot.kind.set_apart:
            parts.append(slot.kind.words)
        if slot.detail:
            parts.append(slot.detail)
        return " · ".join(parts)

    # Painting

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        """Draw the cards, the dragged card and where it would land."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        palette = self.palette()
        if not self._slots:
            painter.setPen(QColor(theme_colors(scheme_for_palette(palette)).muted_text))
            painter.setFont(self._metrics.note_font)
            painter.drawText(
                QRectF(self.rect()),
                Qt.AlignmentFlag.AlignCenter,
                "No one on the timeline yet: add combatants and start the fight.",
            )
            return
        painter.translate(-self._scroll_x(), 0)
        self._paint_title(painter)
        self._paint_column_headings(painter)
        exposed = QRectF(event.rect()).translated(self._scroll_x(), 0).adjusted(-4, 0, 4, 0)
        if self._numeric():
            self._paint_ruler(painter, exposed.left() - 40, exposed.right() + 40)
            self._paint_now(painter)
        dragged = self._drag.key if self._drag is not None else None
        for slot in self._slots:
            rect = QRectF(self._targets[slot.key])
            rect.moveLeft(self._shown_x(slot.key))
            if not rect.intersects(exposed):
                continue
            if slot.key == dragged:
                self._paint_hole(painter, rect)
                continue
            opacity = 1.0 - self._progress if slot.key in self._appearing else 1.0
            self._paint_card(painter, slot, rect, opacity)
        if self._drag is not None:
            self._paint_drag(painter, self._drag)

    def _paint_drag(self, painter: QPainter, drag: _Drag) -> None:
        """Draw the dragged card lifted under the pointer, then the line where it would land."""
        if self._columns is not None:
            self._paint_row_drag(painter, drag)
            return
        slot = self._slots[self._index_of(drag.key)]
        rect = QRectF(self._targets[drag.key])
        rect.moveLeft(drag.pointer_x - drag.grab_dx)
        rect.translate(0, -3)
        shadow = QPainterPath()
        shadow.addRoundedRect(rect.translated(0, 4), _RADIUS, _RADIUS)
        painter.fillPath(shadow, QColor(0, 0, 0, 60))
        lifted = QPainterPath()
        lifted.addRoundedRect(rect, _RADIUS, _RADIUS)
        painter.fillPath(lifted, QColor(theme_colors(scheme_for_palette(self.palette())).card))
        self._paint_card(painter, slot, rect, 1.0)
        highlight = QColor(theme_colors(scheme_for_palette(self.palette())).accent)
        value = self.drag_value() if self._value_text() is not None else None
        index = self._drop_index()
        if value is not None:
            x = self._value_x(self._anchors(), value)
        elif index is None:
            self._paint_drag_text(painter, self._targets[drag.key].left(), highlight)
            return
        else:
            x = self._drop_line_x(index)
        self._paint_drag_text(painter, x, highlight)
        top = self._card_top() - 1
        bottom = self._card_top() + self._metrics.card_height + 1
        painter.setPen(_pen(highlight, 3))
        painter.drawLine(QLineF(x, top, x, bottom))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(highlight)
        painter.drawEllipse(QPointF(x, top), 4, 4)
        painter.drawEllipse(QPointF(x, bottom), 4, 4)

    def _paint_now(self, painter: QPainter) -> None:
        """Mark the value the axis stands at now (a countdown's count) across the ruler."""
        if self._axis.now is None or not self._slots:
            return
        x = self._value_x(self._anchors(), self._axis.now)
        y = self._ruler_y()
        accent = QColor(theme_colors(scheme_for_palette(self.palette())).accent)
        painter.setPen(_pen(accent, 2))
        painter.drawLine(QLineF(x, self._card_top() - 2, x, y + _TICK))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(accent)
        painter.drawPolygon(
            [QPointF(x - 5, y + _TICK + 6), QPointF(x + 5, y + _TICK + 6), QPointF(x, y + _TICK)]
        )

    def _paint_title(self, painter: QPainter) -> None:
        """Draw the axis title above the cards, at the left of what is in view (the left half
        while a drag's text takes the right), elided rather than cut."""
        colors = theme_colors(scheme_for_palette(self.palette()))
        font = QFont(self._metrics.note_font)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(colors.muted_text))
        width = self.width() / 2 if self.drag_text() else self.width() - 2 * _MARGIN
        area = QRectF(_MARGIN + self._scroll_x(), 2, width, self._metrics.header_height)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        title = QFontMetricsF(font).elidedText(self._axis.title, Qt.TextElideMode.ElideRight, width)
        painter.drawText(area, align, title)

    def _paint_drag_text(self, painter: QPainter, x: float, color: QColor) -> None:
        """Draw what the drop would do beside the drop line ``x``, in the title row."""
        text = self.drag_text()
        if not text:
            return
        font = QFont(self._metrics.note_font)
        font.setBold(True)
        metrics = QFontMetricsF(font)
        width = min(metrics.horizontalAdvance(text) + 12, max(self.width() - 2 * _MARGIN, 40))
        left = x + 6
        view_right = self._scroll_x() + self.width() - _MARGIN
        if left + width > view_right:
            left = max(self._scroll_x() + _MARGIN, x - 6 - width)
        box = QRectF(left, 1, width, self._metrics.header_height)
        colors = theme_colors(scheme_for_palette(self.palette()))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colors.card))
        painter.drawRoundedRect(box, 4, 4)
        painter.setFont(font)
        painter.setPen(color)
        elided = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width - 12)
        painter.drawText(box.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter, elided)

    def _paint_ruler(self, painter: QPainter, left: float, right: float) -> None:
        """Draw the numeric axis under the cards: a tick and value per card, and the spans;
        only what lies between ``left`` and ``right`` (content coordinates)."""
        if not self._slots:
            return
        colors = theme_colors(scheme_for_palette(self.palette()))
        muted = QColor(colors.muted_text)
        y = self._ruler_y()
        anchors = self._anchors()
        painter.setPen(_pen(muted, 1))
        painter.drawLine(QLineF(_MARGIN, y, self._content_width - _MARGIN, y))
        painter.setFont(self._metrics.note_font)
        note_height = self._metrics.note_height
        for position, x in anchors:
            if not left <= x <= right:
                continue
            painter.setPen(_pen(muted, 1))
            painter.drawLine(QLineF(x, y - _TICK, x, y + _TICK))
            label = QRectF(x - 40, y + _TICK, 80, note_height)
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(position))
        for slot in self._slots:
            if slot.span_end is None:
                continue
            start = self._value_x(anchors, slot.position)
            end = self._value_x(anchors, slot.span_end)
            if max(start, end) < left or min(start, end) > right:
                continue
            self._paint_span(painter, start, end, y - _TICK, colors.side(slot.side))
            painter.setPen(_pen(colors.side(slot.side), 1))
            painter.drawLine(QLineF(end, y - _TICK, end, y + _TICK))
            label = QRectF(end - 40, y + _TICK, 80, note_height)
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(slot.span_end))

    def _paint_hole(self, painter: QPainter, rect: QRectF) -> None:
        border = QColor(theme_colors(scheme_for_palette(self.palette())).border)
        painter.setPen(QPen(border, 1.5, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), _RADIUS, _RADIUS)

    def _paint_card(
        self, painter: QPainter, slot: TimelineSlot, rect: QRectF, opacity: float
    ) -> None:
        colors = theme_colors(scheme_for_palette(self.palette()))
        if self._columns is not None:
            painter.save()
            painter.setOpacity(opacity * (_DONE_OPACITY if self._down(slot.combatant_id) else 1.0))
            fonts = self._row_fonts()
            selected = slot.key == self._selected
            columns.paint_row(painter, slot, rect, fonts, colors, selected=selected)
            painter.restore()
            return
        painter.save()
        faded = slot.status == SlotStatus.DONE or self._down(slot.combatant_id)
        painter.setOpacity(opacity * (_DONE_OPACITY if faded else 1.0))
        self._paint_frame(painter, slot, rect, colors)
        self._paint_text(painter, slot, rect, colors)
        painter.restore()

    def _paint_frame(
        self, painter: QPainter, slot: TimelineSlot, rect: QRectF, colors: ThemeColors
    ) -> None:
        """Draw the card's background, side stripe, state border and selection ring."""
        current = slot.status == SlotStatus.CURRENT
        card = QPainterPath()
        card.addRoundedRect(rect, _RADIUS, _RADIUS)
        painter.fillPath(card, QColor(colors.card_current if current else colors.card))
        if slot.kind.set_apart:
            self._paint_hatching(painter, card, rect, QColor(colors.border))
        painter.save()
        painter.setClipPath(card)
        stripe = QPainterPath()
        stripe.addRect(QRectF(rect.x(), rect.y(), _STRIPE, rect.height()))
        painter.fillPath(stripe, colors.side(slot.side))
        painter.restore()

        highlight = QColor(colors.accent)
        if current:
            pen = QPen(highlight, 2.5)
        elif slot.status == SlotStatus.DELAYED:
            pen = QPen(QColor(colors.muted_text), 1.5, Qt.PenStyle.DashLine)
        else:
            pen = QPen(QColor(colors.border), 1)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = pen.widthF() / 2
        painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), _RADIUS, _RADIUS)

        if slot.key == self._selected:
            style = Qt.PenStyle.SolidLine if self.hasFocus() else Qt.PenStyle.DotLine
            painter.setPen(QPen(highlight, 2, style))
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), _RADIUS + 3, _RADIUS + 3)

    def _paint_text(
        self, painter: QPainter, slot: TimelineSlot, rect: QRectF, colors: ThemeColors
    ) -> None:
        """Draw the name, the value (with the span of a declared action) and the note line."""
        metrics = self._metrics
        current = slot.status == SlotStatus.CURRENT
        left = rect.x() + _STRIPE + _PADDING
        width = rect.right() - _PADDING - left
        y = rect.y() + _PADDING
        muted = QColor(colors.muted_text)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        elide = Qt.TextElideMode.ElideRight

        painter.setFont(metrics.name_font)
        painter.setPen(QColor(colors.text))
        name = QFontMetricsF(metrics.name_font).elidedText(slot.label, elide, width)
        painter.drawText(QRectF(left, y, width, metrics.name_height), align, name)
        y += metrics.name_height + _LINE_GAP

        value_font = metrics.value_font
        if QFontMetricsF(value_font).horizontalAdvance(slot.value_text) > width:
            value_font = metrics.compact_value_font
        value_metrics = QFontMetricsF(value_font)
        value = value_metrics.elidedText(slot.value_text, elide, width)
        painter.setFont(value_font)
        painter.drawText(QRectF(left, y, width, metrics.value_height), align, value)
        if slot.kind.bar:
            span_left = left + value_metrics.horizontalAdvance(value) + 14
            span_right = rect.right() - _PADDING - 2
            if span_right - span_left > 30:
                middle = y + metrics.value_height / 2
                self._paint_span(painter, span_left, span_right, middle, muted)
        y += metrics.value_height + _LINE_GAP

        accent = QColor(colors.accent) if current else muted
        glyph_size = metrics.note_height * 0.62
        glyph_rect = QRectF(
            left, y + (metrics.note_height - glyph_size) / 2, glyph_size, glyph_size
        )
        note_left = left
        if self._paint_status_glyph(painter, slot, glyph_rect, accent):
            note_left += glyph_size + 6
        note = self._note(slot)
        if note:
            painter.setFont(metrics.note_font)
            painter.setPen(accent)
            note_width = rect.right() - _PADDING - note_left
            note = QFontMetricsF(metrics.note_font).elidedText(note, elide, note_width)
            painter.drawText(QRectF(note_left, y, note_width, metrics.note_height), align, note)

    @staticmethod
    def _paint_hatching(painter: QPainter, card: QPainterPath, rect: QRectF, color: QColor) -> None:
        painter.save()
        painter.setClipPath(card)
        color.setAlpha(110)
        painter.setPen(QPen(color, 1))
        step = 9.0
        x = rect.left() - rect.height()
        while x < rect.right():
            painter.drawLine(QLineF(x, rect.bottom(), x + rect.height(), rect.top()))
            x += step
        painter.restore()

    @staticmethod
    def _paint_span(painter: QPainter, left: float, right: float, y: float, color: QColor) -> None:
        """Draw the declare → resolve span: a dot, a line and an arrow head."""
        painter.save()
        painter.setPen(_pen(color, 2))
        painter.drawLine(QLineF(left + 4, y, right - 1, y))
        painter.drawLine(QLineF(right - 7, y - 5, right - 1, y))
        painter.drawLine(QLineF(right - 7, y + 5, right - 1, y))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawEllipse(QPointF(left + 4, y), 4, 4)
        painter.restore()

    @staticmethod
    def _paint_status_glyph(
        painter: QPainter, slot: TimelineSlot, rect: QRectF, color: QColor
    ) -> bool:
        """Draw a small vector mark for the slot's state; tell whether one was drawn."""
        painter.save()
        pen = _pen(color, 2)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        left, top, size = rect.left(), rect.top(), rect.width()
        drawn = True
        if slot.status == SlotStatus.CURRENT:
            triangle = QPainterPath(QPointF(left + size * 0.15, top))
            triangle.lineTo(left + size, top + size / 2)
            triangle.lineTo(left + size * 0.15, top + size)
            triangle.closeSubpath()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(color)
            painter.drawPath(triangle)
        elif slot.status == SlotStatus.DONE:
            check = QPainterPath(QPointF(left, top + size * 0.55))
            check.lineTo(left + size * 0.38, top + size * 0.9)
            check.lineTo(left + size, top + size * 0.1)
            painter.drawPath(check)
        elif slot.status == SlotStatus.DELAYED:
            painter.drawLine(QLineF(left + size * 0.3, top, left + size * 0.3, top + size))
            painter.drawLine(QLineF(left + size * 0.75, top, left + size * 0.75, top + size))
        elif slot.kind.set_apart:
            arrow = QPainterPath(QPointF(left, top))
            arrow.lineTo(left, top + size * 0.7)
            arrow.lineTo(left + size, top + size * 0.7)
            painter.drawPath(arrow)
            painter.drawLine(
                QLineF(left + size * 0.7, top + size * 0.4, left + size, top + size * 0.7)
            )
            painter.drawLine(QLineF(left + size * 0.7, top + size, left + size, top + size * 0.7))
        else:
            drawn = False
        painter.restore()
        return drawn

    # Column layout (slots grouped in columns, one per turn; see timeline_columns)

    def _row_fonts(self) -> columns.RowFonts:
        return columns.RowFonts(self._metrics.name_font, self._metrics.note_font)

    def _relayout_columns(self) -> None:
        """Lay the slots out in columns, each a row; no axis anchors."""
        laid = columns.layout(self._slots, self._row_fonts(), _MARGIN, self._card_top())
        self._columns = laid
        self._targets = laid.targets
        self._anchor_list = []
        self._content_width = laid.width + 2 * _MARGIN
        self._update_scroll_range()

    def _columns_height(self) -> int:
        """Tall enough for the headings and the longest column (at least one card's height)."""
        assert self._columns is not None
        bar = self._scroll_bar.sizeHint().height()
        rows = self._row_fonts().heading_height + self._columns.rows_height
        body = max(rows, self._metrics.card_height)
        return int(self._card_top() + body + max(_MARGIN, bar + 4) + 4.5)

    def pip_rect(self, key: str, pip: int) -> QRectF:
        """Where filled pip ``pip`` (1 first) of the slot ``key`` is drawn, in widget
        coordinates. Raises ``ValueError`` for an unknown key or a pip the slot lacks."""
        rect = self.card_rect(key)
        slot = self._slots[self._index_of(key)]
        pips = columns.pip_rects(self._row_fonts(), slot, rect)[: slot.pips]
        if self._columns is None or not 1 <= pip <= len(pips):
            raise ValueError(f"slot {key!r} has no pip {pip} on the timeline")
        return pips[pip - 1]

    def _pip_clicked(self, key: str, pos: QPointF) -> bool:
        """Ask for the pip under ``pos`` (widget coordinates) of slot ``key``, if any."""
        if self._columns is None:
            return False
        slot = self._slots[self._index_of(key)]
        pip = columns.pip_at(self._row_fonts(), slot, self.card_rect(key), pos)
        if pip is None:
            return False
        self._set_selection(key)
        self.slotPipClicked.emit(key, pip)
        return True

    def _paint_column_headings(self, painter: QPainter) -> None:
        if self._columns is None:
            return
        colors = theme_colors(scheme_for_palette(self.palette()))
        columns.paint_headings(painter, self._columns.columns, self._row_fonts(), colors)

    def _paint_row_drag(self, painter: QPainter, drag: _Drag) -> None:
        """Draw the dragged row lifted at the pointer's height, then where it would land."""
        slot = self._slots[self._index_of(drag.key)]
        rect = QRectF(self._targets[drag.key])
        rect.moveTop(drag.pointer_y - rect.height() / 2)
        colors = theme_colors(scheme_for_palette(self.palette()))
        columns.paint_row(painter, slot, rect, self._row_fonts(), colors, selected=True)
        highlight = QColor(colors.accent)
        index = self._drop_index()
        line_x = self._targets[drag.key].left()
        if index is not None:
            line = columns.drop_line(self._slots, self._targets, drag.key, index)
            painter.setPen(_pen(highlight, 3))
            painter.drawLine(line)
            line_x = line.x2()
        self._paint_drag_text(painter, line_x, highlight)
