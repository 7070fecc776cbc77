"""Storage faults met at start: the app always starts, a fault is never taken for damage, and a
fight left open is never hidden.

* a lock folder that cannot be used (a file in its place, another user's, not listable) or a
  data folder without access: the autosave is off and the reason says what to do;
* a copy or read that fails while a crash is checked: "unavailable", the file left as it is
  (nothing moved aside), its fights offered once the fault is gone;
* a fight's rows changed by another program: its lock file says it was left open, so it is
  offered, and a new fight never takes the id its rows still use.

How the faults are made: folders by :mod:`denied_folders` (``chmod``, or as root the calls
failing with ``EACCES``); a failed copy by ``shutil.copyfile`` failing with the operating
system's own error; rows by SQL from another connection, as another program would.
"""

import errno
import hashlib
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from denied_folders import deny

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import ApplyDamage, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.autosave import autosave, recover_session
from uwr_desktop.core.storage.journal_db import JournalCorruptError, JournalStore
from uwr_desktop.core.storage.startup import open_journal

ENTRIES = 9


def crashed(db: Path) -> tuple:
    """A fight of ``ENTRIES`` entries left open as a crash leaves it; its entries."""
    store = JournalStore(db)
    session = Session(make_ruleset("uwr"), (Combatant(id="a", name="Ada", sheet=UwrSheet()),))
    journal = autosave(store, session, title="Ambush")
    session.do(StartFight())
    while len(session.entries) < ENTRIES:
        session.do(ApplyDamage(["a"], 1))
    journal.release_lock()  # as the system does for a dead process
    image = db.parent.with_name("image")
    shutil.copytree(db.parent, image)  # the files as a crash leaves them, the log included
    store.close()
    shutil.rmtree(db.parent)
    image.rename(db.parent)
    return session.entries


def fingerprints(folder: Path) -> dict[str, str]:
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.iterdir())
        if path.is_file()
    }


def started(db: Path) -> str:
    """Open the journal as the app does; the reason the autosave is off."""
    opening = open_journal(db, keep_closed=20)
    assert opening.store is None and opening.damage is None
    assert not list(db.parent.glob("*damaged*"))
    assert opening.unavailable is not None
    return opening.unavailable


def test_a_file_in_place_of_the_lock_folder_turns_the_autosave_off(tmp_path):
    db = tmp_path / "data" / "journal.sqlite3"
    crashed(db)
    in_the_way = db.with_name(f"{db.name}-open")
    shutil.rmtree(in_the_way)
    in_the_way.write_text("someone's notes")
    reason = started(db)
    assert reason.startswith(f"{in_the_way} is a file") and "Move the file elsewhere" in reason
    assert in_the_way.read_text() == "someone's notes"


@pytest.mark.parametrize(
    ("where", "mode"),
    [("-open", 0o555), ("-open", 0o300), ("", 0o000)],
    ids=["lock folder of another user", "lock folder not listable", "data folder no access"],
)
def test_a_folder_that_cannot_be_used_turns_the_autosave_off(tmp_path, monkeypatch, where, mode):
    db = tmp_path / "data" / "journal.sqlite3"
    entries = crashed(db)
    folder = db.with_name(f"{db.name}{where}") if where else db.parent
    give_back = deny(folder, mode, monkeypatch.setattr)
    try:
        reason = started(db)
    finally:
        give_back()
        monkeypatch.undo()
    assert "Permission denied" in reason and "read and write access" in reason
    opening = open_journal(db, keep_closed=20)  # access given back: the fight is there
    (summary,) = opening.store.recoverable()
    assert summary.entry_count == len(entries)
    opening.store.close()


def test_a_data_folder_that_cannot_be_listed_is_used_as_it_is(tmp_path, monkeypatch):
    """The app never lists the data folder: it opens its files by name."""
    db = tmp_path / "data" / "journal.sqlite3"
    entries = crashed(db)
    give_back = deny(db.parent, 0o300, monkeypatch.setattr)
    try:
        opening = open_journal(db, keep_closed=20)
        (summary,) = opening.store.recoverable()
        assert summary.entry_count == len(entries) and opening.damage is None
        opening.store.close()
    finally:
        give_back()


