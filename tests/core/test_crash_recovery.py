"""Crash recovery: a fight killed hard (SIGKILL; TerminateProcess on Windows) comes back exactly
as it was committed.

Run as a script (``python test_crash_recovery.py DB SEED``) this file is the child process: it
plays a seeded uwr fight with the autosave journal attached and prints each step's number once
the step is committed.
"""

import random
import signal
import sqlite3
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import ApplyDamage, RulesError, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.rulesets.uwr.state import Phase, part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.autosave import autosave, recover_session
from uwr_desktop.core.storage.journal_db import JournalCorruptError, JournalStore
from uwr_desktop.core.storage.sqlite_db import StoreError

MAX_STEPS = 400
# Popen.kill() sends SIGKILL on POSIX and calls TerminateProcess (exit code 1) on Windows: on
# both, the child dies at once and runs no clean-up, which is the crash these tests are about.
HARD_KILL_EXIT = -signal.SIGKILL if hasattr(signal, "SIGKILL") else 1
SETTINGS = {"lowest_threshold": 3}


def roster():
    def hero(cid, name, grace):
        return Combatant(
            id=cid,
            name=name,
            side=Side.PLAYER,
            sheet=UwrSheet(
                attributes=Attributes(brawn=Fraction(3), grace=grace),
                skills=(Skill("Swords", 1, 1),),
                weapons=(
                    Weapon(name="Nail", upr_type="Swift"),
                    Weapon(name="Bow", upr_type="Quick", pool=WeaponPool.RANGED),
                ),
                vitality=30,
                vitality_max=30,
            ),
        )

    def bandit(number):
        return Combatant(
            id=f"b{number}",
            name=f"Bandit {number}",
            sheet=UwrSheet(
                attributes=Attributes(brawn=Fraction(5, 2), grace=Fraction(2)),
                weapons=(Weapon(name="Club", upr_type="Steady"),),
                vitality=25,
                vitality_max=25,
            ),
        )

    return (
        hero("hornet", "Hornet", Fraction(7, 2)),
        hero("quirrel", "Quirrel", Fraction(3)),
        *(bandit(number) for number in range(1, 4)),
    )


def new_session(seed, sink_store=None):
    ruleset = make_ruleset("uwr", SETTINGS)
    roller = Roller(random.Random(seed))
    session = Session(ruleset, roster(), roller=roller)
    if sink_store is not None:
        autosave(sink_store, session, title=f"Fight {seed}")
    return session


def step(session, choices):
    """Do one random GM action; return True when it changed the journal."""
    state = session.state
    roll = choices.random()
    try:
        if roll < 0.08 and session.can_undo:
            session.undo()
            return True
        if roll < 0.12 and session.can_redo:
            session.redo()
            return True
        if state.phase == Phase.SETUP:
            session.do(StartFight())
            return True
        if roll < 0.18:
            target = choices.choice(sorted(state.combatants))
            session.do(ApplyDamage([target], choices.randint(1, 4)))
            return True
        pending = part_of(state).pending
        if pending is None:
            who = state.current
        elif pending.reaction is None and pending.check.target is not None:
            who = pending.check.target
        else:
            who = pending.check.actor
        if who is None:
            return False
        options = session.ruleset.legal_intents(state, who)
        if not options:
            return False
        session.do(choices.choice(options).intent)
        return True
    except RulesError:
        return False


def play(session, seed, steps):
    """Yield the step number after each of ``steps`` journal changes."""
    choices = random.Random(seed * 7919)
    done = 0
    while done < steps:
        if step(session, choices):
            done += 1
            yield done


def child(db_path, seed):
    store = JournalStore(Path(db_path))
    session = new_session(seed, store)
    for number in play(session, seed, MAX_STEPS):
        print(number, flush=True)
    print("done", flush=True)
    time.sleep(120)


def run_child_and_kill(db_path, seed, kill):
    process = subprocess.Popen(
        [sys.executable, __file__, str(db_path), str(seed)],
        stdout=subprocess.PIPE,
        text=True,
    )
    reported = 0
    try:
        for line in process.stdout:
            if line.strip() == "done":
                break
            reported = int(line)
            if kill(reported):
                break
        process.kill()
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
        process.stdout.close()
    assert process.returncode == HARD_KILL_EXIT
    return reported


def reference_matching(seed, recovered, at_least):
    """Replay the same fight in memory until its journal equals the recovered one."""
    session = new_session(seed)
    if at_least == 0 and session.entries == recovered.entries:
        return session
    for number in play(session, seed, MAX_STEPS):
        if (
            number >= at_least
            and session.cursor == recovered.cursor
            and session.entries == recovered.entries
        ):
            return session
    return None


