"""Take the README's main screenshot: a uwr fight with an attack waiting for the reaction.

    xvfb-run -a -s "-screen 0 1366x768x24" uv run python docs/images/main_window_screenshot.py \\
        docs/images/main-window.png

Opens a copy of the shipped sample fight, as the first start does, lets the combatant on turn
attack the first enemy with its first weapon, shows it in a 1366x768 main window and saves one
frame.
"""

import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.rulesets.uwr.intents import Attack
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.theme import create_themed_application
from uwr_desktop.ui.window.main_window import MainWindow


def main() -> int:
    """Save the screenshot to the path given (default: docs/images/main-window.png)."""
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images/main-window.png")
    app = create_themed_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        document = EncounterDocument(None, roller=Roller(random.Random(5)))
        document.open_copy(resource_path("samples", "sample-fight.uwr"), "Sample fight")
        library = CombatantLibrary(Path(folder) / "library.sqlite")
        window = MainWindow(document, settings, library=library)
        window.resize(1366, 768)
        window.actions_by_key["reduce_motion"].setChecked(True)
        window.show()
        state = document.session.state
        attacker = state.combatants[state.current or state.order[0]]
        target = next(
            c for c in state.combatants.values() if c.side not in (attacker.side, Side.ALLY)
        )
        window.do(Attack(attacker.id, 0, target.id))
        window.resizeDocks([window.log_dock], [120], Qt.Orientation.Vertical)
        for _ in range(5):
            app.processEvents()
        saved = window.grab().save(str(path))
        window.hide()
        document.close()
        library.close()
    QApplication.processEvents()
    return 0 if saved else 1


if __name__ == "__main__":
    sys.exit(main())
