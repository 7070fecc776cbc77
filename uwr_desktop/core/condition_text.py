"""A condition as every view words it: its name and how long it lasts."""

from uwr_desktop.core.encounter import Condition


def condition_text(condition: Condition) -> str:
    """ "Stunned (1 round)", "Blessed (3 rounds)", or the name alone for a condition that lasts
    until removed."""
    rounds = condition.rounds
    if rounds is None:
        return condition.name
    return f"{condition.name} ({rounds} {'round' if rounds == 1 else 'rounds'})"


def condition_chip(condition: Condition) -> str:
    """The condition in a table chip, short: "Stunned (1)" with the rounds left, or the name
    alone (the chip's tooltip words it whole, with :func:`condition_text`)."""
    rounds = condition.rounds
    return condition.name if rounds is None else f"{condition.name} ({rounds})"
