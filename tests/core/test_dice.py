import random
from collections import Counter
from collections.abc import Iterable

import pytest

from uwr_desktop.core.dice import (
    DiceError,
    DirectOutcome,
    KeepDice,
    KeepLimit,
    PoolDie,
    PoolRoll,
    PoolSpec,
    RandomSource,
    Roller,
    RollKeepRoll,
    RollKeepSpec,
    SumRoll,
    SumSpec,
    apply_keep_limit,
    direct_check,
    net_favor,
    opposed_check,
    success_threshold,
)
from uwr_desktop.core.limits import MAX_DICE, MAX_FAVOR, MAX_REROLLS, MAX_SIDES
from uwr_desktop.core.rulesets.rollkeep.rules import TEN_DICE_RULE, ten_dice_rule


class ScriptedDice:
    """A random source that deals out prepared faces, checking each against the range asked."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)
        self.calls: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.calls.append((a, b))
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def test_library_generators_are_random_sources():
    sources: list[RandomSource] = [random.Random(1), random.SystemRandom()]
    assert all(1 <= Roller(source).die(6) <= 6 for source in sources)


# --- thresholds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("favor", "lowest", "threshold"),
    [
        (0, 2, 5),
        (1, 2, 4),
        (-1, 2, 6),
        (-5, 2, 6),
        (3, 2, 2),
        (4, 2, 2),
        (9, 2, 2),
        (2, 4, 4),
        (1, 4, 4),
        (0, 6, 6),
        (-3, 3, 6),
    ],
)
def test_threshold_is_five_minus_favor_clamped(favor, lowest, threshold):
    assert success_threshold(favor, lowest) == threshold
    assert PoolSpec(5, favor=favor, lowest_threshold=lowest).threshold == threshold


@pytest.mark.parametrize(
    ("sources", "favor"),
    [((), 0), ((2, -1), 1), ((MAX_FAVOR, 1), MAX_FAVOR), ((-MAX_FAVOR, -1), -MAX_FAVOR)],
)
def test_net_favor_sums_its_sources_within_the_most_a_pool_takes(sources, favor):
    assert net_favor(*sources) == favor
    unheld = sum(sources)
    for lowest in range(2, 7):  # holding it never changes the threshold
        assert success_threshold(favor, lowest) == success_threshold(unheld, lowest)


@pytest.mark.parametrize("lowest", [1, 7, 0, -2])
def test_lowest_threshold_outside_two_to_six_is_refused(lowest):
    with pytest.raises(DiceError, match=f"lowest threshold must be 2 to 6, got {lowest}"):
        success_threshold(0, lowest)
    with pytest.raises(DiceError, match="lowest threshold"):
        PoolSpec(3, lowest_threshold=lowest)


# --- pool specs ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"dice": -2}, "a pool cannot have -2 dice"),
        ({"dice": 3, "rerolls": -1}, "a pool cannot have -1 rerolls"),
        ({"dice": MAX_DICE + 1}, f"at most {MAX_DICE} dice, got {MAX_DICE + 1}"),
        ({"dice": 3, "rerolls": 500}, f"at most {MAX_REROLLS} rerolls, got 500"),
        (
            {"dice": 3, "favor": -MAX_FAVOR - 1},
            rf"favor must be between -{MAX_FAVOR} and \+{MAX_FAVOR}, got -{MAX_FAVOR + 1}",
        ),
    ],
)
def test_bad_pool_specs_are_refused_with_the_reason(kwargs, message):
    with pytest.raises(DiceError, match=message):
        PoolSpec(**kwargs)


def test_an_empty_pool_rolls_no_successes():
    roll = Roller(random.Random(3)).roll_pool(PoolSpec(0))
    assert roll.faces == ()
    assert roll.successes == 0


# --- pool rolls ------------------------------------------------------------------------------


def test_pool_counts_dice_at_or_above_threshold():
    roll = PoolRoll.from_faces(PoolSpec(7), [1, 4, 5, 6, 5, 2, 3])
    assert roll.threshold == 5
    assert roll.successes == 3
    assert [roll.is_success(i) for i in range(7)] == [False, False, True, True, True, False, False]
    assert roll.rerollable_indices == (0, 1, 5, 6)


def test_favor_changes_which_faces_succeed():
    faces = [1, 2, 3, 4, 5, 6]
    counts = {
        favor: PoolRoll.from_faces(PoolSpec(6, favor=favor), faces).successes
        for favor in (-2, -1, 0, 1, 2, 3, 4)
    }
    assert counts == {-2: 1, -1: 1, 0: 2, 1: 3, 2: 4, 3: 5, 4: 5}


def test_lowest_threshold_setting_limits_favor():
    spec = PoolSpec(3, favor=10, lowest_threshold=3)
    assert PoolRoll.from_faces(spec, [1, 2, 3]).successes == 1


def test_seeded_rolls_repeat_and_stay_on_the_die():
    spec = PoolSpec(40, favor=1, rerolls=3)
    first = Roller(random.Random(42)).roll_pool(spec)
    again = Roller(random.Random(42)).roll_pool(spec)
    other = Roller(random.Random(43)).roll_pool(spec)
    assert first == again
    assert first.faces != other.faces
    assert set(first.faces) <= set(range(1, 7))
    assert first.successes == sum(face >= 4 for face in first.faces)


def test_seeded_d6_faces_are_spread_evenly():
    roller = Roller(random.Random(2024))
    counts = Counter(roller.die(6) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_roll_pool_uses_the_injected_source():
    source = ScriptedDice([6, 1, 5, 3])
    roll = Roller(source).roll_pool(PoolSpec(4))
    assert roll.faces == (6, 1, 5, 3)
    assert source.calls == [(1, 6)] * 4


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ([5, 5], "a pool of 3 dice needs 3 faces, got 2"),
        ([5, 5, 7], "a d6 shows 1 to 6, got 7"),
        ([5, 0, 1], "a d6 shows 1 to 6, got 0"),
    ],
)
def test_recorded_faces_must_fit_the_pool(faces, message):
    with pytest.raises(DiceError, match=message):
        PoolRoll.from_faces(PoolSpec(3), faces)


def test_a_record_cannot_show_a_rerolled_success_or_more_rerolls_than_allowed():
    spec = PoolSpec(2, rerolls=1)
    with pytest.raises(DiceError, match="first showed 5 succeeded"):
        PoolRoll(spec, (PoolDie(6, first_face=5), PoolDie(1)))
    with pytest.raises(DiceError, match="keeps its better face"):
        PoolRoll(spec, (PoolDie(1, first_face=3), PoolDie(1)))
    with pytest.raises(DiceError, match="2 dice were rerolled but the pool allows 1"):
        PoolRoll(spec, (PoolDie(3, first_face=2), PoolDie(4, first_face=1)))


# --- rerolls ---------------------------------------------------------------------------------


def test_a_rerolled_failure_succeeds_exactly_when_the_new_face_does():
    roll = PoolRoll.from_faces(PoolSpec(3, rerolls=3), [2, 3, 4])
    better = roll.with_reroll(0, 6)
    assert better.faces == (6, 3, 4)
    assert better.dice[0] == PoolDie(6, first_face=2)
    assert better.dice[0].rerolled
    assert better.successes == 1
    assert better.rerolls_used == 1
    assert better.rerolls_left == 2
    worse = better.with_reroll(1, 1)
    assert worse.faces == (6, 3, 4)
    assert worse.dice[1] == PoolDie(3, first_face=3)
    assert worse.successes == 1
    assert worse.rerollable_indices == (2,)
    assert roll.faces == (2, 3, 4)


def test_with_reroll_refusals():
    roll = PoolRoll.from_faces(PoolSpec(4, rerolls=1), [5, 1, 2, 6])
    with pytest.raises(DiceError, match="die 1 is a success"):
        roll.with_reroll(0, 6)
    with pytest.raises(DiceError, match="there is no die 5: the pool has 4 dice"):
        roll.with_reroll(4, 6)
    with pytest.raises(DiceError, match="there is no die 0"):
        roll.with_reroll(-1, 6)
    with pytest.raises(DiceError, match="a d6 shows 1 to 6, got 9"):
        roll.with_reroll(1, 9)
    once = roll.with_reroll(1, 3)
    with pytest.raises(DiceError, match="die 2 has already been rerolled"):
        once.with_reroll(1, 6)
    with pytest.raises(DiceError, match="no rerolls are left"):
        once.with_reroll(2, 6)
    without = PoolRoll.from_faces(PoolSpec(2), [1, 1])
    with pytest.raises(DiceError, match="no rerolls are left"):
        without.with_reroll(0, 6)


def test_roller_rerolls_chosen_dice_in_order():
    roll = PoolRoll.from_faces(PoolSpec(5, rerolls=2), [1, 6, 2, 3, 5])
    rerolled = Roller(ScriptedDice([5, 1])).reroll(roll, [3, 0])
    assert rerolled.faces == (1, 6, 2, 5, 5)
    assert rerolled.dice[0] == PoolDie(1, first_face=1)
    assert rerolled.dice[3] == PoolDie(5, first_face=3)
    assert rerolled.successes == 3
    assert rerolled.rerolls_left == 0


@pytest.mark.parametrize(
    ("indices", "message"),
    [
        ([0, 1], "die 2 is a success"),
        ([0, 0], "die 1 was chosen twice"),
        ([0, 2, 3], "3 dice were chosen but only 2 rerolls are left"),
        ([7], "there is no die 8"),
    ],
)
def test_reroll_checks_every_index_before_rolling(indices, message):
    roll = PoolRoll.from_faces(PoolSpec(4, rerolls=2), [1, 6, 2, 3])
    source = ScriptedDice([6, 6, 6])
    with pytest.raises(DiceError, match=message):
        Roller(source).reroll(roll, indices)
    assert source.calls == []


def test_reroll_refuses_a_die_rerolled_before():
    roll = PoolRoll.from_faces(PoolSpec(3, rerolls=3), [1, 2, 3])
    roller = Roller(ScriptedDice([2, 6]))
    once = roller.reroll(roll, [0])
    with pytest.raises(DiceError, match="die 1 has already been rerolled"):
        roller.reroll(once, [1, 0])
    assert roller.reroll(once, [1]).faces == (2, 6, 3)


def test_reroll_refuses_more_dice_than_rerolls_left_in_singular():
    roll = PoolRoll.from_faces(PoolSpec(3, rerolls=1), [1, 2, 3])
    with pytest.raises(DiceError, match="2 dice were chosen but only 1 reroll is left"):
        Roller(ScriptedDice([])).reroll(roll, [0, 1])


def test_reroll_all_takes_the_first_failures_rerolls_allow():
    roll = PoolRoll.from_faces(PoolSpec(6, favor=1, rerolls=2), [1, 4, 3, 6, 2, 1])
    rerolled = Roller(ScriptedDice([4, 2])).reroll_all(roll)
    assert rerolled.faces == (4, 4, 3, 6, 2, 1)
    assert rerolled.successes == 3
    assert rerolled.rerolls_left == 0
    assert rerolled.rerollable_indices == (4, 5)


def test_reroll_all_with_nothing_to_reroll_changes_nothing():
    all_successes = PoolRoll.from_faces(PoolSpec(3, rerolls=2), [5, 6, 5])
    no_rerolls = PoolRoll.from_faces(PoolSpec(3), [1, 2, 3])
    roller = Roller(ScriptedDice([]))
    assert roller.reroll_all(all_successes) == all_successes
    assert roller.reroll_all(no_rerolls) == no_rerolls


# --- checks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "difficulty", "passed"),
    [(0, 1, False), (1, 1, True), (1, 2, False), (2, 2, True), (5, 3, True)],
)
def test_direct_check_passes_when_successes_reach_difficulty(successes, difficulty, passed):
    assert direct_check(successes, difficulty) == DirectOutcome(successes, difficulty, passed)


def test_direct_check_refuses_nonsense():
    with pytest.raises(DiceError, match="cannot have -1 successes"):
        direct_check(-1, 2)
    with pytest.raises(DiceError, match="difficulty must be at least 1 success, got 0"):
        direct_check(2, 0)


@pytest.mark.parametrize(
    ("action", "reaction", "action_wins", "surviving"),
    [
        (3, 1, True, 2),
        (4, 0, True, 4),
        (2, 2, False, 0),
        (0, 0, False, 0),
        (1, 3, False, 2),
        (5, None, True, 5),
        (0, None, False, 0),
    ],
)
def test_opposed_check(action, reaction, action_wins, surviving):
    outcome = opposed_check(action, reaction)
    assert outcome.action == action
    assert outcome.reaction == reaction
    assert outcome.action_wins is action_wins
    assert outcome.surviving == surviving


@pytest.mark.parametrize(("action", "reaction"), [(0, None), (3, None), (0, 0), (1, 2)])
def test_the_uncontested_zero_setting_changes_only_an_uncontested_zero(action, reaction):
    plain = opposed_check(action, reaction)
    house = opposed_check(action, reaction, uncontested_zero_wins=True)
    if (action, reaction) == (0, None):
        assert (plain.action_wins, house.action_wins) == (False, True)
    else:
        assert house == plain


def test_opposed_check_refuses_negative_successes():
    with pytest.raises(DiceError, match="an action cannot have -1 successes"):
        opposed_check(-1, 2)
    with pytest.raises(DiceError, match="a reaction cannot have -2 successes"):
        opposed_check(1, -2)


# --- Ten Dice Rule ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rolled", "kept", "expected"),
    [
        (12, 4, KeepDice(10, 5, 0)),
        (13, 9, KeepDice(10, 10, 2)),
        (10, 12, KeepDice(10, 10, 4)),
        (14, 12, KeepDice(10, 10, 12)),
        (12, 10, KeepDice(10, 10, 4)),
        (14, 9, KeepDice(10, 10, 4)),
        (15, 9, KeepDice(10, 10, 6)),
        (16, 8, KeepDice(10, 10, 4)),
        (20, 3, KeepDice(10, 8, 0)),
        (15, 12, KeepDice(10, 10, 14)),
        (11, 4, KeepDice(10, 4, 0)),
        (4, 5, KeepDice(4, 4, 0)),
        (6, 3, KeepDice(6, 3, 0)),
        (10, 10, KeepDice(10, 10, 0)),
        (1, 1, KeepDice(1, 1, 0)),
    ],
)
def test_ten_dice_rule_examples(rolled, kept, expected):
    assert apply_keep_limit(rolled, kept, TEN_DICE_RULE) == expected
    assert RollKeepSpec(rolled, kept, limit=TEN_DICE_RULE).effective == expected


@pytest.mark.parametrize(
    ("rolled", "kept", "with_setting", "without_setting"),
    [
        (11, 4, KeepDice(10, 4, 2), KeepDice(10, 4, 0)),
        (13, 4, KeepDice(10, 5, 2), KeepDice(10, 5, 0)),
        (13, 9, KeepDice(10, 10, 2), KeepDice(10, 10, 2)),
        (12, 4, KeepDice(10, 5, 0), KeepDice(10, 5, 0)),
    ],
)
def test_leftover_die_setting(rolled, kept, with_setting, without_setting):
    assert apply_keep_limit(rolled, kept, ten_dice_rule(True)) == with_setting
    assert apply_keep_limit(rolled, kept, ten_dice_rule(False)) == without_setting
    assert RollKeepSpec(rolled, kept, limit=ten_dice_rule(True)).effective == with_setting


@pytest.mark.parametrize(
    ("rolled", "kept", "expected"),
    [
        (12, 4, KeepDice(12, 4, 0)),
        (14, 12, KeepDice(14, 12, 0)),
        (4, 5, KeepDice(4, 4, 0)),
        (40, 40, KeepDice(40, 40, 0)),
    ],
)
def test_without_a_limit_every_die_written_is_rolled(rolled, kept, expected):
    assert apply_keep_limit(rolled, kept) == expected
    assert RollKeepSpec(rolled, kept).effective == expected


@pytest.mark.parametrize(
    ("rolled", "kept", "expected"),
    [
        (4, 2, KeepDice(4, 2, 0)),
        (7, 2, KeepDice(5, 3, 0)),
        (9, 2, KeepDice(5, 4, 0)),
        (5, 7, KeepDice(5, 5, 6)),
        (12, 1, KeepDice(5, 4, 3)),
    ],
)
def test_another_limit_reads_in_the_same_order(rolled, kept, expected):
    limit = KeepLimit(most=5, bonus=3, leftover_counts=True)
    assert apply_keep_limit(rolled, kept, limit) == expected


@pytest.mark.parametrize(
    ("most", "bonus", "message"),
    [(0, 2, "a limit of 0 dice leaves no die to roll"), (10, -1, "cannot add -1")],
)
def test_a_limit_that_means_nothing_is_refused(most, bonus, message):
    with pytest.raises(DiceError, match=message):
        KeepLimit(most, bonus)


@pytest.mark.parametrize(
    ("rolled", "kept", "message"),
    [
        (0, 1, "cannot roll 0k1: at least 1 die must be rolled"),
        (-3, 2, "cannot roll -3k2: at least 1 die must be rolled"),
        (5, 0, "cannot roll 5k0: at least 1 die must be kept"),
        (300, 2, f"at most {MAX_DICE} dice, got 300"),
    ],
)
def test_meaningless_roll_and_keep_is_refused(rolled, kept, message):
    with pytest.raises(DiceError, match=message):
        apply_keep_limit(rolled, kept, TEN_DICE_RULE)
    with pytest.raises(DiceError, match=message):
        RollKeepSpec(rolled, kept)


# --- roll and keep rolls ---------------------------------------------------------------------


def test_tens_explode_and_the_highest_are_kept():
    source = ScriptedDice([10, 7, 2, 10, 10, 1, 3])
    roll = Roller(source).roll_keep(RollKeepSpec(4, 2, modifier=5))
    assert roll.chains == ((10, 10, 3), (7,), (2,), (10, 1))
    assert roll.values == (23, 7, 2, 11)
    assert roll.kept_indices == (0, 3)
    assert roll.total == 23 + 11 + 5
    assert source.calls == [(1, 10)] * 7


def test_unskilled_rolls_do_not_explode():
    roll = Roller(ScriptedDice([10, 10, 4])).roll_keep(RollKeepSpec(3, 2, explode=False))
    assert roll.chains == ((10,), (10,), (4,))
    assert roll.total == 20


def test_roll_and_keep_rolls_the_effective_dice_and_adds_the_bonus():
    faces = [9, 8, 7, 6, 5, 4, 3, 2, 1, 1]
    roll = Roller(ScriptedDice(faces)).roll_keep(
        RollKeepSpec(14, 12, modifier=-1, limit=TEN_DICE_RULE)
    )
    assert len(roll.chains) == 10
    assert roll.kept_indices == tuple(range(10))
    assert roll.total == sum(faces) + 12 - 1


def test_kept_ties_go_to_the_earlier_die():
    roll = RollKeepRoll.from_chains(RollKeepSpec(4, 2), [(5,), (7,), (5,), (5,)])
    assert roll.kept_indices == (0, 1)
    assert roll.total == 12


def test_four_keep_five_keeps_all_four():
    roll = RollKeepRoll.from_chains(RollKeepSpec(4, 5), [(1,), (2,), (3,), (4,)])
    assert roll.total == 10


def test_seeded_roll_and_keep_repeats_and_explodes_sometimes():
    spec = RollKeepSpec(10, 3)
    rolls = [Roller(random.Random(seed)).roll_keep(spec) for seed in range(200)]
    again = [Roller(random.Random(seed)).roll_keep(spec) for seed in range(200)]
    assert rolls == again
    chains = [chain for roll in rolls for chain in roll.chains]
    exploded = sum(len(chain) > 1 for chain in chains)
    assert 150 < exploded < 250
    assert all(chain[-1] != 10 and set(chain[:-1]) <= {10} for chain in chains)


@pytest.mark.parametrize(
    ("spec", "chains", "message"),
    [
        (RollKeepSpec(3, 2), [(5,), (6,)], "3k2 rolls 3 dice, got 2"),
        (RollKeepSpec(12, 4, limit=TEN_DICE_RULE), [(5,)] * 12, "12k4 rolls 10 dice, got 12"),
        (RollKeepSpec(2, 1), [(5,), ()], "at least one face"),
        (RollKeepSpec(2, 1), [(5,), (11,)], "a d10 shows 1 to 10, got 11"),
        (RollKeepSpec(2, 1), [(5,), (10,)], "rolled again exactly when it shows 10"),
        (RollKeepSpec(2, 1), [(5,), (4, 3)], "rolled again exactly when it shows 10"),
        (RollKeepSpec(2, 1, explode=False), [(5,), (10, 3)], "unskilled roll does not explode"),
    ],
)
def test_recorded_chains_must_fit_the_roll(spec, chains, message):
    with pytest.raises(DiceError, match=message):
        RollKeepRoll.from_chains(spec, chains)


def test_roll_keep_modifier_is_capped():
    with pytest.raises(DiceError, match="modifier must be between -10000 and \\+10000"):
        RollKeepSpec(3, 2, modifier=20_000)


# --- sums ------------------------------------------------------------------------------------


def test_sum_adds_faces_and_modifier():
    source = ScriptedDice([7, 3])
    roll = Roller(source).roll_sum(SumSpec(2, 10, modifier=5))
    assert roll.faces == (7, 3)
    assert roll.total == 15
    assert source.calls == [(1, 10), (1, 10)]


def test_seeded_d20_covers_its_faces():
    roller = Roller(random.Random(7))
    faces = {roller.roll_sum(SumSpec(1, 20)).total for _ in range(500)}
    assert faces == set(range(1, 21))


def test_a_roller_given_no_source_rolls_from_the_operating_system() -> None:
    """The app's own roller, made without a seed, still rolls every face of a die."""
    roller = Roller()
    faces = roller.dice(6, 100) + roller.dice(6, 100)
    assert len(faces) == 200
    assert set(faces) == set(range(1, 7))


@pytest.mark.parametrize(
    ("count", "sides", "message"),
    [
        (0, 6, "a sum needs at least 1 die, got 0"),
        (-2, 8, "a sum needs at least 1 die, got -2"),
        (2, 1, "a die needs at least 2 sides, got 1"),
        (2, 5000, f"at most {MAX_SIDES} sides, got 5000"),
        (MAX_DICE + 1, 6, f"at most {MAX_DICE} dice, got {MAX_DICE + 1}"),
    ],
)
def test_meaningless_sums_are_refused(count, sides, message):
    with pytest.raises(DiceError, match=message):
        SumSpec(count, sides)


def test_recorded_sum_faces_must_fit():
    with pytest.raises(DiceError, match="2d8 needs 2 faces, got 3"):
        SumRoll(SumSpec(2, 8), (1, 2, 3))
    with pytest.raises(DiceError, match="a d8 shows 1 to 8, got 9"):
        SumRoll(SumSpec(2, 8), (1, 9))


@pytest.mark.parametrize("sides", [1, 0, -6, 1001])
def test_die_refuses_impossible_sides(sides):
    with pytest.raises(DiceError, match=f"a die has 2 to 1000 sides, got {sides}"):
        Roller(random.Random(0)).die(sides)
