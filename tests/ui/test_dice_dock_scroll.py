"""The Dice dock on a 1366x768 laptop during a uwr attack: nothing is cut at its right, a roll
never scrolls away the inputs the GM works with, and after the hit both the attack inputs and the
"Apply N damage" offer are in view. A rollkeep turn offered back to a delayer, the panel at its
tallest, and a busy hands turn of four in the first-start window need no scrolling at all."""

import random

import pytest
from every_system import fighter
from PySide6.QtCore import QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget
from test_netbook_dock import hands_fighter

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.rulesets.hands.intents import HandsSetSurprise, HandsSpend
from uwr_desktop.core.rulesets.hands.sheet import HandsWeapon
from uwr_desktop.core.rulesets.rollkeep.decide import offered
from uwr_desktop.core.rulesets.rollkeep.intents import RollkeepDelay
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.layout import first_dice_dock_width
from uwr_desktop.ui.window.main_window import MainWindow

FIRST_START_WINDOW = QSize(1229, 655)
"""The first-start window on a 1366x768 screen less its task bar (see test_small_screen.py)."""

MAXIMISED_WINDOW = QSize(1366, 768)


def _laptop_window(qtbot, tmp_path, size: QSize) -> MainWindow:
    """The sample fight, its dock as wide as the first start makes it (before any attack)."""
    document = EncounterDocument(None, roller=Roller(random.Random(5)))
    document.open_copy(resource_path("samples", "sample-fight.uwr"), "Sample fight")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.actions_by_key["reduce_motion"].setChecked(True)
    main.showNormal()  # the offscreen screen is small: a first start would fill it
    main.resize(size)
    qtbot.waitExposed(main)
    scroller = _scroller(main)
    wanted = first_dice_dock_width(
        main.width(),
        main.dice_panel.widget.minimumSizeHint().width()
        + scroller.verticalScrollBar().sizeHint().width(),
    )
    main.resizeDocks([main.dice_dock], [wanted], Qt.Orientation.Horizontal)
    qtbot.wait(20)
    return main


def _scroller(window: MainWindow) -> QScrollArea:
    return window.dice_dock.findChild(QScrollArea, "diceScroller")


def _out_of_view(window: MainWindow, *widgets: QWidget) -> list[str]:
    """The accessible names (or texts) of the widgets not wholly in the dock's viewport."""
    viewport = _scroller(window).viewport()
    return [
        widget.accessibleName() or getattr(widget, "text", lambda: "")() or widget.objectName()
        for widget in widgets
        if not widget.isVisible()
        or not viewport.rect().contains(QRect(widget.mapTo(viewport, QPoint()), widget.size()))
    ]


def _nothing_cut(window: MainWindow) -> None:
    scroller = _scroller(window)
    panel = window.dice_panel.widget
    top = scroller.verticalScrollBar().value()
    for widget in panel.findChildren(QWidget):
        inner = widget.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if widget.isVisible() and not any(child.isVisible() for child in inner):
            y = widget.mapTo(panel, QPoint()).y()
            name = widget.objectName() or getattr(widget, "text", lambda: "")()
            assert not y < top < y + widget.height(), f"{name} cut at the top"
    assert scroller.horizontalScrollBar().maximum() == 0, "the panel scrolls sideways"
    for label in window.dice_panel.widget.findChildren(QLabel):
        if label.isVisible() and label.text() and not label.wordWrap():
            assert label.width() >= label.sizeHint().width(), f"{label.text()!r} is cut"


