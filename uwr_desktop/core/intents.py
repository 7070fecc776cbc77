"""Intents shared by every ruleset, and the one error type for refused intents.

A widget never edits state: it builds an intent and hands it to ``Session.do``. The session
checks every field against its annotation (types and the bounds of ``core.limits``), then the
ruleset checks it against the rules and either answers with events or raises
:class:`RulesError` with a message for the GM. Ruleset-specific intents live beside their
ruleset.
"""

from collections.abc import Sequence
from typing import Annotated, Any

import msgspec

from uwr_desktop.core.encounter import Combatant, CombatantName, Condition, Name, Text
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_COUNT, MAX_REROLLS
from uwr_desktop.core.rolls import DieIndex
from uwr_desktop.core.sides import Side

IdList = Annotated[Sequence[Name], msgspec.Meta(max_length=MAX_COMBATANTS)]
"""Combatant ids an intent names."""

Amount = Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)]
"""An amount of damage or healing."""

OrderIndex = Annotated[int, msgspec.Meta(ge=0, le=MAX_COMBATANTS)]
"""A place in the turn order (0: first)."""


class RulesError(Exception):
    """An intent the rules refuse, or a record that does not replay; the message says why."""


class Intent(msgspec.Struct, frozen=True):
    """Base class of everything a user can ask the encounter to do."""


class StartFight(Intent, frozen=True):
    """Start the fight: roll initiative for whoever has none and begin round 1."""


class NextTurn(Intent, frozen=True):
    """End the current turn and start the next (ending the round after the last)."""


class EndRound(Intent, frozen=True):
    """End the round now (remaining turns are skipped) and start the next."""


class Renaming(msgspec.Struct, frozen=True):
    """A combatant already fighting renamed as others join: the plain "Bandit" numbered
    "Bandit 1" as its copies "Bandit 2" and "Bandit 3" join."""

    combatant_id: Name
    name: CombatantName


class AddCombatants(Intent, frozen=True):
    """Combatants join; mid-fight their initiative is rolled and their uses computed.

    ``renamed`` renames combatants already fighting in the same journal entry (as a name cell
    edited), so one undo takes back the copies and the numbering of their original."""

    combatants: Annotated[Sequence[Combatant], msgspec.Meta(max_length=MAX_COMBATANTS)]
    renamed: Annotated[Sequence[Renaming], msgspec.Meta(max_length=MAX_COMBATANTS)] = ()


class RemoveCombatants(Intent, frozen=True):
    """Combatants leave the encounter."""

    combatant_ids: IdList


class ApplyDamage(Intent, frozen=True):
    """Apply ``amount`` damage to each target (Vitality never drops below 0)."""

    combatant_ids: IdList
    amount: Amount


class Heal(Intent, frozen=True):
    """Heal ``amount`` Vitality on each target (never above the maximum)."""

    combatant_ids: IdList
    amount: Amount


class AddCondition(Intent, frozen=True):
    """Put a condition on each target (replacing one of the same name)."""

    combatant_ids: IdList
    condition: Condition


class RemoveCondition(Intent, frozen=True):
    """Take the named condition off each target that has it."""

    combatant_ids: IdList
    name: Name


class EditCell(Intent, frozen=True):
    """Set one table cell (a column the ruleset declared editable) of one combatant."""

    combatant_id: Name
    column_key: Name
    value: Any


class ReplaceCombatant(Intent, frozen=True):
    """Replace a combatant's sheet (from an edit dialog); its id picks whom."""

    combatant: Combatant


class MoveInOrder(Intent, frozen=True):
    """Put a combatant at ``index`` of the turn order by hand (a timeline drag)."""

    combatant_id: Name
    index: OrderIndex


class ClearManualOrder(Intent, frozen=True):
    """Forget the hand-made order and go back to the rolled one."""


class RollDice(Intent, frozen=True):
    """Roll typed dice (``7d6 f+1 r2``, ``6k3+5``, ``2d10+5``) for a combatant or for nobody
    (``None``: the GM's own roll), kept in the journal and the log like any other roll;
    ``title`` says what the roll was for."""

    combatant_id: Name | None
    notation: Text
    title: Text = ""


class RerollDice(Intent, frozen=True):
    """Take rerolls on failed dice of the latest typed pool (die indices, 0 first)."""

    indices: Annotated[Sequence[DieIndex], msgspec.Meta(max_length=MAX_REROLLS)]


class SetHandRolls(Intent, frozen=True):
    """Have the dice of ``side`` rolled by hand at the table (``by_hand``) or by the app; a
    combatant's own setting (``Combatant.dice_by``) wins over its side's."""

    side: Side
    by_hand: bool
