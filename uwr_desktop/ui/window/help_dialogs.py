"""The Help menu's dialogs: the help (how to run a round, the shortcuts) and the About box (see
:mod:`help_menu`)."""

from collections.abc import Sequence

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.wheel import ChoiceBox


class HelpPage(msgspec.Struct, frozen=True):
    """One round system's page: its id, its title and the page as rich text."""

    ruleset_id: str
    title: str
    html: str


class ShortcutTable(QTableWidget):
    """A table of every command and its keys."""

    def __init__(self, rows: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        """List ``rows`` of (command, keys)."""
        super().__init__(len(rows), 2, parent)
        self.setObjectName("shortcutTable")
        self.setAccessibleName("Keyboard shortcuts")
        self.setHorizontalHeaderLabels(["Command", "Keys"])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTabKeyNavigation(False)
        self.setAlternatingRowColors(True)
        for row, (command, keys) in enumerate(rows):
            self.setItem(row, 0, QTableWidgetItem(command))
            self.setItem(row, 1, QTableWidgetItem(keys))
        self.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)

    def rows(self) -> list[tuple[str, str]]:
        """What the table shows, row by row."""
        return [(self._text(row, 0), self._text(row, 1)) for row in range(self.rowCount())]

    def _text(self, row: int, column: int) -> str:
        item = self.item(row, column)
        return item.text() if item is not None else ""


class HelpDialog(QDialog):
    """Two tabs: how to run a round (a page per round system, the fight's first) and the
    keyboard shortcuts. Not modal: it may stay open beside the fight."""

    ROUND_TAB = 0
    SHORTCUTS_TAB = 1

    def __init__(
        self,
        pages: Sequence[HelpPage],
        rows: Sequence[tuple[str, str]],
        parent: QWidget | None = None,
    ) -> None:
        """Offer ``pages`` (the first shown first) and the shortcut ``rows`` (command, keys)."""
        super().__init__(parent)
        self.setObjectName("helpDialog")
        self.setWindowTitle("Help")
        self.tabs = named(QTabWidget(self), "helpTabs", accessible="Help")
        self.systems = named(
            ChoiceBox(),
            "helpSystems",
            accessible="Round system",
            tip="The round system whose round is explained (the fight's first)",
        )
        self.page = named(QTextBrowser(), "helpRoundPage", accessible="How to run a round")
        self.page.setOpenLinks(False)
        self.page.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextBrowserInteraction
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.shortcuts = ShortcutTable(rows)
        choose = QLabel("Round s&ystem")
        choose.setBuddy(self.systems)
        line = QHBoxLayout()
        line.addWidget(choose)
        line.addWidget(self.systems, 1)
        round_tab = QWidget()
        round_layout = QVBoxLayout(round_tab)
        round_layout.addLayout(line)
        round_layout.addWidget(self.page, 1)
        self.tabs.addTab(round_tab, "Running a &Round")
        self.tabs.addTab(self.shortcuts, "&Shortcuts")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.systems.currentIndexChanged.connect(self._show_page)
        self._pages: list[HelpPage] = []
        self.set_pages(pages)
        self.resize(620, 600)

    def set_pages(self, pages: Sequence[HelpPage]) -> None:
        """Offer ``pages`` and show the first."""
        self._pages = list(pages)
        self.systems.blockSignals(True)
        self.systems.clear()
        for page in self._pages:
            self.systems.addItem(page.title, page.ruleset_id)
        self.systems.setCurrentIndex(0 if self._pages else -1)
        self.systems.blockSignals(False)
        self._show_page()

    def show_tab(self, index: int) -> None:
        """Bring tab ``index`` forward and give its contents the keyboard."""
        self.tabs.setCurrentIndex(index)
        (self.page if index == self.ROUND_TAB else self.shortcuts).setFocus()

    def shown_system(self) -> str | None:
        """The id of the round system whose page is shown."""
        data = self.systems.currentData()
        return data if isinstance(data, str) else None

    def page_text(self) -> str:
        """The page shown, as plain text (what a screen reader reads)."""
        return self.page.toPlainText()

    def _show_page(self) -> None:
        index = self.systems.currentIndex()
        if not 0 <= index < len(self._pages):
            self.page.clear()
            return
        page = self._pages[index]
        self.page.setHtml(page.html)
        self.page.setAccessibleName(f"How to run a round: {page.title}")


def show_about_box(parent: QWidget, title: str, text: str) -> None:
    """Show the About box: ``text`` is rich text."""
    box = QMessageBox(parent)
    box.setObjectName("aboutBox")
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(text)
    box.setIcon(QMessageBox.Icon.Information)
    box.exec()


def show_help(
    window: QWidget, pages: Sequence[HelpPage], rows: Sequence[tuple[str, str]], tab: int
) -> HelpDialog:
    """Show the help on ``tab`` with ``pages`` (the fight's system first) and the shortcut
    ``rows``; one per window, brought to the front (on the fight's system) when asked again."""
    dialog = window.findChild(HelpDialog, "helpDialog")
    if dialog is None:
        dialog = HelpDialog(pages, rows, window)
    else:
        dialog.set_pages(pages)
    dialog.show_tab(tab)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
