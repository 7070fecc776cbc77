"""A round system's own sheet, declared and read off a combatant, and its own part of the
state, read off the state, the same way in every round system."""

from collections.abc import Callable
from typing import TypeVar

import msgspec

from uwr_desktop.core.encounter import Combatant, EncounterState, RulesetPart, Sheet
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

PartT = TypeVar("PartT", bound=RulesetPart)
"""A round system's part of the state."""


def sheet_reader(kind: type[SheetT], named: str) -> Callable[[Combatant], SheetT]:
    """A round system's ``sheet_of``: the combatant's sheet when it is a ``kind``, else
    ``RulesError`` in the GM's words (``"Vex has no uwr sheet"``, ``named`` being ``"uwr"``)."""

    def sheet_of(combatant: Combatant) -> SheetT:
        sheet = combatant.sheet
        if not isinstance(sheet, kind):
            raise RulesError(f"{combatant.name} has no {named} sheet")
        return sheet

    return sheet_of


def part_reader(kind: type[PartT], fresh: PartT) -> Callable[[EncounterState], PartT]:
    """A round system's ``part_of``: the state's part when it is a ``kind``, else ``fresh`` (a
    fight whose part is not set yet)."""

    def part_of(state: EncounterState) -> PartT:
        part = state.part
        return part if isinstance(part, kind) else fresh

    return part_of
