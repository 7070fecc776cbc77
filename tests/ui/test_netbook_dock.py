"""On a 1024x600 netbook the window is maximized and a first start gives the Dice dock its
share of the screen: every round system's panel fits in it whole, nothing in it scrolls
sideways, in its widest states too (a typed penalty and an opposed check in uwr, the ambush
before a rollkeep skirmish, a busy hands turn)."""

import pytest
from every_system import SYSTEMS, fighter
from fight_window import shown_window
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.rulesets.hands.intents import HandsSetSurprise, HandsSpend
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel
from uwr_desktop.ui.theme import apply_theme
from uwr_desktop.ui.window.layout import DICE_PANEL_CHARS, first_dice_dock_width
from uwr_desktop.ui.window.main_window import MainWindow

NETBOOK_WIDTH = 1024


@pytest.fixture
def window(themed_app, with_own_systems, qtbot, tmp_path):
    apply_theme(themed_app)
    yield from shown_window(qtbot, tmp_path, seed=5)


def netbook_dock_width(window: MainWindow) -> int:
    """The Dice dock's width on a first start, maximized on a 1024-pixel-wide screen."""
    estimate = DICE_PANEL_CHARS * window.fontMetrics().averageCharWidth()
    return first_dice_dock_width(NETBOOK_WIDTH, estimate)


def test_on_a_netbook_the_first_start_gives_the_dock_all_the_width_the_widest_panel_needs(window):
    chars = window.fontMetrics().averageCharWidth()
    assert netbook_dock_width(window) == DICE_PANEL_CHARS * chars


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_every_round_system_s_started_fight_fits_the_netbook_s_dock(window, qtbot, ruleset_id):
    roster = [fighter(ruleset_id, n, Side.PLAYER if n < 3 else Side.ENEMY) for n in (1, 2, 3, 4)]
    window.document.new(ruleset_id, roster)
    window.document.session.do(StartFight())
    qtbot.wait(1)
    assert window.dice_dock.panel_width() <= netbook_dock_width(window)


def test_a_uwr_penalty_and_an_opposed_check_keep_the_panel_within_the_netbook_s_dock(window, qtbot):
    roster = [fighter("uwr", n, Side.PLAYER if n < 3 else Side.ENEMY) for n in (1, 2, 3, 4)]
    window.document.new("uwr", roster)
    form = window.findChild(CheckPanel).form
    narrow = window.dice_dock.panel_width()
    form.extra_dice.setValue(-2)
    qtbot.wait(1)
    below_one = window.findChild(QCheckBox, "checkBelowOne")
    assert below_one.isVisible()
    assert window.dice_dock.panel_width() == narrow  # the choice has a line of its own
    form.against.setCurrentIndex(form.against.findData("opposed"))
    qtbot.wait(1)
    assert form.reaction_dice.isVisible()
    assert window.dice_dock.panel_width() <= netbook_dock_width(window)


def test_the_rollkeep_ambush_fits_the_netbook_s_dock_before_the_skirmish(window, qtbot):
    roster = [fighter("rollkeep", n, Side.PLAYER if n < 3 else Side.ENEMY) for n in (1, 2, 3)]
    window.document.new("rollkeep", roster)
    qtbot.wait(1)
    ambush = window.findChild(QGroupBox, "rollkeepAmbushBox")
    assert ambush.isVisible()
    assert window.dice_dock.panel_width() <= netbook_dock_width(window)


def hands_fighter(cid: str, name: str, side: Side, points: int, weapon: HandsWeapon) -> Combatant:
    return Combatant(
        id=cid,
        name=name,
        side=side,
        sheet=HandsSheet(max_points=points, weapons=(weapon,)),
    )


def test_a_busy_hands_turn_fits_the_netbook_s_dock(window, qtbot):
    window.document.new(
        "hands",
        [
            hands_fighter("ana", "Ana", Side.PLAYER, 5, HandsWeapon(name="Short sword", reach=1)),
            hands_fighter(
                "vex", "Vex", Side.PLAYER, 4, HandsWeapon(name="Longbow", reach=60, missile=True)
            ),
            hands_fighter("brute", "Brute", Side.ENEMY, 6, HandsWeapon(name="Halberd", reach=3)),
            hands_fighter("gob", "Goblin", Side.ENEMY, 3, HandsWeapon(name="Spear", reach=2)),
        ],
    )
    session = window.document.session
    session.do(StartFight())
    session.do(NextTurn())
    session.do(HandsSpend("brute", 2, weapon=0, note="halberd sweep", target="ana"))
    session.do(HandsSpend("ana", 2, opposes=0, note="parry the haft"))
    session.do(NextTurn())
    session.do(HandsSetSurprise("gob"))
    session.do(HandsSpend("gob", 1, weapon=0, note="slips behind Vex", target="vex"))
    qtbot.wait(1)
    outreached = [label for label in window.findChildren(QLabel) if "outreached" in label.text()]
    assert outreached and outreached[0].isVisible()
    assert window.dice_dock.panel_width() <= netbook_dock_width(window)
