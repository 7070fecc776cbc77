"""Where dice rest in the dice view: rows of dice as many as fit the width, each with its
caption below, all scaled by the view's factor."""

import math

from PySide6.QtCore import QRect, QSize

from uwr_desktop.ui.dice.shown_die import CAPTION_HEIGHT, DIE_SIZE, GAP, MARGIN


def columns(width: int) -> int:
    """How many dice fit side by side in ``width`` unscaled pixels (at least one)."""
    return max(1, (width - 2 * MARGIN + GAP) // (DIE_SIZE + GAP))


def unscaled_rect(index: int, width: int, scale: float) -> QRect:
    """Where die ``index`` rests in a view ``width`` pixels wide, before the scale."""
    row, column = divmod(index, columns(int(width / scale)))
    x = MARGIN + column * (DIE_SIZE + GAP)
    y = MARGIN + row * (DIE_SIZE + GAP + CAPTION_HEIGHT)
    return QRect(x, y, DIE_SIZE, DIE_SIZE)


def scaled_rect(index: int, width: int, scale: float) -> QRect:
    """Where die ``index`` rests in a view ``width`` pixels wide, in its coordinates."""
    rect = unscaled_rect(index, width, scale)
    return QRect(
        round(rect.x() * scale),
        round(rect.y() * scale),
        round(rect.width() * scale),
        round(rect.height() * scale),
    )


def height_for(count: int, width: int, scale: float) -> int:
    """The height that shows ``count`` dice in a view ``width`` pixels wide."""
    rows = max(1, math.ceil(count / columns(int(width / scale))))
    height = 2 * MARGIN + rows * (DIE_SIZE + CAPTION_HEIGHT) + (rows - 1) * GAP
    return math.ceil(height * scale)


def preferred_width(scale: float) -> int:
    """Room for ten dice a row."""
    return math.ceil((2 * MARGIN + 10 * DIE_SIZE + 9 * GAP) * scale)


def least_size(scale: float) -> QSize:
    """Room for one die and its caption."""
    return QSize(
        math.ceil((2 * MARGIN + DIE_SIZE) * scale),
        math.ceil((2 * MARGIN + DIE_SIZE + CAPTION_HEIGHT) * scale),
    )
