"""Small helpers that build the widgets of panels and dialogs the same way everywhere."""

from collections.abc import Sequence
from typing import TypeVar

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QWidget,
)

from uwr_desktop.ui.widgets.number_box import NumberBox

W = TypeVar("W", bound=QWidget)

_ITEMS_PROPERTY = "filledItems"


def named(widget: W, name: str, *, accessible: str | None = None, tip: str | None = None) -> W:
    """``widget`` with its object name set (tests and style sheets find it by it), and the
    name a screen reader reads and its tooltip when given."""
    widget.setObjectName(name)
    if accessible is not None:
        widget.setAccessibleName(accessible)
    if tip is not None:
        widget.setToolTip(tip)
    return widget


def enlarge(labels: tuple[QLabel, ...], font: QFont, scale: float) -> None:
    """Show ``labels`` in bold at ``scale`` times ``font``'s size; call again with the new font
    when the holder's font changes (a zoom), since a label's own size no longer follows it."""
    large = QFont(font)
    large.setPointSizeF(font.pointSizeF() * scale)
    large.setBold(True)
    for label in labels:
        label.setFont(large)


def wrapped(name: str) -> QLabel:
    """An empty label that wraps its words."""
    label = named(QLabel(), name)
    label.setWordWrap(True)
    return label


def buddy_label(text: str, buddy: QWidget) -> QLabel:
    """A label ``text`` naming ``buddy``: its mnemonic moves the focus there."""
    label = QLabel(text)
    label.setBuddy(buddy)
    return label


def row_of(*widgets: QWidget, stretch: bool = False) -> QHBoxLayout:
    """``widgets`` side by side in a new row, kept at its left by a stretch after them when
    ``stretch`` is on."""
    row = QHBoxLayout()
    for widget in widgets:
        row.addWidget(widget)
    if stretch:
        row.addStretch(1)
    return row


def table_widget(
    name: str, headers: Sequence[str], *, accessible: str | None = None
) -> QTableWidget:
    """An empty table named ``name`` (read aloud as ``accessible`` when given) with a column
    for each of ``headers``."""
    table = named(QTableWidget(0, len(headers)), name, accessible=accessible)
    table.setHorizontalHeaderLabels(list(headers))
    return table


def spin(name: str, low: int, high: int, *, what: str) -> NumberBox:
    """A number box from ``low`` to ``high`` that names ``what`` when a number typed is out
    of range (a minus sign typed stays, and is refused)."""
    return named(NumberBox(low, high, what=what), name)


def button(text: str, name: str, tip: str) -> QPushButton:
    """A push button read aloud by its text, with a tooltip saying what it does."""
    made = named(QPushButton(text), name)
    made.setAccessibleName(text)
    made.setToolTip(tip)
    return made


def set_items(combo: QComboBox, items: list[tuple[str, str]]) -> None:
    """Give ``combo`` these (text, data) items, leaving it alone when it already has them.

    Refilling a combo of a thousand combatants on every turn would cost more than the turn.
    """
    wanted = tuple(items)
    if combo.property(_ITEMS_PROPERTY) == wanted and combo.count() == len(wanted):
        return
    combo.setProperty(_ITEMS_PROPERTY, wanted)
    combo.clear()
    for text, data in items:
        combo.addItem(text, data)
