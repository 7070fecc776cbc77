"""Exact odds: hand-computed cases and independent brute-force references in exact fractions."""

import itertools
import math
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from uwr_desktop.core.dice import DiceError, KeepDice
from uwr_desktop.core.limits import MAX_DICE, MAX_REROLLS
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
from uwr_desktop.core.rulesets.rollkeep.rules import TEN_DICE_RULE, ten_dice_rule

F = Fraction
CLOSE = 1e-12


# --- independent references -------------------------------------------------------------------


def brute_pool(dice: int, threshold: int, rerolls: int) -> list[Fraction]:
    """Every face of every die, then every face of every rerolled failure."""
    result = [F(0)] * (dice + 1)
    for faces in itertools.product(range(1, 7), repeat=dice):
        successes = sum(face >= threshold for face in faces)
        rerolled = min(rerolls, dice - successes)
        weight = F(1, 6 ** (dice + rerolled))
        for new_faces in itertools.product(range(1, 7), repeat=rerolled):
            result[successes + sum(face >= threshold for face in new_faces)] += weight
    return result


def exploding_die(depth: int) -> list[tuple[int, Fraction]]:
    """A d10 whose 10s are rolled again up to ``depth`` times; deeper chains are left out."""
    return [
        (10 * tens + face, F(1, 10 ** (tens + 1)))
        for tens in range(depth + 1)
        for face in range(1, 10)
    ]


def plain_die() -> list[tuple[int, Fraction]]:
    return [(face, F(1, 10)) for face in range(1, 11)]


def brute_keep(die: list[tuple[int, Fraction]], rolled: int, kept: int) -> dict[int, Fraction]:
    """Enumerate every combination of die values, keep the highest, add them up."""
    result: Counter[int] = Counter()
    for combo in itertools.product(die, repeat=rolled):
        values = sorted((value for value, _ in combo), reverse=True)
        result[sum(values[:kept])] += math.prod(weight for _, weight in combo)
    return dict(result)


def sequential_keep(die: list[tuple[int, Fraction]], rolled: int, kept: int) -> dict[int, Fraction]:
    """Add the dice one at a time, remembering only the highest ``kept`` values so far."""
    states: dict[tuple[int, ...], Fraction] = {(): F(1)}
    for _ in range(rolled):
        grown: Counter[tuple[int, ...]] = Counter()
        for top, weight in states.items():
            for value, chance in die:
                grown[tuple(sorted((*top, value), reverse=True)[:kept])] += weight * chance
        states = dict(grown)
    result: Counter[int] = Counter()
    for top, weight in states.items():
        result[sum(top)] += weight
    return dict(result)


def assert_matches_below(dist, reference: dict[int, Fraction], limit: int) -> None:
    """``dist`` agrees with ``reference`` on every total below ``limit`` (where it is exact)."""
    checked = 0
    for total in range(limit):
        expected = reference.get(total, F(0))
        got = dist.get(total, 0.0)
        assert abs(got - float(expected)) <= CLOSE, (total, got, expected)
        if expected == 0:
            assert total not in dist, f"{total} is impossible but listed"
        checked += 1
    assert checked == limit


# --- d6 pools ---------------------------------------------------------------------------------


def test_one_die_succeeds_on_five_or_six() -> None:
    assert pool_distribution_exact(1) == (F(2, 3), F(1, 3))
    assert pool_distribution(1) == (2 / 3, 1 / 3)


def test_two_dice() -> None:
    assert pool_distribution_exact(2) == (F(4, 9), F(4, 9), F(1, 9))


def test_two_dice_with_one_reroll() -> None:
    # No success (4/9): the reroll hits 1/3. One success (4/9): the failure is rerolled.
    assert pool_distribution_exact(2, rerolls=1) == (F(8, 27), F(12, 27), F(7, 27))


def test_no_dice_means_no_successes() -> None:
    assert pool_distribution(0) == (1.0,)
    assert check_probability(0, 1) == 0.0


