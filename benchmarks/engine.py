"""Engine speed with the autosave journal attached: a uwr fight of 1,000 combatants.

Prints medians and the ratio of each to its target:

* one intent, including its journal commit (target under 2 ms);
* one undo, including its journal commit (target under 2 ms);
* opening a ``.uwr`` file of 1,000 combatants and 20,000 events (target under 1 s), alone
  and with the opened fight's entries stored in the journal as the app does.

Baselines measured in the same run show the machine's own speed: a bare ``sqlite3``
insert+commit in the journal's mode (WAL, ``synchronous=NORMAL``) and the same with ``FULL``
(the cost a power-safe journal would add to every click).

Run with ``uv run python benchmarks/engine.py``. Everything is written to a temporary folder.
"""

import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Attributes, Combatant, Weapon, WeaponPool
from uwr_desktop.core.intents import ApplyDamage, Heal, NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.autosave import autosave
from uwr_desktop.core.storage.encounter_file import (
    load_encounter,
    read_encounter,
    save_encounter,
)
from uwr_desktop.core.storage.journal_db import JournalStore

COMBATANTS = 1_000
FILE_EVENTS = 20_000
SAMPLES = 300
OPEN_RUNS = 5
INTENT_TARGET_S = 0.002
UNDO_TARGET_S = 0.002
OPEN_TARGET_S = 1.0


def roster(count: int) -> list[Combatant]:
    """``count`` combatants, a tenth of them players, each with two weapons."""
    rng = random.Random(1)
    fighters = []
    for number in range(count):
        player = number % 10 == 0
        fighters.append(
            Combatant(
                id=f"c{number}",
                name=f"{'Hero' if player else 'Bandit'} {number}",
                side=Side.PLAYER if player else Side.ENEMY,
                attributes=Attributes(
                    brawn=Fraction(rng.randint(2, 10), 2), grace=Fraction(rng.randint(2, 10), 2)
                ),
                weapons=(
                    Weapon(name="Sword", upr_type="Swift"),
                    Weapon(name="Bow", upr_type="Quick", pool=WeaponPool.RANGED),
                ),
                vitality=1_000,
                vitality_max=1_000,
            )
        )
    return fighters


def gm_action(session: Session, rng: random.Random) -> None:
    """One intent a GM might give: a legal option for whoever acts, damage, or healing."""
    state = session.state
    ids = state.rows
    roll = rng.random()
    if roll < 0.2:
        session.do(ApplyDamage([rng.choice(ids)], rng.randint(1, 5)))
        return
    if roll < 0.3:
        session.do(Heal([rng.choice(ids)], 1))
        return
    pending = state.pending
    if pending is None:
        who = state.current
    elif pending.reaction is None and pending.target is not None:
        who = pending.target
    else:
        who = pending.actor
    options = session.ruleset.legal_intents(state, who) if who is not None else ()
    session.do(rng.choice(options).intent if options else NextTurn())


