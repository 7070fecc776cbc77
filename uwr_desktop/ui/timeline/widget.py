"""The initiative timeline: the round's slots on the ruleset's axis, left to right.

The widget draws whatever ``TimelineSlot`` list it is given, on the ``TimelineAxis`` it is
given, and knows nothing of any ruleset. It is the frame: selection, keys, drag and drop,
scrolling, the glide of moved slots, signals and accessible text. How the slots are placed and
painted is the layout's of the axis kind they are drawn as (``core.timeline.drawn_as``): cards
in order (:mod:`.order`), cards on a ruler (:mod:`.ruler`) or rows in columns (:mod:`.columns`).
The axis title heads them all.

It never reorders itself: a drag or Alt+Left/Right asks for a move with ``slotMoveRequested``
and the owner answers with ``set_slots``; slots that changed place then glide to it. While a
slot is dragged, the owner's answerer (``set_drag_answerer``) words what the drop would do,
shown beside the drop line; on a ruler the value answerer (``set_value_answerer``) is asked
first about the value the slot's end would be dropped on. In columns a drag moves a row within
its column, and a click on a pip the slot lets be clicked asks for it with ``slotPipClicked``.
"""

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from uwr_desktop.core.timeline import AxisKind, SlotStatus, TimelineAxis, TimelineSlot, drawn_as
from uwr_desktop.ui.theme import scheme_for_palette, theme_colors
from uwr_desktop.ui.timeline import cards, header, hover, keys, words
from uwr_desktop.ui.timeline.cards import GAP, MARGIN, PaintState
from uwr_desktop.ui.timeline.columns import ColumnsLayout
from uwr_desktop.ui.timeline.drag import (
    DragAnswerer,
    SlotDrag,
    ValueAnswerer,
    index_of,
    unique_keys,
)
from uwr_desktop.ui.timeline.glide import Glide
from uwr_desktop.ui.timeline.lanes import LanesLayout
from uwr_desktop.ui.timeline.layout import TimelineLayout
from uwr_desktop.ui.timeline.order import OrderLayout
from uwr_desktop.ui.timeline.pointer import PointerGestures
from uwr_desktop.ui.timeline.ruler import RulerLayout
from uwr_desktop.ui.timeline.scroll import Scroller

_LAYOUTS: dict[AxisKind, type[TimelineLayout]] = {
    AxisKind.ORDER: OrderLayout,
    AxisKind.RULER: RulerLayout,
    AxisKind.COLUMNS: ColumnsLayout,
    AxisKind.LANES: LanesLayout,
}


_KEY_REASONS = (
    Qt.FocusReason.TabFocusReason,
    Qt.FocusReason.BacktabFocusReason,
    Qt.FocusReason.ShortcutFocusReason,
    Qt.FocusReason.OtherFocusReason,
)
"""Ways the focus comes by keys (a pane key gives it with the shortcut's reason)."""


def _NOBODY_DOWN(_combatant_id: str) -> bool:  # noqa: N802 (a constant, named as one)
    return False


