"""Large odds are worked out off the GUI thread, superseded by newer inputs, and the chart says
when there is nothing to chart."""

import random

import pytest
import shiboken6
from PySide6.QtCore import QTimer

from uwr_desktop.core.dice import PoolSpec, Roller, SumSpec
from uwr_desktop.core.odds import sum_distribution
from uwr_desktop.ui.dice.odds_plot import NO_DICE_TEXT, WORKING_TEXT, OddsPlot, compute_odds
from uwr_desktop.ui.dice.odds_worker import AT_ONCE_STEPS, OddsJob, OddsWorker, estimated_steps
from uwr_desktop.ui.dice.tray import DiceTray

# Hang guard only: 100d1000 takes well under a second on a laptop.
WAIT_MS = 60_000


@pytest.fixture
def tray(qtbot):
    widget = DiceTray(roller=Roller(random.Random(7)))
    qtbot.addWidget(widget)
    widget.resize(700, 700)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    widget.odds_worker.wait_idle(WAIT_MS)


def _average(count, sides):
    distribution = sum_distribution(count, sides)
    return f"Average total {sum(t * p for t, p in distribution.items()):.1f}"


def test_small_rolls_are_answered_at_once_and_large_sums_are_not():
    assert estimated_steps(OddsJob(PoolSpec(100, rerolls=100))) <= AT_ONCE_STEPS
    assert estimated_steps(OddsJob(SumSpec(2, 10, 5))) <= AT_ONCE_STEPS
    assert estimated_steps(OddsJob(SumSpec(100, 1000))) > AT_ONCE_STEPS


def test_a_large_sum_leaves_the_window_responsive_and_then_shows_its_odds(qtbot, tray):
    ticks = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    tray.notation.setText("100d1000")
    # The keystroke returned before the odds were known: the GUI thread did not compute them.
    assert tray.odds_text() == WORKING_TEXT
    assert tray.odds_worker.busy()
    assert tray.odds_plot.empty_text() == WORKING_TEXT
    assert tray.roll_button.isEnabled()
    qtbot.waitUntil(lambda: tray.odds_text() != WORKING_TEXT, timeout=WAIT_MS)
    timer.stop()
    assert tray.odds_text() == _average(100, 1000)
    # The event loop kept running while the worker computed.
    assert ticks
    assert not tray.odds_worker.busy()
    assert tray.odds_plot.odds() == compute_odds(SumSpec(100, 1000))


def test_newer_inputs_supersede_odds_still_being_worked_out(qtbot, tray):
    tray.notation.setText("100d1000")
    assert tray.odds_text() == WORKING_TEXT
    tray.notation.setText("2d10")
    assert tray.odds_text() == "Average total 11.0"
    assert not tray.odds_worker.busy()
    # The late answer for 100d1000 arrives and is thrown away.
    tray.odds_worker.wait_idle(WAIT_MS)
    qtbot.wait(50)
    assert tray.odds_text() == "Average total 11.0"
    assert tray.odds_plot.odds() == compute_odds(SumSpec(2, 10))


def test_typing_a_large_sum_key_by_key_ends_on_its_own_odds(qtbot, tray):
    qtbot.keyClicks(tray.notation, "90d900")
    qtbot.waitUntil(lambda: not tray.odds_worker.busy(), timeout=WAIT_MS)
    assert tray.odds_text() == _average(90, 900)


def test_clearing_the_dice_forgets_odds_under_way(qtbot, tray):
    tray.combatant.setCurrentIndex(0)
    tray.notation.setText("100d1000")
    tray.notation.clear()
    assert not tray.odds_worker.busy()
    tray.odds_worker.wait_idle(WAIT_MS)
    qtbot.wait(50)
    assert tray.odds_text() == ""
    assert tray.odds_plot.empty_text() == NO_DICE_TEXT


def test_a_worker_answers_only_its_latest_request(qtbot):
    worker = OddsWorker()
    answers = []
    worker.ready.connect(answers.append)
    assert worker.request(OddsJob(SumSpec(100, 900))) is None
    assert worker.request(OddsJob(SumSpec(100, 1000))) is None
    with qtbot.waitSignal(worker.ready, timeout=WAIT_MS):
        pass
    worker.wait_idle(WAIT_MS)
    qtbot.wait(50)
    assert answers == [compute_odds(SumSpec(100, 1000))]


def test_a_worker_closed_mid_job_waits_for_it_before_its_relay_goes(qtbot):
    worker = OddsWorker()
    gone = []
    for child in worker.children():
        kind = type(child).__name__
        child.destroyed.connect(lambda _=None, kind=kind: gone.append(kind))
    assert worker.request(OddsJob(SumSpec(100, 1000))) is None
    shiboken6.delete(worker)
    assert gone == ["QThreadPool", "_Relay"]


def test_the_chart_with_no_dice_says_so_instead_of_drawing_an_axis(qtbot):
    plot = OddsPlot()
    qtbot.addWidget(plot)
    plot.show()
    qtbot.waitExposed(plot)
    assert plot.chart_loaded()
    assert plot.empty_text() == NO_DICE_TEXT
    assert plot.findChild(type(plot._empty), "oddsPlotEmpty").isVisible()
    assert not plot._plot.isVisible()
    plot.set_odds(compute_odds(PoolSpec(4), difficulty=2))
    assert plot.empty_text() == ""
    assert plot._plot.isVisible()
    plot.set_odds(None)
    assert plot.empty_text() == NO_DICE_TEXT
    assert not plot._plot.isVisible()


def test_the_tray_chart_is_empty_until_there_are_dice(qtbot, tray):
    tray.chart_button.setChecked(True)
    assert tray.odds_plot.empty_text() == NO_DICE_TEXT
    tray.notation.setText("3d8")
    assert tray.odds_plot.empty_text() == ""
