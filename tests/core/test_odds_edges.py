"""Odds at the edges: default settings, the first total, refusals naming their argument."""

import math
import random
from fractions import Fraction

import pytest

from uwr_desktop.core.dice import DiceError, KeepDice, PoolRoll, PoolSpec, Roller, SumSpec
from uwr_desktop.core.limits import MAX_FAVOR
from uwr_desktop.core.odds import (
    check_probability,
    check_probability_exact,
    opposed_distribution,
    pool_distribution,
    pool_distribution_exact,
    roll_keep_distribution,
    roll_keep_probability,
    sum_distribution,
    sum_distribution_exact,
)
from uwr_desktop.core.rulesets.rollkeep.rules import TEN_DICE_RULE


def test_the_default_lowest_threshold_lets_a_two_succeed():
    assert pool_distribution_exact(1, favor=3) == (Fraction(1, 6), Fraction(5, 6))
    assert pool_distribution(1, favor=3) == (1 / 6, 5 / 6)
    assert check_probability_exact(1, 1, favor=3) == Fraction(5, 6)
    assert check_probability(1, 1, favor=3) == 5 / 6
    assert check_probability_exact(1, 1, favor=3, lowest_threshold=3) == Fraction(4, 6)


def test_a_target_just_above_the_lowest_total():
    assert roll_keep_probability(1, 1, 1) == 1.0
    assert roll_keep_probability(1, 1, 2) == pytest.approx(0.9, abs=1e-12)
    assert roll_keep_probability(2, 2, 3) == pytest.approx(0.99, abs=1e-12)
    assert roll_keep_probability(1, 1, 2, explode=False) == pytest.approx(0.9, abs=1e-12)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: check_probability(3, 1.5), "^difficulty must be a whole number, got 1.5$"),
        (lambda: check_probability_exact(3, None), "^difficulty must be a whole number"),
        (lambda: roll_keep_probability(3, 2, 2.0), "^tn must be a whole number, got 2.0$"),
        (lambda: roll_keep_distribution(3, "2"), "^kept must be a whole number, got '2'$"),
        (lambda: roll_keep_distribution(3.0, 2), "^rolled must be a whole number, got 3.0$"),
        (lambda: sum_distribution(2, 6.0), "^sides must be a whole number, got 6.0$"),
        (lambda: sum_distribution(2, 6, "1"), "^modifier must be a whole number, got '1'$"),
        (lambda: sum_distribution_exact(None, 6), "^count must be a whole number, got None$"),
        (lambda: pool_distribution(2, favor=0.5), "^favor must be a whole number, got 0.5$"),
        (lambda: pool_distribution(2, rerolls="1"), "^rerolls must be a whole number"),
        (lambda: pool_distribution(2, lowest_threshold=2.0), "^lowest threshold must be a whole"),
    ],
)
def test_refusals_name_the_argument(call, message):
    with pytest.raises(DiceError, match=message):
        call()


@pytest.mark.parametrize(
    ("rolled", "kept", "explode", "shown"),
    [
        (1, 1, False, "RollKeepDistribution(1k1+0, totals 1..10, truncated_mass=0.0e+00)"),
        (3, 2, False, "RollKeepDistribution(3k2+0, totals 2..20, truncated_mass=0.0e+00)"),
        (13, 10, False, "RollKeepDistribution(10k10+6, totals 16..106, truncated_mass=0.0e+00)"),
    ],
)
def test_a_distribution_names_its_dice_and_totals(rolled, kept, explode, shown):
    assert repr(roll_keep_distribution(rolled, kept, explode, limit=TEN_DICE_RULE)) == shown


def test_a_zero_probability_is_allowed_and_the_reaction_is_named():
    assert opposed_distribution([0.0, 1.0], [1.0, 0.0]) == (0.0, 1.0)
    with pytest.raises(DiceError, match=r"^the reaction probabilities must add up to 1"):
        opposed_distribution([1.0], [0.5])
    with pytest.raises(DiceError, match=r"^the action probability of 0 must be 0 to 1"):
        opposed_distribution([-0.5, 1.5], [1.0])


def test_roll_keep_probability_under_the_ten_dice_rule_loses_the_leftover_die():
    dist = roll_keep_distribution(11, 4, limit=TEN_DICE_RULE)
    expected = math.fsum(p for total, p in dist.items() if total >= 20)
    assert roll_keep_probability(11, 4, 20, limit=TEN_DICE_RULE) == expected
    assert roll_keep_distribution(11, 4).dice == KeepDice(11, 4, 0)  # no limit: every die


def test_dice_words_in_refusals():
    one = PoolRoll.from_faces(PoolSpec(1, rerolls=1), (2,))
    with pytest.raises(DiceError, match=r"^there is no die 4: the pool has 1 die$"):
        one.check_rerollable(3)
    two = PoolRoll.from_faces(PoolSpec(2, rerolls=1), (2, 3))
    with pytest.raises(DiceError, match=r"^there is no die 3: the pool has 2 dice$"):
        two.check_rerollable(2)
    with pytest.raises(DiceError, match=r"^a pool of 1 die needs 1 faces, got 2$"):
        PoolRoll.from_faces(PoolSpec(1), (2, 3))


def test_the_largest_die_is_allowed():
    assert SumSpec(1, 1000).sides == 1000
    with pytest.raises(DiceError):
        SumSpec(1, 1001)


@pytest.mark.parametrize("sides", [2, 1000])
def test_a_roller_rolls_the_smallest_and_largest_dice(sides):
    faces = {Roller(random.Random(seed)).die(sides) for seed in range(60)}
    assert faces <= set(range(1, sides + 1))
    assert len(faces) > 1


@pytest.mark.parametrize("sides", [1, 1001])
def test_a_roller_refuses_dice_it_cannot_roll(sides):
    with pytest.raises(DiceError):
        Roller(random.Random(1)).die(sides)


def test_the_largest_favor_is_allowed():
    assert PoolSpec(1, favor=MAX_FAVOR).favor == MAX_FAVOR
    assert PoolSpec(1, favor=-MAX_FAVOR).favor == -MAX_FAVOR
    with pytest.raises(DiceError):
        PoolSpec(1, favor=MAX_FAVOR + 1)
