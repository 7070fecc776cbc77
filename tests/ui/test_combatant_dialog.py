import re
from fractions import Fraction

import pytest
from accessible_walk import tab_cycle
from msgspec.structs import replace
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QDoubleSpinBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QToolButton,
)

from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import (
    Attributes,
    Initiative,
    Skill,
    UwrSheet,
    Weapon,
    WeaponPool,
)
from uwr_desktop.core.rulesets.uwr.upr import uses_per_round
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets.uwr.combatant_dialog import CombatantDialog, edit_combatant

RULESET = make_ruleset("uwr")


def _open(qtbot, combatant=None):
    dialog = CombatantDialog(RULESET, combatant)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _child(dialog, kind, name):
    found = dialog.findChild(kind, name)
    assert found is not None, f"no {name}"
    return found


def _ok(dialog):
    return _child(dialog, QDialogButtonBox, "").button(QDialogButtonBox.StandardButton.Ok)


def _problem(dialog):
    label = _child(dialog, QLabel, "problemLabel")
    return label.text() if label.isVisible() else ""


def _type(qtbot, widget, text):
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


def _select(qtbot, combo, text):
    index = combo.findText(text, Qt.MatchFlag.MatchFixedString)
    if index < 0:
        index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, f"{text!r} not offered"
    while combo.currentIndex() != index:
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def _add_skill(qtbot, dialog, name, rank, rerolls):
    qtbot.mouseClick(_child(dialog, QPushButton, "addSkill"), Qt.MouseButton.LeftButton)
    table = _child(dialog, QTableWidget, "skillsTable")
    row = table.rowCount() - 1
    qtbot.keyClicks(table.cellWidget(row, 0), name)
    _type(qtbot, table.cellWidget(row, 1), str(rank))
    _type(qtbot, table.cellWidget(row, 2), str(rerolls))
    return row


def _add_weapon(qtbot, dialog, name, upr_type, pool, skill, *, prepared=True):
    qtbot.mouseClick(_child(dialog, QPushButton, "addWeapon"), Qt.MouseButton.LeftButton)
    table = _child(dialog, QTableWidget, "weaponsTable")
    row = table.rowCount() - 1
    qtbot.keyClicks(table.cellWidget(row, 0), name)
    _select(qtbot, table.cellWidget(row, 1), upr_type)
    _select(qtbot, table.cellWidget(row, 2), pool)
    _select(qtbot, table.cellWidget(row, 3), skill)
    checkbox = table.cellWidget(row, 4)
    if checkbox.isChecked() != prepared:
        qtbot.keyClick(checkbox, Qt.Key.Key_Space)
    return row


def _preview(dialog, row):
    return _child(dialog, QTableWidget, "weaponsTable").cellWidget(row, 5).text()


def test_new_combatant_typed_in_comes_back_exactly(qtbot):
    dialog = _open(qtbot)
    assert not _ok(dialog).isEnabled()
    qtbot.keyClicks(_child(dialog, QLineEdit, "name"), "Bandit Chief")
    _select(qtbot, _child(dialog, QComboBox, "side"), "Ally")
    qtbot.keyClick(_child(dialog, QCheckBox, "hidden"), Qt.Key.Key_Space)
    _type(qtbot, _child(dialog, QDoubleSpinBox, "brawn"), "3.5")
    _type(qtbot, _child(dialog, QDoubleSpinBox, "grace"), "4")
    _type(qtbot, _child(dialog, QDoubleSpinBox, "savvy"), "0.5")
    _type(qtbot, _child(dialog, QSpinBox, "vitalityMax"), "14")
    _type(qtbot, _child(dialog, QSpinBox, "staminaMax"), "5")
    _type(qtbot, _child(dialog, QSpinBox, "stamina"), "2")
    qtbot.keyClicks(_child(dialog, QPlainTextEdit, "notes"), "Carries the key")
    _add_skill(qtbot, dialog, "Blades", 2, 1)
    _add_skill(qtbot, dialog, "Archery", 1, 0)
    _add_weapon(qtbot, dialog, "Sabre", "Swift", "Melee", "Blades")
    _add_weapon(qtbot, dialog, "Longbow", "Slow", "Ranged", "Archery", prepared=False)

    assert _problem(dialog) == ""
    assert _ok(dialog).isEnabled()
    qtbot.keyClick(_child(dialog, QLineEdit, "name"), Qt.Key.Key_Return)
    assert dialog.result() == CombatantDialog.DialogCode.Accepted

    made = dialog.combatant()
    assert re.fullmatch(r"[0-9a-f]{32}", made.id)
    assert made == Combatant(
        id=made.id,
        name="Bandit Chief",
        side=Side.ALLY,
        hidden=True,
        notes="Carries the key",
        sheet=UwrSheet(
            attributes=Attributes(
                brawn=Fraction(7, 2), grace=Fraction(4), mettle=Fraction(2), savvy=Fraction(1, 2)
            ),
            skills=(Skill("Blades", 2, 1), Skill("Archery", 1, 0)),
            weapons=(
                Weapon(name="Sabre", upr_type="Swift", pool=WeaponPool.MELEE, skill="Blades"),
                Weapon(
                    name="Longbow",
                    upr_type="Slow",
                    pool=WeaponPool.RANGED,
                    skill="Archery",
                    prepared=False,
                ),
            ),
            vitality=14,
            vitality_max=14,
            stamina=2,
            stamina_max=5,
        ),
    )
    assert isinstance(made.sheet.attributes.brawn, Fraction)


