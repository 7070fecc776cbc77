"""A condition as every view words it: its name, the number its preset counts, and how long
it lasts; in full, or short for a table chip."""

from collections.abc import Callable

from uwr_desktop.core.encounter import Condition, EncounterState, TurnEdge

SOMEONE = "someone"
"""Who a condition is tied to, for the players when that combatant is hidden from them."""


def lasting_text(condition: Condition, name_of: Callable[[str], str]) -> str:
    """How long ``condition`` lasts: ``"1 round"``, ``"3 rounds"``, ``"until start of Vex's
    next turn"``, ``"until end of Vex's next turn"``, or ``""`` until removed; ``name_of``
    names the combatant of a turn from its id."""
    until = condition.until
    if until is not None:
        edge = "start" if until.edge is TurnEdge.START else "end"
        return f"until {edge} of {name_of(until.combatant_id)}'s next turn"
    rounds = condition.rounds
    if rounds is None:
        return ""
    return f"{rounds} {'round' if rounds == 1 else 'rounds'}"


def _namer(state: EncounterState, *, for_players: bool) -> Callable[[str], str]:
    """Names the combatant of a turn from ``state``: as the players see it (its alias, a
    hidden one "someone") when ``for_players``."""

    def name_of(combatant_id: str) -> str:
        combatant = state.combatants.get(combatant_id)
        if combatant is None or (for_players and combatant.hidden):
            return SOMEONE
        return combatant.shown_name if for_players else combatant.name

    return name_of


def _named(condition: Condition) -> str:
    return condition.name if condition.amount is None else f"{condition.name} {condition.amount}"


def condition_text(
    condition: Condition, state: EncounterState, *, for_players: bool = False
) -> str:
    """ "Stunned (1 round)", "Blessed (3 rounds)", "Bleeding 2", "Stunned (until end of Vex's
    next turn)", or the name alone for a condition that lasts until removed.

    The combatant of a turn is named from ``state``; ``for_players`` names it as the players
    see it (its alias), and a hidden one as "someone".
    """
    lasting = lasting_text(condition, _namer(state, for_players=for_players))
    return f"{_named(condition)} ({lasting})" if lasting else _named(condition)


def condition_chip(condition: Condition, state: EncounterState) -> str:
    """The condition in a table chip, short: "Stunned (1)" with the rounds left, "Stunned (to
    end of Vex's turn)", or the name alone (the chip's tooltip words it whole, with
    :func:`condition_text`)."""
    until = condition.until
    if until is not None:
        edge = "start" if until.edge is TurnEdge.START else "end"
        whose = _namer(state, for_players=False)(until.combatant_id)
        return f"{_named(condition)} (to {edge} of {whose}'s turn)"
    rounds = condition.rounds
    return _named(condition) if rounds is None else f"{_named(condition)} ({rounds})"
