"""A tactical fight saved, reopened, undone, redone and recovered after a crash in the middle
of a count, with a crossbow load pending across rounds: everything comes back exactly."""

from tactical_fights import ScriptedDice, sheet
from test_tactical_round import due, play_round_one, three

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import NextTurn
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.rulesets.tactical.state import part_of
from uwr_desktop.core.storage.autosave import autosave, recover_session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter
from uwr_desktop.core.storage.journal_db import JournalStore


def to_mid_count(session):
    """Round 2, count 28: Ana's dodge and Cole's just declared, the crossbow still loading."""
    play_round_one(session)
    session.do(NextTurn())  # upkeep
    session.do(NextTurn())  # round 2
    session.do(NextTurn())
    session.do(TacticalDeclare("ana", "Dodge"))
    session.do(NextTurn())
    session.do(TacticalDeclare("cole", "Melee attack", ap=3))
    assert due(session) == (28, [], [])
    assert sheet(session, "bran").now.action.paid == 4


def finish(session):
    """Play on to the round's upkeep; return the labels of what was done."""
    labels = []
    while session.state.phase != "upkeep":
        if due(session)[1]:
            session.do(TacticalResolve())
        session.do(NextTurn())
        labels.append(session.entries[session.cursor - 1].label)
    return labels


def test_saved_and_reopened_mid_count_the_fight_goes_on_the_same():
    session = three()
    to_mid_count(session)
    data = encode_encounter(session)
    reopened = decode_encounter(data).session(roller=Roller(ScriptedDice([])))
    assert reopened.state == session.state
    assert reopened.entries == session.entries
    assert part_of(reopened.state).count == 28
    assert reopened.ruleset.timeline(reopened.state) == session.ruleset.timeline(session.state)
    assert finish(reopened) == finish(session)
    assert reopened.state == session.state
    assert sheet(reopened, "bran").now.action is None


def test_undo_to_the_start_and_redo_comes_back_exactly():
    session = three()
    to_mid_count(session)
    states = [session.state_at(i) for i in range(session.cursor + 1)]
    end = session.state
    while session.can_undo:
        session.undo()
        assert session.state == states[session.cursor]
    while session.can_redo:
        session.redo()
    assert session.state == end
    session.undo()
    assert due(session) == (28, [], ["cole"])
    session.redo()
    assert due(session) == (28, [], [])


def test_recovered_after_a_crash_mid_count_with_its_redo_tail(tmp_path):
    db_path = tmp_path / "journal.sqlite3"
    with JournalStore(db_path) as store:
        session = three()
        autosave(store, session, title="Ford")
        to_mid_count(session)
        session.undo()
        expected_state, expected_entries = session.state, session.entries
        # The process dies here: the journal is never closed cleanly.
    with JournalStore(db_path) as store:
        (summary,) = store.recoverable()
        recovered, journal, _read = recover_session(store, summary.encounter_id)
        assert recovered.entries == expected_entries
        assert recovered.state == expected_state
        assert due(recovered) == (28, [], ["cole"])
        recovered.redo()
        assert sheet(recovered, "cole").now.action.resolves_at == 13
        finish(recovered)
        journal.close_cleanly()
