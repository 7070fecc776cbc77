"""Dice: d6 success pools, roll-and-keep d10s under a limit the rules give, plain sums, and checks.

Everything random goes through a :class:`Roller` built on an injected :class:`RandomSource`, so a
seeded ``random.Random`` gives repeatable rolls. Every roll is an immutable record of its faces
(``PoolRoll``, ``RollKeepRoll``, ``SumRoll``) that can be rebuilt from those faces without
rolling again. Every refusal is a :class:`DiceError` whose message a GM can read.
"""

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

import msgspec

from uwr_desktop.core.dice_requests import NOBODY, DiceRequest, RollFor
from uwr_desktop.core.limits import MAX_DICE, MAX_FAVOR, MAX_MODIFIER, MAX_REROLLS, MAX_SIDES

POOL_SIDES = 6
"""Success pools roll d6."""

KEEP_SIDES = 10
"""Roll-and-keep rolls d10; a 10 explodes."""

BASE_THRESHOLD = 5
"""A d6 succeeds on this face or more at zero favor."""


class RandomSource(Protocol):
    """Anything that rolls a whole number; ``random.Random`` and ``SystemRandom`` satisfy it."""

    def randint(self, a: int, b: int) -> int:
        """Return a whole number from ``a`` to ``b``, both included."""
        ...


class DiceError(ValueError):
    """A dice roll or check was refused; the message says why, in words a GM can read."""


def _dice_word(count: int) -> str:
    return "die" if abs(count) == 1 else "dice"


def _check_at_most(count: int) -> None:
    if count > MAX_DICE:
        raise DiceError(f"a roll can have at most {MAX_DICE} dice, got {count}")


def _check_modifier(modifier: int) -> None:
    if abs(modifier) > MAX_MODIFIER:
        raise DiceError(
            f"a modifier must be between -{MAX_MODIFIER} and +{MAX_MODIFIER}, got {modifier:+d}"
        )


def success_threshold(favor: int, lowest_threshold: int = 2) -> int:
    """The face a d6 needs to succeed: ``5 - favor``, never above 6 nor below ``lowest_threshold``.

    ``lowest_threshold`` is the house-rule setting (default 2, so a 1 always fails); it must be
    2 to 6.
    """
    if not 2 <= lowest_threshold <= POOL_SIDES:
        raise DiceError(f"the lowest threshold must be 2 to 6, got {lowest_threshold}")
    return max(lowest_threshold, min(POOL_SIDES, BASE_THRESHOLD - favor))


def net_favor(*sources: int) -> int:
    """The favor of a pool from its ``sources`` (the GM's, a condition's, a difficulty's), held
    between -``MAX_FAVOR`` and +``MAX_FAVOR``: the threshold moves only between +3 and -1 favor,
    so holding the sum there changes no roll, and the most favor a GM may give still rolls when
    a condition or a difficulty adds to it."""
    return max(-MAX_FAVOR, min(MAX_FAVOR, sum(sources)))


class PoolSpec(msgspec.Struct, frozen=True, gc=False):
    """A d6 success pool to roll: dice, net favor, rerolls and the lowest-threshold setting."""

    dice: int
    favor: int = 0
    rerolls: int = 0
    lowest_threshold: int = 2

    def __post_init__(self) -> None:
        if self.dice < 0:
            raise DiceError(f"a pool cannot have {self.dice} dice")
        _check_at_most(self.dice)
        if self.rerolls < 0:
            raise DiceError(f"a pool cannot have {self.rerolls} rerolls")
        if self.rerolls > MAX_REROLLS:
            raise DiceError(f"a pool can have at most {MAX_REROLLS} rerolls, got {self.rerolls}")
        if abs(self.favor) > MAX_FAVOR:
            raise DiceError(
                f"favor must be between -{MAX_FAVOR} and +{MAX_FAVOR}, got {self.favor:+d}"
            )
        success_threshold(self.favor, self.lowest_threshold)

    @property
    def threshold(self) -> int:
        """The face a die needs to succeed in this pool."""
        return success_threshold(self.favor, self.lowest_threshold)


