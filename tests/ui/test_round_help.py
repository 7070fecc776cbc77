"""Help ▸ Running a Round (F1): a page per round system, the fight's first, naming the keys the
window's actions really have and the buttons each system's panel really shows."""

import re
from pathlib import Path

import pytest
from every_system import OWN_SYSTEMS
from fight_window import shown_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

import uwr_desktop
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.ui.rulesets import ruleset_ui
from uwr_desktop.ui.rulesets.base import SHARED_ROUND_HELP
from uwr_desktop.ui.window.actions import ACTION_SPECS, shortcut_text
from uwr_desktop.ui.window.help_dialogs import HelpDialog
from uwr_desktop.ui.window.help_menu import named_keys

SYSTEMS = ("uwr", "tactical", "rollkeep", "hands")
UI_ROOT = Path(uwr_desktop.__file__).parent / "ui" / "rulesets"
KEYS_LIKE = re.compile(
    r"\b(?:(?:Ctrl|Shift|Alt|Meta)\+)+(?:F\d{1,2}\b|[A-Za-z]+|[-+=])|\bF\d{1,2}\b"
)
"""Anything in a page that reads as keys ("Ctrl+Return", "F5")."""


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=5)


def _press_f1(qtbot, window) -> HelpDialog:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = window.findChild(HelpDialog, "helpDialog")
    assert dialog is not None and dialog.isVisible()
    return dialog


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_f1_opens_the_page_of_the_fights_system(window, qtbot, ruleset_id):
    window.document.new(ruleset_id)
    dialog = _press_f1(qtbot, window)
    assert dialog.tabs.currentIndex() == HelpDialog.ROUND_TAB
    assert dialog.shown_system() == ruleset_id
    assert dialog.systems.itemData(0) == ruleset_id
    title = make_ruleset(ruleset_id).title
    assert title in dialog.page_text()
    assert dialog.page.accessibleName() == f"How to run a round: {title}"
    offered = {dialog.systems.itemData(i) for i in range(dialog.systems.count())}
    assert set(SYSTEMS) <= offered, "the other systems are reachable"


def test_every_system_has_its_own_page_and_the_others_are_a_choice_away(window, qtbot):
    dialog = _press_f1(qtbot, window)
    pages = {}
    for index in range(dialog.systems.count()):
        dialog.systems.setCurrentIndex(index)
        pages[dialog.shown_system()] = dialog.page_text()
    for ruleset_id in SYSTEMS:
        help_page = ruleset_ui(ruleset_id).round_help
        assert help_page is not SHARED_ROUND_HELP, ruleset_id
        assert 4 <= len(help_page.steps) <= 8, "short"
        assert help_page.summary in pages[ruleset_id]
    assert len({pages[r] for r in SYSTEMS}) == len(SYSTEMS)


def test_the_keys_named_are_those_of_the_windows_actions(window, qtbot):
    actions = window.actions_by_key
    all_keys = {
        binding
        for action in actions.values()
        for binding in shortcut_text(action).split(" or ")
        if binding
    }
    dialog = _press_f1(qtbot, window)
    for index in range(dialog.systems.count()):
        dialog.systems.setCurrentIndex(index)
        ruleset_id = dialog.shown_system()
        help_page = ruleset_ui(ruleset_id).round_help
        named = [key for step in help_page.steps for key in named_keys(step)]
        for key in ("start_fight", "next_turn", "end_round"):
            assert key in named, f"{ruleset_id} never names {key}"
        text = dialog.page_text()
        for key in named:
            keys = shortcut_text(actions[key])
            assert keys, f"{ruleset_id} names {key}, which has no keys"
            assert keys.split(" or ")[0] in text
        for shown in KEYS_LIKE.findall(text):
            assert shown in all_keys, f"{ruleset_id} names {shown!r}, no command's keys"


def _ui_sources(ruleset_id: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (UI_ROOT / ruleset_id).glob("*.py"))


def test_the_buttons_named_are_those_of_the_systems_panel(window):
    commands = {spec.text.replace("&", "").rstrip("…") for spec in ACTION_SPECS}
    tray = (UI_ROOT.parent / "dice" / "tray.py").read_text(encoding="utf-8")
    for ruleset_id in SYSTEMS:
        sources = _ui_sources(ruleset_id) + tray
        for step in ruleset_ui(ruleset_id).round_help.steps:
            for label in re.findall(r"\*([^*]+)\*", step):
                if label.rstrip("…") in commands:
                    continue
                parts = label.split(" N ")  # "Apply N damage": the number is the hit's
                assert all(part.rstrip("…") in sources for part in parts), (
                    f"{ruleset_id}: no button {label!r}"
                )
                assert f'"{parts[0]}' in sources or f"'{parts[0]}" in sources, label


def test_the_help_is_read_and_moved_through_by_keyboard(window, qtbot):
    dialog = _press_f1(qtbot, window)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    assert dialog.page.hasFocus() or dialog.page.isAncestorOf(QApplication.focusWidget())
    label = next(w for w in dialog.findChildren(QLabel) if w.buddy() is dialog.systems)
    assert label.text() == "Round s&ystem"
    assert dialog.systems.accessibleName() == "Round system"
    assert dialog.shortcuts.accessibleName() == "Keyboard shortcuts"
    assert [dialog.tabs.tabText(i) for i in range(2)] == ["Running a &Round", "&Shortcuts"]
    qtbot.keyClick(dialog.page, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert dialog.tabs.currentIndex() == HelpDialog.SHORTCUTS_TAB
    window.actions_by_key["round_help"].trigger()
    assert dialog.tabs.currentIndex() == HelpDialog.ROUND_TAB
    assert window.findChildren(HelpDialog) == [dialog], "one help per window"


def test_a_system_without_a_page_gets_the_shared_commands(with_own_systems, window, qtbot):
    window.document.new(OWN_SYSTEMS[0])
    dialog = _press_f1(qtbot, window)
    assert dialog.shown_system() == OWN_SYSTEMS[0]
    assert ruleset_ui(OWN_SYSTEMS[0]).round_help is SHARED_ROUND_HELP
    text = dialog.page_text()
    assert shortcut_text(window.actions_by_key["next_turn"]) in text
    assert "Duel" in text
