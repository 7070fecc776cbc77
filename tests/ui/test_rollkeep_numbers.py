"""Numbers behave in a rollkeep skirmish: a minus sign typed is kept; a negative is used where it
means something (an Initiative Score typed over the roll, a modifier in typed dice) and
refused with a message where it does not (raises, traits, armour, wounds, skill ranks,
weapon damage), and then nothing changes."""

import random

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt
from PySide6.QtWidgets import QDialog, QStyleOptionViewItem, QWidget

from tests.ui.fight_window import retype
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.rulesets.rollkeep.events import Attacked
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, Skill, Weapon, WeaponKind
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.rollkeep.combatant_dialog import RollkeepDialog
from uwr_desktop.ui.rulesets.rollkeep.panel import SkirmishPanel
from uwr_desktop.ui.table.delegates import CombatantDelegate
from uwr_desktop.ui.table.model import CombatantTableModel

KATANA = Weapon(name="Katana", kind=WeaponKind.MELEE, skill="Kenjutsu", damage_rolled=3)


def _samurai(cid, name, side, reflexes, void=3):
    sheet = RollkeepSheet(
        reflexes=reflexes, void=void, skills=(Skill("Kenjutsu", 2),), weapons=(KATANA,)
    )
    return Combatant(id=cid, name=name, side=side, sheet=sheet)


@pytest.fixture
def document():
    doc = EncounterDocument(None, roller=Roller(random.Random(11)))
    doc.new(
        "rollkeep",
        (
            _samurai("kakita", "Kakita", Side.PLAYER, 4),
            _samurai("hida", "Hida", Side.ENEMY, 2, void=2),
        ),
    )
    doc.session.do(StartFight())
    yield doc
    doc.close()


@pytest.fixture
def panel(qtbot, document):
    widget = SkirmishPanel(document)
    widget.tray.set_reduce_motion(True)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_negative_raises_are_refused_with_their_sign_and_nothing_changes(qtbot, panel, document):
    assert document.session.state.current == "kakita"
    retype(qtbot, panel.raises, "-1")
    assert panel.raises.text() == "-1", "the minus sign is not dropped"
    assert panel.odds.text() == "Raises cannot be negative (got -1)."
    before = (document.session.cursor, document.session.state)
    qtbot.mouseClick(panel.attack, Qt.MouseButton.LeftButton)
    assert panel.message.text() == "Raises cannot be negative (got -1)."
    assert (document.session.cursor, document.session.state) == before


def test_raises_beyond_void_are_refused_not_clamped(qtbot, panel, document):
    retype(qtbot, panel.raises, "5")
    before = document.session.cursor
    qtbot.mouseClick(panel.attack, Qt.MouseButton.LeftButton)
    assert panel.message.text() == "Raises can be at most 3 (got 5)."
    assert document.session.cursor == before
    retype(qtbot, panel.raises, "2")
    assert "to hit" in panel.odds.text()
    qtbot.mouseClick(panel.attack, Qt.MouseButton.LeftButton)
    session = document.session
    (attacked,) = [e for e in session.entries[session.cursor - 1].events if isinstance(e, Attacked)]
    assert attacked.raises == 2


def test_a_negative_score_typed_in_the_table_is_taken_with_its_sign(qtbot, document):
    model = CombatantTableModel(document.session)
    document.session.subscribe(model.apply)
    delegate = CombatantDelegate()
    index = model.index(model.row_of("hida"), model.column_of("initiative"))
    parent = QWidget()
    editor = delegate.createEditor(parent, QStyleOptionViewItem(), index)
    delegate.setEditorData(editor, index)
    kept = QPersistentModelIndex(index)
    editor.selectAll()
    qtbot.keyClicks(editor, "-5")
    delegate.setModelData(editor, model, model.index(kept.row(), kept.column()))
    assert sheet_of(document.session.state.combatants["hida"]).initiative_override == -5


def test_a_modifier_typed_with_dice_keeps_its_minus(qtbot, panel):
    panel.tray.notation.setText("6k3-5")
    assert panel.tray.message_text().endswith("6k3-5")
    panel.tray.roll()
    roll = panel.tray.current_roll()
    assert roll.spec.modifier == -5
    kept = sorted((sum(chain) for chain in roll.chains), reverse=True)[:3]
    assert roll.total == sum(kept) - 5


def test_the_dialog_refuses_a_negative_trait_rank_or_damage_with_a_message(qtbot):
    dialog = RollkeepDialog(None, None)
    qtbot.addWidget(dialog)
    dialog.name.setText("Bayushi")
    retype(qtbot, dialog.traits["reflexes"], "-2")
    assert dialog.traits["reflexes"].text() == "-2"
    dialog.accept()
    assert dialog.problem.text() == "Reflexes cannot be negative (got -2)."
    assert dialog.result() != QDialog.DialogCode.Accepted
    retype(qtbot, dialog.traits["reflexes"], "3")
    dialog.skills.setText("Kenjutsu -3")
    dialog.accept()
    assert dialog.problem.text() == "Skill 'Kenjutsu -3': a rank cannot be negative"
    dialog.skills.setText("Kenjutsu 3")
    dialog.weapons.setPlainText("Katana, melee, Kenjutsu, -3k2")
    dialog.accept()
    assert dialog.problem.text() == (
        "Weapon line 1 ('Katana, melee, Kenjutsu, -3k2'): damage and bow strength cannot be "
        "negative"
    )
    assert dialog.result() != QDialog.DialogCode.Accepted
    dialog.weapons.setPlainText("Katana, melee, Kenjutsu, 3k2")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert sheet_of(dialog.combatant()).reflexes == 3


def test_the_next_attacker_starts_without_raises_and_is_held_to_its_own_void(
    qtbot, panel, document
):
    retype(qtbot, panel.raises, "5")
    assert panel.raises.problem() == "Raises can be at most 3 (got 5)."
    document.session.do(NextTurn())
    assert document.session.state.current == "hida"
    assert (panel.raises.text(), panel.raises.problem()) == ("0", ""), "raises are per attack"
    retype(qtbot, panel.raises, "5")
    assert panel.raises.problem() == "Raises can be at most 2 (got 5)."
    retype(qtbot, panel.raises, "2")
    assert panel.raises.problem() == ""
    assert "to hit" in panel.odds.text()
