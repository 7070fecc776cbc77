"""Two copies of the app started at the same moment on a fresh profile both get their store.

Each copy is a real process running the start-up path of the app (the journal store, then the
combatant library on the same file). Once all have loaded the app's code they are given one
start time to wait for, so that they really race to create the file.
"""

import subprocess
import sys
import textwrap
import time

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
        children = [
            subprocess.Popen(
                [sys.executable, "-c", CHILD, str(home)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for _ in range(COPIES)
        ]
        for child in children:
            assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        start = f"{time.time() + 0.2}\n"
        for child in children:
            assert child.stdin is not None
            child.stdin.write(start)
            child.stdin.flush()
        for child in children:
            output, _ = child.communicate(timeout=60)
            if child.returncode != 0:
                failures.append(output)
        assert not list((home / "data").glob("*damaged*"))
    assert not failures, failures[0]
