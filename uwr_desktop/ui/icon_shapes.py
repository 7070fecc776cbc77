"""The app's toolbar and menu icons read from their SVG files into painter paths.

The icons are plain line drawings: paths, circles and rounded rectangles stroked with round
ends, and groups of shapes filled in the same colour. Reading that much here, instead of
through Qt's SVG module, keeps that module (about 1.8 MiB, loaded with the first icon drawn)
out of the app's start. A file using anything else is refused with a ``ValueError`` naming
it; ``tests/ui/test_icon_shapes.py`` holds every shipped icon to Qt's own drawing of it.
"""

import math
import re
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath

_TAG = re.compile(r"<(/?)([\w:-]+)((?:\s+[\w:-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*/?>")
_ATTRIBUTE = re.compile(r"([\w:-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_SAYS_NOTHING = frozenset({"title", "desc", "metadata"})
"""Elements that name or describe a drawing and draw nothing."""
_PATH_TOKEN = re.compile(r"[MmLlHhVvCcAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGUMENTS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "A": 7, "Z": 0}
"""How many numbers each path command takes."""


class IconShapes(NamedTuple):
    """An icon as paths in its own units: ``stroked`` drawn with a round-ended pen of
    ``stroke_width``, ``filled`` filled; both in a square of ``size`` units."""

    stroked: QPainterPath
    filled: QPainterPath
    stroke_width: float
    size: float


def read_icon(source: str, name: str) -> IconShapes:
    """The shapes of the SVG ``source`` of the icon ``name``; ``ValueError`` when the file
    uses what these icons do not (another element, a transform, a non-square view)."""
    stroked, filled = QPainterPath(), QPainterPath()
    size, stroke_width = 0.0, 1.0
    fills: list[bool] = []
    for closing, tag, attributes_text in _TAG.findall(_without_preamble(source)):
        attributes = {
            key: double or single for key, double, single in _ATTRIBUTE.findall(attributes_text)
        }
        if closing or tag in _SAYS_NOTHING:
            if closing and tag == "g" and fills:
                fills.pop()
        elif tag == "svg":
            size = _square_view(attributes, name)
            stroke_width = _number(attributes.get("stroke-width", "1"), name)
        elif tag == "g":
            fills.append(attributes.get("fill", "none") != "none")
        elif tag in ("path", "circle", "rect"):
            if "transform" in attributes:
                raise ValueError(f"icon {name!r}: transforms are not supported")
            shape = _shape(tag, attributes, name)
            (filled if fills and fills[-1] else stroked).addPath(shape)
        else:
            raise ValueError(f"icon {name!r}: the element <{tag}> is not supported")
    if size <= 0:
        raise ValueError(f"icon {name!r} is not an SVG drawing")
    filled.setFillRule(Qt.FillRule.WindingFill)  # SVG's own rule: shapes fill whole
    if stroked.isEmpty() and filled.isEmpty():
        raise ValueError(f"icon {name!r} draws nothing")
    return IconShapes(stroked, filled, stroke_width, size)


def _without_preamble(source: str) -> str:
    """The markup without the XML declaration and comments, which draw nothing."""
    return re.sub(r"<\?.*?\?>|<!--.*?-->", "", source, flags=re.DOTALL)


def _square_view(attributes: dict[str, str], name: str) -> float:
    view = [_number(part, name) for part in attributes.get("viewBox", "").split()]
    if len(view) != 4 or view[0] != 0 or view[1] != 0 or view[2] != view[3]:
        raise ValueError(f"icon {name!r} needs a square viewBox from 0 0")
    return view[2]


def _number(text: str, name: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"icon {name!r}: {text!r} is not a number") from None


def _shape(tag: str, attributes: dict[str, str], name: str) -> QPainterPath:
    def number(key: str, default: str | None = None) -> float:
        text = attributes.get(key, default)
        if text is None:
            raise ValueError(f"icon {name!r}: <{tag}> needs {key}")
        return _number(text, name)

    shape = QPainterPath()
    if tag == "circle":
        radius = number("r")
        shape.addEllipse(QPointF(number("cx", "0"), number("cy", "0")), radius, radius)
    elif tag == "rect":
        corner_x = number("rx", attributes.get("ry", "0"))
        corner_y = number("ry", attributes.get("rx", "0"))
        bounds = QRectF(number("x", "0"), number("y", "0"), number("width"), number("height"))
        shape.addRoundedRect(bounds, corner_x, corner_y)
    else:
        _follow_path(shape, attributes.get("d", ""), name)
    return shape


def _follow_path(shape: QPainterPath, data: str, name: str) -> None:
    """Add the SVG path ``data`` (commands M L H V C A Z, absolute or relative) to ``shape``."""
    tokens = _PATH_TOKEN.findall(data)
    if "".join(tokens) != "".join(re.split(r"[\s,]+", data)):
        raise ValueError(f"icon {name!r}: the path {data!r} has commands that are not supported")
    x = y = start_x = start_y = 0.0
    index, command = 0, ""
    while index < len(tokens):
        if tokens[index].isalpha():
            command = tokens[index]
            index += 1
        elif not command:
            raise ValueError(f"icon {name!r}: the path {data!r} starts without a command")
        kind, relative = command.upper(), command.islower()
        count = _ARGUMENTS[kind]
        chunk = tokens[index : index + count]
        if len(chunk) < count or any(token.isalpha() for token in chunk):
            raise ValueError(f"icon {name!r}: the path {data!r} misses numbers")
        values = [float(token) for token in chunk]
        index += count
        if kind == "Z":
            if index < len(tokens) and not tokens[index].isalpha():
                raise ValueError(f"icon {name!r}: the path {data!r} has numbers after Z")
            shape.closeSubpath()
            x, y = start_x, start_y
            continue
        if kind == "H":
            x = values[0] + (x if relative else 0)
        elif kind == "V":
            y = values[0] + (y if relative else 0)
        else:
            end_x, end_y = values[-2], values[-1]
            if relative:
                end_x, end_y = end_x + x, end_y + y
            if kind == "C":
                offset_x, offset_y = (x, y) if relative else (0.0, 0.0)
                shape.cubicTo(
                    values[0] + offset_x,
                    values[1] + offset_y,
                    values[2] + offset_x,
                    values[3] + offset_y,
                    end_x,
                    end_y,
                )
            elif kind == "A":
                _arc(shape, (x, y), values, (end_x, end_y), name)
            x, y = end_x, end_y
        if kind == "M":
            shape.moveTo(x, y)
            start_x, start_y = x, y
            command = "l" if relative else "L"  # numbers after a move draw lines
        elif kind in "LHV":
            shape.lineTo(x, y)


def _arc(
    shape: QPainterPath,
    start: tuple[float, float],
    values: list[float],
    end: tuple[float, float],
    name: str,
) -> None:
    """An SVG elliptical arc from ``start`` to ``end`` (``values``: radii, rotation, the two
    flags), drawn with Qt's arc through its centre (SVG 1.1, appendix F.6.5)."""
    radius_x, radius_y, rotation, large, sweep = abs(values[0]), abs(values[1]), *values[2:5]
    if rotation % 360:
        raise ValueError(f"icon {name!r}: rotated arcs are not supported")
    if start == end:
        return
    if radius_x == 0 or radius_y == 0:
        shape.lineTo(*end)
        return
    half_x, half_y = (start[0] - end[0]) / 2, (start[1] - end[1]) / 2
    reach = (half_x / radius_x) ** 2 + (half_y / radius_y) ** 2
    if reach > 1:  # radii too small to join the ends grow just enough
        radius_x, radius_y = radius_x * math.sqrt(reach), radius_y * math.sqrt(reach)
    squares = (radius_x * half_y) ** 2 + (radius_y * half_x) ** 2
    ratio = math.sqrt(max(0.0, ((radius_x * radius_y) ** 2 - squares) / squares))
    if bool(large) == bool(sweep):
        ratio = -ratio
    centre_x = ratio * radius_x * half_y / radius_y + (start[0] + end[0]) / 2
    centre_y = -ratio * radius_y * half_x / radius_x + (start[1] + end[1]) / 2
    first = math.atan2((start[1] - centre_y) / radius_y, (start[0] - centre_x) / radius_x)
    last = math.atan2((end[1] - centre_y) / radius_y, (end[0] - centre_x) / radius_x)
    turn = last - first
    if sweep and turn < 0:
        turn += 2 * math.pi
    elif not sweep and turn > 0:
        turn -= 2 * math.pi
    bounds = QRectF(centre_x - radius_x, centre_y - radius_y, 2 * radius_x, 2 * radius_y)
    # Qt turns its angles the other way: up the screen from three o'clock.
    shape.arcTo(bounds, -math.degrees(first), -math.degrees(turn))