def timed(action: Callable[[], object]) -> float:
    """Seconds one call of ``action`` takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def sqlite_commit_median(folder: Path, synchronous: str) -> float:
    """Median seconds of one small insert+commit in WAL mode with ``synchronous``."""
    connection = sqlite3.connect(folder / f"baseline-{synchronous}.sqlite3", isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute(f"PRAGMA synchronous = {synchronous}")
    connection.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB)")
    payload = b"x" * 400

    def commit(key: int) -> None:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO t VALUES (?, ?)", (key, payload))
        connection.execute("COMMIT")

    samples = [timed(lambda key=key: commit(key)) for key in range(SAMPLES)]
    connection.close()
    return statistics.median(samples)


def measure_intents(store: JournalStore | None) -> tuple[float, float, int]:
    """Median seconds of one intent and of one undo, and the state's combatant count.

    Without a ``store`` the same fight runs with no journal attached.
    """
    ruleset = make_ruleset("uwr")
    roller = Roller(random.Random(2))
    session = Session(ruleset, roster(COMBATANTS), roller=roller)
    if store is not None:
        autosave(store, session, title="Benchmark")
    session.do(StartFight())
    rng = random.Random(3)
    intent_samples = []
    while len(intent_samples) < SAMPLES:
        try:
            intent_samples.append(timed(lambda: gm_action(session, rng)))
        except RulesError:
            continue
    undo_samples = [timed(session.undo) for _ in range(SAMPLES)]
    return (
        statistics.median(intent_samples),
        statistics.median(undo_samples),
        len(session.state.combatants),
    )


def build_file(path: Path) -> tuple[int, int]:
    """Save a fight of ``COMBATANTS`` combatants and at least ``FILE_EVENTS`` events."""
    session = Session(make_ruleset("uwr"), roster(COMBATANTS), roller=Roller(random.Random(4)))
    session.do(StartFight())
    rng = random.Random(5)
    events = sum(len(entry.events) for entry in session.entries)
    while events < FILE_EVENTS:
        try:
            gm_action(session, rng)
        except RulesError:
            continue
        events += len(session.entries[-1].events)
    save_encounter(session, path)
    return len(session.entries), events


def measure_open(path: Path, store: JournalStore) -> tuple[float, float]:
    """Median seconds to open the file into a session, and to open it with the journal attached
    (what the app does: read, rebuild, store the entries for autosave)."""
    open_samples = []
    attach_samples = []
    for _ in range(OPEN_RUNS):
        open_samples.append(timed(lambda: load_encounter(path)))

        def open_with_journal() -> None:
            # As the app opens a file: the session checked while reading, then its journal.
            autosave(store, read_encounter(path).session(), title=path.name, file_path=path)

        attach_samples.append(timed(open_with_journal))
    return statistics.median(open_samples), statistics.median(attach_samples)


def line(label: str, seconds: float, target: float | None = None) -> str:
    """One aligned line of figures, with the ratio to ``target`` when there is one."""
    text = f"{label:<44} {seconds * 1000:10.3f} ms"
    if target is not None:
        verdict = "ok" if seconds <= target else "OVER TARGET"
        text += f"   {seconds / target:6.3f}x of the {target * 1000:g} ms target ({verdict})"
    return text


def main() -> None:
    """Print the figures."""
    with tempfile.TemporaryDirectory(prefix="uwr-engine-bench-") as name:
        folder = Path(name)
        normal = sqlite_commit_median(folder, "NORMAL")
        full = sqlite_commit_median(folder, "FULL")
        bare_intent, bare_undo, _count = measure_intents(None)
        with JournalStore(folder / "journal.sqlite3") as store:
            intent, undo, count = measure_intents(store)
            file_path = folder / "big.uwr"
            entries, events = build_file(file_path)
            opened, attached = measure_open(file_path, store)
        size = file_path.stat().st_size
    print(f"uwr fight of {count} combatants, SQLite journal attached (WAL, synchronous=NORMAL)")
    print(line("baseline: bare sqlite3 insert+commit, NORMAL", normal))
    print(line("baseline: bare sqlite3 insert+commit, FULL", full))
    print(line("baseline: one intent, no journal (median)", bare_intent))
    print(line("baseline: one undo, no journal (median)", bare_undo))
    print(line("one intent incl. journal commit (median)", intent, INTENT_TARGET_S))
    print(line("  of which the journal", intent - bare_intent))
    print(line("one undo incl. journal commit (median)", undo, UNDO_TARGET_S))
    print(line("  of which the journal", undo - bare_undo))
    print(
        f"file: {COMBATANTS} combatants, {entries} entries, {events} events, {size / 2**20:.1f} MiB"
    )
    print(line("open .uwr into a session (median)", opened, OPEN_TARGET_S))
    print(line("open .uwr with the journal attached (median)", attached, OPEN_TARGET_S))


if __name__ == "__main__":
    main()
