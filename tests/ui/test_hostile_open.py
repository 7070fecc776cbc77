"""Opening a hostile file from the main window: refused with its reason, and the open fight
goes on autosaving and saving to its own file."""

import contextlib
import os
import random
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, ApplyDamage
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_JSON_DEPTH
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    read_encounter,
    save_encounter,
)
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.sqlite_db import StoreError
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.file_commands import FileCommands
from uwr_desktop.ui.window.main_window import MainWindow

HANG_GUARD_SECONDS = 20

HEADER = '{"format":"uwr-desktop-encounter","schema_version":1,"ruleset":"uwr","settings":'


@pytest.fixture
def store(tmp_path):
    opened = JournalStore(tmp_path / "journal.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def window(qtbot, store, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings

    monkeypatch.setattr(FileCommands, "maybe_save", lambda self: True)
    document = EncounterDocument(store, roller=Roller(random.Random(4)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)

    def settle(widget):
        qtbot.waitUntil(lambda: not widget.timeline.is_animating())
        widget.statusBar().clearMessage()

    qtbot.addWidget(main, before_close_func=settle)
    document.session.do(AddCombatants([Combatant(id="vex", name="Vex", sheet=UwrSheet())]))
    main.document.save(tmp_path / "mine.uwr")
    yield main
    document.close()


@pytest.fixture
def warnings(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, _t, text, *a: shown.append(text))
    return shown


def stored_entries(store, document):
    journal = document._journal
    return len(store.recover(journal.encounter_id).entries)


def assert_open_fight_goes_on(window, store, tmp_path):
    """The open fight is the same, commits to its autosave, and saves to its own file."""
    document = window.document
    assert document.path == tmp_path / "mine.uwr"
    before = stored_entries(store, document)
    document.session.do(ApplyDamage(["vex"], 2))
    assert stored_entries(store, document) == before + 1
    window.files.save()
    saved = read_encounter(tmp_path / "mine.uwr").checked
    assert saved.state.combatants["vex"].sheet.vitality == 8


@contextlib.contextmanager
def pipe_released_after(path, seconds):
    """Should the app block opening the pipe, open its other end after ``seconds``, so the
    test fails instead of hanging."""
    released = threading.Event()

    def release():
        released.set()
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))

    timer = threading.Timer(seconds, release)
    timer.start()
    try:
        yield released
    finally:
        timer.cancel()


def deep_file(path):
    levels = 10 * MAX_JSON_DEPTH
    path.write_text(HEADER + "[" * levels + "]" * levels + "}")
    return path


def crowded_file(path):
    roster = ",".join(f'{{"id":"c{n}","name":"C {n}"}}' for n in range(30_000))
    path.write_text(HEADER + '{},"roster":[' + roster + '],"journal":[],"cursor":0}')
    return path


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (deep_file, f"nested more than {MAX_JSON_DEPTH} levels deep"),
        (crowded_file, f"length <= {MAX_COMBATANTS}"),
        (lambda path: (path.mkdir(), path)[1], "is a folder"),
    ],
    ids=["deep", "30000-combatants", "folder"],
)
def test_a_hostile_file_is_refused_and_the_open_fight_goes_on(
    window, store, tmp_path, warnings, make, expected
):
    hostile = make(tmp_path / "hostile.uwr")
    assert not window.files.open_path(hostile)
    assert len(warnings) == 1 and expected in warnings[0]
    assert_open_fight_goes_on(window, store, tmp_path)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and devices")
@pytest.mark.parametrize("kind", ["pipe", "device"])
def test_a_pipe_or_device_is_refused_at_once(window, store, tmp_path, warnings, kind):
    if kind == "pipe":
        chosen = tmp_path / "pipe.uwr"
        os.mkfifo(chosen)
    else:
        chosen = Path(os.devnull)
    with pipe_released_after(chosen, HANG_GUARD_SECONDS) as released:
        assert not window.files.open_path(chosen)
    assert not released.is_set(), "opening the pipe blocked until its other end was opened"
    assert len(warnings) == 1 and "not a regular file" in warnings[0]
    assert_open_fight_goes_on(window, store, tmp_path)


def test_a_file_whose_name_is_not_utf8_opens_and_autosaves(window, store, tmp_path, warnings):
    other = EncounterDocument(None, roller=Roller(random.Random(1)))
    other.session.do(AddCombatants([Combatant(id="orc", name="Orc", sheet=UwrSheet())]))
    try:
        name = os.fsdecode(b"caf\xe9.uwr")
        save_encounter(other.session, tmp_path / name)
    except (UnicodeError, EncounterFileError):
        pytest.skip("this system keeps only valid Unicode file names")
    path = tmp_path / name
    assert window.files.open_path(path), warnings
    document = window.document
    assert document.title == "caf\ufffd.uwr"
    assert "caf\ufffd.uwr" in window.windowTitle()
    before = stored_entries(store, document)
    document.session.do(ApplyDamage(["orc"], 1))
    assert stored_entries(store, document) == before + 1
    assert window.files.save()
    assert read_encounter(path).checked.state.combatants["orc"].sheet.vitality == 9
    assert sorted(p.name for p in tmp_path.glob("*.uwr")) == sorted(["mine.uwr", name])


def test_a_fight_opened_while_the_autosave_refuses_it_shows_the_bar_then_is_stored(
    window, store, tmp_path, monkeypatch
):
    other = tmp_path / "other.uwr"
    save_encounter(EncounterDocument(None).session, other)

    def full(**_kwargs):
        raise StoreError("Cannot write to the data file: database or disk is full")

    with monkeypatch.context() as patch:
        patch.setattr(store, "start_encounter", full)
        assert window.files.open_path(other)
        assert window.document.path == other
        assert window.autosave_bar.isVisibleTo(window)
        assert "disk is full" in window.autosave_bar.message()
    assert window.document.retry_autosave()
    assert not window.autosave_bar.isVisibleTo(window)
    document = window.document
    document.session.do(AddCombatants([Combatant(id="orc", name="Orc", sheet=UwrSheet())]))
    assert stored_entries(store, document) == len(document.session.entries)
    assert window.files.save()
