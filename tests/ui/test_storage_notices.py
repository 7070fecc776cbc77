"""What the GM sees of storage trouble: the autosave bar while commits fail, the notice about a
damaged autosave file at start, and the question before overwriting a fight file that changed
on disk. Faults are made as in ``tests/core/test_storage_faults.py``."""

import os
import shutil
import sqlite3
import sys
import textwrap

import pytest
from app_process import run_app_script
from denied_folders import deny
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QPushButton

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, ApplyDamage, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import read_encounter, save_encounter
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.recovery import rebuild_session
from uwr_desktop.ui.app import _tell_about_storage, open_stores
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import REMADE_MESSAGE, MainWindow


@pytest.fixture(autouse=True)
def closing_discards(monkeypatch):
    """Closing a window at the end of a test discards the fight without asking."""
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Discard)


@pytest.fixture
def playing(qtbot, tmp_path):
    db = tmp_path / "data" / "journal.sqlite3"
    opening, library = open_stores(db)
    document = EncounterDocument(opening.store)
    window = MainWindow(
        document, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), library=library
    )
    qtbot.addWidget(window)
    window.show()
    window.do(
        AddCombatants([Combatant(id="a", name="Ada", sheet=UwrSheet(vitality=30, vitality_max=30))])
    )
    window.do(StartFight())
    yield window, opening.store, db
    window.statusBar().clearMessage()  # stops the message's timer
    document.close()
    library.close()
    opening.store.close()


def _stored(db, window):
    """The fight as a crash now would leave it in the autosave (entries, undo position)."""
    encounter_id = window.document._journal.encounter_id
    with JournalStore(db) as store:
        session = rebuild_session(store.recover(encounter_id))
    return session.entries, session.cursor


def _in_memory(window):
    return window.document.session.entries, window.document.session.cursor


def _click(qtbot, window, name):
    qtbot.mouseClick(window.findChild(QPushButton, name), Qt.MouseButton.LeftButton)


def test_a_full_disk_shows_the_bar_and_saving_resumes_when_space_returns(qtbot, playing):
    window, store, db = playing
    pages = store.connection.execute("PRAGMA page_count").fetchone()[0]
    store.connection.execute(f"PRAGMA max_page_count = {pages}")
    for _ in range(30):
        assert window.do(ApplyDamage(["a"], 1)) or window.document.session.state
    bar = window.autosave_bar
    assert bar.isVisible()
    assert "disk is full" in bar.message() and "kept in memory" in bar.message()
    assert window.findChild(QPushButton, "autosaveSaveAs").isVisible()
    assert QApplication.activeModalWidget() is None  # no crash dialog, no modal at all
    assert _stored(db, window) != _in_memory(window)

    store.connection.execute("PRAGMA max_page_count = 1000000")
    _click(qtbot, window, "autosaveRetry")
    assert not bar.isVisible()
    assert _stored(db, window) == _in_memory(window)


def test_the_bar_tries_again_by_itself(qtbot, playing, monkeypatch):
    window, store, db = playing
    store.connection.execute("PRAGMA query_only = 1")
    window.do(ApplyDamage(["a"], 2))
    assert window.autosave_bar.isVisible()
    store.connection.execute("PRAGMA query_only = 0")
    timer = window.autosave_bar.findChild(QTimer, "autosaveRetryTimer")
    assert timer.isActive()
    timer.timeout.emit()  # the timer's turn, without waiting its ten seconds
    assert not window.autosave_bar.isVisible()
    assert not timer.isActive()
    assert _stored(db, window) == _in_memory(window)


NO_DELETING_OPEN_FILES = pytest.mark.skipif(
    sys.platform == "win32", reason="Windows does not let a folder with open files be deleted"
)


@NO_DELETING_OPEN_FILES
def test_a_deleted_data_folder_is_made_again_and_the_gm_is_told(qtbot, playing):
    window, _store, db = playing
    shutil.rmtree(db.parent)
    window.do(ApplyDamage(["a"], 3))
    assert window.statusBar().currentMessage() == REMADE_MESSAGE
    assert not window.autosave_bar.isVisible()
    assert _stored(db, window) == _in_memory(window)


