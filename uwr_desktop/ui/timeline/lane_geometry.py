"""Where things stand on the lanes: the axis's bounds and scale fitted to the width, each
lane's height and its slots' boxes (fitted by :mod:`.lane_fit`, kept while a lane's slots do
not change), scrolling up and down, and the value a dragged bar's end is over. The painting is
:mod:`.lanes`'s.
"""

from bisect import bisect_right

import msgspec
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from uwr_desktop.core.timeline import Lane, TimelineSlot
from uwr_desktop.ui.timeline import header, lane_paint
from uwr_desktop.ui.timeline.cards import MARGIN, CardMetrics
from uwr_desktop.ui.timeline.drag import index_of
from uwr_desktop.ui.timeline.lane_fit import Item, fit
from uwr_desktop.ui.timeline.layout import Drag, TimelineLayout

MIN_SCALE = 8.0
"""The fewest pixels one value of the axis takes."""
MAX_SCALE = 40.0
"""The most pixels one value of the axis takes."""
ROWS = 3
"""The most rows one lane stacks its labels in."""
LANE_GAP = 4.0
SHOWN_LANES = 5
"""Rows of lanes the timeline shows at least (a lane takes two when its labels stack or it
names conditions); more scroll up and down."""
ROW_BUDGET = 15
"""Rows the lanes and the table's rows share: a laptop shows about this many in its left
column. The lanes show up to this many less one per combatant (the table keeping a row for
each, ten at least), never fewer than :data:`SHOWN_LANES`."""
OPEN_END = 24.0
"""How far past the lowest value a bar that goes on is drawn."""
END_ROOM = 90.0
"""Room right of the lowest value, for the labels beside the last bars."""
HEADING_ROOM = 28.0
"""What a lane's heading needs besides its name and tag: the stripe and padding either side
(14), the tag's own (6) and a gap between the two (8); see :func:`.lane_paint.paint_heading`."""
GUTTER_SHARE = 0.3
"""The most of the timeline's width the lanes' headings take to show their names whole (never
less than a card's width); a longer name is cut short there, whole in its tooltip."""


class _Fitted(msgspec.Struct, frozen=True):
    """One lane laid out: its height, where its last word ends, and per slot its key, body,
    label box (``None``: none), the box a click finds it in and whether its bar goes on."""

    height: float
    right: float
    entries: tuple[tuple[str, QRectF, QRectF | None, QRectF, bool], ...]


