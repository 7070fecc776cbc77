"""The generic roll record: any roll a ruleset makes, as the journal keeps it.

One record covers every dice kind of the round systems: a d6 success pool with favor and
rerolls (``pool``), roll-and-keep d10s with explosions under the limit they were rolled under
(``keep``: the rules' ``KeepLimit``, or none), and a plain sum such as 2d10 + bonus, d20 +
modifier or a d6 roll-off (``sum``). It holds the faces
as rolled; the marks of each die (success, kept, dropped, exploded, rerolled) and the outcome
against a target number or an opposed roll are read from it, never stored beside it, so they
cannot disagree with the faces. A record that breaks the dice rules raises ``DiceError`` when
it is read.
"""

from enum import StrEnum
from typing import Annotated

import msgspec
from msgspec import UNSET, UnsetType

from uwr_desktop.core.dice import (
    KEEP_SIDES,
    POOL_SIDES,
    DiceError,
    KeepLimit,
    PoolRoll,
    PoolSpec,
    RollKeepRoll,
    RollKeepSpec,
    SumRoll,
    SumSpec,
)
from uwr_desktop.core.limits import MAX_DICE, MAX_FAVOR, MAX_MODIFIER, MAX_REROLLS, MAX_SIDES

Face = Annotated[int, msgspec.Meta(ge=1, le=MAX_SIDES)]
"""The face of one die, of any size."""
Faces = Annotated[tuple[Face, ...], msgspec.Meta(max_length=MAX_DICE)]
"""The faces of one roll."""
DieIndex = Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE - 1)]
"""The position of a die in a roll (0-based)."""
Dice = Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE)]
"""Dice of a roll."""
Favor = Annotated[int, msgspec.Meta(ge=-MAX_FAVOR, le=MAX_FAVOR)]
"""Net favor of a pool."""
Rerolls = Annotated[int, msgspec.Meta(ge=0, le=MAX_REROLLS)]
"""Rerolls of a pool."""
Modifier = Annotated[int, msgspec.Meta(ge=-MAX_MODIFIER, le=MAX_MODIFIER)]
"""A flat bonus or penalty added to a total."""
Sides = Annotated[int, msgspec.Meta(ge=2, le=MAX_SIDES)]
"""The sides of a die."""
Chain = Annotated[tuple[Face, ...], msgspec.Meta(min_length=1, max_length=MAX_DICE)]
"""One exploding die's faces, ``(10, 10, 3)`` for 23."""


class DiceKind(StrEnum):
    """How a roll is read."""

    POOL = "pool"
    KEEP = "keep"
    SUM = "sum"


class DieMark(StrEnum):
    """What happened to one die of a roll."""

    SUCCESS = "success"
    KEPT = "kept"
    DROPPED = "dropped"
    EXPLODED = "exploded"
    REROLLED = "rerolled"


class RollOutcome(msgspec.Struct, frozen=True):
    """A roll's total against a target number or an opposed total (``success`` is ``None``
    when there is neither)."""

    total: int
    target: int | None = None
    opposed: int | None = None
    success: bool | None = None

    @property
    def margin(self) -> int | None:
        """By how much the roll beat (or missed) what it was measured against."""
        against = self.target if self.target is not None else self.opposed
        return None if against is None else self.total - against


