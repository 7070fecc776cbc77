"""The app's look: Fusion style, a light and a dark palette, side colours and a readable font.

``apply_theme(app)`` follows the system's light or dark scheme and switches live when it
changes. The colours are exposed (``theme_colors``, ``side_color``) so the combatant table, the
timeline and anything else draw with the same ones. The edges and the focus ring the theme
draws over Fusion's are :mod:`uwr_desktop.ui.theme_style`'s; at start they come right after
the window's first frame (:func:`create_themed_application`), as they change no size.
"""

from enum import StrEnum

import msgspec
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from uwr_desktop.core.sides import Side

BASE_FONT_POINT_SIZE = 11.0
"""The smallest base font size the theme sets (it also adds a point to the system's size)."""

STYLE_NAME = "Fusion"
"""The widget style of the app, the same on every platform."""

ZOOM_STEPS = (80, 90, 100, 110, 125, 150, 175, 200)
"""The text sizes View ▸ Zoom In and Zoom Out step through, in percent of the base size."""

_BASE_SIZE = "uwrBaseFontSize"


class Scheme(StrEnum):
    """A colour scheme."""

    LIGHT = "light"
    DARK = "dark"


class ThemeColors(msgspec.Struct, frozen=True):
    """The named colours of one scheme, as ``#rrggbb`` strings.

    ``accent`` marks what needs the eye (the acting card, a drop place) on cards and windows;
    ``card`` and ``card_current`` are the backgrounds of timeline cards, ``card_done`` of the
    cards of those who acted or are out of the fight (their words in ``muted_text``);
    ``border`` draws light dividers, ``edge`` the edges of fields, buttons, cards and dice,
    ``focus`` the ring around what has the keyboard focus; ``condition`` is the background
    of a condition's chip in the table (under ``text``); ``problem`` writes why something was
    refused; ``sides`` holds the side colours.
    Every text colour reads at 4.5:1 and every edge and mark at 3:1 on the backgrounds it is
    drawn on (``tests/ui/test_contrast.py``).
    """

    window: str
    window_text: str
    base: str
    alternate_base: str
    text: str
    muted_text: str
    button: str
    button_text: str
    highlight: str
    highlighted_text: str
    accent: str
    link: str
    tooltip_base: str
    tooltip_text: str
    border: str
    edge: str
    focus: str
    card: str
    card_current: str
    card_done: str
    condition: str
    disabled_text: str
    problem: str
    sides: dict[Side, str]

    def side(self, side: Side) -> QColor:
        """Return the colour marking ``side`` in this scheme."""
        return QColor(self.sides[side])


_ROLE_COLORS: dict[str, tuple[str, str]] = {
    # role: (light, dark)
    "window": ("#eef0f3", "#1f2227"),
    "window_text": ("#1b1f24", "#e6e8eb"),
    "base": ("#ffffff", "#16181c"),
    "alternate_base": ("#f5f6f8", "#1c1f24"),
    "text": ("#1b1f24", "#e6e8eb"),
    "muted_text": ("#5b636e", "#a3aab3"),
    "button": ("#e4e7eb", "#2b2f36"),
    "button_text": ("#1b1f24", "#e6e8eb"),
    "highlight": ("#2f6fd6", "#3572d9"),
    "highlighted_text": ("#ffffff", "#ffffff"),
    "accent": ("#2a66cc", "#78aefc"),
    "link": ("#1f5fbf", "#7fb0ff"),
    "tooltip_base": ("#fffef2", "#2b2f36"),
    "tooltip_text": ("#1b1f24", "#e6e8eb"),
    "border": ("#c3c8cf", "#444a53"),
    "edge": ("#767e89", "#80868f"),
    "focus": ("#1f5fbf", "#78aefc"),
    "card": ("#ffffff", "#2a2e35"),
    "card_current": ("#e8f0fd", "#26364f"),
    "card_done": ("#e9ecef", "#22252a"),
    "condition": ("#f3d9a4", "#5c4514"),
    "disabled_text": ("#9aa1ab", "#6b727c"),
    "problem": ("#b00020", "#ff8a80"),
}
"""Each named colour of :class:`ThemeColors` in the light and the dark scheme."""

_SIDE_COLORS: dict[Side, tuple[str, str]] = {
    Side.PLAYER: ("#1f5fbf", "#6aa6ff"),
    Side.ALLY: ("#1c7a4a", "#4cc38a"),
    Side.NEUTRAL: ("#8a6100", "#e0b64a"),
    Side.ENEMY: ("#c1272d", "#ff6b6b"),
}
"""Each side's colour in the light and the dark scheme."""


