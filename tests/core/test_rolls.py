"""The generic roll record: what each kind of roll reads as, its marks and its outcome."""

import msgspec
import pytest

from uwr_desktop.core.dice import (
    DiceError,
    KeepDice,
    KeepLimit,
    PoolRoll,
    PoolSpec,
    RollKeepRoll,
    RollKeepSpec,
    SumRoll,
    SumSpec,
)
from uwr_desktop.core.rolls import DiceKind, DieMark, RollOutcome, RollRecord
from uwr_desktop.core.rulesets.rollkeep.rules import ten_dice_rule


def keep(chains, kept, *, modifier=0, explode=True, leftover=False):
    spec = RollKeepSpec(len(chains), kept, explode, modifier, ten_dice_rule(leftover))
    return RollRecord.of_keep(RollKeepRoll.from_chains(spec, chains))


def test_a_pool_reads_its_successes_and_marks_the_rerolled_die():
    record = RollRecord(4, favor=1, rerolls=1, faces=(6, 1, 4, 2), rerolls_taken=((1, 5),))
    assert record.kind is DiceKind.POOL
    assert record.values == (6, 5, 4, 2)
    assert record.total == 3, "favor +1: 4 or more succeeds; the rerolled 1 became a 5"
    assert record.marks == (
        frozenset({DieMark.SUCCESS}),
        frozenset({DieMark.SUCCESS, DieMark.REROLLED}),
        frozenset({DieMark.SUCCESS}),
        frozenset(),
    )
    assert record.pool() == PoolRoll.from_faces(PoolSpec(4, 1, 1), (6, 1, 4, 2)).with_reroll(1, 5)


def test_a_keep_roll_keeps_the_highest_and_marks_the_exploded_die():
    record = keep(((10, 3), (7,), (2,), (9,)), 2, modifier=1)
    assert record.kind is DiceKind.KEEP and record.sides == 10
    assert record.values == (13, 7, 2, 9)
    assert record.total == 13 + 9 + 1
    assert record.marks == (
        frozenset({DieMark.KEPT, DieMark.EXPLODED}),
        frozenset({DieMark.DROPPED}),
        frozenset({DieMark.DROPPED}),
        frozenset({DieMark.KEPT}),
    )


def test_a_keep_record_carries_the_limit_it_was_rolled_under():
    chains = tuple((5,) for _ in range(10))
    spec = RollKeepSpec(11, 4, True, 0, ten_dice_rule(True))
    record = RollRecord.of_keep(RollKeepRoll.from_chains(spec, chains))
    assert record.limit == ten_dice_rule(True)
    assert record.keep().spec == spec
    assert record.total == 4 * 5 + 2, "11k4: ten dice rolled, four kept, the leftover die adds 2"


def test_a_sum_reads_its_faces_and_modifier():
    record = RollRecord.of_sum(SumRoll(SumSpec(2, 10, 5), (7, 3)))
    assert (record.kind, record.sides, record.values, record.total) == (
        DiceKind.SUM,
        10,
        (7, 3),
        15,
    )
    assert record.marks == (frozenset(), frozenset())


