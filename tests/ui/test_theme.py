"""The app's look: light and dark palettes, side colours, the live scheme switch, the icons."""

import os
import re
import subprocess
import sys
from itertools import combinations

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QImage, QPainter, QPalette

from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.icons import ICON_NAMES, icon
from uwr_desktop.ui.theme import (
    BASE_FONT_POINT_SIZE,
    Scheme,
    ThemeController,
    active_scheme,
    apply_theme,
    build_palette,
    install_theme_style,
    scheme_for_palette,
    side_color,
    theme_colors,
)
from uwr_desktop.ui.theme_style import ThemeStyle
from uwr_desktop.ui.widgets.dialog_parts import problem_label, say_problem

APP_ICON = "uwr-desktop"


def _luminance(color: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(color.redF())
        + 0.7152 * channel(color.greenF())
        + 0.0722 * channel(color.blueF())
    )


def _contrast(first: QColor, second: QColor) -> float:
    high, low = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", list(Scheme))
def test_each_palette_reads_well(scheme):
    palette = build_palette(scheme)
    role = QPalette.ColorRole
    assert scheme_for_palette(palette) == scheme
    for text, background in (
        (role.WindowText, role.Window),
        (role.Text, role.Base),
        (role.ButtonText, role.Button),
        (role.HighlightedText, role.Highlight),
        (role.ToolTipText, role.ToolTipBase),
    ):
        ratio = _contrast(palette.color(text), palette.color(background))
        assert ratio >= 4.5, f"{text.name} on {background.name}: {ratio:.2f}"
    disabled = palette.color(QPalette.ColorGroup.Disabled, role.Text)
    assert disabled != palette.color(role.Text)


def test_the_dark_palette_is_dark_and_the_light_one_light():
    window = QPalette.ColorRole.Window
    assert build_palette(Scheme.LIGHT).color(window).lightness() > 200
    assert build_palette(Scheme.DARK).color(window).lightness() < 60


@pytest.mark.parametrize("scheme", list(Scheme))
def test_side_colours_stand_out_on_every_background_of_the_scheme(scheme):
    colors = theme_colors(scheme)
    for side in Side:
        colour = side_color(side, scheme)
        for background in (colors.window, colors.base, colors.card, colors.card_current):
            ratio = _contrast(colour, QColor(background))
            assert ratio >= 3.0, f"{side} on {background} in {scheme}: {ratio:.2f}"


@pytest.mark.parametrize("scheme", list(Scheme))
def test_the_accent_and_the_card_text_stand_out_on_cards(scheme):
    colors = theme_colors(scheme)
    for background in (colors.window, colors.card, colors.card_current):
        assert _contrast(QColor(colors.accent), QColor(background)) >= 3.0, background
        assert _contrast(QColor(colors.text), QColor(background)) >= 7.0, background
        assert _contrast(QColor(colors.muted_text), QColor(background)) >= 4.5, background


@pytest.mark.parametrize("scheme", list(Scheme))
def test_the_sides_are_told_apart_by_hue(scheme):
    for first, second in combinations(Side, 2):
        hue_a, hue_b = side_color(first, scheme).hue(), side_color(second, scheme).hue()
        distance = min(abs(hue_a - hue_b), 360 - abs(hue_a - hue_b))
        assert distance >= 30, f"{first} and {second} look alike in {scheme}"


def test_apply_theme_sets_fusion_the_palette_and_a_larger_font(themed_app):
    before = themed_app.font().pointSizeF()
    controller = apply_theme(themed_app, Scheme.DARK)
    assert isinstance(themed_app.style(), ThemeStyle)
    assert themed_app.style().baseStyle().name().lower() == "fusion"
    assert controller.scheme == Scheme.DARK
    assert not controller.follows_system
    window = themed_app.palette().color(QPalette.ColorRole.Window)
    assert window == QColor(theme_colors(Scheme.DARK).window)
    assert active_scheme() == Scheme.DARK
    assert side_color(Side.ENEMY) == side_color(Side.ENEMY, Scheme.DARK)
    themed = themed_app.font().pointSizeF()
    assert themed >= max(before + 1, BASE_FONT_POINT_SIZE)
    assert apply_theme(themed_app, Scheme.LIGHT) is controller
    assert themed_app.font().pointSizeF() == themed, "applying again does not grow the font"


def test_the_style_may_wait_and_comes_once_with_the_palette_kept(themed_app):
    themed_app.setStyle("Fusion")
    controller = ThemeController(themed_app, style_later=True)
    controller.set_scheme(Scheme.DARK)
    assert not isinstance(themed_app.style(), ThemeStyle) and not controller.styled
    dark = build_palette(Scheme.DARK)
    assert themed_app.palette() == dark, "the colours do not wait"
    install_theme_style()
    style = themed_app.style()
    assert isinstance(style, ThemeStyle) and controller.styled
    assert themed_app.palette() == dark
    install_theme_style()
    assert themed_app.style() is style, "installed once"


def test_a_themed_application_starts_in_fusion_with_the_palette_and_font():
    script = (
        "from PySide6.QtGui import QPalette\n"
        "from uwr_desktop.ui.theme import (BASE_FONT_POINT_SIZE, ThemeController,"
        " create_themed_application, theme_colors)\n"
        "app = create_themed_application(['uwr-desktop'])\n"
        "controller = app.findChild(ThemeController, 'themeController')\n"
        "print(app.style().baseStyle().name().lower())\n"
        "print(controller.follows_system)\n"
        "print(app.palette().color(QPalette.ColorRole.Window).name()"
        " == theme_colors(controller.scheme).window)\n"
        "print(app.font().pointSizeF() >= BASE_FONT_POINT_SIZE)\n"
    )
    # Without the theme this environment would give the Windows style.
    env = {**os.environ, "QT_STYLE_OVERRIDE": "Windows"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=env,
    )
    assert done.stdout.split() == ["fusion", "True", "True", "True"]


