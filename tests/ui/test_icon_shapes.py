"""The icons drawn from their SVG files without Qt's SVG module: every shipped icon looks as
Qt's own SVG renderer draws it, and a file using what the icons do not is refused by name."""

import pytest
from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.ui.icon_shapes import read_icon
from uwr_desktop.ui.icons import ICON_NAMES, icon

SIZES = (16, 24, 48)


def _alphas(image: QImage) -> list[int]:
    return [
        QColor.fromRgba(image.pixel(x, y)).alpha()
        for y in range(image.height())
        for x in range(image.width())
    ]


def _drawn_by_qt_svg(name: str, pixels: int) -> QImage:
    source = resource_path("icons", f"{name}.svg").read_bytes()
    renderer = QSvgRenderer(QByteArray(source.replace(b"currentColor", b"#000000")))
    image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, pixels, pixels))
    painter.end()
    return image


@pytest.mark.parametrize("pixels", SIZES)
@pytest.mark.parametrize("name", ICON_NAMES)
def test_every_icon_looks_as_qt_s_svg_renderer_draws_its_file(qapp, name, pixels):
    expected = _alphas(_drawn_by_qt_svg(name, pixels))
    drawn = _alphas(icon(name).pixmap(QSize(pixels, pixels), 1.0).toImage())
    mean_difference = sum(abs(a - b) for a, b in zip(expected, drawn, strict=True)) / len(drawn)
    assert mean_difference < 5, "the edges may differ a little, the shapes not"
    assert sum(drawn) == pytest.approx(sum(expected), rel=0.06)


def _svg(body: str, view: str = "0 0 24 24") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" fill="none" '
        f'stroke="currentColor" stroke-width="2">{body}</svg>'
    )


def test_a_quarter_arc_ends_where_the_file_says_and_bulges_the_way_its_flags_say():
    shapes = read_icon(_svg('<path d="M2 12a10 10 0 0 1 10-10"/>'), "arc")
    end = shapes.stroked.pointAtPercent(1.0)
    middle = shapes.stroked.pointAtPercent(0.5)
    assert (round(end.x(), 6), round(end.y(), 6)) == (12, 2)
    # Clockwise on the screen round the centre (12, 12): the middle lies up and to the left.
    assert middle.x() == pytest.approx(12 - 10 / 2**0.5, abs=0.01)
    assert middle.y() == pytest.approx(12 - 10 / 2**0.5, abs=0.01)


def test_an_arc_whose_radius_cannot_reach_its_end_grows_to_a_half_circle():
    shapes = read_icon(_svg('<path d="M2 12A1 1 0 0 1 22 12"/>'), "half")
    end = shapes.stroked.pointAtPercent(1.0)
    top = shapes.stroked.pointAtPercent(0.5)
    assert (round(end.x(), 6), round(end.y(), 6)) == (22, 12)
    assert (round(top.x(), 3), round(top.y(), 3)) == (12, 2)


def test_relative_commands_move_from_the_current_point():
    shapes = read_icon(_svg('<path d="M4 4h10v6l-4 4z"/>'), "relative")
    points = [shapes.stroked.elementAt(i) for i in range(shapes.stroked.elementCount())]
    assert [(p.x, p.y) for p in points] == [(4, 4), (14, 4), (14, 10), (10, 14), (4, 4)]


def test_a_line_after_a_closed_shape_starts_where_that_shape_started():
    shapes = read_icon(_svg('<path d="M4 4h6v6zl4 10"/>'), "closed")
    assert shapes.stroked.boundingRect() == QRectF(4, 4, 6, 10)


def test_a_filled_group_is_filled_and_the_rest_stroked():
    source = _svg(
        '<rect x="3" y="3" width="18" height="18" rx="3"/>'
        '<g fill="currentColor" stroke="none"><circle cx="8" cy="8" r="2"/></g>'
    )
    shapes = read_icon(source, "die")
    assert shapes.stroked.boundingRect() == QRectF(3, 3, 18, 18)
    assert shapes.filled.boundingRect() == QRectF(6, 6, 4, 4)
    assert shapes.stroke_width == 2 and shapes.size == 24


def test_single_quotes_a_title_and_a_comment_read_as_in_any_svg():
    source = (
        "<?xml version='1.0'?><!-- drawn by hand -->"
        "<svg viewBox='0 0 24 24' stroke-width='3'><title>A line</title>"
        "<path d='M2 2L20 2'/></svg>"
    )
    shapes = read_icon(source, "quoted")
    assert shapes.stroke_width == 3
    assert shapes.stroked.boundingRect() == QRectF(2, 2, 18, 0)


@pytest.mark.parametrize(
    ("source", "problem"),
    [
        (_svg('<ellipse cx="5" cy="5" rx="2" ry="3"/>'), "the element <ellipse>"),
        (_svg('<path d="M2 2Q5 5 8 2"/>'), "commands that are not supported"),
        (_svg('<path d="M2 2L5"/>'), "misses numbers"),
        (_svg('<path d="M2 2L5 5Z 3 3"/>'), "numbers after Z"),
        (_svg('<path d="4 4L5 5"/>'), "starts without a command"),
        (_svg('<path d="M2 2a5 3 30 0 1 6 0"/>'), "rotated arcs"),
        (_svg('<circle cx="5" cy="5" r="2" transform="scale(2)"/>'), "transforms"),
        (_svg('<circle cx="5" cy="5"/>'), "<circle> needs r"),
        (_svg('<circle cx="5" cy="5" r="big"/>'), "'big' is not a number"),
        (_svg('<path d="M2 2L5 5"/>', view="0 0 24 16"), "square viewBox"),
        (_svg(""), "draws nothing"),
        ("<html></html>", "the element <html>"),
    ],
)
def test_a_file_using_what_the_icons_do_not_is_refused_naming_the_icon(source, problem):
    with pytest.raises(ValueError, match="icon 'odd'") as refused:
        read_icon(source, "odd")
    assert problem in str(refused.value)
