"""The fight the player-view and sharing benchmarks time: a main window with ``count``
combatants of every side in a started ``uwr`` fight, some hidden and some under an alias."""

import random
from pathlib import Path

from PySide6.QtCore import QSettings

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, StartFight
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import MainWindow


def big_fight_window(folder: Path, name: str, count: int) -> MainWindow:
    """A window (not shown yet, reduced motion on) whose settings live in ``folder`` under
    ``name``, on a started fight of ``count`` combatants: every tenth hidden, every tenth
    under an alias."""
    settings = QSettings(str(folder / f"settings-{name}.ini"), QSettings.Format.IniFormat)
    document = EncounterDocument(None, roller=Roller(random.Random(1)))
    window = MainWindow(document, settings)
    window.actions_by_key["reduce_motion"].setChecked(True)
    sides = list(Side)
    document.session.do(
        AddCombatants(
            [
                Combatant(
                    id=f"c{number}",
                    name=f"Combatant {number}",
                    side=sides[number % 4],
                    hidden=number % 10 == 3,
                    alias="Someone" if number % 10 == 7 else "",
                    sheet=UwrSheet(
                        attributes=Attributes(grace=random.Random(number).randint(1, 7))
                    ),
                )
                for number in range(count)
            ]
        )
    )
    document.session.do(StartFight())
    return window
