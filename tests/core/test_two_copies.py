"""Two copies of the app started at the same moment on a fresh profile both get their store.

Each copy is a real process running the start-up path of the app (the journal store, then the
combatant library on the same file). Once all have loaded the app's code they are given one
start time to wait for, so that they really race to create the file.
"""

import sys
import textwrap

from together import run_together

ROUNDS = 8
COPIES = 3

CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from uwr_desktop.core.storage.library import CombatantLibrary
    from uwr_desktop.core.storage.startup import open_journal

    path = Path(sys.argv[1]) / "data" / "journal.sqlite3"
    print("ready", flush=True)
    start = float(sys.stdin.readline())
    while time.time() < start:
        pass
    opening = open_journal(path, keep_closed=20)
    if opening.store is None or opening.damage is not None:
        print("FAILED", opening.unavailable, opening.damage)
        sys.exit(1)
    library = CombatantLibrary(path)
    journal = opening.store.start_encounter(ruleset="uwr", settings={}, roster=(), title="Copy")
    journal.close_cleanly()
    library.close()
    opening.store.close()
    print("OK")
    """
)


def test_copies_started_together_on_a_fresh_profile_all_start(tmp_path):
    failures = []
    for round_number in range(ROUNDS):
        home = tmp_path / f"profile-{round_number}"
        command = [sys.executable, "-c", CHILD, str(home)]
        results = run_together([command] * COPIES)
        failures += [output for code, output in results if code != 0]
        assert not list((home / "data").glob("*damaged*"))
    assert not failures, failures[0]
