"""The defeated in the uwr panels (never offered as attacker; the dice tray keeps them, marked)
and the last number boxes of a uwr fight: the damage of a hit and a condition's rounds keep a
minus sign typed and refuse it with a message, the fight untouched."""

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from uwr_fighters import swordsman

from tests.ui.fight_window import retype
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import DEFEATED_CONDITION, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    NextTurn,
    StartFight,
)
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dialogs.condition_editor import ConditionEditor
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel
from uwr_desktop.ui.widgets.number_box import NumberBox


@pytest.fixture
def document():
    doc = EncounterDocument(None, roller=Roller(random.Random(5)))
    doc.session.do(
        AddCombatants(
            [
                swordsman("ana", "Ana", Side.PLAYER, upr_type="Rapid"),
                swordsman("orc", "Orc", Side.ENEMY, upr_type="Rapid"),
                swordsman("gob", "Gob", Side.ENEMY, upr_type="Rapid"),
            ]
        )
    )
    doc.session.do(StartFight())
    yield doc
    doc.close()


@pytest.fixture
def panel(qtbot, document):
    widget = CheckPanel(document, roller=Roller(random.Random(5)))
    widget.tray.set_reduce_motion(True)
    widget.resize(800, 1000)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def _items(combo):
    return [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]


def test_a_defeated_combatant_is_no_attacker_and_is_marked_in_the_tray(panel, document):
    assert "gob" in [cid for _, cid in _items(panel.attack.attacker)]
    document.session.do(ApplyDamage(["gob"], 99))
    assert document.session.state.combatants["gob"].down
    attackers = [cid for _, cid in _items(panel.attack.attacker)]
    assert "gob" not in attackers
    assert {"ana", "orc"} <= set(attackers)
    assert ("Gob (defeated)", "gob") in _items(panel.tray.combatant)
    assert ("Orc", "orc") in _items(panel.tray.combatant)


def test_a_combatant_marked_defeated_leaves_the_attackers_and_comes_back_revived(panel, document):
    document.session.do(AddCondition(["orc"], Condition(DEFEATED_CONDITION)))
    assert "orc" not in [cid for _, cid in _items(panel.attack.attacker)]
    assert ("Orc (defeated)", "orc") in _items(panel.tray.combatant)
    document.session.undo()
    assert "orc" in [cid for _, cid in _items(panel.attack.attacker)]
    assert ("Orc", "orc") in _items(panel.tray.combatant)


def test_negative_damage_on_offer_is_refused_and_nothing_changes(qtbot, panel, document):
    bar = panel.apply_hit
    vitality = document.session.state.combatants["orc"].sheet.vitality
    bar.offer("orc", "Orc", 3, fresh=True)
    retype(qtbot, bar.amount, "-3")
    assert bar.amount.text() == "-3", "the minus sign is not dropped"
    assert not bar.button.isEnabled()
    before = (document.session.cursor, document.session.state)
    qtbot.keyClick(bar.amount, Qt.Key.Key_Return)
    bar.apply()
    message = "Damage cannot be negative (got -3): to give Vitality back, use Heal."
    assert panel.message_text() == message
    assert (document.session.cursor, document.session.state) == before
    retype(qtbot, bar.amount, "2")
    assert bar.button.text() == "Apply 2 damage to Orc"
    qtbot.keyClick(bar.amount, Qt.Key.Key_Return)
    assert document.session.state.combatants["orc"].sheet.vitality == vitality - 2


def test_negative_rounds_in_the_condition_editor_are_refused(qtbot, document):
    document.session.do(AddCondition(["orc"], Condition("Stunned", rounds=2)))
    done = []

    def do(intent):
        done.append(intent)
        document.session.do(intent)
        return True

    editor = ConditionEditor(document, "orc", do)
    qtbot.addWidget(editor)
    rounds = editor.findChild(NumberBox, "rounds_0")
    retype(qtbot, rounds, "-2")
    assert rounds.text() == "-2"
    qtbot.keyClick(rounds, Qt.Key.Key_Return)
    problem = editor.findChild(QLabel, "conditionProblem")
    assert (
        problem.text()
        == "Rounds left of Stunned cannot be negative (got -2): 0 means until removed."
    )
    assert done == []
    assert document.session.state.combatants["orc"].conditions[0].rounds == 2
    retype(qtbot, rounds, "4")
    qtbot.keyClick(rounds, Qt.Key.Key_Return)
    assert document.session.state.combatants["orc"].conditions[0].rounds == 4


def test_a_refused_favor_is_forgotten_when_the_next_turn_resets_it(qtbot, panel, document):
    attack = panel.attack
    retype(qtbot, attack.favor, "-11")
    assert attack.favor.problem()
    document.session.do(NextTurn())
    assert attack.favor.text() == "0"
    assert attack.favor.problem() == ""
    before = document.session.cursor
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    assert panel.message_text() == ""
    assert document.session.cursor == before + 1


def test_a_fresh_hit_replaces_a_refused_amount(qtbot, panel):
    bar = panel.apply_hit
    bar.offer("orc", "Orc", 3, fresh=True)
    retype(qtbot, bar.amount, "-3")
    bar.offer("orc", "Orc", 3, fresh=True)
    assert bar.amount.text() == "3"
    assert bar.button.isEnabled()
    assert bar.button.text() == "Apply 3 damage to Orc"
