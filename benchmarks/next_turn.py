"""Next turn in a fight of 1,000 combatants, including the table and timeline update.

The main window is shown on the offscreen platform; each sample times ``Next Turn`` from the
click until Qt has processed every resulting event and repaint. The baseline, in the same run, is
a bare ``QTableView`` over a 1,000-row model that signals one row changed and repaints. Prints
the medians, the 95th percentiles and the ratio (target: under 16 ms for one next turn).
"""

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSettings, Qt
from PySide6.QtWidgets import QApplication, QTableView

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, NextTurn, StartFight
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import MainWindow

COMBATANTS = 1000
SAMPLES = 200

_Index = QModelIndex | QPersistentModelIndex


class _BareModel(QAbstractTableModel):
    def __init__(self) -> None:
        super().__init__()
        self.values = [[f"{row}:{column}" for column in range(10)] for row in range(COMBATANTS)]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else COMBATANTS

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


def _time(step, app: QApplication, count: int = SAMPLES) -> list[float]:
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        step()
        app.processEvents()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def _baseline(app: QApplication) -> list[float]:
    model = _BareModel()
    view = QTableView()
    view.setModel(model)
    view.resize(1400, 900)
    view.show()
    app.processEvents()
    rows = iter(range(10**9))
    samples = _time(lambda: model.touch(next(rows) % 30), app)
    view.close()
    return samples


def _fight(app: QApplication, folder: Path) -> list[float]:
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    document = EncounterDocument(None, roller=Roller(random.Random(1)))
    window = MainWindow(document, settings)
    window.dice_tray.set_reduce_motion(True)
    sides = list(Side)
    document.session.do(
        AddCombatants(
            [
                Combatant(
                    id=f"c{number}",
                    name=f"Combatant {number}",
                    side=sides[number % 4],
                    sheet=UwrSheet(
                        attributes=Attributes(grace=random.Random(number).randint(1, 7))
                    ),
                )
                for number in range(COMBATANTS)
            ]
        )
    )
    document.session.do(StartFight())
    window.show()
    app.processEvents()
    samples = _time(lambda: window.do(NextTurn()), app)
    window.hide()  # closing would ask to save the fight
    return samples


def main() -> None:
    """Print the figures and the ratio."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        baseline = _baseline(app)
        fight = _fight(app, Path(folder))
    for label, samples in (("bare table, one row changed", baseline), ("next turn, 1000", fight)):
        print(
            f"{label:30s} median {statistics.median(samples):6.2f} ms"
            f"   p95 {_percentile(samples, 0.95):6.2f} ms"
        )
    ratio = statistics.median(fight) / statistics.median(baseline)
    print(f"next turn / bare table: {ratio:.1f}x; target: next turn under 16 ms")


if __name__ == "__main__":
    main()
