"""Painting the lanes: a bar or a mark with its label, a lane's heading, the count ruler and
the line of the value now. Geometry comes from :mod:`.lanes`; nothing here knows a rule."""

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from uwr_desktop.core.timeline import Lane, SlotStatus, TimelineSlot
from uwr_desktop.ui.theme import ThemeColors
from uwr_desktop.ui.timeline import cards
from uwr_desktop.ui.timeline.cards import PaintState, selection_pen
from uwr_desktop.ui.timeline.lane_fit import LABEL_PAD
from uwr_desktop.ui.widgets.name_elide import elided_name

MARK = 5.0
"""Half the width of a mark (a diamond)."""
BAR_FILL_ALPHA = 70
"""How strongly a bar is tinted with its side's colour (0 to 255); a done bar is hollow."""

_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_CENTRE = Qt.AlignmentFlag.AlignCenter


def paint_text(painter: QPainter, rect: QRectF, text: str, font: QFont, color: QColor) -> None:
    """``text`` left in ``rect``, elided to its width."""
    shown = elided_name(QFontMetricsF(font), text, rect.width())
    painter.setFont(font)
    painter.setPen(color)
    painter.drawText(rect, _LEFT, shown)


def paint_item(
    painter: QPainter,
    slot: TimelineSlot,
    body: QRectF,
    label: QRectF | None,
    *,
    font: QFont,
    state: PaintState,
    open_end: bool = False,
) -> None:
    """A bar filling ``body`` (a mark centred in it when not a bar) and its label in
    ``label`` (``None``: none); done or out of the fight, the bar is hollow and the label grey
    (still 4.5:1), "✕" before the name of one out; ``open_end``: the bar goes on past the
    axis."""
    colors = state.colors
    painter.save()
    down = state.down(slot.combatant_id)
    faded = slot.status == SlotStatus.DONE or down
    side = colors.side(slot.side)
    if slot.kind.bar:
        _paint_bar(painter, slot, body, colors, side, open_end=open_end, hollow=faded)
    else:
        _paint_mark(painter, slot, body, colors, side)
    if slot.key == state.selected:
        painter.setPen(selection_pen(state))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(body.adjusted(-3, -3, 3, 3), 6, 6)
    if label is not None:
        inner = label.adjusted(LABEL_PAD, 0, -LABEL_PAD / 2, 0)
        text = slot.caption or slot.label
        ink = QColor(colors.muted_text if faded else colors.text)
        paint_text(painter, inner, f"✕ {text}" if down else text, font, ink)
    painter.restore()


def _paint_bar(
    painter: QPainter,
    slot: TimelineSlot,
    body: QRectF,
    colors: ThemeColors,
    side: QColor,
    *,
    open_end: bool,
    hollow: bool,
) -> None:
    fill = QColor(side)
    fill.setAlpha(0 if hollow else BAR_FILL_ALPHA)
    path = QPainterPath()
    path.addRoundedRect(body, 4, 4)
    painter.fillPath(path, fill)
    stripe = QRectF(body.left(), body.top(), 4, body.height())
    painter.fillRect(stripe, side)
    if slot.status == SlotStatus.CURRENT:
        border = QPen(QColor(colors.accent), 2.5)
    elif slot.status == SlotStatus.DELAYED:
        border = QPen(QColor(colors.muted_text), 1.5, Qt.PenStyle.DashLine)
    else:
        border = QPen(side, 1)
    painter.setPen(border)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(body, 4, 4)
    # The resolve end: an arrow head, open when the action goes on past the axis.
    x, y = body.right(), body.center().y()
    painter.setPen(cards.pen(side, 2))
    if open_end:
        painter.drawLine(QLineF(x - 8, y - 5, x - 2, y))
        painter.drawLine(QLineF(x - 8, y + 5, x - 2, y))
    else:
        painter.drawLine(QLineF(x, body.top() - 2, x, body.bottom() + 2))


def _paint_mark(
    painter: QPainter, slot: TimelineSlot, body: QRectF, colors: ThemeColors, side: QColor
) -> None:
    centre = body.center()
    diamond = QPainterPath(QPointF(centre.x(), centre.y() - MARK))
    diamond.lineTo(centre.x() + MARK, centre.y())
    diamond.lineTo(centre.x(), centre.y() + MARK)
    diamond.lineTo(centre.x() - MARK, centre.y())
    diamond.closeSubpath()
    painter.fillPath(diamond, side)
    if slot.status == SlotStatus.CURRENT:
        painter.setPen(QPen(QColor(colors.accent), 2.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, MARK + 3, MARK + 3)


def paint_heading(
    painter: QPainter, lane: Lane, rect: QRectF, fonts: tuple[QFont, QFont], colors: ThemeColors
) -> None:
    """A lane's heading at ``rect``: the side's stripe, the name with its tag at the right,
    and its note under them."""
    name_font, note_font = fonts
    stripe = QRectF(rect.left(), rect.top() + 2, 4, rect.height() - 4)
    painter.fillRect(stripe, colors.side(lane.side))
    half = rect.height() / 2 if lane.note else rect.height()
    text = rect.adjusted(10, 0, -4, 0)
    muted = QColor(colors.muted_text)
    tag_width = QFontMetricsF(note_font).horizontalAdvance(lane.tag) + 6 if lane.tag else 0.0
    name = QRectF(text.left(), text.top(), text.width() - tag_width, half)
    paint_text(painter, name, lane.label, name_font, QColor(colors.text))
    if lane.tag:
        tag = QRectF(text.right() - tag_width, text.top(), tag_width, half)
        painter.setFont(note_font)
        painter.setPen(muted)
        painter.drawText(tag, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, lane.tag)
    if lane.note:
        note = QRectF(text.left(), text.top() + half, text.width(), half)
        paint_text(painter, note, lane.note, note_font, muted)


def paint_tick(painter: QPainter, x: float, rect: QRectF, text: str, color: QColor) -> None:
    """A count's tick at ``x`` with its number in ``rect``."""
    painter.setPen(cards.pen(color, 1))
    painter.drawLine(QLineF(x, rect.bottom(), x, rect.bottom() + cards.TICK))
    painter.drawText(rect, _CENTRE, text)


def paint_now(
    painter: QPainter, pill: QRectF, bottom: float, text: str, colors: ThemeColors
) -> None:
    """The value now: a line from ``pill`` (holding ``text``) down to ``bottom``."""
    accent = QColor(colors.accent)
    x = pill.center().x()
    painter.setPen(cards.pen(accent, 2))
    painter.drawLine(QLineF(x, pill.bottom(), x, bottom))
    path = QPainterPath()
    path.addRoundedRect(pill, pill.height() / 2, pill.height() / 2)
    painter.fillPath(path, accent)
    painter.setPen(QColor(colors.card))
    painter.drawText(pill, _CENTRE, text)
