"""RULES.md section 5: keeping more points in place than the rules allow is refused
with the most that may be kept, and damage since the request keeps the most allowed, logged;
each interfering action's outcome is recorded, the action it opposes fails as soon as one
succeeds, and the log and the timeline (what the players' view shows) say so. A strength bonus whose
hit points would pass the limit is refused where it is typed."""

import msgspec
import pytest
from hands_fighters import fighter, pools, session, sheet

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import (
    AddCombatants,
    ApplyDamage,
    EditCell,
    Heal,
    NextTurn,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets.hands.events import (
    OutcomeRecorded,
    RollOff,
    TurnOver,
)
from uwr_desktop.core.rulesets.hands.intents import (
    HandsHesitate,
    HandsMove,
    HandsRecordOutcome,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
from uwr_desktop.core.rulesets.hands.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter


def lines(fight) -> list[str]:
    return [line for i in range(len(fight.entries)) for line in fight.describe_entry(i)]


# --- keeping points in place ------------------------------------------------------------------


def test_asking_to_keep_more_than_half_is_refused_naming_the_most():
    fight = session(fighter("ana", 7), fighter("bo", 2))
    fight.do(StartFight())
    before = fight.state
    with pytest.raises(RulesError) as refused:
        fight.do(EditCell("ana", "carry_plan", 4))
    assert str(refused.value) == (
        "Ana may keep at most 3 points in place, not 4: of 7 undamaged, at least half "
        "(rounded up) become ready"
    )
    assert fight.state is before
    fight.do(EditCell("ana", "carry_plan", 3))
    assert sheet(fight, "ana").carry_plan == 3


def test_damage_after_the_request_keeps_the_most_allowed_and_the_log_says_so():
    fight = session(fighter("ana", 7), fighter("bo", 2))
    fight.do(StartFight())
    fight.do(EditCell("ana", "carry_plan", 3))
    fight.do(ApplyDamage(["ana"], 2))  # 5 undamaged: at most 2 may stay
    fight.do(HandsSpend("ana", 5))
    fight.do(HandsSpend("bo", 2))
    fight.do(NextTurn())
    assert fight.state.round == 2
    assert pools(fight, "ana") == (3, 2, 0)
    assert "Round 2 starts: Ana 3 ready + 2 carry-over (2 kept in place, not the 3 asked: " in (
        "\n".join(lines(fight))
    )
    assert any(line.endswith("at most half of 5 undamaged), Bo 2 ready") for line in lines(fight))
    # The request stands: healed, the next round keeps the 3 asked.
    assert sheet(fight, "ana").carry_plan == 3


def test_a_newcomer_or_an_edited_sheet_asking_too_much_is_refused_an_unchanged_one_is_not():
    fight = session(fighter("ana", 9, keep=4), fighter("bo", 2))
    fight.do(StartFight())
    with pytest.raises(RulesError, match=r"^Cy may keep at most 2 points in place, not 3"):
        fight.do(AddCombatants([fighter("cy", 5, keep=3)]))
    fight.do(ApplyDamage(["ana"], 5))  # 4 undamaged: the 4 asked is more than the 2 allowed
    fight.do(ReplaceCombatant(fighter("ana", 9, keep=4, reach=2)))  # not asked again
    assert sheet(fight, "ana").carry_plan == 4
    with pytest.raises(RulesError) as refused:
        fight.do(ReplaceCombatant(fighter("ana", 9, keep=3)))  # less, but still too much
    assert str(refused.value) == (
        "Ana may keep at most 2 points in place, not 3: of 4 undamaged, at least half "
        "(rounded up) become ready"
    )
    fight.do(ReplaceCombatant(fighter("ana", 9, keep=2)))
    assert sheet(fight, "ana").carry_plan == 2


# --- the strength bonus -----------------------------------------------------------------------


def test_a_strength_bonus_past_the_hit_point_limit_is_refused_where_typed():
    fight = session(fighter("bo", 2))
    strong = Combatant(id="ox", name="Ox", sheet=HandsSheet(strength_bonus=1_000_000))
    with pytest.raises(RulesError, match="strength bonus must be at most 999999"):
        fight.do(AddCombatants([strong]))
    with pytest.raises(RulesError) as refused:
        fight.do(EditCell("bo", "strength_bonus", 1_000_000))
    assert str(refused.value) == "The strength bonus can be at most 999999 (got 1000000)"
    fight.do(
        AddCombatants([Combatant(id="ox", name="Ox", sheet=HandsSheet(strength_bonus=999_999))])
    )
    fight.do(StartFight())
    assert pools(fight, "ox") == (1_000_000, 0, 0)
    document = msgspec.json.decode(encode_encounter(fight))
    document["roster"][0]["sheet"]["strength_bonus"] = 1_000_000
    with pytest.raises(Exception, match="strength_bonus"):
        decode_encounter(msgspec.json.encode(document))


# --- interference -----------------------------------------------------------------------------


def interfered():
    """Ana spends 3 with her halberd; Bo (2) and Cy (1) interfere with it."""
    fight = session(fighter("ana", 6), fighter("bo", 4), fighter("cy", 3), dice=[5, 2])
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 3, weapon=0))
    fight.do(HandsSpend("bo", 2, opposes=0))
    fight.do(HandsSpend("cy", 1, opposes=0))
    return fight


