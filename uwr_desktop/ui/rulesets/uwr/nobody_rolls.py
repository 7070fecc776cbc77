"""The uwr panel's checks for nobody: the GM's own rolls, outside the fight (nothing journaled),
with faces typed in when the next roll is by hand (``EncounterDocument.roll_outside``)."""

from collections.abc import Sequence

from uwr_desktop.core.dice import PoolRoll, PoolSpec, Roller
from uwr_desktop.ui.document import EncounterDocument


def roll_for_nobody(
    document: EncounterDocument, roller: Roller, spec: PoolSpec, opposing: PoolSpec | None
) -> tuple[PoolRoll, PoolRoll | None]:
    """The check's pool, and the opposing pool with all its rerolls spent on its failed dice;
    ``RulesError`` when the GM cancels the prompt for faces."""

    def roll(dice: Roller) -> tuple[PoolRoll, PoolRoll | None]:
        action = dice.roll_pool(spec)
        if opposing is None:
            return action, None
        return action, dice.reroll_all(dice.roll_pool(opposing))

    return document.roll_outside(roll, roller)


def reroll_for_nobody(
    document: EncounterDocument, roller: Roller, roll: PoolRoll, indices: Sequence[int]
) -> PoolRoll:
    """``roll`` with the dice at ``indices`` rolled again; ``DiceError`` for dice that may not
    be, ``RulesError`` when the GM cancels the prompt for faces."""
    return document.roll_outside(lambda dice: dice.reroll(roll, indices), roller)