class PoolDie(msgspec.Struct, frozen=True, gc=False):
    """One die of a pool: the face that counts, and the first face when the die was rerolled."""

    face: int
    first_face: int | None = None

    @property
    def rerolled(self) -> bool:
        """Whether this die has used its one reroll."""
        return self.first_face is not None


def _check_face(face: int, sides: int) -> None:
    if not 1 <= face <= sides:
        raise DiceError(f"a d{sides} shows 1 to {sides}, got {face}")


class PoolRoll(msgspec.Struct, frozen=True, gc=False):
    """A rolled d6 pool, with any rerolls taken so far.

    Constructing one validates it as a record: one die per die of the spec, faces 1 to 6, no more
    rerolled dice than the spec allows, and every rerolled die a failure on its first face that
    kept the better of its two faces.
    """

    spec: PoolSpec
    dice: tuple[PoolDie, ...]

    def __post_init__(self) -> None:
        if len(self.dice) != self.spec.dice:
            raise DiceError(
                f"a pool of {self.spec.dice} {_dice_word(self.spec.dice)} "
                f"needs {self.spec.dice} faces, got {len(self.dice)}"
            )
        threshold = self.spec.threshold
        for die in self.dice:
            _check_face(die.face, POOL_SIDES)
            if die.first_face is None:
                continue
            _check_face(die.first_face, POOL_SIDES)
            if die.first_face >= threshold:
                raise DiceError(
                    f"a die that first showed {die.first_face} succeeded and cannot be rerolled"
                )
            if die.face < die.first_face:
                raise DiceError(
                    f"a rerolled die keeps its better face, so it cannot show {die.face} "
                    f"after first showing {die.first_face}"
                )
        if self.rerolls_used > self.spec.rerolls:
            raise DiceError(
                f"{self.rerolls_used} dice were rerolled but the pool allows "
                f"{self.spec.rerolls} rerolls"
            )

    @classmethod
    def from_faces(cls, spec: PoolSpec, faces: Sequence[int]) -> "PoolRoll":
        """Rebuild a roll, before any reroll, from its recorded faces."""
        return cls(spec, tuple(PoolDie(face) for face in faces))

    @property
    def threshold(self) -> int:
        """The face a die needs to succeed."""
        return self.spec.threshold

    @property
    def faces(self) -> tuple[int, ...]:
        """The face that counts for each die, in rolling order."""
        return tuple(die.face for die in self.dice)

    @property
    def successes(self) -> int:
        """How many dice show the threshold or more."""
        threshold = self.threshold
        return sum(1 for die in self.dice if die.face >= threshold)

    @property
    def rerolls_used(self) -> int:
        """How many dice have been rerolled."""
        return sum(1 for die in self.dice if die.rerolled)

    @property
    def rerolls_left(self) -> int:
        """How many rerolls remain."""
        return self.spec.rerolls - self.rerolls_used

    def _die(self, index: int) -> PoolDie:
        if not 0 <= index < len(self.dice):
            raise DiceError(
                f"there is no die {index + 1}: the pool has {len(self.dice)} "
                f"{_dice_word(len(self.dice))}"
            )
        return self.dice[index]

    def is_success(self, index: int) -> bool:
        """Whether die ``index`` (0-based) is a success."""
        return self._die(index).face >= self.threshold

    @property
    def rerollable_indices(self) -> tuple[int, ...]:
        """Indices of the dice that failed and have not been rerolled (whatever rerolls remain)."""
        threshold = self.threshold
        return tuple(
            index
            for index, die in enumerate(self.dice)
            if die.face < threshold and not die.rerolled
        )

    def check_rerollable(self, index: int) -> None:
        """Raise :class:`DiceError` unless die ``index`` may be rerolled now."""
        die = self._die(index)
        if die.face >= self.threshold:
            raise DiceError(
                f"die {index + 1} is a success ({die.face}); only failures are rerolled"
            )
        if die.rerolled:
            raise DiceError(f"die {index + 1} has already been rerolled")
        if self.rerolls_left <= 0:
            raise DiceError("no rerolls are left")

    def with_reroll(self, index: int, new_face: int) -> "PoolRoll":
        """This roll with die ``index`` rerolled to ``new_face``; the better face is kept."""
        self.check_rerollable(index)
        _check_face(new_face, POOL_SIDES)
        old = self.dice[index]
        rerolled = PoolDie(max(old.face, new_face), first_face=old.face)
        return PoolRoll(self.spec, (*self.dice[:index], rerolled, *self.dice[index + 1 :]))


