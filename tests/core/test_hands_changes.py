"""``hands`` fights changed by the GM mid-round: newcomers and leavers, the round ended early,
hesitation left to the GM, table edits and edited sheets, and journals that do not fit."""

import pytest
from hands_fighters import declare_order, fighter, pools, session, sheet
from msgspec.structs import replace

from uwr_desktop.core.intents import (
    AddCombatants,
    ClearManualOrder,
    EditCell,
    EndRound,
    NextTurn,
    RemoveCombatants,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets.hands.events import Acted, Pools, RoundStarted
from uwr_desktop.core.rulesets.hands.intents import (
    HandsHesitate,
    HandsRecordOutcome,
    HandsSetClose,
    HandsSetSurprise,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.sheet import HandsWeapon
from uwr_desktop.core.rulesets.hands.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def test_a_newcomer_mid_round_has_all_its_points_ready_and_joins_the_next_turn():
    fight = session(fighter("ana", 4), fighter("bo", 3))
    fight.do(StartFight())
    fight.do(AddCombatants([fighter("cy", 5, keep=2)]))
    assert pools(fight, "cy") == (5, 0, 0)
    assert "cy" not in declare_order(fight)
    fight.do(HandsSpend("cy", 1))
    fight.do(NextTurn())
    assert declare_order(fight)[0] == "cy"


def test_a_leaver_mid_turn_drops_out_of_the_order_surprise_and_close_quarters():
    fight = session(fighter("ana", 4), fighter("bo", 4, reach=2), fighter("cy", 2))
    fight.do(StartFight())
    fight.do(HandsSetClose("ana", "bo"))
    fight.do(HandsSetSurprise("bo"))
    fight.do(RemoveCombatants(["bo"]))
    assert declare_order(fight) == ["ana", "cy"]
    part = part_of(fight.state)
    assert part.close == () and part.surprise == ()
    fight.do(NextTurn())
    assert declare_order(fight) == ["ana", "cy"]


def test_an_action_whose_combatant_left_can_no_longer_be_interfered_with():
    fight = session(fighter("ana", 6), fighter("bo", 5, side=Side.PLAYER), fighter("cy", 4))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 2, weapon=0))
    fight.do(RemoveCombatants(["ana"]))
    for target in (None, "cy"):
        with pytest.raises(RulesError, match="has left the fight: there is nothing to interfere"):
            fight.do(HandsSpend("bo", 1, opposes=0, target=target))
    assert pools(fight, "bo") == (5, 0, 0)


@pytest.mark.parametrize("leaver", ["ana", "bo"])
def test_no_outcome_is_recorded_for_an_interference_with_a_combatant_who_left(leaver):
    fight = session(fighter("ana", 6), fighter("bo", 5, side=Side.PLAYER), fighter("cy", 4))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 2, weapon=0))
    fight.do(HandsSpend("bo", 2, opposes=0))
    fight.do(RemoveCombatants([leaver]))
    with pytest.raises(RulesError, match="has left the fight: there is no outcome to record"):
        fight.do(HandsRecordOutcome(1, True, 14))
    assert part_of(fight.state).actions[1].succeeded is None


def test_end_round_skips_the_remaining_turns_and_splits_anew():
    fight = session(fighter("ana", 6), fighter("bo", 3))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 1))
    fight.do(EndRound())
    assert fight.state.round == 2
    assert pools(fight, "ana") == (6, 0, 0)
    assert pools(fight, "bo") == (3, 0, 0)


def test_with_hesitation_off_a_turn_ends_without_booking_it():
    fight = session(fighter("ana", 3), fighter("bo", 2), settings={"hesitation": False})
    fight.do(StartFight())
    fight.do(NextTurn())
    assert pools(fight, "bo") == (2, 0, 0)
    fight.do(HandsHesitate("bo"))
    assert pools(fight, "bo") == (1, 0, 1)


def test_bad_settings_are_refused_with_the_reason():
    with pytest.raises(RulesError, match="Bad hands settings"):
        session(settings={"damage_takes": "nowhere"})


def test_table_edits_keep_the_pools_within_the_undamaged_points():
    fight = session(fighter("ana", 6), fighter("bo", 3))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 2))
    fight.do(EditCell("ana", "damage", 3))
    # 3 undamaged: used points go first, then ready.
    assert pools(fight, "ana") == (3, 0, 0)
    fight.do(EditCell("ana", "max_points", 8))
    assert sheet(fight, "ana").undamaged == 5
    assert pools(fight, "ana") == (3, 0, 0)
    fight.do(EditCell("ana", "bonus", "2"))
    assert sheet(fight, "ana").bonus == 2
    with pytest.raises(RulesError, match="Damage cannot pass the maximum of 8"):
        fight.do(EditCell("ana", "damage", 9))
    with pytest.raises(RulesError, match="already 2"):
        fight.do(EditCell("ana", "bonus", 2))
    with pytest.raises(RulesError, match="cannot be edited"):
        fight.do(EditCell("ana", "ready", 9))


def test_a_sheet_edited_mid_round_keeps_its_damage_and_pools():
    fight = session(fighter("ana", 6), fighter("bo", 3))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 2))
    edited = fighter("ana", 5, reach=4)
    edited = replace(
        edited, sheet=replace(edited.sheet, weapons=(HandsWeapon(name="Pike", reach=4),))
    )
    fight.do(ReplaceCombatant(edited))
    # One point fewer in all: it leaves the used pool first.
    assert pools(fight, "ana") == (4, 0, 1)
    assert sheet(fight, "ana").reach == 4


def test_clear_manual_order_takes_back_every_surprise():
    fight = session(fighter("ana", 6), fighter("bo", 3))
    fight.do(StartFight())
    with pytest.raises(RulesError, match="Nobody is surprising"):
        fight.do(ClearManualOrder())
    fight.do(HandsSetSurprise("bo"))
    fight.do(ClearManualOrder())
    assert declare_order(fight) == ["ana", "bo"]


def test_legal_intents_offer_spending_hesitation_and_the_next_turn():
    fight = session(fighter("ana", 3), fighter("bo", 2))
    assert fight.ruleset.legal_intents(fight.state, "ana") == ()
    fight.do(StartFight())
    labels = [o.label for o in fight.ruleset.legal_intents(fight.state, "ana")]
    assert labels == [
        "Spend 1 point",
        "Spend 2 points",
        "Spend 3 points",
        "Hesitate (1 point to used)",
        "Next turn",
    ]
    for option in fight.ruleset.legal_intents(fight.state, "bo")[:1]:
        fight.do(option.intent)
    assert pools(fight, "bo") == (1, 0, 1)


def test_journals_that_do_not_fit_the_rules_are_refused():
    fight = session(fighter("ana", 4), fighter("bo", 2))
    fight.do(StartFight())
    ruleset, roster = fight.ruleset, fight.roster
    too_much = JournalEntry("Spend", (Acted("ana", 9),))
    with pytest.raises(RulesError, match="4 ready points, not 9"):
        Session(ruleset, roster, entries=(*fight.entries, too_much))
    bad_split = JournalEntry("Start", (RoundStarted(1, (Pools("ana", 1, 3), Pools("bo", 2))),))
    with pytest.raises(RulesError, match="cannot split 4 points as 1 ready and 3 carry-over"):
        Session(ruleset, roster, entries=(bad_split,))
    left_out = JournalEntry("Start", (RoundStarted(1, (Pools("ana", 4),)),))
    with pytest.raises(RulesError, match="Bo's points were not split"):
        Session(ruleset, roster, entries=(left_out,))
