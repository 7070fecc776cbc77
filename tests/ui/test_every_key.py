"""Every command has a key, every key is in the F1 sheet, and no two mnemonics are alike.

In each round system, at the start of a fight and in its middle: every button of the Dice
dock's panel is a window command with a key (Fight ▸ Panel and its lists), has a mnemonic of its
own, or names the control that does the same by keyboard; the window's mnemonics and the
menu bar's never share a letter; every key the window binds is in the shortcut sheet. Every
dialog the app opens has mnemonics that are unique within it, and every underlined label
leads somewhere."""

from collections.abc import Callable
from pathlib import Path

import pytest
from accessible_walk import unnamed
from every_system import fighter
from fight_window import shown_window
from mnemonics import clashes, dead_labels, mnemonic
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.dice_requests import DiceRequest
from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.tactical.catalog import ActionType, Pace
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.crash.dialog import CrashDialog
from uwr_desktop.ui.dialogs.condition_dialog import ConditionDialog
from uwr_desktop.ui.dialogs.faces_prompt import FacesPrompt
from uwr_desktop.ui.dialogs.library import LibraryDialog
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.dialogs.quick import AmountDialog
from uwr_desktop.ui.rulesets.base import PanelCommand
from uwr_desktop.ui.rulesets.hands.combatant_dialog import HandsCombatantDialog
from uwr_desktop.ui.rulesets.rollkeep.combatant_dialog import RollkeepDialog
from uwr_desktop.ui.rulesets.tactical.catalog_dialog import CatalogDialog
from uwr_desktop.ui.rulesets.tactical.combatant_dialog import TacticalDialog
from uwr_desktop.ui.rulesets.uwr.combatant_dialog import CombatantDialog
from uwr_desktop.ui.storage_ui.recovery_dialog import RecoveryDialog
from uwr_desktop.ui.window.actions import on_every_keyboard
from uwr_desktop.ui.window.help_dialogs import HelpDialog
from uwr_desktop.ui.window.help_menu import shortcut_rows
from uwr_desktop.ui.window.main_window import MainWindow
from uwr_desktop.ui.window.panel_commands import panel_button

SYSTEMS = ("uwr", "tactical", "rollkeep", "hands")


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=7)


def in_the_middle(window: MainWindow, ruleset_id: str) -> None:
    """A fight of ``ruleset_id`` under way, an attack begun where the system has one."""
    sides = ((1, Side.PLAYER), (2, Side.ENEMY), (3, Side.ENEMY))
    window.document.new(ruleset_id, tuple(fighter(ruleset_id, n, side) for n, side in sides))
    window.document.session.do(StartFight())
    attack = window.actions_by_key["attack"]
    if attack.isEnabled():
        attack.trigger()
    QApplication.processEvents()


def keyed_by_the_window(window: MainWindow, button: QAbstractButton) -> bool:
    """Whether a window command with a key clicks ``button``."""
    panel = window.dice_dock.panel
    assert panel is not None
    if any(panel_button(panel, command) is button for command in PanelCommand):
        return True
    if any(entry.button is button and entry.shortcut for entry in panel.more):
        return True
    return any(button in listed.buttons() for listed in panel.lists)


def keyboard_way(window: MainWindow, button: QAbstractButton) -> QWidget | None:
    """The control a mouse-only mark names as doing the same by keyboard."""
    name = button.property("keyboardWay")
    return window.dice_dock.findChild(QWidget, name) if isinstance(name, str) else None


def without_a_key(window: MainWindow) -> list[str]:
    """The panel's buttons that no key reaches, in words."""
    dock = window.dice_dock
    missing = []
    for button in dock.findChildren(QAbstractButton):
        if button.parent() is dock:
            continue  # the dock's own float and close buttons: View ▸ Dice shows and hides it
        if keyed_by_the_window(window, button) or mnemonic(button.text()):
            continue
        way = keyboard_way(window, button)
        if way is not None and way.focusPolicy() != way.focusPolicy().NoFocus:
            continue
        missing.append(f"{button.objectName() or button.text()!r} ({button.accessibleName()})")
    return missing


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_every_panel_button_has_a_key_before_and_during_a_fight(window, ruleset_id):
    window.document.new(ruleset_id, (fighter(ruleset_id, 1, Side.PLAYER),))
    assert without_a_key(window) == []
    in_the_middle(window, ruleset_id)
    assert without_a_key(window) == []


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_no_two_mnemonics_alike_in_the_window_of_any_round_system(window, ruleset_id):
    window.document.new(ruleset_id)
    assert clashes(window) == {}
    in_the_middle(window, ruleset_id)
    assert clashes(window) == {}
    assert dead_labels(window) == []


