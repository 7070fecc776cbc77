"""Walking a window's widgets as a screen reader and a keyboard do: the name each control is
read by, the controls left without one, and the widgets Tab reaches."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QWidget,
)


def _internal(widget: QWidget, root: QWidget) -> bool:
    """Qt's own parts of a control (a spin box's field, a line edit's clear button, a combo's
    list), read as the control they belong to, and widgets of another window."""
    if widget.objectName().startswith("qt_") or widget.window() is not root.window():
        return True
    parent = widget.parentWidget()
    return isinstance(parent, QAbstractSpinBox | QComboBox | QLineEdit)


def interactive(root: QWidget) -> list[QWidget]:
    """The controls of ``root`` shown now that a keyboard or a pointer can work."""
    return [
        widget
        for widget in root.findChildren(QWidget)
        if widget.isVisibleTo(root)
        and not _internal(widget, root)
        and (
            widget.focusPolicy() & Qt.FocusPolicy.TabFocus
            or isinstance(widget, QAbstractButton | QComboBox | QAbstractSpinBox)
        )
    ]


def spoken_name(widget: QWidget) -> str:
    """The name a screen reader reads ``widget`` by: its accessible name, else the label it is
    the buddy of, else what Qt's accessibility gives (a button's text). A drop-down's current
    choice is its value, not its name."""
    if widget.accessibleName().strip():
        return widget.accessibleName()
    for label in widget.window().findChildren(QLabel):
        if label.buddy() is widget and label.text().replace("&", "").strip():
            return label.text().replace("&", "")
    if isinstance(widget, QComboBox):
        return ""
    face = QAccessible.queryAccessibleInterface(widget)
    return "" if face is None else face.text(QAccessible.Text.Name).strip()


def described(widget: QWidget) -> str:
    parent = widget.parentWidget()
    where = f" in {parent.objectName() or type(parent).__name__}" if parent else ""
    return f"{type(widget).__name__} {widget.objectName()!r}{where}"


def unnamed(root: QWidget) -> list[str]:
    """The controls of ``root`` shown now that a screen reader has no name for."""
    return [described(w) for w in interactive(root) if not spoken_name(w)]


def tab_cycle(qtbot, start: QWidget, presses: int = 400) -> list[QWidget]:
    """The widgets Tab gives the focus to from ``start`` (which has it) until it comes back to
    ``start``; fails if it never does within ``presses``."""
    seen = [start]
    for _ in range(presses):
        focused = QApplication.focusWidget()
        assert focused is not None, "the focus was lost"
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        if now is start:
            return seen
        seen.append(now)
    raise AssertionError(f"Tab never came back to {described(start)}")


def unreachable(root: QWidget, cycle: list[QWidget]) -> list[str]:
    """The controls of ``root`` that take the focus by Tab, enabled and shown, that ``cycle``
    never reached."""
    reached = set(map(id, cycle))
    return [
        described(widget)
        for widget in interactive(root)
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        and widget.isEnabled()
        and widget.isVisible()
        and widget.focusProxy() is None
        and id(widget) not in reached
    ]
