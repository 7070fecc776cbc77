import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from uwr_desktop.core.dice import (
    MAX_DICE,
    PoolRoll,
    PoolSpec,
    Roller,
    RollKeepRoll,
    RollKeepSpec,
    SumSpec,
    apply_keep_limit,
)
from uwr_desktop.core.notation import NotationError, format_spec, parse_notation
from uwr_desktop.core.rulesets.rollkeep.rules import ten_dice_rule

# Speed is measured in benchmarks, not here: no per-example deadline on a shared machine.
no_deadline = settings(deadline=None)

pool_specs = st.builds(
    PoolSpec,
    dice=st.integers(0, 30),
    favor=st.integers(-8, 8),
    rerolls=st.integers(0, 8),
    lowest_threshold=st.integers(2, 6),
)


@st.composite
def pool_rolls(draw: st.DrawFn) -> PoolRoll:
    spec = draw(pool_specs)
    faces = draw(st.lists(st.integers(1, 6), min_size=spec.dice, max_size=spec.dice))
    return PoolRoll.from_faces(spec, faces)


@no_deadline
@given(pool_rolls())
def test_successes_are_the_dice_at_or_above_threshold(roll):
    assert roll.successes == len([face for face in roll.faces if face >= roll.threshold])
    assert roll.threshold == max(roll.spec.lowest_threshold, min(6, 5 - roll.spec.favor))


@no_deadline
@given(pool_rolls(), st.data())
def test_a_reroll_never_lowers_the_success_count(roll, data):
    assume(roll.rerollable_indices and roll.rerolls_left > 0)
    index = data.draw(st.sampled_from(roll.rerollable_indices))
    new_face = data.draw(st.integers(1, 6))
    rerolled = roll.with_reroll(index, new_face)
    assert rerolled.successes >= roll.successes
    assert rerolled.successes - roll.successes == (new_face >= roll.threshold)
    assert rerolled.faces[index] == max(roll.faces[index], new_face)


@no_deadline
@given(pool_rolls(), st.integers(0, 2**32))
def test_reroll_all_uses_as_many_rerolls_as_failures_allow(roll, seed):
    rerolled = Roller(random.Random(seed)).reroll_all(roll)
    failures = len(roll.rerollable_indices)
    assert rerolled.rerolls_used == min(roll.spec.rerolls, failures)
    assert rerolled.successes >= roll.successes
    assert rerolled.rerolls_left == 0 or rerolled.rerollable_indices == ()


@no_deadline
@given(pool_specs, st.integers(0, 2**32))
def test_seeded_pool_rolls_are_repeatable(spec, seed):
    first = Roller(random.Random(seed)).roll_pool(spec)
    assert first == Roller(random.Random(seed)).roll_pool(spec)
    assert len(first.faces) == spec.dice


@no_deadline
@given(st.integers(1, 60), st.integers(1, 60), st.booleans())
def test_ten_dice_rule_never_uses_more_than_ten_dice(rolled, kept, leftover):
    dice = apply_keep_limit(rolled, kept, ten_dice_rule(leftover))
    assert 1 <= dice.kept <= dice.rolled <= 10
    assert dice.bonus >= 0
    assert dice.bonus % 2 == 0
    if rolled <= 10 and kept <= rolled:
        assert (dice.rolled, dice.kept, dice.bonus) == (rolled, kept, 0)
    if dice.bonus:
        assert dice.kept == 10 or leftover


@no_deadline
@given(st.integers(1, 40), st.integers(1, 40), st.integers(-20, 20), st.integers(0, 2**32))
def test_roll_and_keep_total_is_kept_values_plus_bonus(rolled, kept, modifier, seed):
    spec = RollKeepSpec(rolled, kept, modifier=modifier)
    roll = Roller(random.Random(seed)).roll_keep(spec)
    values = sorted(roll.values, reverse=True)
    effective = spec.effective
    assert roll.total == sum(values[: effective.kept]) + effective.bonus + modifier
    assert RollKeepRoll.from_chains(spec, roll.chains) == roll


@no_deadline
@given(st.text())
def test_parser_refuses_arbitrary_text_only_with_notation_errors(text):
    try:
        spec = parse_notation(text)
    except NotationError as error:
        assert str(error)
    else:
        assert parse_notation(format_spec(spec)) == spec


notation_alphabet = st.sampled_from(
    [
        "d",
        "k",
        "D",
        "f",
        "r",
        "+",
        "-",
        "=",
        " ",
        ",",
        ".",
        "6",
        "1",
        "0",
        "sum",
        "unskilled",
        "lowest",
        "leftover",
        "favor",
        "x",
        "\u2212",
        "10",
        "200",
        "999999999999",
    ]
)


@no_deadline
@given(st.lists(notation_alphabet, max_size=12).map("".join))
def test_parser_refuses_near_miss_notation_only_with_notation_errors(text):
    try:
        spec = parse_notation(text)
    except NotationError as error:
        assert str(error)
    else:
        assert parse_notation(format_spec(spec)) == spec


any_spec = st.one_of(
    pool_specs,
    st.builds(
        RollKeepSpec,
        rolled=st.integers(1, MAX_DICE),
        kept=st.integers(1, MAX_DICE),
        explode=st.booleans(),
        modifier=st.integers(-10_000, 10_000),
        limit=st.builds(ten_dice_rule, st.booleans()),
    ),
    st.builds(
        SumSpec,
        count=st.integers(1, MAX_DICE),
        sides=st.integers(2, 1000),
        modifier=st.integers(-10_000, 10_000),
    ),
)


@no_deadline
@given(any_spec)
def test_format_spec_round_trips(spec):
    assert parse_notation(format_spec(spec)) == spec
