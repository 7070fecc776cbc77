"""Take the README's screenshot of a tactical fight: a main window mid-countdown.

    xvfb-run -a -s "-screen 0 1366x768x24" uv run python docs/images/tactical_screenshot.py \\
        docs/images/tactical-fight.png

Builds the fight through the session as a GM would (New Fight with the tactical system, five
combatants, bases typed over the rolls, declarations down to count 23, a stun), shows it in a
1366x768 main window and saves one frame.
"""

import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QScrollArea

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import AddCombatants, AddCondition, EditCell, NextTurn, StartFight
from uwr_desktop.core.rulesets.tactical.intents import (
    MoveMode,
    TacticalDeclare,
    TacticalMove,
    TacticalParry,
    TacticalSetCounter,
)
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.core.timeline import SlotStatus
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.theme import create_themed_application
from uwr_desktop.ui.window.main_window import MainWindow

PARTY = (
    ("hauser", "Hauser", Side.PLAYER, 1, 15),
    ("mira", "Mira", Side.PLAYER, 3, 12),
    ("bandit1", "Bandit 1", Side.ENEMY, 0, 11),
    ("bandit2", "Bandit 2", Side.ENEMY, 0, 8),
    ("captain", "Captain", Side.ENEMY, 2, 13),
)


def play(document: EncounterDocument) -> None:
    """The fight as the screenshot shows it: round 1, count 23."""
    session = document.session
    session.do(
        AddCombatants(
            [
                Combatant(
                    id=cid,
                    name=name,
                    side=side,
                    sheet=TacticalSheet(quickness=quickness, hits=40, hits_max=40),
                )
                for cid, name, side, quickness, _ in PARTY
            ]
        )
    )
    session.do(StartFight())
    for cid, _, _, _, base in PARTY:
        session.do(EditCell(cid, "initiative", base))
    session.do(TacticalParry("mira", 20, "captain"))
    session.do(TacticalSetCounter("Fire spreads", 1, 1))
    session.do(NextTurn())  # 35
    session.do(TacticalDeclare("hauser", "Melee attack", ap=3))
    session.do(NextTurn())  # 33
    session.do(TacticalDeclare("captain", "Melee attack", ap=2))
    session.do(NextTurn())  # 32
    session.do(TacticalDeclare("mira", "Load light crossbow"))
    session.do(NextTurn())  # 31
    session.do(TacticalDeclare("bandit1", "Ranged attack", ap=2))
    session.do(TacticalMove("bandit1", "Walk", MoveMode.BACKWARDS))
    session.do(NextTurn())  # 28
    session.do(TacticalDeclare("bandit2", "Melee attack"))
    session.do(NextTurn())  # 23: the captain's attack completes
    session.do(AddCondition(["hauser"], Condition("Stunned", 1)))


def main() -> int:
    """Save the screenshot to the path given (default: docs/images/tactical-fight.png)."""
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images/tactical-fight.png")
    app = create_themed_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        document = EncounterDocument(None, roller=Roller(random.Random(3)))
        document.new("tactical")
        library = CombatantLibrary(Path(folder) / "library.sqlite")
        window = MainWindow(document, settings, library=library)
        window.resize(1366, 768)
        window.actions_by_key["reduce_motion"].setChecked(True)
        window.show()
        play(document)
        window.resizeDocks([window.dice_dock], [580], Qt.Orientation.Horizontal)
        window.resizeDocks([window.log_dock], [150], Qt.Orientation.Vertical)
        for _ in range(5):
            app.processEvents()
        scroller = window.findChild(QScrollArea, "diceScroller")
        scroller.verticalScrollBar().setValue(0)
        current = [s.key for s in window.timeline.slots() if s.status is SlotStatus.CURRENT]
        window.timeline.ensure_visible(current[0])
        window.table.resizeColumnsToContents()
        for _ in range(5):
            app.processEvents()
        saved = window.grab().save(str(target))
        window.hide()
        document.close()
        library.close()
    QApplication.processEvents()
    return 0 if saved else 1


if __name__ == "__main__":
    sys.exit(main())