def slot(fight, key):
    return next(s for s in fight.ruleset.timeline(fight.state) if s.key == key)


def test_the_opposed_action_fails_as_soon_as_one_interfering_action_succeeds():
    fight = interfered()
    fight.do(HandsRecordOutcome(2, succeeded=False, roll=6))
    assert lines(fight)[-1] == "Round 1 · Cy's interference with Ana's action fails (roll 6)"
    assert "action failed" not in slot(fight, "ana").value_text
    fight.do(HandsRecordOutcome(1, succeeded=True, roll=14))
    assert lines(fight)[-1] == (
        "Round 1 · Bo's interference with Ana's action succeeds (roll 14): Ana's action fails"
    )
    assert fight.entries[-1].label == "Bo's interference with Ana succeeds"
    ana = slot(fight, "ana")
    assert ana.value_text == "3 · most points · action failed"
    assert "3 with Blade: failed, Bo interfered" in ana.detail
    assert "2 against Ana's action: succeeded (roll 14)" in slot(fight, "bo").detail
    assert "1 against Ana's action: failed (roll 6)" in slot(fight, "cy").detail
    # The GM takes it back: the action stands again.
    fight.do(HandsRecordOutcome(1, succeeded=False, roll=14))
    assert lines(fight)[-1].endswith("fails (roll 14): Ana's action stands")
    assert "action failed" not in slot(fight, "ana").value_text


def test_a_roll_alone_is_recorded_and_the_finished_turn_keeps_the_outcome():
    fight = interfered()
    fight.do(HandsRecordOutcome(1, roll=9))
    assert lines(fight)[-1] == "Round 1 · Bo's interference with Ana's action is rolled (roll 9)"
    fight.do(HandsRecordOutcome(1, succeeded=True, roll=9))
    fight.do(NextTurn())
    past = slot(fight, "turn1:ana")
    assert past.value_text == "3 with Blade: failed, Bo interfered"
    assert slot(fight, "turn1:bo").value_text == "2 against Ana's action: succeeded (roll 9)"
    assert part_of(fight.state).actions == ()


def test_outcomes_are_refused_for_what_is_not_an_interference():
    fight = interfered()
    before = fight.state
    for intent, words in (
        (HandsRecordOutcome(0, succeeded=True), "Ana's action interferes with nothing"),
        (HandsRecordOutcome(5, succeeded=True), "There is no action number 6 this turn"),
        (HandsRecordOutcome(1), "Say whether Bo's interference succeeded, or give its roll"),
    ):
        with pytest.raises(RulesError, match=words):
            fight.do(intent)
    fight.do(HandsRecordOutcome(1, succeeded=True))
    with pytest.raises(RulesError, match="already recorded so"):
        fight.do(HandsRecordOutcome(1, succeeded=True))
    assert before is not fight.state
    fresh = session(fighter("ana", 2))
    with pytest.raises(RulesError, match="in the turns of a round"):
        fresh.do(HandsRecordOutcome(0, succeeded=True))


# --- the carry-over turn's roll-off and hesitation among others -------------------------------


def test_a_tie_in_carry_over_points_rolls_off_on_those_points_not_the_ready_ones():
    # Carry-over 2 each (ready 6 and 3): tied on carry-over points, not on ready points.
    fight = session(fighter("ana", 8, keep=2), fighter("bo", 5, keep=2), dice=[3, 5])
    fight.do(StartFight())
    (roll_off,) = [e for e in fight.entries[-1].events if isinstance(e, RollOff)]
    assert {r.combatant_id: r.faces for r in roll_off.rolls} == {"ana": (3,), "bo": (5,)}
    assert fight.state.order == ("bo", "ana")


def test_one_who_hesitates_joins_those_who_acted_and_the_next_declares():
    fight = session(fighter("ana", 6), fighter("bo", 4), fighter("cy", 2))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 1))
    assert fight.state.current == "bo"
    fight.do(HandsHesitate("bo"))
    assert fight.state.acted == {"ana", "bo"}
    assert fight.state.current == "cy"