class DirectOutcome(msgspec.Struct, frozen=True):
    """The result of a direct check: successes against a difficulty."""

    successes: int
    difficulty: int
    passed: bool


def direct_check(successes: int, difficulty: int) -> DirectOutcome:
    """A direct check passes when the successes reach the difficulty (at least 1 success)."""
    if successes < 0:
        raise DiceError(f"a check cannot have {successes} successes")
    if difficulty < 1:
        raise DiceError(f"a difficulty must be at least 1 success, got {difficulty}")
    return DirectOutcome(successes, difficulty, successes >= difficulty)


class OpposedOutcome(msgspec.Struct, frozen=True):
    """The result of an opposed check.

    ``reaction`` is ``None`` when nobody contested the action. ``surviving`` is the winner's
    successes left after each success cancelled one of the other side's.
    """

    action: int
    reaction: int | None
    action_wins: bool
    surviving: int


def opposed_check(
    action: int, reaction: int | None, *, uncontested_zero_wins: bool = False
) -> OpposedOutcome:
    """Oppose an action roll's successes with a reaction roll's; a tie goes to the reaction.

    An uncontested action (``reaction`` is ``None``) wins with all its successes; with none it
    has nothing left to win with and fails, unless ``uncontested_zero_wins`` (the house-rule
    setting: "not contested wins by default").
    """
    if action < 0:
        raise DiceError(f"an action cannot have {action} successes")
    if reaction is None:
        wins = action > 0 or uncontested_zero_wins
        return OpposedOutcome(action, None, action_wins=wins, surviving=action)
    if reaction < 0:
        raise DiceError(f"a reaction cannot have {reaction} successes")
    if action > reaction:
        return OpposedOutcome(action, reaction, action_wins=True, surviving=action - reaction)
    return OpposedOutcome(action, reaction, action_wins=False, surviving=reaction - action)


class KeepDice(msgspec.Struct, frozen=True):
    """What a roll-and-keep roll really uses: dice rolled, dice kept, and a flat bonus."""

    rolled: int
    kept: int
    bonus: int


