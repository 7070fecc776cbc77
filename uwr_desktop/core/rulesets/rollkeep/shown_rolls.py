"""The rolls each ``rollkeep`` event made, as the dice tray and the player view show them."""

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.rollkeep.events import (
    AmbushRolled,
    Attacked,
    FullDefenseRolled,
    InitiativeRolled,
    TiesRolled,
)


def shown_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls ``event`` made (``state``: just before it)."""
    names = state.combatants
    match event:
        case InitiativeRolled(rolls=rolls):
            return tuple(RollShown(r.combatant_id, "Initiative", r.roll) for r in rolls)
        case TiesRolled(rolls=rolls):
            return tuple(RollShown(r.combatant_id, "Tie roll-off", r.roll) for r in rolls)
        case FullDefenseRolled(combatant_id=cid, roll=roll):
            return (RollShown(cid, "Full Defense", roll, outcome=f"Full Defense {roll.total}"),)
        case AmbushRolled(ambushers=hidden, unaware=aware):
            hide = sum(r.roll.total for r in hidden)
            see = sum(r.roll.total for r in aware)
            verdict = "the ambush succeeds" if hide > see else "the ambush is noticed"
            outcome = f"Ambush: Stealth {hide} vs Investigation {see}, {verdict}"
            return (
                *(
                    RollShown(r.combatant_id, "Ambush: Stealth", r.roll, outcome=outcome)
                    for r in hidden
                ),
                *(
                    RollShown(r.combatant_id, "Ambush: Investigation", r.roll, outcome=outcome)
                    for r in aware
                ),
            )
        case Attacked(attacker=attacker, target=target, roll=roll, tn=tn, damage=damage):
            name = names[target].name if target in names else target
            verdict = f"hit, {damage.total} damage" if damage is not None else "miss"
            attack = RollShown(
                attacker,
                f"Attack on {name}",
                roll,
                outcome=f"Attack {roll.total} vs TN {tn}: {verdict}",
            )
            if damage is None:
                return (attack,)
            hurt = RollShown(
                attacker, f"Damage to {name}", damage, outcome=f"{damage.total} damage"
            )
            return (attack, hurt)
    return ()
