"""UPR values shown as the rules' tables show them, beyond halves and quarters.

The rules: terminating decimals in full, repeating ones truncated to two places (a tiny
repeating value keeps digits up to its first significant one). 3/40 is 0.075, not 0.07.
"""

from fractions import Fraction

import pytest

from uwr_desktop.core.rulesets.uwr.upr import (
    UprError,
    UprTable,
    format_upr,
    format_upr_fraction,
    preparation_rounds,
)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(3, 40), "0.075"),
        (Fraction(1, 5), "0.2"),
        (Fraction(3, 20), "0.15"),
        (Fraction(19, 20), "0.95"),
        (Fraction(1, 8), "0.125"),
        (Fraction(7, 25), "0.28"),
        (Fraction(1, 80), "0.0125"),
        (Fraction(9, 10), "0.9"),
        (Fraction(1, 250), "0.004"),
        (Fraction(1, 625), "0.0016"),
        (Fraction(3, 64), "0.046875"),
        (Fraction(-3, 40), "-0.075"),
    ],
)
def test_terminating_values_are_shown_in_full(value, shown):
    assert format_upr(value) == shown
    assert Fraction(shown) == value


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(1, 7), "0.14"),
        (Fraction(5, 6), "0.83"),
        (Fraction(1, 6), "0.16"),
        (Fraction(1, 9), "0.11"),
        (Fraction(4, 3), "1.33"),
        (Fraction(10, 3), "3.33"),
        (Fraction(1, 30), "0.03"),
        (Fraction(1, 300), "0.003"),
        (Fraction(1, 3000), "0.0003"),
        (Fraction(-1, 7), "-0.14"),
    ],
)
def test_repeating_values_are_truncated(value, shown):
    assert format_upr(value) == shown


@pytest.mark.parametrize(
    ("value", "shown"),
    [(Fraction(3, 40), "3/40"), (Fraction(-1, 7), "-1/7"), (Fraction(6, 3), "2"), (3, "3")],
)
def test_fraction_display(value, shown):
    assert format_upr_fraction(value) == shown


@pytest.mark.parametrize(("value", "shown"), [(3, "3"), (0, "0"), (-2, "-2")])
def test_whole_numbers_given_as_int(value, shown):
    assert format_upr(value) == shown


def test_a_repeating_value_just_over_a_whole_shows_the_whole():
    assert format_upr(Fraction(301, 300)) == "1"
    assert format_upr(Fraction(-301, 300)) == "-1"


def test_an_empty_table_says_it_knows_no_type():
    with pytest.raises(UprError, match=r"^unknown UPR type 'x'; known types: none$"):
        UprTable([]).get_type("x")


def test_a_value_of_exactly_one_needs_no_preparing():
    assert preparation_rounds(Fraction(1)) == 0
    assert preparation_rounds(Fraction(99, 100)) == 1
