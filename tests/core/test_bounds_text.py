"""A number outside its bounds is refused in the same words by the rules and by the table."""

from fractions import Fraction

import pytest

from uwr_desktop.core.bounds_text import out_of_bounds


@pytest.mark.parametrize(
    ("number", "low", "high", "words"),
    [
        (13, 0, 12, "Vitality can be at most 12 (got 13)"),
        (-1, 0, 12, "Vitality cannot be negative (got -1)"),
        (0, 1, 12, "Vitality cannot be below 1 (got 0)"),
        (-1001, -1000, None, "Vitality cannot be below -1000 (got -1001)"),
        (10**9, None, 10**6, "Vitality can be at most 1000000 (got 1000000000)"),
    ],
)
def test_a_number_outside_its_bounds_is_refused_with_the_bound_and_what_was_typed(
    number, low, high, words
):
    assert out_of_bounds("Vitality", number, low, high) == words


@pytest.mark.parametrize("number", [0, 12, 7, Fraction(7, 2)])
def test_a_number_within_its_bounds_or_on_them_is_not_refused(number):
    assert out_of_bounds("Vitality", number, 0, 12) is None


def test_no_bound_refuses_nothing():
    assert out_of_bounds("Initiative", -(10**9), None, None) is None


def test_the_caller_writes_the_numbers():
    shown = out_of_bounds("Brawn", Fraction(15, 2), 0, 7, lambda n: f"{float(n):g}")
    assert shown == "Brawn can be at most 7 (got 7.5)"
