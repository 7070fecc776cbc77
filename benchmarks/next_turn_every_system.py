"""Next Turn in a table-sized fight of every round system, the Dice dock's panel included.

    uv run python benchmarks/next_turn_every_system.py

``next_turn.py`` times a 1,000-combatant ``uwr`` fight; a panel that lists every combatant
(``hands`` shows a row of pips and choices for each) costs most in an ordinary fight instead.
The main window is shown on the offscreen platform at 1366x740, a fight of 10 and of 40
combatants (copies of the round system's starter foes, sides taking turns) is started, and each
sample times ``Next Turn`` from the click until Qt has processed every resulting event. The
baseline, in the same run, is ``next_turn.py``'s bare ``QTableView`` with one row changed.
Prints each system's median and 95th percentile and its ratio to the baseline.
"""

import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from msgspec.structs import replace
from next_turn import _baseline, _percentile, _time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import new_combatant_id
from uwr_desktop.core.intents import AddCombatants, NextTurn, StartFight
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import MainWindow

SIZES = (10, 40)
SAMPLES = 30


def _fight(app: QApplication, folder: Path, ruleset_id: str, size: int) -> list[float]:
    settings = QSettings(str(folder / f"{ruleset_id}{size}.ini"), QSettings.Format.IniFormat)
    document = EncounterDocument(None, roller=Roller(random.Random(1)))
    window = MainWindow(document, settings)
    document.new(ruleset_id)
    foes = make_ruleset(ruleset_id).starter_templates()
    sides = (Side.PLAYER, Side.ENEMY)
    document.session.do(
        AddCombatants(
            [
                replace(
                    foes[number % len(foes)],
                    id=new_combatant_id(),
                    name=f"Combatant {number}",
                    side=sides[number % 2],
                )
                for number in range(size)
            ]
        )
    )
    document.session.do(StartFight())
    window.resize(1366, 740)
    window.show()
    app.processEvents()
    samples = _time(lambda: window.do(NextTurn()), app, SAMPLES)
    window.hide()  # closing would ask to save the fight
    document.close()
    return samples


def main() -> None:
    """Print the figures and the ratios."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    baseline = statistics.median(_baseline(app))
    print(f"{'bare table, one row changed':34s} median {baseline:7.2f} ms")
    with tempfile.TemporaryDirectory() as folder:
        for ruleset_id in ruleset_ids():
            for size in SIZES:
                samples = _fight(app, Path(folder), ruleset_id, size)
                median = statistics.median(samples)
                print(
                    f"{f'next turn, {ruleset_id}, {size}':34s} median {median:7.2f} ms"
                    f"   p95 {_percentile(samples, 0.95):7.2f} ms   {median / baseline:6.1f}x"
                )


if __name__ == "__main__":
    main()
