"""The keys of a greyed command: Qt ignores a disabled action's keys, so a GM pressing one, or a
screen reader's user, would get nothing; while the action is greyed, its keys say why instead."""

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QShortcut
from PySide6.QtWidgets import QWidget


class GreyedKeys:
    """Stand-ins for ``action``'s keys in ``window``, enabled only while the action is greyed:
    each hands the reason :meth:`update` was last given to ``refuse``."""

    def __init__(self, action: QAction, window: QWidget, refuse: Callable[[str], None]) -> None:
        """Stand-ins for the keys ``action`` has now, disabled until :meth:`update` greys it."""
        self._reason = ""
        self._shortcuts: list[QShortcut] = []
        for sequence in action.shortcuts():
            shortcut = QShortcut(sequence, window)
            # Named as the action is: the same key of the same command, never both enabled.
            shortcut.setObjectName(action.objectName())
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.setEnabled(False)
            shortcut.activated.connect(lambda: refuse(self._reason))
            self._shortcuts.append(shortcut)

    def update(self, reason: str | None) -> None:
        """The action is greyed because of ``reason`` (``None``: it is not, its own keys act)."""
        self._reason = reason or ""
        for shortcut in self._shortcuts:
            shortcut.setEnabled(reason is not None)

    def remove(self) -> None:
        """Take the stand-ins away (the action goes)."""
        for shortcut in self._shortcuts:
            shortcut.setEnabled(False)
            shortcut.setParent(None)  # out of the window's keys at once, then deleted
            shortcut.deleteLater()
        self._shortcuts = []
