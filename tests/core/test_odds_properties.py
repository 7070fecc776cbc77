"""Properties every distribution must have, over many generated dice."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from uwr_desktop.core.odds import (
    check_probability_exact,
    opposed_distribution,
    pool_distribution,
    pool_distribution_exact,
    roll_keep_distribution,
    roll_keep_probability,
    sum_distribution,
    sum_distribution_exact,
)
from uwr_desktop.core.rulesets.rollkeep.rules import ten_dice_rule

dice = st.integers(min_value=0, max_value=40)
favors = st.integers(min_value=-6, max_value=6)
rerolls = st.integers(min_value=0, max_value=12)
lowest = st.integers(min_value=2, max_value=6)
# Keep the roll-and-keep sizes inside and around the Ten Dice Rule's limits.
rolled = st.integers(min_value=1, max_value=24)
kept = st.integers(min_value=1, max_value=24)
targets = st.integers(min_value=-5, max_value=150)
SLACK = 1e-12


@given(dice, favors, rerolls, lowest)
def test_pool_distribution_sums_to_one(n: int, favor: int, r: int, low: int) -> None:
    assert sum(pool_distribution_exact(n, favor, r, low)) == 1
    dist = pool_distribution(n, favor, r, low)
    assert len(dist) == n + 1
    assert all(p >= 0 for p in dist)
    assert abs(math.fsum(dist) - 1) <= 1e-9


@given(dice, st.integers(min_value=0, max_value=41), favors, rerolls, lowest)
def test_more_dice_favor_or_rerolls_never_lower_success(
    n: int, difficulty: int, favor: int, r: int, low: int
) -> None:
    base = check_probability_exact(n, difficulty, favor, r, low)
    assert check_probability_exact(n + 1, difficulty, favor, r, low) >= base
    assert check_probability_exact(n, difficulty, favor + 1, r, low) >= base
    assert check_probability_exact(n, difficulty, favor, r + 1, low) >= base


@given(
    st.integers(min_value=0, max_value=15),
    st.integers(min_value=0, max_value=15),
    rerolls,
    rerolls,
)
def test_opposed_distribution_sums_to_one(a: int, r: int, a_rerolls: int, r_rerolls: int) -> None:
    result = opposed_distribution(
        pool_distribution(a, rerolls=a_rerolls), pool_distribution(r, rerolls=r_rerolls)
    )
    assert len(result) == a + 1
    assert abs(math.fsum(result) - 1) <= 1e-9


@given(st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=12))
def test_more_reaction_dice_never_help_the_action(a: int, r: int) -> None:
    action = pool_distribution(a)
    weaker = opposed_distribution(action, pool_distribution(r))
    stronger = opposed_distribution(action, pool_distribution(r + 1))
    assert stronger[0] >= weaker[0] - SLACK


@settings(deadline=None)
@given(rolled, kept, st.booleans(), st.booleans())
def test_roll_keep_sums_to_one_minus_the_cut_tail(
    x: int, y: int, explode: bool, leftover: bool
) -> None:
    dist = roll_keep_distribution(x, y, explode, limit=ten_dice_rule(leftover))
    assert 0.0 <= dist.truncated_mass <= 1e-12
    assert abs(math.fsum(dist.values()) - (1 - dist.truncated_mass)) <= 1e-9
    assert all(p > 0 for p in dist.values())
    if not explode:
        assert dist.truncated_mass == 0.0


@settings(deadline=None)
@given(rolled, kept, targets, st.booleans())
def test_more_rolled_or_kept_dice_never_lower_the_odds(
    x: int, y: int, tn: int, explode: bool
) -> None:
    base = roll_keep_probability(x, y, tn, explode)
    assert roll_keep_probability(x + 1, y, tn, explode) >= base - SLACK
    assert roll_keep_probability(x, y + 1, tn, explode) >= base - SLACK


@settings(deadline=None)
@given(rolled, kept, targets)
def test_exploding_never_lowers_the_odds(x: int, y: int, tn: int) -> None:
    assert roll_keep_probability(x, y, tn) >= roll_keep_probability(x, y, tn, False) - SLACK


@given(
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=2, max_value=20),
    st.integers(min_value=-20, max_value=20),
)
def test_sum_distribution_is_complete_and_symmetric(count: int, sides: int, modifier: int) -> None:
    exact = sum_distribution_exact(count, sides, modifier)
    assert sum(exact.values()) == 1
    assert min(exact) == count + modifier
    assert max(exact) == count * sides + modifier
    mirror = count * (sides + 1) + 2 * modifier
    assert all(exact[mirror - total] == p for total, p in exact.items())
    assert abs(math.fsum(sum_distribution(count, sides, modifier).values()) - 1) <= 1e-9
