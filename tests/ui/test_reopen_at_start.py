"""The real start, in its own process: the fight open last is reopened when the app starts
again, a file named on the command line wins over it, and one that is gone leaves an empty
fight with a word in the status bar."""

import textwrap
from pathlib import Path

from app_process import run_app_script

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import save_encounter

START_AND_REPORT = textwrap.dedent(
    """
    import os
    import sys
    from pathlib import Path

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow
    from uwr_desktop.cli import LaunchOptions
    from uwr_desktop.ui import app

    made = app.create_themed_application

    def report_then_quit():
        for window in QApplication.topLevelWidgets():
            if isinstance(window, QMainWindow) and window.isVisible():
                state = window.document.session.state
                names = ", ".join(state.combatants[cid].name for cid in state.rows)
                print("PATH", window.document.path, flush=True)
                print("NAMES", names, flush=True)
                print("STATUS", window.statusBar().currentMessage(), flush=True)
                window.close()
                QApplication.quit()

    def create(argv, **options):
        application = made(argv, **options)
        QTimer.singleShot(100, report_then_quit)
        return application

    app.create_themed_application = create
    named = os.environ.get("UWR_TEST_FILE")
    options = LaunchOptions(
        file=Path(named) if named else None, smoke_test=False, smoke_png=None, temp_config=False
    )
    sys.exit(app.run(options))
    """
)


def _start(home: Path, file: Path | None = None) -> dict[str, str]:
    printed = run_app_script(START_AND_REPORT, home, {"UWR_TEST_FILE": str(file)} if file else {})
    return dict(line.split(" ", 1) for line in printed.splitlines() if " " in line)


def _fight(path: Path, *names: str) -> Path:
    roster = [
        Combatant(id=f"c{n}", name=name, side=Side.ENEMY, sheet=UwrSheet())
        for n, name in enumerate(names)
    ]
    save_encounter(Session(make_ruleset("uwr"), roster), path)
    return path


def test_a_restart_reopens_the_last_fight_and_a_named_file_wins(tmp_path):
    home = tmp_path / "home"
    tonight = _fight(tmp_path / "tonight.uwr", "Bandit", "Oda")
    other = _fight(tmp_path / "other.uwr", "Hornet")
    first = _start(home, tonight)  # the first start, with a file named
    assert first["NAMES"] == "Bandit, Oda"

    again = _start(home)
    assert Path(again["PATH"]) == tonight.absolute()
    assert again["NAMES"] == "Bandit, Oda"

    named = _start(home, other)
    assert named["NAMES"] == "Hornet"
    assert _start(home)["NAMES"] == "Hornet", "the fight open last is the one named"

    other.unlink()
    gone = _start(home)
    assert gone["NAMES"] == ""
    assert "other.uwr" in gone["STATUS"] and "empty fight" in gone["STATUS"]