@pytest.mark.parametrize(
    ("copied", "code"),
    [("journal.sqlite3", errno.ENOSPC), ("journal.sqlite3-wal", errno.EACCES)],
    ids=["disk full", "log not readable"],
)
def test_a_copy_that_fails_while_a_crash_is_checked_is_not_damage(
    tmp_path, monkeypatch, copied, code
):
    db = tmp_path / "data" / "journal.sqlite3"
    entries = crashed(db)
    before = fingerprints(db.parent)
    real_copy = shutil.copyfile

    def failing(source, target, *args, **kwargs):
        if Path(source).name == copied:
            raise OSError(code, os.strerror(code), str(source))
        return real_copy(source, target, *args, **kwargs)

    monkeypatch.setattr(shutil, "copyfile", failing)
    reason = started(db)
    assert f"could not be checked ({os.strerror(code)})" in reason
    assert str(db) in reason and "uwr-check" not in reason
    assert fingerprints(db.parent) == before  # left exactly as the crash left it
    monkeypatch.undo()

    opening = open_journal(db, keep_closed=20)
    assert opening.damage is None
    (summary,) = opening.store.recoverable()
    session, journal, _ = recover_session(opening.store, summary.encounter_id)
    assert session.entries == entries
    journal.close_cleanly()
    opening.store.close()


def _edit_rows(db: Path, statement: str) -> None:
    """Change the store's rows as another program would (no foreign keys enforced)."""
    connection = sqlite3.connect(db)
    connection.execute(statement)
    connection.commit()
    connection.close()


def test_a_left_open_fight_whose_row_was_deleted_is_offered_and_its_id_kept(tmp_path):
    db = tmp_path / "data" / "journal.sqlite3"
    entries = crashed(db)
    _edit_rows(db, "DELETE FROM journal_encounters")
    opening = open_journal(db, keep_closed=20)
    store = opening.store
    (summary,) = store.recoverable()
    assert (summary.title, summary.ruleset, summary.entry_count) == ("Encounter 1", "uwr", ENTRIES)
    session, journal, _ = recover_session(store, summary.encounter_id)
    assert session.entries == entries
    journal.close_cleanly()
    newer = store.start_encounter(ruleset="uwr", settings={}, roster=(), title="Next")
    assert newer.encounter_id == 2
    newer.close_cleanly()
    store.close()


def test_new_fights_never_take_an_id_that_rows_still_use(tmp_path):
    db = tmp_path / "data" / "journal.sqlite3"
    crashed(db)
    _edit_rows(db, "DELETE FROM journal_encounters")
    _edit_rows(db, "DELETE FROM journal_starts")  # the entries alone cannot be offered
    with JournalStore(db) as store:
        newer = store.start_encounter(ruleset="uwr", settings={}, roster=(), title="Next")
        assert newer.encounter_id == 2
        newer.close_cleanly()


def test_a_left_open_fight_marked_closed_by_another_program_is_offered(tmp_path):
    db = tmp_path / "data" / "journal.sqlite3"
    entries = crashed(db)
    _edit_rows(db, "UPDATE journal_encounters SET closed_cleanly = 1")
    opening = open_journal(db, keep_closed=0)  # pruning closed fights spares it
    (summary,) = opening.store.recoverable()
    assert (summary.title, summary.entry_count) == ("Ambush", len(entries))
    opening.store.close()


def test_a_fight_whose_row_was_deleted_and_start_spoiled_is_still_listed(tmp_path):
    db = tmp_path / "data" / "journal.sqlite3"
    crashed(db)
    _edit_rows(db, "DELETE FROM journal_encounters")
    _edit_rows(db, "UPDATE journal_starts SET settings = x'00'")
    opening = open_journal(db, keep_closed=20)
    assert opening.damage is None and not list(db.parent.glob("*damaged*"))
    (summary,) = opening.store.recoverable()
    assert summary.title == "Encounter 1"
    with pytest.raises(JournalCorruptError, match="stored details of encounter 1 are damaged"):
        recover_session(opening.store, summary.encounter_id)
    opening.store.close()
