from functools import partial

import pytest

from uwr_desktop.core.dice import DiceError, PoolSpec, RollKeepSpec, SumSpec
from uwr_desktop.core.limits import MAX_DICE, MAX_FAVOR, MAX_SIDES
from uwr_desktop.core.notation import (
    TYPED_KEEP_LIMIT,
    NotationError,
    format_spec,
    parse_notation,
    typed_keep_limit,
)

typed_keep = partial(RollKeepSpec, limit=TYPED_KEEP_LIMIT)
"""A roll-and-keep spec as typed notation reads it: under the Ten Dice Rule."""


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("7d6", PoolSpec(7)),
        ("7d6 f+1 r2", PoolSpec(7, favor=1, rerolls=2)),
        ("7d6 f-1", PoolSpec(7, favor=-1)),
        ("7d6 favor +1", PoolSpec(7, favor=1)),
        ("7d6 favour -2", PoolSpec(7, favor=-2)),
        ("7d6 r 2", PoolSpec(7, rerolls=2)),
        ("7d6 rerolls 3 f1", PoolSpec(7, favor=1, rerolls=3)),
        ("  7D6   F+1   R2  ", PoolSpec(7, favor=1, rerolls=2)),
        ("7 d 6 f = +1", PoolSpec(7, favor=1)),
        ("7d6, f+1, r2", PoolSpec(7, favor=1, rerolls=2)),
        ("7d6f+1r2", PoolSpec(7, favor=1, rerolls=2)),
        ("7d6 f\u22121", PoolSpec(7, favor=-1)),
        ("7d6 lowest 3", PoolSpec(7, lowest_threshold=3)),
        ("d6", PoolSpec(1)),
        ("0d6", PoolSpec(0)),
        ("6k3", typed_keep(6, 3)),
        ("6K3 Unskilled", typed_keep(6, 3, explode=False)),
        ("6k3+5", typed_keep(6, 3, modifier=5)),
        ("6k3 + 5 - 1", typed_keep(6, 3, modifier=4)),
        ("12k4 leftover", typed_keep(12, 4, limit=typed_keep_limit(True))),
        ("4k5", typed_keep(4, 5)),
        ("2d10+5", SumSpec(2, 10, 5)),
        ("2d10 - 3", SumSpec(2, 10, -3)),
        ("3d8", SumSpec(3, 8)),
        ("d20", SumSpec(1, 20)),
        ("D20", SumSpec(1, 20)),
        ("3d6 sum", SumSpec(3, 6)),
        ("3d6+2", SumSpec(3, 6, 2)),
        ("7d6+0", SumSpec(7, 6)),
    ],
)
def test_parses_what_a_gm_types(text, spec):
    assert parse_notation(text) == spec


