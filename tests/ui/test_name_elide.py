"""A name too long for its place is cut short with "…" and keeps a final number, so that two
numbered copies ("Bandit Captain 1", "Bandit Captain 2") still read apart on the timeline's
cards, columns and lanes and on the player view."""

import pytest
from PySide6.QtGui import QFont, QFontMetricsF

from uwr_desktop.ui.widgets.name_elide import elided_name


@pytest.fixture
def metrics(qapp) -> QFontMetricsF:
    font = QFont(qapp.font())
    font.setPixelSize(14)
    return QFontMetricsF(font)


def test_a_name_that_fits_is_whole(metrics):
    name = "Bandit Captain 12"
    assert elided_name(metrics, name, metrics.horizontalAdvance(name)) == name


def test_numbered_copies_cut_short_keep_their_numbers_apart(metrics):
    width = metrics.horizontalAdvance("Bandit Ca 12")
    first, second = (elided_name(metrics, f"Bandit Captain {n}", width) for n in (1, 12))
    assert first.endswith("… 1") and second.endswith("… 12")
    assert first.startswith("Bandit") and second.startswith("Bandit")
    assert max(metrics.horizontalAdvance(first), metrics.horizontalAdvance(second)) <= width


def test_a_name_without_a_number_is_cut_at_its_end(metrics):
    width = metrics.horizontalAdvance("Bandit Ca")
    shown = elided_name(metrics, "Bandit Captain", width)
    assert shown.endswith("…") and "Bandit Captain".startswith(shown.removesuffix("…"))


def test_where_only_the_end_fits_the_end_is_kept(metrics):
    width = metrics.horizontalAdvance("…n 2")
    shown = elided_name(metrics, "Bandit Captain 2", width)
    assert shown.startswith("…") and shown.endswith("2")
    assert metrics.horizontalAdvance(shown) <= width


def test_a_spare_ending_gives_way_before_the_name_is_cut(metrics):
    name = "Bandit Captain 2"
    assert elided_name(metrics, "Vex", 1000, " acts") == "Vex acts"
    width = metrics.horizontalAdvance(name + " ac")
    assert elided_name(metrics, name, width, " acts") == name
    width = metrics.horizontalAdvance("Bandit Ca 2")
    shown = elided_name(metrics, name, width, " acts")
    assert shown.startswith("Bandit") and shown.endswith("… 2")
    assert metrics.horizontalAdvance(shown) <= width


def test_marks_after_the_number_are_kept_with_it(metrics):
    width = metrics.horizontalAdvance("Bandit Ca 2 ⚠")
    shown = elided_name(metrics, "Bandit Captain 2 ⚠", width)
    assert shown.startswith("Bandit") and shown.endswith("… 2 ⚠")
    assert metrics.horizontalAdvance(shown) <= width
    cut = elided_name(metrics, "Bandit Captain ⚠", metrics.horizontalAdvance("Bandit Ca"))
    assert cut.endswith("…"), "no number: cut at the end"
