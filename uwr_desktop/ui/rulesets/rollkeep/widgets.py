"""Small widget helpers of the rollkeep panel and dialog."""

from typing import TypeVar

from PySide6.QtWidgets import QLabel, QWidget

from uwr_desktop.ui.widgets.number_box import NumberBox

W = TypeVar("W", bound=QWidget)


def named(widget: W, name: str) -> W:
    """``widget`` with its object name set (tests and style sheets find it by it)."""
    widget.setObjectName(name)
    return widget


def wrapped(name: str) -> QLabel:
    """An empty label that wraps its words."""
    label = named(QLabel(), name)
    label.setWordWrap(True)
    return label


def spin(name: str, low: int, high: int, *, what: str) -> NumberBox:
    """A number box from ``low`` to ``high`` that names ``what`` when a number typed is out
    of range (a minus sign typed stays, and is refused)."""
    return named(NumberBox(low, high, what=what), name)
