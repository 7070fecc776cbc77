"""The GM's environmental counters in the countdown panel: set from the row (typed, or chosen
and filled with what the counter holds), listed in the panel, advanced at upkeep, removed, with
Set and Remove greyed for the rules' reason and a bad number refused with nothing changed."""

import pytest
from countdown_fight import shown_panel, tactical_document
from PySide6.QtCore import Qt

from tests.ui.fight_window import retype
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets.tactical.counters_row import NO_COUNTERS


@pytest.fixture
def document():
    roster = (Combatant(id="orc", name="Orc", side=Side.ENEMY, sheet=TacticalSheet()),)
    with tactical_document(roster) as doc:
        yield doc


@pytest.fixture
def panel(qtbot, document):
    return shown_panel(qtbot, document)


def counters(document):
    return [(c.name, c.value, c.step) for c in part_of(document.session.state).counters]


def set_counter(qtbot, panel, name, value, step):
    row = panel.counters
    row.name.setFocus()
    row.name.lineEdit().selectAll()
    qtbot.keyClicks(row.name.lineEdit(), name)
    retype(qtbot, row.value, str(value))
    retype(qtbot, row.step, str(step))
    qtbot.mouseClick(row.set_button, Qt.MouseButton.LeftButton)


def test_counters_are_set_listed_and_chosen_again_filled_with_what_they_hold(
    qtbot, panel, document
):
    row = panel.counters
    assert row.line.text() == NO_COUNTERS
    assert not row.set_button.isEnabled()
    assert row.set_button.toolTip() == "A counter needs a name"
    assert not row.remove_button.isEnabled()

    set_counter(qtbot, panel, "Rising tide", 2, 1)
    set_counter(qtbot, panel, "Fire", 0, -3)
    assert counters(document) == [("Rising tide", 2, 1), ("Fire", 0, -3)]
    assert row.line.text() == "Counters: Rising tide 2 (+1 each round) · Fire 0 (-3 each round)"
    assert not row.set_button.isEnabled(), "Fire is already 0, -3 each round"
    assert row.set_button.toolTip() == "Fire 0 (-3 each round) already"

    row.name.setCurrentIndex(row.name.findText("Rising tide"))
    assert (row.value.value(), row.step.value()) == (2, 1)
    assert row.remove_button.isEnabled()
    retype(qtbot, row.value, "5")
    qtbot.mouseClick(row.set_button, Qt.MouseButton.LeftButton)
    assert counters(document) == [("Rising tide", 5, 1), ("Fire", 0, -3)]
    assert document.session.entries[-1].label == "Counter Rising tide: 5"


def test_more_counters_than_the_line_holds_are_counted_and_all_in_its_tooltip(
    qtbot, panel, document
):
    for number in range(5):
        set_counter(qtbot, panel, f"C{number}", number, 1)
    line = panel.counters.line
    assert line.text().endswith("C2 2 (+1 each round) and 2 more")
    assert line.toolTip().splitlines()[-1] == "C4 4 (+1 each round)"


def test_upkeep_moves_the_counters_listed(qtbot, panel, document):
    set_counter(qtbot, panel, "Tide", 1, 2)
    document.session.do(StartFight())
    while document.session.state.phase != Phase.UPKEEP:
        document.session.do(NextTurn())
    assert panel.counters.line.text() == "Counters: Tide 3 (+2 each round)"


def test_a_counter_is_removed_and_undo_brings_it_back(qtbot, panel, document):
    set_counter(qtbot, panel, "Smoke", 4, 1)
    row = panel.counters
    row.name.lineEdit().selectAll()
    qtbot.keyClicks(row.name.lineEdit(), "smoke")
    assert row.remove_button.isEnabled()
    qtbot.mouseClick(row.remove_button, Qt.MouseButton.LeftButton)
    assert counters(document) == []
    assert row.line.text() == NO_COUNTERS
    assert row.name.currentText() == ""
    assert not row.remove_button.isEnabled()
    assert row.remove_button.toolTip() == "Choose or type the name of a counter to remove it"
    document.session.undo()
    assert counters(document) == [("Smoke", 4, 1)]
    assert row.line.text() == "Counters: Smoke 4 (+1 each round)"


def test_a_value_past_its_bound_is_refused_with_a_message_and_nothing_changes(
    qtbot, panel, document
):
    before = (document.session.cursor, document.session.state)
    set_counter(qtbot, panel, "Tide", 2_000_000, 1)
    assert panel.message.text() == "A counter's value can be at most 1000000 (got 2000000)."
    assert (document.session.cursor, document.session.state) == before


def test_enter_in_the_row_sets_the_counter(qtbot, panel, document):
    row = panel.counters
    row.name.setFocus()
    qtbot.keyClicks(row.name.lineEdit(), "Tide")
    qtbot.keyClick(row.name.lineEdit(), Qt.Key.Key_Return)
    assert counters(document) == [("Tide", 0, 1)]
    retype(qtbot, row.step, "4")
    qtbot.keyClick(row.step, Qt.Key.Key_Return)
    assert counters(document) == [("Tide", 0, 4)]
    retype(qtbot, row.value, "9")
    qtbot.keyClick(row.value, Qt.Key.Key_Enter)
    assert counters(document) == [("Tide", 9, 4)]
    entries = len(document.session.entries)
    qtbot.keyClick(row.value, Qt.Key.Key_Return)
    assert len(document.session.entries) == entries, "nothing changed: Set is greyed"
