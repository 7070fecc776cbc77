"""The ``hands`` round: points split at the round start, the carry-over turn, turns in which
everyone with ready points spends at least one, and the round's end."""

import pytest
from hands_fighters import fighter, pools, session, sheet

from uwr_desktop.core.intents import (
    AddCombatants,
    ApplyDamage,
    EditCell,
    Heal,
    NextTurn,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets.hands.intents import (
    HandsHesitate,
    HandsMove,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet
from uwr_desktop.core.rulesets.hands.state import Phase, part_of


def test_maximum_points_default_to_strength_bonus_plus_one():
    assert HandsSheet(strength_bonus=3).points_max == 4
    assert HandsSheet(strength_bonus=3, max_points=9).points_max == 9


def test_round_start_makes_every_undamaged_point_ready_by_default():
    fight = session(fighter("ana", 6), fighter("bo", 4, damage=1))
    fight.do(StartFight())
    assert pools(fight, "ana") == (6, 0, 0)
    assert pools(fight, "bo") == (3, 0, 0)
    assert fight.state.phase == Phase.TURNS
    assert part_of(fight.state).turn == 1


def test_carry_over_keeps_at_most_half_rounded_down_in_place():
    # 7 undamaged points: at least 4 must become ready, so at most 3 stay as carry-over.
    fight = session(
        fighter("ana", 7, keep=5), fighter("bo", 6, keep=2), fighter("cy", 5, damage=2, keep=1)
    )
    fight.do(StartFight())
    assert pools(fight, "ana") == (4, 3, 0)
    assert pools(fight, "bo") == (4, 2, 0)
    assert pools(fight, "cy") == (2, 1, 0)


def test_a_damaged_combatant_splits_only_its_undamaged_points():
    fight = session(fighter("ana", 8, keep=4), fighter("bo", 3))
    fight.do(ApplyDamage(["ana"], 3))
    fight.do(StartFight())
    # 5 undamaged: 3 ready (half rounded up), 2 kept.
    assert pools(fight, "ana") == (3, 2, 0)


def test_the_carry_over_turn_comes_first_movement_only_at_most_once():
    fight = session(fighter("ana", 6, keep=3), fighter("bo", 4, keep=1), fighter("cy", 4))
    fight.do(StartFight())
    assert fight.state.phase == Phase.CARRY_OVER
    # Most carry-over first; Cy has none and takes no part.
    assert fight.state.order == ("ana", "bo")
    assert fight.state.current == "ana"
    with pytest.raises(RulesError, match="movement only"):
        fight.do(HandsSpend("ana", 1))
    fight.do(HandsMove("ana", 2))
    assert fight.entries[-1].label == "Ana moves with 2 carry-over points"
    assert pools(fight, "ana") == (3, 1, 2)
    assert fight.state.current == "bo"
    with pytest.raises(RulesError, match="already had its carry-over turn"):
        fight.do(HandsMove("ana", 1))
    with pytest.raises(RulesError, match="has 1 carry-over points, not 2"):
        fight.do(HandsMove("bo", 2))
    fight.do(HandsMove("bo", 0))
    assert fight.entries[-1].label == "Bo does not move"
    fight.undo()
    fight.do(NextTurn())
    # Bo never moved: the movement is lost, the point stays in place as its bonus.
    assert pools(fight, "bo") == (3, 1, 0)
    assert "Bo did not move (movement lost)" in fight.describe_entry(fight.cursor - 1)[0]
    assert fight.state.phase == Phase.TURNS
    with pytest.raises(RulesError, match="before the turns"):
        fight.do(HandsMove("bo", 1))


def test_turns_spend_ready_points_and_hesitation_moves_one_to_used():
    fight = session(fighter("ana", 5), fighter("bo", 3))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 2))
    assert pools(fight, "ana") == (3, 0, 2)
    fight.do(NextTurn())
    # Bo spent nothing in turn 1: it hesitated.
    assert pools(fight, "bo") == (2, 0, 1)
    assert part_of(fight.state).turn == 2
    fight.do(HandsHesitate("bo"))
    assert pools(fight, "bo") == (1, 0, 2)
    assert fight.describe_entry(fight.cursor - 1) == (
        "Round 1 · Bo hesitates: 1 ready point moves to used",
    )
    with pytest.raises(RulesError, match="has 3 ready points, not 4"):
        fight.do(HandsSpend("ana", 4))


def test_a_full_round_runs_until_nobody_has_ready_points():
    fight = session(fighter("ana", 4), fighter("bo", 2))
    fight.do(StartFight())
    turns = 1
    while fight.state.round == 1:
        fight.do(NextTurn())
        turns += 1
    # Everyone hesitated every turn: Ana's 4 points last 4 turns, then the round ends.
    assert turns == 5
    assert "Round 1 · Ana and Bo hesitate: 1 ready point each moves to used" in (
        fight.describe_entry(1)
    )
    assert fight.state.round == 2
    assert part_of(fight.state).turn == 1
    assert pools(fight, "ana") == (4, 0, 0)
    assert pools(fight, "bo") == (2, 0, 0)


