"""The columns layout: slots grouped in columns (one per turn), each slot a row.

On an axis of the columns kind, or when a ruleset gives its slots a ``column`` heading
(``TimelineSlot.column``), the timeline lays them out here instead of as cards: consecutive
slots with the same heading form a column, its rows top to bottom in slot order (a column longer
than :data:`MAX_ROWS` goes on in a second block beside the first), the columns left to right
under their headings. A row shows the side stripe, the name (whole where the timeline's width
leaves room, the column acting now served first) and the slot's points as pips:
``pips`` filled, then ``spent_pips`` hollow; a set-apart slot's border is dashed. A drag moves a
row within its column. Everything here is geometry and painting; the widget keeps the state and
the events.
"""

from collections.abc import Callable
from itertools import groupby

import msgspec
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from uwr_desktop.core.timeline import SlotStatus, TimelineSlot
from uwr_desktop.ui.theme import FOCUS_WIDTH, ThemeColors
from uwr_desktop.ui.timeline.cards import MARGIN, CardMetrics, PaintState, pen
from uwr_desktop.ui.timeline.layout import Drag, TimelineLayout
from uwr_desktop.ui.widgets.name_elide import elided_name

MAX_ROWS = 4
"""Rows in one block of a column; more go on in a block beside it."""
MAX_PIPS = 12
"""Pips drawn in a row; more are counted beside them (``+3``)."""

ROW_GAP = 4.0
COLUMN_GAP = 14.0
_PAD = 6.0
_STRIPE = 4.0
_RADIUS = 5.0
_PIP_GAP = 3.0
_NAME_CHARS = 9
"""The room every name keeps, in average characters; a longer one is cut short only where the
timeline's width leaves no more room (up to :data:`_WHOLE_NAME_CHARS`)."""
_WHOLE_NAME_CHARS = 24
_HEADING_CHARS = 24


class RowFonts(msgspec.Struct, frozen=True):
    """The fonts rows and headings are drawn in: names, pips' overflow count and headings."""

    name: QFont
    note: QFont

    @property
    def row_height(self) -> float:
        """The height of one row."""
        return QFontMetricsF(self.name).height() + 2 * _PAD

    @property
    def heading(self) -> QFont:
        """The font of the columns' headings: the notes' font in bold."""
        font = QFont(self.note)
        font.setBold(True)
        return font

    @property
    def heading_height(self) -> float:
        """The height of the headings' line above the rows."""
        return QFontMetricsF(self.note).height() + 4

    @property
    def pip_size(self) -> float:
        """The diameter of a pip."""
        return round(QFontMetricsF(self.name).height() * 0.55)


class Column(msgspec.Struct, frozen=True):
    """One column: its heading, where it is drawn (rows and heading) and whether it holds the
    slot acting now."""

    heading: str
    rect: QRectF
    keys: tuple[str, ...]
    current: bool


class ColumnLayout(msgspec.Struct, frozen=True):
    """Where every row and column stands (content coordinates), the width of it all and the
    height of the rows' area below the headings."""

    targets: dict[str, QRectF]
    columns: tuple[Column, ...]
    width: float
    rows_height: float


def _pips_width(fonts: RowFonts, slot: TimelineSlot) -> float:
    """The room the row's pips take (and the count of those beyond :data:`MAX_PIPS`)."""
    most = slot.pips + slot.spent_pips
    width = min(most, MAX_PIPS) * (fonts.pip_size + _PIP_GAP)
    if most > MAX_PIPS:
        width += QFontMetricsF(fonts.note).horizontalAdvance(f"+{most - MAX_PIPS}") + _PIP_GAP
    return width


def _row_width(fonts: RowFonts, slots: list[TimelineSlot], name_room: float) -> float:
    """The width the rows of ``slots`` need: each name up to ``name_room``, beside its own
    pips."""
    metrics = QFontMetricsF(fonts.name)
    needed = max(
        min(metrics.horizontalAdvance(slot.label), name_room) + _pips_width(fonts, slot)
        for slot in slots
    )
    return _STRIPE + 3 * _PAD + needed


def name_rooms(fonts: RowFonts, slots: tuple[TimelineSlot, ...]) -> list[float]:
    """The rooms a row's name may be given, widest first: the longest name whole (at most
    :data:`_WHOLE_NAME_CHARS` characters), then a character less at a time down to
    :data:`_NAME_CHARS`."""
    metrics = QFontMetricsF(fonts.name)
    char = metrics.averageCharWidth()
    least = char * _NAME_CHARS
    longest = max((metrics.horizontalAdvance(slot.label) for slot in slots), default=0.0)
    room = min(longest, char * _WHOLE_NAME_CHARS)
    rooms = []
    while room > least:
        rooms.append(room)
        room -= char
    return [*rooms, least]


