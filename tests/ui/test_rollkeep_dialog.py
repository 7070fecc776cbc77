"""The rollkeep combatant dialog: skills and weapons typed one a line, read back and refused
with a reason."""

import pytest
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import Skill, Stance, WeaponKind
from uwr_desktop.ui.rulesets.rollkeep.combatant_dialog import (
    FormError,
    RollkeepDialog,
    parse_skills,
    parse_weapons,
    skills_text,
    weapons_text,
)


def test_skills_and_weapons_read_back_as_written():
    skills = parse_skills("Kenjutsu 3, Defense 2\nStealth 1")
    assert skills == (Skill("Kenjutsu", 3), Skill("Defense", 2), Skill("Stealth", 1))
    assert parse_skills(skills_text(skills)) == skills
    text = "Katana, melee, Kenjutsu, 3k2\nYumi, bow 3, Kyujutsu, 2k2\nFists, unarmed, Jiujutsu"
    weapons = parse_weapons(text)
    assert [w.kind for w in weapons] == [WeaponKind.MELEE, WeaponKind.BOW, WeaponKind.UNARMED]
    assert (weapons[1].bow_strength, weapons[1].damage_rolled, weapons[1].damage_kept) == (3, 2, 2)
    assert weapons_text(weapons) == text
    assert parse_weapons(weapons_text(weapons)) == weapons


@pytest.mark.parametrize(
    ("skills", "weapons", "message"),
    [
        ("Kenjutsu", "", "write a name and a rank"),
        ("", "Katana 3k2", "Weapon line 1"),
        ("", "Katana, melee, Kenjutsu", "needs its damage"),
    ],
)
def test_what_cannot_be_read_is_refused_with_the_line(skills, weapons, message):
    with pytest.raises(FormError, match=message):
        parse_skills(skills)
        parse_weapons(weapons)


def test_the_dialog_stays_open_on_a_bad_line_and_edits_keep_the_id(qtbot):
    dialog = RollkeepDialog(None, None)
    qtbot.addWidget(dialog)
    dialog.name.setText("Bayushi")
    dialog.traits["void"].setValue(4)
    dialog.stance.setCurrentIndex(dialog.stance.findData(Stance.CENTER))
    dialog.weapons.setPlainText("Wakizashi melee")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert "Weapon line 1" in dialog.problem.text()
    assert dialog.result() != QDialog.DialogCode.Accepted
    dialog.weapons.setPlainText("Wakizashi, melee, Kenjutsu, 2k2")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    made = dialog.combatant()
    assert made.name == "Bayushi"
    sheet = sheet_of(made)
    assert (sheet.void, sheet.stance, sheet.weapons[0].name) == (4, Stance.CENTER, "Wakizashi")
    again = RollkeepDialog(None, made)
    qtbot.addWidget(again)
    again.wounds.setValue(12)
    again.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert again.result() == QDialog.DialogCode.Accepted
    edited = again.combatant()
    assert edited.id == made.id and sheet_of(edited).wounds == 12
