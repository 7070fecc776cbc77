"""Exact odds for the app's dice: d6 success pools, opposed checks, roll-and-keep d10s and sums.

Pool and sum odds are computed with whole-number outcome counts, so every float returned is the
exact probability correctly rounded; ``*_exact`` variants return the ``Fraction`` itself.
Roll-and-keep odds with exploding 10s have an infinite upper tail: it is cut where it holds less
than 1e-12 of the probability, and the amount cut is reported as ``truncated_mass``.
"""

import math
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from uwr_desktop.core.dice import (
    POOL_SIDES,
    DiceError,
    KeepDice,
    KeepLimit,
    PoolSpec,
    RollKeepSpec,
    SumSpec,
    success_threshold,
)
from uwr_desktop.core.odds_rollkeep import Dense, keep_exploding, keep_plain

__all__ = [
    "RollKeepDistribution",
    "check_probability",
    "check_probability_exact",
    "opposed_distribution",
    "pool_distribution",
    "pool_distribution_exact",
    "roll_keep_distribution",
    "roll_keep_probability",
    "sum_distribution",
    "sum_distribution_exact",
]

_SUM_TOLERANCE = 1e-9


def _whole(name: str, value: object) -> int:
    """``value`` as an int, or a :class:`DiceError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DiceError(f"{name} must be a whole number, got {value!r}")
    return value


def _pool_counts(
    dice: int, favor: int, rerolls: int, lowest_threshold: int
) -> tuple[list[int], int]:
    """Numerators of P(0..dice successes) over one common denominator, which is returned too."""
    spec = PoolSpec(
        _whole("dice", dice),
        _whole("favor", favor),
        _whole("rerolls", rerolls),
        _whole("lowest threshold", lowest_threshold),
    )
    threshold = success_threshold(spec.favor, spec.lowest_threshold)
    hit = POOL_SIDES + 1 - threshold
    miss = POOL_SIDES - hit
    most_rerolls = min(spec.rerolls, spec.dice)
    hit_powers = [hit**k for k in range(spec.dice + 1)]
    miss_powers = [miss**k for k in range(spec.dice + 1)]
    side_powers = [POOL_SIDES**k for k in range(most_rerolls + 1)]
    # Given r rerolled failures, the extra successes are binomial(r, hit/6): counts per j.
    reroll_counts = [
        [math.comb(r, j) * hit_powers[j] * miss_powers[r - j] for j in range(r + 1)]
        for r in range(most_rerolls + 1)
    ]
    counts = [0] * (spec.dice + 1)
    for first in range(spec.dice + 1):
        used = min(spec.rerolls, spec.dice - first)
        base = (
            math.comb(spec.dice, first)
            * hit_powers[first]
            * miss_powers[spec.dice - first]
            * side_powers[most_rerolls - used]
        )
        for extra, count in enumerate(reroll_counts[used]):
            counts[first + extra] += base * count
    return counts, POOL_SIDES ** (spec.dice + most_rerolls)


def pool_distribution(
    dice: int, favor: int = 0, rerolls: int = 0, lowest_threshold: int = 2
) -> tuple[float, ...]:
    """Probabilities of 0..``dice`` successes for a d6 pool.

    A die succeeds at ``success_threshold(favor, lowest_threshold)`` or more. The roller then
    rerolls min(``rerolls``, failures) failed dice once each, and a rerolled die succeeds with the
    same chance. Each value is the exact probability, correctly rounded.
    """
    counts, denominator = _pool_counts(dice, favor, rerolls, lowest_threshold)
    return tuple(count / denominator for count in counts)


def pool_distribution_exact(
    dice: int, favor: int = 0, rerolls: int = 0, lowest_threshold: int = 2
) -> tuple[Fraction, ...]:
    """:func:`pool_distribution` as exact fractions."""
    counts, denominator = _pool_counts(dice, favor, rerolls, lowest_threshold)
    return tuple(Fraction(count, denominator) for count in counts)


def _check_counts(
    dice: int, difficulty: int, favor: int, rerolls: int, lowest_threshold: int
) -> tuple[int, int]:
    """Numerator and denominator of P(successes >= difficulty)."""
    difficulty = _whole("difficulty", difficulty)
    if difficulty < 0:
        raise DiceError(f"a difficulty cannot be negative, got {difficulty}")
    counts, denominator = _pool_counts(dice, favor, rerolls, lowest_threshold)
    return sum(counts[difficulty:]), denominator


def check_probability(
    dice: int, difficulty: int, favor: int = 0, rerolls: int = 0, lowest_threshold: int = 2
) -> float:
    """P(successes >= ``difficulty``) for a d6 pool, as in :func:`pool_distribution`.

    A difficulty of 0 always passes; one above the pool's size never does.
    """
    passing, denominator = _check_counts(dice, difficulty, favor, rerolls, lowest_threshold)
    return passing / denominator


def check_probability_exact(
    dice: int, difficulty: int, favor: int = 0, rerolls: int = 0, lowest_threshold: int = 2
) -> Fraction:
    """:func:`check_probability` as an exact fraction."""
    passing, denominator = _check_counts(dice, difficulty, favor, rerolls, lowest_threshold)
    return Fraction(passing, denominator)


def _probabilities(name: str, values: Sequence[float]) -> list[float]:
    """Validate a distribution given as a sequence of probabilities indexed by successes."""
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise DiceError(f"the {name} distribution must be a sequence of probabilities")
    if not values:
        raise DiceError(f"the {name} distribution is empty")
    checked: list[float] = []
    for index, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
            raise DiceError(f"the {name} probability of {index} is not a number: {value!r}")
        number = float(value)
        if not math.isfinite(number) or number < 0:
            raise DiceError(f"the {name} probability of {index} must be 0 to 1, got {value!r}")
        checked.append(number)
    total = math.fsum(checked)
    if abs(total - 1) > _SUM_TOLERANCE:
        raise DiceError(f"the {name} probabilities must add up to 1, they add up to {total!r}")
    return checked


def opposed_distribution(action: Sequence[float], reaction: Sequence[float]) -> tuple[float, ...]:
    """Distribution of the action's surviving successes when a reaction opposes it.

    ``action`` and ``reaction`` are success distributions (as from :func:`pool_distribution`).
    Entry ``k >= 1`` is P(action - reaction = k); entry 0 is P(the reaction wins), ties included.
    The result has as many entries as ``action``.
    """
    acting = _probabilities("action", action)
    reacting = _probabilities("reaction", reaction)
    result = [0.0] * len(acting)
    for surviving in range(1, len(acting)):
        result[surviving] = math.fsum(
            acting[opposing + surviving] * chance
            for opposing, chance in enumerate(reacting[: len(acting) - surviving])
        )
    # P(reaction >= a) for each action count a, as a tail sum of the reaction.
    at_least = [0.0] * (len(acting) + 1)
    at_least[len(acting)] = math.fsum(reacting[len(acting) :])
    for count in range(len(acting) - 1, -1, -1):
        at_least[count] = at_least[count + 1] + (reacting[count] if count < len(reacting) else 0.0)
    result[0] = math.fsum(chance * at_least[count] for count, chance in enumerate(acting))
    return tuple(result)


class RollKeepDistribution(Mapping[int, float]):
    """A read-only map from a roll-and-keep total to its probability.

    Only possible totals are keys. ``truncated_mass`` is the probability of the highest totals
    that were left out (at most 1e-12; 0 when the dice do not explode), so the values add up to
    ``1 - truncated_mass``. ``dice`` is what the roll's limit turned it into.
    """

    __slots__ = ("_probabilities", "dice", "truncated_mass")

    def __init__(
        self, probabilities: Mapping[int, float], truncated_mass: float, dice: KeepDice
    ) -> None:
        """Wrap ``probabilities`` (copied) with the truncated mass and the effective dice."""
        self._probabilities = dict(probabilities)
        self.truncated_mass = truncated_mass
        self.dice = dice

    def __getitem__(self, total: int) -> float:
        """The probability of ``total``; a ``KeyError`` for an impossible total."""
        return self._probabilities[total]

    def __iter__(self) -> Iterator[int]:
        """The possible totals, lowest first."""
        return iter(self._probabilities)

    def __len__(self) -> int:
        """How many totals are possible (up to the truncation)."""
        return len(self._probabilities)

    def __repr__(self) -> str:
        """A short description naming the dice and the support."""
        dice = self.dice
        low, high = min(self._probabilities), max(self._probabilities)
        return (
            f"RollKeepDistribution({dice.rolled}k{dice.kept}+{dice.bonus}, totals {low}..{high}, "
            f"truncated_mass={self.truncated_mass:.1e})"
        )


def _effective_dice(
    rolled: int, kept: int, explode: bool, limit: KeepLimit | None
) -> tuple[KeepDice, Dense]:
    spec = RollKeepSpec(
        _whole("rolled", rolled), _whole("kept", kept), explode=bool(explode), limit=limit
    )
    dice = spec.effective
    dense = (
        keep_exploding(dice.rolled, dice.kept)
        if spec.explode
        else keep_plain(dice.rolled, dice.kept)
    )
    return dice, dense


def roll_keep_distribution(
    rolled: int, kept: int, explode: bool = True, *, limit: KeepLimit | None = None
) -> RollKeepDistribution:
    """Distribution of the total of ``rolled``k``kept`` d10 under ``limit``, the rules' cap on
    the dice used (``None``: every die written).

    The limit's flat bonus is included in the totals. 10s explode without limit unless
    ``explode`` is off (an unskilled roll). Exact except for a cut upper tail below 1e-12,
    reported as ``truncated_mass``.
    """
    dice, dense = _effective_dice(rolled, kept, explode, limit)
    start = dense.offset + dice.bonus
    probabilities = {
        start + index: chance for index, chance in enumerate(dense.probs) if chance > 0.0
    }
    return RollKeepDistribution(probabilities, dense.missing, dice)


def roll_keep_probability(
    rolled: int,
    kept: int,
    tn: int,
    explode: bool = True,
    *,
    limit: KeepLimit | None = None,
) -> float:
    """P(total >= ``tn``) for ``rolled``k``kept`` d10 under ``limit``, as in
    :func:`roll_keep_distribution` (under the ``rollkeep`` rules' Ten Dice Rule 11k4 is 10k4,
    or 10k4+2 when its leftover die counts)."""
    tn = _whole("tn", tn)
    dice, dense = _effective_dice(rolled, kept, explode, limit)
    first = tn - dense.offset - dice.bonus
    if first <= 0:
        return 1.0
    return math.fsum(dense.probs[first:])


def _sum_counts(count: int, sides: int, modifier: int) -> tuple[list[int], SumSpec]:
    """Outcome counts of each total of ``count`` dice of ``sides`` sides, lowest total first."""
    spec = SumSpec(_whole("count", count), _whole("sides", sides), _whole("modifier", modifier))
    counts = [1]
    for _ in range(spec.count):
        # Each new die spreads every count over the next ``sides`` totals: a sliding window sum.
        grown = [0] * (len(counts) + spec.sides - 1)
        window = 0
        for index in range(len(grown)):
            if index < len(counts):
                window += counts[index]
            if index >= spec.sides:
                window -= counts[index - spec.sides]
            grown[index] = window
        counts = grown
    return counts, spec


def sum_distribution(count: int, sides: int, modifier: int = 0) -> Mapping[int, float]:
    """Read-only distribution of the total of ``count`` dice of ``sides`` sides plus ``modifier``.

    Each value is the exact probability, correctly rounded.
    """
    counts, spec = _sum_counts(count, sides, modifier)
    outcomes = spec.sides**spec.count
    low = spec.count + spec.modifier
    return MappingProxyType({low + i: ways / outcomes for i, ways in enumerate(counts)})


def sum_distribution_exact(count: int, sides: int, modifier: int = 0) -> dict[int, Fraction]:
    """:func:`sum_distribution` as exact fractions."""
    counts, spec = _sum_counts(count, sides, modifier)
    outcomes = spec.sides**spec.count
    low = spec.count + spec.modifier
    return {low + i: Fraction(ways, outcomes) for i, ways in enumerate(counts)}
