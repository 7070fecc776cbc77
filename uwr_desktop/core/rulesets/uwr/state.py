"""The ``uwr`` part of the encounter state: the phase names, the GM's hand-made order and
the check awaiting rerolls, a reaction or resolution."""

from enum import StrEnum

import msgspec

from uwr_desktop.core.encounter import SETUP_PHASE, EncounterState, RulesetPart
from uwr_desktop.core.rolls import RollRecord


class Phase(StrEnum):
    """Where a ``uwr`` encounter stands."""

    SETUP = SETUP_PHASE
    ROUND = "round"


class PendingCheck(msgspec.Struct, frozen=True):
    """A check rolled but not yet resolved (rerolls and the reaction may still come).

    ``kind`` is ``"attack"``, ``"direct"`` or ``"free"``; ``reaction_kind`` is ``"dodge"`` or
    ``"parry"`` once the target reacted.
    """

    kind: str
    actor: str
    action: RollRecord
    target: str | None = None
    weapon: int | None = None
    title: str = ""
    difficulty: int | None = None
    off_guard: bool = False
    reaction: RollRecord | None = None
    reaction_kind: str | None = None
    reaction_weapon: int | None = None
    reaction_off_guard: bool = False


class UwrPart(RulesetPart, frozen=True):
    """``manual_order`` is the GM's drag order when set; ``pending`` the check awaiting
    rerolls, reaction or resolution."""

    manual_order: tuple[str, ...] | None = None
    pending: PendingCheck | None = None


NO_PART = UwrPart()
"""The part of a fresh encounter."""


def part_of(state: EncounterState) -> UwrPart:
    """The ``uwr`` part of ``state``."""
    part = state.part
    return part if isinstance(part, UwrPart) else NO_PART
