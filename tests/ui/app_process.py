"""Starting the real app in a process of its own for a test: offscreen, on a data folder of the
test's, never on the temporary configuration a test run may have set."""

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


def run_app_script(
    script: str,
    home: Path,
    env_vars: Mapping[str, str] = {},
    *,
    screen: tuple[int, int] | None = None,
) -> str:
    """Run ``script`` (which starts the app its own way) with the app's data in ``home``, on an
    offscreen screen of ``screen`` pixels (``None``: Qt's own 800x600); what it printed. A
    failed run or a traceback fails the test."""
    platform = "offscreen"
    if screen is not None:
        home.mkdir(parents=True, exist_ok=True)
        screens = home / "screens.json"
        width, height = screen
        shape = {"name": "test", "x": 0, "y": 0, "width": width, "height": height, "dpr": 1}
        screens.write_text(json.dumps({"screens": [shape]}), encoding="utf-8")
        platform = f"offscreen:configfile={screens}"
    env = {
        **os.environ,
        **env_vars,
        "UWR_DESKTOP_HOME": str(home),
        "QT_QPA_PLATFORM": platform,
        "UWR_TEST_HELPERS": str(Path(__file__).parents[1]),
    }
    env.pop("UWR_DESKTOP_TEMP_CONFIG", None)
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout
