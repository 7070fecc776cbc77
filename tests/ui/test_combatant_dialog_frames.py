"""Every round system's combatant dialog is titled alike (by the command that opened it for a
new combatant, by the combatant's name for an edit) and fits a 1366x768 laptop's screen, its
fields as tall as they need; the weapons of a uwr sheet keep their names readable. Each asks
the name, the side, "Hidden from players" and the notes alike and refuses alike; Tab goes from
the name through the sheet to the notes, OK and Cancel, and every named field has an Alt key of
its own."""

from collections.abc import Callable

import pytest
from accessible_walk import tab_cycle, unreachable
from every_system import SYSTEMS, sheet_for
from fight_window import when_modal
from mnemonics import clashes, dead_labels, mnemonic
from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableWidget,
)
from test_combatant_dialog import VEX

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.limits import MAX_NAME_LENGTH, MAX_TEXT_LENGTH
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets import ruleset_ui
from uwr_desktop.ui.theme import problem_palette

pytestmark = pytest.mark.usefixtures("own_systems_in_module")

LAPTOP_DIALOG_ROOM = QSize(1366, 700)
"""What a dialog may fill on a 1366x768 screen, less its task bar and the dialog's title bar."""


def _shown(ruleset_id: str, combatant: Combatant | None, look: Callable[[QDialog], None]) -> None:
    """Open the round system's combatant dialog, ``look`` at it, then cancel it."""

    def read(dialog: QDialog) -> None:
        try:
            look(dialog)
        finally:
            dialog.reject()

    when_modal(QDialog, read)
    assert ruleset_ui(ruleset_id).edit_combatant(None, make_ruleset(ruleset_id), combatant) is None


def _title(ruleset_id: str, combatant: Combatant | None) -> str:
    seen: list[str] = []
    _shown(ruleset_id, combatant, lambda dialog: seen.append(dialog.windowTitle()))
    return seen[0]


def _least(dialog: QDialog) -> QSize:
    return dialog.minimumSizeHint().expandedTo(dialog.minimumSize())


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_combatant_dialog_is_titled_by_its_command_or_by_the_combatant(qtbot, ruleset_id):
    assert _title(ruleset_id, None) == "Add Combatant"
    bryn = Combatant(id="b", name="Bryn of the Long Road 2", sheet=sheet_for(ruleset_id))
    assert _title(ruleset_id, bryn) == "Edit Bryn of the Long Road 2"


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_combatant_dialog_fits_a_laptop_with_every_field_as_tall_as_it_needs(qtbot, ruleset_id):
    sizes: list[QSize] = []
    bryn = Combatant(id="b", name="Bryn", sheet=sheet_for(ruleset_id))
    for combatant in (None, bryn):
        _shown(ruleset_id, combatant, lambda dialog: sizes.append(_least(dialog)))
    for least in sizes:
        assert least.width() <= LAPTOP_DIALOG_ROOM.width()
        assert least.height() <= LAPTOP_DIALOG_ROOM.height()


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_tab_goes_from_the_name_through_the_sheet_to_the_notes_then_ok_and_cancel(
    qtbot, ruleset_id
):
    cycles: list[list[str]] = []
    left_out: list[str] = []

    def walk(dialog: QDialog) -> None:
        name = dialog.findChild(QLineEdit, "name")
        dialog.activateWindow()
        name.setFocus()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is name)
        cycle = tab_cycle(qtbot, name)
        cycles.append([widget.objectName() or widget.text() for widget in cycle])
        left_out.extend(unreachable(dialog, cycle))

    bryn = Combatant(id="b", name="Bryn", sheet=sheet_for(ruleset_id))
    _shown(ruleset_id, bryn, walk)
    (cycle,) = cycles
    assert cycle[:3] == ["name", "side", "hidden"]
    assert cycle[-3:] == ["notes", "OK", "Cancel"]
    assert len(cycle) > 6, "the sheet's own controls are in the cycle too"
    assert left_out == []


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_every_named_field_of_a_combatant_dialog_has_an_alt_key_of_its_own(qtbot, ruleset_id):
    found: list[tuple[list[str], dict[str, list[str]], list[str]]] = []

    def look(dialog: QDialog) -> None:
        keyless = [
            label.text()
            for label in dialog.findChildren(QLabel)
            if label.isVisibleTo(dialog)
            and label.buddy() is not None
            and not mnemonic(label.text())
        ]
        found.append((keyless, clashes(dialog), dead_labels(dialog)))

    _shown(ruleset_id, Combatant(id="b", name="Bryn", sheet=sheet_for(ruleset_id)), look)
    assert found == [([], {}, [])]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_shipped_dialog_greys_ok_with_the_reason_while_the_combatant_cannot_be_read(
    qtbot, ruleset_id
):
    seen: list[tuple[bool, str, bool, str]] = []

    def type_a_name(dialog: QDialog) -> None:
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        problem = dialog.findChild(QLabel, "problemLabel")
        before = (ok.isEnabled(), problem.text())
        qtbot.keyClicks(dialog.findChild(QLineEdit, "name"), "Bryn")
        seen.append((*before, ok.isEnabled(), problem.text()))

    _shown(ruleset_id, None, type_a_name)
    assert seen == [(False, "The combatant needs a name.", True, "")]


