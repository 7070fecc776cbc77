"""Start Fight, Next Turn, End Round and the dice tray's Roll are greyed exactly when the rules
refuse them: in random play of every registered round system, ``duel`` included, a ruleset's
``round_refusal`` is the very refusal deciding the command (or typed dice) meets, and ``None``
exactly when the rules take it; the window's commands follow it, their keys saying why while
greyed."""

import random

import pytest
from every_system import RANDOM_STEPS, SYSTEMS, fighter, random_play_session, random_step
from fight_window import shown_window
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import (
    AddCombatants,
    EndRound,
    NextTurn,
    RollDice,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side

pytestmark = pytest.mark.usefixtures("own_systems_in_module")

COMMANDS = (StartFight(), NextTurn(), EndRound(), RollDice(None, "2d6"))


def _refused(session: Session, intent: object, seed: int) -> str | None:
    """What deciding ``intent`` now says against it (``None``: the rules take it)."""
    try:
        session.ruleset.decide(session.state, intent, Roller(random.Random(seed)))
    except RulesError as error:
        return str(error)
    return None


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), steps=RANDOM_STEPS)
def test_a_round_command_is_refused_exactly_when_its_refusal_says(ruleset_id, seed, steps):
    session = random_play_session(ruleset_id, seed)
    joined: list[int] = []
    for kind, pick in [("next", 0), *steps]:
        for intent in COMMANDS:
            assert session.ruleset.round_refusal(session.state, intent) == _refused(
                session, intent, seed
            ), (kind, type(intent).__name__)
        try:
            random_step(session, kind, pick, joined)
        except RulesError:
            continue


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=3)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_the_window_greys_each_round_command_with_the_rules_reason(window, qtbot, ruleset_id):
    window.document.new(ruleset_id)
    actions = window.actions_by_key
    start, next_turn = actions["start_fight"], actions["next_turn"]
    fight = make_ruleset(ruleset_id).fight
    assert not start.isEnabled()
    assert start.toolTip() == f"Start Fight: Add combatants before starting {fight} (F5)"
    assert not next_turn.isEnabled()
    assert next_turn.toolTip() == f"Next Turn: Start {fight} first (Ctrl+Return)"
    window.document.do(AddCombatants([fighter(ruleset_id, 1, Side.PLAYER)]))
    assert start.isEnabled() and start.toolTip() == "Roll initiative and begin round 1 (F5)"
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.statusBar().currentMessage() == f"Next Turn: Start {fight} first"
    start.trigger()
    state = window.document.session.state
    assert state.round == 1
    assert not start.isEnabled()
    assert start.toolTip() == (
        f"Start Fight: {fight.capitalize()} has already started (round 1) (F5)"
    )
    assert next_turn.isEnabled()
    actions["undo"].trigger()
    assert start.isEnabled() and not next_turn.isEnabled()