def _heading_width(fonts: RowFonts, heading: str) -> float:
    """The room a column's heading needs to show whole (a very long one is cut at
    :data:`_HEADING_CHARS` characters' width)."""
    metrics = QFontMetricsF(fonts.heading)
    return min(metrics.horizontalAdvance(heading), metrics.averageCharWidth() * _HEADING_CHARS)


def name_width(fonts: RowFonts, rect: QRectF, slot: TimelineSlot) -> float:
    """The room for the name: the row less its own pips."""
    return max(rect.width() - _STRIPE - 3 * _PAD - _pips_width(fonts, slot), 10.0)


def _widest_fitting(rooms: list[float], fits: Callable[[float], bool]) -> float:
    """The widest of ``rooms`` (widest first) that ``fits``, found by halving (a wider room
    never fits where a narrower one does not); the last, the least, when none does."""
    low, high = 0, len(rooms) - 1
    while low < high:
        middle = (low + high) // 2
        if fits(rooms[middle]):
            high = middle
        else:
            low = middle + 1
    return rooms[low]


def layout(
    slots: tuple[TimelineSlot, ...],
    fonts: RowFonts,
    left: float,
    top: float,
    *,
    name_room: float | None = None,
    room_now: float | None = None,
) -> ColumnLayout:
    """Lay ``slots`` out in columns from (``left``, ``top``), headings first, each name given
    ``name_room`` (default: :data:`_NAME_CHARS` characters), or ``room_now`` (default: the
    same) in the column holding the slot acting now."""
    if name_room is None:
        name_room = QFontMetricsF(fonts.name).averageCharWidth() * _NAME_CHARS
    if room_now is None:
        room_now = name_room
    targets: dict[str, QRectF] = {}
    columns: list[Column] = []
    row_height = fonts.row_height
    rows_top = top + fonts.heading_height
    x = left
    most_rows = 0
    for heading, grouped in groupby(slots, key=lambda slot: slot.column):
        members = list(grouped)
        current = any(slot.status == SlotStatus.CURRENT for slot in members)
        room = room_now if current else name_room
        width = max(_row_width(fonts, members, room), _heading_width(fonts, heading), 96.0)
        column_left = x
        for index, slot in enumerate(members):
            block, row = divmod(index, MAX_ROWS)
            row_x = column_left + block * (width + ROW_GAP)
            targets[slot.key] = QRectF(
                row_x, rows_top + row * (row_height + ROW_GAP), width, row_height
            )
        blocks = (len(members) - 1) // MAX_ROWS + 1
        most_rows = max(most_rows, min(len(members), MAX_ROWS))
        right = column_left + blocks * width + (blocks - 1) * ROW_GAP
        keys = tuple(slot.key for slot in members)
        columns.append(
            Column(heading, QRectF(column_left, top, right - column_left, 0), keys, current)
        )
        x = right + COLUMN_GAP
    rows_height = most_rows * (row_height + ROW_GAP) - ROW_GAP if most_rows else 0.0
    height = fonts.heading_height + rows_height
    sized = tuple(
        Column(c.heading, QRectF(c.rect.x(), top, c.rect.width(), height), c.keys, c.current)
        for c in columns
    )
    return ColumnLayout(targets, sized, x - COLUMN_GAP - left, rows_height)


def pip_rects(fonts: RowFonts, slot: TimelineSlot, rect: QRectF) -> list[QRectF]:
    """Where each pip of the row is drawn: the filled ones first, then the hollow ones."""
    size = fonts.pip_size
    step = size + _PIP_GAP
    shown = min(slot.pips + slot.spent_pips, MAX_PIPS)
    overflow = slot.pips + slot.spent_pips > MAX_PIPS
    right = rect.right() - _PAD
    if overflow:
        count = f"+{slot.pips + slot.spent_pips - MAX_PIPS}"
        right -= QFontMetricsF(fonts.note).horizontalAdvance(count) + _PIP_GAP
    first = right - shown * step + _PIP_GAP
    top = rect.center().y() - size / 2
    return [QRectF(first + index * step, top, size, size) for index in range(shown)]


def pip_at(fonts: RowFonts, slot: TimelineSlot, rect: QRectF, point: QPointF) -> int | None:
    """The number (1 first) of the filled pip a click at ``point`` hits, when the slot's pips
    can be clicked; ``None`` otherwise. A pip's hit area is a little larger than the pip."""
    if not slot.pip_action:
        return None
    for number, pip in enumerate(pip_rects(fonts, slot, rect)[: slot.pips], 1):
        if pip.adjusted(-_PIP_GAP / 2, -_PAD / 2, _PIP_GAP / 2, _PAD / 2).contains(point):
            return number
    return None