def bound_keys(window: MainWindow) -> set[str]:
    """Every key the window binds now that every keyboard has, as the desktop writes it."""
    native = QKeySequence.SequenceFormat.NativeText
    sequences = []
    for action in window.findChildren(QAction):
        sequences += action.shortcuts()
    for shortcut in window.findChildren(QShortcut):
        sequences += list(shortcut.keys())
    return {s.toString(native) for s in sequences if on_every_keyboard(s)} - {""}


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_the_shortcut_sheet_lists_every_key_the_window_binds(window, ruleset_id):
    in_the_middle(window, ruleset_id)
    listed = set()
    for _command, keys in shortcut_rows(window, window.actions_by_key):
        listed |= set(keys.split(" or "))
    assert bound_keys(window) - listed == set()
    lists = window.dice_dock.panel.lists
    commands = [command for command, _keys in shortcut_rows(window, window.actions_by_key)]
    for entry in lists:
        assert f"{entry.keys.text.replace('&', '')}: a row, then its number" in commands


def dialogs(parent: MainWindow, folder: Path) -> dict[str, Callable[[], QWidget]]:
    """Every dialog the app opens, built as the window builds it."""
    return {
        "new fight": lambda: NewFightDialog(parent=parent),
        "uwr sheet": lambda: CombatantDialog(make_ruleset("uwr"), parent=parent),
        "uwr sheet of a fighter": lambda: CombatantDialog(
            make_ruleset("uwr"), fighter("uwr", 1, Side.PLAYER), parent=parent
        ),
        "rollkeep sheet": lambda: RollkeepDialog(parent, fighter("rollkeep", 1, Side.PLAYER)),
        "tactical sheet": lambda: TacticalDialog(parent, fighter("tactical", 1, Side.PLAYER)),
        "hands sheet": lambda: HandsCombatantDialog(parent, fighter("hands", 1, Side.PLAYER)),
        "condition": lambda: ConditionDialog(combatants=(("f1", "Bryn"),), parent=parent),
        "amount": lambda: AmountDialog("Apply Damage", "Damage", parent=parent),
        "help": lambda: HelpDialog((), (), parent),
        "library": lambda: LibraryDialog(
            CombatantLibrary(folder / "library.sqlite"), "uwr", (), parent=parent
        ),
        "tactical catalog": lambda: CatalogDialog(
            (ActionType(name="Slash", min_ap=2, max_ap=4),), (Pace("Walk", -10),), parent
        ),
        "dice by hand": lambda: FacesPrompt(DiceRequest(10, 7, dice="7 d10, keep 3"), "Bryn"),
        "recovery": lambda: RecoveryDialog((), parent=parent),
        "crash": lambda: CrashDialog(parent, "The log is in crash.log."),
        "share with players": parent.share.open_dialog,
    }


DIALOGS = (
    "new fight",
    "uwr sheet",
    "uwr sheet of a fighter",
    "rollkeep sheet",
    "tactical sheet",
    "hands sheet",
    "condition",
    "amount",
    "help",
    "library",
    "tactical catalog",
    "dice by hand",
    "recovery",
    "crash",
    "share with players",
)


@pytest.mark.parametrize("name", DIALOGS)
def test_no_two_mnemonics_alike_and_every_control_named_in_any_dialog(window, name, tmp_path):
    dialog = dialogs(window, tmp_path)[name]()
    assert clashes(dialog) == {}
    assert dead_labels(dialog) == []
    dialog.show()
    assert unnamed(dialog) == []
    dialog.close()


def test_every_dialog_is_checked(window, tmp_path):
    assert set(dialogs(window, tmp_path)) == set(DIALOGS)


def test_a_clash_is_found():
    holder = QWidget()
    side, savvy, box = QLabel("&Side"), QLabel("&Savvy"), QLineEdit()
    side.setBuddy(box)
    layout = QVBoxLayout(holder)
    for widget in (side, savvy, box, QPushButton("&Save")):
        layout.addWidget(widget)
    assert sorted(clashes(holder)["s"]) == [
        "QPushButton '&Save'",
        "label '&Savvy'",
        "label '&Side'",
    ]
    assert dead_labels(holder) == ["&Savvy"]


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_no_menu_command_is_greyed_while_its_panel_button_works(window, ruleset_id):
    for moment in (
        lambda: window.document.new(ruleset_id),
        lambda: in_the_middle(window, ruleset_id),
    ):
        moment()
        panel = window.dice_dock.panel
        paired = [
            (window.actions_by_key[command.value], panel_button(panel, command))
            for command in PanelCommand
        ]
        paired += [(window.panel_commands.more.actions[e.key], e.button) for e in panel.more]
        for action, button in paired:
            usable = button is not None and button.isEnabled() and not button.isHidden()
            assert action.isEnabled() == usable, action.text()
