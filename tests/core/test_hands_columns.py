"""The ``hands`` timeline during a round: a carry-over column, one column per finished turn
(its order, reasons and what each spent) and the turn under way, whose pips a click spends."""

from hands_fighters import fighter, session

from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.rulesets.hands.columns import CARRY_OVER_TURN
from uwr_desktop.core.rulesets.hands.intents import (
    HandsMove,
    HandsSetSurprise,
    HandsSpend,
)
from uwr_desktop.core.storage.encounter_file import read_encounter, save_encounter
from uwr_desktop.core.timeline import SlotStatus


def columns(fight):
    """{heading: [(combatant, pips, spent pips), ...]} in timeline order."""
    found: dict[str, list[tuple[str, int, int]]] = {}
    for slot in fight.ruleset.timeline(fight.state):
        found.setdefault(slot.column, []).append((slot.combatant_id, slot.pips, slot.spent_pips))
    return found


def slot_of(fight, key):
    (slot,) = [s for s in fight.ruleset.timeline(fight.state) if s.key == key]
    return slot


def three_turns():
    """Ana keeps 1 point as carry-over; Bo 5 ready, Cy 3 ready."""
    fight = session(fighter("ana", 4, keep=1), fighter("bo", 5), fighter("cy", 3, reach=2))
    fight.do(StartFight())
    return fight


def test_the_carry_over_turn_is_a_column_before_the_first_turn():
    fight = three_turns()
    assert columns(fight) == {"Carry-over · now": [("ana", 1, 0)]}
    (slot,) = fight.ruleset.timeline(fight.state)
    assert slot.kind is CARRY_OVER_TURN
    assert slot.pip_action
    fight.do(HandsMove("ana", 1))
    fight.do(NextTurn())
    shown = columns(fight)
    assert list(shown) == ["Carry-over", "Turn 1 · now"]
    # Ana moved with her carry-over point: it shows as spent in the finished column.
    assert shown["Carry-over"] == [("ana", 0, 1)]
    carry = slot_of(fight, "turn0:ana")
    assert carry.status is SlotStatus.DONE and carry.value_text == "moved with 1"
    assert not carry.pip_action


def test_unmoved_carry_over_points_stay_in_place_in_the_carry_over_column():
    fight = three_turns()
    fight.do(NextTurn())
    carry = slot_of(fight, "turn0:ana")
    assert (carry.pips, carry.spent_pips) == (1, 0)
    assert carry.value_text == "nothing"
    assert "1 carry-over points stay in place" in carry.detail


def test_finished_turns_keep_their_order_reasons_and_what_each_spent():
    fight = three_turns()
    fight.do(NextTurn())
    # Turn 1: Bo 5, Ana 3, Cy 3 (Cy's longer reach puts it ahead of Ana).
    assert [cid for cid, _, _ in columns(fight)["Turn 1 · now"]] == ["bo", "cy", "ana"]
    fight.do(HandsSpend("bo", 2, weapon=0))
    fight.do(HandsSpend("cy", 1, opposes=0))
    fight.do(NextTurn())  # Ana spent nothing: she hesitates
    shown = columns(fight)
    assert list(shown) == ["Carry-over", "Turn 1", "Turn 2 · now"]
    assert shown["Turn 1"] == [("bo", 3, 2), ("cy", 2, 1), ("ana", 2, 1)]
    bo = slot_of(fight, "turn1:bo")
    assert bo.value_text == "2 with Blade"
    assert "Turn 1, #1: ahead of Cy: most ready points (5 vs 3)" in bo.detail
    cy = slot_of(fight, "turn1:cy")
    assert cy.value_text == "1 against Bo's action"
    assert "ahead of Ana: longest reach (2 vs 1)" in cy.detail
    assert slot_of(fight, "turn1:ana").value_text == "hesitated"
    # Turn 2 is decided anew from what is left: Bo 3, then Cy and Ana with 2 each.
    assert [cid for cid, _, _ in shown["Turn 2 · now"]] == ["bo", "cy", "ana"]
    assert shown["Turn 2 · now"] == [("bo", 3, 0), ("cy", 2, 0), ("ana", 2, 0)]


def test_the_turn_under_way_shows_ready_pips_and_what_was_spent_in_it():
    fight = three_turns()
    fight.do(NextTurn())
    fight.do(HandsSpend("bo", 2))
    bo = slot_of(fight, "bo")
    assert (bo.pips, bo.spent_pips) == (3, 2)
    assert bo.value_text == "3 · most points"
    assert "#1: ahead of Cy: most ready points (5 vs 3)" in bo.detail
    assert bo.pip_action
    assert slot_of(fight, "cy").status is SlotStatus.CURRENT


def test_a_surprise_reason_shows_in_the_column_of_its_turn():
    fight = three_turns()
    fight.do(NextTurn())
    fight.do(HandsSetSurprise("ana"))
    assert [cid for cid, _, _ in columns(fight)["Turn 1 · now"]] == ["ana", "bo", "cy"]
    assert slot_of(fight, "ana").value_text == "3 · surprise"
    fight.do(NextTurn())
    assert "Turn 1, #1: ahead of Bo: surprise" in slot_of(fight, "turn1:ana").detail


def test_a_new_round_starts_with_fresh_columns():
    fight = session(fighter("ana", 2), fighter("bo", 1))
    fight.do(StartFight())
    fight.do(HandsSpend("ana", 2))
    fight.do(HandsSpend("bo", 1))
    fight.do(NextTurn())
    assert fight.state.round == 2
    assert list(columns(fight)) == ["Turn 1 · now"]


def test_a_click_on_a_pip_of_the_turn_under_way_spends_the_points_up_to_it():
    fight = three_turns()
    ruleset = fight.ruleset
    assert ruleset.pip_intent(fight.state, "ana", 1) == HandsMove("ana", 1)
    fight.do(NextTurn())
    assert ruleset.pip_intent(fight.state, "bo", 3) == HandsSpend("bo", 3)
    fight.do(ruleset.pip_intent(fight.state, "bo", 3))
    assert fight.state.combatants["bo"].sheet.ready == 2
    # A finished turn's pips do nothing.
    assert ruleset.pip_intent(fight.state, "turn0:ana", 1) is None


def test_a_drag_in_the_column_of_the_turn_under_way_still_sets_surprise():
    fight = three_turns()
    fight.do(NextTurn())
    keys = [slot.key for slot in fight.ruleset.timeline(fight.state)]
    assert keys == ["turn0:ana", "bo", "cy", "ana"]
    answer = fight.ruleset.drag_answer(fight.state, "ana", 1)
    assert answer.intent == HandsSetSurprise("ana", True)
    assert fight.ruleset.drag_answer(fight.state, "cy", 2).intent is None


def test_the_columns_come_back_exact_after_saving_in_the_middle_of_a_turn(tmp_path):
    fight = three_turns()
    fight.do(HandsMove("ana", 1))
    fight.do(NextTurn())
    fight.do(HandsSpend("bo", 2, weapon=0))
    fight.do(NextTurn())
    fight.do(HandsSpend("cy", 1))
    path = tmp_path / "mid.uwr"
    save_encounter(fight, path)
    reopened = read_encounter(path).session()
    assert reopened.ruleset.timeline(reopened.state) == fight.ruleset.timeline(fight.state)
    fight.undo()
    assert columns(fight)["Turn 2 · now"][1:] == [("cy", 2, 0), ("ana", 2, 0)]
