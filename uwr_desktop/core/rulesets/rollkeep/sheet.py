"""The ``rollkeep`` sheet: traits and rings, Insight Rank, skills, weapons, armour, wounds, and
what the skirmish has done to the combatant (stance, Initiative Score, delay, bonuses)."""

from enum import StrEnum
from typing import Annotated

import msgspec
from msgspec.structs import replace

from uwr_desktop.core.encounter import Count, InitiativeValue, Name, register_sheet
from uwr_desktop.core.limits import MAX_COUNT, MAX_DICE, MAX_SKILL_RANK, MAX_SKILLS, MAX_WEAPONS
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.common import plural
from uwr_desktop.core.rulesets.rollkeep.wounds import WoundState, death_at, wound_state
from uwr_desktop.core.rulesets.sheets import RoundSheet
from uwr_desktop.core.sides import Side

RULESET_ID = "rollkeep"

Trait = Annotated[int, msgspec.Meta(ge=1, le=MAX_SKILL_RANK)]
"""A trait, a ring or Insight Rank."""
Rank = Annotated[int, msgspec.Meta(ge=0, le=MAX_SKILL_RANK)]
"""A skill rank (0: unskilled) or dice added to a roll."""
Kept = Annotated[int, msgspec.Meta(ge=1, le=MAX_SKILL_RANK)]
"""Dice a damage roll keeps."""
Score = InitiativeValue
"""An Initiative Score typed over the roll."""
TieFace = Annotated[int, msgspec.Meta(ge=1, le=10)]
"""A d10 of an initiative roll-off."""


class Stance(StrEnum):
    """The five stances."""

    ATTACK = "attack"
    FULL_ATTACK = "full_attack"
    DEFENSE = "defense"
    FULL_DEFENSE = "full_defense"
    CENTER = "center"

    @property
    def label(self) -> str:
        """How the GM reads it: ``"Full Attack"``."""
        return self.value.replace("_", " ").title()

    @property
    def icon(self) -> str:
        """A short sign for the timeline card."""
        return _ICONS[self]


_ICONS = {
    Stance.ATTACK: "⚔",
    Stance.FULL_ATTACK: "⚔⚔",
    Stance.DEFENSE: "◆",
    Stance.FULL_DEFENSE: "◆◆",
    Stance.CENTER: "◎",
}


class WeaponKind(StrEnum):
    """How a weapon's damage adds Strength: melee adds the wielder's, a bow its own, a thrown or
    other ranged weapon none, bare hands the wielder's to 0k1."""

    MELEE = "melee"
    BOW = "bow"
    RANGED = "ranged"
    UNARMED = "unarmed"

    @property
    def ranged(self) -> bool:
        """Whether attacks with it are ranged attacks."""
        return self in (WeaponKind.BOW, WeaponKind.RANGED)


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A skill and its rank (Kenjutsu 3, Defense 2)."""

    name: Name
    rank: Rank = 1


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A weapon: its kind, the skill it attacks with, its damage rating (rolled k kept) and, for
    a bow, the bow's Strength."""

    name: Name
    kind: WeaponKind = WeaponKind.MELEE
    skill: Name = "Kenjutsu"
    damage_rolled: Rank = 3
    damage_kept: Kept = 2
    bow_strength: Rank = 0


RollOffNumber = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
"""Which roll-off of the skirmish (1, 2, ... in the order they were first rolled; 0: the faces
an earlier version kept without saying which roll-off they came from)."""

TieFaces = Annotated[tuple[TieFace, ...], msgspec.Meta(min_length=1, max_length=MAX_DICE)]
"""The d10s one combatant rolled in one roll-off, in order (the later ones break ties left by
the earlier)."""


