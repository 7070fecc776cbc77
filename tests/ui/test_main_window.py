"""The main window: shortcuts and menus, recent files, layout, first start, commands on several
selected combatants, the unsaved-changes prompt, the status bar and the table filters."""

import random
import re
import shutil
from pathlib import Path

import pytest
from msgspec.structs import replace
from PySide6.QtCore import QItemSelectionModel, QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMessageBox, QToolBar, QToolButton
from uwr_fighters import swordsman

from uwr_desktop.cli import LaunchOptions
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import AddCombatants, EditCell
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet, Weapon
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import read_encounter, save_encounter
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.ui.app import SAMPLE_TITLE, _open_first_fight, sample_fight_path
from uwr_desktop.ui.dialogs import condition_dialog, prompts
from uwr_desktop.ui.dialogs import quick as quick_dialogs
from uwr_desktop.ui.document import UNTITLED, EncounterDocument
from uwr_desktop.ui.table.model import COMBATANT_ID_ROLE, NAME_ROLE
from uwr_desktop.ui.window.file_commands import MAX_RECENT_FILES, FileCommands
from uwr_desktop.ui.window.layout import first_start_geometry
from uwr_desktop.ui.window.main_window import MainWindow

SEED = 5
StandardKey = QKeySequence.StandardKey
Button = QMessageBox.StandardButton
SWORD = Weapon(name="Sword", upr_type="Swift")
RECENT_ENTRY = re.compile(r"&(\d+) (.+)")
FIGHT_COMMANDS = (
    "add_combatant",
    "add_from_library",
    "duplicate",
    "remove",
    "start_fight",
    "next_turn",
    "end_round",
)
TOOLBAR_COMMANDS = (
    "new",
    "open",
    "save",
    "undo",
    "redo",
    "add_combatant",
    "add_from_library",
    "start_fight",
    "next_turn",
    "end_round",
)


# ---- helpers ----------------------------------------------------------------------------------


def _settings(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def _launch(file: Path | None = None) -> LaunchOptions:
    return LaunchOptions(file=file, smoke_test=False, smoke_png=None, temp_config=False)


def _combatant(cid, name, side=Side.ENEMY, *, hidden=False):
    return Combatant(id=cid, name=name, side=side, hidden=hidden, sheet=UwrSheet(weapons=(SWORD,)))


def _vex():
    return _combatant("vex", "Vex", Side.PLAYER)


def _bandit():
    return _combatant("bandit", "Bandit", Side.ENEMY)


def _oda():
    return _combatant("oda", "Oda", Side.ALLY)


def _add(window, *combatants):
    window.document.session.do(AddCombatants(list(combatants)))


def _write_fight(path, *combatants):
    save_encounter(Session(make_ruleset("uwr"), combatants), path)
    return path


def _combatants(window):
    return window.document.session.state.combatants


def _names(window):
    return [c.name for c in _combatants(window).values()]


def _shown_names(window):
    model = window.table.model()
    return [model.index(row, 0).data(NAME_ROLE) for row in range(model.rowCount())]


def _select(window, *ids):
    model = window.table.model()
    selection = window.table.selectionModel()
    selection.clearSelection()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        if index.data(COMBATANT_ID_ROLE) in ids:
            selection.select(index, flags)
    assert sorted(window.selected_ids()) == sorted(ids)


def _menu_actions(menu):
    found = []
    for action in menu.actions():
        found.append(action)
        if action.menu() is not None:
            found += _menu_actions(action.menu())
    return found


def _all_menu_actions(window):
    found = []
    for action in window.menuBar().actions():
        found += _menu_actions(action.menu())
    return found


def _recent_menu(window):
    file_menu = window.menuBar().actions()[0].menu()
    return next(
        action.menu()
        for action in file_menu.actions()
        if action.menu() is not None and action.text().replace("&", "") == "Open Recent"
    )


def _recent_actions(window):
    """File > Open Recent's entries as they are about to be shown: (file name, action) pairs."""
    menu = _recent_menu(window)
    menu.aboutToShow.emit()
    entries = []
    for action in menu.actions():
        match = RECENT_ENTRY.fullmatch(action.text())
        if match is not None:
            assert int(match[1]) == len(entries) + 1
            entries.append((match[2], action))
    return entries


def _recent_entries(window):
    return [(name, Path(action.toolTip())) for name, action in _recent_actions(window)]


def _recent_names(window):
    return [name for name, _ in _recent_actions(window)]


def _open_recent(window, name):
    (action,) = [action for shown, action in _recent_actions(window) if shown == name]
    action.trigger()


def _status(window, name):
    return window.statusBar().findChild(QLabel, name).text()


def _acting_name(window):
    state = window.document.session.state
    return state.combatants[state.current].name


def _activate(qtbot, window):
    window.activateWindow()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def _answer_prompts(monkeypatch, answer):
    """Answer every unsaved-changes question with ``answer``; returns the questions asked."""
    asked = []

    def question(parent, title, text, *args):
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def _refuse_file_dialogs(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("no file dialog was expected")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", refuse)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", refuse)


def _save_dialog_answers(monkeypatch, path):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))


