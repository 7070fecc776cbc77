"""The roll-and-keep engine's building blocks: tail trimming and count convolution."""

import pytest

from uwr_desktop.core.odds_rollkeep import TAIL_CUT, _convolve_counts, _trim_top, keep_exploding


@pytest.mark.parametrize(
    ("probs", "cut", "kept", "dropped"),
    [
        ([0.5, 0.3, 1e-17, 2e-17], 1e-16, [0.5, 0.3], 3e-17),
        ([0.5, 0.25], 0.25, [0.5], 0.25),
        ([0.5, 0.25, 0.125], 0.375, [0.5], 0.375),
        ([0.5, 0.3], 1e-16, [0.5, 0.3], 0.0),
        ([0.5, 0.0, 0.0], 0.0, [0.5], 0.0),
        ([1e-17], 1e-16, [], 1e-17),
    ],
)
def test_trim_top_drops_the_highest_totals_within_the_cut(probs, cut, kept, dropped):
    assert _trim_top(probs, cut) == dropped
    assert probs == kept


def test_trim_top_never_leaves_a_zero_on_top():
    probs = [0.5, 0.0, 1e-17]
    assert _trim_top(probs, 1e-16) == 1e-17
    assert probs == [0.5]


@pytest.mark.parametrize(
    ("left", "right", "product"),
    [
        ((1, 2), (3, 4), (3, 10, 8)),
        ((1,), (5, 6, 7), (5, 6, 7)),
        ((0, 1), (1, 1), (0, 1, 1)),
        ((2, 0, 1), (1,), (2, 0, 1)),
    ],
)
def test_convolution_of_counts(left, right, product):
    assert _convolve_counts(left, right) == product


@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (3, 2), (5, 5)])
def test_an_exploding_distribution_ends_on_a_real_total(rolled, kept):
    dense = keep_exploding(rolled, kept)
    assert dense.probs[-1] > 0.0
    assert 0.0 < dense.missing <= 10 * TAIL_CUT