def test_ten_dice_rule_applies_to_parsed_rolls():
    spec = parse_notation("14k12")
    assert isinstance(spec, RollKeepSpec)
    assert (spec.effective.rolled, spec.effective.kept, spec.effective.bonus) == (10, 10, 12)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "enter a dice roll such as 7d6"),
        ("   ", "enter a dice roll such as 7d6"),
        ("7d", "'7d' needs a number of sides"),
        ("7dx", "'7dx' needs a number of sides"),
        ("6k", "'6k' needs a number of dice to keep"),
        ("k3", "'k3' needs a number of dice to roll"),
        ("7d6 favor x", "favor must be a whole number, got 'x'"),
        ("7d6 f+x", "favor must be a whole number, got 'x'"),
        ("7d6 f+1.5", "favor must be a whole number, got '1.5'"),
        ("7d6 f", "favor needs a number, e.g. f\\+1"),
        ("7d6 r", "rerolls needs a number, e.g. r2"),
        ("7d6 r two", "rerolls must be a whole number, got 'two'"),
        ("1.5d6", "the number of dice must be a whole number, got '1.5'"),
        ("2d6.5", "sides must be a whole number, got '6.5'"),
        ("-3d6", "a pool cannot have -3 dice"),
        ("-2d8", "a sum needs at least 1 die, got -2"),
        ("-d6", "'-' at position 1 needs the number of dice"),
        ("7d6 q2", "unknown option 'q2' \\(expected f±N or rN\\)"),
        ("7d6 zap", "unknown option 'zap' \\(expected f±N or rN\\)"),
        ("2d10 q2", "unknown option 'q2' \\(expected \\+N or -N\\)"),
        ("6k3 q2", "unknown option 'q2' \\(expected unskilled, leftover, \\+N or -N\\)"),
        ("500d6", f"at most {MAX_DICE} dice, got 500"),
        (f"{MAX_DICE + 1}d6", f"at most {MAX_DICE} dice, got {MAX_DICE + 1}"),
        ("2d5000", f"at most {MAX_SIDES} sides, got 5000"),
        ("99999999999d6", "'99999999999' at position 1 is too large"),
        ("7d6 f+500", f"favor must be between -{MAX_FAVOR} and \\+{MAX_FAVOR}, got \\+500"),
        (
            f"7d6 f+{MAX_FAVOR + 1}",
            f"favor must be between -{MAX_FAVOR} and \\+{MAX_FAVOR}, got \\+{MAX_FAVOR + 1}",
        ),
        ("7d6 r-2", "a pool cannot have -2 rerolls"),
        ("7d6 lowest 1", "the lowest threshold must be 2 to 6, got 1"),
        ("0d8", "a sum needs at least 1 die, got 0"),
        ("6k0", "cannot roll 6k0: at least 1 die must be kept"),
        ("0k3", "cannot roll 0k3: at least 1 die must be rolled"),
        ("7", "'7' is not a dice roll"),
        ("attack", "'attack' is not a dice roll"),
        ("7d6 ?", "unexpected '\\?' at position 5"),
        ("7d6 5", "unexpected number '5' at position 5 \\(a modifier needs \\+ or -\\)"),
        ("7d6 +", "'\\+' at position 5 needs a number after it"),
        ("7d6 =", "unexpected '=' at position 5"),
        ("7d6 f+1 f-1", "favor is given twice"),
        ("6k3 unskilled unskilled", "'unskilled' is given twice"),
        ("7d6 f+1 +2", "'favor' does not apply to a sum \\(7d6\\)"),
        ("3d8 r1", "'rerolls' does not apply to a sum \\(3d8\\)"),
        ("3d6 sum lowest 3", "'lowest' does not apply to a sum"),
        ("6k3 f+1", "'favor' does not apply to roll and keep \\(6k3\\)"),
        ("6k3 sum", "'sum' does not apply to roll and keep"),
        ("7d6 unskilled", "'unskilled' does not apply to a success pool \\(7d6\\)"),
        ("2d10 leftover", "'leftover' does not apply to a sum"),
    ],
)
def test_refusals_name_the_problem(text, message):
    with pytest.raises(NotationError, match=message):
        parse_notation(text)


def test_notation_errors_are_dice_errors():
    with pytest.raises(DiceError):
        parse_notation("7d")


@pytest.mark.parametrize(
    ("spec", "text"),
    [
        (PoolSpec(7), "7d6"),
        (PoolSpec(7, favor=1, rerolls=2), "7d6 f+1 r2"),
        (PoolSpec(5, favor=-1, lowest_threshold=3), "5d6 f-1 lowest 3"),
        (PoolSpec(0), "0d6"),
        (typed_keep(6, 3), "6k3"),
        (typed_keep(6, 3, explode=False, modifier=5), "6k3+5 unskilled"),
        (typed_keep(11, 4, modifier=-2, limit=typed_keep_limit(True)), "11k4-2 leftover"),
        (SumSpec(2, 10, 5), "2d10+5"),
        (SumSpec(1, 20), "1d20"),
        (SumSpec(3, 6), "3d6 sum"),
        (SumSpec(3, 6, -1), "3d6-1"),
    ],
)
def test_format_spec_gives_canonical_notation_that_reads_back(spec, text):
    assert format_spec(spec) == text
    assert parse_notation(text) == spec
