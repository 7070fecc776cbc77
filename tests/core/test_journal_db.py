import sqlite3
from datetime import UTC, datetime
from itertools import count
from pathlib import Path

import pytest

from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.storage.journal_db import JournalCorruptError, JournalStore
from uwr_desktop.core.storage.sqlite_db import SCHEMA_VERSION, StoreError


def entry(label):
    return JournalEntry(label=label, events=())


def labels(recovered):
    return [item.label for item in recovered.entries]


@pytest.fixture
def clock():
    ticks = count(1_700_000_000)
    return lambda: float(next(ticks))


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def store(db_path, clock):
    with JournalStore(db_path, clock=clock) as opened:
        yield opened


def start(store, title="Ambush at the ford", roster=({"name": "Bandit"},)):
    return store.start_encounter(
        ruleset="uwr", settings={"lowest_threshold": 2}, roster=roster, title=title
    )


def reopen(db_path):
    return JournalStore(db_path)


def crash(store):
    """The app stops without closing its fights: the system drops its locks, as at a crash."""
    store.close()


def test_file_uses_write_ahead_logging_and_the_current_format(store, db_path):
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_entries_settings_roster_and_cursor_come_back_after_reopening(store, db_path):
    journal = start(store, roster=({"name": "Bandit"}, {"name": "Hornet"}))
    for index, label in enumerate(["roll initiative", "attack", "dodge"]):
        journal.append(index, entry(label))
    with reopen(db_path) as again:
        recovered = again.recover(journal.encounter_id)
    assert recovered.ruleset == "uwr"
    assert recovered.settings_json == b'{"lowest_threshold":2}'
    assert recovered.roster_json == b'[{"name":"Bandit"},{"name":"Hornet"}]'
    assert labels(recovered) == ["roll initiative", "attack", "dodge"]
    assert recovered.cursor == 3
    assert recovered.title == "Ambush at the ford"


def test_undo_keeps_the_redo_tail_and_the_cursor(store, db_path):
    journal = start(store)
    for index, label in enumerate("abcd"):
        journal.append(index, entry(label))
    journal.move_cursor(2)
    with reopen(db_path) as again:
        recovered = again.recover(journal.encounter_id)
    assert labels(recovered) == ["a", "b", "c", "d"]
    assert recovered.cursor == 2


def test_a_new_entry_after_undo_drops_the_redo_tail(store, db_path):
    journal = start(store)
    for index, label in enumerate("abcd"):
        journal.append(index, entry(label))
    journal.move_cursor(1)
    journal.append(1, entry("x"))
    with reopen(db_path) as again:
        recovered = again.recover(journal.encounter_id)
    assert labels(recovered) == ["a", "x"]
    assert recovered.cursor == 2
    assert journal.length == 2


def test_entry_that_would_leave_a_gap_is_refused(store):
    journal = start(store)
    journal.append(0, entry("a"))
    with pytest.raises(StoreError, match="next one is at most entry 1"):
        journal.append(3, entry("b"))
    with pytest.raises(StoreError, match="Cannot move the undo position to 5"):
        journal.move_cursor(5)
    assert labels(store.recover(journal.encounter_id)) == ["a"]


def test_recoverable_lists_unclosed_fights_newest_first(store, db_path):
    older = start(store, title="Older")
    older.append(0, entry("a"))
    newer = start(store, title="Newer")
    closed = start(store, title="Closed")
    newer.append(0, entry("a"))
    newer.append(1, entry("b"))
    newer.update_details(round_number=3)
    closed.close_cleanly()
    crash(store)
    with reopen(db_path) as again:
        found = again.recoverable()
    assert [item.title for item in found] == ["Newer", "Older"]
    assert [item.entry_count for item in found] == [2, 1]
    assert found[0].round == 3
    assert found[1].round is None
    assert found[0].ruleset == "uwr"
    assert found[0].updated > found[1].updated
    assert found[0].updated.tzinfo is UTC
    assert all(item.problem is None for item in found)