# ---- fixtures ---------------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path):
    opened = JournalStore(tmp_path / "journal.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def settings_file(tmp_path):
    return tmp_path / "settings.ini"


@pytest.fixture
def make_window(qtbot, store, settings_file):
    """Build and show main windows over fresh fights, all keeping their settings in one file."""
    documents = []

    def close_quietly(main):
        main.files.maybe_save = lambda: True
        qtbot.waitUntil(lambda: not main.timeline.is_animating())
        main.statusBar().clearMessage()

    def make(settings=None):
        document = EncounterDocument(store, roller=Roller(random.Random(SEED)))
        documents.append(document)
        main = MainWindow(document, settings if settings is not None else _settings(settings_file))
        qtbot.addWidget(main, before_close_func=close_quietly)
        main.show()
        qtbot.waitExposed(main)
        return main

    yield make
    for document in documents:
        document.close()


@pytest.fixture
def no_prompts(monkeypatch):
    monkeypatch.setattr(FileCommands, "maybe_save", lambda self: True)


@pytest.fixture
def window(make_window, no_prompts):
    return make_window()


# ---- shortcuts, menus and toolbar ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "standard", "portable"),
    [
        ("new", StandardKey.New, "Ctrl+N"),
        ("open", StandardKey.Open, "Ctrl+O"),
        ("save", StandardKey.Save, "Ctrl+S"),
        ("save_as", StandardKey.SaveAs, "Ctrl+Shift+S"),
        ("undo", StandardKey.Undo, "Ctrl+Z"),
        ("redo", StandardKey.Redo, "Ctrl+Shift+Z"),
    ],
)
def test_file_and_edit_commands_use_the_platforms_standard_keys(window, key, standard, portable):
    action = window.actions_by_key[key]
    bindings = QKeySequence.keyBindings(standard)
    assert action.shortcuts()[: len(bindings)] == bindings
    if bindings:
        assert action.shortcut() == QKeySequence(standard)
    assert QKeySequence(portable) in action.shortcuts()


@pytest.mark.parametrize("key", FIGHT_COMMANDS)
def test_fight_commands_have_a_shortcut_and_a_menu_entry(window, key):
    action = window.actions_by_key[key]
    assert action.shortcuts() and not action.shortcut().isEmpty()
    assert action in _all_menu_actions(window)


def test_no_two_commands_share_a_shortcut(window):
    actions = {id(a): a for a in [*window.actions_by_key.values(), *window.actions()]}
    owners = {}
    for action in actions.values():
        for sequence in action.shortcuts():
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            assert text not in owners, f"{text} is both {owners[text]} and {action.text()}"
            owners[text] = action.text()


def test_the_main_commands_are_on_the_toolbar(window):
    toolbar = window.findChild(QToolBar, "mainToolBar")
    assert toolbar is not None and toolbar.isVisible()
    on_toolbar = toolbar.actions()
    for key in TOOLBAR_COMMANDS:
        assert window.actions_by_key[key] in on_toolbar, key


def test_the_fight_runs_from_the_keyboard_with_the_table_focused(qtbot, window):
    _add(window, _vex(), _bandit(), _oda())
    _activate(qtbot, window)
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_F5)
    assert window.document.session.state.round == 1
    first = window.document.session.state.current
    qtbot.keyClick(window.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.document.session.state.current not in (None, first)
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.table, Qt.Key.Key_Return, ctrl_shift)
    assert window.document.session.state.round == 2
    qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.session.state.round == 1


