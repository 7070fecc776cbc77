"""View ▸ Zoom: Ctrl++, Ctrl+- and Ctrl+0 size all text, the zoom is remembered, Deal 1 Damage
and Heal 1 moved to Alt+- and Alt+=, and a 1366x768 window at 150 % stays usable."""

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import QApplication, QScrollArea

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.theme import set_zoom
from uwr_desktop.ui.window.main_window import MainWindow

LAPTOP_WINDOW = QSize(1229, 655)
"""The first-start window on a 1366x768 screen (see test_small_screen.py)."""
CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


def _window(qtbot, settings: QSettings) -> MainWindow:
    document = EncounterDocument(None, roller=Roller(random.Random(5)))
    document.open_copy(resource_path("samples", "sample-fight.uwr"), "Sample fight")
    main = MainWindow(document, settings)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.actions_by_key["reduce_motion"].setChecked(True)
    main.timeline.set_animation_duration(0)
    main.showNormal()
    main.resize(LAPTOP_WINDOW)
    qtbot.waitExposed(main)
    return main


@pytest.fixture
def settings(tmp_path, qapp) -> Iterator[QSettings]:
    yield QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    set_zoom(qapp, 100)


@pytest.fixture
def window(qtbot, settings) -> Iterator[MainWindow]:
    main = _window(qtbot, settings)
    yield main
    main.statusBar().clearMessage()
    main.document.close()


def _size() -> float:
    return QApplication.font().pointSizeF()


def test_the_zoom_keys_size_all_text_and_the_zoom_is_remembered(qtbot, window, settings):
    usual = _size()
    row_height = window.table.rowHeight(0)
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Plus, CTRL)
    assert _size() == pytest.approx(usual * 1.1)
    qtbot.keyClick(window.table, Qt.Key.Key_Equal, CTRL)
    assert _size() == pytest.approx(usual * 1.25)
    QApplication.processEvents()  # the new font reaches the widgets through posted events
    assert window.table.font().pointSizeF() == pytest.approx(usual * 1.25)
    assert window.table.rowHeight(0) > row_height, "the table's rows grow with their text"
    assert window.turn_header.round_label.font().pointSizeF() > _size(), "still the larger type"
    qtbot.keyClick(window.table, Qt.Key.Key_Minus, CTRL)
    assert _size() == pytest.approx(usual * 1.1)
    window.document.close()
    again = _window(qtbot, settings)
    assert _size() == pytest.approx(usual * 1.1), "a new window opens at the zoom left"
    assert again.zoom.percent == 110
    qtbot.keyClick(again.table, Qt.Key.Key_0, CTRL)
    assert _size() == pytest.approx(usual)
    assert settings.value("zoom", type=int) == 100
    again.document.close()


def test_the_zoom_stops_at_its_smallest_and_largest(window):
    for _ in range(12):
        window.actions_by_key["zoom_in"].trigger()
    assert window.zoom.percent == 200
    assert not window.actions_by_key["zoom_in"].isEnabled()
    for _ in range(12):
        window.actions_by_key["zoom_out"].trigger()
    assert window.zoom.percent == 80
    assert not window.actions_by_key["zoom_out"].isEnabled()


def test_deal_one_damage_and_heal_one_are_on_alt_minus_and_alt_equals(qtbot, window):
    vitality = lambda: window.document.session.state.combatants["vex"].sheet.vitality  # noqa: E731
    before = vitality()
    window.table.select_combatant("vex")
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Minus, ALT)
    assert vitality() == before - 1
    qtbot.keyClick(window.table, Qt.Key.Key_Equal, ALT)
    assert vitality() == before
    assert _size() == pytest.approx(QApplication.font().pointSizeF())
    assert window.zoom.percent == 100, "the health keys leave the zoom alone"


def test_a_laptop_window_at_150_percent_stays_usable(qtbot, window):
    window.zoom.zoom_to(150)
    QApplication.processEvents()
    qtbot.wait(50)
    table = window.table
    shown_rows = table.viewport().height() // table.rowHeight(0)
    assert shown_rows >= 3, "the table still shows rows"
    assert table.rowAt(table.rowHeight(0) // 2) == 0
    scroller = window.dice_dock.findChild(QScrollArea, "diceScroller")
    panel = window.dice_panel
    assert panel is not None
    for button in (*panel.commands.values(), panel.tray.roll_button):
        scroller.ensureWidgetVisible(button)
        placed = QRect(button.mapTo(scroller.viewport(), QPoint(0, 0)), button.size())
        assert scroller.viewport().rect().intersects(placed), button.text()
    window.actions_by_key["start_fight"].trigger()
    assert window.document.session.state.round == 1
