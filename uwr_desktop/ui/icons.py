"""The app's icons: simple line drawings in the palette's text colour, crisp at any pixel ratio.

The SVGs in ``resources/icons`` draw with ``currentColor``; ``icon(name)`` paints them in the
current palette's text colour (the disabled or highlighted one where Qt asks for it), so they
follow a switch between the light and the dark scheme without being fetched again. They are
read into painter paths by :mod:`.icon_shapes`, not through Qt's SVG module.
"""

from functools import lru_cache
from typing import NamedTuple

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QIcon,
    QIconEngine,
    QImage,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPixmap,
)

from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.ui.icon_shapes import read_icon

ICON_NAMES: tuple[str, ...] = (
    "new",
    "open",
    "save",
    "save-as",
    "undo",
    "redo",
    "add-combatant",
    "add-from-library",
    "duplicate",
    "remove",
    "start-fight",
    "next-turn",
    "end-round",
    "dice",
    "damage",
    "condition",
    "export",
)
"""Every icon the app ships, by the name ``icon()`` takes."""

APP_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""The sizes of the app's own icon in ``resources/icons/app`` (``<size>.png``, drawn from
``uwr-desktop.svg``)."""


class _Ink(NamedTuple):
    """What an icon fills, in its own units: its lines' outlines and its filled shapes."""

    lines: QPainterPath
    shapes: QPainterPath
    size: float


_CURVE_STEP = 0.02
"""How closely the lines' outlines follow a curve, in icon units (a 24-unit icon drawn at 96
pixels still shows no corners)."""


@lru_cache(maxsize=len(ICON_NAMES))
def _ink(name: str) -> _Ink:
    path = resource_path("icons", f"{name}.svg")
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        message = f"icon {name!r} cannot be read from {path} ({error})"
        raise FileNotFoundError(message) from error
    drawing = read_icon(source, name)
    # The outline of every line, filled later: the same pixels as a round pen's, without the
    # pen (building PySide's pen and brush types would cost the first frame more than this).
    stroker = QPainterPathStroker()
    stroker.setWidth(drawing.stroke_width)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    stroker.setCurveThreshold(_CURVE_STEP)
    return _Ink(stroker.createStroke(drawing.stroked), drawing.filled, drawing.size)


def _draw(painter: QPainter, name: str, rect: QRectF, color: QColor) -> None:
    """Draw the icon ``name`` in ``color``, scaled to the largest square centred in ``rect``."""
    ink = _ink(name)
    square = _square_in(rect)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(square.topLeft())
    painter.scale(square.width() / ink.size, square.height() / ink.size)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPath(ink.lines)
    painter.drawPath(ink.shapes)
    painter.restore()


@lru_cache(maxsize=1024)
def _image(name: str, width: int, height: int, rgba: int) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    _draw(painter, name, QRectF(0, 0, width, height), QColor.fromRgba(rgba))
    painter.end()
    return image


def _square_in(rect: QRectF) -> QRectF:
    side = min(rect.width(), rect.height())
    return QRectF(
        rect.x() + (rect.width() - side) / 2, rect.y() + (rect.height() - side) / 2, side, side
    )


def _color_for(mode: QIcon.Mode) -> QColor:
    palette = QGuiApplication.palette()
    if mode == QIcon.Mode.Disabled:
        return palette.color(palette.ColorGroup.Disabled, palette.ColorRole.WindowText)
    if mode == QIcon.Mode.Selected:
        return palette.color(palette.ColorRole.HighlightedText)
    return palette.color(palette.ColorRole.WindowText)


class _DrawnIconEngine(QIconEngine):
    """Draws one named icon in the colour the palette gives for the icon's mode."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self._name = name

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        """Render at exactly ``size`` device pixels (Qt asks for the pixel-ratio size)."""
        if size.isEmpty():
            return QPixmap()
        rgba = _color_for(mode).rgba()
        return QPixmap.fromImage(_image(self._name, size.width(), size.height(), rgba))

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        """Draw straight through the painter, so the vector stays sharp at any scale."""
        _draw(painter, self._name, QRectF(rect), _color_for(mode))

    def clone(self) -> QIconEngine:
        """Return an engine drawing the same icon."""
        return _DrawnIconEngine(self._name)

    def iconName(self) -> str:  # noqa: N802 (Qt override)
        """Return the icon's name, as ``icon()`` takes it."""
        return self._name


_icons: dict[str, QIcon] = {}


def icon(name: str) -> QIcon:
    """Return the app icon called ``name`` (one of ``ICON_NAMES``).

    Raises ``ValueError`` for a name the app does not ship. The icon's file is read when the
    icon is first drawn (the first frame draws only the tool bar's), and a missing or broken
    one raises ``FileNotFoundError`` or ``ValueError`` then.
    """
    cached = _icons.get(name)
    if cached is not None:
        return cached
    if name not in ICON_NAMES:
        raise ValueError(f"unknown icon {name!r}; the icons are: {', '.join(ICON_NAMES)}")
    made = QIcon(_DrawnIconEngine(name))
    _icons[name] = made
    return made


def app_icon() -> QIcon:
    """The app's own icon, for its windows: a PNG a size, each read when a size is first asked
    for (the desktop's title bar and task bar ask for a few)."""
    made = QIcon()
    for size in APP_ICON_SIZES:
        made.addFile(str(resource_path("icons", "app", f"{size}.png")), QSize(size, size))
    return made