class InitiativeTimeline(PointerGestures):
    """The initiative timeline across the top of the window.

    Signals:
        slotActivated(key): a slot was selected, by a click or the arrow keys.
        slotOpened(key): a slot was double-clicked, or Enter was pressed on it.
        slotMoveRequested(key, new_index): the user asked for the slot to stand at
            ``new_index`` in the list (counted after taking it out), by a drag or Alt+Left/Right.
        slotValueDropped(key, value): on a ruler, the end of the slot (its span's end, else
            its position) was dropped on ``value``, and the value answerer had words for it.
        slotPipClicked(key, pip): in columns, filled pip ``pip`` (1 first) of a slot whose
            pips can be clicked was clicked.
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
        self._empty = words.NOBODY_YET
        self._axis = TimelineAxis()
        self._metrics = cards.measure(self.font())
        self._kind = AxisKind.ORDER
        self._layout: TimelineLayout = OrderLayout(self._metrics)
        self._glide = Glide(self, self.update)
        self._selected: str | None = None
        self._gesture = SlotDrag()
        self._scroller = Scroller(self)
        self.slotActivated.connect(lambda _key: self._update_description())
        self._update_description()

    # Public API

    def set_down(self, is_down: Callable[[str], bool]) -> None:
        """Tell the timeline who is out of the fight (their sheet says they are down, or the GM
        marked them defeated): ``is_down(combatant_id)``, asked for the slots painted only, so
        a fight of a thousand costs no more than the slots in view. Takes effect with the next
        paint: set the slots after it (asking for a paint here too would paint twice)."""
        self._down = is_down

    def set_empty_text(self, text: str) -> None:
        """What the timeline says while it shows no slot (how to begin, say)."""
        if text != self._empty:
            self._empty = text
            self._update_description()
            self.update()

    def is_down(self, key: str) -> bool:
        """Whether the slot ``key`` is greyed as out of the fight."""
        slot = next((s for s in self._slots if s.key == key), None)
        return slot is not None and self._down(slot.combatant_id)

    def set_slots(self, slots: Sequence[TimelineSlot], axis: TimelineAxis | None = None) -> None:
        """Show ``slots`` in this order on ``axis`` (``None``: keep the axis shown); slots that
        changed place glide to their new one.

        Raises ``ValueError`` when two slots share a key.
        """
        new_slots = unique_keys(slots)
        old_x = {key: self._shown_x(key) for key in self._layout.targets}
        old_current = self._current_key()
        self._glide.stop()
        if axis is not None:
            self._axis = axis
        self._slots = new_slots
        self._relayout()
        targets = self._layout.targets
        self._glide.start(old_x, targets, shown=self.isVisible())
        if self._selected not in targets:
            self._selected = None
        if self._gesture.lost(targets):
            self._end_drag()
        current = self._current_key()
        if current is not None and current != old_current:
            self.ensure_visible(current)
        self._keep_focus()
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
        """Ask ``answerer(key, index)`` what a drop would do while a slot is dragged."""
        self._gesture.set_answerer(answerer)

    def set_value_answerer(self, answerer: ValueAnswerer | None) -> None:
        """Ask ``answerer(key, value)`` first what dropping a slot's end on ``value`` of a ruler
        would do; when it answers ``None`` the drag is by place."""
        self._gesture.set_value_answerer(answerer)

    def drag_value(self) -> int | None:
        """The axis value the dragged slot's end would be dropped on (``None``: no drag, or not
        a ruler)."""
        return self._gesture.value(self._layout)

    def drag_text(self) -> str:
        """The words shown beside the drop line now ("" when nothing is dragged or asked)."""
        return self._gesture.words(self._layout)

    def position_x(self, value: int) -> float:
        """Where ``value`` of the axis lies, in widget coordinates (on a ruler, between the
        centres of the cards whose positions bracket it; beyond them at one point's spacing)."""
        return self._layout.position_x(value) - self._scroller.x()

    def selected_key(self) -> str | None:
        """Return the key of the selected slot, if any."""
        return self._selected

    def select(self, key: str | None) -> None:
        """Select the slot with ``key`` (``None`` clears) without emitting ``slotActivated``.

        Raises ``ValueError`` for a key that is not on the timeline.
        """
        if key is not None:
            self._require(key)
            self.ensure_visible(key)
        self._selected = key
        self._update_description()
        self.update()

    def pip_rect(self, key: str, pip: int) -> QRectF:
        """Where filled pip ``pip`` (1 first) of the slot ``key`` is drawn, in widget
        coordinates. Raises ``ValueError`` for an unknown key or a pip the slot lacks."""
        rect = self.card_rect(key)
        slot = self._slots[index_of(self._slots, key)]
        pips = self._layout.pip_rects(slot, rect)[: slot.pips]
        if not 1 <= pip <= len(pips):
            raise ValueError(f"slot {key!r} has no pip {pip} on the timeline")
        return pips[pip - 1]

    def ensure_visible(self, key: str) -> None:
        """Scroll so the slot with ``key`` is in view. Raises ``ValueError`` for an unknown key."""
        self._require(key)
        self._layout.reveal(key)
        rect = self._require(key)
        self._scroller.show_span(rect.left() - MARGIN, rect.right() + MARGIN)

    def label_rects(self) -> list[QRectF]:
        """Where the layout draws words it keeps apart (lanes' headings and labels), in widget
        coordinates, as far as they are in view."""
        scroll = self._scroller.x()
        found = self._layout.label_rects(scroll, scroll + self.width())
        return [rect.translated(-scroll, 0) for rect in found]

    def _keep_focus(self) -> None:
        """Scroll to the span the layout keeps in sight (the value now), if it has one."""
        span = self._layout.focus_span()
        if span is not None:
            self._scroller.show_span(*span)

    def is_animating(self) -> bool:
        """Tell whether slots are still gliding to their places."""
        return self._glide.is_running()

    def is_dragging(self) -> bool:
        """Tell whether a slot is being dragged."""
        return self._gesture.drag is not None

    def set_animation_duration(self, milliseconds: int) -> None:
        """Set how long moved slots take to glide; 0 moves them at once (reduced motion)."""
        if milliseconds < 0:
            raise ValueError(f"an animation cannot last {milliseconds} ms; give 0 or more")
        self._glide.set_duration(milliseconds)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """Fit one row of all the slots (at least a few cards wide)."""
        unit = self._metrics.unit_width
        width = max(self._layout.width, 2 * MARGIN + 4 * unit + 3 * GAP)
        return QSize(int(width + 0.5), self._height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """One card wide, one row high."""
        return QSize(int(2 * MARGIN + self._metrics.unit_width + 0.5), self._height())

    # Geometry

    def _height(self) -> int:
        return self._layout.height(self._scroller.bar_height())

    def _relayout(self) -> None:
        kind = drawn_as(self._axis, self._slots)
        if kind is not self._kind:
            self._kind = kind
            self._layout = _LAYOUTS[kind](self._metrics)
        self._layout.view_width = float(self.width())
        self._layout.place(self._slots, self._axis)
        self._update_scroll_range()

    def _update_scroll_range(self) -> None:
        self._scroller.fit(self._layout.width, self._metrics.unit_width / 4)

    def _current_key(self) -> str | None:
        return next((s.key for s in self._slots if s.status == SlotStatus.CURRENT), None)

    # Events

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Arrows select, Alt+arrows ask to move, Enter opens, Esc cancels a drag."""
        key = event.key()
        alt = bool(event.modifiers() & Qt.KeyboardModifier.AltModifier)
        if key == Qt.Key.Key_Escape and self._gesture.active():
            self._end_drag()
            return
        if not self._slots or key not in keys.KEYS:
            super().keyPressEvent(event)
            return
        asked = keys.answer(key, alt=alt, slots=self._slots, selected=self._selected)
        if asked is None:
            return
        ask, slot_key, index = asked
        if ask is keys.Ask.MOVE:
            self.slotMoveRequested.emit(slot_key, index)
        elif ask is keys.Ask.OPEN:
            self.slotOpened.emit(slot_key)
        else:
            self.ensure_visible(slot_key)
            self._set_selection(slot_key)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        """Scroll the lanes up and down when they overflow; otherwise the slots sideways with
        either wheel direction."""
        if self._layout.wheel(event.angleDelta().y() / 120):
            event.accept()
            self.update()
            return
        self._scroller.wheel(event, self._metrics.unit_width / 2)

    def event(self, event: QEvent) -> bool:
        """Show a slot's full details as its tooltip; show or hide the focus ring on the
        selected slot with the focus."""
        if event.type() in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            self.update()
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            hover.show_tooltip(
                self,
                event,
                self._layout,
                scroll=self._scroller.x(),
                slot_at=self._told_at,
            )
            return True
        return super().event(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """The focus come by keys with no slot selected selects the acting one (else the
        first), so the ring shows where the arrows start."""
        if self._selected is None and self._slots and event.reason() in _KEY_REASONS:
            self.select(self._current_key() or self._slots[0].key)
        super().focusInEvent(event)

    def _told_at(self, pos: QPointF) -> tuple[str, QRectF] | None:
        key = self._key_at(pos)
        if key is None:
            return None
        slot = self._slots[index_of(self._slots, key)]
        text = words.tooltip(slot, self._axis, down=self._down(slot.combatant_id))
        return text, self.card_rect(key)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """Re-measure the slots after a font change; repaint after a palette change."""
        if event.type() == QEvent.Type.FontChange:
            self._metrics = cards.measure(self.font())
            self._layout = _LAYOUTS[self._kind](self._metrics)
            self._relayout()
            self.updateGeometry()
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange):
            self.update()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        """Keep the scroll range in step with the width (a layout that fits it placed again),
        and the current slot in view."""
        if self._layout.follows_width and event.size().width() != event.oldSize().width():
            self._relayout()
            self.updateGeometry()
        self._update_scroll_range()
        current = self._current_key()
        if current is not None:
            self.ensure_visible(current)
        self._keep_focus()
        super().resizeEvent(event)

    def _update_description(self) -> None:
        if not self._slots:
            self.setAccessibleDescription(self._empty)
            return
        text = words.description(self._slots, self._axis, self._kind, self._selected, self._down)
        self.setAccessibleDescription(text)

    # Painting

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        """Draw the title, what stands behind the slots, the slots, the dragged slot and where
        it would land."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        colors = theme_colors(scheme_for_palette(self.palette()))
        muted = QColor(colors.muted_text)
        if not self._slots:
            header.paint_empty(
                painter, QRectF(self.rect()), self._empty, self._metrics.note_font, muted
            )
            return
        state = PaintState(colors, self._selected, self.hasFocus(), self._down)
        scroll = self._scroller.x()
        painter.translate(-scroll, 0)
        view = QRectF(scroll + MARGIN, 1, self.width() - 2 * MARGIN, self._metrics.header_height)
        font = header.bold(self._metrics.note_font)
        header.paint_title(
            painter, self._axis.title, font, view, muted, half=bool(self.drag_text())
        )
        exposed = QRectF(event.rect()).translated(scroll, 0).adjusted(-4, 0, 4, 0)
        layout = self._layout
        layout.paint_backdrop(painter, state, left=exposed.left() - 40, right=exposed.right() + 40)
        drag = "" if self._gesture.drag is None else self._gesture.drag.key
        layout.paint_slots(painter, state, exposed, glide=self._glide, drag=drag)
        x = self._gesture.paint(painter, layout, state)
        layout.paint_overlay(painter, state, left=scroll)
        if x is not None:
            ink = (QColor(colors.card), QColor(colors.accent))
            header.paint_drop_words(painter, self.drag_text(), font, x=x, view=view, colors=ink)
