"""A panel's buttons made one per row (:attr:`DicePanel.lists`) as Fight ▸ Panel submenus.

Each list is a submenu filled when it opens, one entry per button the panel shows now, named
for its row and numbered 1 to 9; the list's key opens the same submenu beside the panel, so
"Prepare the Greataxe" is the list's key, then 1. An entry clicks its button, so the panel
stays the one place that decides what the click does, and it is greyed exactly when the button
is. A key pressed when the list is empty says so instead of opening nothing.
"""

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QMenu, QWidget

from uwr_desktop.ui.rulesets.base import LISTED_NUMBERS, DicePanel, PanelList


def entry_text(number: int, button: QAbstractButton) -> str:
    """A list entry's words: its number as mnemonic (up to 9), then the button's row name."""
    name = (button.accessibleName() or button.text()).replace("&", "&&")
    return f"&{number} {name}" if number <= LISTED_NUMBERS else name


def shown_buttons(listed: PanelList) -> list[QAbstractButton]:
    """The list's buttons the panel shows now, in its order."""
    return [button for button in listed.buttons() if not button.isHidden()]


class ListedCommands:
    """The lists of the panel shown now as submenus of ``menu`` and keys of ``owner``;
    ``refuse`` tells the GM that a list has nothing to offer."""

    def __init__(self, owner: QWidget, menu: QMenu, refuse: Callable[[str], None]) -> None:
        """No lists yet (:meth:`set_panel` adds them)."""
        self._owner = owner
        self._menu = menu
        self._refuse = refuse
        self._panel: DicePanel | None = None
        self.menus: dict[str, QMenu] = {}
        self.actions: dict[str, QAction] = {}

    def set_panel(self, panel: DicePanel | None) -> None:
        """Offer ``panel``'s lists instead of the last panel's."""
        for action in self.actions.values():
            self._owner.removeAction(action)
            action.setShortcuts([])  # at once: the next panel may bind the same key
            action.deleteLater()
        for submenu in self.menus.values():
            submenu.deleteLater()
        self.menus, self.actions = {}, {}
        self._panel = panel
        lists: Sequence[PanelList] = () if panel is None else panel.lists
        if lists:
            self._menu.addSeparator()
        for listed in lists:
            submenu = self._menu.addMenu(f"{listed.keys.text}\t{listed.keys.native_shortcut()}")
            submenu.setObjectName(f"panelList_{listed.keys.key}")
            submenu.aboutToShow.connect(lambda chosen=listed, into=submenu: fill(chosen, into))
            opener = QAction(f"{listed.keys.text}: a row, then its number", self._owner)
            opener.setObjectName(f"panelListKey_{listed.keys.key}")
            opener.setShortcut(listed.keys.shortcut)
            opener.triggered.connect(lambda _=False, chosen=listed: self.open(chosen))
            self._owner.addAction(opener)
            self.menus[listed.keys.key] = submenu
            self.actions[listed.keys.key] = opener

    def open(self, listed: PanelList) -> bool:
        """Open the list's submenu beside the panel (an entry that cannot be used now is greyed
        with its reason); ``False`` (the GM told why) when the list is empty."""
        if not shown_buttons(listed):
            self._refuse(listed.keys.empty)
            return False
        submenu = self.menus[listed.keys.key]
        submenu.popup(self._anchor())
        return True

    def _anchor(self) -> QPoint:
        """Where a list opens: the panel's top left corner when it is on screen, else the
        window's."""
        panel = self._panel
        if panel is not None and panel.widget.isVisible():
            return panel.widget.mapToGlobal(QPoint(0, 0))
        return self._owner.mapToGlobal(QPoint(0, 0))


def fill(listed: PanelList, submenu: QMenu) -> None:
    """Fill ``submenu`` with an entry per button the list shows now (a greyed line when none)."""
    submenu.clear()
    buttons = shown_buttons(listed)
    if not buttons:
        submenu.addAction(listed.keys.empty).setEnabled(False)
        return
    for number, button in enumerate(buttons, start=1):
        entry = submenu.addAction(entry_text(number, button))
        entry.setEnabled(button.isEnabled())
        entry.setToolTip(button.toolTip())
        entry.triggered.connect(button.click)
