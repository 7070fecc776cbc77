"""The main window on a small laptop screen: it fits, and the dice tray scrolls to the dice."""

import random

import pytest
from every_system import sheet_for
from PySide6.QtCore import QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import QScrollArea, QToolBar

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, StartFight
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.file_commands import FileCommands
from uwr_desktop.ui.window.layout import (
    DICE_DOCK_MAX_SHARE,
    fills_the_screen,
    first_dice_dock_width,
    first_start_geometry,
)
from uwr_desktop.ui.window.main_window import MainWindow

LAPTOP = QRect(0, 0, 1366, 728)  # a 1366x768 screen less its task bar


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(FileCommands, "maybe_save", lambda self: True)
    store = JournalStore(tmp_path / "journal.sqlite3")
    document = EncounterDocument(store, roller=Roller(random.Random(3)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main
    main.statusBar().clearMessage()
    document.close()
    store.close()


def test_the_window_can_shrink_to_a_small_laptop_screen(window):
    needed = window.minimumSizeHint()
    assert needed.width() <= LAPTOP.width()
    assert needed.height() <= LAPTOP.height() - 40, "room for the title bar"


def test_the_first_window_fits_the_screen_it_opens_on(window):
    available = window.screen().availableGeometry()
    assert available.contains(window.geometry())
    assert window.normalGeometry() == first_start_geometry(available)


@pytest.mark.parametrize(
    ("available", "full"),
    [(LAPTOP, True), (QRect(0, 0, 1920, 1040), False), (QRect(0, 0, 1600, 860), True)],
)
def test_a_first_start_fills_a_screen_smaller_than_the_usual_window(available, full):
    assert fills_the_screen(available) is full


def test_on_the_laptop_the_first_window_is_maximized(window):
    window.layout_keeper.place_first(LAPTOP)
    assert window.isMaximized()
    window.showNormal()
    assert window.geometry() == first_start_geometry(LAPTOP), "unmaximized: 90% of it, centred"


@pytest.mark.parametrize(
    ("window_width", "tray_width", "dock_width"),
    [
        (1229, 610, 610),  # a laptop: the tray gets its own width
        (1400, 610, 610),
        (2400, 610, 792),  # a wide screen: a third of the window
        (720, 610, 396),  # a tiny screen: the table keeps nearly half
    ],
)
def test_the_first_dice_dock_width(window_width, tray_width, dock_width):
    assert first_dice_dock_width(window_width, tray_width) == dock_width


def test_the_tray_fits_its_dock_on_first_start_where_there_is_room(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "first.ini"), QSettings.Format.IniFormat)
    main = MainWindow(EncounterDocument(None), settings)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    scroller = main.dice_dock.findChild(QScrollArea, "diceScroller")
    tray_width = main.dice_panel.widget.minimumSizeHint().width()
    if main.width() * DICE_DOCK_MAX_SHARE >= tray_width + scroller.verticalScrollBar().width():
        assert scroller.viewport().width() >= tray_width
    else:
        assert main.dice_dock.width() <= main.width() * DICE_DOCK_MAX_SHARE + 1


def test_a_roll_scrolls_the_dice_into_view_in_a_short_window(qtbot, window):
    window.resize(QSize(1100, 480))
    scroller = window.dice_dock.findChild(QScrollArea, "diceScroller")
    tray = window.dice_tray
    qtbot.waitUntil(lambda: scroller.verticalScrollBar().maximum() > 0)
    scroller.verticalScrollBar().setValue(0)
    tray.set_reduce_motion(True)
    qtbot.keyClicks(tray.notation, "6d6")
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert len(tray.view.dice()) == 6
    qtbot.waitUntil(lambda: scroller.verticalScrollBar().value() > 0)  # once the panel is laid out
    viewport = scroller.viewport().rect()
    for widget in (tray.view, tray.banner):
        placed = QRect(widget.mapTo(scroller.viewport(), QPoint(0, 0)), widget.size())
        assert viewport.intersects(placed), widget.objectName()
    assert tray.banner.text()
    assert scroller.verticalScrollBar().value() > 0


@pytest.mark.parametrize("size", [QSize(1229, 655), QSize(1400, 900)], ids=["1366x768", "1400x900"])
def test_the_turn_commands_stay_on_the_toolbar_whatever_undo_would_take_back(qtbot, window, size):
    from uwr_desktop.core.encounter import Combatant
    from uwr_desktop.core.intents import AddCombatants
    from uwr_desktop.core.limits import MAX_NAME_LENGTH
    from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet

    window.showNormal()
    window.resize(size)
    longest = "W" * MAX_NAME_LENGTH
    window.do(AddCombatants([Combatant(id="w", name=longest, sheet=UwrSheet())]))
    qtbot.wait(100)  # the toolbar lays out the new label
    undo = window.actions_by_key["undo"]
    assert longest in undo.text() and longest in undo.toolTip()
    toolbar = window.findChild(QToolBar, "mainToolBar")
    for key in ("start_fight", "next_turn", "end_round", "undo", "redo"):
        button = toolbar.widgetForAction(window.actions_by_key[key])
        assert button.isVisible(), f"{key} fell into the toolbar's overflow"
        assert toolbar.rect().contains(button.geometry())
    assert toolbar.widgetForAction(undo).width() < 80, "Undo shows its icon, not its long label"


def test_on_a_narrow_window_the_header_still_names_who_acts(qtbot, window):
    name = "Captain Aldric Vane of the Silver Lantern Company"
    roster = [Combatant(id="vane", name=name, side=Side.ENEMY, sheet=sheet_for("uwr"))]
    window.do(AddCombatants(roster))
    window.do(StartFight())
    window.resize(window.minimumSizeHint().width(), 600)
    qtbot.wait(20)
    shown = window.turn_header.actor_label.shown_text()
    assert shown.endswith("…"), "the name keeps the room the verb gave up"
    assert len(shown) >= 5 and name.startswith(shown[:-1]), shown


def test_on_a_narrow_window_the_header_keeps_the_acting_copy_s_number(qtbot, window):
    names = [f"Bandit Captain of the Silver Lantern Company {n}" for n in (1, 2)]
    roster = [
        Combatant(id=f"b{n}", name=name, side=Side.ENEMY, sheet=sheet_for("uwr"))
        for n, name in enumerate(names)
    ]
    window.do(AddCombatants(roster))
    window.do(StartFight())
    window.resize(window.minimumSizeHint().width(), 600)
    qtbot.wait(20)
    state = window.document.session.state
    number = state.combatants[state.current].name.rsplit(" ", 1)[1]
    shown = window.turn_header.actor_label.shown_text()
    assert shown.startswith("Ban") and shown.endswith(f"… {number}"), shown
    assert window.turn_header.actor_label.text() == f"{state.combatants[state.current].name} acts"
    qtbot.waitUntil(lambda: not window.timeline.is_animating(), timeout=2000)