_COLORS = {
    scheme: ThemeColors(
        **{role: pair[which] for role, pair in _ROLE_COLORS.items()},
        sides={side: pair[which] for side, pair in _SIDE_COLORS.items()},
    )
    for which, scheme in enumerate((Scheme.LIGHT, Scheme.DARK))
}


def theme_colors(scheme: Scheme | None = None) -> ThemeColors:
    """Return the colours of ``scheme``; by default of the scheme the application shows now."""
    return _COLORS[scheme if scheme is not None else active_scheme()]


def side_color(side: Side, scheme: Scheme | None = None) -> QColor:
    """Return the colour marking ``side``, readable on the backgrounds of ``scheme``.

    By default the scheme is the one the application shows now.
    """
    return theme_colors(scheme).side(side)


def problem_palette(widget: QWidget) -> QPalette:
    """``widget``'s palette with its words in the colour of a problem of its scheme."""
    palette = QPalette(widget.palette())
    colour = theme_colors(scheme_for_palette(palette)).problem
    palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
    return palette


def scheme_for_palette(palette: QPalette) -> Scheme:
    """Tell whether ``palette`` is a dark or a light one, from its window colour."""
    return (
        Scheme.DARK if palette.color(QPalette.ColorRole.Window).lightness() < 128 else Scheme.LIGHT
    )


def active_scheme() -> Scheme:
    """Return the scheme of the application's palette (light when there is no application)."""
    if QGuiApplication.instance() is None:
        return Scheme.LIGHT
    return scheme_for_palette(QGuiApplication.palette())


def system_scheme() -> Scheme:
    """Return the scheme the operating system asks for; light when it does not say."""
    if QGuiApplication.instance() is None:
        return Scheme.LIGHT
    return _scheme_for_hint(QGuiApplication.styleHints().colorScheme())


def _scheme_for_hint(hint: Qt.ColorScheme) -> Scheme:
    return Scheme.DARK if hint == Qt.ColorScheme.Dark else Scheme.LIGHT


def build_palette(scheme: Scheme) -> QPalette:
    """Return the Fusion palette of ``scheme``, disabled colours included."""
    colors = _COLORS[scheme]
    role = QPalette.ColorRole
    group = QPalette.ColorGroup
    palette = QPalette()
    for color_role, value in (
        (role.Window, colors.window),
        (role.WindowText, colors.window_text),
        (role.Base, colors.base),
        (role.AlternateBase, colors.alternate_base),
        (role.Text, colors.text),
        (role.PlaceholderText, colors.muted_text),
        (role.Button, colors.button),
        (role.ButtonText, colors.button_text),
        (role.BrightText, "#ffffff"),
        (role.Highlight, colors.highlight),
        (role.HighlightedText, colors.highlighted_text),
        (role.Link, colors.link),
        (role.LinkVisited, colors.link),
        (role.ToolTipBase, colors.tooltip_base),
        (role.ToolTipText, colors.tooltip_text),
        (role.Mid, colors.border),
        (role.Midlight, colors.alternate_base),
        (role.Light, colors.base),
        (role.Dark, colors.border),
        (role.Shadow, "#000000"),
    ):
        palette.setColor(color_role, QColor(value))
    for disabled_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, disabled_role, QColor(colors.disabled_text))
    palette.setColor(group.Disabled, role.Highlight, QColor(colors.border))
    palette.setColor(group.Disabled, role.HighlightedText, QColor(colors.disabled_text))
    palette.setColor(group.Inactive, role.Highlight, QColor(colors.highlight))
    palette.setColor(group.Inactive, role.HighlightedText, QColor(colors.highlighted_text))
    return palette


FOCUS_WIDTH = 2.0
"""How wide the focus ring is, in pixels."""


