"""A four-round uwr fight run from the window as a GM runs it: the turn drives the attack panel,
hits are applied from the offer, the defeated are skipped and greyed, a slow weapon is
prepared, a condition is edited and removed, a sheet is edited mid-fight, a removal asks, a
negative favor is rolled with its sign, and the players saved as a party join the next fight."""

from fractions import Fraction

import pytest
from fight_window import key_on_table, pick_round_system, shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QDoubleSpinBox,
    QInputDialog,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
)

from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import AddCombatants, AddCondition
from uwr_desktop.core.rulesets.uwr.sheet import (
    Attributes,
    Initiative,
    UwrSheet,
    Weapon,
    WeaponPool,
)
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.dialogs.condition_editor import ConditionEditor
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.dialogs.quick import AmountDialog
from uwr_desktop.ui.rulesets.uwr.combatant_dialog import CombatantDialog
from uwr_desktop.ui.table.model import CHIPS_ROLE, CONDITIONS_COLUMN
from uwr_desktop.ui.theme import theme_colors

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def fighter(cid, side, initiative, weapons, grace=3):
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3), grace=Fraction(grace)),
            weapons=weapons,
            vitality=6,
            vitality_max=6,
            initiative=Initiative(override=initiative),
        ),
    )


def roster():
    """Turn order Vex (player), Bandit (enemy), Oda (ally), Brute (enemy)."""
    return [
        fighter(
            "vex",
            Side.PLAYER,
            20,
            (
                Weapon(name="Short Bow", upr_type="Swift", pool=WeaponPool.RANGED),
                Weapon(
                    name="Crossbow",
                    upr_type="Extremely Slow",
                    pool=WeaponPool.RANGED,
                    prepared=False,
                ),
            ),
            grace=7,
        ),
        fighter("bandit", Side.ENEMY, 15, (Weapon(name="Sword", upr_type="Swift"),)),
        fighter("oda", Side.ALLY, 10, (Weapon(name="Spear", upr_type="Swift"),)),
        fighter("brute", Side.ENEMY, 5, (Weapon(name="Club", upr_type="Swift"),)),
    ]


@pytest.fixture
def window(qtbot, tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as library:
        yield from shown_window(qtbot, tmp_path, seed=3, library=library)


def state(window):
    return window.document.session.state


def select_row(qtbot, window, cid):
    """Click the combatant's name in the table."""
    index = window.proxy.mapFromSource(window.table_model.index(window.table_model.row_of(cid), 0))
    window.table.scrollTo(index)
    where = window.table.visualRect(index).center()
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert window.selected_ids() == [cid]


def combo_ids(combo):
    return [combo.itemData(i) for i in range(combo.count())]


def settle(qtbot, window):
    qtbot.waitUntil(lambda: not window.dice_tray.is_animating(), timeout=3000)


def closing(act):
    """``act`` on a modal dialog, which is closed afterwards even when ``act`` fails."""

    def run(dialog):
        try:
            act(dialog)
        finally:
            if dialog.isVisible():
                dialog.reject()

    return run


def type_into(qtbot, spin, text):
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)


