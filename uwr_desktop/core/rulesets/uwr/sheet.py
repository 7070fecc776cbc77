"""The ``uwr`` sheet: attributes, skills, weapons with their Uses Per Round, health and
initiative."""

from enum import StrEnum
from fractions import Fraction
from typing import Annotated

import msgspec
from msgspec.structs import replace

from uwr_desktop.core.encounter import (
    Combatant,
    Count,
    InitiativeValue,
    Name,
    OptionalName,
    register_sheet,
)
from uwr_desktop.core.limits import (
    MAX_COUNT,
    MAX_DICE,
    MAX_INITIATIVE,
    MAX_SKILL_RANK,
    MAX_SKILL_REROLLS,
    MAX_SKILLS,
    MAX_WEAPONS,
)
from uwr_desktop.core.rulesets.common import Bounded
from uwr_desktop.core.rulesets.sheets import RoundSheet, sheet_reader
from uwr_desktop.core.sides import Side

RULESET_TAG = "uwr"
"""The tag of this sheet in files (the ruleset's id)."""

ATTRIBUTE_NAMES = ("brawn", "grace", "mettle", "savvy")
"""The four uwr attributes, in sheet order."""

ATTRIBUTE_MAX = 7
"""Attributes run from 0 to 7 in steps of 0.5."""

TYPED_INITIATIVE = Bounded("Initiative", -MAX_INITIATIVE, MAX_INITIATIVE)
"""An initiative the GM types over the roll (the intent's ``InitiativeValue`` bounds)."""
VITALITY = Bounded("Vitality", 0, MAX_COUNT)
"""Vitality now (0: dead, or at Death's Door), at most its maximum."""
VITALITY_MAX = Bounded("Maximum Vitality", 1, MAX_COUNT)
"""Vitality when whole: at least 1, since a combatant with none could never be hurt nor heal."""
STAMINA = Bounded("Stamina", 0, MAX_COUNT)
"""Stamina now, at most its maximum."""
STAMINA_MAX = Bounded("Maximum Stamina", 0, MAX_COUNT)
"""Stamina when rested (0: a combatant that can neither attack nor react)."""
HEALTH_FIELDS = {
    "vitality": VITALITY,
    "vitality_max": VITALITY_MAX,
    "stamina": STAMINA,
    "stamina_max": STAMINA_MAX,
}
"""The sheet's health numbers by field, with their bounds: the sheet form's boxes, the table's
columns, a cell's check and the decoder all read them from here."""

D6Face = Annotated[int, msgspec.Meta(ge=1, le=6)]
"""The face of a d6."""
D6Faces = Annotated[tuple[D6Face, ...], msgspec.Meta(max_length=MAX_DICE)]
"""The faces of one d6 roll."""
WeaponIndex = Annotated[int, msgspec.Meta(ge=0, le=MAX_WEAPONS - 1)]
"""The position of a weapon on a combatant (0-based)."""


def check_attribute(name: str, value: Fraction) -> None:
    """Refuse an attribute outside 0..7 or not in half steps (``ValueError`` with the reason)."""
    # On whole numbers: every decoded combatant passes here four times.
    numerator, denominator = value.numerator, value.denominator
    if denominator not in (1, 2) or not 0 <= numerator <= ATTRIBUTE_MAX * denominator:
        raise ValueError(
            f"{name.capitalize()} must be 0 to {ATTRIBUTE_MAX} in steps of 0.5, "
            f"got {format_number(value)}"
        )


def format_number(value: Fraction) -> str:
    """A number as a sheet shows it: ``"3"``, ``"3.7"``, ``"-1.25"``; one with no short decimal
    (1/3) as a fraction."""
    if value.denominator == 1:
        return str(value.numerator)
    decimal = f"{float(value):.6g}"
    return decimal if Fraction(decimal) == value else str(value)


def format_half(value: Fraction) -> str:
    """Show a half-step number as a GM writes it: ``"3"``, ``"3.5"``."""
    return str(value.numerator) if value.denominator == 1 else str(float(value))