def test_ctrl_enter_in_the_attack_inputs_is_next_turn_and_f6_attacks(qtbot, qtlog, window):
    _add(window, _vex(), _bandit(), _oda())
    _activate(qtbot, window)
    window.actions_by_key["start_fight"].trigger()
    first = window.document.session.state.current
    attack = window.dice_panel.widget.attack
    attack.attacker.setFocus()
    qtbot.keyClick(attack.attacker, Qt.Key.Key_F11)
    state = window.document.session.state
    assert state.current == first, "the turn stays while the GM attacks"
    assert part_of(state).pending is not None and part_of(state).pending.check.actor == first
    qtbot.waitUntil(lambda: not window.dice_tray.is_animating(), timeout=3000)
    window.actions_by_key["undo"].trigger()
    attack.favor.setFocus()
    qtbot.keyClick(attack.favor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    state = window.document.session.state
    assert part_of(state).pending is None, "Ctrl+Enter never attacks"
    assert state.current not in (None, first)
    assert not [r for r in qtlog.records if "Ambiguous shortcut" in r.message]


def test_ctrl_d_duplicates_and_del_removes(qtbot, window, monkeypatch):
    _add(window, _vex(), _bandit())
    _activate(qtbot, window)
    window.table.selectRow(0)
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert len(window.document.session.state.combatants) == 3
    monkeypatch.setattr(prompts, "confirm", lambda *args: True)
    window.table.clearSelection()
    window.table.selectRow(0)
    qtbot.keyClick(window.table, Qt.Key.Key_Delete)
    assert len(window.document.session.state.combatants) == 2


# ---- recent files -----------------------------------------------------------------------------


def test_a_saved_fight_is_listed_under_open_recent(window, tmp_path, monkeypatch):
    assert _recent_entries(window) == []
    _add(window, _vex())
    target = tmp_path / "ambush.uwr"
    _save_dialog_answers(monkeypatch, target)
    window.actions_by_key["save_as"].trigger()
    assert target.is_file()
    assert _recent_entries(window) == [("ambush.uwr", target.resolve())]


def test_an_opened_fight_goes_to_the_top_of_open_recent(window, tmp_path):
    older = _write_fight(tmp_path / "older.uwr", _vex())
    newer = _write_fight(tmp_path / "newer.uwr", _bandit())
    assert window.files.open_path(older)
    assert window.files.open_path(newer)
    assert _recent_names(window) == ["newer.uwr", "older.uwr"]
    assert window.files.open_path(older)
    assert _recent_names(window) == ["older.uwr", "newer.uwr"]


def test_open_recent_keeps_only_the_newest_files_newest_first(window, tmp_path):
    first = _write_fight(tmp_path / "fight-0.uwr", _vex())
    paths = [first]
    for number in range(1, MAX_RECENT_FILES + 3):
        paths.append(tmp_path / f"fight-{number}.uwr")
        shutil.copyfile(first, paths[-1])
    for path in paths:
        assert window.files.open_path(path)
    expected = [path.name for path in reversed(paths)][:MAX_RECENT_FILES]
    assert _recent_names(window) == expected


def test_recent_files_are_listed_again_after_a_restart(make_window, no_prompts, tmp_path):
    first = make_window()
    fight = _write_fight(tmp_path / "campaign.uwr", _vex())
    assert first.files.open_path(fight)
    assert first.close()

    second = make_window()
    assert _recent_entries(second) == [("campaign.uwr", fight.resolve())]
    _open_recent(second, "campaign.uwr")
    assert second.document.path == fight
    assert _names(second) == ["Vex"]


def test_a_deleted_recent_fight_is_refused_by_name_and_the_open_fight_kept(
    window, tmp_path, monkeypatch
):
    gone = _write_fight(tmp_path / "gone.uwr", _bandit())
    kept = _write_fight(tmp_path / "kept.uwr", _vex(), _oda())
    assert window.files.open_path(gone)
    assert window.files.open_path(kept)
    gone.unlink()
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, _, text, *a: warnings.append(text))

    _open_recent(window, "gone.uwr")

    assert len(warnings) == 1 and "gone.uwr" in warnings[0]
    assert window.document.path == kept
    assert _names(window) == ["Vex", "Oda"]
    assert window.windowTitle().startswith("kept.uwr")


def test_the_log_panel_s_export_asks_as_the_file_menu_does(window, tmp_path, monkeypatch):
    _add(window, _vex())
    target = tmp_path / "ambush-log.md"
    asked = []

    def answer(parent, caption, *_rest, **_named):
        asked.append(caption)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    window.event_log.export_button.click()
    window.actions_by_key["export_log"].trigger()
    assert asked == ["Export Event Log", "Export Event Log"]
    assert target.read_text(encoding="utf-8") == window.event_log.to_markdown()
    assert window.statusBar().currentMessage() == "Exported the log to ambush-log.md"


