"""A round system from outside the app, played through the same window.

``duel`` (``tests/ui/duel/``) is registered with the core and UI registries the way any round
system from elsewhere would be; nothing outside its package knows it. The GM picks it in New
Fight, adds combatants with its dialog, starts, strikes with its panel, ends turns and undoes,
and the generic table, timeline, log and save file follow.
"""

import random

import pytest
from duel.ruleset import DuelRuleset
from duel.sheet import DuelSheet
from duel.ui import DuelDialog, StrikePanel
from fight_window import pick_round_system, shown_window, when_modal
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition, TurnEdge, TurnTie
from uwr_desktop.core.events import DiceRolled
from uwr_desktop.core.intents import AddCondition, NextTurn, StartFight
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import (
    decode_encounter,
    encode_encounter,
    read_encounter,
    save_encounter,
)
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.timeline import AxisKind, SlotStatus
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.table.model import RESOURCES_COLUMN
from uwr_desktop.ui.window.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("with_own_systems")


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=20)


def choose_duel(dialog):
    pick_round_system(dialog, "duel")
    dialog.form().editor("damage_die").setValue(8)
    dialog.accept()


def add(window, name, hp, modifier, armor):
    def fill(dialog):
        dialog.name.setText(name)
        dialog.hp.setValue(hp)
        dialog.modifier.setValue(modifier)
        dialog.armor.setValue(armor)
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    when_modal(DuelDialog, fill)
    window.actions_by_key["add_combatant"].trigger()


def cell(window, combatant_id, key):
    model = window.table_model
    index = model.index(model.row_of(combatant_id), model.column_of(key))
    return model.data(index, Qt.ItemDataRole.DisplayRole)


def test_a_duel_is_chosen_set_up_and_played_through_the_window(window, qtbot, tmp_path):
    when_modal(NewFightDialog, choose_duel)
    window.actions_by_key["new"].trigger()
    session = window.document.session
    assert isinstance(session.ruleset, DuelRuleset)
    assert session.ruleset.settings.damage_die == 8
    label = window.statusBar().findChild(QLabel, "statusRuleset")
    assert label.text().startswith("Duel (d20 initiative, hit points)")

    add(window, "Ana", 12, 3, 14)
    add(window, "Brute", 20, 1, 11)
    state = window.document.session.state
    assert [c.name for c in state.combatants.values()] == ["Ana", "Brute"]
    assert all(isinstance(c.sheet, DuelSheet) for c in state.combatants.values())
    headers = [
        window.table_model.headerData(column, Qt.Orientation.Horizontal)
        for column in range(window.table_model.columnCount())
    ]
    assert "HP" in headers and "Armor" in headers and "Brawn" not in headers
    assert cell(window, "duelist-1", "hp") == "12"
    assert "Hit points 12/12" in cell(window, "duelist-1", RESOURCES_COLUMN)

    window.actions_by_key["start_fight"].trigger()
    state = window.document.session.state
    assert state.phase == "round" and state.round == 1
    scores = {cid: c.sheet.initiative for cid, c in state.combatants.items()}
    assert all(isinstance(score, int) for score in scores.values())
    axis = window.document.session.ruleset.timeline_axis(state)
    assert axis.kind is AxisKind.RULER
    slots = window.timeline.slots()
    assert [slot.position for slot in slots] == sorted(scores.values(), reverse=True)
    assert slots[0].status is SlotStatus.CURRENT
    first = slots[0].combatant_id
    other = next(cid for cid in state.combatants if cid != first)

    panel = window.findChild(StrikePanel)
    assert panel is not None and panel.attacker.currentData() == first
    panel.focus(other)
    before = state.combatants[other].sheet.hp
    for _ in range(6):
        qtbot.mouseClick(panel.strike, Qt.MouseButton.LeftButton)
    after_strikes = window.document.session.state.combatants[other].sheet.hp
    log = [
        line
        for index in range(len(window.document.session.entries))
        for line in window.document.session.describe_entry(index)
    ]
    strikes = [line for line in log if " strikes " in line]
    assert len(strikes) == 6
    hits = [line for line in strikes if "hits for" in line]
    dealt = sum(int(line.rsplit("hits for ", 1)[1]) for line in hits)
    assert after_strikes == max(before - dealt, 0)
    assert hits, "seed 20 lands at least one hit in six strikes"
    assert all(1 <= int(line.rsplit("hits for ", 1)[1]) <= 8 for line in hits)
    assert cell(window, other, "hp") == str(after_strikes)

    window.actions_by_key["next_turn"].trigger()
    assert window.document.session.state.current == other
    window.actions_by_key["undo"].trigger()
    assert window.document.session.state.current == first
    window.actions_by_key["redo"].trigger()

    answer = window.document.session.ruleset.drag_answer(window.document.session.state, first, 1)
    assert answer.intent is None and "not changed by hand" in answer.text

    path = tmp_path / "duel.uwr"
    save_encounter(window.document.session, path)
    reopened = read_encounter(path).session()
    assert reopened.state == window.document.session.state
    assert reopened.ruleset.settings.damage_die == 8