def drop_index(
    slots: tuple[TimelineSlot, ...], targets: dict[str, QRectF], key: str, point: QPointF
) -> int:
    """The index (in the whole list, counted after taking ``key`` out) the dragged row would
    take: its own column only, before the first row the pointer is above."""
    index = next(i for i, slot in enumerate(slots) if slot.key == key)
    heading = slots[index].column
    others = [slot for slot in slots if slot.key != key]
    column = [(i, slot) for i, slot in enumerate(others) if slot.column == heading]
    first = column[0][0] if column else index
    before = 0
    for _, slot in column:
        rect = targets[slot.key]
        earlier_block = rect.right() < point.x() - rect.width() / 2
        same_block = rect.left() <= point.x() <= rect.right() + ROW_GAP
        if earlier_block or (same_block and rect.center().y() < point.y()):
            before += 1
    return first + before


def drop_line(
    slots: tuple[TimelineSlot, ...], targets: dict[str, QRectF], key: str, index: int
) -> QLineF:
    """The line (under or above a row) where the dragged row would land at ``index``."""
    others = [slot for slot in slots if slot.key != key]
    if index < len(others) and others[index].column == _column_of(slots, key):
        rect = targets[others[index].key]
        y = rect.top() - ROW_GAP / 2
    else:
        rect = targets[others[index - 1].key]
        y = rect.bottom() + ROW_GAP / 2
    return QLineF(rect.left(), y, rect.right(), y)


def _column_of(slots: tuple[TimelineSlot, ...], key: str) -> str:
    return next(slot.column for slot in slots if slot.key == key)


def paint_headings(
    painter: QPainter, columns: tuple[Column, ...], fonts: RowFonts, colors: ThemeColors
) -> None:
    """Each column's heading and a light frame around it; the column acting now stands out."""
    painter.setFont(fonts.heading)
    metrics = QFontMetricsF(fonts.heading)
    for column in columns:
        frame = column.rect.adjusted(-COLUMN_GAP / 3, 0, COLUMN_GAP / 3, ROW_GAP)
        border = QColor(colors.accent if column.current else colors.border)
        painter.setPen(QPen(border, 1.5 if column.current else 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(frame, _RADIUS + 2, _RADIUS + 2)
        painter.setPen(QColor(colors.accent if column.current else colors.muted_text))
        text = metrics.elidedText(column.heading, Qt.TextElideMode.ElideRight, column.rect.width())
        area = QRectF(column.rect.x(), column.rect.y(), column.rect.width(), fonts.heading_height)
        painter.drawText(area, Qt.AlignmentFlag.AlignCenter, text)


_DOTS = Qt.PenStyle.DotLine


def paint_row(
    painter: QPainter,
    slot: TimelineSlot,
    rect: QRectF,
    fonts: RowFonts,
    colors: ThemeColors,
    *,
    selected: bool,
    down: bool = False,
    focused: bool = False,
) -> None:
    """One row: background, side stripe, the acting-now ring, the name and the pips; greyed
    when done or out of the fight (``down``, marked ✕ before the name)."""
    current = slot.status == SlotStatus.CURRENT
    greyed = down or slot.status == SlotStatus.DONE
    painter.save()
    shape = QPainterPath()
    shape.addRoundedRect(rect, _RADIUS, _RADIUS)
    background = colors.card_done if greyed else colors.card
    painter.fillPath(shape, QColor(colors.card_current if current else background))
    painter.save()
    painter.setClipPath(shape)
    painter.fillRect(QRectF(rect.x(), rect.y(), _STRIPE, rect.height()), colors.side(slot.side))
    painter.restore()
    accent = QColor(colors.accent)
    if current:
        painter.setPen(QPen(accent, 2))
    elif slot.kind.set_apart:
        painter.setPen(QPen(QColor(colors.edge), 1, Qt.PenStyle.DashLine))
    else:
        painter.setPen(QPen(QColor(colors.edge), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), _RADIUS, _RADIUS)
    if selected:
        ring, style = (colors.focus, Qt.PenStyle.SolidLine) if focused else (colors.accent, _DOTS)
        painter.setPen(QPen(QColor(ring), FOCUS_WIDTH, style))
        painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), _RADIUS + 2, _RADIUS + 2)

    painter.setFont(fonts.name)
    painter.setPen(QColor(colors.muted_text if greyed else colors.text))
    left = rect.x() + _STRIPE + _PAD
    width = name_width(fonts, rect, slot)
    label = f"✕ {slot.label}" if down else slot.label
    name = elided_name(QFontMetricsF(fonts.name), label, width)
    align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    painter.drawText(QRectF(left, rect.y(), width, rect.height()), align, name)
    _paint_pips(painter, slot, rect, fonts, colors)
    painter.restore()


