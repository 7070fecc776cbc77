"""The rolls each ``rollkeep`` event made, as the dice tray, the log and the player view show
them: an attack against its TN with the damage of a hit in its outcome ("27 against TN 20 —
hit, 12 damage"), the damage roll beside it as an aside."""

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.rollkeep.events import (
    AmbushRolled,
    Attacked,
    CombatantRoll,
    FullDefenseRolled,
    InitiativeRolled,
    RollOff,
    RollOffJoined,
    TiesRolled,
)
from uwr_desktop.core.rulesets.rollkeep.rules import full_defense_bonus


def _roll_off(rolls: tuple[CombatantRoll, ...]) -> tuple[RollShown, ...]:
    rivals = tuple(roll.combatant_id for roll in rolls)
    return tuple(
        RollShown(
            roll.combatant_id,
            "rolls off for initiative",
            roll.roll,
            others=tuple(cid for cid in rivals if cid != roll.combatant_id),
        )
        for roll in rolls
    )


def _ambush(event: AmbushRolled) -> tuple[RollShown, ...]:
    hide = sum(r.roll.total for r in event.ambushers)
    see = sum(r.roll.total for r in event.unaware)
    verdict = "the ambush succeeds" if hide > see else "the ambush is noticed"
    outcome = f"Stealth {hide} against Investigation {see} — {verdict}"
    everyone = [r.combatant_id for r in (*event.ambushers, *event.unaware)]
    return tuple(
        RollShown(
            r.combatant_id,
            title,
            r.roll,
            outcome=outcome,
            others=tuple(cid for cid in everyone if cid != r.combatant_id),
        )
        for rolls, title in (
            (event.ambushers, "rolls Stealth for the ambush"),
            (event.unaware, "rolls Investigation against the ambush"),
        )
        for r in rolls
    )


def shown_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls ``event`` made (``state``: just before it)."""
    names = state.combatants
    match event:
        case InitiativeRolled(rolls=rolls):
            return tuple(RollShown(r.combatant_id, "rolls initiative", r.roll) for r in rolls)
        case TiesRolled(rolls=rolls) | RollOff(rolls=rolls):
            return _roll_off(rolls)
        case RollOffJoined(combatant_id=cid, rolls=rolls):
            return tuple(RollShown(cid, "rolls off alone for initiative", roll) for roll in rolls)
        case FullDefenseRolled(combatant_id=cid, roll=roll):
            bonus = full_defense_bonus(roll.total)
            outcome = f"{roll.total} — Armor TN +{bonus}"
            return (RollShown(cid, "rolls Full Defense", roll, outcome=outcome),)
        case AmbushRolled():
            return _ambush(event)
        case Attacked(attacker=attacker, target=target, roll=roll, tn=tn, damage=damage):
            name = names[target].name if target in names else target
            verdict = f"hit, {damage.total} damage" if damage is not None else "miss"
            attack = RollShown(
                attacker,
                f"attacks {name}",
                roll,
                outcome=f"{roll.total} against TN {tn} — {verdict}",
                others=(target,),
            )
            if damage is None:
                return (attack,)
            hurt = RollShown(
                attacker,
                f"rolls damage against {name}",
                damage,
                outcome=f"{damage.total} damage",
                others=(target,),
                aside=True,
            )
            return (attack, hurt)
    return ()
