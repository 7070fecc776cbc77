import random
import time
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QListWidget, QMessageBox, QPushButton

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, EndRound, NextTurn, StartFight
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets.uwr.events import ManualOrderSet
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.storage_ui.recovery_dialog import HEADLINE, RecoveryDialog, summary_text

NOON_UTC = datetime(2025, 5, 3, 12, 0, tzinfo=UTC).timestamp()
ENTRY = JournalEntry("Back to the rolled turn order", (ManualOrderSet(None),))


def _fight(store, title, entries, *, round_number=None, file_path=None):
    journal = store.start_encounter(
        ruleset="uwr",
        settings=UwrSettings(),
        roster=[Combatant(id="a", name="Vex", sheet=UwrSheet())],
        title=title,
        file_path=file_path,
    )
    for index in range(entries):
        journal.append(index, ENTRY)
    if round_number is not None:
        journal.update_details(round_number=round_number)
    return journal.encounter_id


@pytest.fixture
def crashed(tmp_path):
    """Three fights left open by an app that stopped without closing them; one is damaged."""
    path = tmp_path / "journal.sqlite"
    clock = iter(NOON_UTC + minute * 60 for minute in range(1000))
    with JournalStore(path, clock=lambda: next(clock)) as before_crash:
        ids = {
            "ambush": _fight(before_crash, "Ambush at the ford", 3, round_number=2),
            "camp": _fight(
                before_crash,
                "Night camp",
                1,
                round_number=0,
                file_path=Path("/home/gm/fights/night-camp.uwr"),
            ),
            "broken": _fight(before_crash, "Broken fight", 2),
        }
        before_crash.connection.execute(
            "UPDATE journal_encounters SET cursor = 99 WHERE id = ?", (ids["broken"],)
        )
        before_crash.connection.commit()
    with JournalStore(path) as after_restart:
        return ids, after_restart.recoverable()


def _open(qtbot, summaries, time_zone=None):
    dialog = RecoveryDialog(summaries, time_zone=time_zone)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _child(dialog, kind, name):
    found = dialog.findChild(kind, name)
    assert found is not None, f"no {name}"
    return found


def _row_of(dialog, title):
    shown = _child(dialog, QListWidget, "recoveryList")
    rows = [r for r in range(shown.count()) if shown.item(r).text().startswith(title)]
    assert len(rows) == 1, f"{title!r} listed {len(rows)} times"
    return shown.item(rows[0])


def _click(qtbot, dialog, name):
    qtbot.mouseClick(_child(dialog, QPushButton, name), Qt.MouseButton.LeftButton)


def _answer_box(qtbot, button):
    def run():
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QMessageBox):
            qtbot.mouseClick(modal.button(button), Qt.MouseButton.LeftButton)
            if modal.isVisible():
                modal.done(0)
        else:
            QTimer.singleShot(10, run)

    QTimer.singleShot(0, run)


def test_lists_fights_with_their_details_in_the_given_time_zone(qtbot, crashed):
    _fights, summaries = crashed
    dialog = _open(qtbot, summaries, time_zone=ZoneInfo("Asia/Kolkata"))
    assert _child(dialog, QLabel, "recoveryHeadline").text() == HEADLINE
    ambush = _row_of(dialog, "Ambush at the ford").text()
    assert "Us Who Remain" in ambush
    assert "round 2" in ambush
    assert "3 entries" in ambush
    # Stored in UTC at 12:00 plus the clock's minutes; shown at UTC+5:30.
    assert "last change 2025-05-03 17:3" in ambush
    camp = _row_of(dialog, "Night camp").text()
    assert "not started" in camp
    assert "1 entry" in camp
    assert "night-camp.uwr" in camp


def test_without_a_time_zone_times_are_the_systems_local_time(qtbot, crashed):
    _fights, summaries = crashed
    dialog = _open(qtbot, summaries)
    ambush = next(s for s in summaries if s.title == "Ambush at the ford")
    # The C library's local time, a route to the system's zone independent of datetime's.
    local = time.strftime("%Y-%m-%d %H:%M", time.localtime(ambush.updated.timestamp()))
    assert f"last change {local}" in _row_of(dialog, "Ambush at the ford").text()


def test_damaged_fight_shows_its_problem_and_cannot_be_chosen(qtbot, crashed):
    _fights, summaries = crashed
    dialog = _open(qtbot, summaries)
    broken = _row_of(dialog, "Broken fight")
    assert "Cannot be reopened" in broken.text()
    assert "undo position 99" in broken.text()
    assert not broken.flags() & Qt.ItemFlag.ItemIsSelectable
    shown = _child(dialog, QListWidget, "recoveryList")
    shown.setCurrentItem(broken)
    assert dialog.selected_id() is None
    assert not _child(dialog, QPushButton, "reopenButton").isEnabled()


def test_reopen_returns_the_selected_fight(qtbot, crashed):
    fights, summaries = crashed
    dialog = _open(qtbot, summaries)
    shown = _child(dialog, QListWidget, "recoveryList")
    shown.setCurrentItem(_row_of(dialog, "Ambush at the ford"))
    qtbot.keyClick(shown, Qt.Key.Key_Return)
    assert dialog.result() == RecoveryDialog.DialogCode.Accepted
    assert dialog.chosen_id() == fights["ambush"]
    assert dialog.discarded_ids() == []