def test_a_data_file_from_before_turns_were_stored_gains_them(db_path):
    with sqlite3.connect(db_path) as raw:
        raw.execute(
            """CREATE TABLE journal_encounters (
                id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, title TEXT NOT NULL,
                file_path TEXT, round INTEGER, cursor INTEGER NOT NULL DEFAULT 0,
                created REAL NOT NULL, updated REAL NOT NULL,
                closed_cleanly INTEGER NOT NULL DEFAULT 0)"""
        )
        raw.execute(
            "INSERT INTO journal_encounters (ruleset, title, round, created, updated)"
            " VALUES ('uwr', 'Old fight', 2, 0, 0)"
        )
    raw.close()
    with reopen(db_path) as store:
        (old,) = store.recoverable()
        assert (old.title, old.round, old.turn) == ("Old fight", 2, None)
        journal = start(store, title="New fight")
        journal.update_details(round_number=4, turn="Vex's turn")
        crash(store)
    with reopen(db_path) as again:
        found = {item.title: (item.round, item.turn) for item in again.recoverable()}
    assert found == {"Old fight": (2, None), "New fight": (4, "Vex's turn")}


def test_fights_open_in_this_store_are_not_offered_for_recovery(store):
    start(store, title="Running")
    assert store.recoverable() == []


def test_updated_time_is_when_the_last_change_was_written(db_path):
    with JournalStore(db_path, clock=lambda: 1_700_000_000.0) as first:
        journal = start(first)
    with JournalStore(db_path, clock=lambda: 1_700_000_500.0) as second:
        second.resume(journal.encounter_id).append(0, entry("a"))
    with reopen(db_path) as third:
        (summary,) = third.recoverable()
    assert summary.created == datetime.fromtimestamp(1_700_000_000, tz=UTC)
    assert summary.updated == datetime.fromtimestamp(1_700_000_500, tz=UTC)


def test_details_show_the_saved_file(store, db_path):
    journal = start(store, title="Untitled")
    journal.update_details(title="ford.uwr", file_path=Path("/fights/ford.uwr"))
    crash(store)
    with reopen(db_path) as again:
        (summary,) = again.recoverable()
        recovered = again.recover(journal.encounter_id)
    assert summary.title == "ford.uwr"
    assert summary.file_path == Path("/fights/ford.uwr")
    assert recovered.file_path == Path("/fights/ford.uwr")


def test_resumed_fight_continues_where_it_stopped(store, db_path):
    journal = start(store)
    journal.append(0, entry("a"))
    journal.append(1, entry("b"))
    journal.move_cursor(1)
    crash(store)
    with reopen(db_path) as again:
        resumed = again.resume(journal.encounter_id)
        assert resumed.length == 2
        resumed.append(1, entry("c"))
        resumed.close_cleanly()
        assert again.recoverable() == []
        assert labels(again.recover(journal.encounter_id)) == ["a", "c"]


def test_closed_journal_takes_no_more_entries(store):
    journal = start(store)
    journal.close_cleanly()
    assert journal.closed
    with pytest.raises(StoreError, match="was closed"):
        journal.append(0, entry("a"))


def test_discarded_fight_is_gone_with_its_entries(store, db_path):
    journal = start(store)
    journal.append(0, entry("a"))
    crash(store)
    with reopen(db_path) as again:
        again.discard(journal.encounter_id)
        assert again.recoverable() == []
        with pytest.raises(StoreError, match=f"no stored encounter {journal.encounter_id}"):
            again.recover(journal.encounter_id)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM journal_entries").fetchone()[0] == 0


def test_open_fight_cannot_be_discarded(store):
    journal = start(store)
    with pytest.raises(StoreError, match="is open"):
        store.discard(journal.encounter_id)


def test_prune_keeps_only_the_latest_closed_fights(store):
    titles = [f"Fight {number}" for number in range(5)]
    journals = [start(store, title=title) for title in titles]
    for journal in journals[:4]:
        journal.close_cleanly()
    assert store.prune_closed(keep=2) == 2
    remaining = store.connection.execute(
        "SELECT title FROM journal_encounters ORDER BY id"
    ).fetchall()
    assert [title for (title,) in remaining] == ["Fight 2", "Fight 3", "Fight 4"]
    with pytest.raises(StoreError, match="must be 0 or more"):
        store.prune_closed(keep=-1)


