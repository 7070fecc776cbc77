"""The conditions editor of every round system, ``duel`` included: a combatant without
conditions reads "No conditions." in the middle of the dialog, with no hint about rows it does
not have, and "Add…" puts a new condition on that combatant (the round system's named ones
offered), shown at once and taken back by one undo."""

import pytest
from every_system import SYSTEMS, fighter
from fight_window import shown_window, when_modal
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QLineEdit

from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dialogs.condition_dialog import ConditionDialog
from uwr_desktop.ui.dialogs.condition_editor import ConditionEditor

pytestmark = pytest.mark.usefixtures("own_systems_in_module")


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=3)


def _editor(qtbot, window, system: str) -> tuple[ConditionEditor, str]:
    window.document.new(system)
    session = window.document.session
    vex = fighter(system, 1, Side.PLAYER)
    session.do(AddCombatants([vex, fighter(system, 2, Side.ENEMY)]))
    editor = ConditionEditor(window.document, vex.id, window.do, window)
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    return editor, vex.id


def _answer(dialog: ConditionDialog, name: str, note: str) -> None:
    dialog.findChild(QComboBox, "conditionName").setEditText(name)
    dialog.findChild(QLineEdit, "conditionNote").setText(note)
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_combatant_without_conditions_is_told_so_and_offered_add(qtbot, window, system):
    editor, _ = _editor(qtbot, window, system)
    assert editor.empty.isVisible()
    assert not editor.table.isVisible()
    assert not editor.hint.isVisible(), "no hint about rows that are not there"
    middle = editor.empty.geometry().center().y()
    assert abs(middle - editor.rect().center().y()) < editor.height() // 4
    assert editor.add_button.isEnabled()
    assert editor.add_button.text() == "&Add…"
    assert editor.add_button.toolTip() == f"Put a condition on {editor.windowTitle()[14:]}"


@pytest.mark.parametrize("system", SYSTEMS)
def test_add_puts_the_condition_on_this_combatant_and_one_undo_takes_it_off(qtbot, window, system):
    editor, vex = _editor(qtbot, window, system)
    session = window.document.session
    when_modal(ConditionDialog, lambda dialog: _answer(dialog, "Prone", "knocked down"))
    editor.add_button.click()

    combatants = session.state.combatants
    assert [(c.name, c.note) for c in combatants[vex].conditions] == [("Prone", "knocked down")]
    assert all(not c.conditions for cid, c in combatants.items() if cid != vex)
    assert editor.table.isVisible() and editor.hint.isVisible()
    assert not editor.empty.isVisible()
    assert editor.table.item(0, 0).text() == "Prone"

    window.undo_stack.undo()
    assert session.state.combatants[vex].conditions == ()
    assert editor.empty.isVisible() and not editor.table.isVisible()


def test_cancelling_add_changes_nothing(qtbot, window):
    editor, _ = _editor(qtbot, window, SYSTEMS[0])
    entries = window.document.session.entries
    when_modal(ConditionDialog, lambda dialog: dialog.reject())
    editor.add_button.click()
    assert window.document.session.entries == entries
    assert editor.empty.isVisible()
