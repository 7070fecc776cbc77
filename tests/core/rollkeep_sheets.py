"""Samurai for the rollkeep tests, and a random source that plays back chosen faces."""

from collections.abc import Iterable

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.rollkeep.sheet import (
    RollkeepSheet,
    Skill,
    Stance,
    Weapon,
    WeaponKind,
)
from uwr_desktop.core.sides import Side


class Faces:
    """A random source returning the faces given, in order; it fails loudly when it runs out
    or when a face does not fit the die asked for."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self.faces = list(faces)

    def add(self, *faces: int) -> None:
        """Queue more faces."""
        self.faces.extend(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the dice script ran out of faces"
        face = self.faces.pop(0)
        assert a <= face <= b, f"face {face} does not fit a d{b}"
        return face


def scripted(*faces: int) -> tuple[Roller, Faces]:
    """A roller playing back ``faces``, and the script (to queue more)."""
    source = Faces(faces)
    return Roller(source), source


DAI_TSUCHI = Weapon(name="Dai tsuchi", skill="Heavy Weapons", damage_rolled=5, damage_kept=2)
KATANA = Weapon(name="Katana", skill="Kenjutsu", damage_rolled=3, damage_kept=2)
YUMI = Weapon(
    name="Yumi",
    kind=WeaponKind.BOW,
    skill="Kyujutsu",
    damage_rolled=2,
    damage_kept=2,
    bow_strength=3,
)
KNIFE = Weapon(name="Knife", skill="Knives", damage_rolled=1, damage_kept=1)
FISTS = Weapon(name="Fists", kind=WeaponKind.UNARMED, skill="Jiujutsu")


def samurai(cid: str, name: str, side: Side = Side.ENEMY, **fields: object) -> Combatant:
    """A combatant with a rollkeep sheet of ``fields``."""
    return Combatant(id=cid, name=name, side=side, sheet=RollkeepSheet(**fields))  # type: ignore[arg-type]


def hida() -> Combatant:
    """A Crab bushi: Strength 3, a dai tsuchi, light armour."""
    return samurai(
        "hida",
        "Hida Kuroda",
        Side.PLAYER,
        reflexes=3,
        agility=3,
        strength=3,
        earth=3,
        void=2,
        insight_rank=2,
        armor=5,
        skills=(Skill("Heavy Weapons", 2), Skill("Defense", 1)),
        weapons=(DAI_TSUCHI, FISTS),
    )


def kakita() -> Combatant:
    """A Crane duelist in the Defense stance."""
    return samurai(
        "kakita",
        "Kakita Aya",
        Side.PLAYER,
        reflexes=4,
        awareness=3,
        agility=4,
        strength=2,
        earth=2,
        void=3,
        insight_rank=1,
        skills=(Skill("Kenjutsu", 3), Skill("Defense", 2)),
        weapons=(KATANA,),
        stance=Stance.DEFENSE,
    )


def bandit() -> Combatant:
    """A hidden bandit leader in Full Attack."""
    return samurai(
        "bandit",
        "Bandit",
        reflexes=2,
        agility=3,
        earth=2,
        void=2,
        insight_rank=1,
        skills=(Skill("Stealth", 2), Skill("Knives", 1)),
        weapons=(KNIFE,),
        stance=Stance.FULL_ATTACK,
    )


def archer() -> Combatant:
    """A bandit archer with a yumi."""
    return samurai(
        "archer",
        "Archer",
        reflexes=3,
        agility=2,
        earth=2,
        void=2,
        insight_rank=1,
        skills=(Skill("Kyujutsu", 2),),
        weapons=(YUMI,),
    )
