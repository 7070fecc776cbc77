import sqlite3
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.dialogs.library import LibraryDialog

BANDIT = Combatant(
    id="t-bandit",
    name="Bandit",
    sheet=UwrSheet(
        attributes=Attributes(brawn=Fraction(3), grace=Fraction(5, 2)),
        skills=(Skill("Blades", 1, 0),),
        weapons=(Weapon(name="Club", upr_type="Swift", skill="Blades"),),
        vitality=8,
        vitality_max=8,
    ),
)
CAPTAIN = Combatant(
    id="t-captain", name="Bandit Captain", sheet=UwrSheet(vitality=14, vitality_max=14)
)
WOLF = Combatant(
    id="t-wolf", name="Wolf", sheet=UwrSheet(weapons=(Weapon(name="Bite", upr_type="Quick"),))
)
VEX = Combatant(
    id="t-vex",
    name="Vex",
    side=Side.PLAYER,
    sheet=UwrSheet(weapons=(Weapon(name="Bow", upr_type="Slow", pool=WeaponPool.RANGED),)),
)
KIT = Combatant(id="t-kit", name="Kit", side=Side.PLAYER, sheet=UwrSheet())


@pytest.fixture
def library(tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as lib:
        lib.seed("uwr", ())  # the GM's own templates only: the samples were deleted
        saved = {c.name: lib.save("uwr", c) for c in (BANDIT, CAPTAIN, WOLF, VEX, KIT)}
        lib.save("other", Combatant(id="t-bandit-other", name="Bandit Lord", sheet=UwrSheet()))
        lib.set_default_party("uwr", [saved["Vex"].template_id, saved["Kit"].template_id])
        yield lib


def _open(qtbot, library, existing=(), ruleset="uwr"):
    dialog = LibraryDialog(library, ruleset, existing)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _child(dialog, kind, name):
    found = dialog.findChild(kind, name)
    assert found is not None, f"no {name}"
    return found


def _names_listed(dialog):
    shown = _child(dialog, QListWidget, "libraryList")
    return [shown.item(row).text().split("\n")[0] for row in range(shown.count())]


def _search(qtbot, dialog, text):
    field = _child(dialog, QLineEdit, "librarySearch")
    field.clear()
    qtbot.keyClicks(field, text)


def _pick(qtbot, dialog, name):
    _search(qtbot, dialog, name)
    listed = _names_listed(dialog)
    assert name in listed
    shown = _child(dialog, QListWidget, "libraryList")
    shown.setCurrentRow(listed.index(name))


def _when_modal(kind, act):
    def run():
        modal = QApplication.activeModalWidget()
        if isinstance(modal, kind):
            act(modal)
            if modal.isVisible():
                modal.done(0)
        else:
            QTimer.singleShot(10, run)

    QTimer.singleShot(0, run)


def test_typing_finds_templates_of_this_ruleset_in_any_case(qtbot, library):
    dialog = _open(qtbot, library)
    assert _names_listed(dialog) == ["Bandit", "Bandit Captain", "Kit", "Vex", "Wolf"]
    _search(qtbot, dialog, "BAND")
    assert _names_listed(dialog) == ["Bandit", "Bandit Captain"]
    _search(qtbot, dialog, "capt")
    assert _names_listed(dialog) == ["Bandit Captain"]
    _search(qtbot, dialog, "dragon")
    empty = _child(dialog, QLabel, "libraryEmpty")
    assert empty.isVisible()
    assert "dragon" in empty.text()
    assert not _child(dialog, QPushButton, "addCopies").isEnabled()


def test_summary_shows_side_attributes_and_weapons(qtbot, library):
    dialog = _open(qtbot, library)
    _search(qtbot, dialog, "bandit")
    text = _child(dialog, QListWidget, "libraryList").item(0).text()
    assert "Enemy" in text
    assert "B3 G2.5 M2 S2" in text
    assert "Club (Swift)" in text


def test_adds_numbered_copies_with_fresh_ids(qtbot, library):
    dialog = _open(qtbot, library, existing=["Vex"])
    _pick(qtbot, dialog, "Bandit")
    count = _child(dialog, QSpinBox, "copyCount")
    count.selectAll()
    qtbot.keyClicks(count, "3")
    add = _child(dialog, QPushButton, "addCopies")
    assert add.text().replace("&", "") == "Add 3 copies"
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)

    assert dialog.result() == LibraryDialog.DialogCode.Accepted
    made = dialog.chosen_combatants()
    assert [c.name for c in made] == ["Bandit 1", "Bandit 2", "Bandit 3"]
    assert len({c.id for c in made} | {BANDIT.id}) == 4
    for copy in made:
        assert copy.sheet.attributes == BANDIT.sheet.attributes
        assert copy.sheet.skills == BANDIT.sheet.skills
        assert copy.sheet.weapons == BANDIT.sheet.weapons
        assert copy.sheet.vitality == 8


def test_numbering_continues_after_names_in_the_fight(qtbot, library):
    dialog = _open(qtbot, library, existing=["Bandit 1", "Wolf"])
    _pick(qtbot, dialog, "Bandit")
    count = _child(dialog, QSpinBox, "copyCount")
    count.selectAll()
    qtbot.keyClicks(count, "2")
    qtbot.keyClick(_child(dialog, QLineEdit, "librarySearch"), Qt.Key.Key_Return)
    assert [c.name for c in dialog.chosen_combatants()] == ["Bandit 2", "Bandit 3"]


