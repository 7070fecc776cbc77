"""Dice rolled by hand at the table: the faces the GM types, served to the app's own roll code.

A :class:`HandRoller` is a :class:`~uwr_desktop.core.dice.Roller` whose batches of dice come
from the app's random dice for those who let the app roll, and from faces typed in for those
who roll by hand. When a roll by hand needs faces that were not typed yet it raises
:class:`FacesNeeded` with the :class:`~uwr_desktop.core.dice_requests.DiceRequest`; once
:meth:`HandRoller.type_faces` has them, the same intent is decided again from the start
(deciding is pure: state and roller give the events), and every batch served before, typed or
random, is served again as it was. So a hand-rolled result is judged by exactly the code that
judges the app's dice.
"""

import re
from collections.abc import Callable

from uwr_desktop.core.dice import DiceError, Roller
from uwr_desktop.core.dice_requests import DiceRequest
from uwr_desktop.core.limits import MAX_NOTATION_DIGITS

_SEPARATORS = re.compile(r"[\s,;]+")


class FacesNeeded(Exception):  # noqa: N818 (a request, not an error)
    """A roll by hand needs the faces ``request`` names before the intent can be decided."""

    def __init__(self, request: DiceRequest) -> None:
        """Ask for the faces of ``request``."""
        super().__init__(f"{request.plain} to roll by hand")
        self.request = request


def _number(token: str) -> int:
    if not token.isdecimal() or len(token) > MAX_NOTATION_DIGITS:
        raise DiceError(f"{token!r} is not a face: type the numbers the dice show")
    return int(token)


def read_faces(text: str, request: DiceRequest) -> tuple[int, ...]:
    """The faces typed in ``text`` (``"7 3 10 5"``; commas do too) for ``request``, checked:
    as many as asked, each possible on the die. Where only the total counts
    (``request.total_only``), one number alone is that total, spread over the dice. A refusal
    is a :class:`DiceError` saying why."""
    tokens = [token for token in _SEPARATORS.split(text.strip()) if token]
    if not tokens:
        raise DiceError(f"Type the {_faces_word(request.count)} of {request.plain}")
    faces = tuple(_number(token) for token in tokens)
    if request.total_only and request.count > 1 and len(faces) == 1:
        return _spread(faces[0], request)
    for face in faces:
        if not 1 <= face <= request.sides:
            raise DiceError(f"A d{request.sides} shows 1 to {request.sides}, not {face}")
    missing = request.count - len(faces)
    if missing > 0:
        raise DiceError(
            f"{request.plain} asked for, {len(faces)} typed: {missing} more "
            f"{_faces_word(missing)} needed"
        )
    if missing < 0:
        raise DiceError(
            f"{request.plain} asked for, {len(faces)} typed: {-missing} "
            f"{_faces_word(-missing)} too many"
        )
    return faces


def _faces_word(count: int) -> str:
    return "face" if count == 1 else "faces"


def _spread(total: int, request: DiceRequest) -> tuple[int, ...]:
    """A total of ``request``'s dice as faces that make it up (highest first)."""
    low, high = request.count, request.count * request.sides
    if not low <= total <= high:
        raise DiceError(f"{request.plain} totals {low} to {high}, not {total}")
    faces = []
    left = total
    for remaining in range(request.count - 1, -1, -1):
        face = min(request.sides, left - remaining)
        faces.append(face)
        left -= face
    return tuple(faces)


class HandRoller(Roller):
    """Serves typed faces to the rolls of those ``by_hand`` names (a combatant's id, ``None``
    for a roll for nobody) and ``base``'s dice to the others, remembering every batch so that
    deciding the same intent again (:meth:`again`) meets the same faces."""

    def __init__(self, base: Roller, by_hand: Callable[[str | None], bool]) -> None:
        """Roll for those ``by_hand`` refuses with ``base``."""
        super().__init__()
        self._base = base
        self._by_hand = by_hand
        self._served: list[tuple[DiceRequest, tuple[int, ...], bool]] = []
        self._next = 0

    def again(self) -> None:
        """Start the intent's rolls over: the batches served so far are served again."""
        self._next = 0

    def type_faces(self, request: DiceRequest, faces: tuple[int, ...]) -> None:
        """Take the faces typed for ``request`` (checked by :func:`read_faces`'s rules)."""
        for face in faces:
            if not 1 <= face <= request.sides:
                raise DiceError(f"A d{request.sides} shows 1 to {request.sides}, not {face}")
        if len(faces) != request.count:
            raise DiceError(f"{request.plain} asked for, {len(faces)} typed")
        self._served.append((request, faces, True))

    def roll_by_app(self, request: DiceRequest) -> None:
        """Let the app roll ``request``'s dice after all (switched at the moment of the roll)."""
        self._served.append((request, self._base.batch(request), False))

    @property
    def rolled(self) -> bool:
        """Whether the intent rolled any dice."""
        return bool(self._served)

    def batch(self, request: DiceRequest) -> tuple[int, ...]:
        """The faces for ``request``: served before, rolled by the app, or asked for."""
        index = self._next
        if index < len(self._served):
            asked, faces, _ = self._served[index]
            if asked != request:
                raise DiceError(f"the roll asked for {request.plain} where it asked {asked.plain}")
            self._next += 1
            return faces
        if self._by_hand(request.by.combatant_id):
            raise FacesNeeded(request)
        faces = self._base.batch(request)
        self._served.append((request, faces, False))
        self._next += 1
        return faces

    def typed_by(self) -> tuple[str | None, ...]:
        """Whose typed faces the rolls met, each once, in the order first met."""
        typed = (
            asked.by.combatant_id for asked, _, by_hand in self._served[: self._next] if by_hand
        )
        return tuple(dict.fromkeys(typed))