class KeepLimit(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A cap on the dice of a roll-and-keep roll, as the rules it is rolled under set it.

    No roll uses more than ``most`` dice. Rolled dice beyond ``most`` first become kept dice,
    two rolled for one kept, while kept is below ``most``; once both are at ``most`` every
    further die of either kind adds ``bonus`` to the total. A single spare rolled die left while
    kept is still below ``most`` is lost, or adds ``bonus`` when ``leftover_counts``. A roll
    record keeps the limit it was rolled under, so ``most`` is at most ``MAX_DICE`` and
    ``bonus`` at most ``MAX_MODIFIER``, checked where one is made or read.
    """

    most: int
    bonus: int
    leftover_counts: bool = False

    def __post_init__(self) -> None:
        if self.most < 1:
            raise DiceError(f"a limit of {self.most} dice leaves no die to roll")
        if self.most > MAX_DICE:
            raise DiceError(f"a limit can be at most {MAX_DICE} dice, got {self.most}")
        if self.bonus < 0:
            raise DiceError(f"a die beyond the limit cannot add {self.bonus}")
        if self.bonus > MAX_MODIFIER:
            raise DiceError(f"a die beyond the limit adds at most {MAX_MODIFIER}, got {self.bonus}")


def apply_keep_limit(rolled: int, kept: int, limit: KeepLimit | None = None) -> KeepDice:
    """Turn ``rolled``k``kept`` into the dice actually used, read in ``limit``'s order (see
    :class:`KeepLimit`); kept is never more than rolled. Without a limit (``None``) every die
    written is rolled."""
    if rolled < 1:
        raise DiceError(f"cannot roll {rolled}k{kept}: at least 1 die must be rolled")
    if kept < 1:
        raise DiceError(f"cannot roll {rolled}k{kept}: at least 1 die must be kept")
    _check_at_most(max(rolled, kept))
    if limit is None or rolled < limit.most:
        return KeepDice(rolled, min(kept, rolled), 0)
    most = limit.most
    extra_rolled = rolled - most
    while kept < most and extra_rolled >= 2:
        kept += 1
        extra_rolled -= 2
    if kept < most:
        bonus = limit.bonus * extra_rolled if limit.leftover_counts else 0
        return KeepDice(most, kept, bonus)
    return KeepDice(most, most, limit.bonus * (extra_rolled + kept - most))


class RollKeepSpec(msgspec.Struct, frozen=True):
    """A roll-and-keep roll: roll ``rolled`` d10, keep the ``kept`` highest, add ``modifier``.

    10s explode (are rolled again and added, without limit) unless ``explode`` is off, as for an
    unskilled roll. ``limit`` caps the dice used, as the rules in force say (``None``: no cap).
    """

    rolled: int
    kept: int
    explode: bool = True
    modifier: int = 0
    limit: KeepLimit | None = None

    def __post_init__(self) -> None:
        _check_modifier(self.modifier)
        apply_keep_limit(self.rolled, self.kept, self.limit)

    @property
    def effective(self) -> KeepDice:
        """The dice really rolled and kept, and the bonus, under the spec's limit."""
        return apply_keep_limit(self.rolled, self.kept, self.limit)


class RollKeepRoll(msgspec.Struct, frozen=True):
    """A rolled roll-and-keep roll: each die's chain of faces, e.g. ``(10, 10, 3)`` for 23.

    Constructing one validates it as a record: one chain per effectively rolled die, faces 1 to
    10, and a chain goes on exactly while it shows 10 and the roll explodes.
    """

    spec: RollKeepSpec
    chains: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        rolled = self.spec.effective.rolled
        if len(self.chains) != rolled:
            raise DiceError(
                f"{self.spec.rolled}k{self.spec.kept} rolls {rolled} "
                f"{_dice_word(rolled)}, got {len(self.chains)}"
            )
        for chain in self.chains:
            if not chain:
                raise DiceError("every rolled die needs at least one face")
            for face in chain:
                _check_face(face, KEEP_SIDES)
            if not self.spec.explode and len(chain) > 1:
                raise DiceError("an unskilled roll does not explode, so each die has one face")
            if self.spec.explode and (
                chain[-1] == KEEP_SIDES or any(face != KEEP_SIDES for face in chain[:-1])
            ):
                raise DiceError(
                    f"a die is rolled again exactly when it shows 10, so {chain} is not a die"
                )

    @classmethod
    def from_chains(cls, spec: RollKeepSpec, chains: Iterable[Iterable[int]]) -> "RollKeepRoll":
        """Rebuild a roll from each die's recorded faces."""
        return cls(spec, tuple(tuple(chain) for chain in chains))

    @property
    def values(self) -> tuple[int, ...]:
        """Each die's value: the sum of its chain."""
        return tuple(sum(chain) for chain in self.chains)

    @property
    def kept_indices(self) -> tuple[int, ...]:
        """Indices of the kept dice, ascending: the highest values, the earlier die on a tie."""
        values = self.values
        by_value = sorted(range(len(values)), key=lambda index: (-values[index], index))
        return tuple(sorted(by_value[: self.spec.effective.kept]))

    @property
    def total(self) -> int:
        """The sum of the kept values, plus the limit's bonus and the modifier."""
        values = self.values
        kept = sum(values[index] for index in self.kept_indices)
        return kept + self.spec.effective.bonus + self.spec.modifier