@NO_DELETING_OPEN_FILES
def test_save_as_from_the_bar_keeps_the_fight_in_a_file(qtbot, playing, tmp_path, monkeypatch):
    window, _store, db = playing
    shutil.rmtree(db.parent)
    db.parent.write_text("a file where the data folder was")
    window.do(ApplyDamage(["a"], 3))
    assert window.autosave_bar.isVisible()
    target = tmp_path / "kept.uwr"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    _click(qtbot, window, "autosaveSaveAs")
    assert read_encounter(target).session().entries == window.document.session.entries
    assert window.autosave_bar.isVisible()  # the autosave itself still cannot store it


def test_no_usable_data_file_at_start_shows_autosave_off(qtbot, tmp_path):
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data folder should be")
    opening, library = open_stores(blocked / "journal.sqlite3")
    assert opening.store is None and library is None
    window = MainWindow(
        EncounterDocument(None), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    _tell_about_storage(window, opening, interactive=True)
    window.show()
    assert window.autosave_bar.isVisible()
    assert window.autosave_bar.message().startswith("Autosave is off")
    assert not window.findChild(QPushButton, "autosaveRetry").isVisible()


def _crashed_store(db, entries=12, checkpointed=5):
    store = JournalStore(db)
    ada = Combatant(id="a", name="Ada", sheet=UwrSheet(vitality=30, vitality_max=30))
    session = Session(make_ruleset("uwr"), (ada,))
    journal = store.start_encounter(
        ruleset="uwr", settings={}, roster=session.roster, title="Ambush"
    )
    session.attach(sink=journal)
    session.do(StartFight())
    while len(session.entries) < entries:
        if len(session.entries) == checkpointed:
            store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        session.do(ApplyDamage(["a"], 1))
    image = db.parent.parent / "image"
    journal.release_lock()  # as the system does for a dead process
    shutil.copytree(db.parent, image)  # the files as a crash leaves them
    store.close()
    shutil.rmtree(db.parent)
    image.rename(db.parent)


def test_a_damaged_autosave_file_is_explained_at_start(qtbot, tmp_path, monkeypatch):
    db = tmp_path / "data" / "journal.sqlite3"
    _crashed_store(db)
    db.with_name(f"{db.name}-wal").unlink()  # the log with the last 7 entries is lost
    opening, library = open_stores(db)
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, title, text: told.append(text))
    window = MainWindow(
        EncounterDocument(opening.store),
        QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
        library=library,
    )
    qtbot.addWidget(window)
    _tell_about_storage(window, opening, interactive=True)
    (text,) = told
    assert "“Ambush”: 5 entries recovered, 7 lost." in text
    assert str(opening.damage.moved_to) in text and opening.damage.moved_to.exists()
    window.document.close()
    library.close()
    opening.store.close()


START_AND_DISMISS = textwrap.dedent(
    """
    import os
    import sys
    from pathlib import Path

    denied = os.environ.get("UWR_TEST_DENIED_AS_ROOT")
    if denied:
        sys.path.insert(0, os.environ["UWR_TEST_HELPERS"])
        from denied_folders import refuse_as_root

        folder, mode = denied.rsplit("|", 1)
        refuse_as_root(Path(folder), int(mode, 8), setattr)
    size_limit = os.environ.get("UWR_TEST_FILE_SIZE_LIMIT")
    if size_limit:
        import resource
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (int(size_limit), int(size_limit)))

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QListWidget, QMainWindow
    from uwr_desktop.cli import LaunchOptions
    from uwr_desktop.ui import app

    made = app.create_themed_application
    tops = QApplication.topLevelWidgets

    def dismiss_then_quit():
        modal = QApplication.activeModalWidget()
        if modal is not None:
            text = getattr(modal, "text", str)().replace(chr(10), " ")
            for listed in modal.findChildren(QListWidget):
                items = (listed.item(row).text() for row in range(listed.count()))
                text += " ".join(item.replace(chr(10), " ") for item in items)
            style = type(QApplication.style()).__name__
            print("DIALOG", modal.windowTitle(), "|", text, "|", style, flush=True)
            modal.done(0)
        elif any(isinstance(w, QMainWindow) and w.isVisible() for w in tops()):
            for window in QApplication.topLevelWidgets():
                if isinstance(window, QMainWindow) and window.autosave_bar.isVisible():
                    print("BAR", window.autosave_bar.message(), flush=True)
                window.close()
            QApplication.quit()

    def create(argv, **options):
        application = made(argv, **options)
        timer = QTimer(application)
        timer.timeout.connect(dismiss_then_quit)
        timer.start(50)
        return application

    app.create_themed_application = create
    sys.exit(app.run(LaunchOptions(file=None, smoke_test=False, smoke_png=None, temp_config=False)))
    """
)