@pytest.mark.parametrize(
    ("favor", "lowest", "chance"),
    [
        (1, 2, F(1, 2)),
        (-1, 2, F(1, 6)),
        (-4, 2, F(1, 6)),  # the threshold never goes above 6
        (3, 2, F(5, 6)),
        (9, 2, F(5, 6)),  # a 1 always fails at the default lowest threshold
        (9, 4, F(1, 2)),
    ],
)
def test_favor_moves_the_threshold(favor: int, lowest: int, chance: Fraction) -> None:
    assert pool_distribution_exact(1, favor=favor, lowest_threshold=lowest) == (1 - chance, chance)


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
@pytest.mark.parametrize("rerolls", [0, 1, 3])
@pytest.mark.parametrize(("favor", "threshold"), [(0, 5), (-1, 6), (2, 3)])
def test_pool_matches_brute_force(dice: int, rerolls: int, favor: int, threshold: int) -> None:
    expected = brute_pool(dice, threshold, rerolls)
    assert list(pool_distribution_exact(dice, favor, rerolls)) == expected
    floats = pool_distribution(dice, favor, rerolls)
    assert all(abs(got - float(want)) <= CLOSE for got, want in zip(floats, expected, strict=True))


def test_direct_check_difficulties() -> None:
    assert check_probability_exact(2, 1) == F(5, 9)
    assert check_probability_exact(2, 2) == F(1, 9)
    assert check_probability(2, 0) == 1.0
    assert check_probability(2, 3) == 0.0
    # "Easy" is one success with +1 favor: a single die at 4+.
    assert check_probability_exact(1, 1, favor=1) == F(1, 2)
    assert check_probability_exact(3, 2, rerolls=1) == sum(brute_pool(3, 5, 1)[2:])


def test_large_pool_stays_exact_and_sums_to_one() -> None:
    exact = pool_distribution_exact(MAX_DICE, rerolls=MAX_REROLLS)
    assert sum(exact) == 1
    floats = pool_distribution(MAX_DICE, rerolls=MAX_REROLLS)
    assert all(abs(a - float(b)) <= CLOSE for a, b in zip(floats, exact, strict=True))


# --- opposed checks ---------------------------------------------------------------------------


def test_one_die_against_one_die() -> None:
    result = opposed_distribution(pool_distribution(1), pool_distribution(1))
    # The action survives only with a success against a failure; ties go to the reaction.
    assert result == pytest.approx((7 / 9, 2 / 9), abs=CLOSE)


def test_opposed_matches_brute_force() -> None:
    action = pool_distribution_exact(3, favor=1)
    reaction = pool_distribution_exact(2, rerolls=1)
    expected = [F(0)] * len(action)
    for a, pa in enumerate(action):
        for r, pr in enumerate(reaction):
            expected[max(a - r, 0)] += pa * pr
    result = opposed_distribution(pool_distribution(3, favor=1), pool_distribution(2, rerolls=1))
    assert len(result) == 4
    assert all(abs(got - float(want)) <= CLOSE for got, want in zip(result, expected, strict=True))


def test_uncontested_action_keeps_everything() -> None:
    action = pool_distribution(4)
    assert opposed_distribution(action, (1.0,)) == pytest.approx(action, abs=CLOSE)


def test_bigger_reaction_than_action() -> None:
    result = opposed_distribution(pool_distribution(1), pool_distribution(5))
    expected_win = F(1, 3) * (F(2, 3) ** 5)
    assert result[1] == pytest.approx(float(expected_win), abs=CLOSE)
    assert result[0] == pytest.approx(1 - float(expected_win), abs=CLOSE)


