"""The window's Attack, Roll, Reroll and Resolve: menu entries and keys that click the round
system's own panel buttons (:attr:`DicePanel.commands`), whatever round system the fight follows;
and the panel's other commands (:attr:`DicePanel.more`), each a Fight ▸ Panel entry with its key.

Each entry is enabled exactly when its button is, and says why when it is not: a greyed button's
own tooltip, or that the round system has no such command; its key, greyed, says it in the
status bar (:class:`GreyedKeys`). A panel button's tooltip gains the key, read from the same
action, when it is shown.
"""

from collections.abc import Callable, Mapping

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QHelpEvent
from PySide6.QtWidgets import QAbstractButton, QMenu, QToolTip, QWidget

from uwr_desktop.ui.rulesets.base import DicePanel, PanelCommand
from uwr_desktop.ui.window.actions import shortcut_text, tip_with_shortcut
from uwr_desktop.ui.window.greyed_keys import GreyedKeys
from uwr_desktop.ui.window.panel_lists import ListedCommands

_TRAY_BUTTONS = {PanelCommand.ROLL: "roll_button", PanelCommand.REROLL: "reroll_button"}
"""The tray's own buttons that answer a command a panel leaves to it."""


def panel_button(panel: DicePanel | None, command: PanelCommand) -> QAbstractButton | None:
    """The panel's button for ``command``; Roll and Reroll fall back to the dice tray's."""
    if panel is None:
        return None
    button = panel.commands.get(command)
    if button is None and command in _TRAY_BUTTONS:
        found = getattr(panel.tray, _TRAY_BUTTONS[command])
        return found if isinstance(found, QAbstractButton) else None
    return button


def shown_tip(button: QAbstractButton, action: QAction) -> str:
    """The tooltip shown over a panel button: its own words and the window's key for it."""
    keys = shortcut_text(action)
    tip = button.toolTip() or action.text().replace("&", "")
    return f"{tip} — {keys}" if keys else tip


class ButtonFollower(QObject):
    """Keeps one action in step with its panel button (enabled, shown, tooltip) and shows the
    button's tooltip with the action's key."""

    def __init__(self, action: QAction, button: QAbstractButton, sync: Callable[[], None]) -> None:
        """Call ``sync`` whenever ``button`` changes; installed on the button by the caller."""
        super().__init__(button)
        self._action = action
        self._sync = sync

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """Follow the button's state; show its tooltip with the key."""
        kind = event.type()
        if kind in (
            QEvent.Type.EnabledChange,
            QEvent.Type.Show,
            QEvent.Type.Hide,
            QEvent.Type.ToolTipChange,
        ):
            self._sync()
        if (
            kind == QEvent.Type.ToolTip
            and isinstance(watched, QAbstractButton)
            and isinstance(event, QHelpEvent)
        ):
            QToolTip.showText(event.globalPos(), shown_tip(watched, self._action), watched)
            return True
        return super().eventFilter(watched, event)