class Attributes(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
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
    rank: Annotated[int, msgspec.Meta(ge=0, le=MAX_SKILL_RANK)] = 0
    rerolls: Annotated[int, msgspec.Meta(ge=0, le=MAX_SKILL_REROLLS)] = 0


class WeaponPool(StrEnum):
    """Which pool a weapon attacks with: melee uses Brawn, ranged uses Grace."""

    MELEE = "melee"
    RANGED = "ranged"


class Weapon(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """A weapon (or spell) and its Uses Per Round state in the current round.

    ``upr_type`` names a row of the UPR table; ``type_override`` replaces it for this fight.
    ``upr`` is the value computed at the last round start (``None`` before the fight),
    ``uses_max``/``uses_left`` the uses it gave and those left, ``prepared`` matters for values
    below 1, ``preparing_left`` counts the rounds of preparation still to spend and
    ``preparing_since`` is the round the preparation was made in (0: none, or not recorded).
    """

    name: Name
    upr_type: Name
    pool: WeaponPool = WeaponPool.MELEE
    skill: OptionalName = ""
    type_override: Name | None = None
    prepared: bool = True
    upr: Fraction | None = None
    uses_max: Count = 0
    uses_left: Count = 0
    preparing_left: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0
    preparing_since: Count = 0

    @property
    def effective_type(self) -> str:
        """The UPR type in force: the per-fight override if set."""
        return self.type_override or self.upr_type


class Initiative(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A combatant's initiative: the rolled faces, a GM override and roll-off faces."""

    faces: D6Faces = ()
    override: InitiativeValue | None = None
    tiebreak: D6Faces = ()

    @property
    def rolled(self) -> int:
        """The sum of the rolled faces (kept and shown even when overridden)."""
        return sum(self.faces)

    @property
    def value(self) -> int:
        """The value that orders turns: the override when set, else the rolled sum."""
        return self.rolled if self.override is None else self.override


class UwrSheet(RoundSheet, frozen=True, gc=False, tag=RULESET_TAG):
    """A ``uwr`` combatant's sheet: attributes, skills, weapons, Vitality, Stamina, initiative.

    ``initiative`` is ``None`` until rolled. Vitality 0 means dead ("Death's Door" for a
    player character).
    """

    health_name = "Vitality"

    attributes: Attributes = Attributes()
    skills: Annotated[tuple[Skill, ...], msgspec.Meta(max_length=MAX_SKILLS)] = ()
    weapons: Annotated[tuple[Weapon, ...], msgspec.Meta(max_length=MAX_WEAPONS)] = ()
    vitality: Annotated[int, VITALITY.meta] = 10
    vitality_max: Annotated[int, VITALITY_MAX.meta] = 10
    stamina: Annotated[int, STAMINA.meta] = 3
    stamina_max: Annotated[int, STAMINA_MAX.meta] = 3
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
        # Asked for every card at every turn: no generator for a sheet without weapons.
        return bool(self.weapons) and any(weapon.preparing_left > 0 for weapon in self.weapons)

    @property
    def down(self) -> bool:
        """Whether Vitality has reached 0."""
        return self.vitality == 0

    def damaged(self, amount: int, side: Side) -> tuple["UwrSheet", str]:
        """Vitality drops by ``amount``, never below 0; at 0 a player is at Death's Door."""
        after = max(self.vitality - amount, 0)
        text = f"takes {amount} damage (Vitality {self.vitality} → {after})"
        if after == 0 < self.vitality:
            text += ": at Death's Door" if side == Side.PLAYER else ": dead"
        return replace(self, vitality=after), text

    def healed(self, amount: int) -> tuple["UwrSheet", str] | None:
        """Vitality rises by ``amount``, never above its maximum (``None``: already full)."""
        after = min(self.vitality + amount, self.vitality_max)
        if after == self.vitality:
            return None
        return replace(self, vitality=after), (
            f"heals {after - self.vitality} (Vitality {self.vitality} → {after})"
        )

    def health(self) -> tuple[int, int]:
        """Vitality and its maximum."""
        return self.vitality, self.vitality_max

    def as_copy(self) -> "UwrSheet":
        """The same sheet with no initiative rolled."""
        return replace(self, initiative=None)

    def as_template(self) -> "UwrSheet":
        """Full health, nothing rolled, weapon uses and preparation reset; attributes, skills,
        weapons and maxima kept."""
        weapons = tuple(
            replace(
                weapon,
                type_override=None,
                prepared=True,
                upr=None,
                uses_max=0,
                uses_left=0,
                preparing_left=0,
                preparing_since=0,
            )
            for weapon in self.weapons
        )
        return replace(
            self,
            weapons=weapons,
            vitality=self.vitality_max,
            stamina=self.stamina_max,
            initiative=None,
        )


register_sheet(UwrSheet)


sheet_of = sheet_reader(UwrSheet, "uwr")
"""The combatant's ``uwr`` sheet; ``RulesError`` if it carries another ruleset's."""


def with_sheet(combatant: Combatant, sheet: UwrSheet) -> Combatant:
    """The combatant carrying ``sheet``."""
    return replace(combatant, sheet=sheet)