def _start_the_app(home, **env_vars):
    """Start the app on ``home`` in its own process, dismissing every dialog; the dialogs and
    the autosave bar it showed, one line each."""
    return run_app_script(START_AND_DISMISS, home, env_vars).splitlines()


def test_the_app_starts_on_a_damaged_autosave_file(tmp_path):
    """The real start-up path, in its own process: the notice is shown and the app runs."""
    home = tmp_path / "home"
    db = home / "data" / "journal.sqlite3"
    _crashed_store(db)
    db.with_name(f"{db.name}-wal").write_bytes(b"garbage" * 1000)
    shown = _start_the_app(home)
    dialogs = [line for line in shown if line.startswith("DIALOG")]
    assert "The autosave file was damaged" in dialogs[0]
    assert "“Ambush”: 5 entries recovered, 7 lost." in dialogs[0]
    assert "Reopen a fight?" in dialogs[1]  # then the recovered part is offered
    assert all(line.endswith("| ThemeStyle") for line in dialogs), "their focus ring shows"
    (aside,) = db.parent.glob("journal-damaged-*.sqlite3-wal")
    assert aside.read_bytes() == b"garbage" * 1000
    assert db.is_file()


def _in_place_of_the_lock_folder(db, _patch):
    folder = db.with_name(f"{db.name}-open")
    shutil.rmtree(folder)
    folder.write_text("someone's notes")
    return {}, lambda: None


def _denied(where, mode):
    def make(db, patch):
        folder = db.with_name(f"{db.name}{where}") if where else db.parent
        if os.geteuid() == 0:  # chmod does not stop root: the child refuses the calls itself
            return {"UWR_TEST_DENIED_AS_ROOT": f"{folder}|{mode:o}"}, lambda: None
        return {}, deny(folder, mode, patch)

    return make


def _file_size_limit(_db, _patch):
    return {"UWR_TEST_FILE_SIZE_LIMIT": "8192"}, lambda: None


STORAGE_FAULTS = {
    "lock folder is a file": (_in_place_of_the_lock_folder, "is a file, but UWR Desktop"),
    "lock folder of another user": (_denied("-open", 0o555), "(Permission denied)"),
    "data folder without access": (_denied("", 0o000), "(Permission denied)"),
    "copy beyond the file size limit": (_file_size_limit, "could not be checked (File too large)"),
    "data folder not listable": (_denied("", 0o300), None),
}


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and file size limits")
@pytest.mark.parametrize("fault", STORAGE_FAULTS)
def test_the_app_starts_with_the_autosave_off_on_a_storage_fault(tmp_path, monkeypatch, fault):
    """The real start-up path, in its own process: the bar says why and what to do, nothing
    is moved aside, and the fight left open is offered once the fault is gone."""
    home = tmp_path / "home"
    db = home / "data" / "journal.sqlite3"
    _crashed_store(db)
    make, reason = STORAGE_FAULTS[fault]
    env, give_back = make(db, monkeypatch.setattr)
    try:
        shown = _start_the_app(home, **env)
    finally:
        give_back()
    assert not list(db.parent.glob("*damaged*"))
    if reason is None:  # a fault the app does not meet: it opens its files by name
        (offered,) = shown
        assert offered.startswith("DIALOG Reopen a fight?") and "Ambush" in offered
        return
    (bar,) = shown
    assert bar.startswith("BAR Autosave is off:") and reason in bar and "restart" in bar
    if fault != "lock folder is a file":
        (offered,) = _start_the_app(home)
        assert offered.startswith("DIALOG Reopen a fight?") and "Ambush" in offered


