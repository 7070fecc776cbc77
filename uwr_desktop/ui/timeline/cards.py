"""A timeline card: how big it is and how it is painted, for the layouts that show cards.

A card shows the side stripe, the name, the value as the GM reads it and a note line (status,
a set-apart slot's words, the slot's detail). A bar (``SlotKind.bar``) carries an arrow after
its value; a set-apart slot is hatched. Everything here is geometry and painting: the layouts
place the cards and the widget keeps the state.
"""

from collections.abc import Callable

import msgspec
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from uwr_desktop.core.timeline import SlotStatus, TimelineSlot
from uwr_desktop.ui.theme import FOCUS_WIDTH, ThemeColors
from uwr_desktop.ui.timeline.words import note
from uwr_desktop.ui.widgets.name_elide import elided_name

MARGIN = 8.0
GAP = 10.0
PADDING = 10.0
STRIPE = 6.0
RADIUS = 8.0
LINE_GAP = 3.0
TICK = 4.0


def pen(color: QColor, width: float) -> QPen:
    """A pen with round caps and joins."""
    drawn = QPen(color, width)
    drawn.setCapStyle(Qt.PenCapStyle.RoundCap)
    drawn.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return drawn


class CardMetrics(msgspec.Struct, frozen=True):
    """The fonts and sizes of a card, the title row above the cards and a ruler under them."""

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

    @property
    def card_top(self) -> float:
        """Where the cards (or the column headings) start, under the title row."""
        return MARGIN + self.header_height


def measure(font: QFont) -> CardMetrics:
    """The card metrics for the widget font ``font``."""
    base = QFont(font)
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
    unit_width = max(168.0, name_metrics.averageCharWidth() * 14 + 2 * PADDING + STRIPE)
    card_height = 2 * PADDING + name_height + value_height + note_height + 2 * LINE_GAP
    return CardMetrics(
        name_font,
        value_font,
        compact_value_font,
        note_font,
        unit_width,
        card_height,
        name_height,
        value_height,
        note_height,
        header_height=note_height + 4,
        ruler_height=note_height + 3 * TICK + 8,
    )


class PaintState(msgspec.Struct, frozen=True):
    """What painting a slot needs beyond the slot: the colours, the selected key, whether the
    timeline has the focus, and who is out of the fight (asked for painted slots only)."""

    colors: ThemeColors
    selected: str | None
    focused: bool
    down: Callable[[str], bool]


def paint_card(
    painter: QPainter, slot: TimelineSlot, rect: QRectF, metrics: CardMetrics, state: PaintState
) -> None:
    """One card, greyed when done or out of the fight (and saying so in its note line)."""
    down = state.down(slot.combatant_id)
    _paint_frame(painter, slot, rect, state, greyed=down or slot.status == SlotStatus.DONE)
    _paint_text(painter, slot, rect, metrics, state.colors, down=down)


def paint_lifted(
    painter: QPainter,
    slot: TimelineSlot,
    rect: QRectF,
    metrics: CardMetrics,
    state: PaintState,
) -> None:
    """The dragged card, lifted over a shadow at ``rect``."""
    shadow = QPainterPath()
    shadow.addRoundedRect(rect.translated(0, 4), RADIUS, RADIUS)
    painter.fillPath(shadow, QColor(0, 0, 0, 60))
    lifted = QPainterPath()
    lifted.addRoundedRect(rect, RADIUS, RADIUS)
    painter.fillPath(lifted, QColor(state.colors.card))
    paint_card(painter, slot, rect, metrics, state)


def paint_hole(painter: QPainter, rect: QRectF, colors: ThemeColors) -> None:
    """The dashed outline left where the dragged slot stood."""
    painter.setPen(QPen(QColor(colors.border), 1.5, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), RADIUS, RADIUS)


def paint_span(painter: QPainter, left: float, right: float, y: float, color: QColor) -> None:
    """The declare → resolve span of a bar: a dot, a line and an arrow head."""
    painter.save()
    painter.setPen(pen(color, 2))
    painter.drawLine(QLineF(left + 4, y, right - 1, y))
    painter.drawLine(QLineF(right - 7, y - 5, right - 1, y))
    painter.drawLine(QLineF(right - 7, y + 5, right - 1, y))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawEllipse(QPointF(left + 4, y), 4, 4)
    painter.restore()


