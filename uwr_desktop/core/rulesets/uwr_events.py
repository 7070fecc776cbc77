"""Events of the ``uwr`` ruleset (besides the shared ones in ``core.events``)."""

from fractions import Fraction
from typing import ClassVar

import msgspec

from uwr_desktop.core.encounter import Face, Faces, RollRecord
from uwr_desktop.core.events import Event


class InitiativeRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One combatant's rolled initiative faces."""

    combatant_id: str
    faces: Faces


class InitiativeRolled(Event, frozen=True):
    """Initiative was rolled; each roll replaces the combatant's faces and clears roll-offs."""

    changes_order: ClassVar[bool] = True
    rolls: tuple[InitiativeRoll, ...]


class InitiativeOverridden(Event, frozen=True):
    """The GM typed an initiative value (``None``: back to the roll)."""

    changes_order: ClassVar[bool] = True
    combatant_id: str
    value: int | None


class RollOff(Event, frozen=True):
    """A d6 roll-off broke a tie; each combatant's roll-off faces are replaced by these."""

    changes_order: ClassVar[bool] = True
    rolls: tuple[InitiativeRoll, ...]


class WeaponUses(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A weapon's UPR value and uses for the round."""

    combatant_id: str
    weapon: int
    value: Fraction
    uses: int


class RoundStarted(Event, frozen=True):
    """A round starts; every weapon's uses refill as listed."""

    round: int
    uses: tuple[WeaponUses, ...] = ()


class CheckRolled(Event, frozen=True):
    """A check was rolled and awaits rerolls, a reaction or resolution.

    ``kind`` is ``"attack"`` (spends a use of ``weapon``), ``"direct"`` or ``"free"``.
    """

    kind: str
    actor: str
    roll: RollRecord
    target: str | None = None
    weapon: int | None = None
    title: str = ""
    difficulty: int | None = None
    off_guard: bool = False


class ReactionRolled(Event, frozen=True):
    """The target of the pending attack reacted (a parry spends a use of ``weapon``)."""

    reaction: str
    roll: RollRecord
    weapon: int | None = None
    off_guard: bool = False


class DieRerolled(Event, frozen=True):
    """One failed die of the pending roll was rerolled to ``face`` (the better face counts)."""

    of_reaction: bool
    index: int
    face: Face


class CheckResolved(Event, frozen=True):
    """The pending check is final: the successes of each side and who won."""

    action: int
    reaction: int | None
    success: bool
    surviving: int


class WeaponRef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One weapon of one combatant."""

    combatant_id: str
    weapon: int


class PreparationAdvanced(Event, frozen=True):
    """A round of preparation was spent on each weapon listed; at 0 left it is prepared."""

    weapons: tuple[WeaponRef, ...]
