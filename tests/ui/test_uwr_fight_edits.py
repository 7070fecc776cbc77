"""The pieces of a uwr fight at the table one by one: the conditions editor, the hit offer's
life, the slow-weapon buttons and what the window asks before it edits or removes."""

from fractions import Fraction

import pytest
from fight_window import shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from uwr_desktop.core.encounter import DEFEATED_CONDITION, DEFEATED_PRESET, Combatant, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    NextTurn,
    RemoveCombatants,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    PrepareWeapon,
    React,
    Reaction,
    ResolveCheck,
)
from uwr_desktop.core.rulesets.uwr.sheet import (
    Attributes,
    Initiative,
    UwrSheet,
    Weapon,
    WeaponPool,
)
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dialogs.condition_editor import ConditionEditor


def fighter(cid, side, initiative, weapons, grace=3):
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3), grace=Fraction(grace)),
            weapons=weapons,
            initiative=Initiative(override=initiative),
        ),
    )


SWORD = (Weapon(name="Sword", upr_type="Rapid"),)


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=4)


@pytest.fixture
def fight(window):
    """Vex (player, a slow crossbow), Bandit (enemy), Oda (ally) in that turn order."""
    crossbow = Weapon(
        name="Crossbow", upr_type="Extremely Slow", pool=WeaponPool.RANGED, prepared=False
    )
    roster = [
        fighter("vex", Side.PLAYER, 20, (*SWORD, crossbow), grace=7),
        fighter("bandit", Side.ENEMY, 15, SWORD),
        fighter("oda", Side.ALLY, 10, SWORD),
    ]
    session = window.document.session
    session.do(AddCombatants(roster))
    session.do(StartFight())
    return session


def select(window, *ids):
    window.table.clearSelection()
    for cid in ids:
        index = window.proxy.mapFromSource(
            window.table_model.index(window.table_model.row_of(cid), 0)
        )
        window.table.selectionModel().select(
            index,
            window.table.selectionModel().SelectionFlag.Select
            | window.table.selectionModel().SelectionFlag.Rows,
        )
    assert window.selected_ids() == list(ids)


def test_mark_defeated_and_revive_in_the_conditions_editor(qtbot, window, fight):
    dialog = ConditionEditor(window.document, "bandit", window.do, window)
    qtbot.addWidget(dialog)
    assert dialog.defeated_button.text() == "Mark &defeated"
    qtbot.mouseClick(dialog.defeated_button, Qt.MouseButton.LeftButton)
    bandit = fight.state.combatants["bandit"]
    assert bandit.down and bandit.conditions == (
        Condition(DEFEATED_CONDITION, preset=DEFEATED_PRESET),
    )
    assert dialog.defeated_button.text() == "&Revive"
    assert window.timeline.is_down("bandit")
    fight.do(NextTurn())
    assert fight.state.current == "oda", "the marked Bandit is skipped"
    qtbot.mouseClick(dialog.defeated_button, Qt.MouseButton.LeftButton)
    assert not fight.state.combatants["bandit"].down
    assert not window.timeline.is_down("bandit")


def test_a_combatant_down_by_its_sheet_is_revived_by_healing_not_by_the_editor(
    qtbot, window, fight
):
    fight.do(ApplyDamage(["bandit"], 99))
    dialog = ConditionEditor(window.document, "bandit", window.do, window)
    qtbot.addWidget(dialog)
    assert dialog.defeated_button.text() == "&Revive"
    assert not dialog.defeated_button.isEnabled()
    assert "heal" in dialog.defeated_button.toolTip()


def test_delete_in_the_conditions_editor_removes_the_selected_one(qtbot, window, fight):
    fight.do(AddCondition(["oda"], Condition("Blinded", 2)))
    fight.do(AddCondition(["oda"], Condition("Prone")))
    dialog = ConditionEditor(window.document, "oda", window.do, window)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.table.cellWidget(1, 1).text() == "until removed"
    dialog.table.selectRow(0)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Delete)
    assert fight.state.combatants["oda"].conditions == (Condition("Prone"),)
    assert dialog.table.rowCount() == 1
    assert window.document.session.entries[-1].label == "Remove Blinded: Oda"