def test_two_new_combatants_get_different_ids(qtbot):
    first, second = _open(qtbot), _open(qtbot)
    for dialog in (first, second):
        qtbot.keyClicks(_child(dialog, QLineEdit, "name"), "Wolf")
    assert first.combatant().id != second.combatant().id
    assert first.combatant().side is Side.ENEMY
    assert first.combatant().sheet.attributes == Attributes()


@pytest.mark.parametrize(
    ("make_invalid", "reason"),
    [
        (lambda qtbot, d: None, "needs a name"),
        (
            lambda qtbot, d: [
                _add_skill(qtbot, d, "Blades", 1, 0),
                _add_skill(qtbot, d, "blades", 2, 0),
            ],
            "Two skills are named 'blades'",
        ),
        (
            lambda qtbot, d: [
                _add_weapon(qtbot, d, "Axe", "Swift", "Melee", "(no skill)"),
                _add_weapon(qtbot, d, "AXE", "Slow", "Melee", "(no skill)"),
            ],
            "Two weapons are named 'AXE'",
        ),
        (
            lambda qtbot, d: _add_weapon(qtbot, d, "", "Swift", "Melee", "(no skill)"),
            "Weapon 1 needs a name",
        ),
        (
            lambda qtbot, d: _type(qtbot, _child(d, QSpinBox, "vitality"), "12"),
            "Vitality 12 is above its maximum 10",
        ),
        (
            lambda qtbot, d: _type(qtbot, _child(d, QDoubleSpinBox, "grace"), "2.3"),
            "Grace must be in steps of 0.5, got 2.3",
        ),
    ],
)
def test_invalid_sheet_disables_ok_with_the_reason(qtbot, make_invalid, reason):
    dialog = _open(qtbot)
    if reason != "needs a name":
        qtbot.keyClicks(_child(dialog, QLineEdit, "name"), "Grunt")
    make_invalid(qtbot, dialog)
    assert reason in _problem(dialog)
    assert not _ok(dialog).isEnabled()
    qtbot.keyClick(_child(dialog, QLineEdit, "name"), Qt.Key.Key_Return)
    assert dialog.isVisible()
    with pytest.raises(ValueError, match=re.escape(reason)):
        dialog.combatant()


def test_fixing_the_sheet_enables_ok_again(qtbot):
    dialog = _open(qtbot)
    qtbot.keyClicks(_child(dialog, QLineEdit, "name"), "Grunt")
    _add_skill(qtbot, dialog, "Blades", 1, 0)
    second = _add_skill(qtbot, dialog, "Blades", 2, 0)
    assert not _ok(dialog).isEnabled()
    table = _child(dialog, QTableWidget, "skillsTable")
    qtbot.mouseClick(table.cellWidget(second, 3), Qt.MouseButton.LeftButton)
    assert _ok(dialog).isEnabled()
    assert dialog.combatant().sheet.skills == (Skill("Blades", 1, 0),)


def test_vitality_follows_its_maximum_while_full(qtbot):
    dialog = _open(qtbot)
    qtbot.keyClicks(_child(dialog, QLineEdit, "name"), "Ogre")
    _type(qtbot, _child(dialog, QSpinBox, "vitalityMax"), "20")
    assert dialog.combatant().sheet.vitality == 20
    _type(qtbot, _child(dialog, QSpinBox, "vitality"), "7")
    _type(qtbot, _child(dialog, QSpinBox, "vitalityMax"), "25")
    assert (dialog.combatant().sheet.vitality, dialog.combatant().sheet.vitality_max) == (7, 25)


VEX = Combatant(
    id="vex-1",
    name="Vex",
    side=Side.PLAYER,
    conditions=(Condition("Prone", 2),),
    notes="Scout",
    sheet=UwrSheet(
        attributes=Attributes(brawn=Fraction(3), grace=Fraction(7, 2)),
        skills=(Skill("Blades", 2, 1),),
        weapons=(
            Weapon(
                name="Sword",
                upr_type="Swift",
                skill="Blades",
                upr=Fraction(2),
                uses_max=2,
                uses_left=1,
            ),
            Weapon(name="Crossbow", upr_type="Slow", pool=WeaponPool.RANGED, prepared=False),
        ),
        vitality=6,
        vitality_max=12,
        initiative=Initiative(faces=(4, 5)),
    ),
)


