"""The standard dialogs the windows ask through: file names, save or discard, warnings.

``QMessageBox`` and ``QFileDialog`` are imported when a dialog is first wanted: building their
types and enums costs start-up time, and most sessions never show one.
"""

from pathlib import Path
from typing import Literal

from PySide6.QtWidgets import QWidget

SaveAnswer = Literal["save", "discard", "cancel"]


def ask_save_changes(parent: QWidget, title: str, question: str) -> SaveAnswer:
    """Ask whether to save before going on: Save, Discard or Cancel (the default is Save)."""
    from PySide6.QtWidgets import QMessageBox

    buttons = QMessageBox.StandardButton
    answer = QMessageBox.question(
        parent,
        title,
        question,
        buttons.Save | buttons.Discard | buttons.Cancel,
        buttons.Save,
    )
    if answer == buttons.Save:
        return "save"
    return "discard" if answer == buttons.Discard else "cancel"


def warn(parent: QWidget, title: str, text: str) -> None:
    """Tell the GM what went wrong, in a dialog with an OK button."""
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.warning(parent, title, text)


def ask_open_path(parent: QWidget, caption: str, folder: str, filters: str) -> Path | None:
    """A file to open, or ``None`` when the GM cancels."""
    from PySide6.QtWidgets import QFileDialog

    path, _filter = QFileDialog.getOpenFileName(parent, caption, folder, filters)
    return Path(path) if path else None


def ask_save_path(parent: QWidget, caption: str, suggested: str, filters: str) -> Path | None:
    """A file name to save under, or ``None`` when the GM cancels."""
    from PySide6.QtWidgets import QFileDialog

    path, _filter = QFileDialog.getSaveFileName(parent, caption, suggested, filters)
    return Path(path) if path else None


OverwriteAnswer = Literal["overwrite", "save_as", "cancel"]


def ask_overwrite_changed(parent: QWidget, title: str, question: str) -> OverwriteAnswer:
    """Ask what to do with a file that changed on disk: Overwrite, Save As… or Cancel (the
    default, so that a stray Enter overwrites nothing)."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Warning, title, question, parent=parent)
    box.setObjectName("overwriteChangedBox")
    overwrite = box.addButton("&Overwrite", QMessageBox.ButtonRole.DestructiveRole)
    save_as = box.addButton("Save &As…", QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is overwrite:
        return "overwrite"
    return "save_as" if clicked is save_as else "cancel"


def inform(parent: QWidget, title: str, text: str) -> None:
    """Tell the GM something they need to know, in a dialog with an OK button."""
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.information(parent, title, text)


def confirm(parent: QWidget, title: str, question: str, action: str) -> bool:
    """Ask before doing something the GM may not have meant (a stray key): ``action`` names the
    button that goes ahead; Cancel is the default."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Question, title, question, parent=parent)
    box.setObjectName("confirmBox")
    go = box.addButton(action, QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is go