class PanelCommands:
    """Binds the window's panel actions (keyed by :class:`PanelCommand` value) to the panel
    shown now; ``refuse`` tells the GM why a command cannot be done."""

    def __init__(
        self, actions: Mapping[str, QAction], refuse: Callable[[str], None], owner: QWidget
    ) -> None:
        """Connect ``actions["attack"]``, ``["roll"]``, ``["reroll"]`` and ``["resolve"]``; the
        panel's other commands get actions owned by ``owner`` in :attr:`more`'s menu."""
        self.more = MoreCommands(owner, refuse)
        self._actions = {command: actions[command.value] for command in PanelCommand}
        self._tips = {command: action.toolTip() for command, action in self._actions.items()}
        self._greyed_keys = {
            command: GreyedKeys(action, owner, refuse) for command, action in self._actions.items()
        }
        self._refuse = refuse
        self._panel: DicePanel | None = None
        for command, action in self._actions.items():
            action.triggered.connect(lambda _=False, chosen=command: self.run(chosen))
        self.set_panel(None)

    def set_panel(self, panel: DicePanel | None) -> None:
        """Follow ``panel`` (``None``: no panel)."""
        self._panel = panel
        self.more.set_panel(panel)
        for command, action in self._actions.items():
            button = panel_button(panel, command)
            if button is not None:
                button.installEventFilter(ButtonFollower(action, button, self._syncer(command)))
            self.sync(command)

    def _syncer(self, command: PanelCommand) -> Callable[[], None]:
        return lambda: self.sync(command)

    def sync(self, command: PanelCommand) -> None:
        """Enable ``command``'s action exactly when its button can be used, saying why not."""
        action = self._actions[command]
        button = panel_button(self._panel, command)
        name = action.text().replace("&", "")
        self._greyed_keys[command].update(self._refusal(command))
        if button is None:
            action.setEnabled(False)
            action.setToolTip(
                tip_with_shortcut(f"{name}: not a command of this round system", action)
            )
            return
        usable = button.isEnabled() and not button.isHidden()
        action.setEnabled(usable)
        if usable:
            action.setToolTip(self._tips[command])
        elif button.isHidden():
            verb = name.split()[0].lower()
            action.setToolTip(tip_with_shortcut(f"{name}: nothing to {verb} now", action))
        else:
            reason = button.toolTip() or "not possible now"
            action.setToolTip(tip_with_shortcut(f"{name}: {reason}", action))

    def run(self, command: PanelCommand) -> bool:
        """Click the panel's button for ``command``; ``False`` (with the reason said) when the
        panel has none or it cannot be used now."""
        refusal = self._refusal(command)
        if refusal is not None:
            self._refuse(refusal)
            return False
        button = panel_button(self._panel, command)
        assert button is not None
        button.click()
        return True

    def _refusal(self, command: PanelCommand) -> str | None:
        """Why ``command`` cannot be done now, in words for the GM (``None``: it can)."""
        button = panel_button(self._panel, command)
        name = self._actions[command].text().replace("&", "")
        if button is None:
            return f"This round system's panel has no {name} command."
        return _button_refusal(name, button)


class MoreCommands:
    """The panel's own commands (:attr:`DicePanel.more`) as actions of ``owner``, listed in
    :attr:`menu`; each clicks its button and is enabled exactly when the button is. The
    panel's per-row buttons follow as submenus (:attr:`lists`)."""

    def __init__(self, owner: QWidget, refuse: Callable[[str], None]) -> None:
        """An empty, disabled menu; ``refuse`` tells the GM why a list offers nothing, or why
        a greyed command's key does nothing."""
        self._owner = owner
        self._refuse = refuse
        self.menu = QMenu("&Panel", owner)
        self.menu.setObjectName("panelMenu")
        self.actions: dict[str, QAction] = {}
        self._greyed_keys: list[GreyedKeys] = []
        self.lists = ListedCommands(owner, self.menu, refuse)
        self.menu.menuAction().setEnabled(False)

    def set_panel(self, panel: DicePanel | None) -> None:
        """Offer ``panel``'s other commands instead of the last panel's."""
        for action in self.actions.values():
            self._owner.removeAction(action)
            action.deleteLater()
        for keys in self._greyed_keys:
            keys.remove()
        self.menu.clear()
        self.actions = {}
        self._greyed_keys = []
        for entry in () if panel is None else panel.more:
            action = QAction(entry.text, self._owner)
            action.setObjectName(f"panel_{entry.key}")
            if entry.shortcut:
                action.setShortcut(entry.shortcut)
            action.triggered.connect(entry.button.click)
            keys = GreyedKeys(action, self._owner, self._refuse)
            self._greyed_keys.append(keys)
            sync = _follow(action, entry.button, keys)
            entry.button.installEventFilter(ButtonFollower(action, entry.button, sync))
            sync()
            self._owner.addAction(action)
            self.menu.addAction(action)
            self.actions[entry.key] = action
        self.lists.set_panel(panel)
        self.menu.menuAction().setEnabled(bool(self.actions) or bool(self.lists.menus))


def _button_refusal(name: str, button: QAbstractButton) -> str | None:
    """Why the command ``name`` clicking ``button`` cannot be done now (``None``: it can)."""
    if button.isEnabled() and not button.isHidden():
        return None
    reason = button.toolTip() if not button.isEnabled() else ""
    return f"{name} is not possible now" + (f": {reason}" if reason else ".")


def _follow(action: QAction, button: QAbstractButton, keys: GreyedKeys) -> Callable[[], None]:
    """What keeps ``action`` enabled exactly when ``button`` can be clicked, with its tip, and
    its ``keys`` saying why while it cannot."""

    def sync() -> None:
        action.setEnabled(button.isEnabled() and not button.isHidden())
        tip = button.toolTip() or action.text().replace("&", "")
        action.setToolTip(tip_with_shortcut(tip, action))
        keys.update(_button_refusal(action.text().replace("&", ""), button))

    return sync