@pytest.mark.parametrize(
    ("statement", "title"),
    [
        ("DELETE FROM journal_encounters", "Encounter 1"),
        ("UPDATE journal_encounters SET closed_cleanly = 1", "Ambush"),
    ],
    ids=["its row deleted", "marked closed"],
)
def test_the_app_offers_a_left_open_fight_whose_rows_another_program_changed(
    tmp_path, statement, title
):
    home = tmp_path / "home"
    db = home / "data" / "journal.sqlite3"
    _crashed_store(db)
    connection = sqlite3.connect(db)
    connection.execute(statement)
    connection.commit()
    connection.close()
    (offered,) = _start_the_app(home)
    assert offered.startswith("DIALOG Reopen a fight?") and f"{title} " in offered
    assert "12 entries" in offered


# ---- a fight file changed on disk ---------------------------------------------------------------


def _answer_overwrite(qtbot, role_text, asked):
    def run():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, run)
            return
        asked.append(box.text())
        (button,) = [b for b in box.buttons() if b.text().replace("&", "") == role_text]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, run)


@pytest.fixture
def open_file(qtbot, tmp_path):
    path = tmp_path / "fight.uwr"
    save_encounter(
        Session(make_ruleset("uwr"), (Combatant(id="a", name="Ada", sheet=UwrSheet()),)), path
    )
    document = EncounterDocument(None)
    window = MainWindow(document, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert window.files.open_path(path)
    window.do(StartFight())
    yield window, path
    window.statusBar().clearMessage()  # stops the message's timer


def _someone_else_writes(path):
    save_encounter(
        Session(make_ruleset("uwr"), (Combatant(id="z", name="Zed", sheet=UwrSheet()),)), path
    )
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    return path.read_bytes()


def test_saving_over_a_file_changed_on_disk_asks_first(qtbot, open_file):
    window, path = open_file
    theirs = _someone_else_writes(path)
    asked = []
    _answer_overwrite(qtbot, "Cancel", asked)
    assert not window.files.save()
    assert "fight.uwr was changed on disk" in asked[0]
    assert path.read_bytes() == theirs

    _answer_overwrite(qtbot, "Overwrite", asked)
    assert window.files.save()
    assert read_encounter(path).session().entries == window.document.session.entries
    assert len(asked) == 2
    assert window.files.save()  # saved here last: no question now
    assert len(asked) == 2


def test_save_as_at_the_question_keeps_the_other_file(qtbot, open_file, monkeypatch, tmp_path):
    window, path = open_file
    theirs = _someone_else_writes(path)
    elsewhere = tmp_path / "mine.uwr"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(elsewhere), ""))
    _answer_overwrite(qtbot, "Save As…", [])
    assert window.files.save()
    assert path.read_bytes() == theirs
    assert window.document.path == elsewhere and elsewhere.is_file()


def test_a_change_made_while_saving_is_not_written_over(qtbot, open_file, monkeypatch):
    """Another program writes the file while this save is under way (after the question
    would have been asked): the save is refused, and the next one asks."""
    window, path = open_file
    theirs = []
    real_fsync = os.fsync

    def someone_else_writes_meanwhile(handle):
        monkeypatch.setattr(os, "fsync", real_fsync)
        theirs.append(_someone_else_writes(path))
        return real_fsync(handle)

    monkeypatch.setattr(os, "fsync", someone_else_writes_meanwhile)
    told = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _title, text: told.append(text))
    assert not window.files.save()
    assert "fight.uwr was changed on disk" in told[0] and "Save again" in told[0]
    assert path.read_bytes() == theirs[0]

    asked = []
    _answer_overwrite(qtbot, "Overwrite", asked)
    assert window.files.save()
    assert "fight.uwr was changed on disk" in asked[0]
    assert read_encounter(path).session().entries == window.document.session.entries
