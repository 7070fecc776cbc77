"""Dice notation: what a GM types, read into a roll spec, and canonical notation back.

What :func:`parse_notation` accepts (case-insensitive; spaces and commas between parts are free):

* ``7d6``: a **success pool** of 7 d6. Options: favor ``f+1``, ``f-1``, ``f 1``, ``favor +1``;
  rerolls ``r2``, ``r 2``, ``rerolls 2``; the lowest-threshold setting ``lowest 3``.
* ``6k3``: **roll and keep**: roll 6 d10, keep the 3 highest, 10s explode, under the Ten Dice
  Rule as roll-and-keep dice are read at the table (:data:`TYPED_KEEP_LIMIT`), in every round
  system. ``6k3+5`` adds 5; ``unskilled`` turns explosions off; ``leftover`` makes a lone
  leftover die beyond the rule's ten add 2.
* ``2d10+5``, ``3d8``, ``d20``: a **sum** of the faces plus any ``+N``/``-N`` modifiers.

The one ambiguity, ``NdX``, is settled so: ``Nd6`` with no ``+``/``-`` modifier is a success pool;
any other ``NdX``, or ``NdX`` with a modifier (even ``7d6+0``), is a sum; the word ``sum``
(``3d6 sum``) forces a sum. A missing count means 1 (``d20``, ``d6``). Favor, rerolls and
``lowest`` apply only to a success pool; ``unskilled`` and ``leftover`` only to roll and keep.

No text is ever evaluated: a small tokenizer and a hand-written reader. Every refusal is a
:class:`NotationError` naming the problem and the token or position (1-based) at fault.
:func:`format_spec` writes any spec it reads back as canonical notation that reads back to an
equal spec.
"""

import re
from enum import StrEnum
from functools import cache

import msgspec

from uwr_desktop.core.dice import (
    POOL_SIDES,
    DiceError,
    KeepLimit,
    PoolSpec,
    RollKeepSpec,
    SumSpec,
)
from uwr_desktop.core.limits import MAX_NOTATION_DIGITS, MAX_NOTATION_LENGTH

MAX_DIGITS = MAX_NOTATION_DIGITS
"""The longest number the reader accepts; anything longer is refused as too large."""

TYPED_KEEP_LIMIT = KeepLimit(most=10, bonus=2)
"""The limit typed ``XkY`` dice roll under, whatever the round system: the Ten Dice Rule, as
roll-and-keep dice are read at the table (no roll uses more than ten dice, each die beyond adds
2), which the ``rollkeep`` rules follow too. Each roll records it, so a record never depends on
this value."""

_TYPED_KEEP_LIMITS = (TYPED_KEEP_LIMIT, KeepLimit(most=10, bonus=2, leftover_counts=True))


def typed_keep_limit(leftover_counts: bool) -> KeepLimit:
    """:data:`TYPED_KEEP_LIMIT`, a single leftover rolled die lost or (``leftover``) adding 2."""
    return _TYPED_KEEP_LIMITS[leftover_counts]


class NotationError(DiceError):
    """Dice notation that cannot be read; the message names the problem and where it is."""


class _Kind(StrEnum):
    NUMBER = "number"
    WORD = "word"
    SIGN = "sign"
    EQUALS = "equals"


class _Token(msgspec.Struct, frozen=True):
    kind: _Kind
    text: str
    start: int
    end: int

    @property
    def position(self) -> int:
        return self.start + 1


@cache
def _token_pattern() -> re.Pattern[str]:
    """The tokens of dice notation, compiled when notation is first read, not at start-up."""
    return re.compile(
        r"(?P<skip>[\s,]+)"
        r"|(?P<number>[0-9]+(?:\.[0-9]+)?)"
        r"|(?P<word>[A-Za-z]+)"
        r"|(?P<sign>[+-])"
        r"|(?P<equals>=)"
    )


_FAVOR_WORDS = frozenset({"f", "favor", "favour"})
_REROLL_WORDS = frozenset({"r", "reroll", "rerolls"})
_LOWEST_WORDS = frozenset({"lowest"})
_FLAG_WORDS = frozenset({"sum", "unskilled", "leftover"})

_EXAMPLES = "7d6, 7d6 f+1 r2, 6k3+5 or 2d10+5"


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    index = 0
    while index < len(text):
        match = _token_pattern().match(text, index)
        if match is None:
            raise NotationError(f"unexpected {text[index]!r} at position {index + 1}")
        group = match.lastgroup
        if group is not None and group != "skip":
            tokens.append(_Token(_Kind(group), match.group(), match.start(), match.end()))
        index = match.end()
    return tokens


