"""Small widget helpers of the rollkeep panel and dialog."""

from typing import TypeVar

from PySide6.QtWidgets import QLabel, QSpinBox, QWidget

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


def spin(name: str, low: int, high: int) -> QSpinBox:
    """A spin box from ``low`` to ``high``."""
    box = named(QSpinBox(), name)
    box.setRange(low, high)
    return box
