"""The rolls each ``tactical`` event made, as the dice tray and the player view show them."""

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.tactical.events import InitiativeRolled


def shown_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls ``event`` made (``state``: just before it): base initiative, 2d10 each."""
    if isinstance(event, InitiativeRolled):
        return tuple(
            RollShown(roll.combatant_id, "Base initiative", roll.roll) for roll in event.rolls
        )
    return ()