def _paint_pips(
    painter: QPainter, slot: TimelineSlot, rect: QRectF, fonts: RowFonts, colors: ThemeColors
) -> None:
    pips = pip_rects(fonts, slot, rect)
    filled = QColor(colors.accent if slot.pip_action else colors.text)
    for number, pip in enumerate(pips, 1):
        if number <= slot.pips:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(filled)
        else:
            painter.setPen(QPen(QColor(colors.muted_text), 1.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(pip.adjusted(0.6, 0.6, -0.6, -0.6))
    hidden = slot.pips + slot.spent_pips - MAX_PIPS
    if hidden > 0 and pips:
        painter.setFont(fonts.note)
        painter.setPen(QColor(colors.muted_text))
        area = QRectF(
            pips[-1].right() + _PIP_GAP, rect.y(), rect.right() - pips[-1].right(), rect.height()
        )
        painter.drawText(
            area, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"+{hidden}"
        )


class ColumnsLayout(TimelineLayout):
    """Slots as rows in columns, headings above them; names as whole as the timeline's width
    allows."""

    follows_width = True

    def __init__(self, metrics: CardMetrics) -> None:
        """No columns yet."""
        super().__init__(metrics)
        self.fonts = RowFonts(metrics.name_font, metrics.note_font)
        self.columns: tuple[Column, ...] = ()
        self.rows_height = 0.0

    def arrange(self) -> None:
        """The columns under the title row, names given the most room that still fits the
        timeline's width: the column acting now first, then the others (the least room when
        nothing fits)."""
        rooms = name_rooms(self.fonts, self.slots)
        least = rooms[-1]
        top = self.metrics.card_top

        def laid_out(others: float, now: float) -> ColumnLayout:
            return layout(self.slots, self.fonts, MARGIN, top, name_room=others, room_now=now)

        def fits(laid: ColumnLayout) -> bool:
            return laid.width + 2 * MARGIN < self.view_width

        now = _widest_fitting(rooms, lambda room: fits(laid_out(least, room)))
        others = _widest_fitting(rooms, lambda room: fits(laid_out(room, now)))
        laid = laid_out(others, now)
        self.targets = laid.targets
        self.columns = laid.columns
        self.rows_height = laid.rows_height
        self.width = laid.width + 2 * MARGIN

    def height(self, bar_height: int) -> int:
        """Tall enough for the headings and the longest column (at least one card's height)."""
        rows = self.fonts.heading_height + self.rows_height
        body = max(rows, self.metrics.card_height)
        return int(self.metrics.card_top + body + max(MARGIN, bar_height + 4) + 4.5)

    def paint_backdrop(
        self, painter: QPainter, state: PaintState, *, left: float, right: float
    ) -> None:
        """Each column's heading and frame."""
        paint_headings(painter, self.columns, self.fonts, state.colors)

    def paint_slot(
        self, painter: QPainter, slot: TimelineSlot, rect: QRectF, state: PaintState
    ) -> None:
        """A row, greyed and marked when its combatant is out of the fight."""
        selected = slot.key == state.selected
        down = state.down(slot.combatant_id)
        paint_row(
            painter,
            slot,
            rect,
            self.fonts,
            state.colors,
            selected=selected,
            down=down,
            focused=selected and state.focused,
        )

    def paint_lifted(self, painter: QPainter, drag: Drag, state: PaintState) -> None:
        """The row lifted at the pointer's height."""
        rect = QRectF(self.targets[drag.key])
        rect.moveTop(drag.pointer_y - rect.height() / 2)
        slot = self.slot(drag.key)
        paint_row(painter, slot, rect, self.fonts, state.colors, selected=True)

    def drop_index(self, drag: Drag) -> int:
        """A place in the dragged row's own column."""
        point = QPointF(drag.pointer_x, drag.pointer_y)
        return drop_index(self.slots, self.targets, drag.key, point)

    def paint_drop(
        self, painter: QPainter, drag: Drag, color: QColor, *, place: int | None, value: int | None
    ) -> float:
        """A line above or under the row where the dragged row would land."""
        if place is None:
            return self.targets[drag.key].left()
        line = drop_line(self.slots, self.targets, drag.key, place)
        painter.setPen(pen(color, 3))
        painter.drawLine(line)
        return line.x2()

    def pip_rects(self, slot: TimelineSlot, rect: QRectF) -> list[QRectF]:
        """Where the row's pips are drawn."""
        return pip_rects(self.fonts, slot, rect)

    def pip_at(self, slot: TimelineSlot, rect: QRectF, point: QPointF) -> int | None:
        """The filled pip a click at ``point`` hits, when the slot's pips may be clicked."""
        return pip_at(self.fonts, slot, rect, point)
