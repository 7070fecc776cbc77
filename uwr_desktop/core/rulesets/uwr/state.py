"""The ``uwr`` part of the encounter state: the phase names, the GM's hand-made order and
the check awaiting rerolls, a reaction or resolution."""

from enum import StrEnum

import msgspec

from uwr_desktop.core.encounter import SETUP_PHASE, CombatantId, RulesetPart
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.sheets import part_reader


class Phase(StrEnum):
    """Where a ``uwr`` encounter stands."""

    SETUP = SETUP_PHASE
    ROUND = "round"


class PendingCheck(msgspec.Struct, frozen=True):
    """A check rolled but not yet resolved (rerolls and the reaction may still come).

    ``kind`` is ``"attack"``, ``"direct"``, ``"free"`` or ``"opposed"``; ``reaction_kind`` is
    ``"dodge"``, ``"parry"`` or ``"opposed"`` once the target rolled. ``action_typed`` and
    ``reaction_typed`` are successes the GM typed over a roll (``None``: the dice count).
    """

    kind: str
    actor: CombatantId
    action: RollRecord
    target: CombatantId | None = None
    weapon: int | None = None
    title: str = ""
    difficulty: int | None = None
    off_guard: bool = False
    reaction: RollRecord | None = None
    reaction_kind: str | None = None
    reaction_weapon: int | None = None
    reaction_off_guard: bool = False
    action_typed: int | None = None
    reaction_typed: int | None = None

    def action_successes(self) -> int:
        """The action's successes: typed by the GM, else rolled."""
        if self.action_typed is not None:
            return self.action_typed
        return self.action.pool().successes

    def reaction_successes(self) -> int | None:
        """The reaction's successes (``None``: no reaction): typed by the GM, else rolled."""
        if self.reaction_typed is not None:
            return self.reaction_typed
        return self.reaction.pool().successes if self.reaction is not None else None


class UwrPart(RulesetPart, frozen=True):
    """``manual_order`` is the GM's drag order when set; ``pending`` the check awaiting
    rerolls, reaction or resolution."""

    manual_order: tuple[str, ...] | None = None
    pending: PendingCheck | None = None


NO_PART = UwrPart()
"""The part of a fresh encounter."""


part_of = part_reader(UwrPart, NO_PART)
"""The ``uwr`` part of a state."""
