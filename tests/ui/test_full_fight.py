"""A whole uwr fight driven through the main window's widgets, saved, reopened and compared."""

import random

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableWidget,
)

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.rulesets.uwr.events import DieRerolled
from uwr_desktop.core.rulesets.uwr.rules import roll_of
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.file_commands import FileCommands
from uwr_desktop.ui.window.main_window import MainWindow

SEED = 5


def _select(qtbot, combo, text):
    index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, f"{text!r} not offered"
    while combo.currentIndex() != index:
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def _type(qtbot, widget, text):
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


def _fill_combatant_dialog(qtbot, name, side, grace, weapon):
    """Fill the modal combatant dialog once it is up, as the GM would, and press OK."""
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "combatantDialog"
    qtbot.keyClicks(dialog.findChild(QLineEdit, "name"), name)
    _select(qtbot, dialog.findChild(QComboBox, "side"), side)
    _type(qtbot, dialog.findChild(QDoubleSpinBox, "grace"), grace)
    qtbot.mouseClick(dialog.findChild(QPushButton, "addWeapon"), Qt.MouseButton.LeftButton)
    table = dialog.findChild(QTableWidget, "weaponsTable")
    row = table.rowCount() - 1
    weapon_name, upr_type, pool = weapon
    qtbot.keyClicks(table.cellWidget(row, 0), weapon_name)
    _select(qtbot, table.cellWidget(row, 1), upr_type)
    _select(qtbot, table.cellWidget(row, 2), pool)
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)


def _add_combatant(qtbot, window, *sheet):
    QTimer.singleShot(0, lambda: _fill_combatant_dialog(qtbot, *sheet))
    window.actions_by_key["add_combatant"].trigger()


