"""Each round system says whose turn it is and who comes next ("Now" and "Next" on the
player view), as its own rules would call them."""

import random

import pytest
from hands_fighters import fighter as hands_fighter
from hands_fighters import session as hands_session
from tactical_fights import fighter as tactical_fighter
from tactical_fights import tactical_session
from test_rollkeep_rules import trio
from uwr_sheets import uwr_combatant

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import AddCondition, ApplyDamage, NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.rulesets.hands.intents import HandsSpend
from uwr_desktop.core.rulesets.rollkeep.intents import RollkeepActNow, RollkeepDelay
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def turn(session: Session) -> TurnNow:
    return session.ruleset.turn_now(session.state)


def uwr_fight(seed: int) -> Session:
    roster = [
        uwr_combatant(id=cid, name=cid.title(), side=side)
        for cid, side in (("ana", Side.PLAYER), ("bo", Side.PLAYER), ("orc", Side.ENEMY))
    ]
    return Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(seed)))


def test_before_the_fight_nobody_acts_and_nobody_is_next_in_any_system():
    for session in (
        uwr_fight(1),
        hands_session(hands_fighter("ana", 3)),
        tactical_session([tactical_fighter("a")], []),
    ):
        assert turn(session) == TurnNow()


@pytest.mark.parametrize("seed", range(5))
def test_uwr_next_turn_goes_to_whoever_was_named_next_and_the_down_are_skipped(seed):
    session = uwr_fight(seed)
    session.do(StartFight())
    first, *rest = session.state.order
    assert turn(session) == TurnNow((first,), tuple(rest))
    session.do(ApplyDamage((rest[0],), 999))
    assert turn(session) == TurnNow((first,), (rest[1],))
    session.do(NextTurn())
    assert turn(session) == TurnNow((rest[1],), ())
    session.do(NextTurn())  # the round ends: everyone able again, in the new order
    now = turn(session)
    assert now.acting == (session.state.current,)
    assert rest[0] not in now.acting + now.upcoming


def test_rollkeep_names_a_delayer_next_after_every_turn_taken_but_not_after_a_pass():
    session, _ = trio()
    assert turn(session) == TurnNow(("a",), ("b", "c"))
    session.do(RollkeepDelay("a"))
    assert turn(session) == TurnNow(("b",), ("a", "c"))
    session.do(NextTurn())  # b's turn taken: a is offered its turn
    assert turn(session) == TurnNow(("a",), ("c",))
    session.do(NextTurn())  # a passes the offer: c acts, then a is offered again
    assert turn(session) == TurnNow(("c",), ("a",))
    session.do(NextTurn())
    assert turn(session) == TurnNow(("a",), ())
    session.do(RollkeepActNow("a"))
    session.do(NextTurn())  # round 2, by score
    assert turn(session) == TurnNow(("a",), ("b", "c"))


def test_tactical_names_who_acts_on_the_count_and_who_arrives_at_the_later_stops():
    # A rolls 9 + 9 = 18 (actual 38), B 2 + 3 + 1 = 6 (actual 26).
    session = tactical_session(
        [tactical_fighter("a"), tactical_fighter("b", quickness=1)], [9, 9, 2, 3]
    )
    session.do(StartFight())
    # Before the countdown: its top first.
    assert turn(session) == TurnNow((), ("a", "b"), waiting_for="Parries, then the countdown")
    assert session.ruleset.turn_step(session.state) == "declaring"
    session.do(NextTurn())
    assert turn(session) == TurnNow(("a",), ("b",))
    session.do(TacticalDeclare("a", "Dodge"))  # 4 AP: resolves on 18
    assert turn(session) == TurnNow((), ("b", "a"), waiting_for="Nobody acts on count 38")
    session.do(NextTurn())  # count 26: B may declare
    assert session.ruleset.turn_step(session.state) == "count 26"
    assert turn(session) == TurnNow(("b",), ("a",))
    session.do(NextTurn())  # B waits: count 21
    session.do(NextTurn())  # count 18: A's Dodge resolves, B (still waiting) may declare
    assert turn(session) == TurnNow(("a", "b"), ())
    with pytest.raises(RulesError, match="Resolve A's Dodge first"):
        session.do(NextTurn())
    session.do(TacticalResolve())
    assert turn(session) == TurnNow(("b",), ())


def test_hands_names_those_with_points_left_in_this_turns_order_then_the_next_turn():
    fight = hands_session(hands_fighter("ana", 6), hands_fighter("bo", 5), hands_fighter("cy", 1))
    fight.do(StartFight())
    assert turn(fight) == TurnNow(("ana",), ("bo", "cy"), ("ana", "bo", "cy"))
    fight.do(HandsSpend("ana", 3))
    fight.do(HandsSpend("bo", 5))
    assert turn(fight) == TurnNow(("cy",), (), ("ana", "cy"))
    fight.do(HandsSpend("cy", 1))
    # Everyone has declared: Ana's 3 points left make a second turn.
    assert turn(fight) == TurnNow((), (), ("ana",), "Turn 1: all declared")
    fight.do(NextTurn())  # only Ana has points left
    assert turn(fight) == TurnNow(("ana",), (), ("ana",))
    fight.do(HandsSpend("ana", 3))
    # Nobody has points left: the round ends next.
    assert turn(fight) == TurnNow((), (), (), "Turn 2: all declared")


def test_hands_never_names_one_marked_defeated_mid_turn_as_next():
    fight = hands_session(hands_fighter("ana", 6), hands_fighter("bo", 5), hands_fighter("cy", 4))
    fight.do(StartFight())
    assert turn(fight) == TurnNow(("ana",), ("bo", "cy"), ("ana", "bo", "cy"))
    fight.do(AddCondition(("bo",), Condition("Defeated")))
    assert turn(fight) == TurnNow(("ana",), ("cy",), ("ana", "cy"))


def test_tactical_never_names_one_marked_defeated_as_arriving():
    # A rolls 9 + 9 = 18 (actual 38), B 2 + 3 = 5 (actual 25).
    session = tactical_session([tactical_fighter("a"), tactical_fighter("b")], [9, 9, 2, 3])
    session.do(StartFight())
    before = "Parries, then the countdown"
    assert turn(session) == TurnNow((), ("a", "b"), waiting_for=before)
    session.do(AddCondition(("b",), Condition("Defeated")))
    assert turn(session) == TurnNow((), ("a",), waiting_for=before)


def test_tactical_says_where_the_round_stands_when_nobody_acts():
    # A rolls 9 + 9 = 18 (actual 38), B 2 + 3 + 1 = 6 (actual 26); neither declares.
    session = tactical_session(
        [tactical_fighter("a"), tactical_fighter("b", quickness=1)], [9, 9, 2, 3]
    )
    session.do(StartFight())
    assert turn(session).waiting_for == "Parries, then the countdown"
    session.do(NextTurn())
    while session.state.phase != "upkeep":
        assert turn(session).acting, "a count the countdown stops on has someone on it"
        assert turn(session).waiting_for == ""
        session.do(NextTurn())
    assert turn(session) == TurnNow(waiting_for="Upkeep done")
    session.do(NextTurn())
    assert session.state.round == 2
    assert turn(session).waiting_for == "Parries, then the countdown"
