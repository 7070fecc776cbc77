"""The Help menu: a sheet of every keyboard shortcut (F1) and the About box.

The sheet is read from the same action table (``ui/actions.py``) that gives the menus their
keys and the tooltips their hints, so the three never disagree.
"""

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import uwr_desktop
from uwr_desktop import APP_NAME
from uwr_desktop.ui.actions import ACTION_SPECS, shortcut_text

LICENSE = "MIT"
"""The license the app is published under (pyproject.toml's ``license``)."""


def shortcut_rows(actions: Mapping[str, QAction]) -> list[tuple[str, str]]:
    """(command, keys) for every command that has keys, in the menus' order."""
    rows: list[tuple[str, str]] = []
    for spec in ACTION_SPECS:
        action = actions.get(spec.key)
        if action is None:
            continue
        keys = shortcut_text(action)
        if keys:
            rows.append((spec.text.replace("&", "").rstrip("…"), keys))
    return rows


class ShortcutSheet(QDialog):
    """A table of every command and its keys."""

    def __init__(self, actions: Mapping[str, QAction], parent: QWidget | None = None) -> None:
        """List the keys of ``actions``."""
        super().__init__(parent)
        self.setObjectName("shortcutSheet")
        self.setWindowTitle("Keyboard Shortcuts")
        rows = shortcut_rows(actions)
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setObjectName("shortcutTable")
        self.table.setHorizontalHeaderLabels(["Command", "Keys"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        for row, (command, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(command))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        self.table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        self.table.horizontalHeader().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(460, 560)

    def rows(self) -> list[tuple[str, str]]:
        """What the sheet shows, row by row."""
        return [(self._text(row, 0), self._text(row, 1)) for row in range(self.table.rowCount())]

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""


def about_text() -> str:
    """The About box's text: name, version, license."""
    return (
        f"<h3>{APP_NAME} {uwr_desktop.__version__}</h3>"
        "<p>A combat tracker for tabletop game masters.</p>"
        f"<p>Published under the {LICENSE} license.</p>"
        "<p>Press F1 for the keyboard shortcuts.</p>"
    )


def show_about(parent: QWidget) -> None:
    """Show the About box."""
    box = QMessageBox(parent)
    box.setObjectName("aboutBox")
    box.setWindowTitle(f"About {APP_NAME}")
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_text())
    box.setIcon(QMessageBox.Icon.Information)
    box.exec()


def show_shortcuts(window: QWidget, actions: Mapping[str, QAction]) -> None:
    """Show the shortcut sheet (not modal: it may stay open beside the fight)."""
    sheet = window.findChild(ShortcutSheet, "shortcutSheet")
    if sheet is None:
        sheet = ShortcutSheet(actions, window)
    sheet.show()
    sheet.raise_()
    sheet.activateWindow()


def add_help_menu(window: QMainWindow, actions: Mapping[str, QAction]) -> QMenu:
    """Add the Help menu to ``window``'s menu bar and connect its entries."""
    menu = window.menuBar().addMenu("&Help")
    menu.setObjectName("helpMenu")
    menu.addActions([actions["shortcuts"], actions["about"]])
    actions["shortcuts"].triggered.connect(lambda: show_shortcuts(window, actions))
    actions["about"].triggered.connect(lambda: show_about(window))
    return menu
