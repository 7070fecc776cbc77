"""Take the screenshot of a uwr hit waiting to be applied, beside a defeated (greyed) enemy.

    xvfb-run -a -s "-screen 0 1366x768x24" uv run python docs/images/apply_hit_screenshot.py \\
        docs/images/uwr-apply-hit.png

Opens a copy of the shipped sample fight, starts it, fells the last enemy in the table not on
turn, lets the combatant on turn attack the nearest enemy the panel offers with no reaction,
and saves one frame of a 1366x768 window with the "Apply N damage" offer.
"""

import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import ApplyDamage, StartFight
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.rulesets.uwr.intents import Attack, ResolveCheck
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.core.targets import default_target
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.theme import create_themed_application
from uwr_desktop.ui.window.main_window import MainWindow


def main() -> int:
    """Save the screenshot to the path given (default: docs/images/uwr-apply-hit.png)."""
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images/uwr-apply-hit.png")
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
        session = document.session
        if session.state.round == 0:
            window.do(StartFight())
        state = session.state
        enemies = [
            cid
            for cid in state.rows
            if state.combatants[cid].side is Side.ENEMY and cid != state.current
        ]
        window.do(ApplyDamage([enemies[-1]], 99))
        state = session.state
        attacker = state.current or state.order[0]
        target = default_target(state, attacker)
        if target is None:
            return 1
        window.do(Attack(attacker, 0, target))
        window.do(ResolveCheck())
        window.resizeDocks([window.log_dock], [110], Qt.Orientation.Vertical)
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