def test_a_four_round_fight_from_the_current_turn(qtbot, window):
    window.document.session.do(AddCombatants(roster()))
    panel = window.dice_panel.widget
    attack = panel.attack
    key_on_table(qtbot, window, Qt.Key.Key_F5)
    assert (state(window).round, state(window).current) == (1, "vex")

    # Round 1, Vex: the panel is on Vex with the nearest enemy (Bandit) as target.
    assert attack.attacker.currentData() == "vex"
    assert attack.target.currentData() == "bandit"
    assert panel.tray.combatant.currentData() == "vex"
    assert "Stamina 3/3" in attack.attacker_info.text()
    type_into(qtbot, attack.favor, "2")
    assert attack.favor.value() == 2
    qtbot.keyClick(attack.favor, Qt.Key.Key_F11)
    assert part_of(state(window)).pending.check.actor == "vex"
    assert attack.favor.value() == 0, "favor belongs to one attack"
    assert "Stamina 2/3" in attack.attacker_info.text()
    settle(qtbot, window)
    qtbot.mouseClick(attack.reaction.no_reaction_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)

    # The hit is offered; the GM makes it 9 damage and presses Enter: Bandit is down.
    bar = panel.apply_hit
    assert bar.isVisible()
    assert bar.offered()[0] == "bandit"
    type_into(qtbot, bar.amount, "9")
    assert bar.button.text() == "Apply 9 damage to Bandit"
    qtbot.keyClick(bar.amount, Qt.Key.Key_Return)
    assert state(window).combatants["bandit"].sheet.vitality == 0
    assert not bar.isVisible()
    assert window.document.session.entries[-1].label == "Damage 9: Bandit"
    key_on_table(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert state(window).combatants["bandit"].sheet.vitality == 6
    assert bar.isVisible() and bar.offered() == ("bandit", 9)
    key_on_table(qtbot, window, Qt.Key.Key_Y, CTRL)
    assert state(window).combatants["bandit"].down
    assert not bar.isVisible()

    # Bandit is greyed in the table (a readable grey, the name struck out) and on the timeline.
    row = window.table_model.row_of("bandit")
    foreground = window.table_model.index(row, 0).data(Qt.ItemDataRole.ForegroundRole)
    assert QColor(foreground) == QColor(theme_colors().muted_text)
    assert window.table_model.index(row, 0).data(Qt.ItemDataRole.FontRole).strikeOut()
    assert window.timeline.is_down("bandit") and not window.timeline.is_down("oda")

    # Next Turn skips Bandit: Oda's turn, aiming at Brute (the nearest enemy after Oda).
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    assert state(window).current == "oda"
    assert attack.attacker.currentData() == "oda"
    assert "bandit" not in combo_ids(attack.target)
    assert attack.target.currentData() == "brute"
    assert panel.tray.combatant.currentData() == "oda"
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    assert window.panel_commands.more.actions["dodge"].isEnabled(), "Panel ▸ Dodge follows"
    key_on_table(qtbot, window, Qt.Key.Key_F9)  # Fight ▸ Panel ▸ Dodge
    assert state(window).combatants["brute"].sheet.stamina == 2
    settle(qtbot, window)
    qtbot.mouseClick(attack.resolve_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    assert state(window).current == "brute"
    assert attack.target.currentData() == "vex", "Brute's nearest enemy comes round to Vex"
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    assert (state(window).round, state(window).current) == (2, "vex")

    # Round 2, Vex prepares the crossbow from the panel: Off Guard for one round.
    prepare = panel.prepare
    assert prepare.isVisible()
    (start, mark) = prepare.buttons()
    assert (start.text(), mark.text()) == ("Prepare", "Mark prepared")
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    crossbow = state(window).combatants["vex"].sheet.weapons[1]
    assert crossbow.preparing_left == 1
    assert [b.text() for b in prepare.buttons()] == ["Stop preparing"]
    model = window.table_model
    conditions = model.index(model.row_of("vex"), model.column_of(CONDITIONS_COLUMN))
    assert conditions.data(CHIPS_ROLE) == ("Off Guard (preparing)",), "the rules' state shows"
    assert "Off Guard (preparing)" in conditions.data(Qt.ItemDataRole.ToolTipRole)

    # A condition on Brute: its rounds edited and then removed in the conditions editor.
    window.document.session.do(AddCondition(["brute"], Condition("Blinded", 3)))
    select_row(qtbot, window, "brute")

    def edit_then_remove(dialog):
        spin = dialog.table.cellWidget(0, 1)
        type_into(qtbot, spin, "1")
        qtbot.keyClick(spin, Qt.Key.Key_Return)
        assert state(window).combatants["brute"].conditions == (Condition("Blinded", 1),)
        remove = dialog.table.cellWidget(0, 2)
        qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
        assert state(window).combatants["brute"].conditions == ()
        assert dialog.empty.isVisibleTo(dialog)
        dialog.accept()

    when_modal(ConditionEditor, closing(edit_then_remove))
    key_on_table(qtbot, window, Qt.Key.Key_K, CTRL_SHIFT)
    assert state(window).combatants["brute"].conditions == ()
    key_on_table(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert state(window).combatants["brute"].conditions == (Condition("Blinded", 1),)

    # Oda's sheet edited mid-fight: Brawn up and a new axe (its uses come at the round start).
    select_row(qtbot, window, "oda")

    def edit_oda(dialog):
        type_into(qtbot, dialog.findChild(QDoubleSpinBox, "brawn"), "6")
        qtbot.mouseClick(dialog.findChild(QPushButton, "addWeapon"), Qt.MouseButton.LeftButton)
        table = dialog.findChild(QTableWidget, "weaponsTable")
        qtbot.keyClicks(table.cellWidget(table.rowCount() - 1, 0), "Axe")
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    when_modal(CombatantDialog, closing(edit_oda))
    key_on_table(qtbot, window, Qt.Key.Key_E, CTRL)
    oda = state(window).combatants["oda"]
    assert oda.sheet.attributes.brawn == 6
    assert [w.name for w in oda.sheet.weapons] == ["Spear", "Axe"]
    assert window.document.session.entries[-1].label == "Edit Oda"

    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL_SHIFT)
    assert (state(window).round, state(window).current) == (3, "vex")

    # Round 3: the crossbow is ready; Vex shoots Brute with it. Bandit is healed: revived.
    assert state(window).combatants["vex"].sheet.weapons[1].prepared
    weapon_index = attack.weapon.findData(1)
    attack.weapon.setCurrentIndex(weapon_index)
    brute = attack.target.findData("brute")
    attack.target.setCurrentIndex(brute)
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    qtbot.mouseClick(attack.reaction.no_reaction_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    assert not state(window).combatants["vex"].sheet.weapons[1].prepared
    assert panel.apply_hit.offered()[0] == "brute"
    qtbot.mouseClick(panel.apply_hit.button, Qt.MouseButton.LeftButton)

    select_row(qtbot, window, "bandit")

    def heal(dialog):
        spin = dialog.findChild(QSpinBox)
        type_into(qtbot, spin, "3")
        dialog.accept()

    when_modal(AmountDialog, closing(heal))
    key_on_table(qtbot, window, Qt.Key.Key_H, CTRL)
    assert not state(window).combatants["bandit"].down
    assert not window.timeline.is_down("bandit")
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    assert state(window).current == "bandit", "the revived Bandit has a turn again"

    # Del on Brute asks first: Cancel keeps Brute, Remove removes, Undo brings Brute back.
    select_row(qtbot, window, "brute")

    def answer(text):
        def act(box):
            button = next(b for b in box.buttons() if text in b.text())
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

        return act

    when_modal(QMessageBox, closing(answer("Cancel")))
    key_on_table(qtbot, window, Qt.Key.Key_Delete)
    assert "brute" in state(window).combatants
    when_modal(QMessageBox, closing(answer("Remove")))
    key_on_table(qtbot, window, Qt.Key.Key_Delete)
    assert "brute" not in state(window).combatants
    key_on_table(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert "brute" in state(window).combatants

    # Round 4.
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL_SHIFT)
    assert (state(window).round, state(window).current) == (4, "vex")
    axe = state(window).combatants["oda"].sheet.weapons[1]
    assert axe.uses_left == axe.uses_max > 0

    # Vex shoots Brute with a favor of -1 typed in: the roll keeps the sign.
    attack.target.setCurrentIndex(attack.target.findData("brute"))
    type_into(qtbot, attack.favor, "-1")
    assert attack.favor.value() == -1
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    assert part_of(state(window)).pending.check.roll.favor == -1
    settle(qtbot, window)
    qtbot.mouseClick(attack.reaction.no_reaction_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)

    # The players are saved as a party and join a new fight in one step.
    def name_party(prompt):
        prompt.setTextValue("Heroes")
        prompt.accept()

    when_modal(QInputDialog, closing(name_party))
    window.actions_by_key["save_party"].trigger()
    window.files.maybe_save = lambda: True

    def new_uwr_fight(dialog):
        pick_round_system(dialog, "uwr")
        dialog.accept()

    when_modal(NewFightDialog, closing(new_uwr_fight))
    window.actions_by_key["new"].trigger()
    assert state(window).combatants == {}
    menu = window.parties.menu
    menu.aboutToShow.emit()
    next(action for action in menu.actions() if action.text() == "Heroes").trigger()
    assert [c.name for c in state(window).combatants.values()] == ["Vex"]
    assert QApplication.activeModalWidget() is None
