"""The ``rollkeep`` events. Each carries what its replay needs, every roll as a ``RollRecord``."""

from typing import Annotated

import msgspec

from uwr_desktop.core.encounter import CombatantId, Count, Ids
from uwr_desktop.core.events import Event
from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_COUNT,
    MAX_DICE,
    MAX_MODIFIER,
    MAX_SKILL_RANK,
    MAX_WEAPONS,
)
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.rollkeep.sheet import RollOffNumber, Score, Stance
from uwr_desktop.core.rulesets.rollkeep.state import Phase


class RollkeepEvent(Event, frozen=True):
    """Base of the ``rollkeep`` events."""

    round_system = "rollkeep"


EARLIER_TAGS: dict[str, str] = {
    "RollkeepStageBegan": "StageBegan",
    "RollkeepStanceChosen": "StanceChosen",
    "RollkeepAmbushRolled": "AmbushRolled",
    "RollkeepInitiativeRolled": "InitiativeRolled",
    "RollkeepTiesRolled": "TiesRolled",
    "RollkeepRollOff": "RollOff",
    "RollkeepRollOffJoined": "RollOffJoined",
    "RollkeepInitiativeSet": "InitiativeSet",
    "RollkeepDelayed": "Delayed",
    "RollkeepReturned": "Returned",
    "RollkeepForfeited": "Forfeited",
    "RollkeepFullDefenseRolled": "FullDefenseRolled",
    "RollkeepAttacked": "Attacked",
}
"""The tag an earlier version wrote for each ``rollkeep`` event (up to schema 3, its class name
then), and today's."""


Raises = Annotated[int, msgspec.Meta(ge=0, le=MAX_SKILL_RANK)]
"""Raises called on one roll (at most the roller's Void)."""
WeaponIndex = Annotated[int, msgspec.Meta(ge=0, le=MAX_WEAPONS - 1)]
"""A weapon's place on its sheet."""


class CombatantRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One combatant's roll."""

    combatant_id: CombatantId
    roll: RollRecord


Rolls = Annotated[tuple[CombatantRoll, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]
"""One roll per combatant."""


class StageBegan(RollkeepEvent, frozen=True):
    """A stage of a round begins: Initiative (round 1 only), Turns (a new round when it follows
    Reactions) or Reactions (round-end effects, all at once)."""

    round: Count
    stage: Phase


class StanceChosen(RollkeepEvent, frozen=True):
    """A combatant takes a stance (before initiative in round 1, at the start of its turn)."""

    combatant_id: CombatantId
    stance: Stance


class AmbushRolled(RollkeepEvent, frozen=True):
    """The ambush roll-off before stage 1: the hidden side's Stealth / Agility rolls against the
    unaware side's Investigation / Perception rolls, totals summed per side. When the hidden
    side's total is higher, every combatant in ``surprised`` takes -10 initiative."""

    ambushers: Rolls
    unaware: Rolls
    surprised: Ids


class InitiativeRolled(RollkeepEvent, frozen=True):
    """Initiative Scores rolled: (Insight Rank + Reflexes)k(Reflexes) each."""

    rolls: Rolls


class TiesRolled(RollkeepEvent, frozen=True):
    """A d10 roll-off among combatants tied on score, Reflexes and Insight Rank, as an earlier
    version recorded it: each face joins its roller's faces of no roll-off in particular."""

    rolls: Rolls


class RollOff(RollkeepEvent, frozen=True):
    """Roll-off ``roll_off`` among combatants tied on score, Reflexes and Insight Rank whom no
    roll-off settled yet: each rolls a d10, added to its faces in that roll-off (those whose
    faces still tie roll again, in a further event)."""

    roll_off: Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)]
    rolls: Rolls


class RollOffJoined(RollkeepEvent, frozen=True):
    """A combatant newly tied with those who rolled roll-off ``roll_off`` (a newcomer, or a
    changed score) rolls d10s alone and takes its place among them: a face matching one of
    theirs rolls again; a face shared by several of them, whom later faces told apart, is
    followed by one against those later faces. Their faces are never rolled again."""

    combatant_id: CombatantId
    roll_off: RollOffNumber
    rolls: Annotated[tuple[RollRecord, ...], msgspec.Meta(min_length=1, max_length=MAX_DICE)]


class InitiativeSet(RollkeepEvent, frozen=True):
    """The GM typed an Initiative Score over the roll (``None``: back to the roll)."""

    combatant_id: CombatantId
    score: Score | None


class Delayed(RollkeepEvent, frozen=True):
    """A combatant delays its turn (or passes on the delayed turn offered to it)."""

    combatant_id: CombatantId


class Returned(RollkeepEvent, frozen=True):
    """A delayer takes the turn offered to it: it acts now."""

    combatant_id: CombatantId


class Forfeited(RollkeepEvent, frozen=True):
    """Delayers lose their turns this round."""

    combatant_ids: Ids


class FullDefenseRolled(RollkeepEvent, frozen=True):
    """The Full Defense roll: half its total, rounded up, is added to Armor TN until the
    combatant's next turn."""

    combatant_id: CombatantId
    roll: RollRecord


class Attacked(RollkeepEvent, frozen=True):
    """An attack roll against ``tn`` (the target's Armor TN plus raises and wound penalty);
    ``damage`` is the damage roll of a hit. The wounds follow as ``CombatantsUpdated``."""

    attacker: CombatantId
    target: CombatantId
    weapon: WeaponIndex
    roll: RollRecord
    tn: Annotated[int, msgspec.Meta(ge=-MAX_MODIFIER, le=MAX_MODIFIER)]
    raises: Raises = 0
    into_melee: bool = False
    used_center: bool = False
    damage: RollRecord | None = None
