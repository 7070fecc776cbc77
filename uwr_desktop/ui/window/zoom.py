"""View ▸ Zoom In, Zoom Out and Reset Zoom: the size of all text, kept in the settings."""

from collections.abc import Mapping

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from uwr_desktop.ui.theme import set_zoom, zoom_step

ZOOM_KEY = "zoom"
"""The settings key of the zoom, in percent."""


class ZoomCommands:
    """Zooms the application's text by the window's zoom actions and remembers the zoom."""

    def __init__(self, actions: Mapping[str, QAction], settings: QSettings) -> None:
        """Bind ``actions``' zoom commands and show the zoom ``settings`` remember."""
        self._settings = settings
        self._actions = actions
        self.percent = 100
        actions["zoom_in"].triggered.connect(lambda: self.zoom_to(zoom_step(self.percent, 1)))
        actions["zoom_out"].triggered.connect(lambda: self.zoom_to(zoom_step(self.percent, -1)))
        actions["zoom_reset"].triggered.connect(lambda: self.zoom_to(100))
        remembered = settings.value(ZOOM_KEY, 100, type=int)
        self.zoom_to(zoom_step(remembered if isinstance(remembered, int) else 100, 0))

    def zoom_to(self, percent: int) -> None:
        """Show all text at ``percent`` of its usual size and remember it."""
        self.percent = percent
        app = QApplication.instance()
        if isinstance(app, QApplication):
            set_zoom(app, percent)
        self._settings.setValue(ZOOM_KEY, percent)
        self._actions["zoom_in"].setEnabled(zoom_step(percent, 1) != percent)
        self._actions["zoom_out"].setEnabled(zoom_step(percent, -1) != percent)
        self._actions["zoom_reset"].setEnabled(percent != 100)
