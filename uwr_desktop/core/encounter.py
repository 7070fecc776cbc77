"""Combatants and the state of an encounter.

Everything here is immutable. A new state shares every unchanged combatant with the old one
(the ``combatants`` dict is copied shallowly), so applying an event costs little and an
observer can tell what changed by identity (``old.combatants[id] is not new.combatants[id]``).
"""

from enum import StrEnum
from fractions import Fraction
from typing import Annotated

import msgspec

from uwr_desktop.core.limits import MAX_FACES_PER_ROLL
from uwr_desktop.core.sides import Side

ATTRIBUTE_NAMES = ("brawn", "grace", "mettle", "savvy")
"""The four uwr attributes, in sheet order."""

ATTRIBUTE_MAX = 7
"""Attributes run from 0 to 7 in steps of 0.5."""

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
Text = Annotated[str, msgspec.Meta(max_length=20_000)]
Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
Face = Annotated[int, msgspec.Meta(ge=1, le=6)]
Faces = Annotated[tuple[Face, ...], msgspec.Meta(max_length=MAX_FACES_PER_ROLL)]
"""The faces of one d6 roll, as many as a roll may record."""


def check_attribute(name: str, value: Fraction) -> None:
    """Refuse an attribute outside 0..7 or not in half steps (``ValueError`` with the reason)."""
    if not 0 <= value <= ATTRIBUTE_MAX or (value * 2).denominator != 1:
        raise ValueError(
            f"{name.capitalize()} must be 0 to {ATTRIBUTE_MAX} in steps of 0.5, got {value}"
        )


def format_half(value: Fraction) -> str:
    """Show a half-step number as a GM writes it: ``"3"``, ``"3.5"``."""
    return str(value.numerator) if value.denominator == 1 else str(float(value))