# ---- layout -----------------------------------------------------------------------------------


def test_closing_remembers_the_geometry_and_the_hidden_log_dock(qtbot, make_window, no_prompts):
    first = make_window()
    placed = QRect(QPoint(30, 40), first.minimumSizeHint().expandedTo(QSize(640, 560)))
    first.setGeometry(placed)
    qtbot.waitUntil(lambda: first.geometry() == placed)
    first.log_dock.toggleViewAction().trigger()
    assert not first.log_dock.isVisible()
    assert first.close()

    second = make_window()
    assert second.geometry() == placed
    assert not second.log_dock.isVisible()
    assert second.dice_dock.isVisible()


def test_the_dice_animation_settings_are_remembered(make_window, no_prompts):
    first = make_window()
    tray = first.dice_tray
    assert tray.animation_speed() == 1.0
    menu = tray.animation_button.menu()
    next(action for action in menu.actions() if action.text() == "Speed 2x").trigger()
    assert tray.animation_speed() == 2.0
    first.actions_by_key["reduce_motion"].trigger()
    first.layout_keeper.save()

    second = make_window()
    assert second.dice_tray.animation_speed() == 2.0
    assert second.dice_tray.view.reduce_motion()


def test_reduce_motion_stops_the_timeline_cards_gliding_too(make_window, no_prompts):
    first = make_window()
    first.document.session.do(
        AddCombatants(
            [
                swordsman("a", "Ana", Side.PLAYER, initiative=5),
                swordsman("b", "Bo", Side.ENEMY, initiative=9),
            ]
        )
    )
    first.actions_by_key["reduce_motion"].trigger()
    first.document.session.do(EditCell("a", "initiative", 20))
    assert [s.key for s in first.timeline.slots()][:1] == ["a"]
    assert not first.timeline.is_animating(), "Ana moves to the front at once"
    first.layout_keeper.save()

    second = make_window()
    second.document.session.do(
        AddCombatants(
            [
                swordsman("a", "Ana", Side.PLAYER, initiative=5),
                swordsman("b", "Bo", Side.ENEMY, initiative=9),
            ]
        )
    )
    second.document.session.do(EditCell("a", "initiative", 20))
    assert not second.timeline.is_animating(), "Reduce Motion is remembered for the timeline"
    second.actions_by_key["reduce_motion"].trigger()
    second.document.session.do(EditCell("b", "initiative", 30))
    assert second.timeline.is_animating(), "with motion back, the cards glide again"


def test_save_layout_remembers_a_hidden_dice_dock(make_window, no_prompts):
    first = make_window()
    first.dice_dock.toggleViewAction().trigger()
    first.layout_keeper.save()

    second = make_window()
    assert not second.dice_dock.isVisible()
    assert second.log_dock.isVisible()
    second.dice_dock.toggleViewAction().trigger()
    assert second.dice_dock.isVisible()


def test_a_first_start_window_lies_inside_the_screens_free_area(window):
    available = window.screen().availableGeometry()
    assert available.contains(window.geometry())
    assert window.normalGeometry() == first_start_geometry(available)


def test_on_a_small_laptop_screen_the_first_window_takes_at_most_90_percent_centred():
    available = QRect(0, 0, 1366, 728)
    placed = first_start_geometry(available)
    assert placed.width() <= available.width() * 0.9
    assert placed.height() <= available.height() * 0.9
    assert available.contains(placed)
    assert abs(placed.center().x() - available.center().x()) <= 1
    assert abs(placed.center().y() - available.center().y()) <= 1


@pytest.mark.parametrize("available", [QRect(0, 0, 1920, 1040), QRect(1920, 40, 1920, 1040)])
def test_on_a_roomy_screen_the_first_window_is_1400_by_900_centred(available):
    placed = first_start_geometry(available)
    assert placed.size() == QSize(1400, 900)
    assert available.contains(placed)
    assert abs(placed.center().x() - available.center().x()) <= 1
    assert abs(placed.center().y() - available.center().y()) <= 1


# ---- first start ------------------------------------------------------------------------------


