"""No dead buttons: in random play of every registered round system, ``duel`` included, every
button the GM can see but not press says why in its tooltip (or its group's)."""

import random

import pytest
from every_system import SYSTEMS, fighter
from fight_window import shown_window
from PySide6.QtWidgets import QPushButton, QToolButton, QWidget

from uwr_desktop.core.intents import AddCombatants, NextTurn, RulesError, StartFight
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
