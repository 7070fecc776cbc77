"""Cells drawn as a row of small chips: a combatant's conditions ("Stunned (1 round)"), its
resources this round ("Stamina 2/3", "Sabre 1/2").

The model gives a cell's chips in :data:`CHIPS_ROLE`; its display text (all of them, for
sorting, copying and screen readers) and tooltip stay as they are. Chips that do not fit the
cell end in a "+N" chip; the tooltip has them all.
"""

import math

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from uwr_desktop.ui.table.model import CHIPS_ROLE
from uwr_desktop.ui.theme import scheme_for_palette, theme_colors

_GAP = 4.0
"""Room between two chips and around the row of them."""
_PAD = 5.0
"""Room between a chip's text and its edge."""

_ModelIndex = QModelIndex | QPersistentModelIndex


def chips_of(index: _ModelIndex) -> tuple[str, ...]:
    """The chips of a cell (none for a cell without them)."""
    chips = index.data(CHIPS_ROLE)
    return tuple(chips) if isinstance(chips, tuple | list) else ()


def fitted(widths: list[float], room: float, more_width: float) -> int:
    """How many of the chips ``widths`` fit side by side in ``room``, keeping room for a "+N"
    chip ``more_width`` wide when not all of them fit."""
    if _GAP + sum(width + _GAP for width in widths) <= room:
        return len(widths)
    shown = len(widths)
    while shown and _GAP + sum(width + _GAP for width in widths[:shown]) + more_width > room:
        shown -= 1
    return shown


class ChipsDelegate(QStyledItemDelegate):
    """Draws a cell's chips over the view's usual cell background and selection.

    ``tinted`` chips stand out on the theme's ``condition`` colour (conditions); the others are
    quieter, on the palette's midlight (resources).
    """

    def __init__(self, *, tinted: bool = False, parent: QWidget | None = None) -> None:
        """Chips on the condition colour when ``tinted``."""
        super().__init__(parent)
        self._tinted = tinted
        self._painting = False

    def initStyleOption(self, option: QStyleOptionViewItem, index: _ModelIndex) -> None:  # noqa: N802
        """The cell as the view draws it, without its text while it is painted (the chips
        show it)."""
        super().initStyleOption(option, index)
        if self._painting:
            option.text = ""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _ModelIndex) -> None:
        """The cell without its text, then the chips that fit and a "+N" for the rest.

        The cell is the base's, whose style drawing never reaches Python: the first use of
        ``QStyle`` in PySide builds all of its enum types, which a first paint does without.
        """
        chips = chips_of(index)
        self._painting = True
        try:
            super().paint(painter, option, index)
        finally:
            self._painting = False
        if not chips:
            return
        metrics = QFontMetricsF(option.font)
        widths = [metrics.horizontalAdvance(chip) + 2 * _PAD for chip in chips]
        rect = QRectF(option.rect)
        more = metrics.horizontalAdvance(f"+{len(chips)}") + 2 * _PAD
        shown = fitted(widths, rect.width(), more)
        height = min(rect.height() - 4, metrics.height() + 4)
        top = rect.top() + (rect.height() - height) / 2
        palette = option.palette
        background = (
            QColor(theme_colors(scheme_for_palette(palette)).condition)
            if self._tinted
            else palette.color(QPalette.ColorRole.Midlight)
        )
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(option.font)
        x = rect.left() + _GAP
        labels = list(chips[:shown])
        if shown < len(chips):
            labels.append(f"+{len(chips) - shown}")
        for label in labels:
            width = metrics.horizontalAdvance(label) + 2 * _PAD
            chip = QRectF(x, top, width, height)
            painter.setPen(palette.color(QPalette.ColorRole.Mid))
            painter.setBrush(background)
            painter.drawRoundedRect(chip.adjusted(0.5, 0.5, -0.5, -0.5), height / 2, height / 2)
            painter.setPen(palette.color(QPalette.ColorRole.Text))
            painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, label)
            x += width + _GAP
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: _ModelIndex) -> QSize:  # noqa: N802
        """Room for every chip in a row."""
        hint = super().sizeHint(option, index)
        chips = chips_of(index)
        if not chips:
            return QSize(0, hint.height())
        metrics = QFontMetricsF(option.font)
        width = _GAP + sum(metrics.horizontalAdvance(c) + 2 * _PAD + _GAP for c in chips)
        return QSize(math.ceil(width), hint.height())
