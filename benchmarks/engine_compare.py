"""Intent, undo and open of ``engine.py``'s fight on this checkout and another, in turn.

Both versions do the same intents (``engine.py``'s fight: 1,000 uwr combatants, the autosave
journal attached, the same seeds), so what differs is the code, not the workload. Each run is
a fresh process per version, the versions alternating (and which goes first too); the report
gives the median over runs of each run's median, and the ratio of this checkout to the other.
Opening is ``read_encounter`` of that fight saved once grown to 20,000 events (``engine.py``'s
file) and once grown by 17,000 intents (the same entries on both versions: since the seam an
attack also records the Stamina it spends, so 20,000 events are fewer entries).

    uv run python benchmarks/engine_compare.py OTHER_CHECKOUT [--runs 10] [--instructions]

``OTHER_CHECKOUT`` is a work tree of another commit (``git worktree add --detach DIR COMMIT``)
run with this environment, so its dependencies must match. ``--instructions`` counts the
instructions of one intent and one undo under valgrind's callgrind instead (deterministic, so
one run each: the difference between a run of 200 intents and undos, of 200 intents and of
none); it needs ``valgrind`` on the ``PATH`` and takes a few minutes.

``--generic`` uses only intents every ruleset shares (damage, healing, next turn).
"""

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

INTENTS = 300
COUNTED = 200
OPEN_RUNS = 7
FILE_EVENTS = 20_000
FILE_INTENTS = 17_000
"""Intents of the second file opened: about as many as 20,000 events took before the ruleset
seam (attacks then had no Stamina events), so both versions open the same entries."""
# Valgrind runs Python some 40 times slower: a state is kept as a slow entry's (a round start,
# the start of the fight) when its entry takes 40 times the session's real threshold.
VALGRIND_SLOWDOWN = 40
HERE = Path(__file__).resolve().parent


def roster(count: int) -> list[Any]:
    """``engine.roster`` in either version's shape (before the seam a combatant held its
    attributes, weapons and Vitality itself)."""
    from uwr_desktop.core.encounter import Combatant
    from uwr_desktop.core.sides import Side

    try:
        from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon, WeaponPool
    except ImportError:
        from uwr_desktop.core.encounter import (  # type: ignore[attr-defined,no-redef]
            Attributes,
            Weapon,
            WeaponPool,
        )

        UwrSheet = None  # noqa: N806
    rng = random.Random(1)
    fighters = []
    for number in range(count):
        player = number % 10 == 0
        stats = {
            "attributes": Attributes(
                brawn=Fraction(rng.randint(2, 10), 2), grace=Fraction(rng.randint(2, 10), 2)
            ),
            "weapons": (
                Weapon(name="Sword", upr_type="Swift"),
                Weapon(name="Bow", upr_type="Quick", pool=WeaponPool.RANGED),
            ),
            "vitality": 1_000,
            "vitality_max": 1_000,
        }
        generic: dict[str, Any] = {
            "id": f"c{number}",
            "name": f"{'Hero' if player else 'Bandit'} {number}",
            "side": Side.PLAYER if player else Side.ENEMY,
        }
        if UwrSheet is None:
            fighters.append(Combatant(**generic, **stats))
        else:
            fighters.append(Combatant(**generic, sheet=UwrSheet(**stats)))
    return fighters


def gm_action(session: Any, rng: random.Random, generic: bool) -> None:
    """``engine.gm_action``, or with ``generic`` only damage, healing and next turn."""
    from uwr_desktop.core.intents import ApplyDamage, Heal, NextTurn

    state = session.state
    roll = rng.random()
    if roll < (0.6 if generic else 0.2):
        session.do(ApplyDamage([rng.choice(state.rows)], rng.randint(1, 5)))
        return
    if roll < (0.9 if generic else 0.3):
        session.do(Heal([rng.choice(state.rows)], 1))
        return
    if generic:
        session.do(NextTurn())
        return
    part = state.part if hasattr(state, "part") and state.part is not None else state
    pending = part.pending
    # Before the pending check held the event that rolled it, its fields sat on it.
    check = getattr(pending, "check", pending)
    if pending is None:
        who = state.current
    elif pending.reaction is None and check.target is not None:
        who = check.target
    else:
        who = check.actor
    options = session.ruleset.legal_intents(state, who) if who is not None else ()
    session.do(rng.choice(options).intent if options else NextTurn())


def fight(store: Any) -> Any:
    """``engine.measure_intents``'s fight, started, with its journal in ``store``."""
    from uwr_desktop.core.dice import Roller
    from uwr_desktop.core.intents import StartFight
    from uwr_desktop.core.rulesets import make_ruleset
    from uwr_desktop.core.session import Session
    from uwr_desktop.core.storage.autosave import autosave

    session = Session(make_ruleset("uwr"), roster(1_000), roller=Roller(random.Random(2)))
    autosave(store, session, title="Benchmark")
    session.do(StartFight())
    return session


def act(session: Any, count: int, generic: bool) -> list[float]:
    """Seconds of each of ``count`` intents (refused ones are not counted)."""
    from uwr_desktop.core.intents import RulesError

    rng = random.Random(3)
    samples: list[float] = []
    while len(samples) < count:
        started = time.perf_counter()
        try:
            gm_action(session, rng, generic)
        except RulesError:
            continue
        samples.append(time.perf_counter() - started)
    return samples


