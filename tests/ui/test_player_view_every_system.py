"""The player view of every round system, ``duel`` included, through a fight with a hidden
enemy, an aliased one and a defeated one: nothing hidden reaches any text the players' window
shows (labels, rows, tooltips, accessible names), a hidden combatant's turn has no "Now", the
defeated are dimmed and never next, enemies' points stay hidden with their health, and the
last roll names who rolled, for what and how it went, in the system's words."""

import re

import pytest
from every_system import SYSTEMS
from fight_window import hidden_window
from secret_fight import TURNS, act, keeps_secrets, set_up, story, view_of

from uwr_desktop.core.intents import RollDice

pytestmark = pytest.mark.usefixtures("own_systems_in_module")


@pytest.fixture
def window(qtbot, tmp_path):
    yield from hidden_window(qtbot, tmp_path, seed=5)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_players_see_the_story_and_none_of_the_secrets(window, system):
    lines = set_up(window, system)
    view = view_of(window)
    session = window.document.session
    keeps_secrets(window, view)

    hidden_turns = 0
    for _ in range(TURNS):
        lines += act(window, system)
        hidden_turns += keeps_secrets(window, view)
    assert hidden_turns, "Zyxxa takes a turn the players must not see"
    assert any(re.fullmatch(story(system), line) for line in lines), lines

    session.do(RollDice("vex", "2d10+5"))
    assert re.fullmatch(r"Vex rolls 2d10\+5: \d+", view.roll_line.text())
    session.do(RollDice(None, "1d20"))
    assert re.fullmatch(r"The GM rolls 1d20: \d+", view.roll_line.text())
    keeps_secrets(window, view)