def test_a_uwr_sheet_with_weapons_fits_a_laptop_and_shows_their_names(qtbot):
    seen: dict[str, int] = {}

    def look(dialog: QDialog) -> None:
        least = _least(dialog)
        dialog.resize(least)
        qtbot.wait(20)
        weapons = dialog.findChild(QTableWidget, "weaponsTable")
        seen["height"] = least.height()
        seen["name"] = weapons.horizontalHeader().sectionSize(0)
        seen["chars"] = weapons.fontMetrics().averageCharWidth()
        seen["pushed"] = weapons.horizontalScrollBar().maximum()

    _shown("uwr", VEX, look)
    assert seen["height"] <= LAPTOP_DIALOG_ROOM.height()
    assert seen["name"] >= 12 * seen["chars"], "a weapon's name is read whole"
    assert seen["pushed"] == 0, "no column is pushed out of sight"


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_nameless_combatant_is_refused_in_the_red_line_and_the_dialog_stays(qtbot, ruleset_id):
    seen: dict[str, object] = {}

    def look(dialog: QDialog) -> None:
        for field in dialog.findChildren(QLineEdit):
            field.clear()  # the name, wherever the round system's sheet puts it
        qtbot.wait(1)
        buttons = dialog.findChild(QDialogButtonBox)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok.isEnabled():
            ok.click()
        line = dialog.findChild(QLabel, "problemLabel")
        seen["still open"] = dialog.isVisible()
        seen["said"] = line.text() if line is not None and line.isVisible() else ""
        seen["red"] = line is not None and line.palette() == problem_palette(line)

    _shown(ruleset_id, None, look)
    assert seen["still open"]
    assert "name" in str(seen["said"]).lower()
    assert seen["red"]