class RollRecord(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A recorded roll of any kind.

    ``pool``: ``dice`` d6 at ``favor`` with ``rerolls``; ``faces`` are the first faces and
    ``rerolls_taken`` the ``(die index, new face)`` pairs in the order rolled.
    ``keep``: ``dice`` d10 rolled, ``kept`` kept, 10s exploding when ``explode``, under
    ``limit`` (the rules' cap on the dice used, ``None``: every die written); ``chains`` holds
    each die's faces. ``sum``: ``faces`` of ``dice`` d``sides``. Every kind adds ``modifier``
    to its total (a pool counts successes and has none). Only a ``keep`` record has a
    ``limit``, and it always names it (``null`` for none); the other kinds leave it out.
    """

    dice: Dice
    favor: Favor = 0
    rerolls: Rerolls = 0
    lowest_threshold: Annotated[int, msgspec.Meta(ge=2, le=POOL_SIDES)] = 2
    faces: Faces = ()
    rerolls_taken: Annotated[
        tuple[tuple[DieIndex, Face], ...], msgspec.Meta(max_length=MAX_REROLLS)
    ] = ()
    kind: DiceKind = DiceKind.POOL
    sides: Sides = POOL_SIDES
    kept: Dice = 0
    explode: bool = False
    modifier: Modifier = 0
    chains: Annotated[tuple[Chain, ...], msgspec.Meta(max_length=MAX_DICE)] = ()
    limit: KeepLimit | UnsetType | None = UNSET

    def __post_init__(self) -> None:
        """Refuse a record whose faces break the rules of its dice, where it is made or read:
        a file or the autosave holding one is refused with the field's path."""
        self.check()

    @classmethod
    def of_pool(cls, roll: PoolRoll) -> "RollRecord":
        """Record a pool roll as first rolled (its rerolls are recorded as they are taken)."""
        spec = roll.spec
        return cls(spec.dice, spec.favor, spec.rerolls, spec.lowest_threshold, roll.faces)

    @classmethod
    def of_keep(cls, roll: RollKeepRoll) -> "RollRecord":
        """Record a roll-and-keep roll with the limit it was rolled under."""
        spec = roll.spec
        return cls(
            spec.rolled,
            kind=DiceKind.KEEP,
            sides=KEEP_SIDES,
            kept=spec.kept,
            explode=spec.explode,
            modifier=spec.modifier,
            chains=roll.chains,
            limit=spec.limit,
        )

    @classmethod
    def of_sum(cls, roll: SumRoll) -> "RollRecord":
        """Record a plain sum."""
        spec = roll.spec
        return cls(
            spec.count,
            faces=roll.faces,
            kind=DiceKind.SUM,
            sides=spec.sides,
            modifier=spec.modifier,
        )

    def pool(self) -> PoolRoll:
        """The pool this records, with its rerolls (``DiceError`` if it breaks the rules)."""
        roll = PoolRoll.from_faces(
            PoolSpec(self.dice, self.favor, self.rerolls, self.lowest_threshold), self.faces
        )
        for index, face in self.rerolls_taken:
            roll = roll.with_reroll(index, face)
        return roll

    def keep(self) -> RollKeepRoll:
        """The roll-and-keep roll this records (``DiceError`` if it breaks the rules)."""
        limit = self.limit
        if limit is UNSET:
            raise DiceError("a roll-and-keep record names the limit it was rolled under")
        spec = RollKeepSpec(self.dice, self.kept, self.explode, self.modifier, limit)
        return RollKeepRoll.from_chains(spec, self.chains)

    def sum(self) -> SumRoll:
        """The plain sum this records (``DiceError`` if it breaks the rules)."""
        return SumRoll(SumSpec(self.dice, self.sides, self.modifier), self.faces)

    def check(self) -> None:
        """Refuse (``DiceError``) a record whose faces break the rules of its dice kind."""
        if self.kind is not DiceKind.KEEP and self.limit is not UNSET:
            raise DiceError(f"only a roll-and-keep record has a limit, not a {self.kind} roll")
        if self.kind is DiceKind.POOL:
            if not self._plain_pool_fits():
                self.pool()
        elif self.kind is DiceKind.KEEP:
            self.keep()
        else:
            self.sum()

    def _plain_pool_fits(self) -> bool:
        """Whether this is a pool with no reroll taken and a face of 1 to 6 for each die: what
        most records are, known to fit without building the roll (its spec is still checked).
        ``False`` leaves the answer to the roll itself."""
        PoolSpec(self.dice, self.favor, self.rerolls, self.lowest_threshold)
        faces = self.faces
        return (
            not self.rerolls_taken
            and len(faces) == self.dice
            and (not faces or (min(faces) >= 1 and max(faces) <= POOL_SIDES))
        )

    @property
    def total(self) -> int:
        """Successes of a pool; the total of a roll-and-keep roll or a sum."""
        if self.kind is DiceKind.POOL:
            return self.pool().successes
        if self.kind is DiceKind.KEEP:
            return self.keep().total
        return self.sum().total

    @property
    def values(self) -> tuple[int, ...]:
        """What each die shows: a pool die's face after its reroll, an exploding die's sum."""
        if self.kind is DiceKind.POOL:
            return self.pool().faces
        if self.kind is DiceKind.KEEP:
            return self.keep().values
        return self.faces

    @property
    def marks(self) -> tuple[frozenset[DieMark], ...]:
        """What happened to each die, in die order."""
        if self.kind is DiceKind.POOL:
            roll = self.pool()
            return tuple(
                frozenset(
                    ({DieMark.SUCCESS} if roll.is_success(index) else set())
                    | ({DieMark.REROLLED} if die.rerolled else set())
                )
                for index, die in enumerate(roll.dice)
            )
        if self.kind is DiceKind.KEEP:
            keep = self.keep()
            kept = set(keep.kept_indices)
            return tuple(
                frozenset(
                    {DieMark.KEPT if index in kept else DieMark.DROPPED}
                    | ({DieMark.EXPLODED} if len(chain) > 1 else set())
                )
                for index, chain in enumerate(keep.chains)
            )
        self.sum()
        return tuple(frozenset() for _ in self.faces)

    def outcome(self, *, target: int | None = None, opposed: int | None = None) -> RollOutcome:
        """The total against a target number (met or beaten) or an opposed total (beaten)."""
        total = self.total
        if target is not None:
            return RollOutcome(total, target=target, success=total >= target)
        if opposed is not None:
            return RollOutcome(total, opposed=opposed, success=total > opposed)
        return RollOutcome(total)
