"""Storage faults while a fight is played: nothing is lost while the app runs, the GM is told,
and the autosave catches up once storage works again.

How each fault is made, and how real it is:

* disk full: ``PRAGMA max_page_count`` caps the file at its current size, so SQLite itself
  fails the next commit with ``SQLITE_FULL`` ("database or disk is full"), the very error a
  full disk gives; raising the cap is the space coming back;
* read-only file: ``PRAGMA query_only`` makes SQLite refuse every write with
  ``SQLITE_READONLY``, the error a file that became read-only gives;
* folder deleted: the data folder is really removed (``shutil.rmtree``) under the open store;
* folder that cannot be made again: the folder is removed and its parent made read-only with
  ``chmod`` (a real ``EACCES``); as root, whom ``chmod`` does not stop, ``os.mkdir`` fails with
  ``EACCES`` instead, and SQLite then really cannot create its file in the missing folder;
* a file in the folder's place: a real ``ENOTDIR``/``EEXIST`` from the operating system.
"""

import errno
import os
import random
import shutil
import sys

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import ApplyDamage, Heal, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.guarded_autosave import GuardedAutosave
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.library import CombatantLibrary, LibraryError
from uwr_desktop.core.storage.recovery import rebuild_session


def _playing(tmp_path):
    db = tmp_path / "data" / "journal.sqlite3"
    store = JournalStore(db)
    session = Session(
        make_ruleset("uwr"),
        (
            Combatant(id="a", name="Ada", sheet=UwrSheet()),
            Combatant(id="b", name="Bo", sheet=UwrSheet()),
        ),
        roller=Roller(random.Random(4)),
    )
    states = []
    guard = GuardedAutosave(store, session, title="Ambush", file_path=None, on_state=states.append)
    session.attach(sink=guard)
    guard.start()
    session.do(StartFight())
    for number in range(10):
        session.do(Heal(["a"], 1) if number % 2 else ApplyDamage(["a"], 1))
    return db, store, session, guard, states


def _play(session, count):
    for number in range(count):
        session.do(Heal(["b"], 1) if number % 2 else ApplyDamage(["b"], 1))


def _stored(db, guard):
    """What a crash now would leave of the fight in ``db`` (entries and undo position)."""
    with JournalStore(db) as store:
        session = rebuild_session(store.recover(guard.encounter_id))
        return session.entries, session.cursor


def test_a_full_disk_keeps_the_fight_in_memory_and_saving_resumes_when_space_returns(tmp_path):
    db, store, session, guard, states = _playing(tmp_path)
    pages = store.connection.execute("PRAGMA page_count").fetchone()[0]
    store.connection.execute(f"PRAGMA max_page_count = {pages}")

    _play(session, 40)
    session.undo()
    assert len(session.entries) == 51 and session.cursor == 50  # nothing refused in memory
    assert guard.state.disk_full
    assert "disk is full" in guard.state.problem and "kept in memory" in guard.state.problem
    assert "Save As" in guard.state.problem
    assert _stored(db, guard)[0] != session.entries  # truly not stored meanwhile

    store.connection.execute("PRAGMA max_page_count = 1000000")
    session.redo()  # the next change catches up
    assert guard.state.problem is None
    assert [state.disk_full for state in states] == [True, False]
    assert _stored(db, guard) == (session.entries, session.cursor)
    store.close()


def test_retry_catches_up_without_a_new_change(tmp_path):
    db, store, session, guard, _states = _playing(tmp_path)
    store.connection.execute("PRAGMA query_only = 1")
    _play(session, 5)
    assert guard.state.problem is not None and not guard.state.disk_full
    assert "readonly" in guard.state.problem
    assert not guard.retry()
    store.connection.execute("PRAGMA query_only = 0")
    assert guard.retry()
    assert _stored(db, guard) == (session.entries, session.cursor)
    store.close()


NO_DELETING_OPEN_FILES = pytest.mark.skipif(
    sys.platform == "win32", reason="Windows does not let a folder with open files be deleted"
)


@NO_DELETING_OPEN_FILES
def test_a_deleted_data_folder_is_made_again_with_the_whole_fight(tmp_path):
    db, store, session, guard, states = _playing(tmp_path)
    library = CombatantLibrary(db)
    store.add_companion(library)
    shutil.rmtree(db.parent)

    _play(session, 3)
    assert [state.remade for state in states] == [True, False]
    assert guard.state.problem is None
    assert db.is_file()
    assert _stored(db, guard) == (session.entries, session.cursor)
    session.undo()
    assert _stored(db, guard) == (session.entries, session.cursor)
    assert library.search("uwr") == []  # the library works on the new file too
    library.close()
    store.close()
    assert db.is_file()  # closing the old connections did not remove the new file's log


def _deny_making_folders(monkeypatch, parent):
    if os.geteuid() != 0:  # the tests that call this do not run on Windows
        parent.chmod(0o500)
        return lambda: parent.chmod(0o700)

    real_mkdir = os.mkdir

    def refuse(path, *args, **kwargs):
        if str(path).startswith(str(parent)):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(os, "mkdir", refuse)
    return lambda: monkeypatch.setattr(os, "mkdir", real_mkdir)


@NO_DELETING_OPEN_FILES
@pytest.mark.parametrize("blocker", ["permission", "file in its place"])
def test_a_folder_that_cannot_be_made_again_is_reported_until_it_can(
    tmp_path, monkeypatch, blocker
):
    db, store, session, guard, _states = _playing(tmp_path)
    shutil.rmtree(db.parent)
    if blocker == "permission":
        allow = _deny_making_folders(monkeypatch, tmp_path)
    else:
        db.parent.write_text("in the way")

        def allow():
            db.parent.unlink()

    _play(session, 4)
    assert guard.state.problem is not None and "kept in memory" in guard.state.problem
    assert not guard.retry()
    allow()
    assert guard.retry()
    assert _stored(db, guard) == (session.entries, session.cursor)
    store.close()


def test_a_library_that_cannot_be_written_refuses_with_a_library_error(tmp_path):
    with CombatantLibrary(tmp_path / "journal.sqlite3") as library:
        library._connection.execute("PRAGMA query_only = 1")
        with pytest.raises(LibraryError, match="Cannot change the library"):
            library.save("uwr", Combatant(id="a", name="Ada", sheet=UwrSheet()))
