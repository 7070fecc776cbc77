"""Painting a drop-down too narrow for its choice: Qt's own look, the text cut short with "…"
(before a final number, which stays: "Bandit Capt… 2").

Imported when such a box is first painted, not with :mod:`.wheel`: importing ``QStyle`` from
Python builds all of its enum types, which the first frame does without.
"""

from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter

from uwr_desktop.ui.widgets.name_elide import elided_name

_TEXT_MARGIN = 4
"""Pixels the style keeps clear around a drop-down's text."""


def _option(box: QComboBox) -> QStyleOptionComboBox:
    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    return option


def _elided(box: QComboBox, option: QStyleOptionComboBox) -> str:
    field = box.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, box
    )
    room = field.width() - _TEXT_MARGIN
    if not option.currentIcon.isNull():
        room -= option.iconSize.width() + _TEXT_MARGIN
    return elided_name(QFontMetricsF(box.font()), option.currentText, room)


def elided_choice(box: QComboBox) -> str:
    """``box``'s choice as it fits its text field, cut short with "…" when it does not."""
    return _elided(box, _option(box))


def paint_elided(box: QComboBox) -> None:
    """Paint ``box`` as its style does, with its choice elided to fit."""
    painter = QStylePainter(box)
    option = _option(box)
    painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
    option.currentText = _elided(box, option)
    painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
