"""Parties and template files through the window: the players saved as a party, the party added
to a new fight in one step (undoable), and templates exported and imported in the library."""

import random

import pytest
from fight_window import pick_round_system, when_modal, without_samples
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QInputDialog, QLabel, QMessageBox, QPushButton
from test_check_panel import bandit, vex

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.dialogs.library import LibraryDialog
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import MainWindow


def kit():
    return Combatant(id="kit", name="Kit", side=Side.PLAYER, sheet=UwrSheet())


@pytest.fixture
def library(tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as opened:
        without_samples(opened)
        yield opened


@pytest.fixture
def window(qtbot, tmp_path, library):
    document = EncounterDocument(None, roller=Roller(random.Random(2)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings, library=library)
    main.timeline.set_animation_duration(0)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.show()
    qtbot.waitExposed(main)
    yield main
    main.statusBar().clearMessage()
    document.close()


def _names(window):
    return [c.name for c in window.document.session.state.combatants.values()]


def _answer_name(name):
    def fill(prompt):
        prompt.setTextValue(name)
        prompt.accept()

    when_modal(QInputDialog, fill)


def _menu_action(menu, text):
    return next(a for a in menu.actions() if a.text() == text)


def test_players_saved_as_a_party_join_a_new_fight_in_one_undoable_step(window, library):
    window.do(AddCombatants([vex(), kit(), bandit(1)]))
    _answer_name("Heroes")
    window.actions_by_key["save_party"].trigger()
    assert window.statusBar().currentMessage() == "Saved 2 players as the party Heroes."
    (party,) = library.parties("uwr")
    assert [m.name for m in party.members()] == ["Vex", "Kit"]

    def new_uwr_fight(dialog):
        pick_round_system(dialog, "uwr")
        dialog.accept()

    window.files.maybe_save = lambda: True
    when_modal(NewFightDialog, new_uwr_fight)
    window.actions_by_key["new"].trigger()
    assert _names(window) == []

    menu = window.parties.menu
    menu.aboutToShow.emit()
    _menu_action(menu, "Heroes").trigger()
    assert _names(window) == ["Vex", "Kit"]
    session = window.document.session
    assert len(session.entries) == 1, "the party joins in one action"
    state = session.state
    assert all(c.side is Side.PLAYER for c in state.combatants.values())
    assert "vex" not in state.combatants, "members get fresh ids"
    window.actions_by_key["undo"].trigger()
    assert _names(window) == []
    window.actions_by_key["redo"].trigger()
    assert _names(window) == ["Vex", "Kit"]
    # A second time, the names already fighting get numbers, the first ones number 1, and
    # one undo takes back both the newcomers and the numbers.
    menu.aboutToShow.emit()
    _menu_action(menu, "Heroes").trigger()
    assert _names(window) == ["Vex 1", "Kit 1", "Vex 2", "Kit 2"]
    window.actions_by_key["undo"].trigger()
    assert _names(window) == ["Vex", "Kit"]


def test_saving_a_party_with_no_players_says_so(window, library):
    window.do(AddCombatants([bandit(1)]))
    window.actions_by_key["save_party"].trigger()
    assert "no players" in window.statusBar().currentMessage()
    assert library.parties("uwr") == []
    menu = window.parties.menu
    menu.aboutToShow.emit()
    (only,) = menu.actions()
    assert not only.isEnabled() and "No saved parties" in only.text()


def _button(box: QMessageBox, text: str) -> QPushButton:
    (found,) = [b for b in box.findChildren(QPushButton) if b.text() == text]
    return found


def test_saving_over_a_party_asks_first(window, library):
    library.save_party("uwr", "Heroes", [kit()])
    window.do(AddCombatants([vex()]))
    _answer_name("heroes")
    when_modal(QMessageBox, lambda box: _button(box, "Replace").click())
    window.actions_by_key["save_party"].trigger()
    (party,) = library.parties("uwr")
    assert [m.name for m in party.members()] == ["Vex"]


def test_the_library_offers_saved_parties(qtbot, library):
    library.save_party("uwr", "Heroes", [vex(), kit()])
    dialog = LibraryDialog(library, "uwr", ["Vex"])
    qtbot.addWidget(dialog)
    button = dialog.findChild(QPushButton, "addParty")
    assert button.isEnabled()
    _menu_action(button.menu(), "Heroes").trigger()
    assert [c.name for c in dialog.chosen_combatants()] == ["Vex 2", "Kit"]


def test_templates_exported_from_the_library_import_into_another(qtbot, tmp_path, library):
    library.save("uwr", vex())
    library.save("uwr", bandit(1))
    dialog = LibraryDialog(library, "uwr", [])
    qtbot.addWidget(dialog)
    path = tmp_path / "shared.uwrlib"
    assert dialog.export_file(path)
    message = dialog.findChild(QLabel, "libraryMessage")
    assert message.text() == "Exported 2 templates to shared.uwrlib."

    with CombatantLibrary(tmp_path / "other.sqlite") as other:
        without_samples(other)
        elsewhere = LibraryDialog(other, "uwr", [])
        qtbot.addWidget(elsewhere)
        assert elsewhere.import_file(path)
        assert sorted(t.name for t in other.search("uwr")) == ["Bandit 1", "Vex"]
        assert (
            other.search("uwr", "vex")[0].combatant().sheet
            == library.search("uwr", "vex")[0].combatant().sheet
        )
        assert elsewhere.findChild(QLabel, "libraryMessage").text() == "Imported 2 templates."

        broken = tmp_path / "broken.uwrlib"
        broken.write_text('{"format": "uwr-desktop-templates", "version": 1, "ruleset"')
        assert not elsewhere.import_file(broken)
        shown = elsewhere.findChild(QLabel, "libraryMessage")
        assert not shown.isHidden() and "Could not import broken.uwrlib" in shown.text()
        assert "not JSON" in shown.text()
        assert len(other.search("uwr")) == 2, "nothing added from a broken file"

        other_system = LibraryDialog(other, "rollkeep", [])
        qtbot.addWidget(other_system)
        assert not other_system.import_file(path)
        assert "holds uwr templates" in other_system.findChild(QLabel, "libraryMessage").text()
