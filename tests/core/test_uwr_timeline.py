"""The uwr timeline: an order axis, positions in turn order, and what a drag means."""

import random

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import EditCell, MoveInOrder, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import AxisKind


def started():
    roster = (
        Combatant(id="ana", name="Ana", side=Side.PLAYER, sheet=UwrSheet()),
        Combatant(id="gob", name="Goblin", sheet=UwrSheet()),
        Combatant(id="orc", name="Orc", sheet=UwrSheet()),
    )
    session = Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(3)))
    session.do(StartFight())
    for cid, value in (("ana", 20), ("gob", 10), ("orc", 5)):
        session.do(EditCell(cid, "initiative", value))
    return session


def test_the_axis_is_the_turn_order_and_positions_count_from_the_first():
    session = started()
    ruleset, state = session.ruleset, session.state
    axis = ruleset.timeline_axis(state)
    assert axis.kind is AxisKind.ORDER
    assert axis.title == "Turn order"
    slots = ruleset.timeline(state)
    assert [(s.key, s.position, s.span_end) for s in slots] == [
        ("ana", 0, None),
        ("gob", 1, None),
        ("orc", 2, None),
    ]


def test_a_drag_answer_names_the_move_and_keeps_the_roll():
    session = started()
    ruleset, state = session.ruleset, session.state
    rolled = state.combatants["gob"].sheet.initiative.rolled
    answer = ruleset.drag_answer(state, "gob", 0)
    assert answer.intent == MoveInOrder("gob", 0)
    assert answer.text == (
        f"Move Goblin before Ana: manual order, initiative 10 (rolled {rolled}) kept"
    )
    last = ruleset.drag_answer(state, "ana", 2)
    assert last.intent == MoveInOrder("ana", 2)
    assert last.text.startswith("Move Ana to the end, after Orc: manual order")
    session.do(answer.intent)
    assert session.state.order == ("gob", "ana", "orc")
    assert session.state.combatants["gob"].sheet.initiative.rolled == rolled


def test_a_drop_where_the_card_already_stands_is_no_change():
    session = started()
    ruleset, state = session.ruleset, session.state
    for key, index in (("gob", 1), ("ana", 0), ("orc", 2), ("orc", 99), ("ghost", 0)):
        answer = ruleset.drag_answer(state, key, index)
        assert (answer.intent, answer.text) == (None, "No change")


def test_a_drag_before_the_fight_says_no_initiative_is_rolled():
    roster = (
        Combatant(id="a", name="Ana", sheet=UwrSheet()),
        Combatant(id="b", name="Bo", sheet=UwrSheet()),
    )
    session = Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(1)))
    answer = session.ruleset.drag_answer(session.state, "b", 0)
    assert answer.text == "Move Bo before Ana: manual order, no initiative rolled yet"
