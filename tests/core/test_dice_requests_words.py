"""What each roll asks of whoever rolls its dice: the words naming the roll (as the prompt for
dice rolled at the table shows them) and whether its total alone will do."""

import random
from collections.abc import Sequence

from recording_roller import Dealt

from uwr_desktop.core.dice import (
    PoolRoll,
    PoolSpec,
    Roller,
    RollKeepSpec,
    SumSpec,
    keep_words,
    pool_words,
)
from uwr_desktop.core.dice_requests import DiceRequest


class AskingRoller(Roller):
    """A seeded roller (or one dealing ``faces``) that keeps every request it is asked."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        super().__init__(Dealt(faces) if faces else random.Random(3))
        self.asked: list[DiceRequest] = []

    def batch(self, request: DiceRequest) -> tuple[int, ...]:
        self.asked.append(request)
        return super().batch(request)


def test_a_pool_is_named_with_its_favor_only_when_it_has_one():
    assert pool_words(PoolSpec(4)) == "4 d6"
    assert pool_words(PoolSpec(4, favor=1)) == "4 d6, favor +1"
    assert pool_words(PoolSpec(4, favor=-2)) == "4 d6, favor -2"


def test_a_keep_roll_says_tens_roll_again_only_when_they_do():
    assert keep_words(RollKeepSpec(7, 3, explode=False)) == "7 d10, keep 3"
    assert keep_words(RollKeepSpec(7, 3, modifier=2)) == "7 d10, keep 3 + 2 — 10s roll again"


def test_rerolls_are_asked_for_with_the_pools_words_and_which_dice():
    roller = AskingRoller()
    roll = PoolRoll.from_faces(PoolSpec(4, favor=1, rerolls=2), (1, 6, 2, 5))
    roller.reroll_faces(roll, [0, 2])
    (request,) = roller.asked
    assert (request.sides, request.count, request.dice) == (6, 2, "4 d6, favor +1")
    assert request.note == "rerolls of dice 1 and 3"
    assert not request.total_only


def test_each_explosion_is_asked_for_with_the_rolls_words_and_which_dice_showed_10():
    """Typing faces at the table, every batch of a roll-and-keep roll, explosions included,
    is named by the roll, and each explosion says which dice roll again."""
    roller = AskingRoller([10, 4, 10, 10, 3, 2])
    roll = roller.roll_keep(RollKeepSpec(3, 2))
    words = "3 d10, keep 2 — 10s roll again"
    assert [(r.sides, r.count, r.dice, r.note) for r in roller.asked] == [
        (10, 3, words, ""),
        (10, 2, words, "dice 1 and 3 showed 10 and roll again"),
        (10, 1, words, "die 1 showed 10 and rolls again"),
    ]
    assert roll.chains == ((10, 10, 2), (4,), (10, 3))
    assert roll.total == 22 + 13


def test_a_sum_asks_only_for_its_total():
    roller = AskingRoller()
    roller.roll_sum(SumSpec(2, 10, 5))
    (request,) = roller.asked
    assert (request.sides, request.count, request.dice) == (10, 2, "2 d10 + 5")
    assert request.total_only
