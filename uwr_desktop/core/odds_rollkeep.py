"""Distribution engine for "roll X d10, keep the Y highest, sum", with or without explosions.

An exploding d10 that first shows 10 is worth more than any die that did not, so the roll splits
on T, the number of first-roll 10s (binomial). When T < Y, every exploded die is kept: each is
10 plus another exploding die, so together they are 10·T + 10·NB(T) + (T plain d9 faces), where
NB(T) counts the extra 10s (negative binomial); the other Y - T kept dice are the top of X - T
plain faces 1..9, an order-statistics count. When T >= Y, only exploded dice are kept: the top Y
of T exploding dice, plus 10 each, which recurses on T (T = X refers to itself: a geometric
series). Every infinite tail is cut where its mass drops below ``TAIL_CUT`` and the mass cut away
is accounted exactly, so callers can report it.
"""

from collections.abc import Sequence
from functools import cache
from math import comb

TAIL_CUT = 1e-16
"""Largest probability mass dropped by any single truncation (a series, a tail or a trim)."""


class Dense:
    """A distribution on consecutive integers: ``probs[i]`` is P(total = offset + i)."""

    __slots__ = ("missing", "offset", "probs")

    def __init__(self, offset: int, probs: Sequence[float], missing: float) -> None:
        self.offset = offset
        self.probs = tuple(probs)
        self.missing = missing


@cache
def top_sum_counts(dice: int, keep: int, faces: int) -> tuple[int, ...]:
    """Outcome counts of the sum of the ``keep`` highest of ``dice`` dice with faces 1..faces.

    Entry ``i`` counts the ``faces ** dice`` equally likely rolls whose kept sum is ``keep + i``.
    The dice are assigned face values from the top face down; once ``keep`` dice are placed, the
    rest only need to show lower faces, which is counted in closed form.
    """
    if keep == 0:
        return (faces**dice,)
    width = (faces - 1) * keep + 1
    final = [0] * width
    # ways[c][s]: ways to have placed c < keep dice (all on faces above the current one) with sum s
    ways = [[0] * (faces * keep + 1) for _ in range(keep)]
    ways[0][0] = 1
    binomials = [[comb(left, shown) for shown in range(left + 1)] for left in range(dice + 1)]
    for face in range(faces, 0, -1):
        lower_powers = [(face - 1) ** e for e in range(dice + 1)]
        fresh = [[0] * (faces * keep + 1) for _ in range(keep)]
        for placed in range(keep):
            row = ways[placed]
            left = dice - placed
            choose = binomials[left]
            for total, count in enumerate(row):
                if not count:
                    continue
                for shown in range(left + 1):
                    chosen = count * choose[shown]
                    if placed + shown < keep:
                        fresh[placed + shown][total + face * shown] += chosen
                    else:
                        kept_sum = total + face * (keep - placed)
                        final[kept_sum - keep] += chosen * lower_powers[left - shown]
        ways = fresh
    return tuple(final)


@cache
def _plain_sum_counts(dice: int) -> tuple[int, ...]:
    """Outcome counts of the sum of ``dice`` faces 1..9; entry ``i`` is the sum ``dice + i``."""
    return top_sum_counts(dice, dice, 9)


@cache
def _extra_tens(exploded: int) -> tuple[tuple[float, ...], float]:
    """P(NB = j) for the extra 10s rolled by ``exploded`` dice that already showed one 10.

    Returns the probabilities for j = 0..J and the exact mass of the cut tail j > J.
    """
    if exploded == 0:
        return (1.0,), 0.0
    probs: list[float] = []
    numerator_sum = 0
    j = 0
    while True:
        count = comb(j + exploded - 1, exploded - 1)
        probs.append(count * 9**exploded / 10 ** (exploded + j))
        numerator_sum = numerator_sum * 10 + count
        # The ratio P(j+1)/P(j) = (j + n)/(j + 1) / 10 falls with j: a geometric bound on the tail.
        next_ratio = (j + exploded) / (j + 1) / 10
        after_ratio = (j + 1 + exploded) / (j + 2) / 10
        if after_ratio < 1 and probs[-1] * next_ratio / (1 - after_ratio) < TAIL_CUT:
            break
        j += 1
    scale = 10 ** (exploded + j)
    tail = (scale - 9**exploded * numerator_sum) / scale
    return tuple(probs), tail


def _trim_top(probs: list[float], cut: float) -> float:
    """Drop the highest totals whose joint mass stays within ``cut``; return the mass dropped."""
    dropped = 0.0
    while probs and dropped + probs[-1] <= cut:
        dropped += probs.pop()
    return dropped


@cache
def keep_plain(rolled: int, kept: int) -> Dense:
    """Sum of the ``kept`` highest of ``rolled`` d10 that do not explode (exact, no truncation)."""
    counts = top_sum_counts(rolled, kept, 10)
    outcomes = 10**rolled
    return Dense(kept, [count / outcomes for count in counts], 0.0)


@cache
def keep_exploding(rolled: int, kept: int) -> Dense:
    """Sum of the ``kept`` highest of ``rolled`` exploding d10, for 1 <= kept <= rolled.

    The result's ``missing`` is the total probability cut from its infinite upper tail.
    """
    acc: list[float] = []
    missing = 0.0
    denominator = 10**rolled

    def add(offset: int, values: Sequence[float], weight: float) -> None:
        start = offset - kept
        end = start + len(values)
        if end > len(acc):
            acc.extend([0.0] * (end - len(acc)))
        for i, value in enumerate(values, start):
            acc[i] += weight * value

    for tens in range(rolled):
        if tens < kept:
            plain = rolled - tens
            exploded_faces = _plain_sum_counts(tens)
            kept_plain = top_sum_counts(plain, kept - tens, 9)
            combined = _convolve_counts(exploded_faces, kept_plain)
            # comb · 9^plain / 10^rolled picks the branch; the counts are over 9^rolled outcomes.
            branch = comb(rolled, tens) / (denominator * 9**tens)
            scaled = [count * branch for count in combined]
            lattice, lattice_tail = _extra_tens(tens)
            for extra, lattice_prob in enumerate(lattice):
                add(kept + 10 * (tens + extra), scaled, lattice_prob)
            missing += comb(rolled, tens) * 9**plain / denominator * lattice_tail
        else:
            sub = keep_exploding(tens, kept)
            weight = comb(rolled, tens) * 9 ** (rolled - tens) / denominator
            add(sub.offset + 10 * kept, sub.probs, weight)
            missing += weight * sub.missing

    # All rolled dice showing 10 (chance q) repeats the whole roll 10·kept higher.
    q = 1.0 / denominator
    terms = -(-16 // rolled)
    base = list(acc)
    for k in range(1, terms):
        scale = q**k
        add(kept + 10 * kept * k, base, scale)
    q_cut = q**terms
    missing = q_cut * (1 - missing / (1 - q)) + missing * (1 - q_cut) / (1 - q)
    missing += _trim_top(acc, TAIL_CUT)
    return Dense(kept, acc, missing)


def _convolve_counts(left: Sequence[int], right: Sequence[int]) -> tuple[int, ...]:
    """Convolution of two integer count sequences."""
    out = [0] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        if a:
            for j, b in enumerate(right):
                out[i + j] += a * b
    return tuple(out)
