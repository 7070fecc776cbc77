"""Reading a round system's own sheet off a combatant, written once for every round system."""

from collections.abc import Callable
from typing import TypeVar

from uwr_desktop.core.encounter import Combatant, Sheet
from uwr_desktop.core.intents import RulesError

SheetT = TypeVar("SheetT", bound=Sheet)
"""A round system's sheet type."""


def sheet_reader(kind: type[SheetT], named: str) -> Callable[[Combatant], SheetT]:
    """A round system's ``sheet_of``: the combatant's sheet when it is a ``kind``, else
    ``RulesError`` in the GM's words (``"Vex has no uwr sheet"``, ``named`` being ``"uwr"``)."""

    def sheet_of(combatant: Combatant) -> SheetT:
        sheet = combatant.sheet
        if not isinstance(sheet, kind):
            raise RulesError(f"{combatant.name} has no {named} sheet")
        return sheet

    return sheet_of
