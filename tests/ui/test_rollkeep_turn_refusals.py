"""The rollkeep panel when the rules take no attack from the combatant on turn (out of the
fight, or in a stance that takes no actions): Attack (F11) is greyed, the reason shows in the
panel where the odds were and on the button, and the panel's other commands go on working;
Delay and Take stance are greyed with the rules' reason whenever the rules would refuse them."""

import pytest
from fight_window import (
    attack_key_refused,
    key_on_table,
    pick_round_system,
    shown_window,
    when_modal,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, Skill, Stance, Weapon
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.dialogs.quick import AmountDialog

CTRL = Qt.KeyboardModifier.ControlModifier


def samurai(cid, name, side, score, stance=Stance.ATTACK):
    return Combatant(
        id=cid,
        name=name,
        side=side,
        sheet=RollkeepSheet(
            skills=(Skill("Kenjutsu", 2),),
            weapons=(Weapon(name="Katana", skill="Kenjutsu", damage_rolled=3, damage_kept=2),),
            initiative_override=score,
            stance=stance,
        ),
    )


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=11)


def skirmish(qtbot, window, kakita_stance=Stance.ATTACK):
    """A rollkeep skirmish started with Kakita (score 30) on turn, then Hida and Bayushi."""

    def choose_rollkeep(dialog):
        pick_round_system(dialog, "rollkeep")
        dialog.accept()

    when_modal(NewFightDialog, choose_rollkeep)
    window.actions_by_key["new"].trigger()
    window.document.session.do(
        AddCombatants(
            [
                samurai("kakita", "Kakita", Side.ENEMY, 30, kakita_stance),
                samurai("hida", "Hida", Side.PLAYER, 20),
                samurai("bayushi", "Bayushi", Side.ENEMY, 10),
            ]
        )
    )
    key_on_table(qtbot, window, Qt.Key.Key_F5)
    assert window.document.session.state.current == "kakita"
    return window.dice_panel.widget


def attack_refused_by_key(qtbot, window, panel, reason):
    """Attack is greyed with ``reason``, shown in the panel; F11 leaves the fight as it was."""
    assert not panel.attack.isEnabled()
    assert panel.attack.toolTip() == reason
    assert panel.odds.text() == reason
    attack_key_refused(qtbot, window, reason)
    assert panel.message.text() == ""


def test_a_combatant_out_of_the_fight_on_turn_has_no_attack_to_press(qtbot, window):
    panel = skirmish(qtbot, window)
    assert panel.attack.isEnabled() and "to hit" in panel.odds.text()
    model = window.table_model
    window.table.setCurrentIndex(window.proxy.mapFromSource(model.index(model.row_of("kakita"), 0)))

    def out_of_the_fight(dialog):
        wounds = dialog.findChild(QSpinBox)
        wounds.setValue(38)  # Earth 2: Healthy 10, then 7 ranks of 4, the last Out
        dialog.accept()

    when_modal(AmountDialog, out_of_the_fight)
    key_on_table(qtbot, window, Qt.Key.Key_M, CTRL)
    kakita = window.document.session.state.combatants["kakita"]
    assert sheet_of(kakita).wound.out and not sheet_of(kakita).wound.dead
    assert window.document.session.state.current == "kakita"
    attack_refused_by_key(qtbot, window, panel, "Kakita is out of the fight")
    assert not panel.delay.isEnabled()
    assert panel.delay.toolTip() == "Kakita is out of the fight"
    assert not window.panel_commands.more.actions["delay"].isEnabled()
    key_on_table(qtbot, window, Qt.Key.Key_F9, Qt.KeyboardModifier.ShiftModifier)
    assert window.statusBar().currentMessage() == (
        "Delay is not possible now: Kakita is out of the fight"
    )

    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    assert window.document.session.state.current == "hida"
    assert panel.attack.isEnabled() and "to hit" in panel.odds.text()
    key_on_table(qtbot, window, Qt.Key.Key_F11)
    assert window.document.session.entries[-1].label == "Hida attacks Bayushi"


def test_a_combatant_in_full_defense_on_turn_has_no_attack_to_press(qtbot, window):
    panel = skirmish(qtbot, window, Stance.FULL_DEFENSE)
    attack_refused_by_key(
        qtbot, window, panel, "Kakita is in the Full Defense stance and takes no actions"
    )


def test_delay_and_take_stance_are_greyed_with_the_rules_reason(qtbot, window):
    panel = skirmish(qtbot, window)
    assert panel.delay.isEnabled()
    assert not panel.take_stance.isEnabled()
    assert panel.take_stance.toolTip().startswith(
        "In round 1 the stance is chosen before initiative"
    )
    key_on_table(qtbot, window, Qt.Key.Key_F11)  # Kakita attacks
    assert not panel.delay.isEnabled()
    assert panel.delay.toolTip() == "Kakita has already acted this turn"
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    state = window.document.session.state
    assert state.current == "bayushi"
    assert not panel.delay.isEnabled()
    assert (
        panel.delay.toolTip()
        == "Bayushi is the lowest left and cannot delay: it must take its turn"
    )
    key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
    state = window.document.session.state
    assert (state.round, state.current) == (2, "kakita")
    assert panel.delay.isEnabled()
    assert not panel.take_stance.isEnabled(), "the box shows the stance Kakita is in"
    assert panel.take_stance.toolTip() == "Kakita is already in the Attack stance"
    panel.stance.setCurrentIndex(panel.stance.findData(Stance.DEFENSE))
    assert panel.take_stance.isEnabled()
    panel.take_stance.click()
    assert window.document.session.entries[-1].label == "Kakita: Defense stance"
