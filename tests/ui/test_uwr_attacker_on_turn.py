"""The uwr attack panel when whoever is on turn cannot attack (down, or removed): it chooses
nobody rather than another combatant, Attack (F11) is greyed with the reason, and the GM may
still pick any standing combatant and attack out of turn. Before the fight starts, Attack is
greyed whoever is chosen. A new attacker starts from its own first weapon."""

import pytest
from fight_window import attack_key_refused, key_on_table, shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QSpinBox
from uwr_fighters import swordsman

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, ApplyDamage, NextTurn
from uwr_desktop.core.rulesets.uwr.sheet import Initiative, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dialogs.quick import AmountDialog

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=3)


@pytest.fixture
def fight(qtbot, window):
    """Ana first in the table, Bandit 1 first in turn order: Start Fight gives Bandit 1 the turn."""
    window.document.session.do(
        AddCombatants(
            [
                swordsman("ana", "Ana", Side.PLAYER, initiative=5, vitality=6),
                swordsman("b1", "Bandit 1", Side.ENEMY, initiative=20, vitality=6),
                swordsman("b2", "Bandit 2", Side.ENEMY, initiative=10, vitality=6),
            ]
        )
    )
    key_on_table(qtbot, window, Qt.Key.Key_F5)
    assert window.document.session.state.current == "b1"
    assert window.dice_panel.widget.attack.attacker.currentText() == "Bandit 1"
    return window


def select_row(window, cid):
    model = window.table_model
    window.table.setCurrentIndex(window.proxy.mapFromSource(model.index(model.row_of(cid), 0)))
    assert window.selected_ids() == [cid]


def no_attack_by_key(qtbot, window, reason):
    """The panel shows no attacker and why; F11 is greyed with that reason and does nothing."""
    attack = window.dice_panel.widget.attack
    assert attack.attacker.currentIndex() == -1
    assert attack.attacker.currentText() == ""
    assert attack.attacker.placeholderText() == "Choose who attacks"
    assert attack.attacker_info.text() == reason
    assert not attack.attack_button.isEnabled()
    assert attack.attack_button.toolTip() == reason
    attack_key_refused(qtbot, window, reason)
    assert part_of(window.document.session.state).pending is None


def attack_out_of_turn(qtbot, window, cid):
    """The GM picks ``cid`` as attacker: the choice holds and F11 attacks with them."""
    attack = window.dice_panel.widget.attack
    attack.attacker.setCurrentIndex(attack.attacker.findData(cid))
    assert attack.attack_button.isEnabled(), attack.attack_button.toolTip()
    key_on_table(qtbot, window, Qt.Key.Key_F11)
    pending = part_of(window.document.session.state).pending
    assert pending is not None and pending.check.actor == cid


def test_a_down_combatant_on_turn_leaves_the_attacker_to_the_gm(qtbot, fight):
    select_row(fight, "b1")

    def deal_100(dialog):
        dialog.findChild(QSpinBox).setValue(100)
        dialog.accept()

    when_modal(AmountDialog, deal_100)
    key_on_table(qtbot, fight, Qt.Key.Key_M, CTRL)
    state = fight.document.session.state
    assert state.combatants["b1"].down and state.current == "b1"
    no_attack_by_key(qtbot, fight, "Bandit 1 is down: choose who attacks")
    attack_out_of_turn(qtbot, fight, "ana")
    attacker = fight.dice_panel.widget.attack.attacker
    assert attacker.currentText() == "Ana", "the GM's choice holds"
    key_on_table(qtbot, fight, Qt.Key.Key_F8)
    key_on_table(qtbot, fight, Qt.Key.Key_Return, CTRL)
    assert fight.document.session.state.current == "b2"
    assert attacker.currentText() == "Bandit 2", "the next turn's combatant attacks again"


def test_a_removed_combatant_on_turn_leaves_the_attacker_to_the_gm(qtbot, fight):
    select_row(fight, "b1")

    def remove(box):
        next(b for b in box.buttons() if "Remove" in b.text()).click()

    when_modal(QMessageBox, remove)
    key_on_table(qtbot, fight, Qt.Key.Key_Delete)
    state = fight.document.session.state
    assert "b1" not in state.combatants and state.current is None
    assert fight.turn_header.actor_label.text() == ""
    no_attack_by_key(qtbot, fight, "Nobody acts now: choose who attacks")
    attack_out_of_turn(qtbot, fight, "b2")


def test_when_everyone_is_down_the_panel_says_so(qtbot, fight):
    fight.document.session.do(ApplyDamage(("ana", "b1", "b2"), 100))
    fight.document.session.do(NextTurn())
    no_attack_by_key(qtbot, fight, "Everyone is down: nobody can attack")


def test_before_the_fight_starts_attack_is_greyed_whoever_is_chosen(qtbot, window):
    window.document.session.do(
        AddCombatants(
            [swordsman("ana", "Ana", Side.PLAYER), swordsman("b1", "Bandit 1", Side.ENEMY)]
        )
    )
    attack = window.dice_panel.widget.attack
    attack.attacker.setCurrentIndex(attack.attacker.findData("ana"))
    assert attack.target.currentData() == "b1"
    assert not attack.attack_button.isEnabled()
    assert attack.attack_button.toolTip() == "Start the fight first"
    attack_key_refused(qtbot, window, "Start the fight first")
    key_on_table(qtbot, window, Qt.Key.Key_F5)
    attack.attacker.setCurrentIndex(attack.attacker.findData("ana"))
    assert attack.attack_button.isEnabled(), attack.attack_button.toolTip()


def archer(cid, name, side, initiative, melee, ranged):
    """A combatant with a melee weapon first and a ranged one second."""
    weapons = (
        Weapon(name=melee, upr_type="Swift"),
        Weapon(name=ranged, upr_type="Swift", pool=WeaponPool.RANGED),
    )
    sheet = UwrSheet(weapons=weapons, initiative=Initiative(override=initiative))
    return Combatant(id=cid, name=name, side=side, sheet=sheet)


def test_the_next_attacker_is_offered_its_own_first_weapon(qtbot, window):
    window.document.session.do(
        AddCombatants(
            [
                archer("ana", "Ana", Side.PLAYER, 20, "Sword", "Short Bow"),
                archer("b1", "Bandit 1", Side.ENEMY, 10, "Club", "Crossbow"),
            ]
        )
    )
    key_on_table(qtbot, window, Qt.Key.Key_F5)
    attack = window.dice_panel.widget.attack
    assert attack.weapon.currentText() == "Sword · 1/1 left"
    key_on_table(qtbot, window, Qt.Key.Key_F11)  # Ana strikes Bandit 1 with her sword
    key_on_table(qtbot, window, Qt.Key.Key_F8)
    assert attack.weapon.currentText() == "Short Bow · 1/1 left", "the sword is spent"
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    assert window.document.session.state.current == "b1"
    assert attack.attacker.currentText() == "Bandit 1"
    assert attack.weapon.currentText() == "Club · 1/1 left"
