"""Who rolls the dice, decided, applied and worded once for every round system: a side's dice
rolled by hand at the table or by the app, a combatant's own choice over its side's, and the
mark of an entry whose rolls took faces typed in by hand."""

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, DiceBy, EncounterState
from uwr_desktop.core.events import HandRollsSet, RolledByHand
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.sides import Side

DICE_BY_CELL = "dice_by"
"""The generic cell of who rolls a combatant's dice."""

DICE_BY_WORDS = {
    DiceBy.SIDE: "dice rolled as its side's",
    DiceBy.APP: "dice rolled by the app",
    DiceBy.HAND: "dice rolled by hand",
}
"""A combatant's ``dice_by`` in the log's words."""


def set_hand_rolls(state: EncounterState, side: Side, by_hand: bool) -> tuple[HandRollsSet, str]:
    """The event setting who rolls ``side``'s dice, and its label; refused when already so."""
    if (side in state.hand_sides) == by_hand:
        who = "by hand" if by_hand else "by the app"
        raise RulesError(f"The {side.group}' dice are already rolled {who}")
    event = HandRollsSet(side, by_hand)
    return event, describe_hand_rolls_set(event)


def describe_hand_rolls_set(event: HandRollsSet) -> str:
    """ "The players roll their dice by hand" / "The app rolls the enemies' dice"."""
    if event.by_hand:
        return f"The {event.side.group} roll their dice by hand"
    return f"The app rolls the {event.side.group}' dice"


def describe_rolled_by_hand(event: RolledByHand, state: EncounterState) -> str:
    """ "Rolled by hand: Kakita, Hida"; a roll for nobody is the GM's."""
    names = [state.combatants[cid].name for cid in event.combatant_ids]
    if event.nobody:
        names.append("the GM")
    return f"Rolled by hand: {', '.join(names)}"


def applied(state: EncounterState, event: HandRollsSet) -> EncounterState:
    """``state`` with ``event``'s side rolled by hand or by the app."""
    sides = state.hand_sides | {event.side} if event.by_hand else state.hand_sides - {event.side}
    return replace(state, hand_sides=sides)


def rolled_by_hand(typed_by: tuple[str | None, ...]) -> RolledByHand | None:
    """The mark of an entry whose rolls met the faces typed for ``typed_by`` (``None``: none)."""
    if not typed_by:
        return None
    ids = tuple(cid for cid in typed_by if cid is not None)
    return RolledByHand(ids, nobody=None in typed_by)


def edited_dice_by(combatant: Combatant, value: object) -> tuple[Combatant, str]:
    """The combatant with its dice rolled as ``value`` says ("side", "app" or "hand")."""
    try:
        dice_by = DiceBy(str(value).strip().lower())
    except ValueError:
        options = ", ".join(choice.value for choice in DiceBy)
        raise RulesError(f"Who rolls must be one of {options}, got {value!r}") from None
    return replace(combatant, dice_by=dice_by), DICE_BY_WORDS[dice_by]