def test_the_first_start_opens_the_sample_fight(window, tmp_path):
    settings = _settings(tmp_path / "fresh.ini")
    _open_first_fight(window, _launch(), settings)
    sample = read_encounter(sample_fight_path())
    expected = [c.name for c in sample.checked.state.combatants.values()]
    assert expected
    assert _names(window) == expected
    assert sorted(_shown_names(window)) == sorted(expected)
    assert window.windowTitle().startswith(SAMPLE_TITLE)
    assert not window.document.modified


def test_saving_the_sample_asks_where_and_leaves_the_shipped_file_alone(
    window, tmp_path, monkeypatch
):
    shipped = sample_fight_path().read_bytes()
    _open_first_fight(window, _launch(), _settings(tmp_path / "fresh.ini"))
    assert window.document.path is None
    assert _recent_entries(window) == []
    window.actions_by_key["next_turn"].trigger()
    target = tmp_path / "my-fight.uwr"
    _save_dialog_answers(monkeypatch, target)
    window.actions_by_key["save"].trigger()
    assert target.is_file()
    assert window.document.path == target
    assert sample_fight_path().read_bytes() == shipped


def test_the_sample_is_not_opened_again_on_the_next_start(make_window, no_prompts, tmp_path):
    settings = _settings(tmp_path / "fresh.ini")
    _open_first_fight(make_window(), _launch(), settings)

    second = make_window()
    _open_first_fight(second, _launch(), settings)
    assert second.document.path is None
    assert _names(second) == []
    assert second.table.model().rowCount() == 0
    assert second.windowTitle().startswith(UNTITLED)


def test_a_file_named_at_launch_is_opened_instead_of_the_sample(window, tmp_path):
    fight = _write_fight(tmp_path / "tonight.uwr", _bandit(), _oda())
    _open_first_fight(window, _launch(fight), _settings(tmp_path / "fresh.ini"))
    assert window.document.path == fight
    assert _names(window) == ["Bandit", "Oda"]
    assert window.windowTitle().startswith("tonight.uwr")
    assert _recent_names(window) == ["tonight.uwr"]


def _started_before(make_window, tmp_path, *combatants):
    """Settings after a start that showed the sample and a session that saved a fight with
    ``combatants``; the fight's file."""
    settings = _settings(tmp_path / "used.ini")
    first = make_window(settings)
    _open_first_fight(first, _launch(), settings)
    first.document.new()
    _add(first, *combatants)
    fight = tmp_path / "last-night.uwr"
    first.document.save(fight)
    first.close()
    return settings, fight


def test_a_start_reopens_the_last_saved_fight(make_window, no_prompts, tmp_path):
    settings, fight = _started_before(make_window, tmp_path, _bandit(), _oda())
    assert make_window(settings).actions_by_key["reopen_last"].isChecked(), "on by default"
    again = make_window(settings)
    _open_first_fight(again, _launch(), settings)
    assert again.document.path == fight
    assert _names(again) == ["Bandit", "Oda"]
    assert again.windowTitle().startswith("last-night.uwr")
    assert not again.document.modified


def test_with_the_setting_off_a_start_opens_an_empty_fight(make_window, no_prompts, tmp_path):
    settings, _ = _started_before(make_window, tmp_path, _bandit())
    toggled = make_window(settings)
    menu_texts = [a.text() for a in toggled.menuBar().actions()[0].menu().actions()]
    assert "Reopen the &Last Fight at Start" in menu_texts
    toggled.actions_by_key["reopen_last"].setChecked(False)
    again = make_window(settings)
    assert not again.actions_by_key["reopen_last"].isChecked(), "the setting is kept"
    _open_first_fight(again, _launch(), settings)
    assert again.document.path is None and _names(again) == []


def test_a_last_fight_that_is_gone_gives_an_empty_fight_and_says_so(
    make_window, no_prompts, tmp_path
):
    settings, fight = _started_before(make_window, tmp_path, _bandit())
    fight.unlink()
    again = make_window(settings)
    _open_first_fight(again, _launch(), settings)
    assert again.document.path is None and _names(again) == []
    message = again.statusBar().currentMessage()
    assert "last-night.uwr" in message and "empty fight" in message, message
    later = make_window(settings)
    _open_first_fight(later, _launch(), settings)
    assert later.statusBar().currentMessage() == "", "a fight gone is told about once"