def test_newest_fight_is_offered_first(qtbot, crashed):
    fights, summaries = crashed
    dialog = _open(qtbot, summaries)
    _click(qtbot, dialog, "reopenButton")
    assert dialog.chosen_id() == fights["camp"]


def test_discard_asks_then_removes_the_fight_from_the_offer(qtbot, crashed):
    fights, summaries = crashed
    dialog = _open(qtbot, summaries)
    shown = _child(dialog, QListWidget, "recoveryList")
    shown.setCurrentItem(_row_of(dialog, "Night camp"))
    _answer_box(qtbot, QMessageBox.StandardButton.Cancel)
    _click(qtbot, dialog, "discardButton")
    assert dialog.discarded_ids() == []

    _answer_box(qtbot, QMessageBox.StandardButton.Discard)
    _click(qtbot, dialog, "discardButton")
    assert dialog.discarded_ids() == [fights["camp"]]
    titles = [shown.item(r).text().split("\n")[0] for r in range(shown.count())]
    assert titles == ["Broken fight", "Ambush at the ford"]
    assert dialog.selected_id() == fights["ambush"]

    _click(qtbot, dialog, "startFreshButton")
    assert dialog.chosen_id() is None
    assert dialog.discarded_ids() == [fights["camp"]]


def test_damaged_fights_can_be_discarded_together(qtbot, crashed):
    fights, summaries = crashed
    dialog = _open(qtbot, summaries)
    damaged = _child(dialog, QPushButton, "discardDamagedButton")
    assert damaged.isVisible()
    _answer_box(qtbot, QMessageBox.StandardButton.Discard)
    qtbot.mouseClick(damaged, Qt.MouseButton.LeftButton)
    assert dialog.discarded_ids() == [fights["broken"]]
    assert not damaged.isVisible()


def test_escape_starts_fresh_and_keeps_the_fights(qtbot, crashed):
    _fights, summaries = crashed
    dialog = _open(qtbot, summaries)
    qtbot.keyClick(_child(dialog, QListWidget, "recoveryList"), Qt.Key.Key_Escape)
    assert dialog.result() == RecoveryDialog.DialogCode.Rejected
    assert dialog.chosen_id() is None
    assert dialog.discarded_ids() == []
    assert "offered again" in _child(dialog, QLabel, "recoveryNote").text()


def test_when_every_fight_is_discarded_only_start_fresh_remains(qtbot, crashed):
    fights, summaries = crashed
    dialog = _open(qtbot, summaries)
    dialog.discard(list(fights.values()))
    assert _child(dialog, QListWidget, "recoveryList").count() == 0
    assert not _child(dialog, QPushButton, "reopenButton").isEnabled()
    assert not _child(dialog, QPushButton, "discardButton").isEnabled()
    _click(qtbot, dialog, "reopenButton")
    assert dialog.isVisible()
    assert sorted(dialog.discarded_ids()) == sorted(fights.values())


def test_the_offer_shows_the_round_turn_and_time_the_fight_had_when_it_stopped(qtbot, tmp_path):
    path = tmp_path / "journal.sqlite"
    clock = iter(NOON_UTC + minute * 60 for minute in range(1000))
    store = JournalStore(path, clock=lambda: next(clock))
    document = EncounterDocument(store, roller=Roller(random.Random(3)))
    session = document.session
    session.do(
        AddCombatants(
            [
                Combatant(id="vex", name="Vex", sheet=UwrSheet()),
                Combatant(id="orc", name="Orc Chief", sheet=UwrSheet()),
            ]
        )
    )
    session.do(StartFight())
    session.do(EndRound())
    session.do(EndRound())
    session.do(NextTurn())
    state = session.state
    assert state.round == 3
    current = state.combatants[state.current].name
    store.close()  # the app stops without closing the fight

    with JournalStore(path) as after_restart:
        (summary,) = after_restart.recoverable()
    assert (summary.round, summary.turn) == (3, f"{current}'s turn")
    dialog = _open(qtbot, [summary], time_zone=ZoneInfo("Asia/Kolkata"))
    shown = _row_of(dialog, "Untitled fight").text()
    assert f"round 3 · {current}'s turn · 5 entries" in shown
    assert "not started" not in shown
    # The last of the clock's stamps, 12:05 UTC, at UTC+5:30.
    assert "last change 2025-05-03 17:35" in shown


def test_the_offer_follows_undo_back_to_before_the_fight(tmp_path):
    path = tmp_path / "journal.sqlite"
    store = JournalStore(path)
    document = EncounterDocument(store, roller=Roller(random.Random(3)))
    document.session.do(AddCombatants([Combatant(id="vex", name="Vex", sheet=UwrSheet())]))
    document.session.do(StartFight())
    document.session.undo()
    store.close()
    with JournalStore(path) as after_restart:
        (summary,) = after_restart.recoverable()
    assert (summary.round, summary.turn) == (0, "")
    assert "not started" in summary_text(summary)
