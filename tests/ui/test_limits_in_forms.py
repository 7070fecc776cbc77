"""The forms offer no more than the core keeps: every box stops at a limit of ``core.limits``,
and what a GM types beyond one is explained, never saved into a fight that cannot reopen."""

import random
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton, QSpinBox, QStyleOptionViewItem, QWidget

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import DiceRolled
from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.limits import (
    MAX_CONDITION_ROUNDS,
    MAX_COUNT,
    MAX_DICE,
    MAX_DIFFICULTY,
    MAX_FAVOR,
    MAX_INITIATIVE,
    MAX_NAME_LENGTH,
    MAX_NOTATION_LENGTH,
    MAX_REROLLS,
    MAX_SKILL_RANK,
    MAX_SKILL_REROLLS,
    MAX_SKILLS,
    MAX_TEXT_LENGTH,
    MAX_WEAPONS,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import load_encounter
from uwr_desktop.ui.dialogs.condition_dialog import ConditionDialog
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.uwr.attack_panel import AttackPanel
from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel
from uwr_desktop.ui.rulesets.uwr.combatant_dialog import CombatantDialog
from uwr_desktop.ui.table.delegates import CombatantDelegate
from uwr_desktop.ui.table.model import CombatantTableModel


def hero():
    return Combatant(
        id="vex",
        name="Vex",
        side=Side.PLAYER,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(2), grace=Fraction(7, 2)),
            skills=(Skill("Archery", 1, 1),),
            weapons=(Weapon(name="Dagger", upr_type="Quick"),),
        ),
    )


@pytest.fixture
def document():
    doc = EncounterDocument(None, roller=Roller(random.Random(5)))
    doc.session.do(AddCombatants([hero(), Combatant(id="b1", name="Bandit 1", sheet=UwrSheet())]))
    return doc


@pytest.fixture
def panel(qtbot, document):
    widget = CheckPanel(document, roller=Roller(random.Random(5)))
    widget.tray.set_reduce_motion(True)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _type_roll(qtbot, panel, notation):
    tray = panel.tray
    form = panel.form
    tray.combatant.setCurrentIndex(tray.combatant.findData("vex"))
    form.against.setCurrentIndex(form.against.findData(None))
    tray.notation.clear()
    qtbot.keyClicks(tray.notation, notation)


def _spin_stops_at(qtbot, spin: QSpinBox, typed: str, limit: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, typed)
    spin.interpretText()
    assert spin.maximum() == limit
    assert spin.value() <= limit


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("150d6", f"at most {MAX_DICE} dice, got 150"),
        ("7d6 f+11", f"favor must be between -{MAX_FAVOR} and \\+{MAX_FAVOR}, got \\+11"),
        ("7d6 r150", f"at most {MAX_REROLLS} rerolls, got 150"),
    ],
)
def test_typed_dice_beyond_a_limit_are_explained_and_not_rolled(
    qtbot, panel, document, notation, message
):
    entries = document.session.entries
    _type_roll(qtbot, panel, notation)
    assert panel.tray.has_error()
    assert message.replace("\\", "") in panel.tray.message_text()
    assert not panel.tray.roll_button.isEnabled()
    qtbot.keyClick(panel.tray.notation, Qt.Key.Key_Return)
    assert document.session.entries == entries


def test_typed_dice_at_the_limits_are_rolled_saved_and_reopened(qtbot, panel, document, tmp_path):
    _type_roll(qtbot, panel, f"{MAX_DICE}d6 f+{MAX_FAVOR} r{MAX_REROLLS}")
    assert not panel.tray.has_error(), panel.tray.message_text()
    qtbot.mouseClick(panel.tray.roll_button, Qt.MouseButton.LeftButton)
    assert panel.message_text() == ""
    rolled = [e for e in document.session.entries[-1].events if isinstance(e, DiceRolled)]
    assert (rolled[0].roll.dice, rolled[0].roll.favor, rolled[0].roll.rerolls) == (
        MAX_DICE,
        MAX_FAVOR,
        MAX_REROLLS,
    )
    path = tmp_path / "limits.uwr"
    document.save(path)
    reopened = load_encounter(path)
    assert reopened.state == document.session.state
    assert reopened.entries == document.session.entries


