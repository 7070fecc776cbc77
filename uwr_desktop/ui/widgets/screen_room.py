"""The room a window may take on the screen it stands on."""

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget


def screen_room(widget: QWidget) -> QRect:
    """The free area (without task bars) of the screen under ``widget``'s centre, or of the
    primary screen when none is.

    Asked of the application, never of the widget: PySide keeps the screen ``QWidget.screen()``
    returns as a child of that widget's wrapper, and a dialog's wrapper collected after the
    dialog was gone took the screen down with it (a crash at the next widget built)."""
    screen = QGuiApplication.screenAt(widget.mapToGlobal(widget.rect().center()))
    return (screen or QGuiApplication.primaryScreen()).availableGeometry()
