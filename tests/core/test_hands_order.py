"""Who declares first in ``hands``, re-decided at every turn: each link of the chain in a
test of its own (surprise, most points, reach and its close-quarters and missile exceptions,
the action's bonus, the roll-off rerolled until no tie)."""

import pytest
from hands_fighters import ScriptedDice, declare_order, fighter, session

from uwr_desktop.core.intents import (
    AddCombatants,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets.hands.events import RollOff
from uwr_desktop.core.rulesets.hands.intents import (
    HandsSetClose,
    HandsSetSurprise,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.state import Reason, part_of
from uwr_desktop.core.sides import Side


def reasons(fight):
    return {place.combatant_id: place.reason for place in part_of(fight.state).places}


def test_most_ready_points_declare_first():
    fight = session(fighter("ana", 3), fighter("bo", 5), fighter("cy", 4))
    fight.do(StartFight())
    assert declare_order(fight) == ["bo", "cy", "ana"]
    assert reasons(fight)["bo"] == Reason.POINTS
    (slot,) = [s for s in fight.ruleset.timeline(fight.state) if s.combatant_id == "bo"]
    assert "ahead of Cy: most ready points (5 vs 4)" in slot.detail
    assert slot.value_text == "5 · most points"


def test_the_order_is_re_decided_at_every_turn_from_the_points_left():
    fight = session(fighter("ana", 6), fighter("bo", 5))
    fight.do(StartFight())
    assert declare_order(fight) == ["ana", "bo"]
    fight.do(HandsSpend("ana", 3))
    # Decided at the turn start: spending does not reorder the turn under way.
    assert declare_order(fight) == ["ana", "bo"]
    fight.do(HandsSpend("bo", 1))
    fight.do(NextTurn())
    assert declare_order(fight) == ["bo", "ana"]


def test_a_surprising_combatant_declares_first_whatever_its_points():
    fight = session(fighter("ana", 6), fighter("bo", 2), fighter("cy", 4))
    fight.do(StartFight())
    fight.do(HandsSetSurprise("bo"))
    assert declare_order(fight) == ["bo", "ana", "cy"]
    assert reasons(fight)["bo"] == Reason.SURPRISE
    # Surprise lasts the turn.
    fight.do(NextTurn())
    assert declare_order(fight)[0] == "ana"


def test_a_drag_earlier_on_the_timeline_is_a_surprise_override():
    fight = session(fighter("ana", 6), fighter("bo", 2))
    fight.do(StartFight())
    answer = fight.ruleset.drag_answer(fight.state, "bo", 0)
    assert answer.intent == HandsSetSurprise("bo", True)
    assert "Surprise: Bo declares first" in answer.text
    fight.do(MoveInOrder("bo", 0))
    assert declare_order(fight) == ["bo", "ana"]
    back = fight.ruleset.drag_answer(fight.state, "bo", 1)
    assert back.intent == HandsSetSurprise("bo", False)
    nothing = fight.ruleset.drag_answer(fight.state, "ana", 1)
    assert nothing.intent is None
    assert "only surprise" in nothing.text
    with pytest.raises(RulesError, match="only surprise"):
        fight.do(MoveInOrder("ana", 1))


def test_longest_reach_breaks_a_tie_in_points():
    fight = session(fighter("ana", 4, reach=1), fighter("bo", 4, reach=3))
    fight.do(StartFight())
    assert declare_order(fight) == ["bo", "ana"]
    assert reasons(fight)["bo"] == Reason.REACH


def test_in_close_quarters_the_shorter_reach_goes_first():
    fight = session(fighter("ana", 4, reach=1), fighter("bo", 4, reach=3))
    fight.do(StartFight())
    fight.do(HandsSetClose("ana", "bo"))
    assert declare_order(fight) == ["ana", "bo"]
    assert reasons(fight)["ana"] == Reason.CLOSE_QUARTERS
    fight.do(HandsSetClose("ana", "bo", close=False))
    assert declare_order(fight) == ["bo", "ana"]


def test_a_missile_weapon_with_the_most_range_keeps_initiative_in_close_quarters():
    fight = session(fighter("ana", 4, reach=1), fighter("bo", 4, reach=30, missile=True))
    fight.do(StartFight())
    fight.do(HandsSetClose("ana", "bo"))
    assert declare_order(fight) == ["bo", "ana"]
    assert reasons(fight)["bo"] == Reason.MISSILE
    assert part_of(fight.state).places[0].text == (
        "ahead of Ana: missile range keeps initiative in close quarters (30 vs 1)"
    )


def test_the_intended_action_bonus_breaks_a_tie_in_points_and_reach():
    fight = session(fighter("ana", 4, bonus=1), fighter("bo", 4, bonus=3))
    fight.do(StartFight())
    assert declare_order(fight) == ["bo", "ana"]
    assert reasons(fight)["bo"] == Reason.BONUS
    assert part_of(fight.state).places[1].text == (
        "behind Bo: highest bonus for the action (+3 vs +1)"
    )


def test_a_full_tie_is_broken_by_a_d6_roll_off_rerolled_until_no_tie():
    # Both roll 4, then 2 against 5: Bo declares first.
    fight = session(fighter("ana", 4), fighter("bo", 4), dice=[4, 4, 2, 5])
    fight.do(StartFight())
    (roll_off,) = [e for e in fight.entries[-1].events if isinstance(e, RollOff)]
    assert {r.combatant_id: r.faces for r in roll_off.rolls} == {"ana": (4, 2), "bo": (4, 5)}
    assert declare_order(fight) == ["bo", "ana"]
    assert reasons(fight)["bo"] == Reason.ROLL_OFF
    (slot,) = [s for s in fight.ruleset.timeline(fight.state) if s.combatant_id == "bo"]
    assert "d6 roll-off (4/5 vs 4/2)" in slot.detail
    assert "roll-off: Ana 4/2, Bo 4/5" in fight.describe_entry(fight.cursor - 1)[-1]


def test_a_seeded_roll_off_among_three_leaves_no_tie_and_replays_without_rolling():
    fight = session(fighter("ana", 3), fighter("bo", 3), fighter("cy", 3), seed=7)
    fight.do(StartFight())
    (roll_off,) = [e for e in fight.entries[-1].events if isinstance(e, RollOff)]
    faces = [r.faces for r in roll_off.rolls]
    assert len(set(faces)) == 3
    assert declare_order(fight) == [
        r.combatant_id for r in sorted(roll_off.rolls, key=lambda r: r.faces, reverse=True)
    ]
    again = session(fighter("ana", 3), fighter("bo", 3), fighter("cy", 3), seed=7)
    again.do(StartFight())
    assert again.state == fight.state


def test_only_the_tied_roll_off():
    fight = session(fighter("ana", 5), fighter("bo", 4), fighter("cy", 4), dice=[1, 6])
    fight.do(StartFight())
    (roll_off,) = [e for e in fight.entries[-1].events if isinstance(e, RollOff)]
    assert [r.combatant_id for r in roll_off.rolls] == ["bo", "cy"]
    assert declare_order(fight) == ["ana", "cy", "bo"]


def test_the_carry_over_turn_is_ordered_by_carry_over_points():
    fight = session(fighter("ana", 8, keep=1), fighter("bo", 6, keep=3))
    fight.do(StartFight())
    assert declare_order(fight) == ["bo", "ana"]
    assert "most carry-over points (3 vs 1)" in part_of(fight.state).places[0].text


def test_outreached_pairs_are_marked_for_opponents_without_a_missile_weapon():
    fight = session(
        fighter("ana", 4, reach=1, side=Side.PLAYER),
        fighter("bo", 4, reach=3),
        fighter("cy", 4, reach=1, missile=True, side=Side.PLAYER),
        fighter("dee", 4, reach=5),
    )
    fight.do(StartFight())
    assert set(part_of(fight.state).outreached) == {("ana", "bo"), ("ana", "dee")}
    (slot,) = [s for s in fight.ruleset.timeline(fight.state) if s.combatant_id == "ana"]
    assert "outreached by Bo" in slot.detail
    fight.do(HandsSpend("ana", 1))
    assert "outreached by Bo and Dee" in fight.describe_entry(fight.cursor - 1)[0]


def test_a_missile_range_outreaches_nobody():
    fight = session(
        fighter("ana", 4, reach=1, side=Side.PLAYER),
        fighter("bo", 4, reach=60, missile=True),
    )
    fight.do(StartFight())
    assert declare_order(fight) == ["bo", "ana"]
    assert part_of(fight.state).outreached == ()


def test_outreached_pairs_follow_a_longer_weapon_and_a_newcomer_mid_turn():
    fight = session(fighter("ana", 4, reach=1, side=Side.PLAYER), fighter("bo", 4, reach=2))
    fight.do(StartFight())
    assert part_of(fight.state).outreached == (("ana", "bo"),)
    longer = fighter("ana", 4, reach=3, side=Side.PLAYER)
    fight.do(ReplaceCombatant(longer))
    assert part_of(fight.state).outreached == (("bo", "ana"),)
    fight.do(AddCombatants([fighter("cy", 3, reach=5)]))
    assert set(part_of(fight.state).outreached) == {("bo", "ana"), ("ana", "cy")}


def test_before_the_fight_the_timeline_shows_hit_points_most_first():
    fight = session(fighter("ana", 3), fighter("bo", 5, damage=1), fighter("cy", 6))
    slots = fight.ruleset.timeline(fight.state)
    assert [(s.combatant_id, s.value_text) for s in slots] == [
        ("cy", "6 HP"),
        ("bo", "4 HP"),
        ("ana", "3 HP"),
    ]
    assert (
        fight.ruleset.timeline_axis(fight.state).title == "Hit points (split at each round start)"
    )


def test_a_surprise_that_moves_nobody_still_redraws_the_timeline():
    fight = session(fighter("ana", 6), fighter("bo", 2))
    fight.do(StartFight())
    changes = []
    fight.subscribe(changes.append)
    fight.do(HandsSetSurprise("ana"))
    assert declare_order(fight) == ["ana", "bo"]
    assert reasons(fight)["ana"] == Reason.SURPRISE
    (change,) = changes
    assert not change.order_changed
    assert change.timeline_changed


def test_alone_in_a_turn_declares_alone():
    fight = session(fighter("ana", 4), fighter("bo", 2))
    fight.do(StartFight())
    fight.do(HandsSpend("bo", 2))
    fight.do(NextTurn())
    (place,) = part_of(fight.state).places
    assert (place.combatant_id, place.reason, place.text) == ("ana", Reason.ALONE, "declares alone")


def test_a_tie_below_the_first_place_rolls_off_only_among_the_tied():
    dice = ScriptedDice([2, 5])
    fight = session(fighter("ana", 4), fighter("bo", 4), fighter("cy", 3), dice=dice)
    fight.do(StartFight())
    (roll_off,) = [e for e in fight.entries[-1].events if isinstance(e, RollOff)]
    assert [r.combatant_id for r in roll_off.rolls] == ["ana", "bo"]
    assert dice.dice == [(1, 6), (1, 6)]
    assert declare_order(fight) == ["bo", "ana", "cy"]
    third = part_of(fight.state).places[2]
    assert (third.text, third.rival) == ("behind Ana: most ready points (4 vs 3)", "ana")
    fight.do(HandsSpend("ana", 3))
    fight.do(HandsSpend("bo", 1))
    fight.do(NextTurn())
    # 1, 3 and 2 (Cy hesitated) points: no tie, no roll-off kept from the turn before.
    assert part_of(fight.state).roll_offs == ()
    assert declare_order(fight) == ["bo", "cy", "ana"]


@pytest.mark.parametrize("rows", [("ana", "bo"), ("bo", "ana")])
def test_close_quarters_puts_the_shorter_reach_first_whatever_the_table_order(rows):
    made = {"ana": fighter("ana", 4, reach=1), "bo": fighter("bo", 4, reach=3)}
    fight = session(*(made[cid] for cid in rows))
    fight.do(StartFight())
    assert declare_order(fight) == ["bo", "ana"]
    fight.do(HandsSetClose(*rows))
    assert declare_order(fight) == ["ana", "bo"]
    assert part_of(fight.state).places[0].text == (
        "ahead of Bo: shorter reach in close quarters (1 vs 3)"
    )


@pytest.mark.parametrize("rows", [("ana", "bo"), ("bo", "ana")])
def test_the_bonus_and_the_roll_off_decide_whatever_the_table_order(rows):
    made = {"ana": fighter("ana", 4, bonus=2), "bo": fighter("bo", 4, bonus=1)}
    fight = session(*(made[cid] for cid in rows))
    fight.do(StartFight())
    assert declare_order(fight) == ["ana", "bo"]
    even = {"ana": fighter("ana", 4), "bo": fighter("bo", 4)}
    rolled = session(*(even[cid] for cid in rows), dice=[3, 6] if rows[0] == "ana" else [6, 3])
    rolled.do(StartFight())
    assert declare_order(rolled) == ["bo", "ana"]


def test_close_quarters_and_surprise_refusals_say_why():
    fight = session(fighter("ana", 4), fighter("bo", 4, reach=2))
    fight.do(StartFight())
    with pytest.raises(RulesError, match="Ana and Bo are not in close quarters"):
        fight.do(HandsSetClose("ana", "bo", close=False))
    fight.do(HandsSetClose("ana", "bo"))
    assert fight.entries[-1].label == "Ana and Bo in close quarters"
    with pytest.raises(RulesError, match="Bo and Ana are already in close quarters"):
        fight.do(HandsSetClose("bo", "ana"))
    with pytest.raises(RulesError, match="two different combatants"):
        fight.do(HandsSetClose("bo", "bo"))
    with pytest.raises(RulesError, match="Ana is not surprising this turn"):
        fight.do(HandsSetSurprise("ana", False))
    fight.do(HandsSetSurprise("ana"))
    assert fight.entries[-1].label == "Surprise: Ana"
    with pytest.raises(RulesError, match="Ana is already surprising this turn"):
        fight.do(HandsSetSurprise("ana"))


def test_a_leaver_takes_its_outreached_pairs_along():
    fight = session(
        fighter("ana", 4, reach=1, side=Side.PLAYER),
        fighter("bo", 4, reach=3),
        fighter("cy", 4, reach=2, side=Side.ALLY),
        fighter("dee", 4, reach=5, side=Side.NEUTRAL),
    )
    fight.do(StartFight())
    assert set(part_of(fight.state).outreached) == {
        ("ana", "bo"),
        ("cy", "bo"),
        ("ana", "dee"),
        ("bo", "dee"),
        ("cy", "dee"),
    }
    fight.do(RemoveCombatants(["bo"]))
    assert set(part_of(fight.state).outreached) == {("ana", "dee"), ("cy", "dee")}
