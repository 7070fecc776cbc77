import subprocess
import sys
import textwrap

import pytest

from uwr_desktop.core.dice import PoolSpec, RollKeepSpec, SumSpec
from uwr_desktop.core.odds import (
    check_probability,
    opposed_distribution,
    pool_distribution,
    roll_keep_probability,
    sum_distribution,
)
from uwr_desktop.ui.dice.odds_plot import OddsPlot, compute_odds, percent


@pytest.mark.parametrize(
    ("chance", "text"),
    [(0.0, "0%"), (1.0, "100%"), (0.25, "25.0%"), (0.0001, "< 0.1%"), (0.99999, "> 99.9%")],
)
def test_percent(chance, text):
    assert percent(chance) == text


def test_direct_check_odds_are_the_cores():
    odds = compute_odds(PoolSpec(7, favor=1, rerolls=2), difficulty=3)
    assert odds.chance == check_probability(7, 3, 1, 2)
    assert odds.headline == f"Chance to pass: {percent(check_probability(7, 3, 1, 2))}"
    assert odds.bars == tuple(enumerate(pool_distribution(7, 1, 2)))
    assert odds.good_from == 3


def test_opposed_odds_are_the_cores():
    odds = compute_odds(PoolSpec(5), reaction=PoolSpec(4, rerolls=1))
    surviving = opposed_distribution(pool_distribution(5), pool_distribution(4, 0, 1))
    assert odds.chance == pytest.approx(1 - surviving[0])
    assert odds.bars == tuple(enumerate(surviving))


def test_uncontested_pool_expects_successes():
    odds = compute_odds(PoolSpec(6))
    assert odds.headline == "Expected successes: 2.0"
    assert odds.chance is None


def test_roll_and_keep_against_a_target_number():
    odds = compute_odds(RollKeepSpec(6, 3), target_number=20)
    assert odds.chance == pytest.approx(roll_keep_probability(6, 3, 20), abs=1e-12)
    assert odds.good_from == 20
    assert all(p >= 1e-4 for _, p in odds.bars)


def test_roll_and_keep_modifier_shifts_the_target():
    with_bonus = compute_odds(RollKeepSpec(5, 2, modifier=5), target_number=25)
    assert with_bonus.chance == pytest.approx(roll_keep_probability(5, 2, 20), abs=1e-12)


def test_sum_odds():
    odds = compute_odds(SumSpec(2, 10, 5), target_number=17)
    expected = sum(p for total, p in sum_distribution(2, 10, 5).items() if total >= 17)
    assert odds.chance == pytest.approx(expected)
    assert compute_odds(SumSpec(2, 10, 5)).headline == "Average total 16.0"


def test_the_chart_is_built_when_first_shown(qtbot):
    plot = OddsPlot()
    qtbot.addWidget(plot)
    plot.set_odds(compute_odds(PoolSpec(4), difficulty=2))
    assert not plot.chart_loaded()
    plot.show()
    qtbot.waitExposed(plot)
    assert plot.chart_loaded()
    assert plot.accessibleDescription().startswith("Chance to pass")
    plot.set_odds(None)
    assert plot.accessibleDescription() == "No odds"


def test_pyqtgraph_and_numpy_load_only_when_the_chart_is_shown():
    script = textwrap.dedent(
        """
        import os, sys
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from PySide6.QtWidgets import QApplication
        from uwr_desktop.ui.dice.tray import DiceTray
        app = QApplication([])
        tray = DiceTray()
        tray.notation.setText("7d6 f+1 r2")
        tray.show()
        app.processEvents()
        assert tray.odds_text().startswith("Expected successes"), tray.odds_text()
        assert "pyqtgraph" not in sys.modules, "pyqtgraph loaded with the chart hidden"
        assert "numpy" not in sys.modules, "numpy loaded with the chart hidden"
        tray.chart_button.click()
        app.processEvents()
        assert "pyqtgraph" in sys.modules and tray.odds_plot.chart_loaded()
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
