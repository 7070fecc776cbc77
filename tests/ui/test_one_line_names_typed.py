"""A name pasted with line breaks, tabs, NUL or a right-to-left override into the table's name
cell or a combatant dialog of every round system shows and saves on one line; a name with
nothing visible is refused with a message and the fight is unchanged."""

import pytest
from duel.ui import DuelDialog
from every_system import fighter
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QLineEdit

from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter
from uwr_desktop.ui.rulesets.hands.combatant_dialog import HandsCombatantDialog
from uwr_desktop.ui.rulesets.rollkeep.combatant_dialog import RollkeepDialog
from uwr_desktop.ui.rulesets.tactical.combatant_dialog import TacticalDialog
from uwr_desktop.ui.rulesets.uwr.combatant_dialog import CombatantDialog
from uwr_desktop.ui.table.model import CombatantTableModel

PASTED = "Bandit\nChief\t\x00of the \u202eHills\n"
CLEANED = "Bandit Chief of the Hills"

DIALOGS = {
    "uwr": (lambda: CombatantDialog(make_ruleset("uwr"), None), "name"),
    "tactical": (lambda: TacticalDialog(None, None), "name"),
    "rollkeep": (lambda: RollkeepDialog(None, None), "name"),
    "hands": (lambda: HandsCombatantDialog(None, None), "name"),
}
"""Each round system's combatant dialog, and the object name of its name box."""


def _table(system):
    fight = Session(make_ruleset(system), [fighter(system, 1, Side.ENEMY)])
    model = CombatantTableModel(fight)
    fight.subscribe(model.apply)
    return fight, model, model.index(model.row_of("f1"), model.column_of("name"))


def _saved_name(fight, cid):
    return decode_encounter(encode_encounter(fight)).session().state.combatants[cid].name


def _dialog(qtbot, system, typed):
    make, box = DIALOGS[system]
    dialog = make()
    qtbot.addWidget(dialog)
    dialog.findChild(QLineEdit, box).setText(typed)
    return dialog


def test_every_round_system_has_a_dialog_here():
    assert sorted(DIALOGS) == sorted(ruleset_ids())


@pytest.mark.parametrize("system", ruleset_ids())
def test_a_name_pasted_into_the_table_cell_shows_and_saves_on_one_line(qtbot, system):
    fight, model, index = _table(system)
    assert model.setData(index, PASTED)
    assert index.data(Qt.ItemDataRole.DisplayRole) == CLEANED
    assert fight.state.combatants["f1"].name == CLEANED
    assert _saved_name(fight, "f1") == CLEANED


@pytest.mark.parametrize("system", ruleset_ids())
def test_a_name_cell_with_nothing_visible_is_refused_and_the_fight_is_unchanged(qtbot, system):
    fight, model, index = _table(system)
    before = fight.state
    with qtbot.waitSignal(model.editRefused) as refused:
        assert not model.setData(index, "\u202e\x00\n\t")
    assert refused.args[0] == "Fighter 1: The name cannot be empty"
    assert fight.state is before and not fight.entries
    assert index.data(Qt.ItemDataRole.DisplayRole) == "Fighter 1"


@pytest.mark.parametrize("system", ruleset_ids())
def test_a_name_pasted_into_the_combatant_dialog_joins_on_one_line(qtbot, system):
    made = _dialog(qtbot, system, PASTED).combatant()
    assert made.name == CLEANED
    fight = Session(make_ruleset(system), [])
    fight.do(AddCombatants([made]))
    assert _saved_name(fight, made.id) == CLEANED


@pytest.mark.parametrize("system", ruleset_ids())
def test_the_combatant_dialog_refuses_a_name_with_nothing_visible(qtbot, system):
    dialog = _dialog(qtbot, system, " \u2066\x00\r\n")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert any(" a name" in label.text() for label in dialog.findChildren(QLabel))


def test_the_shared_sheet_dialog_cleans_the_name_it_is_given(qtbot):
    dialog = DuelDialog(None, None)
    qtbot.addWidget(dialog)
    dialog.name.setText(PASTED)
    assert dialog.combatant("duelist-1").name == CLEANED
