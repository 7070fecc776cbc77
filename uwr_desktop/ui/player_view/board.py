"""The order of battle on the players' screen, painted large enough to read across a room.

A timeline drawn as a list (an order, a ruler) is painted as rows, whoever acts now kept in
view. A columned one is painted a column per heading, as the main window does: the column under
way (else the last) wide, its rows like the list's; the columns before it narrow, a row's name
and points as pips, as many as fit, the earlier ones counted. A row of someone down is dimmed;
a health band is never cut (its zone fits the longest band). Everything is sized from the type
unit (a share of the window's height), so it reads the same from 1280x720 to 4K.
"""

from collections.abc import Sequence

import msgspec
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from uwr_desktop.core.timeline import AxisKind, SlotStatus
from uwr_desktop.ui.player_view.picture import Band, PlayerColumn, PlayerPicture, PlayerRow
from uwr_desktop.ui.theme import side_color
from uwr_desktop.ui.widgets.name_elide import elided_name

MIN_UNIT = 14.0
ROW_HEIGHT = 2.1
"""A row of the order of battle, in units."""
LEAD_ROWS = 2
"""Rows kept above whoever acts now, so the players see who came before."""
VALUE_UNITS = 8.0
"""The widest a row's axis value zone grows, in units (it is as wide as the values need)."""
NAME_UNITS = 6.0
"""The least width of a full row's name, in units: in a narrow row the health band moves under
it, then the value narrows."""
BAND_SIZE = 0.7
"""The health band's type, in units; its zone is as wide as the longest band needs."""
WIDE_UNITS = 15.0
"""The least width of the column under way, in units."""
NARROW_UNITS = 6.5
"""The width of a column before (or after) it, in units."""
HEADING_UNITS = 1.5
"""The height of the columns' headings, in units."""
EARLIER_UNITS = 3.5
"""The width of the count of earlier columns left out, in units."""
GAP_UNITS = 0.5
DESCRIBED_ROWS = 40
"""Rows told in the board's accessible description, at most."""

BAND_GLYPHS = {"unhurt": "●●●", "hurt": "●●○", "badly hurt": "●○○", "down": "○○○"}


def band_text(band: str) -> str:
    """A health band as painted: its glyphs and its words (``"●○○ badly hurt"``)."""
    return f"{BAND_GLYPHS[band]} {band}"


_GLYPHS = {SlotStatus.CURRENT: "▶", SlotStatus.DONE: "✓", SlotStatus.DELAYED: "⏸"}
_RIGHT = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight


class Look(msgspec.Struct, frozen=True):
    """The player view's colours."""

    background: str
    card: str
    text: str
    dim: str
    accent: str
    accent_text: str
    border: str


NORMAL_LOOK = Look("#14181f", "#232a35", "#eef1f5", "#98a2b3", "#f2c14e", "#14181f", "#3a4352")
HIGH_CONTRAST_LOOK = Look(
    "#000000", "#000000", "#ffffff", "#e0e0e0", "#ffff00", "#000000", "#ffffff"
)


class _Zones(msgspec.Struct, frozen=True):
    """The widths, in units, of a full row's value and health band (0: no band zone), the
    least room its name keeps, and whether the band is written under the name instead."""

    value: float
    band: float
    name: float = NAME_UNITS
    band_below: bool = False

    def leaving_the_name(self, width: float) -> "_Zones":
        """These zones in a row ``width`` units wide, narrowed so that the name keeps its
        room: the band moves under the name first, then the value narrows (to nothing if it
        must)."""
        band = self.band + _BAND_GAP_UNITS if self.band else 0.0
        short = self.name - (width - _ROW_EDGES_UNITS - self.value - band)
        if short <= 0:
            return self
        short -= band
        value = self.value if short <= 0 else max(0.0, self.value - short)
        return _Zones(value, 0.0, self.name, band_below=bool(self.band))


_ROW_EDGES_UNITS = 3.8
"""What a full row keeps besides its name, value and band, as ``_paint_row`` lays it out: 1 unit
before the status glyph, 1.6 for it, 0.6 after the name and 0.6 after the value."""
_BAND_GAP_UNITS = 0.6


class _Style(msgspec.Struct, frozen=True):
    color: str
    size: float
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignVCenter
    bold: bool = False