class SumSpec(msgspec.Struct, frozen=True):
    """A plain sum: roll ``count`` dice of ``sides`` sides and add ``modifier``."""

    count: int
    sides: int
    modifier: int = 0

    def __post_init__(self) -> None:
        if self.count < 1:
            raise DiceError(f"a sum needs at least 1 die, got {self.count}")
        _check_at_most(self.count)
        if self.sides < 2:
            raise DiceError(f"a die needs at least 2 sides, got {self.sides}")
        if self.sides > MAX_SIDES:
            raise DiceError(f"a die can have at most {MAX_SIDES} sides, got {self.sides}")
        _check_modifier(self.modifier)


class SumRoll(msgspec.Struct, frozen=True):
    """A rolled sum; constructing one validates the faces against the spec."""

    spec: SumSpec
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.faces) != self.spec.count:
            raise DiceError(
                f"{self.spec.count}d{self.spec.sides} needs {self.spec.count} faces, "
                f"got {len(self.faces)}"
            )
        for face in self.faces:
            _check_face(face, self.spec.sides)

    @property
    def total(self) -> int:
        """The sum of the faces plus the modifier."""
        return sum(self.faces) + self.spec.modifier


def dice_list(indices: Sequence[int]) -> str:
    """ "die 3", "dice 2 and 5", "dice 1, 4 and 6": 0-based indices in words, counted from 1."""
    numbers = [str(index + 1) for index in indices]
    if len(numbers) == 1:
        return f"die {numbers[0]}"
    return f"dice {', '.join(numbers[:-1])} and {numbers[-1]}"


def _signed(modifier: int) -> str:
    return f" {'+' if modifier >= 0 else '-'} {abs(modifier)}" if modifier else ""


def pool_words(spec: PoolSpec) -> str:
    """A pool as a GM rolls it: "4 d6, favor +1"."""
    favor = f", favor {spec.favor:+d}" if spec.favor else ""
    return f"{spec.dice} d{POOL_SIDES}{favor}"


def keep_words(spec: RollKeepSpec) -> str:
    """A roll-and-keep roll as a GM rolls it: "7 d10, keep 3 + 2 — 10s roll again"."""
    dice = spec.effective
    again = " — 10s roll again" if spec.explode else ""
    bonus = _signed(dice.bonus + spec.modifier)
    return f"{dice.rolled} d{KEEP_SIDES}, keep {dice.kept}{bonus}{again}"


def sum_words(spec: SumSpec) -> str:
    """A sum as a GM rolls it: "2 d10 + 5"."""
    return f"{spec.count} d{spec.sides}{_signed(spec.modifier)}"


