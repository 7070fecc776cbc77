"""Every key means one thing wherever the keyboard is: no two of the main window's actions, nor
the shortcuts of the Dice dock's panels, share a key where both could fire, in any round
system (Qt fires neither of two such shortcuts and only logs "Ambiguous shortcut")."""

from itertools import combinations

import msgspec
import pytest
from every_system import fighter
from fight_window import shown_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QWidget

from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.rulesets import ruleset_ids
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.window.actions import ACTION_SPECS
from uwr_desktop.ui.window.main_window import MainWindow

SYSTEMS = ("uwr", "tactical", "rollkeep", "hands")
Context = Qt.ShortcutContext


class Binding(msgspec.Struct, frozen=True):
    """One key of one action or shortcut, and where the keyboard must be for it to fire."""

    name: str
    keys: str
    context: Context
    scope: tuple[QWidget, ...]
    """The widgets the key is bound in: none for the whole window."""


def _portable(sequence: QKeySequence) -> str:
    return sequence.toString(QKeySequence.SequenceFormat.PortableText)


def _action_bindings(window: MainWindow) -> list[Binding]:
    found = []
    for action in window.findChildren(QAction):
        context = action.shortcutContext()
        widgets = tuple(w for w in action.associatedObjects() if isinstance(w, QWidget))
        scope = () if context in (Context.WindowShortcut, Context.ApplicationShortcut) else widgets
        name = action.objectName() or action.text().replace("&", "")
        found += [Binding(name, _portable(keys), context, scope) for keys in action.shortcuts()]
    return found


def _shortcut_bindings(window: MainWindow) -> list[Binding]:
    found = []
    for shortcut in window.findChildren(QShortcut):
        context = shortcut.context()
        parent = shortcut.parent()
        assert isinstance(parent, QWidget)
        window_wide = context in (Context.WindowShortcut, Context.ApplicationShortcut)
        scope = () if window_wide else (parent,)
        # A greyed window command's key, which says why, is named as that command's action.
        name = shortcut.objectName() or f"{parent.objectName() or type(parent).__name__} shortcut"
        found += [Binding(name, _portable(keys), context, scope) for keys in list(shortcut.keys())]
    return found


def _reaches(holder: QWidget, widget: QWidget, context: Context) -> bool:
    """Whether a key bound in ``holder`` fires while ``widget`` has the focus."""
    if context == Context.WidgetShortcut:
        return widget is holder
    return widget is holder or holder.isAncestorOf(widget)


def overlap(first: Binding, second: Binding) -> bool:
    """Whether the keyboard can be where both bindings fire."""
    if not first.scope or not second.scope:
        return True
    return any(
        _reaches(one, other, first.context) or _reaches(other, one, second.context)
        for one in first.scope
        for other in second.scope
    )


def conflicts(bindings: list[Binding]) -> list[str]:
    """Each pair of bindings of one key that can fire at once, in words."""
    return [
        f"{first.keys}: {first.name} and {second.name}"
        for first, second in combinations(bindings, 2)
        if first.keys == second.keys and first.name != second.name and overlap(first, second)
    ]


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=11)


def test_the_four_round_systems_are_all_there_are():
    assert set(SYSTEMS) == set(ruleset_ids())


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_no_key_has_two_meanings_in_the_window_of_any_round_system(window, ruleset_id):
    roster = (fighter(ruleset_id, 1, Side.PLAYER), fighter(ruleset_id, 2, Side.ENEMY))
    window.document.new(ruleset_id, roster)
    window.document.session.do(StartFight())
    QApplication.processEvents()
    bindings = _action_bindings(window) + _shortcut_bindings(window)
    assert {b.name for b in bindings} >= {
        f"action_{spec.key}" for spec in ACTION_SPECS if spec.shortcuts
    }
    assert [b for b in bindings if b.scope], "the Dice dock's own keys were not found"
    assert conflicts(bindings) == []


def test_a_key_bound_twice_where_both_fire_is_found(window):
    table = window.table
    keys = "Ctrl+D"
    duplicate = Binding("Duplicate", keys, Context.WindowShortcut, ())
    remove = Binding("Remove", keys, Context.WidgetWithChildrenShortcut, (table,))
    elsewhere = Binding("Elsewhere", keys, Context.WidgetShortcut, (window.event_log,))
    assert conflicts([duplicate, remove]) == ["Ctrl+D: Duplicate and Remove"]
    assert conflicts([remove, elsewhere]) == []


def test_ctrl_enter_is_next_turn_and_nothing_else():
    holders = [spec.key for spec in ACTION_SPECS if "Ctrl+Return" in spec.shortcuts]
    assert holders == ["next_turn"]


DESKTOP_KEYS = {
    QKeySequence.StandardKey.New,
    QKeySequence.StandardKey.Open,
    QKeySequence.StandardKey.Save,
    QKeySequence.StandardKey.SaveAs,
    QKeySequence.StandardKey.Quit,
    QKeySequence.StandardKey.Undo,
    QKeySequence.StandardKey.Redo,
    QKeySequence.StandardKey.HelpContents,
}
"""The standard keys the commands may take as the desktop binds them: each desktop adds its own
keys to a standard key (the standard Delete is Control+D on some), which the tests here, on one
platform, cannot see; these are the desktop's file, undo and help keys, never another command's."""


def test_only_the_file_undo_and_help_commands_follow_the_desktops_keys():
    standard = {
        keys
        for spec in ACTION_SPECS
        for keys in spec.shortcuts
        if isinstance(keys, QKeySequence.StandardKey)
    }
    assert standard <= DESKTOP_KEYS
