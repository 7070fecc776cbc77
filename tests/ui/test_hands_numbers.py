"""Numbers behave in a hands fight: a minus sign typed is kept; a negative is used where it
means something (the action bonus) and refused with a message where it does not (points to
spend or move with, strength bonus, reach), and then nothing changes."""

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton

from tests.ui.fight_window import retype
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon, sheet_of
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.hands.combatant_dialog import HandsCombatantDialog
from uwr_desktop.ui.rulesets.hands.points_panel import PointsPanel
from uwr_desktop.ui.widgets.number_box import NumberBox


def _fighter(cid, name, side, points):
    sheet = HandsSheet(max_points=points, weapons=(HandsWeapon(name="Blade", reach=1),))
    return Combatant(id=cid, name=name, side=side, sheet=sheet)


@pytest.fixture
def document():
    doc = EncounterDocument(None, roller=Roller(random.Random(4)))
    doc.new("hands", (_fighter("ana", "Ana", Side.PLAYER, 4), _fighter("bo", "Bo", Side.ENEMY, 3)))
    doc.session.do(StartFight())
    yield doc
    doc.close()


@pytest.fixture
def panel(qtbot, document):
    widget = PointsPanel(document)
    widget.tray.set_reduce_motion(True)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def _row(panel, cid):
    points = panel.findChild(NumberBox, f"handsPoints:{cid}")
    spend = panel.findChild(QPushButton, f"handsSpend:{cid}")
    return points, spend


def _ready(document, cid):
    return sheet_of(document.session.state.combatants[cid]).ready


def test_negative_points_are_refused_with_their_sign_and_nothing_changes(qtbot, panel, document):
    points, spend = _row(panel, "ana")
    retype(qtbot, points, "-2")
    assert points.text() == "-2", "the minus sign is not dropped"
    before = (document.session.cursor, document.session.state)
    qtbot.mouseClick(spend, Qt.MouseButton.LeftButton)
    assert panel.message.text() == "Points to spend cannot be negative (got -2)."
    assert (document.session.cursor, document.session.state) == before


def test_more_points_than_ready_are_refused_not_clamped(qtbot, panel, document):
    points, spend = _row(panel, "ana")
    retype(qtbot, points, "9")
    before = document.session.cursor
    qtbot.mouseClick(spend, Qt.MouseButton.LeftButton)
    assert panel.message.text() == "Points to spend can be at most 4 (got 9)."
    assert document.session.cursor == before
    retype(qtbot, points, "2")
    qtbot.mouseClick(spend, Qt.MouseButton.LeftButton)
    assert panel.message.text() == ""
    assert _ready(document, "ana") == 2


def test_the_dialog_takes_a_negative_bonus_and_refuses_a_negative_strength(qtbot):
    dialog = HandsCombatantDialog(None, None)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.name.setText("Gob")
    retype(qtbot, dialog.bonus, "-2")
    assert ok.isEnabled()
    assert dialog.combatant().sheet.bonus == -2
    retype(qtbot, dialog.strength, "-1")
    assert dialog.strength.text() == "-1"
    assert not ok.isEnabled()
    assert dialog.problem.text() == (
        "The strength bonus cannot be negative (got -1): hit points are the bonus + 1, so set "
        "the maximum by hand."
    )
    retype(qtbot, dialog.strength, "2")
    dialog.add_weapon.click()
    reach = dialog.weapons.cellWidget(0, 1)
    retype(qtbot, reach, "-3")
    assert not ok.isEnabled()
    assert dialog.problem.text() == "The reach of weapon 1 cannot be negative (got -3)."
    retype(qtbot, reach, "3")
    assert ok.isEnabled()
    sheet = dialog.combatant().sheet
    assert (sheet.strength_bonus, sheet.bonus, sheet.weapons[0].reach) == (2, -2, 3)


def test_the_dialog_refuses_keeping_more_than_half_where_it_is_typed(qtbot):
    dialog = HandsCombatantDialog(None, None)
    qtbot.addWidget(dialog)
    dialog.name.setText("Ana")
    dialog.strength.setValue(6)
    dialog.keep.setValue(4)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    assert dialog.problem.text() == (
        "Ana may keep at most 3 points in place, not 4: of 7 undamaged, at least half "
        "(rounded up) become ready"
    )
    dialog.keep.setValue(3)
    assert ok.isEnabled()
    assert dialog.combatant().sheet.carry_plan == 3
    retype(qtbot, dialog.strength, "1000000")
    assert not ok.isEnabled()
    assert dialog.problem.text() == "The strength bonus can be at most 999999 (got 1000000)."


def test_remove_weapon_takes_the_row_the_keyboard_was_last_in(qtbot):
    dialog = HandsCombatantDialog(None, None)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    dialog.name.setText("Gob")
    for _ in range(3):
        dialog.add_weapon.click()
    for row, name in enumerate(("Spear", "Bow", "Club")):
        dialog.weapons.cellWidget(row, 0).setText(name)
    dialog.weapons.cellWidget(1, 1).setFocus()
    qtbot.keyClick(dialog.weapons.cellWidget(1, 1), Qt.Key.Key_Tab)  # on to the Missile box
    assert dialog.weapons.currentRow() == 1
    dialog.remove_weapon.setFocus()
    qtbot.keyClick(dialog.remove_weapon, Qt.Key.Key_Space)
    assert [w.name for w in dialog.combatant().sheet.weapons] == ["Spear", "Club"]