class _Reading(msgspec.Struct):
    """What the reader has gathered so far."""

    head: str
    count: int
    size: int
    modifier: int = 0
    has_modifier: bool = False
    favor: int | None = None
    rerolls: int | None = None
    lowest: int | None = None
    flags: set[str] = msgspec.field(default_factory=set)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.index = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def whole(self, token: _Token, what: str) -> int:
        """The value of a number token, refused when it is not a whole number or too long."""
        if token.kind is not _Kind.NUMBER or "." in token.text:
            raise NotationError(f"{what} must be a whole number, got {token.text!r}")
        digits = token.text.lstrip("0")
        if len(digits) > MAX_DIGITS:
            raise NotationError(f"{token.text!r} at position {token.position} is too large")
        return int(digits or "0")

    def signed(self, what: str, example: str) -> int:
        """Read ``[=] [+|-] N`` after an option word."""
        token = self.peek()
        if token is not None and token.kind is _Kind.EQUALS:
            self.take()
            token = self.peek()
        sign = 1
        if token is not None and token.kind is _Kind.SIGN:
            sign = -1 if self.take().text == "-" else 1
            token = self.peek()
        if token is None:
            raise NotationError(f"{what} needs a number, e.g. {example}")
        if token.kind not in (_Kind.NUMBER, _Kind.WORD):
            raise NotationError(f"{what} must be a whole number, got {token.text!r}")
        return sign * self.whole(self.take(), what)

    def read(self) -> _Reading:
        if not self.tokens:
            raise NotationError(f"enter a dice roll such as {_EXAMPLES}")
        reading = self.read_head()
        while self.peek() is not None:
            self.read_part(reading)
        return reading

    def read_head(self) -> _Reading:
        first = self.tokens[0]
        sign = 1
        if first.kind is _Kind.SIGN:
            sign = -1 if self.take().text == "-" else 1
        count: int | None = None
        token = self.peek()
        if token is not None and token.kind is _Kind.NUMBER:
            count = sign * self.whole(self.take(), "the number of dice")
            token = self.peek()
        elif first.kind is _Kind.SIGN:
            raise NotationError(f"{first.text!r} at position 1 needs the number of dice after it")
        is_head = token is not None and token.kind is _Kind.WORD
        if token is not None and is_head:
            word = token.text.lower()
            is_head = word in ("d", "k") or (count is not None and word[0] in "dk")
        if token is None or not is_head:
            shown = self.text[first.start : token.end if token else len(self.text)]
            raise NotationError(f"{shown!r} is not a dice roll; try one such as {_EXAMPLES}")
        head_token = self.take()
        head = head_token.text.lower()
        so_far = self.text[first.start : head_token.end]
        if head[0] == "d":
            missing = f"{so_far!r} needs a number of sides, e.g. {so_far[: -len(head)]}d6"
        else:
            missing = f"{so_far!r} needs a number of dice to keep, e.g. 6k3"
        if len(head) > 1:
            raise NotationError(missing)
        size_token = self.peek()
        if size_token is None or size_token.kind is not _Kind.NUMBER:
            raise NotationError(missing)
        size = self.whole(self.take(), "sides" if head == "d" else "the number of kept dice")
        if head == "k" and count is None:
            raise NotationError(
                f"{so_far + size_token.text!r} needs a number of dice to roll, e.g. 6k3"
            )
        return _Reading(head, 1 if count is None else count, size)

    def read_part(self, reading: _Reading) -> None:
        token = self.take()
        if token.kind is _Kind.SIGN:
            number = self.peek()
            if number is None or number.kind is not _Kind.NUMBER:
                raise NotationError(
                    f"{token.text!r} at position {token.position} needs a number after it"
                )
            value = self.whole(self.take(), "a modifier")
            reading.modifier += -value if token.text == "-" else value
            reading.has_modifier = True
            return
        if token.kind is _Kind.NUMBER:
            raise NotationError(
                f"unexpected number {token.text!r} at position {token.position} "
                "(a modifier needs + or -)"
            )
        if token.kind is _Kind.EQUALS:
            raise NotationError(f"unexpected '=' at position {token.position}")
        word = token.text.lower()
        if word in _FAVOR_WORDS:
            _once(reading.favor, "favor")
            reading.favor = self.signed("favor", "f+1")
        elif word in _REROLL_WORDS:
            _once(reading.rerolls, "rerolls")
            reading.rerolls = self.signed("rerolls", "r2")
        elif word in _LOWEST_WORDS:
            _once(reading.lowest, "the lowest threshold")
            reading.lowest = self.signed("the lowest threshold", "lowest 3")
        elif word in _FLAG_WORDS:
            if word in reading.flags:
                raise NotationError(f"{word!r} is given twice")
            reading.flags.add(word)
        else:
            raise NotationError(self.unknown(token, reading))

    def unknown(self, token: _Token, reading: _Reading) -> str:
        shown = token.text
        following = self.peek()
        if (
            following is not None
            and following.kind is _Kind.NUMBER
            and following.start == token.end
        ):
            shown += following.text
        if reading.head == "k":
            expected = "unskilled, leftover, +N or -N"
        elif reading.size == POOL_SIDES:
            expected = "f±N or rN"
        else:
            expected = "+N or -N"
        return f"unknown option {shown!r} (expected {expected})"


