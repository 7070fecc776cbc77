"""A uwr swordsman, as the window tests field them."""

from fractions import Fraction

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Initiative, UwrSheet, Weapon
from uwr_desktop.core.sides import Side


def swordsman(
    cid: str,
    name: str,
    side: Side = Side.PLAYER,
    *,
    initiative: int | None = None,
    vitality: int | None = None,
    upr_type: str = "Swift",
) -> Combatant:
    """Brawn 3, Grace 3 and a sword of ``upr_type``; ``initiative`` typed over the roll and
    ``vitality`` (whole) when given, the sheet's defaults otherwise."""
    health = {} if vitality is None else {"vitality": vitality, "vitality_max": vitality}
    return Combatant(
        id=cid,
        name=name,
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3), grace=Fraction(3)),
            weapons=(Weapon(name="Sword", upr_type=upr_type),),
            initiative=None if initiative is None else Initiative(override=initiative),
            **health,
        ),
    )
