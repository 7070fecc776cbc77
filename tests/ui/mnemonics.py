"""Reading the mnemonics (Alt+letter) a window or dialog offers, for the tests that keep them
unique: a button's, a label's for its buddy, a group box's, a tab's, the menu bar's."""

import re
from collections import defaultdict

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QMainWindow,
    QTabBar,
    QWidget,
)

_MNEMONIC = re.compile(r"&([^&\s])")


def mnemonic(text: str) -> str | None:
    """The letter ``text`` underlines (``&&`` is a plain ampersand), lower-cased."""
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


def offered(root: QWidget) -> dict[str, list[str]]:
    """Each letter that works as a mnemonic in ``root`` now, with the words carrying it: the
    widgets ``root`` shows (or would show) and, for a main window, its menu bar."""
    found: dict[str, list[str]] = defaultdict(list)

    def add(text: str, where: str) -> None:
        letter = mnemonic(text)
        if letter is not None:
            found[letter].append(f"{where} {text!r}")

    if isinstance(root, QMainWindow):
        for action in root.menuBar().actions():
            add(action.text(), "menu")
    for widget in root.findChildren(QWidget):
        if not widget.isVisibleTo(root):
            continue
        if isinstance(widget, QAbstractButton):
            add(widget.text(), type(widget).__name__)
        elif isinstance(widget, QLabel) and _plain(widget):
            add(widget.text(), "label")
        elif isinstance(widget, QGroupBox):
            add(widget.title(), "group")
        elif isinstance(widget, QTabBar):
            for tab in range(widget.count()):
                add(widget.tabText(tab), "tab")
    return dict(found)


def clashes(root: QWidget) -> dict[str, list[str]]:
    """The letters two or more of ``root``'s widgets claim at once."""
    return {letter: where for letter, where in offered(root).items() if len(where) > 1}


def dead_labels(root: QWidget) -> list[str]:
    """Labels that underline a letter but have no buddy to send the keyboard to."""
    return [
        label.text()
        for label in root.findChildren(QLabel)
        if label.isVisibleTo(root)
        and mnemonic(label.text())
        and label.buddy() is None
        and _plain(label)
    ]


def _plain(label: QLabel) -> bool:
    """Whether ``label`` shows plain text (only plain text has a mnemonic)."""
    kind = label.textFormat()
    if kind == Qt.TextFormat.AutoText:
        return not GuiQt.mightBeRichText(label.text())
    return kind == Qt.TextFormat.PlainText
