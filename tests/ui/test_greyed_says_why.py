"""No dead buttons: in random play of every registered round system, ``duel`` included, every
button the GM can see but not press says why in its tooltip (or its group's)."""

import random

import msgspec
import pytest
from every_system import SYSTEMS, fighter
from fight_window import key_on_table, shown_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QToolButton, QWidget

from uwr_desktop.core.intents import AddCombatants, NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets.uwr.intents import Attack
from uwr_desktop.core.sides import Side

pytestmark = pytest.mark.usefixtures("own_systems_in_module")

STEPS = 60


def _says_why(button: QWidget, window: QWidget) -> bool:
    widget: QWidget | None = button
    while widget is not None and widget is not window:
        if widget.toolTip():
            return True
        widget = widget.parentWidget()
    return False


def unexplained(window) -> list[str]:
    """The buttons shown greyed with no tooltip to say why."""
    return [
        f"{type(button).__name__} {button.objectName() or button.text()!r}"
        for kind in (QPushButton, QToolButton)
        for button in window.findChildren(kind)
        if button.isVisibleTo(window) and not button.isEnabled() and not _says_why(button, window)
    ]


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=5)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_every_greyed_button_says_why(window, qtbot, ruleset_id):
    window.document.new(ruleset_id)
    assert unexplained(window) == [], "an empty fight"
    roster = [fighter(ruleset_id, n, Side.PLAYER if n < 2 else Side.ENEMY) for n in range(4)]
    window.do(AddCombatants(roster))
    assert unexplained(window) == [], "before the fight starts"
    rng = random.Random(ruleset_id)
    for step in range(STEPS):
        session = window.document.session
        state = session.state
        kind = rng.choice(("next", "legal", "legal", "legal", "undo"))
        options = [o for cid in state.rows for o in session.ruleset.legal_intents(state, cid)]
        if kind == "undo" and session.can_undo:
            window.actions_by_key["undo"].trigger()
        elif kind == "legal" and options:
            window.do(rng.choice(options).intent)
        else:
            try:
                window.document.do(NextTurn() if state.round else StartFight())
            except RulesError:
                continue
        qtbot.wait(1)
        assert unexplained(window) == [], f"step {step}: {kind}"


def _tips_of_greyed(window) -> dict[str, str]:
    """The greyed buttons shown in the Dice dock, by name (or text), with their own tooltips."""
    panel = window.dice_panel.widget
    return {
        button.objectName() or button.text(): button.toolTip()
        for kind in (QPushButton, QToolButton)
        for button in panel.findChildren(kind)
        if button.isVisibleTo(window) and not button.isEnabled()
    }


def test_resolve_greyed_says_no_check_waits_and_f8_repeats_it(window, qtbot):
    window.document.new("uwr")
    window.do(AddCombatants([fighter("uwr", 0, Side.PLAYER), fighter("uwr", 1, Side.ENEMY)]))
    window.do(StartFight())
    assert _tips_of_greyed(window)["resolveButton"] == "No check is waiting to be resolved"
    window.statusBar().clearMessage()
    key_on_table(qtbot, window, Qt.Key.Key_F8)
    assert window.statusBar().currentMessage() == (
        "Resolve is not possible now: No check is waiting to be resolved"
    )
    attacker = window.document.session.state.current
    target = "f1" if attacker == "f0" else "f0"
    window.do(Attack(attacker, 0, target))
    resolve = window.dice_panel.widget.findChild(QPushButton, "resolveButton")
    assert resolve.isEnabled()
    assert resolve.toolTip() == "Make the pending roll final"


def test_the_hands_panels_greyed_next_turn_and_pips_say_why(window, qtbot):
    window.document.new("hands")
    roster = [fighter("hands", n, Side.PLAYER if n == 0 else Side.ENEMY) for n in range(2)]
    roster[0] = msgspec.structs.replace(
        roster[0], sheet=msgspec.structs.replace(roster[0].sheet, strength_bonus=3, carry_plan=1)
    )
    window.do(AddCombatants(roster))
    assert _tips_of_greyed(window)["handsNextTurn"] == "Start the fight first"
    window.do(StartFight())
    qtbot.wait(1)
    assert "handsNextTurn" not in _tips_of_greyed(window)
    assert _tips_of_greyed(window)["pip:f0:ready:1"] == (
        "ready point 1: spent from turn 1 on (the carry-over turn moves with carry-over points "
        "only)"
    )
    window.do(NextTurn())
    qtbot.wait(1)
    assert _tips_of_greyed(window)["pip:f0:carry-over:1"] == (
        "carry-over point 1: stays in place (only the carry-over turn moves with it)"
    )