class SettledFaces(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A combatant's faces in roll-off ``roll_off``: its place among the others who rolled it.

    ``alone``: rolled alone to take a place among them, after the roll-off.
    """

    roll_off: RollOffNumber
    faces: TieFaces
    alone: bool = False


class RollkeepSheet(RoundSheet, frozen=True, tag=RULESET_ID):
    """A samurai's numbers and their state in the skirmish.

    Air is the lower of Reflexes and Awareness. ``wounds`` are wounds taken; ``initiative`` is
    the Initiative Score roll (``initiative_override`` a value the GM typed over it);
    ``roll_offs`` its faces in each initiative roll-off it took part in (``tie_faces``: the
    faces an earlier version kept, of roll-offs it did not tell apart). ``delaying``: waiting
    with a delayed
    turn. ``full_defense_bonus`` lasts until its next turn; ``center_initiative`` (+10 this
    round) and ``center_roll`` (+1k1 and +Void on one roll) come from Center last round;
    ``ambushed`` is -10 initiative for the skirmish.
    """

    # Wounds count up: what shared messages call its health is what is left before death.
    health_name = "health"

    reflexes: Trait = 2
    awareness: Trait = 2
    agility: Trait = 2
    strength: Trait = 2
    perception: Trait = 2
    earth: Trait = 2
    void: Trait = 2
    insight_rank: Trait = 1
    skills: Annotated[tuple[Skill, ...], msgspec.Meta(max_length=MAX_SKILLS)] = ()
    weapons: Annotated[tuple[Weapon, ...], msgspec.Meta(max_length=MAX_WEAPONS)] = ()
    armor: Count = 0
    wounds: Count = 0
    stance: Stance = Stance.ATTACK
    initiative: RollRecord | None = None
    initiative_override: Score | None = None
    tie_faces: Annotated[tuple[TieFace, ...], msgspec.Meta(max_length=MAX_DICE)] = ()
    roll_offs: Annotated[tuple[SettledFaces, ...], msgspec.Meta(max_length=MAX_DICE)] = ()
    delaying: bool = False
    full_defense_bonus: Count = 0
    center_initiative: bool = False
    center_roll: bool = False
    ambushed: bool = False

    @property
    def air(self) -> int:
        """The Air ring: the lower of Reflexes and Awareness."""
        return min(self.reflexes, self.awareness)

    def skill_rank(self, name: str) -> int:
        """The rank of the skill called ``name`` (any case); 0 when unskilled."""
        key = name.strip().casefold()
        return max((s.rank for s in self.skills if s.name.casefold() == key), default=0)

    @property
    def wound(self) -> WoundState:
        """The wound rank the wounds taken fill."""
        return wound_state(self.wounds, self.earth)

    @property
    def down(self) -> bool:
        """Out of the fight at Out, or dead."""
        return self.wound.out

    def health(self) -> tuple[int, int]:
        """The wounds still to take before those that kill, out of all of them (the wounds
        taken count down from the whole)."""
        deadly = death_at(self.earth) - 1
        return max(deadly - self.wounds, 0), deadly

    @property
    def base_score(self) -> int | None:
        """The Initiative Score before temporary modifiers (the GM's value over the roll)."""
        if self.initiative_override is not None:
            return self.initiative_override
        return None if self.initiative is None else self.initiative.total

    def damaged(self, amount: int, side: Side) -> tuple["RollkeepSheet", str]:
        """``amount`` wounds more; the words name the rank reached."""
        before = self.wound
        after_sheet = replace(self, wounds=self.wounds + amount)
        after = after_sheet.wound
        text = f"takes {plural(amount, 'wound')} ({self.wounds} → {after_sheet.wounds}"
        if after.name != before.name:
            text += f", {before.name} → {after.name}"
        text += f", TN +{after.penalty})" if after.penalty and not after.out else ")"
        if after.dead and not before.dead:
            text += ": dead"
        elif after.out and not before.out:
            text += ": out of the fight"
        return after_sheet, text

    def healed(self, amount: int) -> tuple["RollkeepSheet", str] | None:
        """``amount`` wounds fewer, never below none."""
        after = max(self.wounds - amount, 0)
        if after == self.wounds:
            return None
        healed = replace(self, wounds=after)
        return (
            healed,
            f"heals {plural(self.wounds - after, 'wound')} ({self.wounds} → {after}, "
            f"{healed.wound.name})",
        )

    def as_copy(self) -> "RollkeepSheet":
        """A copy rolls its own initiative and starts the skirmish fresh."""
        return replace(
            self,
            initiative=None,
            initiative_override=None,
            tie_faces=(),
            roll_offs=(),
            delaying=False,
            full_defense_bonus=0,
            center_initiative=False,
            center_roll=False,
            ambushed=False,
        )

    def as_template(self) -> "RollkeepSheet":
        """Unhurt, nothing rolled, in the Attack stance."""
        return replace(self.as_copy(), wounds=0, stance=Stance.ATTACK)


register_sheet(RollkeepSheet)
