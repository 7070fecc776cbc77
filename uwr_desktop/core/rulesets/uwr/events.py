"""Events of the ``uwr`` ruleset (besides the shared ones in ``core.events``)."""

from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from uwr_desktop.core.encounter import (
    CombatantId,
    Count,
    Difficulty,
    Ids,
    InitiativeValue,
    OptionalName,
    Successes,
    Text,
)
from uwr_desktop.core.events import Event
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_WEAPONS
from uwr_desktop.core.rolls import DieIndex, RollRecord
from uwr_desktop.core.rulesets.uwr.sheet import D6Face, D6Faces, WeaponIndex


class UwrEvent(Event, frozen=True):
    """Base of the ``uwr`` events."""

    round_system = "uwr"


EARLIER_TAGS: dict[str, str] = {
    "UwrStaminaSpent": "StaminaSpent",
}
"""The tags an earlier version wrote (up to schema 3, the class names then) for the ``uwr``
events renamed since, and today's; the others kept their names."""


class InitiativeRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One combatant's rolled initiative faces."""

    combatant_id: CombatantId
    faces: D6Faces


Rolls = Annotated[tuple[InitiativeRoll, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]
"""One initiative roll per combatant."""


class InitiativeRolled(UwrEvent, frozen=True):
    """Initiative was rolled; each roll replaces the combatant's faces and clears roll-offs."""

    rolls: Rolls


class InitiativeOverridden(UwrEvent, frozen=True):
    """The GM typed an initiative value (``None``: back to the roll)."""

    combatant_id: CombatantId
    value: InitiativeValue | None


class ManualOrderSet(UwrEvent, frozen=True):
    """The GM set the turn order by hand (``None``: back to the rolled order)."""

    order: Ids | None


class StaminaRefilled(UwrEvent, frozen=True):
    """A combatant's Stamina refills at the start of its turn, to ``stamina``."""

    combatant_id: CombatantId
    stamina: Count


class StaminaSpent(UwrEvent, frozen=True):
    """A combat action (an attack, a dodge or a parry) spent Stamina: ``stamina`` is left."""

    combatant_id: CombatantId
    stamina: Count


class RollOff(UwrEvent, frozen=True):
    """A d6 roll-off broke a tie; each combatant's roll-off faces are replaced by these."""

    rolls: Rolls


class WeaponUses(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A weapon's UPR value and uses for the round."""

    combatant_id: CombatantId
    weapon: WeaponIndex
    value: Fraction
    uses: Count


class RoundStarted(UwrEvent, frozen=True):
    """A round starts; every weapon's uses refill as listed."""

    round: Count
    uses: Annotated[
        tuple[WeaponUses, ...], msgspec.Meta(max_length=MAX_COMBATANTS * MAX_WEAPONS)
    ] = ()


class CheckRolled(UwrEvent, frozen=True):
    """A check was rolled and awaits rerolls, a reaction or resolution.

    ``kind`` is ``"attack"`` (spends a use of ``weapon``), ``"direct"``, ``"free"`` or
    ``"opposed"`` (``target`` rolls against it; ``title`` names both sides' pools).
    """

    kind: Literal["attack", "direct", "free", "opposed"]
    actor: CombatantId
    roll: RollRecord
    target: CombatantId | None = None
    weapon: WeaponIndex | None = None
    title: Text = ""
    difficulty: Difficulty | None = None
    off_guard: bool = False


class ReactionRolled(UwrEvent, frozen=True):
    """The target of the pending attack reacted (a parry spends a use of ``weapon``), or the
    target of an opposed check rolled against it (``"opposed"``)."""

    reaction: Literal["dodge", "parry", "opposed"]
    roll: RollRecord
    weapon: WeaponIndex | None = None
    off_guard: bool = False
    skill: OptionalName = ""
    """The skill a dodge added to the roll (a parry's is its weapon's)."""


class DieRerolled(UwrEvent, frozen=True):
    """One failed die of the pending roll was rerolled to ``face`` (the better face counts)."""

    of_reaction: bool
    index: DieIndex
    face: D6Face


class ResultTyped(UwrEvent, frozen=True):
    """The GM typed the successes of the pending action (or reaction) over its roll."""

    of_reaction: bool
    successes: Successes


class CheckResolved(UwrEvent, frozen=True):
    """The pending check is final: the successes of each side and who won."""

    action: Successes
    reaction: Successes | None
    success: bool
    surviving: Successes


class WeaponRef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One weapon of one combatant."""

    combatant_id: CombatantId
    weapon: WeaponIndex


class PreparationAdvanced(UwrEvent, frozen=True):
    """A round of preparation was spent on each weapon listed; at 0 left it is prepared."""

    weapons: Annotated[tuple[WeaponRef, ...], msgspec.Meta(max_length=MAX_COMBATANTS * MAX_WEAPONS)]
