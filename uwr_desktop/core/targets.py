"""Who an attacker would attack: the target offered first and the combatants offered at all."""

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.sides import Side

_FRIENDS = frozenset({Side.PLAYER, Side.ALLY})


def hostile(attacker: Side, other: Side) -> bool:
    """Whether ``other`` is an enemy of ``attacker``'s side: players and allies against enemies
    and back; a neutral's enemies are everyone who is not neutral."""
    if attacker in _FRIENDS:
        return other is Side.ENEMY
    if attacker is Side.ENEMY:
        return other in _FRIENDS
    return other is not Side.NEUTRAL


def targets(state: EncounterState) -> list[Combatant]:
    """The combatants an attack may be aimed at, in table order: all but the defeated."""
    combatants = state.combatants
    return [combatants[cid] for cid in state.rows if not combatants[cid].down]


def default_target(state: EncounterState, attacker_id: str) -> str | None:
    """The nearest enemy of the attacker's side: the first one after the attacker in the turn
    order (going round to the top), never one who is down; ``None`` when there is none.

    A combatant not in the turn order counts from its top.
    """
    attacker = state.combatants.get(attacker_id)
    if attacker is None:
        return None
    order = list(state.order) or list(state.rows)
    start = order.index(attacker_id) + 1 if attacker_id in order else 0
    for cid in order[start:] + order[:start]:
        other = state.combatants[cid]  # never the attacker: no side is its own enemy
        if not other.down and hostile(attacker.side, other.side):
            return cid
    return None
