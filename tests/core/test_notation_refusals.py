"""Each refusal list of the notation reader, member by member, and the readings next to them."""

from functools import partial

import pytest

from uwr_desktop.core.dice import PoolSpec, RollKeepSpec, SumSpec
from uwr_desktop.core.notation import (
    TYPED_KEEP_LIMIT,
    NotationError,
    format_spec,
    parse_notation,
    typed_keep_limit,
)

typed_keep = partial(RollKeepSpec, limit=TYPED_KEEP_LIMIT)
"""A roll-and-keep spec as typed notation reads it: under the Ten Dice Rule."""

ROLL_AND_KEEP_REFUSES = {
    "favor": "6k3 f+1",
    "rerolls": "6k3 r2",
    "lowest": "6k3 lowest 3",
    "sum": "6k3 sum",
}
POOL_REFUSES = {
    "unskilled": "7d6 unskilled",
    "leftover": "7d6 leftover",
}
SUM_REFUSES = {
    "favor": "2d10 f+1",
    "rerolls": "2d10 r2",
    "lowest": "2d10 lowest 3",
    "unskilled": "2d10 unskilled",
    "leftover": "2d10 leftover",
}


@pytest.mark.parametrize(("option", "text"), ROLL_AND_KEEP_REFUSES.items())
def test_roll_and_keep_refuses_each_pool_and_sum_option(option, text):
    with pytest.raises(
        NotationError, match=rf"^'{option}' does not apply to roll and keep \(6k3\)$"
    ):
        parse_notation(text)


@pytest.mark.parametrize(("option", "text"), POOL_REFUSES.items())
def test_a_success_pool_refuses_each_roll_and_keep_option(option, text):
    with pytest.raises(
        NotationError, match=rf"^'{option}' does not apply to a success pool \(7d6\)$"
    ):
        parse_notation(text)


@pytest.mark.parametrize(("option", "text"), SUM_REFUSES.items())
def test_a_sum_refuses_each_pool_and_roll_and_keep_option(option, text):
    with pytest.raises(
        NotationError,
        match=rf"^'{option}' does not apply to a sum \(2d10\); only a d6 pool without a modifier",
    ):
        parse_notation(text)


