"""Engine speed with the autosave journal attached: a uwr fight of 1,000 combatants.

Prints medians and the ratio of each to its target:

* one intent, including its journal commit (target under 2 ms);
* one undo, including its journal commit (target under 2 ms);
* opening a ``.uwr`` file of 1,000 combatants and 20,000 events (target under 1 s), alone
  and with the opened fight's entries stored in the journal as the app does;
* the peak memory (RSS) of the app opening that file, and the largest file the limits admit
  (target under 4x the app with an empty fight, measured in the same run), and the time to
  read that largest file.

Baselines measured in the same run show the machine's own speed: a bare ``sqlite3``
insert+commit in the journal's mode (WAL, ``synchronous=NORMAL``) and the same with ``FULL``
(the cost a power-safe journal would add to every click).

Run with ``uv run python benchmarks/engine.py``. Everything is written to a temporary folder.
The memory figures run the app itself (``uwr-desktop --smoke-test FILE``: the fight opened in
the main window, one frame drawn) in child processes, on the offscreen platform; they need a
POSIX system.
"""

import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import msgspec

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import ApplyDamage, Heal, NextTurn, RulesError, StartFight
from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_EVENTS,
    MAX_FIGHT_BYTES,
    MAX_FILE_BYTES,
    MAX_JOURNAL_ENTRIES,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.atomic_file import write_atomically
from uwr_desktop.core.storage.autosave import autosave
from uwr_desktop.core.storage.encounter_file import (
    encode_encounter,
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
MEMORY_TARGET_RATIO = 4.0
MEMORY_RUNS = 3


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
                sheet=UwrSheet(
                    attributes=Attributes(
                        brawn=Fraction(rng.randint(2, 10), 2), grace=Fraction(rng.randint(2, 10), 2)
                    ),
                    weapons=(
                        Weapon(name="Sword", upr_type="Swift"),
                        Weapon(name="Bow", upr_type="Quick", pool=WeaponPool.RANGED),
                    ),
                    vitality=1_000,
                    vitality_max=1_000,
                ),
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
    pending = part_of(state).pending
    if pending is None:
        who = state.current
    elif pending.reaction is None and pending.check.target is not None:
        who = pending.check.target
    else:
        who = pending.check.actor
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


def build_largest_file(path: Path) -> tuple[int, int, int, int]:
    """Save the largest fight the limits admit: ``MAX_COMBATANTS`` combatants, entries and
    events up to their limits, then whole-roster damage and healing (each entry carries a
    snapshot of every combatant) until the session refuses to grow the fight past
    ``MAX_FIGHT_BYTES``; the file is then padded with spaces to ``MAX_FILE_BYTES``.

    Returns the entries, the events, the fight's bytes without spaces and the file's bytes.
    """
    session = Session(make_ruleset("uwr"), roster(MAX_COMBATANTS), roller=Roller(random.Random(6)))
    session.do(StartFight())
    rng = random.Random(7)
    events = sum(len(entry.events) for entry in session.entries)
    while len(session.entries) < MAX_JOURNAL_ENTRIES - 200 and events < MAX_EVENTS - 2_000:
        try:
            gm_action(session, rng)
        except RulesError:
            continue
        events += len(session.entries[-1].events)
    ids = list(session.state.rows)
    try:
        while True:
            session.do(ApplyDamage(ids, 1) if len(session.entries) % 2 else Heal(ids, 1))
            events += len(session.entries[-1].events)
    except RulesError:
        pass  # the fight is as large as a file may hold
    data = encode_encounter(session)
    fight = len(msgspec.json.format(data, indent=-1))
    write_atomically(path, data + b" " * (MAX_FILE_BYTES - len(data)))
    return len(session.entries), events, fight, MAX_FILE_BYTES


# A fresh small process starts the app: a child forked from this one, grown large building the
# files, would inherit its peak RSS.
_LAUNCHER = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def app_peak_rss(path: Path) -> tuple[float, float]:
    """Peak RSS in bytes and wall seconds of the app opening ``path`` (medians of runs)."""
    peaks = []
    walls = []
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    app = [sys.executable, "-m", "uwr_desktop", "--temp-config", str(path), "--smoke-test"]
    for _ in range(MEMORY_RUNS):
        started = time.perf_counter()
        launched = subprocess.run(
            [sys.executable, "-c", _LAUNCHER, *app],
            env=environment,
            capture_output=True,
            text=True,
            check=True,
        )
        walls.append(time.perf_counter() - started)
        peaks.append(int(launched.stdout) * (1 if sys.platform == "darwin" else 1024))
    return statistics.median(peaks), statistics.median(walls)


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
        largest_path = folder / "largest.uwr"
        largest = build_largest_file(largest_path)
        largest_open = statistics.median(
            timed(lambda: load_encounter(largest_path)) for _ in range(OPEN_RUNS)
        )
        empty_path = folder / "empty.uwr"
        save_encounter(Session(make_ruleset("uwr")), empty_path)
        empty_rss, empty_wall = app_peak_rss(empty_path)
        file_rss, file_wall = app_peak_rss(file_path)
        largest_rss, largest_wall = app_peak_rss(largest_path)
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
    print(
        f"largest file the limits admit: {MAX_COMBATANTS} combatants, {largest[0]} entries, "
        f"{largest[1]} events, {largest[2] / 2**20:.1f} MiB without spaces "
        f"(limit {MAX_FIGHT_BYTES / 2**20:.0f}), padded to {largest[3] / 2**20:.0f} MiB"
    )
    print(line("open the largest file into a session (median)", largest_open, OPEN_TARGET_S))
    print(f"app peak RSS, median of {MEMORY_RUNS} runs (whole run, start-up to exit):")
    print(memory_line("baseline: the app with an empty fight", empty_rss, empty_wall))
    for label, rss, wall in (
        (f"the {COMBATANTS}-combatant, {events}-event file", file_rss, file_wall),
        ("the largest file the limits admit", largest_rss, largest_wall),
    ):
        print(memory_line(label, rss, wall, empty_rss))


def memory_line(label: str, rss: float, wall: float, baseline: float | None = None) -> str:
    """One aligned line of a peak RSS, with its ratio to ``baseline`` when there is one."""
    text = f"{label:<44} {rss / 2**20:8.1f} MiB  (run {wall:5.2f} s)"
    if baseline is not None:
        ratio = rss / baseline
        verdict = "ok" if ratio <= MEMORY_TARGET_RATIO else "OVER TARGET"
        text += f"   {ratio:5.2f}x the empty fight (target < {MEMORY_TARGET_RATIO:g}x, {verdict})"
    return text


if __name__ == "__main__":
    main()
