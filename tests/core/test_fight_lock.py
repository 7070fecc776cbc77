"""A fight open in another copy of the app is left alone; one a crash left behind is offered."""

import subprocess
import sys
import textwrap

import pytest

from uwr_desktop.core.storage.fight_lock import FightLock, held_elsewhere
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.sqlite_db import StoreError

OPEN_ELSEWHERE = "open in another UWR Desktop window"


def start(store, title="Ambush"):
    return store.start_encounter(ruleset="uwr", settings={}, roster=(), title=title)


def test_a_lock_is_held_until_released_and_can_be_taken_again(tmp_path):
    path = tmp_path / "locks" / "fight-1.lock"
    assert not held_elsewhere(path)
    first = FightLock.acquire(path)
    assert first is not None and first.held
    assert FightLock.acquire(path) is None
    assert held_elsewhere(path)
    first.release()
    assert not first.held
    first.release()
    assert not held_elsewhere(path)
    again = FightLock.acquire(path)
    assert again is not None
    again.release(remove=True)
    assert not path.exists()


def test_a_fight_open_in_another_store_is_neither_offered_discarded_nor_resumed(tmp_path):
    db = tmp_path / "journal.sqlite3"
    with JournalStore(db) as playing, JournalStore(db) as other:
        running = start(playing, "Running")
        crashed = start(other, "Crashed")
        other.close()  # its process died: the system dropped its lock
        with JournalStore(db) as third:
            assert [s.title for s in third.recoverable()] == ["Crashed"]
            assert third.is_open(running.encounter_id)
            assert not third.is_open(crashed.encounter_id)
            with pytest.raises(StoreError, match=OPEN_ELSEWHERE):
                third.discard(running.encounter_id)
            with pytest.raises(StoreError, match=OPEN_ELSEWHERE):
                third.resume(running.encounter_id)
            resumed = third.resume(crashed.encounter_id)
            assert playing.is_open(crashed.encounter_id)
            assert [s.title for s in playing.recoverable()] == []
            resumed.close_cleanly()
        running.close_cleanly()


def test_closing_a_fight_cleanly_removes_its_lock_file(tmp_path):
    db = tmp_path / "journal.sqlite3"
    with JournalStore(db) as store:
        journal = start(store)
        locks = list((tmp_path / "journal.sqlite3-open").iterdir())
        assert [path.name for path in locks] == [f"fight-{journal.encounter_id}.lock"]
        journal.close_cleanly()
        assert list((tmp_path / "journal.sqlite3-open").iterdir()) == []


def test_a_fight_is_offered_once_the_process_playing_it_is_killed(tmp_path):
    db = tmp_path / "journal.sqlite3"
    player = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        from uwr_desktop.core.storage.journal_db import JournalStore
        store = JournalStore(Path({str(db)!r}))
        journal = store.start_encounter(ruleset="uwr", settings={{}}, roster=(), title="Live")
        print(journal.encounter_id, flush=True)
        sys.stdin.read()
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", player], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        encounter_id = int(process.stdout.readline())
        with JournalStore(db) as store:
            assert store.recoverable() == []
            assert store.is_open(encounter_id)
            process.kill()  # SIGKILL, or TerminateProcess on Windows: no clean-up runs
            process.wait(timeout=30)
            assert [s.encounter_id for s in store.recoverable()] == [encounter_id]
            store.discard(encounter_id)
            assert store.recoverable() == []
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stdin.close()
        process.stdout.close()


def test_a_fight_file_open_in_another_copy_is_known_by_its_path(tmp_path):
    db = tmp_path / "journal.sqlite3"
    fight = tmp_path / "tonight.uwr"
    with JournalStore(db) as playing, JournalStore(db) as starting:
        running = playing.start_encounter(
            ruleset="uwr", settings={}, roster=(), title="tonight.uwr", file_path=fight
        )
        assert starting.file_open_elsewhere(tmp_path / "." / "tonight.uwr")
        assert not starting.file_open_elsewhere(tmp_path / "other.uwr")
        assert not playing.file_open_elsewhere(fight), "open here is not elsewhere"
        running.close_cleanly()
        assert not starting.file_open_elsewhere(fight)