class LaneGeometry(TimelineLayout):
    """The geometry of a lane per combatant on a linear axis (painted by a subclass)."""

    follows_width = True

    def __init__(self, metrics: CardMetrics) -> None:
        """No lanes yet."""
        super().__init__(metrics)
        self.row = metrics.note_height + 3
        self.gutter = metrics.unit_width
        self.scale = MIN_SCALE
        self.high = self.low = 0
        self.y_offset = 0.0
        self.content_bottom = self.lanes_top
        self.lane_top: dict[str, float] = {}
        self.lane_height: dict[str, float] = {}
        self._bodies: dict[str, QRectF] = {}
        self._labels: dict[str, QRectF] = {}
        self._open: set[str] = set()
        self._placed: dict[str, QRectF] = {}
        self.heading_font = header.bold(metrics.note_font)
        self._measure = QFontMetricsF(metrics.note_font)
        self._widths: dict[str, float] = {}
        self._order: list[str] = []
        self._fitted: dict[str, tuple[tuple[object, ...], _Fitted]] = {}
        """The lanes' combatant ids, top first (``lane_top`` rising)."""

    # Geometry

    @property
    def origin(self) -> float:
        """Where the highest value lies, in content coordinates."""
        return MARGIN + self.gutter + 16

    @property
    def lanes_top(self) -> float:
        """Where the first lane starts (under the title and the ruler's numbers)."""
        return self.metrics.card_top + self.metrics.note_height + 10

    def value_x(self, value: float) -> float:
        """Where ``value`` lies, in content coordinates."""
        return self.origin + (self.high - value) * self.scale

    def position_x(self, value: int) -> float:
        """Where ``value`` lies, in content coordinates."""
        return self.value_x(value)

    def _lanes(self) -> tuple[Lane, ...]:
        lanes = self.axis.lanes
        named = {lane.combatant_id for lane in lanes}
        strays = dict.fromkeys(s.combatant_id for s in self.slots if s.combatant_id not in named)
        return lanes + tuple(
            Lane(cid, cid, next(s.side for s in self.slots if s.combatant_id == cid))
            for cid in strays
        )

    def arrange(self) -> None:
        """The axis's bounds and scale, then each lane's items fitted in its rows."""
        values = [s.position for s in self.slots] + [
            s.span_end for s in self.slots if s.span_end is not None
        ]
        high = self.axis.high if self.axis.high is not None else max(values, default=0)
        low = self.axis.low if self.axis.low is not None else min(values, default=0)
        self.high, self.low = high, min(low, high)
        self.gutter = self._gutter_width()
        span = max(1, self.high - self.low)
        room = self.view_width - self.origin - END_ROOM - MARGIN
        self.scale = min(MAX_SCALE, max(MIN_SCALE, room / span))
        by_lane: dict[str, list[TimelineSlot]] = {}
        for slot in self.slots:
            by_lane.setdefault(slot.combatant_id, []).append(slot)
        y = self.lanes_top
        right = self.value_x(self.low) + END_ROOM
        self._bodies, self._labels, self._open, self._placed = {}, {}, set(), {}
        self.lane_top, self.lane_height = {}, {}
        self._order = []
        scale = (self.scale, self.high, self.low, self.gutter)
        fitted: dict[str, tuple[tuple[object, ...], _Fitted]] = {}
        for lane in self._lanes():
            cid = lane.combatant_id
            asked = (tuple(by_lane.get(cid, ())), bool(lane.note), y, scale)
            known = self._fitted.get(cid)
            lane_fit = known[1] if known is not None and known[0] == asked else None
            if lane_fit is None:
                lane_fit = self._fit_lane(asked[0], two_rows=asked[1], top=y)
            fitted[cid] = (asked, lane_fit)
            self.lane_top[cid], self.lane_height[cid] = y, lane_fit.height
            self._order.append(cid)
            for key, body, label, placed, open_end in lane_fit.entries:
                self._bodies[key], self._placed[key] = body, placed
                if label is not None:
                    self._labels[key] = label
                if open_end:
                    self._open.add(key)
            right = max(right, lane_fit.right)
            y += lane_fit.height
        self._fitted = fitted
        self.width = right + MARGIN
        self.content_bottom = y
        self._shift()

    def _fit_lane(
        self, slots: tuple[TimelineSlot, ...], *, two_rows: bool, top: float
    ) -> "_Fitted":
        """One lane's items fitted in its rows, placed from ``top``."""
        items = sorted((self._item(slot) for slot in slots), key=lambda item: item.left)
        rows = fit(items, self._width, ROWS)
        height = self.row - 3
        entries = []
        right = 0.0
        for item in items:
            y = top + item.row * self.row + LANE_GAP / 2
            if item.bar:
                body = QRectF(item.left, y, item.right - item.left, height)
            else:
                mark = lane_paint.MARK
                body = QRectF(item.left - mark - 1, y, 2 * mark + 2, height)
            label = (
                QRectF(item.label_left, y, item.label_width, height) if item.label_width else None
            )
            placed = body.united(label) if label is not None else body
            open_end = item.bar and item.right > self.value_x(self.low)
            entries.append((item.key, body, label, placed, open_end))
            right = max(right, item.end)
        lane_height = max(2 if two_rows else 1, rows) * self.row + LANE_GAP
        return _Fitted(lane_height, right, tuple(entries))

    def _gutter_width(self) -> float:
        """The headings' width: room for the widest name beside its tag, at least a card's
        width and at most :data:`GUTTER_SHARE` of the view."""
        names = QFontMetricsF(self.heading_font)
        widest = max(
            (
                names.horizontalAdvance(lane.label) + self._width(lane.tag) + HEADING_ROOM
                for lane in self.axis.lanes
            ),
            default=0.0,
        )
        unit = self.metrics.unit_width
        return min(max(unit, widest), max(unit, self.view_width * GUTTER_SHARE))

    def _width(self, text: str) -> float:
        width = self._widths.get(text)
        if width is None:
            width = self._widths[text] = self._measure.horizontalAdvance(text)
        return width

    def _shown_lanes(self) -> list[str]:
        """The lanes in view (up and down), top first."""
        order, tops = self._order, [self.lane_top[cid] for cid in self._order]
        first = max(0, bisect_right(tops, self.lanes_top + self.y_offset) - 1)
        last = bisect_right(tops, self.lanes_top + self.y_offset + self._visible_height())
        return order[first:last]

    def _item(self, slot: TimelineSlot) -> Item:
        left = self.value_x(slot.position)
        text = slot.caption or slot.label
        if not slot.kind.bar:
            return Item(slot.key, left, left + lane_paint.MARK, text, bar=False)
        if slot.span_end is None:
            end = self.value_x(self.low) + OPEN_END
        else:
            end = self.value_x(slot.span_end)
        return Item(slot.key, min(left, end), max(left, end, min(left, end) + 6), text, bar=True)

    def _visible_height(self) -> float:
        rows = max(SHOWN_LANES, ROW_BUDGET - len(self._order))
        return min(self.content_bottom - self.lanes_top, rows * (self.row + LANE_GAP))

    def _shift(self) -> None:
        """Targets where the lanes are drawn, scrolled up by ``y_offset``."""
        most = max(0.0, self.content_bottom - self.lanes_top - self._visible_height())
        self.y_offset = min(max(0.0, self.y_offset), most)
        if self.y_offset:
            shift = -self.y_offset
            self.targets = {key: rect.translated(0, shift) for key, rect in self._placed.items()}
        else:
            self.targets = dict(self._placed)

    def height(self, bar_height: int) -> int:
        """The title, the ruler's numbers, the lanes shown and room for the scroll bar."""
        below = max(MARGIN, bar_height + 4)
        shown = self._visible_height() if self.slots else 2 * self.row
        return int(self.lanes_top + shown + below + 0.5)

    def _lanes_area(self, left: float, right: float) -> QRectF:
        return QRectF(left, self.lanes_top, right - left, self._visible_height())

    # Scrolling

    def focus_span(self) -> tuple[float, float] | None:
        """Around the value now, with the headings' room on its left."""
        if self.axis.now is None or not self.slots:
            return None
        x = self.value_x(self.axis.now)
        return x - self.gutter - 3 * MARGIN - 60, x + 120

    def reveal(self, key: str) -> None:
        """Scroll the lanes so the slot ``key``'s lane is shown."""
        rect = self._placed.get(key)
        if rect is None:
            return
        shown = self._visible_height()
        top = rect.top() - self.lanes_top
        if top < self.y_offset:
            self.y_offset = top
        elif rect.bottom() - self.lanes_top > self.y_offset + shown:
            self.y_offset = rect.bottom() - self.lanes_top - shown
        self._shift()

    def wheel(self, steps: float) -> bool:
        """Scroll the lanes up or down ``steps`` notches when they overflow."""
        if self.content_bottom - self.lanes_top <= self._visible_height() + 0.5:
            return False
        self.y_offset -= steps * 2 * self.row
        self._shift()
        return True

    def _heading(self, lane: Lane, left: float) -> QRectF | None:
        top = self.lane_top.get(lane.combatant_id)
        if top is None:
            return None
        height = self.lane_height[lane.combatant_id] - LANE_GAP
        return QRectF(left + MARGIN, top - self.y_offset, self.gutter, height)

    # Dragging a bar's end

    def drag_value(self, drag: Drag) -> int | None:
        """The value under the dragged bar's end (its span's end, else its position)."""
        slot = self.slot(drag.key)
        end = slot.position if slot.span_end is None else slot.span_end
        moved = drag.pointer_x - drag.grab_dx - self._placed[drag.key].left()
        return round(self.high - (self.value_x(end) + moved - self.origin) / self.scale)

    def drop_index(self, drag: Drag) -> int:
        """A slot in a lane keeps its place: only its end moves."""
        return index_of(self.slots, drag.key)
