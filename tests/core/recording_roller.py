"""A roller that records whom each batch of dice was asked of, and what for."""

from uwr_desktop.core.dice import RandomSource, Roller
from uwr_desktop.core.dice_requests import DiceRequest, RollFor


class RecordingRoller(Roller):
    """Rolls from ``source`` and keeps, in :attr:`asked`, the ``RollFor`` of every batch."""

    def __init__(self, source: RandomSource) -> None:
        super().__init__(source)
        self.asked: list[RollFor] = []

    def batch(self, request: DiceRequest) -> tuple[int, ...]:
        self.asked.append(request.by)
        return super().batch(request)
