"""The ``rollkeep`` intents: what the GM asks of a roll-and-keep skirmish beyond the shared
ones."""

from uwr_desktop.core.encounter import Ids, Name
from uwr_desktop.core.intents import Intent
from uwr_desktop.core.rulesets.rollkeep.events import Raises, WeaponIndex
from uwr_desktop.core.rulesets.rollkeep.sheet import Stance


class RollkeepChooseStance(Intent, frozen=True):
    """Take a stance: before the first initiative roll, or at the start of one's own turn
    before acting."""

    combatant_id: Name
    stance: Stance


class RollkeepAmbush(Intent, frozen=True):
    """Roll the ambush before stage 1: ``ambusher_ids`` (the hidden side's leader or every
    member) against ``unaware_ids``; if the hidden side wins, ``surprised_ids`` (empty: the
    unaware rollers) take -10 initiative for the skirmish."""

    ambusher_ids: Ids
    unaware_ids: Ids
    surprised_ids: Ids = ()


class RollkeepDelay(Intent, frozen=True):
    """Delay the turn under way, or pass on a delayed turn offered again."""

    combatant_id: Name


class RollkeepActNow(Intent, frozen=True):
    """A delayer takes the turn offered to it."""

    combatant_id: Name


class RollkeepForfeit(Intent, frozen=True):
    """A delayer gives up its turn this round."""

    combatant_id: Name


class RollkeepAttack(Intent, frozen=True):
    """Attack with weapon ``weapon`` against the target's Armor TN, calling ``raises`` (+5 TN
    each, at most Void); ``into_melee``: a ranged attack at someone within melee range."""

    attacker_id: Name
    weapon: WeaponIndex
    target_id: Name
    raises: Raises = 0
    into_melee: bool = False
