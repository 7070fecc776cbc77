"""The Help menu: a sheet of every keyboard shortcut (F1) and the About box.

The sheet is read from the same action table (``ui/window/actions.py``) that gives the menus their
keys and the tooltips their hints, so the three never disagree; the window's other actions with
keys and the Dice dock's own keys (:data:`~uwr_desktop.ui.dice.tray.TRAY_KEYS`) follow. The
dialogs themselves live in :mod:`uwr_desktop.ui.window.help_dialogs`, imported when first shown:
building the dialog types and their enums costs start-up time, and most sessions never open them.
"""

from collections.abc import Mapping

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

import uwr_desktop
from uwr_desktop import APP_NAME
from uwr_desktop.ui.dice.tray import TRAY_KEYS
from uwr_desktop.ui.window.actions import ACTION_SPECS, shortcut_text

LICENSE = "MIT"
"""The license the app is published under (pyproject.toml's ``license``)."""


def shortcut_rows(window: QWidget, actions: Mapping[str, QAction]) -> list[tuple[str, str]]:
    """(command, keys) for every command that has keys: the commands' table in the menus'
    order, then ``window``'s other actions with keys (the player view's, the table's filter),
    then the Dice dock's own keys."""
    rows: list[tuple[str, str]] = []
    for spec in ACTION_SPECS:
        action = actions.get(spec.key)
        if action is None:
            continue
        keys = shortcut_text(action)
        if keys:
            rows.append((_words(spec.text), keys))
    listed = set(actions.values())
    for action in window.findChildren(QAction):
        if action not in listed and action.shortcuts():
            rows.append((_words(action.text()), shortcut_text(action)))
    for words, sequences, _method in TRAY_KEYS:
        keys = " or ".join(_native(QKeySequence(sequence)) for sequence in sequences)
        rows.append((f"{words} (in the Dice dock)", keys))
    return rows


def _words(text: str) -> str:
    return text.replace("&", "").rstrip("…")


def _native(sequence: QKeySequence) -> str:
    return sequence.toString(QKeySequence.SequenceFormat.NativeText)


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
    from uwr_desktop.ui.window.help_dialogs import show_about_box

    show_about_box(parent, f"About {APP_NAME}", about_text())


def show_shortcuts(window: QWidget, actions: Mapping[str, QAction]) -> None:
    """Show the shortcut sheet (not modal: it may stay open beside the fight)."""
    from uwr_desktop.ui.window.help_dialogs import show_shortcut_sheet

    show_shortcut_sheet(window, shortcut_rows(window, actions))


def add_help_menu(window: QMainWindow, actions: Mapping[str, QAction]) -> QMenu:
    """Add the Help menu to ``window``'s menu bar and connect its entries."""
    menu = window.menuBar().addMenu("&Help")
    menu.setObjectName("helpMenu")
    menu.addActions([actions["shortcuts"], actions["about"]])
    actions["shortcuts"].triggered.connect(lambda: show_shortcuts(window, actions))
    actions["about"].triggered.connect(lambda: show_about(window))
    return menu