def test_editing_keeps_id_and_fight_state(qtbot):
    dialog = _open(qtbot, VEX)
    assert dialog.combatant() == VEX
    name = _child(dialog, QLineEdit, "name")
    _type(qtbot, name, "Vex the Bold")
    table = _child(dialog, QTableWidget, "skillsTable")
    _type(qtbot, table.cellWidget(0, 0), "Swords")
    qtbot.keyClick(name, Qt.Key.Key_Return)

    edited = dialog.combatant()
    assert edited.id == "vex-1"
    assert edited.name == "Vex the Bold"
    assert edited.conditions == VEX.conditions
    assert edited.sheet.initiative == VEX.sheet.initiative
    assert edited.sheet.skills == (Skill("Swords", 2, 1),)
    sword = edited.sheet.weapons[0]
    assert sword.skill == "Swords"
    assert (sword.upr, sword.uses_max, sword.uses_left) == (Fraction(2), 2, 1)


def test_removing_a_skill_unlinks_its_weapons(qtbot):
    dialog = _open(qtbot, VEX)
    table = _child(dialog, QTableWidget, "skillsTable")
    remove = table.cellWidget(0, 3)
    assert isinstance(remove, QToolButton)
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert dialog.combatant().sheet.skills == ()
    assert dialog.combatant().sheet.weapons[0].skill == ""


def test_uses_preview_matches_the_core_and_follows_the_pool(qtbot):
    dialog = _open(qtbot, VEX)
    # Sword: Brawn 3 + Blades 2 = 5 dice, Swift. Crossbow: Grace 3.5 → 3 dice, Slow, unprepared.
    assert uses_per_round(5, "Swift") == 2
    assert _preview(dialog, 0) == "2 uses"
    assert uses_per_round(3, "Slow") == Fraction(1, 2)
    assert _preview(dialog, 1) == "0.5 · 1 round to prepare"

    _type(qtbot, _child(dialog, QDoubleSpinBox, "brawn"), "6")
    assert uses_per_round(8, "Swift") == 4
    assert _preview(dialog, 0) == "4 uses"
    _type(qtbot, _child(dialog, QDoubleSpinBox, "grace"), "2")
    assert uses_per_round(2, "Slow") == Fraction(1, 3)
    assert _preview(dialog, 1) == "0.33 · 2 rounds to prepare"
    table = _child(dialog, QTableWidget, "weaponsTable")
    qtbot.keyClick(table.cellWidget(1, 4), Qt.Key.Key_Space)
    assert _preview(dialog, 1) == "0.33 · prepared: 1 use"
    _type(qtbot, _child(dialog, QDoubleSpinBox, "grace"), "0")
    assert uses_per_round(0, "Slow") == 0
    assert _preview(dialog, 1) == "cannot be used"
    _select(qtbot, table.cellWidget(1, 1), "Rapid")
    _type(qtbot, _child(dialog, QDoubleSpinBox, "grace"), "1")
    assert _preview(dialog, 1) == "1 use"


def test_unknown_upr_type_is_kept_but_refused_with_the_reason(qtbot):
    odd = replace(VEX, sheet=replace(VEX.sheet, weapons=(Weapon(name="Wand", upr_type="Blink"),)))
    dialog = _open(qtbot, odd)
    assert "unknown UPR type 'Blink'" in _problem(dialog)
    assert not _ok(dialog).isEnabled()
    _select(qtbot, _child(dialog, QTableWidget, "weaponsTable").cellWidget(0, 1), "Quick")
    assert dialog.combatant().sheet.weapons[0].upr_type == "Quick"


def _answer_when_shown(qtbot, act):
    def run():
        modal = QApplication.activeModalWidget()
        if isinstance(modal, CombatantDialog):
            act(modal)
            if modal.isVisible():
                modal.done(2)
        else:
            QTimer.singleShot(10, run)

    QTimer.singleShot(0, run)


def test_edit_combatant_returns_the_sheet_on_enter_and_none_on_escape(qtbot):
    def fill_and_enter(dialog):
        name = _child(dialog, QLineEdit, "name")
        qtbot.keyClicks(name, "Ghoul")
        qtbot.keyClick(name, Qt.Key.Key_Return)

    _answer_when_shown(qtbot, fill_and_enter)
    made = edit_combatant(None, RULESET)
    assert made is not None
    assert made.name == "Ghoul"

    _answer_when_shown(
        qtbot, lambda d: qtbot.keyClick(_child(d, QLineEdit, "name"), Qt.Key.Key_Escape)
    )
    assert edit_combatant(None, RULESET, VEX) is None


def test_tab_goes_through_the_sheet_in_reading_order(qtbot):
    dialog = _open(qtbot, VEX)
    expected = ["name", "side", "hidden", "brawn", "grace", "mettle", "savvy", "vitality"]
    name = _child(dialog, QLineEdit, "name")
    dialog.activateWindow()
    name.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is name)
    seen = [widget.objectName() for widget in tab_cycle(qtbot, name)]
    assert [shown for shown in seen if shown in expected] == expected