@pytest.mark.parametrize(
    ("action", "reaction", "message"),
    [
        ([], [1.0], "empty"),
        ([0.5, 0.4], [1.0], "add up to 1"),
        ([1.5, -0.5], [1.0], "0 to 1"),
        ([1.0], [float("nan")], "0 to 1"),
        ([1.0], ["1"], "not a number"),
        ("1", [1.0], "sequence"),
    ],
)
def test_opposed_refuses_bad_distributions(action, reaction, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        opposed_distribution(action, reaction)


# --- roll and keep ----------------------------------------------------------------------------


def test_one_exploding_d10() -> None:
    dist = roll_keep_distribution(1, 1)
    for face in range(1, 10):
        assert dist[face] == pytest.approx(0.1, abs=CLOSE)
        assert dist[10 + face] == pytest.approx(0.01, abs=CLOSE)
        assert dist[20 + face] == pytest.approx(0.001, abs=CLOSE)
    # A 10 is always rolled again, so no total is a multiple of 10.
    assert not any(total % 10 == 0 for total in dist)


def test_one_unskilled_d10() -> None:
    dist = roll_keep_distribution(1, 1, explode=False)
    assert dict(dist) == pytest.approx({face: 0.1 for face in range(1, 11)}, abs=CLOSE)
    assert dist.truncated_mass == 0.0


def test_two_keep_one() -> None:
    dist = roll_keep_distribution(2, 1)
    assert dist[1] == pytest.approx(1 / 100, abs=CLOSE)
    assert dist[9] == pytest.approx(17 / 100, abs=CLOSE)  # both at most 9, not both at most 8
    # Exactly one 10 then a 1 (18/1000), or two 10s whose better chain is 10+1 (1/10000).
    assert dist[11] == pytest.approx(181 / 10000, abs=CLOSE)


@pytest.mark.parametrize(("rolled", "kept", "depth"), [(1, 1, 4), (2, 1, 3), (2, 2, 3), (3, 2, 2)])
def test_exploding_matches_brute_force(rolled: int, kept: int, depth: int) -> None:
    reference = brute_keep(exploding_die(depth), rolled, kept)
    assert_matches_below(roll_keep_distribution(rolled, kept), reference, 10 * (depth + 1))


@pytest.mark.parametrize(("rolled", "kept"), [(4, 2), (5, 3), (6, 1), (3, 3)])
def test_exploding_matches_sequential_reference(rolled: int, kept: int) -> None:
    depth = 2
    reference = sequential_keep(exploding_die(depth), rolled, kept)
    assert_matches_below(roll_keep_distribution(rolled, kept), reference, 10 * (depth + 1))


@pytest.mark.parametrize(("rolled", "kept"), [(2, 1), (3, 2), (4, 2), (4, 4)])
def test_unskilled_matches_brute_force(rolled: int, kept: int) -> None:
    reference = brute_keep(plain_die(), rolled, kept)
    dist = roll_keep_distribution(rolled, kept, explode=False)
    assert set(dist) == set(reference)
    assert all(abs(dist[t] - float(p)) <= CLOSE for t, p in reference.items())


def test_ten_keep_ten_is_ten_independent_dice() -> None:
    single = roll_keep_distribution(1, 1)
    total: dict[int, float] = {0: 1.0}
    for _ in range(10):
        grown: Counter[int] = Counter()
        for a, pa in total.items():
            for b, pb in single.items():
                grown[a + b] += pa * pb
        total = dict(grown)
    dist = roll_keep_distribution(10, 10)
    for value in range(10, 200):
        assert abs(dist.get(value, 0.0) - total.get(value, 0.0)) <= CLOSE, value


def test_exploding_d10_mean() -> None:
    # E = 5.5 + E/10 for one exploding die, so 10k10 averages 10 * 5.5 / 0.9.
    dist = roll_keep_distribution(10, 10)
    assert math.fsum(t * p for t, p in dist.items()) == pytest.approx(550 / 9, abs=1e-9)


def test_tail_is_cut_below_the_stated_mass() -> None:
    for rolled, kept in [(1, 1), (10, 5), (10, 10), (7, 2)]:
        dist = roll_keep_distribution(rolled, kept)
        assert 0.0 < dist.truncated_mass <= 1e-12
        assert math.fsum(dist.values()) == pytest.approx(1 - dist.truncated_mass, abs=1e-9)


@pytest.mark.parametrize(
    ("asked", "used"),
    [
        ((12, 4), KeepDice(10, 5, 0)),
        ((13, 9), KeepDice(10, 10, 2)),
        ((10, 12), KeepDice(10, 10, 4)),
        ((14, 12), KeepDice(10, 10, 12)),
        ((4, 5), KeepDice(4, 4, 0)),
        ((11, 4), KeepDice(10, 4, 0)),
        ((20, 3), KeepDice(10, 8, 0)),
    ],
)
def test_ten_dice_rule_applies_to_the_odds(asked: tuple[int, int], used: KeepDice) -> None:
    dist = roll_keep_distribution(*asked, limit=TEN_DICE_RULE)
    assert dist.dice == used
    plain = roll_keep_distribution(used.rolled, used.kept)
    assert dict(dist) == {total + used.bonus: p for total, p in plain.items()}


def test_leftover_die_setting() -> None:
    counted = roll_keep_distribution(11, 4, limit=ten_dice_rule(True))
    lost = roll_keep_distribution(11, 4, limit=TEN_DICE_RULE)
    assert dict(counted) == {total + 2: p for total, p in lost.items()}


def test_roll_keep_probability_honours_the_leftover_die_setting() -> None:
    # 11k4 is 10k4 with the leftover die lost, 10k4+2 when it counts: reaching 30 differs.
    lost = roll_keep_probability(11, 4, 30, limit=TEN_DICE_RULE)
    counted = roll_keep_probability(11, 4, 30, limit=ten_dice_rule(True))
    assert lost == pytest.approx(0.8449, abs=5e-5)
    assert counted == pytest.approx(0.9123, abs=5e-5)
    assert counted == pytest.approx(roll_keep_probability(10, 4, 28), abs=CLOSE)
    assert lost == pytest.approx(roll_keep_probability(10, 4, 30), abs=CLOSE)
    # Without a leftover die the setting changes nothing.
    assert roll_keep_probability(12, 4, 30, limit=ten_dice_rule(True)) == roll_keep_probability(
        12, 4, 30, limit=TEN_DICE_RULE
    )


def test_roll_keep_probability() -> None:
    assert roll_keep_probability(1, 1, 10) == pytest.approx(0.1, abs=CLOSE)
    assert roll_keep_probability(1, 1, 11) == pytest.approx(0.1, abs=CLOSE)
    assert roll_keep_probability(1, 1, 12) == pytest.approx(0.09, abs=CLOSE)
    assert roll_keep_probability(1, 1, 11, explode=False) == 0.0
    assert roll_keep_probability(1, 1, 10, explode=False) == pytest.approx(0.1, abs=CLOSE)
    assert roll_keep_probability(3, 2, 2) == 1.0
    assert roll_keep_probability(13, 9, 12, limit=TEN_DICE_RULE) == 1.0  # 10k10+2: 12 at least
    dist = roll_keep_distribution(10, 5)
    expected = math.fsum(p for total, p in dist.items() if total >= 30)
    assert roll_keep_probability(10, 5, 30) == pytest.approx(expected, abs=CLOSE)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: roll_keep_distribution(0, 1), "at least 1 die"),
        (lambda: roll_keep_distribution(3, -1), "at least 1 die must be kept"),
        (lambda: roll_keep_distribution(500, 2), "at most"),
        (lambda: roll_keep_distribution(2.5, 1), "whole number"),
        (lambda: roll_keep_probability(3, 2, "20"), "whole number"),
        (lambda: pool_distribution(-1), "-1 dice"),
        (lambda: pool_distribution(3, rerolls=-2), "-2 rerolls"),
        (lambda: pool_distribution(True), "whole number"),
        (lambda: pool_distribution(3, lowest_threshold=1), "lowest threshold"),
        (lambda: check_probability(3, -1), "negative"),
        (lambda: sum_distribution(2, 1), "at least 2 sides"),
        (lambda: sum_distribution(0, 6), "at least 1 die"),
        (lambda: sum_distribution(2, "6"), "whole number"),
    ],
)
def test_bad_input_is_refused_with_a_reason(call, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        call()


# --- plain sums -------------------------------------------------------------------------------


def test_two_d6() -> None:
    expected = {total: F(6 - abs(total - 7), 36) for total in range(2, 13)}
    assert sum_distribution_exact(2, 6) == expected
    assert dict(sum_distribution(2, 6)) == pytest.approx(
        {t: float(p) for t, p in expected.items()}, abs=CLOSE
    )


@pytest.mark.parametrize(("count", "sides", "modifier"), [(1, 20, 0), (3, 6, 2), (4, 4, -3)])
def test_sum_matches_brute_force(count: int, sides: int, modifier: int) -> None:
    tally = Counter(
        sum(faces) + modifier for faces in itertools.product(range(1, sides + 1), repeat=count)
    )
    expected = {total: F(ways, sides**count) for total, ways in tally.items()}
    assert sum_distribution_exact(count, sides, modifier) == expected


def test_sum_distribution_is_read_only() -> None:
    dist = sum_distribution(1, 6)
    with pytest.raises(TypeError):
        dist[1] = 0.5  # type: ignore[index]


@pytest.mark.parametrize(("rolled", "kept"), [(10, 5), (8, 3), (9, 9)])
def test_exploding_matches_icepool(rolled: int, kept: int) -> None:
    depth = 6
    die = icepool.d10.explode(depth=depth).highest(rolled, kept)
    reference = dict(zip(die.outcomes(), die.probabilities(), strict=True))
    # Chains longer than ``depth`` only reach totals of 10 * (depth + 1) or more.
    assert_matches_below(roll_keep_distribution(rolled, kept), reference, 10 * (depth + 1))


@pytest.mark.parametrize(("dice", "rerolls", "favor"), [(30, 5, 0), (12, 3, -1), (20, 20, 2)])
def test_large_pools_match_icepool(dice: int, rerolls: int, favor: int) -> None:
    success = icepool.d6 >= 5 - favor
    first = dice @ success
    reference = first.map(lambda hits: hits + (min(rerolls, dice - hits) @ success))
    assert dict(zip(reference.outcomes(), reference.probabilities(), strict=True)) == dict(
        enumerate(pool_distribution_exact(dice, favor, rerolls))
    )