def _column(row: QRectF, left: float, width: float) -> QRectF:
    return QRectF(left, row.top(), width, row.height())


def place_columns(
    columns: Sequence[PlayerColumn], width: float, unit: float
) -> tuple[list[tuple[PlayerColumn, float, float]], int]:
    """Which columns are drawn on a board ``width`` wide, and where (x, width): the one under
    way (else the last) wide, taking the room the others leave; as many narrow ones as fit
    beside it, the nearest first, earlier before later; and how many earlier ones are left out
    (counted at the left)."""
    if not columns:
        return [], 0
    wide = next((i for i, column in enumerate(columns) if column.under_way), len(columns) - 1)
    step = (NARROW_UNITS + GAP_UNITS) * unit
    fit = max(0, int((width - WIDE_UNITS * unit) // step))
    earlier, later = list(range(wide - 1, -1, -1)), list(range(wide + 1, len(columns)))
    if len(earlier) + len(later) > fit:
        fit = max(0, int((width - (WIDE_UNITS + EARLIER_UNITS) * unit) // step))
    chosen = set(earlier[:fit])
    chosen |= set(later[: fit - len(chosen)])
    left_out = sum(1 for index in earlier if index not in chosen)
    x = EARLIER_UNITS * unit if left_out else 0.0
    wide_width = width - x - len(chosen) * step
    placed = []
    for index in sorted(chosen | {wide}):
        column_width = wide_width if index == wide else NARROW_UNITS * unit
        placed.append((columns[index], x, column_width))
        x += column_width + GAP_UNITS * unit
    return placed, left_out


def _told(row: PlayerRow) -> str:
    """A row in the board's accessible description: its name, value and, dimmed, "down"."""
    return " ".join(part for part in (row.label, row.value_text, "down" * row.down) if part)


class OrderBoard(QWidget):
    """The order of battle, painted as large rows or columns; whoever acts now is kept in
    view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        """An empty board."""
        super().__init__(parent)
        self.setObjectName("playerOrder")
        self.setAccessibleName("Order of battle")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._picture = PlayerPicture("", "", "", "", ())
        self._look = NORMAL_LOOK
        self._unit = MIN_UNIT
        self._painted: list[str] = []

    def set_picture(self, picture: PlayerPicture) -> None:
        """Show the order of battle of ``picture``."""
        self._picture = picture
        told = [_told(row) for row in picture.rows[:DESCRIBED_ROWS]]
        if picture.drawn is AxisKind.COLUMNS:
            told, left = [], DESCRIBED_ROWS
            for column in picture.columns():
                rows = [_told(row) for row in column.rows[:left]]
                left -= len(rows)
                told.append(f"{column.heading}: " + ", ".join(rows))
        self.setAccessibleDescription("; ".join(told))
        self.update()

    def rows(self) -> tuple[PlayerRow, ...]:
        """The rows shown, in axis order (every column's, left to right)."""
        return self._picture.rows

    def set_look(self, look: Look, unit: float) -> None:
        """Paint in ``look`` with type of ``unit`` pixels."""
        self._look, self._unit = look, unit
        self.update()

    def painted_texts(self) -> tuple[str, ...]:
        """Every text the last paint drew."""
        return tuple(self._painted)

    def _first_row(self, rows: Sequence[PlayerRow], height: float) -> int:
        """The row of ``rows`` at the top of an area ``height`` high: a little above whoever
        acts now."""
        shown = max(1, int(height // (self._unit * ROW_HEIGHT)))
        current = next((i for i, row in enumerate(rows) if row.status is SlotStatus.CURRENT), 0)
        return min(max(0, current - LEAD_ROWS), max(0, len(rows) - shown))

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """Room for a dozen rows."""
        return QSize(int(self._unit * 30), int(self._unit * ROW_HEIGHT * 12))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        """Draw the rows or columns in view."""
        self._painted = []
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(self._look.background))
        unit = self._unit
        if not self._picture.rows:
            style = _Style(self._look.dim, unit, Qt.AlignmentFlag.AlignCenter)
            self._text(painter, QRectF(self.rect()), self._picture.empty, style)
        elif self._picture.drawn is AxisKind.COLUMNS:
            self._paint_columns(painter)
        else:
            area = QRectF(self.rect())
            rows = self._picture.rows
            self._paint_rows(painter, rows, area, full=True)
        painter.end()

    def _paint_rows(
        self, painter: QPainter, rows: Sequence[PlayerRow], area: QRectF, *, full: bool
    ) -> None:
        """``rows`` down ``area``: full rows from a little above whoever acts now, their zones
        fitted to the rows in view, or compact ones from the first."""
        height = self._unit * ROW_HEIGHT
        first = self._first_row(rows, area.height()) if full else 0
        in_view = rows[first : first + int(area.height() // height) + 1]
        zones = self._fitted(in_view, self._band_units(rows)) if full else None
        y = area.top()
        for row in in_view:
            if y > area.bottom():
                break
            rect = QRectF(area.left(), y, area.width(), height - self._unit * 0.2)
            if zones is None:
                self._paint_compact(painter, row, rect)
            else:
                self._paint_row(painter, row, rect, zones)
            y += height

    def _fitted(self, rows: Sequence[PlayerRow], band: float) -> _Zones:
        """Zones as wide as the values of ``rows`` need (at most :data:`VALUE_UNITS`), ``band``
        units for the band, and the names' room as their widest needs (at most
        :data:`NAME_UNITS`)."""
        font = QFont(self.font())
        font.setPixelSize(max(8, round(self._unit * 0.9)))
        metrics = QFontMetricsF(font)
        widest = max((metrics.horizontalAdvance(row.value_text) for row in rows), default=0.0)
        value = min(VALUE_UNITS, widest / self._unit + 0.2)
        font.setPixelSize(max(8, round(self._unit)))
        font.setBold(True)
        metrics = QFontMetricsF(font)
        named = max((metrics.horizontalAdvance(row.name) for row in rows), default=0.0)
        return _Zones(value, band, min(NAME_UNITS, named / self._unit + 0.2))

    def _band_units(self, rows: Sequence[PlayerRow]) -> float:
        """The width, in units, of the health band's zone: room for the longest band, so
        none is cut and the zone keeps its width as bands change; 0 when no row shows one."""
        if not any(row.band for row in rows):
            return 0.0
        font = QFont(self.font())
        font.setPixelSize(max(8, round(self._unit * BAND_SIZE)))
        metrics = QFontMetricsF(font)
        widest = max(metrics.horizontalAdvance(band_text(band)) for band in Band)
        return widest / self._unit + 0.2

    def _paint_columns(self, painter: QPainter) -> None:
        look, unit = self._look, self._unit
        placed, left_out = place_columns(self._picture.columns(), self.width(), unit)
        heading_height = HEADING_UNITS * unit
        if left_out:
            earlier = QRectF(0, 0, EARLIER_UNITS * unit, heading_height)
            style = _Style(look.dim, unit * 0.6, Qt.AlignmentFlag.AlignCenter)
            self._text(painter, earlier, f"+{left_out} earlier", style)
        row_height = ROW_HEIGHT * unit
        fit = max(1, int((self.height() - heading_height - unit * 0.2) // row_height))
        for column, x, width in placed:
            wide = width > NARROW_UNITS * unit + 1
            tall = heading_height + min(len(column.rows), fit) * row_height + unit * 0.2
            frame = QRectF(x, 0, width, min(tall, self.height()))
            frame.adjust(1, 1, -1, -1)
            marked = column.under_way
            painter.setPen(QPen(QColor(look.accent if marked else look.border), unit / 8))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(frame, unit * 0.4, unit * 0.4)
            heading = QRectF(x, 0, width, heading_height)
            ink = look.accent if marked else look.dim
            style = _Style(ink, unit * 0.8, Qt.AlignmentFlag.AlignCenter, bold=True)
            self._text(painter, heading, column.heading, style)
            inside = frame.adjusted(unit * 0.2, heading_height, -unit * 0.2, -unit * 0.2)
            self._paint_rows(painter, column.rows, inside, full=wide)

    def _paint_card(self, painter: QPainter, row: PlayerRow, rect: QRectF) -> str:
        """The row's background, border and side stripe; return its ink."""
        look, unit = self._look, self._unit
        current = row.status is SlotStatus.CURRENT
        border = QPen(QColor(look.accent if current else look.border), max(1.0, unit / 10))
        if row.kind.set_apart and not current:
            border.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(border)
        card = look.background if row.down else look.card
        painter.setBrush(QColor(look.accent if current else card))
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), unit * 0.3, unit * 0.3)
        stripe = QRectF(rect.left() + 1, rect.top() + unit * 0.2, unit * 0.3, rect.height())
        painter.fillRect(stripe.adjusted(0, 0, 0, -unit * 0.4), side_color(row.side))
        if current:
            return look.accent_text
        return look.dim if row.status is SlotStatus.DONE or row.down else look.text

    def _paint_row(self, painter: QPainter, row: PlayerRow, rect: QRectF, zones: _Zones) -> None:
        """A full row: status, name (over what the row stands for and its conditions, and the
        health band where the row is too narrow for it beside), health band and value."""
        unit = self._unit
        zones = zones.leaving_the_name(rect.width() / unit)
        ink = self._paint_card(painter, row, rect)
        left = rect.left() + unit
        glyph = _GLYPHS.get(row.status, "")
        self._text(painter, _column(rect, left, unit * 1.4), glyph, _Style(ink, unit))
        left += unit * 1.6
        right = rect.right() - unit * 0.6 - zones.value * unit
        value_style = _Style(ink, unit * 0.9, _RIGHT)
        self._text(painter, _column(rect, right, zones.value * unit), row.value_text, value_style)
        if zones.band:
            right -= (zones.band + _BAND_GAP_UNITS) * unit
        if row.band is not None and zones.band:
            band_style = _Style(ink, unit * BAND_SIZE, _RIGHT)
            band_rect = _column(rect, right, zones.band * unit)
            self._text(painter, band_rect, band_text(row.band), band_style)
        right -= unit * 0.6
        name = _column(rect, left, max(unit, right - left))
        bold = _Style(ink, unit, bold=True)
        below = [row.kind_words] if row.kind_words else []
        if zones.band_below and row.band is not None:
            below.append(band_text(row.band))
        below += row.conditions
        if not below:
            self._name(painter, name, row, bold)
            return
        self._name(painter, name.adjusted(0, unit * 0.1, 0, -rect.height() * 0.4), row, bold)
        under = name.adjusted(0, rect.height() * 0.58, 0, 0)
        self._text(painter, under, " · ".join(below), _Style(ink, unit * 0.6))

    def _paint_compact(self, painter: QPainter, row: PlayerRow, rect: QRectF) -> None:
        """A narrow column's row: the name over the points as pips, filled then hollow."""
        unit = self._unit
        ink = self._paint_card(painter, row, rect)
        left = rect.left() + unit * 0.7
        name = QRectF(left, rect.top(), rect.right() - unit * 0.3 - left, rect.height())
        count = row.pips + row.spent_pips
        if not count:
            self._name(painter, name, row, _Style(ink, unit * 0.85, bold=True))
            return
        name.setHeight(rect.height() * 0.55)
        self._name(painter, name, row, _Style(ink, unit * 0.8, bold=True))
        size, step = unit * 0.48, unit * 0.62
        shown = min(count, max(0, int((name.width() - unit * 1.2) // step)))
        y = rect.top() + rect.height() * 0.74
        for number in range(1, shown + 1):
            if number <= row.pips:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(ink))
            else:
                painter.setPen(QPen(QColor(self._look.dim), max(1.0, unit / 14)))
                painter.setBrush(Qt.BrushStyle.NoBrush)
            centre = QPointF(left + (number - 1) * step + size / 2, y)
            painter.drawEllipse(centre, size / 2, size / 2)
        if shown < count:
            extra = QRectF(left + shown * step, y - unit * 0.4, unit * 1.2, unit * 0.8)
            self._text(painter, extra, f"+{count - shown}", _Style(ink, unit * 0.5))

    def _name(self, painter: QPainter, rect: QRectF, row: PlayerRow, style: _Style) -> None:
        """The row's label, its words after the name left out first where it is cut."""
        self._text(painter, rect, row.name, style, spare=row.after_name)

    def _text(
        self, painter: QPainter, rect: QRectF, text: str, style: _Style, spare: str = ""
    ) -> None:
        if not text:
            return
        font = QFont(self.font())
        font.setPixelSize(max(8, round(style.size)))
        font.setBold(style.bold)
        painter.setFont(font)
        painter.setPen(QColor(style.color))
        elided = elided_name(QFontMetricsF(font), text, rect.width(), spare)
        painter.drawText(rect, style.align, elided)
        self._painted.append(elided)