def test_the_log_says_which_interference_made_the_action_fail():
    fight = interfered()
    fight.do(HandsRecordOutcome(1, succeeded=True))
    fight.do(HandsRecordOutcome(2, succeeded=False))
    assert lines(fight)[-1] == "Round 1 · Cy's interference with Ana's action fails"
    assert "action failed" in slot(fight, "ana").value_text
    fight.do(HandsRecordOutcome(2, succeeded=True, roll=3))
    assert lines(fight)[-1].endswith(
        "Cy's interference with Ana's action succeeds (roll 3): Ana's action fails"
    )
    fight.do(HandsRecordOutcome(1, succeeded=False))
    assert lines(fight)[-1] == "Round 1 · Bo's interference with Ana's action fails"
    assert "action failed" in slot(fight, "ana").value_text  # Cy's still stands


def test_the_entries_say_how_each_interference_was_recorded():
    fight = interfered()
    assert fight.do(HandsRecordOutcome(1, succeeded=False)).label == (
        "Bo's interference with Ana fails"
    )
    assert fight.do(HandsRecordOutcome(2, roll=4)).label == "Cy's interference with Ana rolled"


def test_a_finished_turn_keeps_what_each_did_in_full():
    fight = session(
        fighter("ana", 6, keep=2), fighter("bo", 4, keep=1), fighter("cy", 2), dice=[6, 1]
    )
    fight.do(StartFight())  # the carry-over turn: Ana 2, Bo 1
    fight.do(HandsMove("ana", 0))
    fight.do(NextTurn())  # Bo does not move either
    assert slot(fight, "turn0:ana").value_text == "did not move"
    fight.do(HandsSpend("ana", 2, weapon=0, target="bo"))
    fight.do(NextTurn())
    assert slot(fight, "turn1:ana").value_text == "2 with Blade at Bo"


def test_a_round_that_ends_into_a_tie_rolls_it_off():
    fight = session(fighter("ana", 2), fighter("bo", 2), dice=[5, 2, 1, 4])
    fight.do(StartFight())
    assert fight.state.order == ("ana", "bo")
    fight.do(HandsSpend("ana", 2))
    fight.do(HandsSpend("bo", 2))
    fight.do(NextTurn())
    assert fight.state.round == 2
    rolled = [e for e in fight.entries[-1].events if isinstance(e, RollOff)]
    assert [{r.combatant_id: r.faces for r in e.rolls} for e in rolled] == [
        {"ana": (1,), "bo": (4,)}
    ]
    assert fight.state.order == ("bo", "ana")


def test_a_heal_is_labelled_with_what_it_heals_on_a_sheet_that_keeps_no_band():
    fight = session(fighter("ana", 6))
    fight.do(ApplyDamage(["ana"], 3))
    assert fight.do(Heal(["ana"], 2)).label == "Heal 2: Ana"


def test_a_newcomer_brings_no_points_into_the_pools():
    fight = session(fighter("ana", 4))
    carrying = fighter("bo", 6, ready=2, carry_over=1, used=1)
    fight.do(AddCombatants([carrying]))
    assert pools(fight, "bo") == (0, 0, 0)


def test_a_recorded_end_of_a_turn_not_under_way_is_refused():
    fight = session(fighter("ana", 4), fighter("bo", 3))
    fight.do(StartFight())
    entries = [*fight.entries, JournalEntry("x", (TurnOver(5),))]
    with pytest.raises(RulesError, match="turn 5 is not the turn under way"):
        Session(fight.ruleset, fight.roster, entries=entries, cursor=len(entries))


def test_each_weapon_once_a_turn_two_weapons_twice_and_anyone_else_s_too():
    both = (HandsWeapon(name="Sword", reach=2), HandsWeapon(name="Dagger", reach=1))
    ana = Combatant(id="ana", name="Ana", sheet=HandsSheet(max_points=6, weapons=both))
    fight = session(ana, fighter("bo", 3))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 1, weapon=0))
    fight.do(HandsSpend("ana", 1, weapon=1))
    fight.do(HandsSpend("bo", 1, weapon=0))
    with pytest.raises(RulesError, match="Ana already used Sword this turn"):
        fight.do(HandsSpend("ana", 1, weapon=0))


def test_a_recorded_outcome_of_an_action_not_declared_is_refused():
    fight = interfered()
    entries = [*fight.entries, JournalEntry("x", (OutcomeRecorded(3, succeeded=True),))]
    with pytest.raises(RulesError, match="there is no action number 4 this turn"):
        Session(fight.ruleset, fight.roster, entries=entries, cursor=len(entries))
