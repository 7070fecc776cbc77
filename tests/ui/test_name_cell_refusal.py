"""A name typed into the table's Name cell that another combatant has is refused with the reason
in the status bar, and the cell opens again holding what was typed, in every round system."""

import pytest
from every_system import fighter
from fight_window import shown_window
from msgspec.structs import replace
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.table.model import NAME_COLUMN


@pytest.fixture
def window(qtbot, tmp_path):
    windows = shown_window(qtbot, tmp_path, seed=3)
    yield next(windows)
    next(windows, None)


def _open_editor(qtbot, window):
    qtbot.waitUntil(lambda: _editor(window) is not None)
    return _editor(window)


def _editor(window):
    for editor in window.table.findChildren(QLineEdit, "nameEditor"):
        if editor.isVisible():
            return editor
    return None


@pytest.mark.parametrize("ruleset_id", ["uwr", "tactical", "rollkeep", "hands"])
def test_a_taken_name_typed_in_the_table_is_kept_for_mending(window, qtbot, ruleset_id):
    window.document.new(ruleset_id)
    vex = replace(fighter(ruleset_id, 1, Side.PLAYER), name="Vex")
    bandit = replace(fighter(ruleset_id, 2, Side.ENEMY), name="Bandit")
    window.do(AddCombatants([vex, bandit]))
    table, model = window.table, window.table_model
    cell = window.proxy.mapFromSource(model.index(model.row_of("f2"), model.column_of(NAME_COLUMN)))
    table.setFocus()
    table.setCurrentIndex(cell)
    table.edit(cell)
    editor = _open_editor(qtbot, window)
    editor.setText("vex")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    refusal = "Vex is already fighting: give Bandit another name"
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == refusal)
    qtbot.waitUntil(lambda: _editor(window) is not None and _editor(window).text() == "vex")
    again = _editor(window)
    again.setText("Vexa")
    qtbot.keyClick(again, Qt.Key.Key_Return)
    session = window.document.session
    qtbot.waitUntil(lambda: session.state.combatants["f2"].name == "Vexa")
    assert session.state.combatants["f1"].name == "Vex"
