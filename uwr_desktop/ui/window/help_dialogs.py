"""The Help menu's dialogs: the shortcut sheet and the About box (see :mod:`help_menu`)."""

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


class ShortcutSheet(QDialog):
    """A table of every command and its keys."""

    def __init__(self, rows: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        """List ``rows`` of (command, keys)."""
        super().__init__(parent)
        self.setObjectName("shortcutSheet")
        self.setWindowTitle("Keyboard Shortcuts")
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


def show_about_box(parent: QWidget, title: str, text: str) -> None:
    """Show the About box: ``text`` is rich text."""
    box = QMessageBox(parent)
    box.setObjectName("aboutBox")
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(text)
    box.setIcon(QMessageBox.Icon.Information)
    box.exec()


def show_shortcut_sheet(window: QWidget, rows: Sequence[tuple[str, str]]) -> None:
    """Show the shortcut sheet listing ``rows`` (not modal: it may stay open beside the fight;
    one sheet per window, brought to the front when asked for again)."""
    sheet = window.findChild(ShortcutSheet, "shortcutSheet")
    if sheet is None:
        sheet = ShortcutSheet(rows, window)
    sheet.show()
    sheet.raise_()
    sheet.activateWindow()
