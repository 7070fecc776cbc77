"""The app's icons: simple SVGs drawn in the palette's text colour, crisp at any pixel ratio.

The SVGs in ``resources/icons`` draw with ``currentColor``; ``icon(name)`` paints them in the
current palette's text colour (the disabled or highlighted one where Qt asks for it), so they
follow a switch between the light and the dark scheme without being fetched again.
"""

from functools import lru_cache

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QIconEngine, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from uwr_desktop.core.resource_files import resource_path

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

_CURRENT_COLOR = b"currentColor"


@lru_cache(maxsize=len(ICON_NAMES))
def _svg_source(name: str) -> bytes:
    path = resource_path("icons", f"{name}.svg")
    try:
        source = path.read_bytes()
    except OSError as error:
        raise FileNotFoundError(
            f"icon {name!r} is missing: cannot read {path} ({error})"
        ) from error
    return source


@lru_cache(maxsize=256)
def _renderer(name: str, rgba: int) -> QSvgRenderer:
    color = QColor.fromRgba(rgba).name(QColor.NameFormat.HexRgb)
    return QSvgRenderer(QByteArray(_svg_source(name).replace(_CURRENT_COLOR, color.encode())))


@lru_cache(maxsize=1024)
def _image(name: str, width: int, height: int, rgba: int) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    _renderer(name, rgba).render(painter, _square_in(QRectF(0, 0, width, height)))
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


class _SvgIconEngine(QIconEngine):
    """Draws one named SVG in the colour the palette gives for the icon's mode."""

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
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        _renderer(self._name, _color_for(mode).rgba()).render(painter, _square_in(QRectF(rect)))
        painter.restore()

    def clone(self) -> QIconEngine:
        """Return an engine drawing the same icon."""
        return _SvgIconEngine(self._name)

    def iconName(self) -> str:  # noqa: N802 (Qt override)
        """Return the icon's name, as ``icon()`` takes it."""
        return self._name


_icons: dict[str, QIcon] = {}


def icon(name: str) -> QIcon:
    """Return the app icon called ``name`` (one of ``ICON_NAMES``).

    Raises ``ValueError`` for a name the app does not ship, and ``FileNotFoundError`` or
    ``ValueError`` when a shipped icon's file is missing or broken.
    """
    cached = _icons.get(name)
    if cached is not None:
        return cached
    if name not in ICON_NAMES:
        raise ValueError(f"unknown icon {name!r}; the icons are: {', '.join(ICON_NAMES)}")
    # Parsed once here, in the colour the icon is first drawn in: the check reuses that drawing's
    # renderer instead of parsing the file a second time.
    if not _renderer(name, _color_for(QIcon.Mode.Normal).rgba()).isValid():
        path = resource_path("icons", f"{name}.svg")
        raise ValueError(f"icon {name!r} at {path} is not a valid SVG file")
    made = QIcon(_SvgIconEngine(name))
    _icons[name] = made
    return made
