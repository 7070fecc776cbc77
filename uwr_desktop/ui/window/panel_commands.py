"""The window's Attack, Roll and Resolve: menu entries and keys that click the round system's
own panel buttons (:attr:`DicePanel.commands`), whatever round system the fight follows.

A panel button's tooltip gains the key, read from the same action, when it is shown.
"""

from collections.abc import Callable, Mapping

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QHelpEvent
from PySide6.QtWidgets import QAbstractButton, QToolTip

from uwr_desktop.ui.rulesets.base import DicePanel, PanelCommand
from uwr_desktop.ui.window.actions import shortcut_text


def panel_button(panel: DicePanel | None, command: PanelCommand) -> QAbstractButton | None:
    """The panel's button for ``command``; Roll falls back to the dice tray's Roll button."""
    if panel is None:
        return None
    button = panel.commands.get(command)
    if button is None and command is PanelCommand.ROLL:
        return panel.tray.roll_button
    return button


def shown_tip(button: QAbstractButton, action: QAction) -> str:
    """The tooltip shown over a panel button: its own words and the window's key for it."""
    keys = shortcut_text(action)
    tip = button.toolTip() or action.text().replace("&", "")
    return f"{tip} — {keys}" if keys else tip


class _TipWithKeys(QObject):
    """Shows a panel button's current tooltip with the key of the window's action."""

    def __init__(self, action: QAction, parent: QObject) -> None:
        super().__init__(parent)
        self._action = action

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """Show the tooltip with the key instead of the button's own."""
        if (
            event.type() == QEvent.Type.ToolTip
            and isinstance(watched, QAbstractButton)
            and isinstance(event, QHelpEvent)
        ):
            QToolTip.showText(event.globalPos(), shown_tip(watched, self._action), watched)
            return True
        return super().eventFilter(watched, event)


class PanelCommands:
    """Binds the window's panel actions (keyed by :class:`PanelCommand` value) to the panel
    shown now; ``refuse`` tells the GM why a command cannot be done."""

    def __init__(self, actions: Mapping[str, QAction], refuse: Callable[[str], None]) -> None:
        """Connect ``actions["attack"]``, ``["roll"]`` and ``["resolve"]``."""
        self._actions = {command: actions[command.value] for command in PanelCommand}
        self._refuse = refuse
        self._panel: DicePanel | None = None
        for command, action in self._actions.items():
            action.triggered.connect(lambda _=False, chosen=command: self.run(chosen))
        self.set_panel(None)

    def set_panel(self, panel: DicePanel | None) -> None:
        """Follow ``panel`` (``None``: no panel); commands it does not offer are greyed."""
        self._panel = panel
        for command, action in self._actions.items():
            button = panel_button(panel, command)
            action.setEnabled(button is not None)
            if button is not None:
                button.installEventFilter(_TipWithKeys(action, button))

    def run(self, command: PanelCommand) -> bool:
        """Click the panel's button for ``command``; ``False`` (with the reason said) when the
        panel has none or it cannot be used now."""
        button = panel_button(self._panel, command)
        name = self._actions[command].text().replace("&", "")
        if button is None:
            self._refuse(f"This round system's panel has no {name} command.")
            return False
        if not button.isEnabled() or button.isHidden():
            reason = button.toolTip() if not button.isEnabled() else ""
            self._refuse(f"{name} is not possible now" + (f": {reason}" if reason else "."))
            return False
        button.click()
        return True