@pytest.mark.parametrize(
    "size", [FIRST_START_WINDOW, MAXIMISED_WINDOW], ids=["first-start", "maximised"]
)
def test_an_attack_keeps_the_inputs_in_use_out_of_view(qtbot, tmp_path, size):
    window = _laptop_window(qtbot, tmp_path, size)
    attack = window.dice_panel.widget.attack
    hit = window.dice_panel.widget.apply_hit
    bar = _scroller(window).verticalScrollBar()
    assert attack.attacker.currentText() == "Bandit Captain"
    assert attack.target.currentText() == "Vex"
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(attack.reaction.isVisible)
    qtbot.wait(20)  # the dock scrolls once the panel has shown the reaction's rows
    assert (
        _out_of_view(
            window,
            attack.status,
            attack.reaction.dodge_button,
            attack.reaction.no_reaction_button,
            attack.reaction.favor,
            attack.reaction.dice,
            attack.resolve_button,
        )
        == []
    )
    _nothing_cut(window)

    bar.setValue(bar.maximum())  # the GM scrolled down to look at the dice
    qtbot.mouseClick(attack.reaction.no_reaction_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(hit.isVisible)
    assert "Vex" in hit.button.text()
    qtbot.waitUntil(lambda: _out_of_view(window, attack.attacker) == [], timeout=1000)
    assert (
        _out_of_view(
            window,
            attack.attacker,
            attack.weapon,
            attack.target,
            attack.favor,
            attack.extra_dice,
            attack.attack_button,
            hit.amount,
            hit.button,
        )
        == []
    )
    _nothing_cut(window)
    window.document.close()


def test_a_roll_for_nobody_after_a_hit_still_brings_its_dice_into_view(qtbot, tmp_path):
    window = _laptop_window(qtbot, tmp_path, QSize(FIRST_START_WINDOW.width(), 480))
    attack = window.dice_panel.widget.attack
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(attack.reaction.no_reaction_button, Qt.MouseButton.LeftButton)
    bar = _scroller(window).verticalScrollBar()
    qtbot.waitUntil(lambda: window.dice_panel.widget.apply_hit.isVisible() and bar.value() < 20)
    tray = window.dice_tray
    tray.combatant.setCurrentIndex(0)
    qtbot.keyClicks(tray.notation, "6d6")
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _out_of_view(window, tray.view) == [])
    assert len(tray.view.dice()) == 6
    assert bar.value() > 0, "the dice lie below the fold of the dock"
    window.document.close()


def test_a_rollkeep_delayed_turn_offered_fits_the_laptop_s_dock_whole(qtbot, tmp_path):
    window = _laptop_window(qtbot, tmp_path, MAXIMISED_WINDOW)
    sides = (Side.PLAYER, Side.PLAYER, Side.ENEMY, Side.ENEMY)
    window.document.new("rollkeep", [fighter("rollkeep", n, side) for n, side in enumerate(sides)])
    session = window.document.session
    session.do(StartFight())
    first = session.state.current
    session.do(RollkeepDelay(first))
    second = session.state.current
    session.do(RollkeepDelay(second))
    session.do(NextTurn())
    qtbot.wait(20)
    panel = window.dice_panel.widget
    offer = (panel.keep_waiting, panel.forfeit, *panel.act_now_buttons.values())
    assert offered(session.state) == first
    assert all(button.isVisible() for button in offer)
    assert _scroller(window).verticalScrollBar().maximum() == 0, "the GM scrolls the dock"
    tray = window.dice_tray
    assert _out_of_view(window, *offer, panel.attack, tray.notation, tray.roll_button) == []
    window.document.close()


BOW = HandsWeapon(name="Bow", reach=60, missile=True)


def test_a_busy_hands_turn_of_four_fits_the_laptop_s_first_start_dock_whole(qtbot, tmp_path):
    window = _laptop_window(qtbot, tmp_path, FIRST_START_WINDOW)
    window.document.new(
        "hands",
        [
            hands_fighter("ana", "Ana", Side.PLAYER, 5, HandsWeapon(name="Short sword", reach=1)),
            hands_fighter("vex", "Vex", Side.PLAYER, 4, BOW),
            hands_fighter("brute", "Brute", Side.ENEMY, 6, HandsWeapon(name="Halberd", reach=3)),
            hands_fighter("gob", "Goblin", Side.ENEMY, 3, HandsWeapon(name="Spear", reach=2)),
        ],
    )
    session = window.document.session
    session.do(StartFight())
    session.do(NextTurn())
    session.do(HandsSpend("brute", 2, weapon=0, target="ana"))
    session.do(NextTurn())
    session.do(HandsSetSurprise("gob"))
    session.do(HandsSpend("gob", 1, weapon=0, target="vex"))
    qtbot.wait(20)
    dock = window.dice_dock
    window.resizeDocks([dock], [dock.panel_width()], Qt.Orientation.Horizontal)
    qtbot.wait(20)
    panel = window.dice_panel.widget
    outreached = [label for label in panel.findChildren(QLabel) if "outreached" in label.text()]
    assert outreached and outreached[0].isVisible()
    assert _scroller(window).verticalScrollBar().maximum() == 0, "the GM scrolls the dock"
    tray = window.dice_tray
    assert _out_of_view(window, panel.next_turn, *panel.spend_buttons, tray.roll_button) == []
    window.document.close()
