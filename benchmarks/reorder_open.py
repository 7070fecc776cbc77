"""Opening a uwr fight whose journal is nearly all small reorders, beside an ordinary one.

A fight of 100 combatants (and one of 1,000, the most a fight holds) is saved with 100,000
events, the most a file holds: after the start of the fight, every event types one
combatant's initiative (``InitiativeOverridden``, five to an entry), so each one moves a
combatant in the turn order. The ordinary file of the same size holds as many Stamina refills
instead, which move nobody. Both are opened (``decode_encounter``: read, checked, replayed)
and the median of the runs is printed with the ratio of the two.

Two baselines (``--no-baseline`` leaves them out): each reorder file opened with every event
applied whole by ``apply``, one state after another, as before the journal was replayed in
place; and, for the 100-combatant file only, with the turn order sorted again at every event
as well, as before the order was kept (about half a minute).

Run with ``uv run python benchmarks/reorder_open.py``.
"""

import argparse
import random
import statistics
import time
from fractions import Fraction

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import ENCODER, Event, to_builtins
from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.limits import MAX_EVENTS
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.round_system import RoundSystem
from uwr_desktop.core.rulesets.uwr import apply as uwr_apply
from uwr_desktop.core.rulesets.uwr.events import InitiativeOverridden, StaminaRefilled
from uwr_desktop.core.rulesets.uwr.order import turn_order
from uwr_desktop.core.rulesets.uwr.ruleset import UwrRuleset
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import FORMAT_NAME, SCHEMA_VERSION, decode_encounter

EVENTS_PER_ENTRY = 5
RUNS = 5
TARGET_S = 1.0


def roster(count: int) -> list[Combatant]:
    """``count`` combatants, a tenth of them players."""
    rng = random.Random(1)
    return [
        Combatant(
            id=f"c{number}",
            name=f"Fighter {number}",
            side=Side.PLAYER if number % 10 == 0 else Side.ENEMY,
            sheet=UwrSheet(
                attributes=Attributes(grace=Fraction(rng.randint(2, 10), 2)),
                weapons=(Weapon(name="Sword", upr_type="Swift"),),
            ),
        )
        for number in range(count)
    ]


def fight_file(combatants: int, *, reorders: bool) -> tuple[bytes, int]:
    """The bytes of a started fight filled to ``MAX_EVENTS`` with initiatives typed (or
    Stamina refills), and its number of events."""
    session = Session(make_ruleset("uwr"), roster(combatants), roller=Roller(random.Random(2)))
    session.do(StartFight())
    entries = list(session.entries)
    events = sum(len(entry.events) for entry in entries)
    rng = random.Random(3)
    ids = list(session.state.rows)
    while events < MAX_EVENTS:
        batch: list[Event] = []
        for _ in range(min(EVENTS_PER_ENTRY, MAX_EVENTS - events)):
            who = rng.choice(ids)
            if reorders:
                batch.append(InitiativeOverridden(who, rng.randint(-50, 50)))
            else:
                batch.append(StaminaRefilled(who, rng.randint(0, 3)))
        entries.append(JournalEntry("Initiative" if reorders else "Stamina", tuple(batch)))
        events += len(batch)
    document = {
        "format": FORMAT_NAME,
        "schema_version": SCHEMA_VERSION,
        "ruleset": "uwr",
        "settings": to_builtins(session.ruleset.settings),
        "roster": session.roster,
        "journal": entries,
        "cursor": len(entries),
    }
    return ENCODER.encode(document), events


def open_median(data: bytes, runs: int = RUNS) -> tuple[float, float]:
    """Median wall and CPU seconds of ``decode_encounter`` on ``data`` (the CPU time tells a
    slow open from a busy machine)."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        decode_encounter(data)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def applied_whole(data: bytes, *, sort: bool, runs: int = RUNS) -> tuple[float, float]:
    """Seconds to open ``data`` with each event applied whole by ``apply`` (no replay in
    place), and with the turn order sorted again at every event if ``sort``."""
    kept = uwr_apply.reordered, UwrRuleset.working
    UwrRuleset.working = RoundSystem.working
    if sort:
        uwr_apply.reordered = lambda before, state, moved, settings: turn_order(state, settings)
    try:
        return open_median(data, runs=runs)
    finally:
        uwr_apply.reordered, UwrRuleset.working = kept


def line(label: str, seconds: tuple[float, float], size: int, events: int) -> str:
    """One aligned line of figures: wall time, CPU time, the file."""
    wall, cpu = seconds
    return (
        f"{label:<42} {wall * 1000:8.1f} ms  CPU {cpu * 1000:8.1f} ms   "
        f"{size / 2**20:4.1f} MiB, {events:,} events"
    )


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-baseline", action="store_true", help="skip the slow baseline")
    args = parser.parse_args()
    for combatants in (100, 1_000):
        reorder, reorder_events = fight_file(combatants, reorders=True)
        ordinary, ordinary_events = fight_file(combatants, reorders=False)
        reorder_s = open_median(reorder)
        ordinary_s = open_median(ordinary)
        print(f"uwr fight of {combatants:,} combatants, median of {RUNS} opens")
        print(line("  ordinary file (Stamina refills)", ordinary_s, len(ordinary), ordinary_events))
        print(line("  reorder file (initiatives typed)", reorder_s, len(reorder), reorder_events))
        verdict = "ok" if reorder_s[0] < TARGET_S else "OVER TARGET"
        print(
            f"  reorders / ordinary: {reorder_s[0] / ordinary_s[0]:.2f}x "
            f"(CPU {reorder_s[1] / ordinary_s[1]:.2f}x); target under {TARGET_S:g} s: {verdict}"
        )
        if args.no_baseline:
            continue
        whole = applied_whole(reorder, sort=False)
        print(line("  baseline: each event applied whole", whole, len(reorder), reorder_events))
        print(f"  applied whole / replayed in place: {whole[0] / reorder_s[0]:.1f}x")
        if combatants == 100:
            before = applied_whole(reorder, sort=True, runs=1)
            label = "  baseline: sorted again at every event"
            print(line(label, before, len(reorder), reorder_events))
            print(f"  sorted again / replayed in place: {before[0] / reorder_s[0]:.1f}x")


if __name__ == "__main__":
    main()
