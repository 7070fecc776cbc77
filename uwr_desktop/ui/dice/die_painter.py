"""How one die is painted: its outline by number of sides, its colours by what it counts for,
its pips or number, and the caption under it once it settles."""

import math

import msgspec
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

from uwr_desktop.ui.dice.shown_die import CAPTION_HEIGHT, DIE_SIZE, GAP, ShownDie
from uwr_desktop.ui.theme import FOCUS_WIDTH, scheme_for_palette, theme_colors

_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def colours(
    palette: QPalette, die: ShownDie, settled: bool
) -> tuple[QColor, QColor, QColor | None]:
    """A die's body, ink and ring: highlighted and ringed when it counts (a success, kept),
    hollow (the tray's own background, grey ink that still reads at 4.5:1) when it does not,
    plain while it tumbles."""
    button = palette.color(QPalette.ColorRole.Button)
    button_text = palette.color(QPalette.ColorRole.ButtonText)
    highlight = palette.color(QPalette.ColorRole.Highlight)
    highlighted_text = palette.color(QPalette.ColorRole.HighlightedText)
    if not settled:
        return button, button_text, None
    if die.success is True or die.kept is True:
        return highlight, highlighted_text, highlight
    if die.success is False or die.kept is False:
        muted = theme_colors(scheme_for_palette(palette)).muted_text
        return palette.color(QPalette.ColorRole.Window), QColor(muted), None
    return button, button_text, None


def edge(palette: QPalette) -> QColor:
    """The colour of a die's edge: 3:1 against the tray, so a hollow die keeps its shape."""
    return QColor(theme_colors(scheme_for_palette(palette)).edge)


_FACE_POINTS = 15.0
"""The size of a face's number, when it fits."""
_TWO_LINE_POINTS = 10.0
"""Below this size a chain of faces goes on two lines, each at most this size."""
_SMALLEST_FACE_POINTS = 5.0
_FACE_ROOM = {10: 0.62, 0: 0.7}
"""How much of a die's width its number may take: a d10's kite narrows above and below its
waist; other dice (key 0) have more room."""


def outline(sides: int, rect: QRectF) -> QPainterPath:
    """A die's shape in ``rect``: a rounded square (d6), a kite (d10), a hexagon (others)."""
    path = QPainterPath()
    if sides == 6:
        path.addRoundedRect(rect, rect.width() * 0.18, rect.width() * 0.18)
        return path
    cx = rect.center().x()
    if sides == 10:
        waist = rect.top() + rect.height() * 0.58
        path.addPolygon(
            QPolygonF(
                [
                    QPointF(cx, rect.top()),
                    QPointF(rect.right(), waist),
                    QPointF(cx, rect.bottom()),
                    QPointF(rect.left(), waist),
                    QPointF(cx, rect.top()),
                ]
            )
        )
        return path
    cy = rect.center().y()
    radius = rect.width() / 2.0
    corners = [
        QPointF(
            cx + radius * math.cos(math.radians(60 * k - 90)),
            cy + radius * math.sin(math.radians(60 * k - 90)),
        )
        for k in range(7)
    ]
    path.addPolygon(QPolygonF(corners))
    return path


def _fitted_points(font: QFont, text: str, room: float, largest: float) -> float:
    """The point size, up to ``largest``, at which ``text`` in ``font`` is ``room`` wide."""
    sized = QFont(font)
    sized.setPointSizeF(largest)
    advance = QFontMetricsF(sized).horizontalAdvance(text)
    if advance <= room:
        return largest
    return max(_SMALLEST_FACE_POINTS, largest * room / advance)


