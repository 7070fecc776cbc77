"""The open-fight document: autosave, unsaved changes, open/save, recovery, undo stack."""

import random

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, ApplyDamage, NextTurn, StartFight
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.storage.encounter_file import EncounterFileError
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.undo import JournalUndoStack


@pytest.fixture
def store(tmp_path):
    with JournalStore(tmp_path / "journal.sqlite3") as opened:
        yield opened


def _document(store):
    return EncounterDocument(store, roller=Roller(random.Random(7)))


def _vex():
    return Combatant(id="vex", name="Vex", sheet=UwrSheet(vitality=10, vitality_max=10))


def test_changes_mark_the_fight_modified_until_saved(store, tmp_path, qtbot):
    document = _document(store)
    assert not document.modified
    with qtbot.waitSignal(document.modifiedChanged) as signal:
        document.session.do(AddCombatants([_vex()]))
    assert signal.args == [True]
    document.save(tmp_path / "fight.uwr")
    assert not document.modified
    assert document.title == "fight.uwr"
    document.session.undo()
    assert document.modified
    document.session.redo()
    assert not document.modified


def test_a_bad_file_leaves_the_open_fight_untouched(store, tmp_path):
    document = _document(store)
    document.session.do(AddCombatants([_vex()]))
    session = document.session
    bad = tmp_path / "bad.uwr"
    bad.write_text('{"format": "something else"}')
    with pytest.raises(EncounterFileError):
        document.open(bad)
    assert document.session is session
    assert list(document.session.state.combatants) == ["vex"]


def test_open_replaces_the_session_and_keeps_the_undo_position(store, tmp_path, qtbot):
    first = _document(store)
    first.session.do(AddCombatants([_vex()]))
    first.session.do(ApplyDamage(["vex"], 4))
    first.session.undo()
    first.save(tmp_path / "fight.uwr")
    second = _document(store)
    with qtbot.waitSignal(second.sessionReplaced):
        second.open(tmp_path / "fight.uwr")
    assert second.session.cursor == 1
    assert second.session.can_redo
    assert second.session.state.combatants["vex"].sheet.vitality == 10


def test_every_change_reaches_the_autosave_and_recovers_exactly(tmp_path):
    path = tmp_path / "journal.sqlite3"
    crashed_store = JournalStore(path)
    crashed = EncounterDocument(crashed_store, roller=Roller(random.Random(3)))
    crashed.session.do(AddCombatants([_vex()]))
    crashed.session.do(ApplyDamage(["vex"], 3))
    crashed.session.do(ApplyDamage(["vex"], 2))
    crashed.session.undo()
    expected_state = crashed.session.state
    expected_entries = crashed.session.entries
    crashed_store.close()  # the process dies: the fight is never closed cleanly

    with JournalStore(path) as store:
        (summary,) = store.recoverable()
        assert summary.entry_count == 3
        document = EncounterDocument(store)
        document.recover(summary.encounter_id)
        assert document.session.state == expected_state
        assert document.session.entries == expected_entries
        assert document.session.cursor == 2
        document.session.redo()
        assert document.session.state.combatants["vex"].sheet.vitality == 5


def test_closing_cleanly_leaves_nothing_to_recover(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with JournalStore(path) as store:
        document = EncounterDocument(store)
        document.session.do(AddCombatants([_vex()]))
        document.close()
    with JournalStore(path) as store:
        assert store.recoverable() == []


def test_undo_stack_mirrors_the_journal(store, qtbot):
    document = _document(store)
    stack = JournalUndoStack(document)
    document.session.do(AddCombatants([_vex()]))
    document.session.do(ApplyDamage(["vex"], 3))
    assert stack.count() == 2
    assert stack.undoText() == document.session.undo_label
    stack.undo()
    assert document.session.cursor == 1
    assert document.session.state.combatants["vex"].sheet.vitality == 10
    stack.redo()
    assert document.session.state.combatants["vex"].sheet.vitality == 7
    document.session.undo()
    assert stack.index() == 1
    document.new()
    assert stack.count() == 0


def test_a_fight_opened_from_a_file_keeps_autosaving(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with JournalStore(path) as store:
        first = EncounterDocument(store)
        first.session.do(AddCombatants([_vex()]))
        first.save(tmp_path / "fight.uwr")
        first.close()
        opened = EncounterDocument(store)
        opened.open(tmp_path / "fight.uwr")
        opened.session.do(ApplyDamage(["vex"], 4))
        expected = opened.session.state
    with JournalStore(path) as store:
        (summary,) = [s for s in store.recoverable() if s.entry_count == 2]
        recovered = EncounterDocument(store)
        recovered.recover(summary.encounter_id)
        assert recovered.session.state == expected


def test_each_change_tells_whether_it_started_another_turn(store):
    document = _document(store)
    told = []
    document.changed.connect(lambda _change: told.append(document.new_turn))
    bandit = Combatant(id="bandit", name="Bandit", sheet=UwrSheet(vitality=8, vitality_max=8))
    session = document.session
    session.do(AddCombatants([_vex(), bandit]))
    session.do(StartFight())
    session.do(ApplyDamage(["bandit"], 1))
    session.do(NextTurn())
    session.undo()
    session.redo()
    assert told == [False, True, False, True, True, True]
    document.close()