def test_the_editor_closes_when_its_combatant_leaves(qtbot, window, fight):
    dialog = ConditionEditor(window.document, "oda", window.do, window)
    qtbot.addWidget(dialog)
    dialog.show()
    fight.do(RemoveCombatants(["oda"]))
    assert not dialog.isVisible()


def test_the_hit_offer_is_gone_after_a_dodge_and_with_the_next_turn(qtbot, window, fight):
    panel = window.dice_panel.widget
    fight.do(Attack("vex", 0, "bandit", favor=3, extra_dice=6))
    fight.do(ResolveCheck())
    assert fight.entries[-1].events[-1].success
    assert panel.apply_hit.offered() is not None
    tray = panel.tray
    tray.set_reduce_motion(True)
    tray.combatant.setCurrentIndex(0)  # no combatant: raw dice, not part of the fight
    qtbot.keyClicks(tray.notation, "2d6")
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert panel.shown_check() is None, "the tray shows the raw roll"
    assert panel.apply_hit.offered() is not None, "a roll for nobody keeps the offer"
    fight.do(NextTurn())
    assert panel.apply_hit.offered() is None
    fight.undo()
    assert panel.apply_hit.offered() is not None, "undoing the turn brings the offer back"
    fight.do(NextTurn())
    fight.do(Attack("bandit", 0, "vex", favor=-3))
    fight.do(React(Reaction.DODGE, favor=3, extra_dice=10))
    fight.do(ResolveCheck())
    assert not fight.entries[-1].events[-1].success
    assert panel.apply_hit.offered() is None


def test_the_slow_weapon_buttons_prepare_and_unprepare(qtbot, window, fight):
    bar = window.dice_panel.widget.prepare
    assert window.dice_panel.widget.attack.attacker.currentData() == "vex"
    _prepare, mark = bar.buttons()
    qtbot.mouseClick(mark, Qt.MouseButton.LeftButton)
    crossbow = fight.state.combatants["vex"].sheet.weapons[1]
    assert crossbow.prepared and crossbow.uses_left == 1
    (unprepare,) = bar.buttons()
    assert unprepare.text() == "Unprepare"
    qtbot.mouseClick(unprepare, Qt.MouseButton.LeftButton)
    assert not fight.state.combatants["vex"].sheet.weapons[1].prepared
    assert [b.text() for b in bar.buttons()] == ["Prepare", "Mark prepared"]


def test_a_preparation_the_rules_would_refuse_is_greyed_with_why(qtbot, window, fight):
    panel = window.dice_panel.widget
    prepare, mark = panel.prepare.buttons()
    assert prepare.isEnabled()
    qtbot.mouseClick(mark, Qt.MouseButton.LeftButton)
    fight.do(Attack("vex", 1, "bandit"))
    fight.do(ResolveCheck())
    prepare, mark = panel.prepare.buttons()
    assert prepare.text() == "Prepare" and mark.isEnabled()
    assert not prepare.isEnabled()
    why = "Vex used Crossbow this round; preparing it starts next round"
    assert prepare.toolTip().startswith(why)
    with pytest.raises(RulesError, match=why):
        fight.do(PrepareWeapon("vex", 1))
    assert fight.state.combatants["vex"].sheet.weapons[1].preparing_left == 0


def test_edit_wants_one_combatant(qtbot, window, fight):
    select(window, "vex", "oda")
    window.actions_by_key["edit_combatant"].trigger()
    assert window.statusBar().currentMessage() == "Select one combatant to edit."
    window.actions_by_key["edit_conditions"].trigger()
    assert window.statusBar().currentMessage() == "Select one combatant to edit."


def test_remove_names_who_is_removed_and_cancel_keeps_them(qtbot, window, fight):
    select(window, "vex", "oda")
    asked = []

    def cancel(box):
        asked.append(box.text())
        box.button(QMessageBox.StandardButton.Cancel).click()

    when_modal(QMessageBox, cancel)
    window.actions_by_key["remove"].trigger()
    assert asked == ["Remove 2 combatants from the fight? Undo brings them back."]
    assert set(fight.state.combatants) == {"vex", "bandit", "oda"}
