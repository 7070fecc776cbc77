"""The rolls each ``hands`` event made, as the dice tray and the player view show them."""

from uwr_desktop.core.dice import SumRoll, SumSpec
from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.hands.events import RollOff


def shown_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls ``event`` made (``state``: just before it): the d6 roll-offs of a tie, each
    combatant's faces rolled until no tie."""
    if isinstance(event, RollOff):
        return tuple(
            RollShown(
                roll.combatant_id,
                "Roll-off",
                RollRecord.of_sum(SumRoll(SumSpec(len(roll.faces), 6), roll.faces)),
                outcome=f"Roll-off: {', '.join(str(face) for face in roll.faces)}",
            )
            for roll in event.rolls
        )
    return ()
