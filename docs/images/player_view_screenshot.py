"""Take the README's player view screenshot: the GM's window beside the players' view.

    xvfb-run -a -s "-screen 0 2700x900x24" uv run python docs/images/player_view_screenshot.py \\
        docs/images/player-view.png

Opens a copy of the shipped sample fight, as the first start does; a hidden archer joins, Bandit
2 is shown to the players as "Bandit", Vex is Inspired, Bandit 1 falls, and the Bandit Captain
attacks Vex, who dodges. The GM's window
(1366x768) and the player view (1280x720, the size it opens at without a second screen) are
each grabbed and saved side by side.
"""

import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import AddCombatants, AddCondition, ApplyDamage
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction, ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.theme import create_themed_application
from uwr_desktop.ui.window.main_window import MainWindow

GAP = 12


def main() -> int:
    """Save the screenshot to the path given (default: docs/images/player-view.png)."""
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images/player-view.png")
    app = create_themed_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        document = EncounterDocument(None, roller=Roller(random.Random(7)))
        document.open_copy(resource_path("samples", "sample-fight.uwr"), "Sample fight")
        library = CombatantLibrary(Path(folder) / "library.sqlite")
        window = MainWindow(document, settings, library=library)
        window.actions_by_key["reduce_motion"].setChecked(True)
        window.resize(1366, 768)
        window.show()
        archer = Combatant(
            id="archer", name="Hidden Archer", side=Side.ENEMY, hidden=True, sheet=UwrSheet()
        )
        ruleset = document.session.ruleset
        for intent in (
            AddCombatants([archer]),
            ruleset.edit_intent("bandit-2", "alias", "Bandit"),
            AddCondition(["vex"], Condition("Inspired", rounds=2)),
            ApplyDamage(["bandit-1"], 8),
            Attack("captain", 0, "vex"),
            React(Reaction.DODGE),
            ResolveCheck(),
        ):
            window.do(intent)
        window.player_view.set_open(True)
        view = window.player_view.view
        for _ in range(10):
            app.processEvents()
        gm = window.grab().toImage()
        players = view.grab().toImage() if view is not None else QImage()
        canvas = QImage(
            gm.width() + GAP + players.width(),
            max(gm.height(), players.height()),
            QImage.Format.Format_RGB32,
        )
        canvas.fill(QColor("#3a3f47"))
        painter = QPainter(canvas)
        painter.drawImage(QPoint(0, 0), gm)
        painter.drawImage(
            QPoint(gm.width() + GAP, (canvas.height() - players.height()) // 2), players
        )
        painter.end()
        saved = canvas.save(str(path))
        window.player_view.set_open(False)
        window.hide()
        document.close()
        library.close()
    QApplication.processEvents()
    return 0 if saved else 1


if __name__ == "__main__":
    sys.exit(main())
