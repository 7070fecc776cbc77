"""A round system's own sheet, declared and read off a combatant the same way in every round
system."""

from collections.abc import Callable
from typing import TypeVar

import msgspec

from uwr_desktop.core.encounter import Combatant, Sheet
from uwr_desktop.core.intents import RulesError


class RoundSheet(
    msgspec.Struct,
    Sheet,
    frozen=True,
    forbid_unknown_fields=True,
    kw_only=True,
    tag_field="ruleset",
):
    """The base of a round system's sheet: frozen, refusing unknown fields, written with the
    round system's id as ``"ruleset"``, which the sheet names as its tag:
    ``class DuelSheet(RoundSheet, frozen=True, tag="duel")``."""


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
