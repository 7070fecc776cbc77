"""The check a frozen program runs on itself: it opens the odds chart, from its own folder."""

import os
import subprocess
import sys

import check_screenshot
import frozen_check
import pytest
from project import PACKAGING_DIR


def test_the_chart_check_draws_the_odds_chart(qapp, tmp_path, capsys):
    png = tmp_path / "chart.png"
    assert frozen_check.check_odds_chart(png) == 0
    assert "the odds chart opens" in capsys.readouterr().out
    assert check_screenshot.main([str(png)]) == 0


def test_frozen_the_check_fails_when_a_chart_module_comes_from_outside(
    qapp, tmp_path, monkeypatch, capsys
):
    # A frozen program's bundle is sys._MEIPASS: here it is an empty folder, so numpy,
    # pyqtgraph and QtOpenGL all load from elsewhere, as they would if the freeze lacked them.
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle" / "_internal"), raising=False)
    assert frozen_check.check_odds_chart(tmp_path / "chart.png") == 1
    message = capsys.readouterr().err
    for name in frozen_check.CHART_MODULES:
        assert f"{name} (from " in message


@pytest.mark.parametrize("flags", [[], ["-OO"]], ids=["bytecode", "without docstrings"])
def test_the_entry_point_runs_the_check_when_asked(tmp_path, flags):
    png = tmp_path / "chart.png"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        frozen_check.CHART_CHECK_VARIABLE: str(png),
    }
    result = subprocess.run(
        [sys.executable, *flags, str(PACKAGING_DIR / "entry_point.py")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert check_screenshot.main([str(png)]) == 0


def test_the_entry_point_shares_the_page_for_the_check_to_fetch(tmp_path):
    import check_share

    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        frozen_check.SHARE_CHECK_VARIABLE: str(tmp_path),
    }
    app = subprocess.Popen(
        [sys.executable, str(PACKAGING_DIR / "entry_point.py")],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert check_share.main([str(tmp_path)]) == 0
        out, err = app.communicate(timeout=60)
    finally:
        app.kill()
        app.wait()
    assert app.returncode == 0, err
    assert "the player view was shared" in out


def test_the_page_check_finds_a_refusal_where_the_page_should_be(tmp_path):
    import check_share

    from uwr_desktop.ui.share.assets import PageAssets
    from uwr_desktop.ui.share.server import ShareServer

    server = ShareServer(PageAssets())
    port = server.start("127.0.0.1")[1]
    try:
        problems = check_share.check(f"http://127.0.0.1:{port}/not-the-key/")
    finally:
        server.stop()
    assert any("403" in problem for problem in problems)