def test_the_theme_follows_the_system_scheme_live(qtbot, themed_app):
    controller = apply_theme(themed_app)
    assert controller.follows_system
    hints = QGuiApplication.styleHints()
    with qtbot.waitSignal(controller.schemeChanged, timeout=1000) as switched:
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert switched.args == ["dark"]
    assert scheme_for_palette(themed_app.palette()) == Scheme.DARK
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert scheme_for_palette(themed_app.palette()) == Scheme.LIGHT


def test_a_chosen_scheme_ignores_the_system_until_released(themed_app):
    controller = apply_theme(themed_app, Scheme.LIGHT)
    hints = QGuiApplication.styleHints()
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert controller.scheme == Scheme.LIGHT
    controller.set_scheme(None)
    assert controller.scheme == Scheme.DARK
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert controller.scheme == Scheme.LIGHT


# Icons


def _opaque_colours(image: QImage) -> set[int]:
    return {
        image.pixel(x, y)
        for y in range(image.height())
        for x in range(image.width())
        if QColor.fromRgba(image.pixel(x, y)).alpha() == 255
    }


@pytest.mark.parametrize("name", ICON_NAMES)
def test_every_icon_renders_in_the_text_colour(qapp, name):
    text = qapp.palette().color(QPalette.ColorRole.WindowText)
    image = icon(name).pixmap(QSize(24, 24)).toImage()
    opaque = _opaque_colours(image)
    assert len(opaque) > 0, f"{name} draws nothing"
    assert opaque == {text.rgba()}, f"{name} draws in other colours than the text colour"


@pytest.mark.parametrize("name", ICON_NAMES)
def test_every_icon_is_crisp_at_twice_the_pixel_ratio(qapp, name):
    pixmap = icon(name).pixmap(QSize(24, 24), 2.0)
    assert pixmap.size() == QSize(48, 48)
    assert pixmap.devicePixelRatio() == 2.0
    single = icon(name).pixmap(QSize(24, 24), 1.0).toImage()
    double = pixmap.toImage()
    coverage_single = sum(
        QColor.fromRgba(single.pixel(x, y)).alphaF() for y in range(24) for x in range(24)
    )
    coverage_double = sum(
        QColor.fromRgba(double.pixel(x, y)).alphaF() for y in range(48) for x in range(48)
    )
    assert coverage_double == pytest.approx(4 * coverage_single, rel=0.15)


def test_a_disabled_icon_uses_the_disabled_text_colour(qapp):
    disabled = qapp.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    image = icon("save").pixmap(QSize(24, 24), 1.0, QIcon.Mode.Disabled).toImage()
    assert _opaque_colours(image) == {disabled.rgba()}


def test_icons_follow_a_switch_to_dark(themed_app):
    apply_theme(themed_app, Scheme.LIGHT)
    light = _opaque_colours(icon("dice").pixmap(QSize(24, 24)).toImage())
    apply_theme(themed_app, Scheme.DARK)
    dark = _opaque_colours(icon("dice").pixmap(QSize(24, 24)).toImage())
    assert light == {QColor(theme_colors(Scheme.LIGHT).window_text).rgba()}
    assert dark == {QColor(theme_colors(Scheme.DARK).window_text).rgba()}


def test_an_icon_painted_through_a_painter_fills_its_rect(qapp):
    image = QImage(64, 64, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    icon("next-turn").paint(painter, QRect(8, 8, 48, 48))
    painter.end()
    drawn = [
        (x, y) for y in range(64) for x in range(64) if QColor.fromRgba(image.pixel(x, y)).alpha()
    ]
    xs, ys = [x for x, _ in drawn], [y for _, y in drawn]
    assert min(xs) >= 8 and max(xs) < 56 and min(ys) >= 8 and max(ys) < 56
    assert max(xs) - min(xs) > 24, "the icon is scaled up to the rect, not drawn at 24 px"


def test_icons_are_cached(qapp):
    assert icon("undo") is icon("undo")


def test_an_unknown_icon_name_is_an_error_naming_it(qapp):
    with pytest.raises(ValueError, match="'sword'"):
        icon("sword")


def test_the_icon_folder_and_the_names_agree():
    files = {path.stem for path in resource_path("icons").glob("*.svg")} - {APP_ICON}
    assert files == set(ICON_NAMES)


@pytest.mark.parametrize("name", ICON_NAMES)
def test_every_icon_is_a_24_pixel_current_colour_drawing(name):
    source = resource_path("icons", f"{name}.svg").read_text(encoding="utf-8")
    assert 'viewBox="0 0 24 24"' in source
    assert "currentColor" in source
    assert not re.search(r"#[0-9a-fA-F]{3,8}\b", source), "no fixed colours"


@pytest.mark.parametrize("scheme", list(Scheme))
def test_a_refusal_is_written_in_the_scheme_s_problem_colour(themed_app, scheme):
    apply_theme(themed_app, scheme)
    label = problem_label()
    say_problem(label, "Name the condition first")
    shown = label.palette().color(QPalette.ColorRole.WindowText)
    assert shown == QColor(theme_colors(scheme).problem)
    assert not label.isHidden()
