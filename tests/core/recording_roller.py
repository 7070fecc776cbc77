"""A roller that records whom each batch of dice was asked of, and what for, and a source of
prepared faces."""

from collections.abc import Sequence

from uwr_desktop.core.dice import RandomSource, Roller
from uwr_desktop.core.dice_requests import DiceRequest, RollFor


class Dealt:
    """A random source dealing out prepared faces, in order."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


class RecordingRoller(Roller):
    """Rolls from ``source`` and keeps, in :attr:`asked`, the ``RollFor`` of every batch."""

    def __init__(self, source: RandomSource) -> None:
        super().__init__(source)
        self.asked: list[RollFor] = []

    def batch(self, request: DiceRequest) -> tuple[int, ...]:
        self.asked.append(request.by)
        return super().batch(request)