def _paint_frame(
    painter: QPainter, slot: TimelineSlot, rect: QRectF, state: PaintState, *, greyed: bool
) -> None:
    """The card's background, side stripe, state border and selection ring."""
    colors = state.colors
    current = slot.status == SlotStatus.CURRENT
    card = QPainterPath()
    card.addRoundedRect(rect, RADIUS, RADIUS)
    background = colors.card_done if greyed else colors.card
    painter.fillPath(card, QColor(colors.card_current if current else background))
    if slot.kind.set_apart:
        _paint_hatching(painter, card, rect, QColor(colors.border))
    painter.save()
    painter.setClipPath(card)
    stripe = QPainterPath()
    stripe.addRect(QRectF(rect.x(), rect.y(), STRIPE, rect.height()))
    painter.fillPath(stripe, colors.side(slot.side))
    painter.restore()

    highlight = QColor(colors.accent)
    if current:
        border = QPen(highlight, 2.5)
    elif slot.status == SlotStatus.DELAYED:
        border = QPen(QColor(colors.muted_text), 1.5, Qt.PenStyle.DashLine)
    else:
        border = QPen(QColor(colors.edge), 1)
    painter.setPen(border)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = border.widthF() / 2
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), RADIUS, RADIUS)

    if slot.key == state.selected:
        painter.setPen(selection_pen(state))
        painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), RADIUS + 3, RADIUS + 3)


def selection_pen(state: PaintState) -> QPen:
    """The ring around the selected slot: the theme's focus ring, solid, while the timeline has
    the keyboard focus (the arrows start from it); a dotted accent line otherwise."""
    if state.focused:
        return QPen(QColor(state.colors.focus), FOCUS_WIDTH, Qt.PenStyle.SolidLine)
    return QPen(QColor(state.colors.accent), FOCUS_WIDTH, Qt.PenStyle.DotLine)


def _paint_text(
    painter: QPainter,
    slot: TimelineSlot,
    rect: QRectF,
    metrics: CardMetrics,
    colors: ThemeColors,
    *,
    down: bool,
) -> None:
    """The name, the value (with a bar's arrow) and the note line ("Down" first when out)."""
    current = slot.status == SlotStatus.CURRENT
    left = rect.x() + STRIPE + PADDING
    width = rect.right() - PADDING - left
    y = rect.y() + PADDING
    muted = QColor(colors.muted_text)
    align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    elide = Qt.TextElideMode.ElideRight
    greyed = down or slot.status == SlotStatus.DONE

    painter.setFont(metrics.name_font)
    painter.setPen(muted if greyed else QColor(colors.text))
    name = elided_name(QFontMetricsF(metrics.name_font), slot.label, width)
    painter.drawText(QRectF(left, y, width, metrics.name_height), align, name)
    y += metrics.name_height + LINE_GAP

    value_font = metrics.value_font
    if QFontMetricsF(value_font).horizontalAdvance(slot.value_text) > width:
        value_font = metrics.compact_value_font
    value_metrics = QFontMetricsF(value_font)
    value = value_metrics.elidedText(slot.value_text, elide, width)
    painter.setFont(value_font)
    painter.drawText(QRectF(left, y, width, metrics.value_height), align, value)
    if slot.kind.bar:
        span_left = left + value_metrics.horizontalAdvance(value) + 14
        span_right = rect.right() - PADDING - 2
        if span_right - span_left > 30:
            paint_span(painter, span_left, span_right, y + metrics.value_height / 2, muted)
    y += metrics.value_height + LINE_GAP

    accent = QColor(colors.accent) if current else muted
    glyph_size = metrics.note_height * 0.62
    glyph_rect = QRectF(left, y + (metrics.note_height - glyph_size) / 2, glyph_size, glyph_size)
    note_left = left
    if _paint_status_glyph(painter, slot, glyph_rect, accent, down=down):
        note_left += glyph_size + 6
    text = " · ".join(part for part in ("Down" if down else "", note(slot)) if part)
    if text:
        painter.setFont(metrics.note_font)
        painter.setPen(accent)
        note_width = rect.right() - PADDING - note_left
        text = QFontMetricsF(metrics.note_font).elidedText(text, elide, note_width)
        painter.drawText(QRectF(note_left, y, note_width, metrics.note_height), align, text)


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


def _paint_status_glyph(
    painter: QPainter, slot: TimelineSlot, rect: QRectF, color: QColor, *, down: bool
) -> bool:
    """Draw a small vector mark for the slot's state (a cross when out of the fight); tell
    whether one was drawn."""
    painter.save()
    painter.setPen(pen(color, 2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    left, top, size = rect.left(), rect.top(), rect.width()
    drawn = True
    if down:
        painter.drawLine(QLineF(left, top, left + size, top + size))
        painter.drawLine(QLineF(left, top + size, left + size, top))
    elif slot.status == SlotStatus.CURRENT:
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
        painter.drawLine(QLineF(left + size * 0.7, top + size * 0.4, left + size, top + size * 0.7))
        painter.drawLine(QLineF(left + size * 0.7, top + size, left + size, top + size * 0.7))
    else:
        drawn = False
    painter.restore()
    return drawn
