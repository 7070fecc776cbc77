"""Upkeep's stun rule when stuns of different rounds meet (RULES.md section 3): the stun
effects together lose 1 round, taken from the most severe first, but only if the combatant had
spent fewer than 2 AP in the round before the stun hit it; a stun from an earlier round always
ticks down, even when a new stun hit late this round."""

from msgspec.structs import replace
from tactical_fights import fighter, tactical_session

from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import AddCondition, EndRound, NextTurn, StartFight
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.rulesets.tactical.sheet import RoundState
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.rulesets.tactical.upkeep import combatant_upkeep
from uwr_desktop.core.session import Session


def conditions(session: Session) -> dict[str, int | None]:
    return {c.name: c.rounds for c in session.state.combatants["a"].conditions}


def round_two_hit_late(earlier: Condition, late: Condition) -> Session:
    """A (base 15) carries ``earlier`` into round 2, dodges on 35 there and takes ``late`` on
    15, after 4 AP spent; round 2's upkeep follows."""
    session = tactical_session([fighter("a")], [7, 8])
    session.do(StartFight())
    session.do(AddCondition(["a"], earlier))
    session.do(EndRound())
    session.do(NextTurn())
    assert session.state.round == 2
    session.do(NextTurn())
    session.do(TacticalDeclare("a", "Dodge"))
    while part_of(session.state).count != 15:
        session.do(NextTurn())
    session.do(AddCondition(["a"], late))
    session.do(TacticalResolve())
    session.do(EndRound())
    assert session.state.phase == Phase.UPKEEP
    return session


def test_a_stun_from_an_earlier_round_ticks_though_a_new_one_hit_after_two_ap():
    session = round_two_hit_late(Condition("Stunned", 3), Condition("Dazed", 1))
    # Round 1 took Stunned to 2; round 2 takes it to 1, and the late Dazed stays.
    assert conditions(session) == {"Stunned": 1, "Dazed": 1}


def test_a_late_stun_more_severe_than_the_earlier_one_leaves_the_round_to_the_earlier():
    late = Condition("Stunned and unable to parry", 2)
    session = round_two_hit_late(Condition("Dazed", 3), late)
    assert conditions(session) == {"Dazed": 1, "Stunned and unable to parry": 2}


def test_a_stun_replaced_late_this_round_is_a_new_stun_and_does_not_tick():
    session = round_two_hit_late(Condition("Stunned", 3), Condition("Stunned", 2))
    assert conditions(session) == {"Stunned": 2}
    last = session.describe_entry(len(session.entries) - 1)
    assert "A stun does not tick (2 AP or more spent before it)" in last


def test_a_round_an_earlier_version_saved_without_late_stun_names_keeps_its_reading():
    now = RoundState(ap=0, spent=4, stun_spent=4)
    combatant = replace(
        fighter("a", now=now),
        conditions=(Condition("Stunned", 3), Condition("Dazed", 1)),
    )
    update = combatant_upkeep(combatant)
    assert update is not None
    assert {c.name: c.rounds for c in update.combatant.conditions} == {"Stunned": 3, "Dazed": 1}


def test_staggered_after_exactly_two_ap_spent_stays_until_the_next_upkeep():
    """Staggered hitting once 2 AP are spent is not removed at that round's upkeep."""
    session = tactical_session([fighter("a")], [7, 8])  # base 15: first count 35
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("a", "Melee attack", ap=2))
    while part_of(session.state).count != 25:
        session.do(NextTurn())
    session.do(TacticalResolve())
    session.do(AddCondition(["a"], Condition("Staggered")))
    session.do(EndRound())
    assert session.state.phase == Phase.UPKEEP
    assert conditions(session) == {"Staggered": None}
    session.do(NextTurn())
    session.do(EndRound())
    assert conditions(session) == {}
    assert session.describe_entry(len(session.entries) - 1)[1] == "A Staggered ends"