@pytest.mark.parametrize(
    ("target", "opposed", "expected"),
    [
        (15, None, RollOutcome(15, target=15, success=True)),
        (16, None, RollOutcome(15, target=16, success=False)),
        (None, 14, RollOutcome(15, opposed=14, success=True)),
        (None, 15, RollOutcome(15, opposed=15, success=False)),
        (None, None, RollOutcome(15)),
    ],
)
def test_the_outcome_meets_a_target_or_beats_an_opposed_total(target, opposed, expected):
    record = RollRecord.of_sum(SumRoll(SumSpec(2, 10, 5), (7, 3)))
    outcome = record.outcome(target=target, opposed=opposed)
    assert outcome == expected
    against = target if target is not None else opposed
    assert outcome.margin == (None if against is None else 15 - against)


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"dice": 2, "faces": (7, 1)}, "a d6 shows 1 to 6, got 7"),
        ({"dice": 3, "faces": (1, 2)}, "needs 3 faces, got 2"),
        (
            {"dice": 2, "rerolls": 1, "faces": (6, 1), "rerolls_taken": ((0, 4),)},
            r"die 1 is a success \(6\); only failures are rerolled",
        ),
        (
            {"dice": 2, "faces": (3, 1), "rerolls_taken": ((1, 4),)},
            "no rerolls are left",
        ),
        (
            {
                "dice": 1,
                "kind": DiceKind.KEEP,
                "kept": 1,
                "explode": True,
                "chains": ((10,),),
                "limit": None,
            },
            "rolled again exactly when it shows 10",
        ),
        (
            {"dice": 4, "kind": DiceKind.KEEP, "sides": 10, "chains": ((1,),) * 4, "limit": None},
            "4k0",
        ),
        (
            {"dice": 1, "kind": DiceKind.KEEP, "kept": 1, "chains": ((3,),)},
            "a roll-and-keep record names the limit it was rolled under",
        ),
        ({"dice": 2, "faces": (11, 1), "kind": DiceKind.SUM, "sides": 10}, "a d10 shows 1 to 10"),
        (
            {"dice": 1, "faces": (3,), "limit": None},
            "only a roll-and-keep record has a limit, not a pool roll",
        ),
        (
            {"dice": 1, "faces": (3,), "kind": DiceKind.SUM, "limit": {"most": 10, "bonus": 2}},
            "only a roll-and-keep record has a limit, not a sum roll",
        ),
    ],
    ids=[
        "pool face 7",
        "pool short",
        "pool rerolls a success",
        "pool rerolls beyond its own",
        "keep ends on a 10",
        "keep none kept",
        "keep without its limit",
        "sum face 11",
        "pool with a limit",
        "sum with a limit",
    ],
)
def test_a_record_that_breaks_the_dice_rules_is_refused_when_made_or_read(fields, problem):
    with pytest.raises(DiceError, match=problem):
        RollRecord(**fields)
    with pytest.raises(msgspec.ValidationError, match=rf"{problem}.* - at `\$\[1\]`"):
        msgspec.json.decode(msgspec.json.encode([{"dice": 0}, fields]), type=list[RollRecord])


def test_a_keep_record_reads_under_its_own_limit_or_none():
    unlimited = RollRecord.of_keep(RollKeepRoll.from_chains(RollKeepSpec(12, 4), [(5,)] * 12))
    assert unlimited.limit is None
    assert unlimited.values == (5,) * 12 and unlimited.total == 20
    other = KeepLimit(most=5, bonus=3)
    capped = RollRecord.of_keep(
        RollKeepRoll.from_chains(RollKeepSpec(9, 2, limit=other), [(5,)] * 5)
    )
    assert capped.keep().spec.effective == KeepDice(5, 4, 0)
    assert capped.total == 4 * 5
    read = msgspec.json.decode(msgspec.json.encode(capped), type=RollRecord)
    assert read == capped and read.limit == other
    assert "limit" not in msgspec.json.decode(msgspec.json.encode(RollRecord(1, faces=(3,))))
    with pytest.raises(DiceError, match="rolls 5 dice, got 12"):
        RollRecord(12, kind=DiceKind.KEEP, sides=10, kept=4, chains=((5,),) * 12, limit=other)


@pytest.mark.parametrize(
    ("limit", "problem"),
    [
        ({"most": 0, "bonus": 2}, "a limit of 0 dice leaves no die to roll"),
        ({"most": 101, "bonus": 2}, "a limit can be at most 100 dice, got 101"),
        ({"most": 10, "bonus": -1}, "a die beyond the limit cannot add -1"),
        ({"most": 10, "bonus": 10_001}, "a die beyond the limit adds at most 10000, got 10001"),
        ({"most": 10, "bonus": 2, "extra": 1}, "unknown field `extra`"),
    ],
)
def test_a_keep_record_under_an_impossible_limit_is_refused_when_read(limit, problem):
    fields = {"dice": 1, "kind": "keep", "kept": 1, "chains": [[3]], "limit": limit}
    with pytest.raises(msgspec.ValidationError, match=problem):
        msgspec.json.decode(msgspec.json.encode(fields), type=RollRecord)


def test_a_keep_record_reads_under_a_limit_at_its_bounds():
    for limit in (KeepLimit(most=1, bonus=0), KeepLimit(most=100, bonus=10_000)):
        fields = {"dice": 1, "kind": "keep", "kept": 1, "chains": [[3]], "limit": limit}
        record = msgspec.json.decode(msgspec.json.encode(fields), type=RollRecord)
        assert record.limit == limit and record.total == 3
