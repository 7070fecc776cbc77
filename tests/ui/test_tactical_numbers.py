"""Numbers behave in a tactical fight: a minus sign typed is kept; a negative is used where it
means something (a concentration or pace penalty, the Quickness bonus) and refused with a
message where it does not (a parry amount, AP, hits, bleeding), and then nothing changes."""

import pytest
from countdown_fight import shown_panel, tactical_document
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from tests.ui.fight_window import retype
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.rulesets.tactical.catalog import ActionType, Pace
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet, sheet_of
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets.tactical.catalog_dialog import CatalogDialog
from uwr_desktop.ui.rulesets.tactical.combatant_dialog import TacticalDialog

HOLD = "Hold position (swim/climb)"


@pytest.fixture
def document():
    roster = (
        Combatant(id="hauser", name="Hauser", side=Side.PLAYER, sheet=TacticalSheet(quickness=1)),
        Combatant(id="orc", name="Orc", side=Side.ENEMY, sheet=TacticalSheet()),
    )
    with tactical_document(roster, StartFight(), NextTurn()) as doc:
        yield doc


@pytest.fixture
def panel(qtbot, document):
    return shown_panel(qtbot, document)


def _ok(dialog):
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def _choose(panel, action):
    panel.action.setCurrentIndex(panel.action.findData(action))


def test_a_negative_concentration_penalty_is_declared_with_its_sign(qtbot, panel, document):
    _choose(panel, HOLD)
    actor = panel.actor.currentData()
    retype(qtbot, panel.penalty, "-20")
    assert panel.penalty.problem() == ""
    qtbot.mouseClick(panel.declare, Qt.MouseButton.LeftButton)
    assert panel.message.text() == ""
    now = sheet_of(document.session.state.combatants[actor]).now
    assert now.concentration_penalty == -20


def test_a_positive_concentration_penalty_is_refused_and_nothing_changes(qtbot, panel, document):
    _choose(panel, HOLD)
    retype(qtbot, panel.penalty, "20")
    assert panel.penalty.text() == "20", "the digit typed stays in the box"
    before = (document.session.cursor, document.session.state)
    qtbot.mouseClick(panel.declare, Qt.MouseButton.LeftButton)
    assert panel.message.text() == "The concentration penalty can be at most 0 (got 20)."
    assert (document.session.cursor, document.session.state) == before


def test_a_negative_parry_is_refused_with_its_sign_and_nothing_changes(qtbot, panel, document):
    retype(qtbot, panel.parry_amount, "-5")
    assert panel.parry_amount.text() == "-5", "the minus sign is not dropped"
    before = (document.session.cursor, document.session.state)
    qtbot.mouseClick(panel.parry, Qt.MouseButton.LeftButton)
    assert panel.message.text() == "The parry amount cannot be negative (got -5)."
    assert (document.session.cursor, document.session.state) == before
    retype(qtbot, panel.parry_amount, "5")
    qtbot.mouseClick(panel.parry, Qt.MouseButton.LeftButton)
    actor = panel.actor.currentData()
    assert sheet_of(document.session.state.combatants[actor]).now.parry == 5


def test_ap_below_the_actions_range_is_refused_not_raised(qtbot, panel, document):
    _choose(panel, "Melee attack")
    retype(qtbot, panel.ap, "-1")
    assert panel.ap.text() == "-1 AP"
    before = (document.session.cursor, document.session.state)
    qtbot.mouseClick(panel.declare, Qt.MouseButton.LeftButton)
    assert panel.message.text() == "AP cannot be negative (got -1)."
    assert (document.session.cursor, document.session.state) == before


def test_the_dialog_takes_a_negative_quickness_and_refuses_negative_bleeding(qtbot):
    dialog = TacticalDialog(None, None)
    qtbot.addWidget(dialog)
    dialog.name.setText("Goblin")
    retype(qtbot, dialog.quickness, "-3")
    retype(qtbot, dialog.bleeding, "-2")
    _ok(dialog)
    assert dialog.problem.text() == (
        "Bleeding cannot be negative (got -2): it is the hits lost each round."
    )
    assert dialog.result() != TacticalDialog.DialogCode.Accepted
    retype(qtbot, dialog.penalty, "15")
    retype(qtbot, dialog.bleeding, "2")
    _ok(dialog)
    assert dialog.problem.text() == "The current penalty can be at most 0 (got 15)."
    retype(qtbot, dialog.penalty, "-15")
    _ok(dialog)
    assert dialog.result() == TacticalDialog.DialogCode.Accepted
    sheet = sheet_of(dialog.combatant())
    assert (sheet.quickness, sheet.penalty, sheet.bleeding) == (-3, -15, 2)


def test_the_catalog_takes_a_negative_pace_and_refuses_negative_ap(qtbot):
    dialog = CatalogDialog(
        (ActionType(name="Slash", min_ap=2, max_ap=4),), (Pace("Walk", -10),), None
    )
    qtbot.addWidget(dialog)
    retype(qtbot, dialog.pace_rows.cellWidget(0, 1), "-15")
    retype(qtbot, dialog.action_rows.cellWidget(0, 2), "-1")
    _ok(dialog)
    assert dialog.message.text() == "Not saved: Min AP cannot be negative (got -1)."
    assert dialog.intent() is None
    retype(qtbot, dialog.action_rows.cellWidget(0, 2), "1")
    _ok(dialog)
    intent = dialog.intent()
    assert intent is not None
    assert intent.paces == (Pace("Walk", -15),)
    assert (intent.actions[0].min_ap, intent.actions[0].max_ap) == (1, 4)
