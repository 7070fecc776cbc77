"""The ``uwr`` part of the encounter state: the phase names, the GM's hand-made order and
the check awaiting rerolls, a reaction or resolution."""

from enum import StrEnum

import msgspec
from msgspec.structs import replace

from uwr_desktop.core.encounter import SETUP_PHASE, RulesetPart
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.sheets import part_reader
from uwr_desktop.core.rulesets.uwr.events import CheckRolled, ReactionRolled


class Phase(StrEnum):
    """Where a ``uwr`` encounter stands."""

    SETUP = SETUP_PHASE
    ROUND = "round"


class PendingCheck(msgspec.Struct, frozen=True):
    """A check rolled but not yet resolved (rerolls and the reaction may still come).

    ``check`` is the event that rolled it and ``reaction`` the target's answer once rolled, each
    holding its roll with the rerolls taken since. ``action_typed`` and ``reaction_typed`` are
    successes the GM typed over a roll (``None``: the dice count).
    """

    check: CheckRolled
    reaction: ReactionRolled | None = None
    action_typed: int | None = None
    reaction_typed: int | None = None

    def action_successes(self) -> int:
        """The action's successes: typed by the GM, else rolled."""
        if self.action_typed is not None:
            return self.action_typed
        return self.check.roll.pool().successes

    def reaction_successes(self) -> int | None:
        """The reaction's successes (``None``: no reaction): typed by the GM, else rolled."""
        if self.reaction_typed is not None:
            return self.reaction_typed
        return self.reaction.roll.pool().successes if self.reaction is not None else None

    def roll(self, of_reaction: bool) -> RollRecord | None:
        """The action's roll, or the reaction's (``None`` before the target reacts)."""
        if not of_reaction:
            return self.check.roll
        return self.reaction.roll if self.reaction is not None else None

    def with_roll(self, record: RollRecord, of_reaction: bool) -> "PendingCheck":
        """The check with ``record`` (a reroll taken) as the action's roll, or the reaction's;
        unchanged when there is no reaction to take it."""
        if not of_reaction:
            return replace(self, check=replace(self.check, roll=record))
        if self.reaction is None:
            return self
        return replace(self, reaction=replace(self.reaction, roll=record))


class UwrPart(RulesetPart, frozen=True):
    """``manual_order`` is the GM's drag order when set; ``pending`` the check awaiting
    rerolls, reaction or resolution."""

    manual_order: tuple[str, ...] | None = None
    pending: PendingCheck | None = None


NO_PART = UwrPart()
"""The part of a fresh encounter."""


part_of = part_reader(UwrPart, NO_PART)
"""The ``uwr`` part of a state."""
