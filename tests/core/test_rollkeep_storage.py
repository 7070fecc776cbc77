"""A rollkeep skirmish with delayers waiting survives saving, reopening, undo and redo, and a
crash, exactly."""

import random

from rollkeep_sheets import archer, bandit, hida, kakita

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import NextTurn, StartFight
from uwr_desktop.core.journal import decode_entry, encode_entry
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepAmbush,
    RollkeepChooseStance,
    RollkeepDelay,
)
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import Stance
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.autosave import autosave
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.recovery import rebuild_session

SETTINGS = {"leftover_die_counts": True, "everyone_delayed": "act"}


def waiting_skirmish(folder):
    """Round 1 with the two highest delaying: the third is on turn, both wait."""
    session = Session(
        make_ruleset("rollkeep", SETTINGS),
        [hida(), kakita(), bandit(), archer()],
        roller=Roller(random.Random(7)),
    )
    store = JournalStore(folder / "journal.sqlite3")
    journal = autosave(store, session, title="Ambush at the bridge")
    session.do(RollkeepAmbush(("bandit", "archer"), ("hida", "kakita")))
    session.do(RollkeepChooseStance("hida", Stance.FULL_DEFENSE))
    session.do(StartFight())
    first, second = session.state.order[:2]
    session.do(RollkeepDelay(first))
    session.do(RollkeepDelay(second))
    return session, store, journal.encounter_id, (first, second)


def same(one: Session, other: Session) -> None:
    assert other.roster == one.roster
    assert other.entries == one.entries
    assert other.cursor == one.cursor
    assert other.state == one.state
    assert other.ruleset.settings == one.ruleset.settings


def test_save_reopen_and_recover_with_delayers_waiting(tmp_path):
    session, store, encounter_id, waiting = waiting_skirmish(tmp_path)
    store.close()  # as a crash would: the fight was never closed cleanly
    for cid in waiting:
        assert sheet_of(session.state.combatants[cid]).delaying
    for entry in session.entries:
        assert decode_entry(encode_entry(entry), session.ruleset.id) == entry
    reopened = decode_encounter(encode_encounter(session)).session()
    same(session, reopened)
    with JournalStore(tmp_path / "journal.sqlite3") as after_crash:
        recovered = rebuild_session(after_crash.recover(encounter_id))
    same(session, recovered)
    # The reopened fight goes on where it stopped: after this turn the highest delayer is
    # offered its turn.
    reopened.attach(roller=Roller(random.Random(8)))
    reopened.do(NextTurn())
    assert reopened.state.current == waiting[0]
    assert sheet_of(reopened.state.combatants[waiting[0]]).delaying


def test_undo_and_redo_through_the_delays_are_exact(tmp_path):
    session, store, encounter_id, waiting = waiting_skirmish(tmp_path)
    after = session.state
    session.undo()
    assert not sheet_of(session.state.combatants[waiting[1]]).delaying
    assert session.state.current == waiting[1]
    session.undo()
    assert session.state.current == waiting[0]
    assert not any(sheet_of(c).delaying for c in session.state.combatants.values())
    session.redo()
    session.redo()
    assert session.state == after
    session.undo()
    session.undo()
    session.undo()  # back before the initiative roll
    assert session.state.phase == "setup"
    session.redo()
    assert session.state == session.state_at(session.cursor)
    rolled = {cid: sheet_of(c).initiative for cid, c in session.state.combatants.items()}
    assert all(rolled.values())
    store.close()
    with JournalStore(tmp_path / "journal.sqlite3") as after_crash:
        same(session, rebuild_session(after_crash.recover(encounter_id)))
