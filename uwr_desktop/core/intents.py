"""Intents shared by every ruleset, and the one error type for refused intents.

A widget never edits state: it builds an intent and hands it to ``Session.do``. The ruleset
checks it against the rules and either answers with events or raises :class:`RulesError` with
a message for the GM. Ruleset-specific intents live beside their ruleset.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from uwr_desktop.core.encounter import Combatant, Condition


class RulesError(Exception):
    """An intent the rules refuse, or a record that does not replay; the message says why."""


@dataclass(frozen=True)
class Intent:
    """Base class of everything a user can ask the encounter to do."""


@dataclass(frozen=True)
class StartFight(Intent):
    """Start the fight: roll initiative for whoever has none and begin round 1."""


@dataclass(frozen=True)
class NextTurn(Intent):
    """End the current turn and start the next (ending the round after the last)."""


@dataclass(frozen=True)
class EndRound(Intent):
    """End the round now (remaining turns are skipped) and start the next."""


@dataclass(frozen=True)
class AddCombatants(Intent):
    """Combatants join; mid-fight their initiative is rolled and their uses computed."""

    combatants: Sequence[Combatant]


@dataclass(frozen=True)
class RemoveCombatants(Intent):
    """Combatants leave the encounter."""

    combatant_ids: Sequence[str]


@dataclass(frozen=True)
class ApplyDamage(Intent):
    """Apply ``amount`` damage to each target (Vitality never drops below 0)."""

    combatant_ids: Sequence[str]
    amount: int


@dataclass(frozen=True)
class Heal(Intent):
    """Heal ``amount`` Vitality on each target (never above the maximum)."""

    combatant_ids: Sequence[str]
    amount: int


@dataclass(frozen=True)
class AddCondition(Intent):
    """Put a condition on each target (replacing one of the same name)."""

    combatant_ids: Sequence[str]
    condition: Condition


@dataclass(frozen=True)
class RemoveCondition(Intent):
    """Take the named condition off each target that has it."""

    combatant_ids: Sequence[str]
    name: str


@dataclass(frozen=True)
class EditCell(Intent):
    """Set one table cell (a column the ruleset declared editable) of one combatant."""

    combatant_id: str
    column_key: str
    value: object


@dataclass(frozen=True)
class ReplaceCombatant(Intent):
    """Replace a combatant's sheet (from an edit dialog); its id picks whom."""

    combatant: Combatant


@dataclass(frozen=True)
class MoveInOrder(Intent):
    """Put a combatant at ``index`` of the turn order by hand (a timeline drag)."""

    combatant_id: str
    index: int


@dataclass(frozen=True)
class ClearManualOrder(Intent):
    """Forget the hand-made order and go back to the rolled one."""