class Roller:
    """Rolls dice from an injected random source (default: the operating system's).

    Every roll asks for its dice a batch at a time through :meth:`batch`, one
    :class:`DiceRequest` naming who rolls what, so a roller that takes faces typed at the table
    (``core/hand_dice.py``) judges them with this very code.
    """

    def __init__(self, rng: RandomSource | None = None) -> None:
        """Roll with ``rng``; pass a seeded ``random.Random`` for repeatable rolls."""
        self._rng: RandomSource = rng if rng is not None else random.SystemRandom()

    def batch(self, request: DiceRequest) -> tuple[int, ...]:
        """The faces of the dice ``request`` asks for, in rolling order."""
        return tuple(self._rng.randint(1, request.sides) for _ in range(request.count))

    def typed_by(self) -> tuple[str | None, ...]:
        """Whose dice, of the rolls made so far, were typed in by hand (``None``: nobody's);
        a random roller types none."""
        return ()

    def die(self, sides: int, by: RollFor = NOBODY) -> int:
        """Roll one die of ``sides`` sides."""
        return self.dice(sides, 1, by)[0]

    def dice(self, sides: int, count: int, by: RollFor = NOBODY, note: str = "") -> tuple[int, ...]:
        """Roll ``count`` dice of ``sides`` sides as one batch (none for ``count`` 0)."""
        if not 2 <= sides <= MAX_SIDES:
            raise DiceError(f"a die has 2 to {MAX_SIDES} sides, got {sides}")
        if count <= 0:
            return ()
        _check_at_most(count)
        return self.batch(DiceRequest(sides, count, by, f"{count} d{sides}", note))

    def roll_pool(self, spec: PoolSpec, by: RollFor = NOBODY) -> PoolRoll:
        """Roll a d6 success pool."""
        if not spec.dice:
            return PoolRoll.from_faces(spec, ())
        faces = self.batch(DiceRequest(POOL_SIDES, spec.dice, by, pool_words(spec)))
        return PoolRoll.from_faces(spec, faces)

    def reroll(self, roll: PoolRoll, indices: Iterable[int], by: RollFor = NOBODY) -> PoolRoll:
        """Reroll the failed dice at ``indices``, keeping each die's better face.

        All indices are checked before any die is rolled, so a refusal changes nothing.
        """
        for index, face in self.reroll_faces(roll, indices, by):
            roll = roll.with_reroll(index, face)
        return roll

    def reroll_faces(
        self, roll: PoolRoll, indices: Iterable[int], by: RollFor = NOBODY
    ) -> tuple[tuple[int, int], ...]:
        """Roll the rerolls of the failed dice at ``indices``: each ``(die index, new face)``,
        in the order asked (the roll keeps each die's better face). All indices are checked
        before any die is rolled, so a refusal rolls nothing."""
        chosen = list(indices)
        seen: set[int] = set()
        for index in chosen:
            if index in seen:
                raise DiceError(f"die {index + 1} was chosen twice; each die is rerolled once")
            seen.add(index)
            roll.check_rerollable(index)
        if len(chosen) > roll.rerolls_left:
            raise DiceError(
                f"{len(chosen)} dice were chosen but only {roll.rerolls_left} "
                f"{'reroll is' if roll.rerolls_left == 1 else 'rerolls are'} left"
            )
        if not chosen:
            return ()
        note = f"{'reroll' if len(chosen) == 1 else 'rerolls'} of {dice_list(chosen)}"
        faces = self.batch(DiceRequest(POOL_SIDES, len(chosen), by, pool_words(roll.spec), note))
        return tuple(zip(chosen, faces, strict=True))

    def reroll_all(self, roll: PoolRoll, by: RollFor = NOBODY) -> PoolRoll:
        """Reroll as many failed dice as the rerolls left allow, in rolling order."""
        return self.reroll(roll, roll.rerollable_indices[: roll.rerolls_left], by)

    def roll_keep(self, spec: RollKeepSpec, by: RollFor = NOBODY) -> RollKeepRoll:
        """Roll a roll-and-keep roll under its limit; 10s explode unless unskilled.

        The dice are rolled together, then every die that shows 10 rolls again, together,
        until none does.
        """
        words = keep_words(spec)
        first = self.batch(DiceRequest(KEEP_SIDES, spec.effective.rolled, by, words))
        chains = [[face] for face in first]
        again = [index for index, face in enumerate(first) if face == KEEP_SIDES]
        while spec.explode and again:
            verb = "rolls" if len(again) == 1 else "roll"
            note = f"{dice_list(again)} showed {KEEP_SIDES} and {verb} again"
            faces = self.batch(DiceRequest(KEEP_SIDES, len(again), by, words, note))
            for index, face in zip(again, faces, strict=True):
                chains[index].append(face)
            again = [index for index, face in zip(again, faces, strict=True) if face == KEEP_SIDES]
        return RollKeepRoll.from_chains(spec, chains)

    def roll_sum(self, spec: SumSpec, by: RollFor = NOBODY) -> SumRoll:
        """Roll a plain sum (typed by hand, its total alone will do)."""
        request = DiceRequest(spec.sides, spec.count, by, sum_words(spec), total_only=True)
        return SumRoll(spec, self.batch(request))