def test_a_check_with_too_many_extra_dice_is_refused_in_words(qtbot, panel, document):
    tray = panel.tray
    form = panel.form
    _spin_stops_at(qtbot, form.extra_dice, "150", MAX_DICE)
    form.extra_dice.selectAll()
    qtbot.keyClicks(form.extra_dice, str(MAX_DICE))
    form.extra_dice.interpretText()
    assert form.extra_dice.value() == MAX_DICE
    tray.combatant.setCurrentIndex(tray.combatant.findData("vex"))
    form.attribute.setCurrentIndex(form.attribute.findData("Grace"))
    form.against.setCurrentIndex(1)
    entries = document.session.entries
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    shown = panel.message_text() or tray.message_text()
    assert f"at most {MAX_DICE} dice" in shown
    assert document.session.entries == entries


def test_the_tray_and_attack_spin_boxes_stop_at_the_limits(qtbot, panel):
    tray = panel.tray
    form = panel.form
    _spin_stops_at(qtbot, form.rerolls, "150", MAX_REROLLS)
    _spin_stops_at(qtbot, form.reaction_dice, "150", MAX_DICE)
    _spin_stops_at(qtbot, form.reaction_rerolls, "150", MAX_REROLLS)
    _spin_stops_at(qtbot, form.difficulty_number, "150", MAX_DIFFICULTY)
    assert tray.notation.maxLength() == MAX_NOTATION_LENGTH
    attack = AttackPanel()
    qtbot.addWidget(attack)
    for spin in (attack.favor, attack.reaction.favor, form.favor, form.reaction_favor):
        assert spin.minimum() >= -MAX_FAVOR and spin.maximum() <= MAX_FAVOR
    for spin in (attack.extra_dice, attack.reaction.dice):
        assert spin.minimum() >= -MAX_DICE and spin.maximum() <= MAX_DICE


def test_the_sheet_editor_stops_at_the_limits(qtbot):
    dialog = CombatantDialog(make_ruleset("uwr"))
    qtbot.addWidget(dialog)
    name = dialog.findChild(QLineEdit, "name")
    assert name.maxLength() == MAX_NAME_LENGTH
    qtbot.keyClicks(name, "N" * (MAX_NAME_LENGTH + 5))
    assert len(name.text()) == MAX_NAME_LENGTH
    for spin_name in ("vitalityMax", "staminaMax"):
        assert dialog.findChild(QSpinBox, spin_name).maximum() == MAX_COUNT
    buttons = {b.objectName(): b for b in dialog.findChildren(QPushButton)}
    for _ in range(MAX_SKILLS):
        qtbot.mouseClick(buttons["addSkill"], Qt.MouseButton.LeftButton)
    assert not buttons["addSkill"].isEnabled()
    rank = dialog.findChild(QSpinBox, "skillRank")
    assert (rank.maximum(), dialog.findChild(QSpinBox, "skillRerolls").maximum()) == (
        MAX_SKILL_RANK,
        MAX_SKILL_REROLLS,
    )
    for _ in range(MAX_WEAPONS):
        qtbot.mouseClick(buttons["addWeapon"], Qt.MouseButton.LeftButton)
    assert not buttons["addWeapon"].isEnabled()


def test_the_condition_dialog_stops_at_the_limits(qtbot):
    dialog = ConditionDialog()
    qtbot.addWidget(dialog)
    assert dialog.findChild(QSpinBox, "conditionRounds").maximum() == MAX_CONDITION_ROUNDS
    assert dialog.findChild(QLineEdit, "conditionNote").maxLength() == MAX_TEXT_LENGTH
    assert dialog._name.lineEdit().maxLength() == MAX_NAME_LENGTH


def test_table_editors_stop_at_the_limits(qtbot, document):
    model = CombatantTableModel(document.session)
    document.session.subscribe(model.apply)
    delegate = CombatantDelegate()
    parent = QWidget()
    qtbot.addWidget(parent)
    bounds = {}
    for column, spec in enumerate(model.columns()):
        if not spec.editable:
            continue
        editor = delegate.createEditor(parent, QStyleOptionViewItem(), model.index(0, column))
        if isinstance(editor, QLineEdit):
            bounds[spec.key] = editor.maxLength()
        elif isinstance(editor, QSpinBox):
            bounds[spec.key] = (editor.minimum(), editor.maximum())
        editor.deleteLater()
    assert bounds["name"] == MAX_NAME_LENGTH
    assert bounds["notes"] == MAX_TEXT_LENGTH
    assert bounds["vitality_max"] == (1, MAX_COUNT)
    assert bounds["initiative"][1] == MAX_INITIATIVE