def test_the_window_attack_key_strikes_with_the_duel_panel(window, qtbot):
    """A round system offers its own Attack through the seam; F11 and the Fight menu use it."""
    when_modal(NewFightDialog, choose_duel)
    window.actions_by_key["new"].trigger()
    add(window, "Ana", 12, 3, 14)
    add(window, "Brute", 20, 1, 11)
    window.actions_by_key["start_fight"].trigger()
    assert window.actions_by_key["attack"].isEnabled()
    assert not window.actions_by_key["resolve"].isEnabled(), "duel has nothing to resolve"
    state = window.document.session.state
    panel = window.findChild(StrikePanel)
    other = next(cid for cid in state.combatants if cid != state.current)
    panel.target.setCurrentIndex(panel.target.findData(other))
    before = len(window.document.session.entries)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_F11)
    entries = window.document.session.entries
    assert len(entries) == before + 1
    assert type(entries[-1].events[0]).__name__ == "Struck"


def test_the_duels_own_axis_is_drawn_as_it_describes_it(window):
    """The duel describes a ruler of initiative: the timeline draws it with no word of duel."""
    when_modal(NewFightDialog, choose_duel)
    window.actions_by_key["new"].trigger()
    add(window, "Ana", 12, 9, 14)
    add(window, "Brute", 20, 0, 11)
    add(window, "Cole", 9, 4, 10)
    window.actions_by_key["start_fight"].trigger()
    timeline = window.timeline
    slots = timeline.slots()
    high, middle, low = (slot.position for slot in slots)
    assert timeline.axis().unit == "Initiative"
    first, second, third = (timeline.card_rect(slot.key) for slot in slots)
    gaps = (second.left() - first.right(), third.left() - second.right())
    if high - middle != middle - low:
        wider = 0 if high - middle > middle - low else 1
        assert gaps[wider] > gaps[1 - wider], "cards stand apart by their initiatives"
    assert timeline.position_x(middle) == pytest.approx(second.center().x())
    described = timeline.accessibleDescription()
    assert f"Initiative {high} to {low}, highest first." in described
    assert timeline.height() > first.bottom() + 40, "a ruler runs under the cards"


def test_a_duel_rolls_typed_dice_shows_on_the_player_view_and_survives_a_crash(qtbot, tmp_path):
    """The generic pieces serve the duel too: the tray's typed dice for a combatant are
    journaled and logged, the player view follows the turn, and the autosave brings the fight
    back after the app died."""
    path = tmp_path / "journal.sqlite3"
    store = JournalStore(path)
    document = EncounterDocument(store, roller=Roller(random.Random(4)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(document, settings)
    qtbot.addWidget(
        window, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True)
    )
    window.actions_by_key["reduce_motion"].setChecked(True)
    window.show()
    qtbot.waitExposed(window)
    when_modal(NewFightDialog, choose_duel)
    window.actions_by_key["new"].trigger()
    add(window, "Ana", 12, 3, 14)
    add(window, "Brute", 20, 1, 11)
    window.actions_by_key["start_fight"].trigger()

    tray = window.dice_tray
    tray.set_combatant("duelist-1")
    tray.notation.setText("2d10+5")
    window.actions_by_key["roll"].trigger()
    (rolled,) = document.session.entries[-1].events
    assert isinstance(rolled, DiceRolled) and rolled.combatant_id == "duelist-1"
    assert "Ana rolls 2d10+5: [" in window.event_log.visible_lines()[-1]

    window.player_view.open_action.trigger()
    view = window.player_view.view
    state = document.session.state
    first, second = (state.combatants[cid].name for cid in state.order)
    assert (view.now_label.text(), view.next_label.text()) == (f"Now: {first}", f"Next: {second}")
    assert [row.label for row in view.picture().rows] == [first, second]
    assert view.shown_roll().combatant_id == "duelist-1"

    expected_state, expected_entries = document.session.state, document.session.entries
    store.close()  # the app dies: the fight is never closed
    with JournalStore(path) as after_crash:
        (summary,) = after_crash.recoverable()
        recovered = EncounterDocument(after_crash)
        recovered.recover(summary.encounter_id)
        assert recovered.session.ruleset.id == "duel"
        assert recovered.session.state == expected_state
        assert recovered.session.entries == expected_entries
        recovered.close()


def test_a_duel_condition_lasts_until_the_start_or_end_of_a_duellists_next_turn():
    duellists = [
        Combatant(id=cid, name=cid.capitalize(), sheet=DuelSheet(modifier=bonus))
        for cid, bonus in (("ana", 20), ("bo", -20))
    ]
    session = Session(DuelRuleset(), duellists, roller=Roller(random.Random(1)))
    session.do(StartFight())
    assert session.state.order == ("ana", "bo")
    session.do(AddCondition(["bo"], Condition("Dazed", until=TurnTie(TurnEdge.START, "bo"))))
    session.do(AddCondition(["bo"], Condition("Pinned", until=TurnTie(TurnEdge.END, "ana"))))
    session.do(NextTurn())  # Ana's turn (under way when Pinned was given) ends; Bo's starts
    assert [c.name for c in session.state.combatants["bo"].conditions] == ["Pinned"]
    session.do(NextTurn())  # round 2: Ana's next turn starts
    session.do(NextTurn())  # and ends
    assert session.state.combatants["bo"].conditions == ()
    reopened = decode_encounter(encode_encounter(session)).session()
    assert reopened.state == session.state
    for _ in range(3):
        session.undo()
    assert [c.name for c in session.state.combatants["bo"].conditions] == ["Dazed", "Pinned"]
    for _ in range(3):
        session.redo()
    assert session.state == reopened.state