def test_arrow_keys_in_the_search_field_pick_from_the_list(qtbot, library):
    dialog = _open(qtbot, library)
    field = _child(dialog, QLineEdit, "librarySearch")
    qtbot.keyClicks(field, "b")
    qtbot.keyClick(field, Qt.Key.Key_Down)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert [c.name for c in dialog.chosen_combatants()] == ["Bandit Captain"]


def test_adds_the_default_party(qtbot, library):
    dialog = _open(qtbot, library, existing=["Vex"])
    party = _child(dialog, QPushButton, "addParty")
    assert party.isEnabled()
    (default,) = party.menu().actions()
    assert default.text() == "Default party (2)" and default.toolTip() == "Vex, Kit"
    default.trigger()
    made = dialog.chosen_combatants()
    assert [c.name for c in made] == ["Vex 2", "Kit"]
    assert [c.side for c in made] == [Side.PLAYER, Side.PLAYER]
    assert made[0].sheet.weapons == VEX.sheet.weapons
    assert VEX.id not in {c.id for c in made}


def test_empty_library_says_so_and_offers_no_party(qtbot, tmp_path):
    with CombatantLibrary(tmp_path / "empty.sqlite") as empty_library:
        empty_library.seed("uwr", ())  # its samples deleted
        dialog = _open(qtbot, empty_library)
        assert _child(dialog, QLabel, "libraryEmpty").isVisible()
        assert "no combatants" in _child(dialog, QLabel, "libraryEmpty").text()
        assert not _child(dialog, QPushButton, "addParty").isEnabled()
        dialog.add_default_party()
        assert dialog.isVisible()
        assert dialog.chosen_combatants() == []


def test_delete_asks_first_and_cancel_keeps_the_template(qtbot, library):
    dialog = _open(qtbot, library)
    _pick(qtbot, dialog, "Wolf")
    _when_modal(
        QMessageBox,
        lambda box: qtbot.mouseClick(
            box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton
        ),
    )
    qtbot.mouseClick(_child(dialog, QPushButton, "deleteTemplate"), Qt.MouseButton.LeftButton)
    assert [t.name for t in library.search("uwr", "wolf")] == ["Wolf"]

    _when_modal(
        QMessageBox,
        lambda box: qtbot.mouseClick(
            box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton
        ),
    )
    qtbot.mouseClick(_child(dialog, QPushButton, "deleteTemplate"), Qt.MouseButton.LeftButton)
    assert library.search("uwr", "wolf") == []
    assert _child(dialog, QLabel, "libraryEmpty").isVisible()


def test_rename_through_the_prompt_and_a_clash_is_explained(qtbot, library):
    dialog = _open(qtbot, library)
    _pick(qtbot, dialog, "Wolf")

    def answer(name):
        def act(prompt):
            prompt.setTextValue(name)
            prompt.accept()

        return act

    _when_modal(QInputDialog, answer("Dire Wolf"))
    qtbot.mouseClick(_child(dialog, QPushButton, "renameTemplate"), Qt.MouseButton.LeftButton)
    assert [t.name for t in library.search("uwr", "wolf")] == ["Dire Wolf"]
    assert "Dire Wolf" in _names_listed(dialog)

    _pick(qtbot, dialog, "Dire Wolf")
    _when_modal(QInputDialog, answer("bandit"))
    qtbot.mouseClick(_child(dialog, QPushButton, "renameTemplate"), Qt.MouseButton.LeftButton)
    message = _child(dialog, QLabel, "libraryMessage")
    assert message.isVisible()
    assert "already has a template named 'bandit'" in message.text()
    assert [t.name for t in library.search("uwr", "wolf")] == ["Dire Wolf"]


def test_damaged_template_is_shown_with_its_problem_and_cannot_be_added(qtbot, tmp_path):
    path = tmp_path / "library.sqlite"
    with CombatantLibrary(path) as lib:
        lib.seed("uwr", ())
        lib.save("uwr", WOLF)
        with sqlite3.connect(path) as raw:
            raw.execute("UPDATE library_templates SET data = '{\"name\": 3}'")
        raw.close()
        dialog = _open(qtbot, lib)
        assert "damaged" in _child(dialog, QListWidget, "libraryList").item(0).text()
        qtbot.mouseClick(_child(dialog, QPushButton, "addCopies"), Qt.MouseButton.LeftButton)
        assert dialog.isVisible()
        assert "damaged" in _child(dialog, QLabel, "libraryMessage").text()
        assert dialog.chosen_combatants() == []


def test_the_dialog_opens_wide_enough_for_the_longest_summary(qtbot, tmp_path):
    armoury = tuple(
        Weapon(name=name, upr_type="Swift") for name in ("Sabre", "Pistol", "Dagger", "Halberd")
    )
    well_armed = Combatant(id="t-armed", name="Quartermaster", sheet=UwrSheet(weapons=armoury))
    with CombatantLibrary(tmp_path / "armoury.sqlite") as lib:
        lib.seed("uwr", ())
        lib.save("uwr", well_armed)
        window = QWidget()
        qtbot.addWidget(window)
        window.setGeometry(40, 40, 720, 500)
        window.show()
        dialog = LibraryDialog(lib, "uwr", (), parent=window)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        listing = _child(dialog, QListWidget, "libraryList")
        qtbot.wait(10)
        assert dialog.width() > 560, "wider than the least it may be"
        assert listing.horizontalScrollBar().maximum() == 0, "the summary is read whole"
        centre = dialog.frameGeometry().center().x()
        assert abs(centre - window.frameGeometry().center().x()) <= 2, "still on its window"