def _drag(qtbot, timeline, start, end):
    qtbot.mousePress(timeline, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 11):
        point = start + (end - start) * step / 10
        qtbot.mouseMove(timeline, QPoint(int(point.x()), int(point.y())))
    qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=end)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    # Windows are closed after each test: no unsaved-changes prompt may block that.
    monkeypatch.setattr(FileCommands, "maybe_save", lambda self: True)
    store = JournalStore(tmp_path / "journal.sqlite3")
    document = EncounterDocument(store, roller=Roller(random.Random(SEED)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    main.dice_tray.set_animation_speed(4.0)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main
    main.statusBar().clearMessage()  # its timeout timer would outlive the test
    document.close()
    store.close()


def test_a_whole_fight_through_the_widgets(qtbot, window, tmp_path, monkeypatch):
    session = lambda: window.document.session  # noqa: E731 (the session changes on reopen)

    _add_combatant(qtbot, window, "Vex", "Player", "3.5", ("Short Bow", "Swift", "Ranged"))
    _add_combatant(qtbot, window, "Bandit", "Enemy", "2", ("Sword", "Quick", "Melee"))
    _add_combatant(qtbot, window, "Oda", "Ally", "3", ("Spear", "Steady", "Melee"))
    names = [c.name for c in session().state.combatants.values()]
    assert names == ["Vex", "Bandit", "Oda"]
    assert window.table_model.rowCount() == 3

    window.actions_by_key["start_fight"].trigger()
    state = session().state
    assert state.round == 1
    assert all(c.sheet.initiative is not None for c in state.combatants.values())
    order = list(state.order)
    assert [s.combatant_id for s in window.timeline.slots()] == order

    # Drag the first card past the last: a manual order that keeps the rolled values.
    timeline = window.timeline
    qtbot.waitUntil(lambda: not timeline.is_animating(), timeout=2000)
    start = timeline.card_rect(order[0]).center()
    end = timeline.card_rect(order[2]).center() + QPoint(40, 0)
    rolled = {cid: session().state.combatants[cid].sheet.initiative.rolled for cid in order}
    moves = []
    timeline.slotMoveRequested.connect(lambda key, index: moves.append((key, index)))
    _drag(qtbot, timeline, start.toPoint(), end.toPoint())
    assert moves == [(order[0], 2)]
    assert list(session().state.order) == [order[1], order[2], order[0]]
    assert {cid: session().state.combatants[cid].sheet.initiative.rolled for cid in order} == rolled
    assert "manual" in timeline.slots()[0].value_text
    qtbot.waitUntil(lambda: not timeline.is_animating(), timeout=2000)

    # Vex shoots the Bandit; the GM clicks a failed die to reroll it.
    vex = next(c.id for c in session().state.combatants.values() if c.name == "Vex")
    panel = window.dice_panel.widget
    panel.set_focus_combatant(vex)
    _select(qtbot, panel.attack.attacker, "Vex")
    _select(qtbot, panel.attack.weapon, "Short Bow")
    _select(qtbot, panel.attack.target, "Bandit")
    qtbot.mouseClick(panel.attack.attack_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.tray.is_animating(), timeout=3000)
    action = roll_of(part_of(session().state).pending.check.roll)
    assert action.rerolls_left == 1  # Grace 3.5 gives one reroll
    failed = action.rerollable_indices
    assert failed, "this seed leaves a failed die to reroll"
    view = panel.tray.view
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.die_rect(failed[0]).center())
    assert isinstance(session().entries[-1].events[-1], DieRerolled)
    qtbot.waitUntil(lambda: not panel.tray.is_animating(), timeout=3000)
    after = roll_of(part_of(session().state).pending.check.roll)
    assert after.dice[failed[0]].rerolled
    assert tuple(d.value for d in view.dice()) == after.faces

    qtbot.mouseClick(panel.attack.reaction.dodge_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.tray.is_animating(), timeout=3000)
    qtbot.mouseClick(panel.attack.resolve_button, Qt.MouseButton.LeftButton)
    assert part_of(session().state).pending is None
    bow = session().state.combatants[vex].sheet.weapons[0]
    assert bow.uses_left == bow.uses_max - 1
    log = window.event_log.visible_lines()
    assert any("Vex attacks Bandit with Short Bow" in line for line in log)

    # End the round: round 2 starts with the bow's uses refilled.
    window.actions_by_key["end_round"].trigger()
    assert session().state.round == 2
    bow = session().state.combatants[vex].sheet.weapons[0]
    assert bow.uses_left == bow.uses_max
    assert window.statusBar().findChild(type(window.status.round), "statusRound").text() == (
        "Round 2"
    )

    # Undo the round end from the Edit menu, then redo it.
    assert window.actions_by_key["undo"].text().startswith("&Undo")
    window.actions_by_key["undo"].trigger()
    assert session().state.round == 1
    window.actions_by_key["redo"].trigger()
    assert session().state.round == 2

    # Save through File > Save As, reopen in a fresh window and compare.
    target = tmp_path / "fight.uwr"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.actions_by_key["save"].trigger()
    assert target.is_file()
    assert not window.document.modified
    assert window.windowTitle().startswith("fight.uwr")
    saved_state, saved_entries = session().state, session().entries

    reopened_doc = EncounterDocument(None)
    reopened = MainWindow(
        reopened_doc,
        QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat),
    )
    qtbot.addWidget(reopened)
    assert reopened.files.open_path(target)
    assert reopened_doc.session.state == saved_state
    assert reopened_doc.session.entries == saved_entries
    assert reopened.event_log.visible_lines() == window.event_log.visible_lines()
    assert [s.key for s in reopened.timeline.slots()] == [s.key for s in timeline.slots()]


def test_a_refused_command_is_greyed_and_its_key_explains_why_in_the_status_bar(qtbot, window):
    next_turn = window.actions_by_key["next_turn"]
    assert not next_turn.isEnabled()
    assert next_turn.toolTip() == "Next Turn: Start the fight first (Ctrl+Return)"
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.statusBar().currentMessage() == "Next Turn: Start the fight first"
    assert window.document.session.entries == ()


def test_opening_a_bad_file_keeps_the_fight(qtbot, window, tmp_path, monkeypatch):
    _add_combatant(qtbot, window, "Vex", "Player", "3", ("Short Bow", "Swift", "Ranged"))
    bad = tmp_path / "bad.uwr"
    bad.write_text("not json")
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    assert not window.files.open_path(bad)
    assert "bad.uwr" in shown[0] and "not JSON" in shown[0]
    assert [c.name for c in window.document.session.state.combatants.values()] == ["Vex"]