def test_a_last_fight_that_cannot_be_read_gives_an_empty_fight_and_says_so(
    make_window, no_prompts, tmp_path
):
    settings, fight = _started_before(make_window, tmp_path, _bandit())
    fight.write_text("not a fight")
    again = make_window(settings)
    _open_first_fight(again, _launch(), settings)
    assert _names(again) == []
    message = again.statusBar().currentMessage()
    assert message.startswith("Last fight last-night.uwr could not be read: an empty fight")
    assert "not a fight" in message or "JSON" in message or "read" in message, message


def test_the_last_fight_open_in_another_copy_is_left_to_it(
    make_window, no_prompts, tmp_path, monkeypatch
):
    settings, fight = _started_before(make_window, tmp_path, _bandit())
    again = make_window(settings)
    monkeypatch.setattr(
        again.document, "open_elsewhere", lambda path: path.resolve() == fight.resolve()
    )
    _open_first_fight(again, _launch(), settings)
    assert _names(again) == []
    assert "open in another copy" in again.statusBar().currentMessage()


def test_a_file_named_at_launch_wins_over_the_last_fight(make_window, no_prompts, tmp_path):
    settings, _ = _started_before(make_window, tmp_path, _bandit())
    tonight = _write_fight(tmp_path / "tonight.uwr", _oda())
    again = make_window(settings)
    _open_first_fight(again, _launch(tonight), settings)
    assert again.document.path == tonight and _names(again) == ["Oda"]


def test_a_new_fight_is_the_last_fight_no_more(make_window, no_prompts, tmp_path):
    settings, _ = _started_before(make_window, tmp_path, _bandit())
    again = make_window(settings)
    _open_first_fight(again, _launch(), settings)
    again.document.new()
    later = make_window(settings)
    _open_first_fight(later, _launch(), settings)
    assert later.document.path is None and _names(later) == []


# ---- several selected combatants --------------------------------------------------------------


def test_damage_hits_every_selected_combatant_and_no_other(window, monkeypatch):
    _add(window, _vex(), _bandit(), _oda())
    asked = []

    def ask_amount(parent, title, label, maximum=999):
        asked.append(label)
        return 4

    monkeypatch.setattr(quick_dialogs, "ask_amount", ask_amount)
    _select(window, "vex", "oda")
    window.actions_by_key["damage"].trigger()

    assert asked == ["Damage to Vex and Oda:"]
    vitality = {cid: c.sheet.vitality for cid, c in _combatants(window).items()}
    assert vitality == {"vex": 6, "bandit": 10, "oda": 6}
    window.actions_by_key["undo"].trigger()
    assert {c.sheet.vitality for c in _combatants(window).values()} == {10}


def test_heal_asks_by_name_and_a_crowd_is_counted(window, monkeypatch):
    _add(window, _vex(), _bandit(), _oda())
    asked = []
    monkeypatch.setattr(quick_dialogs, "ask_amount", lambda _p, _t, label: asked.append(label))
    _select(window, "vex")
    window.actions_by_key["heal"].trigger()
    crowd = [f"bandit-{n}" for n in range(5)]
    _add(window, *(replace(_bandit(), id=cid, name=f"Bandit {n}") for n, cid in enumerate(crowd)))
    _select(window, *crowd)
    window.actions_by_key["damage"].trigger()
    assert asked == ["Healing for Vex:", "Damage to 5 combatants:"]


def test_a_cancelled_damage_dialog_changes_nothing(window, monkeypatch):
    _add(window, _vex(), _bandit())
    monkeypatch.setattr(quick_dialogs, "ask_amount", lambda *args: None)
    _select(window, "vex", "bandit")
    entries = window.document.session.entries
    window.actions_by_key["damage"].trigger()
    assert window.document.session.entries == entries


def test_a_condition_goes_on_every_selected_combatant_and_no_other(window, monkeypatch):
    _add(window, _vex(), _bandit(), _oda())
    prone = Condition("Prone", 2, "knocked down")
    monkeypatch.setattr(condition_dialog, "ask_condition", lambda *args: prone)
    _select(window, "bandit", "oda")
    window.actions_by_key["condition"].trigger()
    conditions = {cid: c.conditions for cid, c in _combatants(window).items()}
    assert conditions == {"vex": (), "bandit": (prone,), "oda": (prone,)}


def test_a_command_without_a_selection_asks_for_one(window, monkeypatch):
    _add(window, _vex())
    monkeypatch.setattr(quick_dialogs, "ask_amount", lambda *args: pytest.fail("asked"))
    window.actions_by_key["damage"].trigger()
    assert "Select one or more combatants" in window.statusBar().currentMessage()
    assert _combatants(window)["vex"].sheet.vitality == 10