def check_recovery(db_path, seed, reported):
    with JournalStore(db_path) as store:
        (summary,) = store.recoverable()
        recovered, _journal, _read = recover_session(store, summary.encounter_id)
    assert summary.title == f"Fight {seed}"
    assert summary.entry_count == len(recovered.entries)
    reference = reference_matching(seed, recovered, reported)
    assert reference is not None, "the recovered journal is not a state the fight passed through"
    assert recovered.state == reference.state
    assert recovered.roster == reference.roster
    assert recovered.ruleset.settings == reference.ruleset.settings
    return recovered


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_fight_killed_after_a_random_entry_is_recovered_exactly(tmp_path, seed):
    db_path = tmp_path / "journal.sqlite3"
    kill_after = random.Random(seed).randint(1, 250)
    reported = run_child_and_kill(db_path, seed, lambda count: count >= kill_after)
    assert reported >= kill_after
    check_recovery(db_path, seed, reported)


@pytest.mark.parametrize("seed", [21, 22])
def test_fight_killed_after_a_random_delay_is_recovered_exactly(tmp_path, seed):
    db_path = tmp_path / "journal.sqlite3"
    delay = random.Random(seed).uniform(0.0, 0.3)
    started = []

    def kill(count):
        if not started:
            started.append(time.monotonic())
        return time.monotonic() - started[0] >= delay

    reported = run_child_and_kill(db_path, seed, kill)
    check_recovery(db_path, seed, reported)


def test_recovered_fight_keeps_its_redo_tail_and_goes_on_journaling(tmp_path):
    db_path = tmp_path / "journal.sqlite3"
    with JournalStore(db_path) as store:
        session = new_session(5, store)
        for _ in play(session, 5, 30):
            pass
        session.undo()
        session.undo()
        expected_state, expected_entries = session.state, session.entries
        expected_cursor = session.cursor
    with JournalStore(db_path) as store:
        (summary,) = store.recoverable()
        recovered, journal, _read = recover_session(store, summary.encounter_id)
        assert recovered.entries == expected_entries
        assert recovered.state == expected_state
        assert recovered.can_redo
        recovered.redo()
        journal.close_cleanly()
    with JournalStore(db_path) as store:
        assert store.recoverable() == []
        assert store.recover(summary.encounter_id).cursor == expected_cursor + 1


def test_fight_opened_from_entries_is_journaled_from_its_cursor(tmp_path):
    source = new_session(8)
    for _ in play(source, 8, 20):
        pass
    source.undo()
    with JournalStore(tmp_path / "journal.sqlite3") as store:
        session = Session(
            source.ruleset, source.roster, entries=source.entries, cursor=source.cursor
        )
        journal = autosave(store, session, title="ford.uwr", file_path=tmp_path / "ford.uwr")
        assert journal.length == len(source.entries)
        journal.close_cleanly()
        recovered = store.recover(journal.encounter_id)
    assert recovered.entries == source.entries
    assert recovered.cursor == source.cursor
    assert session.state == source.state


def test_entries_that_do_not_replay_leave_nothing_behind(tmp_path):
    source = new_session(9)
    for _ in play(source, 9, 10):
        pass
    with JournalStore(tmp_path / "journal.sqlite3") as store:
        with pytest.raises(RulesError):
            autosave(store, Session(source.ruleset, (), entries=source.entries), title="broken")
        assert store.recoverable() == []
        assert store.connection.execute("SELECT COUNT(*) FROM journal_encounters").fetchone() == (
            0,
        )


def test_fight_that_no_longer_replays_is_refused_with_the_reason(tmp_path):
    db_path = tmp_path / "journal.sqlite3"
    with JournalStore(db_path) as store:
        session = new_session(3, store)
        for _ in play(session, 3, 12):
            pass
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE journal_starts SET roster = '[]'")
    with JournalStore(db_path) as store:
        (summary,) = store.recoverable()
        with pytest.raises(JournalCorruptError, match="no longer replays"):
            recover_session(store, summary.encounter_id)
        assert [item.encounter_id for item in store.recoverable()] == [summary.encounter_id]
        store.discard(summary.encounter_id)
        assert store.recoverable() == []


@pytest.mark.parametrize(
    ("table", "column", "value", "message"),
    [
        ("journal_starts", "roster", '[{"id": "x"}]', "stored encounter 1 is damaged"),
        ("journal_starts", "settings", '{"lowest_threshold": "high"}', "no longer replays"),
        ("journal_encounters", "ruleset", "chess", "no longer replays: Unknown ruleset 'chess'"),
    ],
)
def test_damaged_roster_or_settings_are_explained(tmp_path, table, column, value, message):
    db_path = tmp_path / "journal.sqlite3"
    with JournalStore(db_path) as store:
        new_session(4, store)
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"UPDATE {table} SET {column} = ?", (value,))
    with JournalStore(db_path) as store:
        (summary,) = store.recoverable()
        with pytest.raises(JournalCorruptError, match=message):
            recover_session(store, summary.encounter_id)


def test_unknown_encounter_is_explained(tmp_path):
    with (
        JournalStore(tmp_path / "journal.sqlite3") as store,
        pytest.raises(StoreError, match="no stored encounter 42"),
    ):
        recover_session(store, 42)


if __name__ == "__main__":
    child(sys.argv[1], int(sys.argv[2]))
