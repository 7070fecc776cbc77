"""The rolls each ``tactical`` event made, as the dice tray, the log and the player view show
them: base initiative (2d10 each) and the d10 roll-offs of those tied on a count, to resolve
their actions or to declare ("rolls off to resolve Melee attack on count 20: 7 against Orc 3").
"""

from uwr_desktop.core.dice import SumRoll, SumSpec
from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.tactical.decide import D10
from uwr_desktop.core.rulesets.tactical.events import CountReached, InitiativeRolled
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of
from uwr_desktop.core.rulesets.tactical.state import TieRoll


def _tie(state: EncounterState, event: CountReached, tie: TieRoll) -> RollShown:
    """One tied combatant's d10 on the count reached: to resolve its action there, or to
    declare."""
    combatant = state.combatants.get(tie.combatant_id)
    action = sheet_of(combatant).now.action if combatant is not None else None
    if action is not None and action.resolves_at == event.count:
        title = f"rolls off to resolve {action.name} on count {event.count}"
    else:
        title = f"rolls off to declare on count {event.count}"
    rivals = [other for other in event.ties if other.combatant_id != tie.combatant_id]
    names = {cid: c.name for cid, c in state.combatants.items()}
    faces = ", ".join(f"{names.get(other.combatant_id, '?')} {other.face}" for other in rivals)
    return RollShown(
        tie.combatant_id,
        title,
        RollRecord.of_sum(SumRoll(SumSpec(1, D10), (tie.face,))),
        outcome=f"{tie.face} against {faces}" if faces else "",
        others=tuple(other.combatant_id for other in rivals),
    )


def shown_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls ``event`` made (``state``: just before it)."""
    if isinstance(event, InitiativeRolled):
        return tuple(
            RollShown(roll.combatant_id, "rolls base initiative", roll.roll) for roll in event.rolls
        )
    if isinstance(event, CountReached):
        return tuple(_tie(state, event, tie) for tie in event.ties)
    return ()