class ThemeController(QObject):
    """Keeps the application's palette in step with the chosen or the system's scheme.

    ``schemeChanged(str)`` is emitted with the new scheme's value after the palette changed.
    """

    schemeChanged = Signal(str)  # noqa: N815 (Qt signal naming)

    def __init__(self, app: QApplication, *, style_later: bool = False) -> None:
        """Take charge of ``app``'s style, palette and base font; with ``style_later`` the
        theme's edges and focus ring wait for :meth:`install_style`."""
        super().__init__(app)
        self.setObjectName("themeController")
        self._app = app
        self._override: Scheme | None = None
        self._system = system_scheme()
        self._scheme = self._system
        self._styled = False
        base_font = QFont(app.font())
        if base_font.pointSizeF() > 0:
            base_font.setPointSizeF(max(base_font.pointSizeF() + 1, BASE_FONT_POINT_SIZE))
            app.setFont(base_font)
        self.base_point_size = base_font.pointSizeF()
        """The text size the theme gives the application, before any zoom."""
        if not style_later:
            self.install_style()
        app.setPalette(build_palette(self._scheme))
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._follow_system)

    @property
    def styled(self) -> bool:
        """Whether the theme's edges and focus ring are drawn."""
        return self._styled

    def install_style(self) -> None:
        """Draw the theme's edges and focus ring over Fusion's (once; again changes nothing).

        Imported here: the style's first use builds PySide's types of every style option and
        its enums, a tenth of a start, which the first frame does without."""
        if self._styled:
            return
        from uwr_desktop.ui.theme_style import ThemeStyle

        self._styled = True
        self._app.setStyle(ThemeStyle())

    @property
    def scheme(self) -> Scheme:
        """The scheme shown now."""
        return self._scheme

    @property
    def follows_system(self) -> bool:
        """Whether the scheme follows the operating system's."""
        return self._override is None

    def set_scheme(self, scheme: Scheme | None) -> None:
        """Show ``scheme`` whatever the system says; ``None`` follows the system again."""
        self._override = scheme
        self._refresh()

    def _follow_system(self, hint: Qt.ColorScheme) -> None:
        self._system = _scheme_for_hint(hint)
        self._refresh()

    def _refresh(self) -> None:
        scheme = self._override if self._override is not None else self._system
        if scheme == self._scheme:
            return
        self._scheme = scheme
        self._app.setPalette(build_palette(scheme))
        self.schemeChanged.emit(scheme.value)


def apply_theme(app: QApplication, scheme: Scheme | None = None) -> ThemeController:
    """Give ``app`` the UWR Desktop look and return the controller keeping it up to date.

    With no ``scheme`` the look follows the system's light or dark setting, live. The
    controller is a child of ``app``; calling this again returns the same controller.
    """
    controller = app.findChild(ThemeController, "themeController")
    if controller is None:
        controller = ThemeController(app)
    controller.set_scheme(scheme)
    return controller


def zoom_step(percent: int, steps: int) -> int:
    """The zoom ``steps`` places along :data:`ZOOM_STEPS` from ``percent`` (kept in range)."""
    nearest = min(range(len(ZOOM_STEPS)), key=lambda i: abs(ZOOM_STEPS[i] - percent))
    return ZOOM_STEPS[max(0, min(len(ZOOM_STEPS) - 1, nearest + steps))]


def set_zoom(app: QApplication, percent: int) -> None:
    """Show the application's text at ``percent`` of its base size: every widget that takes
    the application's font (the table's rows, the timeline's cards, the docks) grows with it.

    The base size is the one the theme set, or without the theme the application's size when
    first zoomed.
    """
    controller = app.findChild(ThemeController, "themeController")
    base = controller.base_point_size if controller is not None else app.property(_BASE_SIZE)
    if not isinstance(base, float):
        base = app.font().pointSizeF()
        app.setProperty(_BASE_SIZE, base)
    if base <= 0:
        return
    font = QFont(app.font())
    font.setPointSizeF(base * percent / 100)
    if font.pointSizeF() != app.font().pointSizeF():
        app.setFont(font)


def create_themed_application(argv: list[str], *, style_later: bool = False) -> QApplication:
    """Create the QApplication with the look :func:`apply_theme` gives, following the system;
    with ``style_later`` the theme's edges and focus ring wait for :func:`install_theme_style`
    (the start paints its first frame with Fusion's, the same sizes).

    Qt's ``-style`` option spares building the platform's own style before the theme's.
    """
    app = QApplication([*argv, "-style", STYLE_NAME])
    ThemeController(app, style_later=style_later).set_scheme(None)
    return app


def install_theme_style() -> None:
    """Draw the theme's edges and focus ring now, if the application's theme waited for it."""
    app = QApplication.instance()
    controller = app.findChild(ThemeController, "themeController") if app is not None else None
    if controller is not None:
        controller.install_style()