class Attributes(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Brawn, Grace, Mettle and Savvy: exact values 0 to 7 in half steps."""

    brawn: Fraction = Fraction(2)
    grace: Fraction = Fraction(2)
    mettle: Fraction = Fraction(2)
    savvy: Fraction = Fraction(2)

    def __post_init__(self) -> None:
        """Validate every attribute."""
        for name in ATTRIBUTE_NAMES:
            check_attribute(name, getattr(self, name))


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A proficiency or skill: bonus dice (its rank) and any extra rerolls it grants."""

    name: Name
    rank: Annotated[int, msgspec.Meta(ge=0, le=20)] = 0
    rerolls: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0


class WeaponPool(StrEnum):
    """Which pool a weapon attacks with: melee uses Brawn, ranged uses Grace."""

    MELEE = "melee"
    RANGED = "ranged"


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A weapon (or spell) and its Uses Per Round state in the current round.

    ``upr_type`` names a row of the UPR table; ``type_override`` replaces it for this fight.
    ``upr`` is the value computed at the last round start (``None`` before the fight),
    ``uses_max``/``uses_left`` the uses it gave and those left, ``prepared`` matters for values
    below 1, and ``preparing_left`` counts the rounds of preparation still to spend.
    """

    name: Name
    upr_type: Name
    pool: WeaponPool = WeaponPool.MELEE
    skill: str = ""
    type_override: str | None = None
    prepared: bool = True
    upr: Fraction | None = None
    uses_max: Count = 0
    uses_left: Count = 0
    preparing_left: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0

    @property
    def effective_type(self) -> str:
        """The UPR type in force: the per-fight override if set."""
        return self.type_override or self.upr_type


class Condition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A condition on a combatant; ``rounds`` left (``None``: until removed) and a note."""

    name: Name
    rounds: Annotated[int, msgspec.Meta(ge=1, le=10_000)] | None = None
    note: Text = ""


class Initiative(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A combatant's initiative: the rolled faces, a GM override and roll-off faces."""

    faces: Faces = ()
    override: Annotated[int, msgspec.Meta(ge=-1000, le=1000)] | None = None
    tiebreak: Faces = ()

    @property
    def rolled(self) -> int:
        """The sum of the rolled faces (kept and shown even when overridden)."""
        return sum(self.faces)

    @property
    def value(self) -> int:
        """The value that orders turns: the override when set, else the rolled sum."""
        return self.rolled if self.override is None else self.override


class Combatant(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One combatant: sheet, health, conditions and per-fight state.

    ``initiative`` is ``None`` until rolled. Vitality 0 means dead ("Death's Door" for a
    player character).
    """

    id: Name
    name: Name
    side: Side = Side.ENEMY
    attributes: Attributes = Attributes()
    skills: tuple[Skill, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    vitality: Count = 10
    vitality_max: Count = 10
    stamina: Count = 3
    stamina_max: Count = 3
    conditions: tuple[Condition, ...] = ()
    hidden: bool = False
    notes: Text = ""
    initiative: Initiative | None = None

    def __post_init__(self) -> None:
        """Refuse current values above their maximum."""
        if self.vitality > self.vitality_max:
            raise ValueError(f"Vitality {self.vitality} is above its maximum {self.vitality_max}")
        if self.stamina > self.stamina_max:
            raise ValueError(f"Stamina {self.stamina} is above its maximum {self.stamina_max}")

    def skill(self, name: str) -> Skill | None:
        """Return the skill called ``name`` (any case), or ``None``."""
        key = name.strip().casefold()
        return next((s for s in self.skills if s.name.casefold() == key), None)

    def weapon_index(self, name: str) -> int | None:
        """Return the index of the weapon called ``name`` (any case), or ``None``."""
        key = name.strip().casefold()
        return next((i for i, w in enumerate(self.weapons) if w.name.casefold() == key), None)

    @property
    def off_guard(self) -> bool:
        """Whether the combatant is preparing a weapon, and so Off Guard."""
        return any(weapon.preparing_left > 0 for weapon in self.weapons)

    @property
    def down(self) -> bool:
        """Whether Vitality has reached 0."""
        return self.vitality == 0


class Phase(StrEnum):
    """Where the encounter stands."""

    SETUP = "setup"
    ROUND = "round"


class RollRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A recorded d6 pool: its spec, the faces first rolled and the rerolls taken.

    ``rerolls_taken`` holds ``(die index, new face)`` pairs in the order they were rolled.
    """

    dice: Annotated[int, msgspec.Meta(ge=0, le=100)]
    favor: Annotated[int, msgspec.Meta(ge=-10, le=10)]
    rerolls: Annotated[int, msgspec.Meta(ge=0, le=100)]
    lowest_threshold: Annotated[int, msgspec.Meta(ge=2, le=6)]
    faces: Faces
    rerolls_taken: Annotated[
        tuple[tuple[int, Face], ...], msgspec.Meta(max_length=MAX_FACES_PER_ROLL)
    ] = ()


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


class EncounterState(msgspec.Struct, frozen=True):
    """The whole encounter at one point of the journal.

    ``combatants`` maps id to combatant and is never mutated (a new state gets a new dict);
    ``rows`` is the table's row order (the order combatants joined); ``order`` is the turn
    order; ``acted`` holds who has had a turn this round; ``current`` whose turn it is;
    ``manual_order`` the GM's drag order when set; ``pending`` the check awaiting rerolls,
    reaction or resolution.
    """

    combatants: dict[str, Combatant]
    rows: tuple[str, ...]
    order: tuple[str, ...]
    round: int = 0
    phase: Phase = Phase.SETUP
    current: str | None = None
    acted: frozenset[str] = frozenset()
    manual_order: tuple[str, ...] | None = None
    pending: PendingCheck | None = None

    def combatant(self, combatant_id: str) -> Combatant:
        """Return the combatant with ``combatant_id``; ``KeyError`` if there is none."""
        return self.combatants[combatant_id]