def _answer(ruleset_id: str, combatant: Combatant | None, fill: Callable[[QDialog], None]):
    def answer(dialog: QDialog) -> None:
        try:
            fill(dialog)
        except BaseException:
            dialog.reject()
            raise
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    when_modal(QDialog, answer)
    return ruleset_ui(ruleset_id).edit_combatant(None, make_ruleset(ruleset_id), combatant)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_combatant_is_added_hidden_from_the_players_and_shown_again(qtbot, ruleset_id):
    def hide(dialog: QDialog) -> None:
        name = dialog.findChild(QLineEdit, "name")
        name.setText("Lurker in the Reeds")
        box = dialog.findChild(QCheckBox, "hidden")
        assert not box.isChecked(), "a new combatant is seen unless the GM hides it"
        box.setChecked(True)

    lurker = _answer(ruleset_id, None, hide)
    assert (lurker.name, lurker.hidden) == ("Lurker in the Reeds", True)

    def show(dialog: QDialog) -> None:
        box = dialog.findChild(QCheckBox, "hidden")
        assert box.isChecked()
        box.setChecked(False)

    seen = _answer(ruleset_id, lurker, show)
    assert (seen.id, seen.name, seen.hidden) == (lurker.id, lurker.name, False)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_the_name_field_takes_what_the_fight_takes_and_shows_a_long_name_from_its_start(
    qtbot, ruleset_id
):
    seen: dict[str, int] = {}

    def look(dialog: QDialog) -> None:
        name = dialog.findChild(QLineEdit, "name")
        seen["longest"] = name.maxLength()
        fits = name.fontMetrics().horizontalAdvance(name.text()) < name.contentsRect().width()
        seen["from"] = 0 if fits else name.cursorPosition()  # a name that fits shows whole
        seen["width"] = name.width()
        seen["chars"] = name.fontMetrics().averageCharWidth()

    long_name = "Captain of the Silver Lantern Company 1"
    captain = Combatant(id="c", name=long_name, sheet=sheet_for(ruleset_id))
    _shown(ruleset_id, captain, look)
    assert seen["longest"] == MAX_NAME_LENGTH
    assert seen["from"] == 0, "the name is read from its start"
    assert seen["width"] >= 30 * seen["chars"]


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_every_dialog_offers_the_four_sides_by_colour_and_keeps_the_one_chosen(qtbot, ruleset_id):
    offered: list[tuple[str, object, bool]] = []

    def ally(dialog: QDialog) -> None:
        dialog.findChild(QLineEdit, "name").setText("Oda")
        side = dialog.findChild(QComboBox, "side")
        assert side.currentData() == Side.ENEMY, "a newcomer is an enemy until the GM says"
        offered.extend(
            (side.itemText(i), side.itemData(i), not side.itemIcon(i).isNull())
            for i in range(side.count())
        )
        side.setCurrentIndex(side.findData(Side.ALLY))

    oda = _answer(ruleset_id, None, ally)
    assert offered == [(s.value.capitalize(), s, True) for s in Side]
    assert oda.side == Side.ALLY

    def unchanged(dialog: QDialog) -> None:
        assert dialog.findChild(QComboBox, "side").currentData() == Side.ALLY

    assert _answer(ruleset_id, oda, unchanged).side == Side.ALLY


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_every_dialog_keeps_the_gm_s_notes_and_refuses_more_than_a_fight_saves(qtbot, ruleset_id):
    refused: dict[str, object] = {}

    def too_long_then_enough(dialog: QDialog) -> None:
        dialog.findChild(QLineEdit, "name").setText("Warden")
        notes = dialog.findChild(QPlainTextEdit, "notes")
        assert notes.toPlainText() == ""
        notes.setPlainText("k" * (MAX_TEXT_LENGTH + 1))
        dialog.accept()
        line = dialog.findChild(QLabel, "problemLabel")
        refused["said"] = line.text() if line.isVisible() else ""
        refused["still open"] = dialog.isVisible()
        notes.setPlainText("Carries the key to the east gate")

    warden = _answer(ruleset_id, None, too_long_then_enough)
    assert refused == {
        "said": f"The notes are {MAX_TEXT_LENGTH + 1} characters long; "
        f"at most {MAX_TEXT_LENGTH} fit.",
        "still open": True,
    }
    assert warden.notes == "Carries the key to the east gate"

    def unchanged(dialog: QDialog) -> None:
        assert dialog.findChild(QPlainTextEdit, "notes").toPlainText() == warden.notes

    again = _answer(ruleset_id, warden, unchanged)
    assert (again.id, again.notes) == (warden.id, warden.notes)