def test_duplicate_remove_and_undo_on_selected_combatants(window, monkeypatch):
    monkeypatch.setattr(prompts, "confirm", lambda *args: True)
    _add(window, _vex(), _bandit(), _oda())
    _select(window, "vex", "bandit")
    window.actions_by_key["duplicate"].trigger()
    assert _names(window) == ["Vex 1", "Bandit 1", "Oda", "Vex 2", "Bandit 2"]
    copies = [cid for cid, c in _combatants(window).items() if c.name.endswith(" 2")]
    assert len(copies) == 2 and not set(copies) & {"vex", "bandit", "oda"}
    assert [_combatants(window)[cid].side for cid in copies] == [Side.PLAYER, Side.ENEMY]

    _select(window, *copies)
    window.actions_by_key["remove"].trigger()
    assert _names(window) == ["Vex 1", "Bandit 1", "Oda"]
    assert window.table.model().rowCount() == 3

    window.actions_by_key["undo"].trigger()
    assert _names(window) == ["Vex 1", "Bandit 1", "Oda", "Vex 2", "Bandit 2"]
    assert sorted(_shown_names(window)) == sorted(_names(window))


def test_duplicating_bandit_twice_numbers_every_bandit_and_ctrl_z_takes_it_back(qtbot, window):
    _add(window, _bandit(), _vex())
    _select(window, "bandit")
    window.actions_by_key["duplicate"].trigger()
    assert _names(window) == ["Bandit 1", "Vex", "Bandit 2"]
    assert window.document.session.undo_label == "Bandit 2 joins (Bandit is now Bandit 1)"
    _select(window, "bandit")
    window.actions_by_key["duplicate"].trigger()
    assert _names(window) == ["Bandit 1", "Vex", "Bandit 2", "Bandit 3"]
    assert _shown_names(window) == ["Bandit 1", "Vex", "Bandit 2", "Bandit 3"]

    _activate(qtbot, window)
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _names(window) == ["Bandit 1", "Vex", "Bandit 2"]
    qtbot.keyClick(window.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert _names(window) == ["Bandit", "Vex"]
    assert _shown_names(window) == ["Bandit", "Vex"]


# ---- the unsaved-changes prompt ---------------------------------------------------------------


def test_cancel_at_the_prompt_keeps_the_window_and_the_fight(make_window, monkeypatch):
    window = make_window()
    _add(window, _vex())
    asked = _answer_prompts(monkeypatch, Button.Cancel)
    _refuse_file_dialogs(monkeypatch)
    assert not window.close()
    assert len(asked) == 1 and UNTITLED in asked[0]
    assert window.isVisible()
    assert _names(window) == ["Vex"]
    assert window.document.modified


def test_discard_at_the_prompt_closes_without_saving(make_window, monkeypatch, tmp_path):
    window = make_window()
    _add(window, _vex())
    asked = _answer_prompts(monkeypatch, Button.Discard)
    _refuse_file_dialogs(monkeypatch)
    assert window.close()
    assert len(asked) == 1
    assert not window.isVisible()
    assert list(tmp_path.glob("*.uwr")) == []


def test_save_at_the_prompt_saves_the_changes_to_the_fights_file(
    make_window, monkeypatch, tmp_path
):
    window = make_window()
    fight = _write_fight(tmp_path / "saved.uwr", _vex())
    assert window.files.open_path(fight)
    _add(window, _bandit())
    asked = _answer_prompts(monkeypatch, Button.Save)
    _refuse_file_dialogs(monkeypatch)
    assert window.close()
    assert len(asked) == 1 and "saved.uwr" in asked[0]
    saved = read_encounter(fight).checked.state.combatants
    assert [c.name for c in saved.values()] == ["Vex", "Bandit"]


def test_save_at_the_prompt_asks_where_to_save_an_untitled_fight(
    make_window, monkeypatch, tmp_path
):
    window = make_window()
    _add(window, _oda())
    _answer_prompts(monkeypatch, Button.Save)
    target = tmp_path / "new-fight"
    _save_dialog_answers(monkeypatch, target)
    assert window.close()
    saved = read_encounter(target.with_suffix(".uwr")).checked.state.combatants
    assert [c.name for c in saved.values()] == ["Oda"]


def test_save_at_the_prompt_then_cancelling_the_file_dialog_keeps_the_window(
    make_window, monkeypatch
):
    window = make_window()
    _add(window, _oda())
    _answer_prompts(monkeypatch, Button.Save)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    assert not window.close()
    assert window.isVisible()
    assert window.document.modified


def test_an_unmodified_fight_closes_without_asking(make_window, monkeypatch, tmp_path):
    window = make_window()
    fight = _write_fight(tmp_path / "calm.uwr", _vex())
    assert window.files.open_path(fight)
    asked = _answer_prompts(monkeypatch, Button.Cancel)
    assert window.close()
    assert asked == []


def test_cancel_at_the_prompt_keeps_the_fight_when_starting_a_new_one(make_window, monkeypatch):
    window = make_window()
    _add(window, _vex())
    asked = _answer_prompts(monkeypatch, Button.Cancel)
    window.actions_by_key["new"].trigger()
    assert len(asked) == 1
    assert _names(window) == ["Vex"]


# ---- status bar -------------------------------------------------------------------------------


def test_the_status_bar_says_whose_turn_it_is_and_the_round(window):
    setting_up = _status(window, "statusRound")
    assert "add combatants" in setting_up and "Start Fight" in setting_up
    assert _status(window, "statusActor") == ""
    _add(window, _vex(), _bandit(), _oda())

    window.actions_by_key["start_fight"].trigger()
    assert _status(window, "statusRound") == "Round 1"
    first = _acting_name(window)
    assert _status(window, "statusActor") == f"Acting: {first}"

    window.actions_by_key["next_turn"].trigger()
    second = _acting_name(window)
    assert second != first
    assert _status(window, "statusActor") == f"Acting: {second}"

    window.actions_by_key["end_round"].trigger()
    assert _status(window, "statusRound") == "Round 2"


# ---- table filters ----------------------------------------------------------------------------


def test_the_show_menu_shows_and_hides_hidden_combatants(qtbot, window):
    lurker = _combatant("lurker", "Lurker", Side.ENEMY, hidden=True)
    _add(window, _vex(), _bandit(), lurker)
    show = window.findChild(QToolButton, "showFilter")
    hidden = window.findChild(QAction, "showHidden")
    assert hidden.isChecked() and show.text() == "Show: all"
    assert _shown_names(window) == ["Vex", "Bandit", "Lurker"]

    hidden.trigger()
    assert not hidden.isChecked()
    assert _shown_names(window) == ["Vex", "Bandit"]
    assert show.text() == "Show: filtered" and "hidden combatants" in show.toolTip()

    hidden.trigger()
    assert _shown_names(window) == ["Vex", "Bandit", "Lurker"]


def test_the_show_menu_hides_and_shows_a_sides_rows(qtbot, window):
    _add(window, _vex(), _bandit(), _oda(), _combatant("thug", "Thug", Side.ENEMY))
    enemies = window.findChild(QAction, f"sideFilter_{Side.ENEMY.value}")
    allies = window.findChild(QAction, f"sideFilter_{Side.ALLY.value}")
    menu = window.findChild(QToolButton, "showFilter").menu()
    assert enemies in menu.actions() and allies in menu.actions()

    enemies.trigger()
    assert _shown_names(window) == ["Vex", "Oda"]
    allies.trigger()
    assert _shown_names(window) == ["Vex"]

    enemies.trigger()
    allies.trigger()
    assert _shown_names(window) == ["Vex", "Bandit", "Oda", "Thug"]
    assert len(_combatants(window)) == 4


def test_a_refusal_leaves_the_status_bar_once_the_next_change_goes_through(window):
    _add(window, _vex(), _bandit())
    window.select_combatant("vex")
    window.actions_by_key["heal_one"].trigger()
    refusal = window.statusBar().currentMessage()
    assert refusal.startswith("Vex already at full")
    window.select_combatant("bandit")  # changes nothing in the fight
    assert window.statusBar().currentMessage() == refusal
    window.actions_by_key["damage_one"].trigger()
    assert window.statusBar().currentMessage() == ""
    assert window.document.session.state.combatants["bandit"].sheet.vitality < (
        window.document.session.state.combatants["bandit"].sheet.vitality_max
    )
    window.tell("Saved")
    window.actions_by_key["damage_one"].trigger()
    assert window.statusBar().currentMessage() == "Saved", "only a refusal goes"