def test_settings_that_cannot_be_stored_are_explained(store):
    with pytest.raises(StoreError, match="Cannot store the fight's settings or roster"):
        store.start_encounter(ruleset="uwr", settings=object(), roster=(), title="x")


def test_damaged_entry_is_named_in_the_error(store, db_path):
    journal = start(store)
    for index, label in enumerate("abc"):
        journal.append(index, entry(label))
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE journal_entries SET data = x'00ff' WHERE idx = 1")
    with (
        reopen(db_path) as again,
        pytest.raises(JournalCorruptError, match=f"Entry 1 of encounter {journal.encounter_id}"),
    ):
        again.recover(journal.encounter_id)


def test_missing_entry_is_reported(store, db_path):
    journal = start(store)
    for index, label in enumerate("abc"):
        journal.append(index, entry(label))
    with sqlite3.connect(db_path) as raw:
        raw.execute("DELETE FROM journal_entries WHERE idx = 1")
    with reopen(db_path) as again, pytest.raises(JournalCorruptError, match="entry 1 is missing"):
        again.recover(journal.encounter_id)


def test_damaged_details_are_flagged_in_the_list_and_refused_on_recovery(store, db_path):
    good = start(store, title="Good")
    bad = start(store, title="Bad")
    broken_cursor = start(store, title="Cursor")
    with sqlite3.connect(db_path) as raw:
        raw.execute(
            "UPDATE journal_starts SET roster = '[{' WHERE encounter_id = ?", (bad.encounter_id,)
        )
        raw.execute(
            "UPDATE journal_encounters SET updated = 'yesterday' WHERE id = ?",
            (bad.encounter_id,),
        )
        raw.execute(
            "UPDATE journal_encounters SET cursor = 9 WHERE id = ?", (broken_cursor.encounter_id,)
        )
    crash(store)
    with reopen(db_path) as again:
        found = {item.encounter_id: item for item in again.recoverable()}
        assert found[good.encounter_id].problem is None
        assert "damaged" in found[bad.encounter_id].problem
        assert "undo position 9" in found[broken_cursor.encounter_id].problem
        with pytest.raises(JournalCorruptError, match="details of encounter"):
            again.recover(bad.encounter_id)
        with pytest.raises(JournalCorruptError, match="undo position 9 is outside its 0"):
            again.recover(broken_cursor.encounter_id)
        again.discard(bad.encounter_id)
        assert bad.encounter_id not in {item.encounter_id for item in again.recoverable()}


def test_file_that_is_not_a_database_is_refused_with_advice(tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError, match="is damaged or is not a UWR Desktop data file"):
        JournalStore(path)


def test_file_from_a_newer_version_is_refused(db_path):
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="written by a newer version"):
        JournalStore(db_path)


def test_folder_that_cannot_hold_the_file_is_explained(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="Cannot open the data file"):
        JournalStore(blocker / "journal.sqlite3")


def test_write_on_a_read_only_file_is_explained(store, db_path):
    journal = start(store)
    store.connection.execute("PRAGMA query_only = ON")
    with pytest.raises(StoreError, match="Cannot write to the data file"):
        journal.append(0, entry("a"))
    store.connection.execute("PRAGMA query_only = OFF")
    journal.append(0, entry("a"))
    assert labels(store.recover(journal.encounter_id)) == ["a"]


def test_fight_opened_from_a_file_brings_its_entries_and_cursor(store, db_path):
    journal = store.start_encounter(
        ruleset="uwr",
        settings={},
        roster=(),
        title="ford.uwr",
        entries=[entry("a"), entry("b"), entry("c")],
        cursor=2,
    )
    assert journal.length == 3
    journal.append(2, entry("d"))
    with reopen(db_path) as again:
        recovered = again.recover(journal.encounter_id)
    assert labels(recovered) == ["a", "b", "d"]
    assert recovered.cursor == 3


def test_start_position_outside_the_entries_is_refused(store):
    with pytest.raises(StoreError, match="undo position 4: the fight has 1 entries"):
        store.start_encounter(
            ruleset="uwr", settings={}, roster=(), title="x", entries=[entry("a")], cursor=4
        )
    assert store.recoverable() == []
    assert store.connection.execute("SELECT COUNT(*) FROM journal_encounters").fetchone()[0] == 0
