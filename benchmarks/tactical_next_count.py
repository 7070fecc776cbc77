"""Next count in a tactical fight of 200 combatants, every one with an action under way,
including the table, timeline and panel update; and the same with 400 of each.

The main window is shown on the offscreen platform. Combatants have base initiatives 1 to 20;
everyone declares a Dodge (4 AP) on its count, 40 down to 21, so at count 21 every combatant
has an action pending, resolving between 20 and 1. Each sample times *Next count* from there
(to count 20, where a twentieth of the actions complete) until Qt has processed every resulting
event and repaint; the step is then undone, untimed. The rules give a combatant one action under
way at a time, so 400 pending actions take 400 combatants. The baseline, in the same run, is a
bare ``QTableView`` over as many rows signalling one row changed and repainting. Prints the
medians, the 95th percentiles, the CPU time (telling a busy machine from a slow step) and the
ratios (target: under one 60 Hz frame, 16.7 ms).
"""

import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSettings, Qt
from PySide6.QtWidgets import QApplication, QTableView

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, NextTurn, StartFight
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.tactical.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import MainWindow

SAMPLES = 100
FRAME_MS = 1000 / 60

_Index = QModelIndex | QPersistentModelIndex


class _BareModel(QAbstractTableModel):
    def __init__(self, rows: int) -> None:
        super().__init__()
        self.rows = rows
        self.values = [[f"{row}:{column}" for column in range(10)] for row in range(rows)]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self.rows

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 10

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return self.values[index.row()][index.column()]
        return None

    def touch(self, row: int) -> None:
        self.values[row][1] = str(time.perf_counter())
        self.dataChanged.emit(self.index(row, 0), self.index(row, 9))


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Samples:
    """Wall-clock and CPU times of each sample, in milliseconds."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []


def _time(step: Callable[[], None], app: QApplication, after: Callable[[], None]) -> Samples:
    samples = Samples()
    for _ in range(SAMPLES):
        start, start_cpu = time.perf_counter(), time.process_time()
        step()
        app.processEvents()
        samples.wall.append((time.perf_counter() - start) * 1000)
        samples.cpu.append((time.process_time() - start_cpu) * 1000)
        after()
        app.processEvents()
    return samples


def _baseline(app: QApplication, rows: int) -> Samples:
    model = _BareModel(rows)
    view = QTableView()
    view.setModel(model)
    view.resize(1400, 900)
    view.show()
    app.processEvents()
    touched = iter(range(10**9))
    samples = _time(lambda: model.touch(next(touched) % 30), app, lambda: None)
    view.close()
    return samples


def _everyone_declared(session: Session, count: int) -> None:
    """Start the fight and declare a Dodge for everyone, down to count 21."""
    session.do(StartFight())
    session.do(NextTurn())
    order = session.ruleset.settings.tie_order  # type: ignore[attr-defined]
    while True:
        for cid in rules.declaring(session.state, order):
            session.do(TacticalDeclare(cid, "Dodge"))
        if part_of(session.state).count == 21:
            break
        session.do(NextTurn())
    pending = sum(1 for c in session.state.combatants.values() if c.sheet.now.action)  # type: ignore[attr-defined]
    assert pending == count, pending


def _fight(app: QApplication, folder: Path, count: int) -> Samples:
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    document = EncounterDocument(None, roller=Roller(random.Random(1)))
    document.new("tactical")
    window = MainWindow(document, settings)
    window.dice_tray.set_reduce_motion(True)
    sides = list(Side)
    session = document.session
    session.do(
        AddCombatants(
            [
                Combatant(
                    id=f"c{number}",
                    name=f"Combatant {number}",
                    side=sides[number % 4],
                    sheet=TacticalSheet(initiative_override=1 + number % 20),
                )
                for number in range(count)
            ]
        )
    )
    _everyone_declared(session, count)
    window.show()
    app.processEvents()
    samples = _time(lambda: window.do(NextTurn()), app, session.undo)
    window.hide()  # closing would ask to save the fight
    document.close()
    return samples


def main() -> None:
    """Print the figures and the ratios."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for count in (200, 400):
            results.append((count, _baseline(app, count), _fight(app, Path(folder), count)))
    for count, baseline, fight in results:
        for label, samples in (
            (f"bare table of {count}, one row changed", baseline),
            (f"next count, {count} pending", fight),
        ):
            print(
                f"{label:36s} median {statistics.median(samples.wall):6.2f} ms"
                f"   p95 {_percentile(samples.wall, 0.95):6.2f} ms"
                f"   CPU median {statistics.median(samples.cpu):6.2f} ms"
            )
        ratio = statistics.median(fight.wall) / statistics.median(baseline.wall)
        verdict = "met" if statistics.median(fight.wall) < FRAME_MS else "NOT met"
        print(
            f"next count / bare table ({count}): {ratio:.1f}x; "
            f"target under {FRAME_MS:.1f} ms median: {verdict}"
        )


if __name__ == "__main__":
    main()
