"""The exact odds agree with what the seeded roller actually rolls.

Each check rolls N times and compares observed frequencies with the computed probabilities,
allowing 5 binomial standard errors, sqrt(p (1 - p) / N), per cell. Totals are grouped in order
into cells holding at least 1% of the probability, so no cell is too rare to judge.
"""

import math
import random
from collections import Counter
from collections.abc import Mapping

import pytest

from uwr_desktop.core.dice import PoolSpec, Roller, RollKeepSpec, SumSpec, opposed_check
from uwr_desktop.core.odds import (
    opposed_distribution,
    pool_distribution,
    roll_keep_distribution,
    sum_distribution,
)
from uwr_desktop.core.rulesets.rollkeep.rules import TEN_DICE_RULE

N = 20_000
STANDARD_ERRORS = 5
CELL_MASS = 0.01


def cells(dist: Mapping[int, float]) -> list[tuple[list[int], float]]:
    """Group consecutive outcomes into cells of at least ``CELL_MASS`` (the last may absorb)."""
    grouped: list[tuple[list[int], float]] = []
    members: list[int] = []
    mass = 0.0
    for outcome in sorted(dist):
        members.append(outcome)
        mass += dist[outcome]
        if mass >= CELL_MASS:
            grouped.append((members, mass))
            members, mass = [], 0.0
    if members:
        last_members, last_mass = grouped.pop()
        grouped.append((last_members + members, last_mass + mass))
    return grouped


def assert_agrees(dist: Mapping[int, float], observed: Counter[int]) -> None:
    assert sum(observed.values()) == N
    impossible = set(observed) - set(dist)
    assert not impossible, f"rolled outcomes the odds call impossible: {sorted(impossible)}"
    grouped = cells(dist)
    # The last cell also owns everything above the distribution's listed totals.
    grouped[-1] = (grouped[-1][0], 1.0 - sum(mass for _, mass in grouped[:-1]))
    for members, p in grouped:
        seen = sum(observed[outcome] for outcome in members) / N
        tolerance = STANDARD_ERRORS * math.sqrt(p * (1 - p) / N)
        assert abs(seen - p) <= tolerance, (members[0], members[-1], seen, p, tolerance)


def as_mapping(probabilities: tuple[float, ...]) -> dict[int, float]:
    return {k: p for k, p in enumerate(probabilities) if p > 0}


@pytest.mark.parametrize(
    ("dice", "favor", "rerolls", "seed"),
    [(5, 0, 2, 11), (8, -1, 3, 12), (3, 2, 0, 13), (12, 0, 12, 14)],
)
def test_pools_with_rerolls(dice: int, favor: int, rerolls: int, seed: int) -> None:
    roller = Roller(random.Random(seed))
    spec = PoolSpec(dice, favor, rerolls)
    observed = Counter(roller.reroll_all(roller.roll_pool(spec)).successes for _ in range(N))
    assert_agrees(as_mapping(pool_distribution(dice, favor, rerolls)), observed)


def test_opposed_checks() -> None:
    roller = Roller(random.Random(21))
    attack, dodge = PoolSpec(5, rerolls=1), PoolSpec(4, favor=1)
    observed: Counter[int] = Counter()
    for _ in range(N):
        action = roller.reroll_all(roller.roll_pool(attack)).successes
        reaction = roller.roll_pool(dodge).successes
        outcome = opposed_check(action, reaction)
        observed[outcome.surviving if outcome.action_wins else 0] += 1
    expected = opposed_distribution(pool_distribution(5, rerolls=1), pool_distribution(4, 1))
    assert_agrees(as_mapping(expected), observed)


@pytest.mark.parametrize(
    ("rolled", "kept", "explode", "seed"),
    [
        (1, 1, True, 31),
        (2, 1, True, 32),
        (5, 3, True, 33),
        (10, 5, True, 34),
        (13, 9, True, 35),
        (6, 2, False, 36),
    ],
)
def test_roll_and_keep(rolled: int, kept: int, explode: bool, seed: int) -> None:
    roller = Roller(random.Random(seed))
    spec = RollKeepSpec(rolled, kept, explode=explode, limit=TEN_DICE_RULE)
    observed = Counter(roller.roll_keep(spec).total for _ in range(N))
    assert_agrees(roll_keep_distribution(rolled, kept, explode, limit=TEN_DICE_RULE), observed)


@pytest.mark.parametrize(("count", "sides", "modifier", "seed"), [(2, 6, 0, 41), (3, 8, -2, 42)])
def test_plain_sums(count: int, sides: int, modifier: int, seed: int) -> None:
    roller = Roller(random.Random(seed))
    spec = SumSpec(count, sides, modifier)
    observed = Counter(roller.roll_sum(spec).total for _ in range(N))
    assert_agrees(sum_distribution(count, sides, modifier), observed)