def _once(value: int | None, what: str) -> None:
    if value is not None:
        raise NotationError(f"{what} is given twice")


def _refuse_options(reading: _Reading, options: tuple[str, ...], kind: str) -> None:
    present = {
        "favor": reading.favor is not None,
        "rerolls": reading.rerolls is not None,
        "lowest": reading.lowest is not None,
    }
    for option in options:
        if present.get(option, option in reading.flags):
            raise NotationError(f"{option!r} does not apply to {kind}")


def _build(reading: _Reading) -> PoolSpec | RollKeepSpec | SumSpec:
    if reading.head == "k":
        _refuse_options(
            reading,
            ("favor", "rerolls", "lowest", "sum"),
            f"roll and keep ({reading.count}k{reading.size})",
        )
        return RollKeepSpec(
            reading.count,
            reading.size,
            explode="unskilled" not in reading.flags,
            modifier=reading.modifier,
            limit=typed_keep_limit("leftover" in reading.flags),
        )
    if reading.size == POOL_SIDES and not reading.has_modifier and "sum" not in reading.flags:
        _refuse_options(reading, ("unskilled", "leftover"), f"a success pool ({reading.count}d6)")
        return PoolSpec(
            reading.count,
            favor=reading.favor or 0,
            rerolls=reading.rerolls or 0,
            lowest_threshold=2 if reading.lowest is None else reading.lowest,
        )
    _refuse_options(
        reading,
        ("favor", "rerolls", "lowest", "unskilled", "leftover"),
        f"a sum ({reading.count}d{reading.size}); only a d6 pool without a modifier counts "
        "successes",
    )
    return SumSpec(reading.count, reading.size, reading.modifier)


def parse_notation(text: str) -> PoolSpec | RollKeepSpec | SumSpec:
    """Read dice notation such as ``7d6 f+1 r2``, ``6k3+5`` or ``2d10+5`` into a roll spec.

    Raises :class:`NotationError` with a message naming what is wrong.
    """
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError(
            f"dice notation has at most {MAX_NOTATION_LENGTH} characters, got {len(text)}"
        )
    reading = _Reader(text.replace("\u2212", "-")).read()
    try:
        return _build(reading)
    except NotationError:
        raise
    except DiceError as error:
        raise NotationError(str(error)) from error


def _modifier_text(modifier: int) -> str:
    return f"{modifier:+d}" if modifier else ""


def format_spec(spec: PoolSpec | RollKeepSpec | SumSpec) -> str:
    """Canonical notation for ``spec``; :func:`parse_notation` reads it back to an equal spec."""
    if isinstance(spec, PoolSpec):
        parts = [f"{spec.dice}d6"]
        if spec.favor:
            parts.append(f"f{spec.favor:+d}")
        if spec.rerolls:
            parts.append(f"r{spec.rerolls}")
        if spec.lowest_threshold != 2:
            parts.append(f"lowest {spec.lowest_threshold}")
        return " ".join(parts)
    if isinstance(spec, RollKeepSpec):
        parts = [f"{spec.rolled}k{spec.kept}{_modifier_text(spec.modifier)}"]
        if not spec.explode:
            parts.append("unskilled")
        if spec.limit is not None and spec.limit.leftover_counts:
            parts.append("leftover")
        return " ".join(parts)
    text = f"{spec.count}d{spec.sides}{_modifier_text(spec.modifier)}"
    if spec.sides == POOL_SIDES and not spec.modifier:
        text += " sum"
    return text