def test_a_round_with_spending_empties_every_pool_before_the_next():
    fight = session(fighter("ana", 5), fighter("bo", 3))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 3))
    fight.do(HandsSpend("bo", 3))
    fight.do(NextTurn())
    assert part_of(fight.state).turn == 2
    assert fight.state.order == ("ana",)
    fight.do(HandsSpend("ana", 2))
    assert [pools(fight, cid) for cid in ("ana", "bo")] == [(0, 0, 5), (0, 0, 3)]
    fight.do(NextTurn())
    assert fight.state.round == 2
    assert [pools(fight, cid) for cid in ("ana", "bo")] == [(5, 0, 0), (3, 0, 0)]


def test_each_weapon_is_used_once_per_turn():
    fight = session(fighter("ana", 6), fighter("bo", 3))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 1, weapon=0))
    assert fight.entries[-1].label == "Ana spends 1 point with Blade"
    with pytest.raises(RulesError, match="already used Blade this turn"):
        fight.do(HandsSpend("ana", 1, weapon=0))
    fight.do(HandsSpend("ana", 1))
    assert fight.entries[-1].label == "Ana spends 1 point"
    with pytest.raises(RulesError, match="no weapon number 2"):
        fight.do(HandsSpend("ana", 1, weapon=1))
    fight.do(NextTurn())
    fight.do(HandsSpend("ana", 1, weapon=0))
    assert pools(fight, "ana") == (3, 0, 3)


def test_an_interfering_action_spends_at_most_the_points_it_opposes():
    fight = session(fighter("ana", 6), fighter("bo", 6))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 2, note="lunge"))
    with pytest.raises(RulesError, match="at most the 2 points"):
        fight.do(HandsSpend("bo", 3, opposes=0))
    with pytest.raises(RulesError, match="its own action"):
        fight.do(HandsSpend("ana", 1, opposes=0))
    with pytest.raises(RulesError, match="no action number 2 this turn"):
        fight.do(HandsSpend("bo", 1, opposes=1))
    fight.do(HandsSpend("bo", 2, opposes=0))
    line = fight.describe_entry(fight.cursor - 1)[0]
    assert "interfering with Ana's action (2 points)" in line


def test_damage_takes_ready_points_first_by_default_and_used_first_by_setting():
    for setting, expected in (("ready", (1, 0, 2)), ("used", (3, 0, 0))):
        fight = session(fighter("ana", 6), fighter("bo", 3), settings={"damage_takes": setting})
        fight.do(StartFight())
        fight.do(HandsSpend("ana", 2))
        fight.do(ApplyDamage(["ana"], 3))
        assert pools(fight, "ana") == expected
        assert sheet(fight, "ana").undamaged == 3


def test_healed_points_join_at_the_next_round_start():
    fight = session(fighter("ana", 4), fighter("bo", 2))
    fight.do(StartFight())
    fight.do(ApplyDamage(["ana"], 2))
    fight.do(Heal(["ana"], 1))
    assert pools(fight, "ana") == (2, 0, 0)
    assert sheet(fight, "ana").undamaged == 3
    fight.do(HandsSpend("ana", 2))
    fight.do(HandsSpend("bo", 2))
    fight.do(NextTurn())
    assert fight.state.round == 2
    assert pools(fight, "ana") == (3, 0, 0)


def test_a_combatant_out_of_points_is_down_and_takes_no_part():
    fight = session(fighter("ana", 4), fighter("bo", 2))
    fight.do(StartFight())
    fight.do(ApplyDamage(["bo"], 5))
    assert fight.state.combatants["bo"].down
    fight.do(NextTurn())
    assert fight.state.order == ("ana",)


def test_the_kept_carry_over_is_a_table_edit_applied_next_round():
    fight = session(fighter("ana", 6), fighter("bo", 2))
    fight.do(StartFight())
    fight.do(EditCell("ana", "carry_plan", 2))
    assert pools(fight, "ana") == (6, 0, 0)
    fight.do(HandsSpend("ana", 6))
    fight.do(HandsSpend("bo", 2))
    fight.do(NextTurn())
    assert fight.state.phase == Phase.CARRY_OVER
    assert pools(fight, "ana") == (4, 2, 0)


def test_refusals_before_the_fight():
    fight = session(fighter("ana", 4))
    fight.do(AddCombatants([fighter("bo", 3)]))
    assert fight.state.order == ("ana", "bo")
    with pytest.raises(RulesError, match="Start the fight first"):
        fight.do(HandsSpend("ana", 1))
    with pytest.raises(RulesError, match="Start the fight first"):
        fight.do(NextTurn())
    empty = session()
    with pytest.raises(RulesError, match="Add combatants"):
        empty.do(StartFight())
