"""The rolls each ``hands`` event made, as the dice tray and the player view show them."""

from uwr_desktop.core.dice import SumRoll, SumSpec
from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.hands.events import RollOff, RollOffRoll


def _faces(roll: RollOffRoll) -> str:
    return "/".join(str(face) for face in roll.faces)


def shown_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls ``event`` made (``state``: just before it): the d6 roll-offs of a tie, each
    combatant's faces rolled until no tie, against its rivals' ("4/6 against Bo 4/2")."""
    if not isinstance(event, RollOff):
        return ()
    names = {cid: c.name for cid, c in state.combatants.items()}
    shown = []
    for roll in event.rolls:
        rivals = [other for other in event.rolls if other.combatant_id != roll.combatant_id]
        against = ", ".join(f"{names.get(r.combatant_id, '?')} {_faces(r)}" for r in rivals)
        shown.append(
            RollShown(
                roll.combatant_id,
                "rolls off to declare first",
                RollRecord.of_sum(SumRoll(SumSpec(len(roll.faces), 6), roll.faces)),
                outcome=f"{_faces(roll)} against {against}" if against else _faces(roll),
                others=tuple(r.combatant_id for r in rivals),
            )
        )
    return tuple(shown)
