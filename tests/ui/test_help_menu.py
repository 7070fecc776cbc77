"""The Help menu, the help's shortcut list and the keys for the panel's Attack, Roll and Resolve."""

import pytest
from fight_window import shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from test_check_panel import bandit, vex

import uwr_desktop
from uwr_desktop.core.intents import AddCombatants, StartFight
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.ui.rulesets import PanelCommand
from uwr_desktop.ui.window.actions import on_every_keyboard, shortcut_text
from uwr_desktop.ui.window.help_dialogs import HelpDialog
from uwr_desktop.ui.window.help_menu import about_text
from uwr_desktop.ui.window.panel_commands import shown_tip


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=4)


def _menu(window, title):
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == title:
            return action.menu()
    raise AssertionError(f"no {title} menu")


def _activate(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def _sheet(window):
    return window.findChild(HelpDialog, "helpDialog")


def test_the_shortcut_list_has_the_keys_the_menus_show(window, qtbot):
    help_menu = _menu(window, "Help")
    assert [a.text().replace("&", "") for a in help_menu.actions()] == [
        "Running a Round",
        "Keyboard Shortcuts",
        "About UWR Desktop",
    ]
    window.actions_by_key["shortcuts"].trigger()
    sheet = _sheet(window)
    assert sheet is not None and sheet.isVisible()
    assert sheet.tabs.currentWidget() is sheet.shortcuts
    rows = dict(sheet.shortcuts.rows())
    fight = _menu(window, "Fight")
    shown = {a.text().replace("&", ""): shortcut_text(a) for a in fight.actions() if a.shortcuts()}
    for command in ("Next Turn", "End Round", "Attack", "Roll", "Resolve"):
        assert shown[command], f"{command} has no key in the Fight menu"
        assert rows[command] == shown[command]
    assert rows["Running a Round"].startswith("F1")


def test_the_keys_told_are_on_every_keyboard_and_the_others_still_work(window, qtbot):
    window.actions_by_key["shortcuts"].trigger()
    rows = dict(_sheet(window).shortcuts.rows())
    assert rows["New Fight"] == "Ctrl+N"
    assert rows["Undo"].startswith("Ctrl+Z")
    named = {"New", "Open", "Save", "Undo", "Redo", "Find", "Help", "Zoom In", "Zoom Out"}
    for command, keys in rows.items():
        bindings = keys.replace("Shift+", "").split(" or ")
        assert not named & set(bindings), command
    new = window.actions_by_key["new"]
    assert new.toolTip() == "Start an empty fight (Ctrl+N)"
    assert any(not on_every_keyboard(sequence) for sequence in new.shortcuts()), (
        "the platform's own New key stays bound"
    )


def test_the_sheet_lists_the_player_view_the_filter_and_the_dice_dock_keys(window, qtbot):
    _activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    rows = dict(_sheet(window).shortcuts.rows())
    assert rows["Player View"] == "F10"
    assert rows["Rolls for the GM Only"] == "Ctrl+Shift+G"
    assert rows["Filter the Table by Name"] == "Ctrl+F"
    assert rows["Roll the typed dice (in the Dice dock)"] == "Return or Enter or Ctrl+R"
    assert "Ctrl+Return" not in [keys for command, keys in rows.items() if command != "Next Turn"]


def test_the_sheet_lists_the_zoom_keys_and_the_health_steps_beside_them(window, qtbot):
    _activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    rows = dict(_sheet(window).shortcuts.rows())
    assert rows["Zoom In"] == "Ctrl++ or Ctrl+="
    assert rows["Zoom Out"] == "Ctrl+-"
    assert rows["Reset Zoom"] == "Ctrl+0"
    assert rows["Deal 1 Damage"] == "Alt+-"
    assert rows["Heal 1"] == "Alt+= or Alt++"


def test_the_turn_commands_name_their_keys_in_their_tooltips(window):
    for key in ("next_turn", "end_round", "attack", "roll", "resolve"):
        action = window.actions_by_key[key]
        assert shortcut_text(action) in action.toolTip(), key


def test_about_names_the_version_and_the_license(window):
    text = about_text()
    assert uwr_desktop.__version__ in text and "MIT" in text

    seen = []

    def close_it(box):
        seen.append(box.text())
        box.accept()

    when_modal(QMessageBox, close_it)
    window.actions_by_key["about"].trigger()
    assert seen and "MIT" in seen[0] and uwr_desktop.__version__ in seen[0]


def test_attack_and_resolve_by_key_in_a_uwr_fight(window, qtbot):
    window.do(AddCombatants([vex(), bandit(1)]))
    window.do(StartFight())
    state = window.document.session.state
    assert state.current is not None
    attack_button = window.dice_panel.commands[PanelCommand.ATTACK]
    assert attack_button.isEnabled(), attack_button.toolTip()
    assert shown_tip(attack_button, window.actions_by_key["attack"]).endswith("F11")
    _activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F11)
    pending = part_of(window.document.session.state).pending
    assert pending is not None and pending.check.kind == "attack"
    qtbot.keyClick(window, Qt.Key.Key_F8)
    assert part_of(window.document.session.state).pending is None
    entries = window.document.session.entries
    assert any("CheckResolved" in type(e).__name__ for e in entries[-1].events)


def test_a_command_that_cannot_be_done_now_is_greyed_and_says_why(window):
    action = window.actions_by_key["resolve"]
    button = window.dice_panel.commands[PanelCommand.RESOLVE]
    assert not button.isEnabled() and not action.isEnabled()
    assert action.toolTip() == f"Resolve: {button.toolTip()} (F8)"
    assert not window.panel_commands.run(PanelCommand.RESOLVE)
    assert "Resolve is not possible now" in window.statusBar().currentMessage()


def test_a_command_follows_its_panel_button(window):
    window.do(AddCombatants([vex(), bandit(1)]))
    window.do(StartFight())
    attack = window.actions_by_key["attack"]
    assert attack.isEnabled() and attack.toolTip().endswith("(F11)")
    window.dice_panel.commands[PanelCommand.ATTACK].setEnabled(False)
    assert not attack.isEnabled()


def test_roll_by_key_rolls_the_trays_dice(window, qtbot):
    tray = window.dice_tray
    tray.notation.setText("3d6")
    _activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F7)
    assert len(tray.view.dice()) == 3
