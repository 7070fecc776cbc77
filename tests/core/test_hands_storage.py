"""A ``hands`` fight saved, reopened, undone and recovered in the middle of a turn comes back
exactly: pools, the declare-first order with its roll-offs, surprise, close quarters and the
actions of the turn under way."""

from hands_fighters import declare_order, fighter, pools, session

from uwr_desktop.core.intents import ApplyDamage, NextTurn, StartFight
from uwr_desktop.core.rulesets.hands.intents import (
    HandsMove,
    HandsSetClose,
    HandsSetSurprise,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.state import Phase, part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.autosave import autosave, recover_session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter
from uwr_desktop.core.storage.journal_db import JournalStore


def roster():
    return (
        fighter("ana", 6, side=Side.PLAYER, reach=1, keep=2),
        fighter("bo", 6, reach=3, keep=2),
        fighter("cy", 5, reach=2),
        fighter("dee", 4, reach=2, missile=True),
    )


def mid_turn(fight):
    """Play into the middle of turn 2 of round 1."""
    fight.do(StartFight())
    fight.do(HandsMove("ana", 1))
    fight.do(NextTurn())
    fight.do(HandsSpend("bo", 2, weapon=0, note="spear thrust"))
    fight.do(HandsSpend("ana", 2, opposes=0))
    fight.do(NextTurn())
    fight.do(HandsSetClose("ana", "bo"))
    fight.do(HandsSetSurprise("dee"))
    fight.do(HandsSpend("dee", 1, weapon=0))
    fight.do(ApplyDamage(["cy"], 1))
    assert fight.state.phase == Phase.TURNS
    assert part_of(fight.state).turn == 2
    return fight


def test_a_fight_saved_mid_turn_reopens_exactly():
    fight = mid_turn(session(*roster(), seed=3))
    reopened = decode_encounter(encode_encounter(fight)).session()
    assert reopened.state == fight.state
    assert declare_order(reopened) == declare_order(fight)
    assert reopened.ruleset.timeline(reopened.state) == fight.ruleset.timeline(fight.state)
    assert [reopened.describe_entry(i) for i in range(reopened.cursor)] == [
        fight.describe_entry(i) for i in range(fight.cursor)
    ]


def test_undo_and_redo_mid_turn_walk_back_exactly():
    fight = mid_turn(session(*roster(), seed=3))
    states = [fight.state_at(position) for position in range(fight.cursor + 1)]
    while fight.can_undo:
        fight.undo()
        assert fight.state == states[fight.cursor]
    assert fight.state.phase == Phase.SETUP
    while fight.can_redo:
        fight.redo()
        assert fight.state == states[fight.cursor]
    assert pools(fight, "dee") == (2, 0, 2)  # hesitated in turn 1, spent 1 in turn 2


def test_undo_of_a_turn_start_brings_back_the_turn_and_its_roll_offs():
    fight = mid_turn(session(*roster(), seed=3))
    before = fight.state
    fight.do(NextTurn())
    assert part_of(fight.state).turn == 3
    fight.undo()
    assert fight.state == before
    fight.redo()
    assert part_of(fight.state).turn == 3


def test_a_crashed_fight_is_recovered_exactly_mid_turn(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with JournalStore(path) as store:
        fight = session(*roster(), seed=3)
        autosave(store, fight, title="Ambush")
        mid_turn(fight)
        fight.undo()
        expected_state, expected_entries = fight.state, fight.entries
    with JournalStore(path) as store:
        (summary,) = store.recoverable()
        recovered, journal, _read = recover_session(store, summary.encounter_id)
        assert recovered.entries == expected_entries
        assert recovered.state == expected_state
        recovered.redo()
        assert recovered.state == fight.state_at(len(expected_entries))
        journal.close_cleanly()


def test_a_session_rebuilt_from_entries_replays_the_same_turn():
    fight = mid_turn(session(*roster(), seed=3))
    rebuilt = Session(fight.ruleset, fight.roster, entries=fight.entries, cursor=fight.cursor)
    assert rebuilt.state == fight.state