def worker(mode: str, count: int, undos: int, generic: bool) -> None:
    """In the version on ``sys.path``: print median seconds (``time``, ``open``) or just do
    the work (``count``, for callgrind)."""
    import uwr_desktop.core.session as session_module
    from uwr_desktop.core.storage.journal_db import JournalStore

    if mode == "count":
        session_module.HEAVY_ENTRY_SECONDS *= VALGRIND_SLOWDOWN  # type: ignore[misc]
    with tempfile.TemporaryDirectory() as folder, JournalStore(Path(folder) / "j.db") as store:
        session = fight(store)
        if mode == "open":
            path = Path(folder) / "big.uwr"
            print(statistics.median(open_samples(session, path, count, generic)))
            return
        intents = act(session, count, generic)
        undo_samples = []
        for _ in range(undos):
            started = time.perf_counter()
            session.undo()
            undo_samples.append(time.perf_counter() - started)
        if mode == "time":
            print(statistics.median(intents), statistics.median(undo_samples))


def open_samples(session: Any, path: Path, intents: int, generic: bool) -> list[float]:
    """Seconds to ``read_encounter`` a file of the fight grown by ``intents`` intents, or
    with ``0`` to ``FILE_EVENTS`` events."""
    import gc

    from uwr_desktop.core.intents import RulesError
    from uwr_desktop.core.storage.encounter_file import read_encounter, save_encounter

    rng = random.Random(5)
    events = sum(len(entry.events) for entry in session.entries)
    done = 0
    while (done < intents) if intents else (events < FILE_EVENTS):
        try:
            gm_action(session, rng, generic)
        except RulesError:
            continue
        events += len(session.entries[-1].events)
        done += 1
    save_encounter(session, path)
    samples = []
    for _ in range(OPEN_RUNS):
        gc.collect()
        started = time.perf_counter()
        read_encounter(path)
        samples.append(time.perf_counter() - started)
    return samples


def run(checkout: Path, *args: str, valgrind: bool = False) -> str:
    """This script's worker in ``checkout``'s code; its output."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", *args]
    if valgrind:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    if valgrind:
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise SystemExit(f"no instruction count from valgrind:\n{done.stderr}")
        return found.group(1)
    return done.stdout


def instructions(checkout: Path, generic: bool) -> tuple[float, float]:
    """Instructions of one intent and of one undo in ``checkout``."""
    flag = ["generic"] if generic else []
    none = int(run(checkout, "count", "0", "0", *flag, valgrind=True))
    acted = int(run(checkout, "count", str(COUNTED), "0", *flag, valgrind=True))
    undone = int(run(checkout, "count", str(COUNTED), str(COUNTED), *flag, valgrind=True))
    return (acted - none) / COUNTED, (undone - acted) / COUNTED


def compare(other: Path, runs: int, counting: bool, generic: bool) -> None:
    """Print each figure for both versions and the ratio this / other."""
    versions = {"other": other.resolve(), "this": HERE.parent}
    flag = ["generic"] if generic else []
    figures: dict[str, dict[str, list[float]]] = {
        name: {"intent": [], "undo": [], "open": [], "open same entries": []} for name in versions
    }
    if counting:
        for name, checkout in versions.items():
            intent, undo = instructions(checkout, generic)
            figures[name]["intent"].append(intent)
            figures[name]["undo"].append(undo)
        unit = "instructions"
    else:
        for number in range(runs):
            order = list(versions.items())
            for name, checkout in order if number % 2 else reversed(order):
                timed = run(checkout, "time", str(INTENTS), str(INTENTS), *flag).split()
                intent, undo = map(float, timed)
                figures[name]["intent"].append(intent * 1000)
                figures[name]["undo"].append(undo * 1000)
                figures[name]["open"].append(float(run(checkout, "open", "0", "0", *flag)) * 1000)
                opened = run(checkout, "open", str(FILE_INTENTS), "0", *flag)
                figures[name]["open same entries"].append(float(opened) * 1000)
        unit = "ms"
    print(f"this: {versions['this']}   other: {versions['other']}   ({unit})")
    for figure in figures["this"]:
        if not figures["this"][figure]:
            continue
        this = statistics.median(figures["this"][figure])
        that = statistics.median(figures["other"][figure])
        spread = ", ".join(f"{value:.4g}" for value in figures["this"][figure])
        print(f"{figure:18s} other {that:12.4f}   this {this:12.4f}   this/other {this / that:.3f}")
        if len(figures["this"][figure]) > 1:
            print(f"    this, run by run: {spread}")
            print(
                "    other, run by run: "
                + ", ".join(f"{value:.4g}" for value in figures["other"][figure])
            )


def main() -> None:
    """Compare, or be the worker one version runs."""
    if sys.argv[1:2] == ["--worker"]:
        mode, count, undos = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        worker(mode, count, undos, "generic" in sys.argv[5:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="a work tree of the commit to compare with")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--generic", action="store_true")
    options = parser.parse_args()
    compare(options.other, options.runs, options.instructions, options.generic)


if __name__ == "__main__":
    main()