def paint_pips(painter: QPainter, ink: QColor, face: int, rect: QRectF) -> None:
    """A d6's face as pips."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ink)
    step = rect.width() * 0.27
    radius = rect.width() * 0.085
    origin = rect.center() - QPointF(step, step)
    for column, row in _PIPS[face]:
        painter.drawEllipse(origin + QPointF(column * step, row * step), radius, radius)


def paint_number(
    painter: QPainter, ink: QColor, label: str, sides: int, rect: QRectF, *, base_font: QFont
) -> None:
    """A die's face as a number (a d10's chain, any die but a d6), with its kind under it."""
    font = QFont(base_font)
    font.setBold(True)
    room = rect.width() * _FACE_ROOM.get(sides, _FACE_ROOM[0])
    size = _fitted_points(font, label, room, _FACE_POINTS)
    if size < _TWO_LINE_POINTS and "+" in label:
        # A long chain ("10+10+10+7") reads better on two lines than in tiny type.
        cut = min(
            (i for i, char in enumerate(label) if char == "+" and i),
            key=lambda i: (abs(2 * i - len(label)), -i),
            default=0,
        )
        if cut:
            label = f"{label[:cut]}\n{label[cut:]}"
            longer = max(label.split("\n"), key=len)
            size = _fitted_points(font, longer, room, _TWO_LINE_POINTS)
    font.setPointSizeF(size)
    painter.setFont(font)
    painter.setPen(ink)
    text_rect = QRectF(rect)
    if sides == 10:
        text_rect.setTop(rect.top() + rect.height() * 0.2)
    painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, label)
    if sides not in (6, 10):
        small = QFont(base_font)
        small.setPointSizeF(6.5)
        painter.setFont(small)
        painter.drawText(
            rect.adjusted(0, 0, 0, -4),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
            f"d{sides}",
        )


def paint_caption(
    painter: QPainter, palette: QPalette, die: ShownDie, rect: QRectF, base_font: QFont
) -> None:
    """What happened to a settled die, under it: rerolled from a face, kept."""
    words: list[str] = []
    if die.rerolled:
        words.append(f"↻ was {die.first_face}")
    if die.kept is True:
        words.append("kept")
    if not words:
        return
    font = QFont(base_font)
    font.setPointSizeF(max(6.5, font.pointSizeF() * 0.8))
    painter.setFont(font)
    painter.setPen(palette.color(QPalette.ColorRole.WindowText))
    caption = QRectF(rect.left() - GAP / 2, rect.bottom() + 3, rect.width() + GAP, CAPTION_HEIGHT)
    painter.drawText(caption, Qt.AlignmentFlag.AlignCenter, " ".join(words))


class Pose(msgspec.Struct, frozen=True):
    """How a die stands as it is painted: the face it shows (``label``), turned by ``angle``
    degrees and lifted by ``lift`` pixels while it tumbles; ``settled`` once at rest."""

    label: str
    angle: float
    lift: float
    settled: bool


def paint_die(
    painter: QPainter, palette: QPalette, die: ShownDie, rect: QRectF, pose: Pose, *, font: QFont
) -> None:
    """Paint ``die`` in ``rect`` as ``pose`` has it: body, outline (dashed where it may be
    rerolled), its mark ring, the face, and once settled its caption."""
    body, ink, ring = colours(palette, die, pose.settled)
    painter.save()
    painter.translate(rect.center() + QPointF(0.0, -pose.lift))
    painter.rotate(pose.angle)
    half = DIE_SIZE / 2.0
    local = QRectF(-half, -half, DIE_SIZE, DIE_SIZE)
    if ring is not None:
        painter.setPen(QPen(ring, 3.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(outline(die.sides, local.adjusted(-4, -4, 4, 4)))
    pen = QPen(edge(palette), 1.5)
    if pose.settled and die.rerollable:
        pen = QPen(palette.color(QPalette.ColorRole.Highlight), 1.5, Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(body)
    painter.drawPath(outline(die.sides, local))
    label = pose.label
    if die.sides == 6 and label.isdigit() and 1 <= int(label) <= 6:
        paint_pips(painter, ink, int(label), local)
    else:
        paint_number(painter, ink, label, die.sides, local, base_font=font)
    painter.restore()
    if pose.settled:
        paint_caption(painter, palette, die, rect, font)


def paint_focus_ring(widget: QWidget, rect: QRectF) -> None:
    """The theme's focus ring (:data:`FOCUS_WIDTH` wide, in its focus colour) around ``rect``
    of ``widget``, painted over what the widget has drawn."""
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(theme_colors(scheme_for_palette(widget.palette())).focus)
    painter.setPen(QPen(colour, FOCUS_WIDTH))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect, 3, 3)
    painter.end()
