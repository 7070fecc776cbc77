"""The mouse wheel changes a drop-down or a number box only while it has the keyboard focus;
otherwise it scrolls the Dice dock (or whatever holds the input), as over a label."""

import ast
from pathlib import Path

import pytest
from fight_window import shown_window
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.ui.window.main_window import MainWindow

PACKAGE = Path(__file__).resolve().parents[2] / "uwr_desktop"
SHORT_WINDOW = QSize(1229, 560)
"""Short enough that the Dice dock scrolls."""

SCROLL_BAR_ROOM = 40
"""Beside the panel: the dock's scroll bar and frame, so nothing scrolls sideways."""
WHEEL_DOWN = QPoint(0, -120)

BARE_INPUTS = {"QComboBox", "QSpinBox", "QDoubleSpinBox"}
"""Qt's inputs that take the wheel without the focus."""
EDITORS_ONLY_WHILE_FOCUSED = {"ui/table/delegates.py"}
"""The table's cell editors exist only while they have the focus (they close when it goes)."""


@pytest.fixture
def window(qtbot, tmp_path):
    for main in shown_window(qtbot, tmp_path, seed=3):
        main.document.open_copy(resource_path("samples", "sample-fight.uwr"), "Sample fight")
        main.showNormal()  # the offscreen screen is small: a first start fills it
        main.resize(SHORT_WINDOW)
        room = main.dice_panel.widget.minimumSizeHint().width() + SCROLL_BAR_ROOM
        main.resizeDocks([main.dice_dock], [room], Qt.Orientation.Horizontal)
        main.actions_by_key["start_fight"].trigger()
        QApplication.processEvents()
        yield main


def _scroller(window: MainWindow) -> QScrollArea:
    scroller = window.dice_dock.findChild(QScrollArea, "diceScroller")
    assert scroller.verticalScrollBar().maximum() > 0, "the dock does not scroll"
    return scroller


def _wheel_over(window: MainWindow, widget: QWidget) -> None:
    """A wheel turn over ``widget``, as the mouse sends it (through the window)."""
    at = widget.mapTo(window, widget.rect().center())
    QTest.wheelEvent(window.windowHandle(), at, WHEEL_DOWN)
    QApplication.processEvents()


def _focus_elsewhere(window: MainWindow) -> None:
    window.table.setFocus()
    QApplication.processEvents()


def test_the_wheel_over_an_unfocused_drop_down_scrolls_the_dock(window):
    target = window.dice_panel.widget.findChild(QWidget, "target")
    scroller = _scroller(window)
    _focus_elsewhere(window)
    chosen = target.currentIndex()
    assert target.count() > 1
    _wheel_over(window, target)
    assert target.currentIndex() == chosen
    assert not target.hasFocus()
    assert scroller.verticalScrollBar().value() > 0


def test_the_wheel_over_an_unfocused_number_box_scrolls_the_dock(window):
    favor = window.dice_panel.widget.findChild(QWidget, "attack_favor")
    scroller = _scroller(window)
    _focus_elsewhere(window)
    before = favor.value()
    _wheel_over(window, favor)
    assert favor.value() == before
    assert not favor.hasFocus()
    assert scroller.verticalScrollBar().value() > 0


def test_the_wheel_changes_a_drop_down_or_number_box_that_has_the_focus(window):
    panel = window.dice_panel.widget
    target = panel.findChild(QWidget, "target")
    favor = panel.findChild(QWidget, "attack_favor")
    scroller = _scroller(window)
    for box, read in ((target, target.currentIndex), (favor, favor.value)):
        scroller.verticalScrollBar().setValue(0)
        box.setFocus()
        QApplication.processEvents()
        before = read()
        _wheel_over(window, box)
        assert read() != before
        assert scroller.verticalScrollBar().value() == 0


def test_the_event_log_filter_keeps_its_choice_under_the_wheel(window):
    combo = window.event_log.filter_combo
    _focus_elsewhere(window)
    chosen = combo.currentIndex()
    _wheel_over(window, combo)
    assert combo.currentIndex() == chosen


def _bare_inputs(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.relative_to(PACKAGE)}:{node.lineno} {node.func.id}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in BARE_INPUTS
    ]


def test_every_drop_down_and_number_box_of_the_app_keeps_the_wheel_off_without_focus():
    found = [
        place
        for path in sorted((PACKAGE / "ui").rglob("*.py"))
        if path.relative_to(PACKAGE).as_posix() not in EDITORS_ONLY_WHILE_FOCUSED
        for place in _bare_inputs(path)
    ]
    assert found == [], "use ChoiceBox, NumberBox or DecimalBox: the wheel changes these"