@pytest.mark.parametrize(
    ("text", "option"),
    [
        ("7d6+1 f+1", "favor"),
        ("3d6 sum r1", "rerolls"),
        ("7d6-1 leftover", "leftover"),
        ("3d6 sum unskilled", "unskilled"),
    ],
)
def test_a_d6_sum_refuses_pool_options_too(text, option):
    with pytest.raises(NotationError, match=rf"^'{option}' does not apply to a sum"):
        parse_notation(text)


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("+3d6", PoolSpec(3)),
        ("+6k3", typed_keep(6, 3)),
        ("+2d10", SumSpec(2, 10)),
        ("7d6 r=2", PoolSpec(7, rerolls=2)),
        ("7d6 f=-2", PoolSpec(7, favor=-2)),
        ("7d6 lowest=4", PoolSpec(7, lowest_threshold=4)),
        ("7d6 lowest +6", PoolSpec(7, lowest_threshold=6)),
        ("7d6 reroll 1", PoolSpec(7, rerolls=1)),
        ("7d6 f 0", PoolSpec(7)),
        ("007d6", PoolSpec(7)),
        ("7d006", PoolSpec(7)),
        ("7d6 f+000", PoolSpec(7)),
        ("6k3 -2 +7", typed_keep(6, 3, modifier=5)),
        ("6k3 leftover unskilled", typed_keep(6, 3, explode=False, limit=typed_keep_limit(True))),
        ("2d10-0", SumSpec(2, 10)),
        ("d6 sum", SumSpec(1, 6)),
        ("1k1", typed_keep(1, 1)),
        ("7d6 r 0000000001", PoolSpec(7, rerolls=1)),
        ("k", None),
    ],
)
def test_readings_beside_the_refusals(text, spec):
    if spec is None:
        with pytest.raises(NotationError):
            parse_notation(text)
    else:
        assert parse_notation(text) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7d6 r1 r2", "^rerolls is given twice$"),
        ("7d6 rerolls 1 reroll 2", "^rerolls is given twice$"),
        ("7d6 lowest 3 lowest 4", "^the lowest threshold is given twice$"),
        ("7d6 favour 1 f 1", "^favor is given twice$"),
        ("3d6 sum sum", "^'sum' is given twice$"),
        ("6k3 leftover leftover", "^'leftover' is given twice$"),
        ("7d6 lowest", "^the lowest threshold needs a number, e.g. lowest 3$"),
        ("7d6 lowest x", "^the lowest threshold must be a whole number, got 'x'$"),
        ("7d6 f =", "^favor needs a number, e.g. f\\+1$"),
        ("7d6 f = =", "^favor must be a whole number, got '='$"),
        ("7d6 r +", "^rerolls needs a number, e.g. r2$"),
        ("7d6 r 1.0", "^rerolls must be a whole number, got '1.0'$"),
        ("123456789d6", "^a roll can have at most 100 dice, got 123456789$"),
        ("7d6 r 1234567890", "^'1234567890' at position 7 is too large$"),
        ("7 6", "^'7 6' is not a dice roll"),
        ("7x6", "^'7x' is not a dice roll"),
        ("+", "^'\\+' at position 1 needs the number of dice after it$"),
        ("+d6", "^'\\+' at position 1 needs the number of dice after it$"),
        (
            "dd6",
            "^'dd' is not a dice roll; try one such as 7d6, 7d6 f\\+1 r2, 6k3\\+5 or 2d10\\+5$",
        ),
        ("7dd6", "^'7dd' needs a number of sides, e.g. 7d6$"),
        ("6kk3", "^'6kk' needs a number of dice to keep, e.g. 6k3$"),
        ("d", "^'d' needs a number of sides, e.g. d6$"),
        ("6k3 5", "^unexpected number '5' at position 5 \\(a modifier needs \\+ or -\\)$"),
        ("6k3 -", "^'-' at position 5 needs a number after it$"),
        ("6k3 - x", "^'-' at position 5 needs a number after it$"),
        ("6k3+x", "^'\\+' at position 4 needs a number after it$"),
        ("6k3+1.5", "^a modifier must be a whole number, got '1.5'$"),
        ("2d10 f2", "^'favor' does not apply to a sum"),
        ("2d10 zap3", "^unknown option 'zap3' \\(expected \\+N or -N\\)$"),
        ("7d6 zap 3", "^unknown option 'zap' \\(expected f±N or rN\\)$"),
        ("6k3 x=", "^unknown option 'x' \\(expected unskilled, leftover, \\+N or -N\\)$"),
        ("7d6 !", "^unexpected '!' at position 5$"),
        ("7d6 = 2", "^unexpected '=' at position 5$"),
        ("2d10 +10001", "^a modifier must be between -10000 and \\+10000, got \\+10001$"),
    ],
)
def test_each_refusal_names_the_problem_exactly(text, message):
    with pytest.raises(NotationError, match=message):
        parse_notation(text)


@pytest.mark.parametrize(
    ("text", "position"),
    [("7d6 f+1 f+1", None), ("7d6 #", 5), ("  7d6 #", 7), ("7d6 f+1 q", None), ("7d6 +", 5)],
)
def test_positions_count_from_one_in_the_typed_text(text, position):
    with pytest.raises(NotationError) as raised:
        parse_notation(text)
    if position is not None:
        assert f"position {position}" in str(raised.value)


@pytest.mark.parametrize(
    ("spec", "text"),
    [
        (PoolSpec(3, lowest_threshold=2), "3d6"),
        (PoolSpec(3, favor=-3), "3d6 f-3"),
        (PoolSpec(3, rerolls=1, lowest_threshold=6), "3d6 r1 lowest 6"),
        (typed_keep(6, 3, modifier=0), "6k3"),
        (typed_keep(6, 3, explode=False, limit=typed_keep_limit(True)), "6k3 unskilled leftover"),
        (SumSpec(2, 6, 1), "2d6+1"),
        (SumSpec(2, 8, 0), "2d8"),
    ],
)
def test_canonical_notation_exactly(spec, text):
    assert format_spec(spec) == text
    assert parse_notation(text) == spec


def test_a_fractional_kept_count_is_named():
    with pytest.raises(NotationError, match=r"^the number of kept dice must be a whole number"):
        parse_notation("6k1.5")
