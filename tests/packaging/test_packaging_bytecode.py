"""The frozen app ships its bytecode without docstrings (PyInstaller's ``optimize=2``, Python's
``-OO``): the window, the odds chart and the app's own code must do without them."""

import os
import subprocess
import sys
from pathlib import Path

import check_screenshot
import frozen_check
from project import PACKAGING_DIR

import uwr_desktop

WITHOUT_DOCSTRINGS = "-OO"


def _run_without_docstrings(arguments: list[str], env_vars: dict[str, str]) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **env_vars}
    env.pop("UWR_DESKTOP_TEMP_CONFIG", None)
    done = subprocess.run(
        [sys.executable, WITHOUT_DOCSTRINGS, *arguments],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def test_the_window_starts_and_paints_its_fight_without_docstrings(tmp_path):
    picture = tmp_path / "window.png"
    home = {"UWR_DESKTOP_HOME": str(tmp_path / "home")}
    _run_without_docstrings(["-m", "uwr_desktop", "--smoke-test", str(picture)], home)
    assert check_screenshot.main([str(picture)]) == 0


def test_the_odds_chart_draws_without_docstrings(tmp_path):
    picture = tmp_path / "chart.png"
    chart = {frozen_check.CHART_CHECK_VARIABLE: str(picture)}
    _run_without_docstrings([str(PACKAGING_DIR / "entry_point.py")], chart)
    assert check_screenshot.main([str(picture)]) == 0


def test_the_app_s_own_code_reads_no_docstring():
    package = Path(uwr_desktop.__file__).parent
    readers = [
        str(path.relative_to(package))
        for path in sorted(package.rglob("*.py"))
        if "__doc__" in (text := path.read_text(encoding="utf-8")) or "getdoc(" in text
    ]
    assert readers == []
