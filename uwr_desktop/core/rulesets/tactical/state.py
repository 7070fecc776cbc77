"""The ``tactical`` part of the encounter state: the phases, the count now, the order of
ties at that count and the GM's environmental counters."""

from enum import StrEnum
from typing import Annotated

import msgspec

from uwr_desktop.core.encounter import SETUP_PHASE, CombatantId, EncounterState, Name, RulesetPart
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_COUNT, MAX_COUNTERS, MAX_SKILLS
from uwr_desktop.core.rulesets.sheets import part_reader
from uwr_desktop.core.rulesets.tactical.catalog import (
    ActionType,
    Pace,
    shipped_actions,
    shipped_paces,
)
from uwr_desktop.core.rulesets.tactical.sheet import CountValue


class Phase(StrEnum):
    """Where a ``tactical`` encounter stands."""

    SETUP = SETUP_PHASE
    INITIATIVE = "initiative"
    RESOLUTION = "resolution"
    UPKEEP = "upkeep"


Signed = Annotated[int, msgspec.Meta(ge=-MAX_COUNT, le=MAX_COUNT)]
"""A counter's value or step."""


class Counter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An environmental effect the GM tracks (a rising tide): ``step`` is added each upkeep."""

    name: Name
    value: Signed = 0
    step: Signed = 1


class TieRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A d10 rolled to order combatants tied on a count."""

    combatant_id: CombatantId
    face: Annotated[int, msgspec.Meta(ge=1, le=10)]


Actions = Annotated[tuple[ActionType, ...], msgspec.Meta(max_length=MAX_SKILLS)]
"""An action catalog (as many entries as a sheet has skills)."""
Paces = Annotated[tuple[Pace, ...], msgspec.Meta(max_length=MAX_SKILLS)]
"""A pace table."""


class TacticalPart(RulesetPart, frozen=True):
    """``count``: the count of the countdown now (``None`` outside the resolution phase);
    ``ties``: the d10 roll-offs of the count now; ``counters``: environmental effects;
    ``actions`` and ``paces``: the fight's action catalog and pace table as the GM edited them
    (empty: the shipped ones)."""

    count: CountValue | None = None
    ties: Annotated[tuple[TieRoll, ...], msgspec.Meta(max_length=MAX_COMBATANTS)] = ()
    counters: Annotated[tuple[Counter, ...], msgspec.Meta(max_length=MAX_COUNTERS)] = ()
    actions: Actions = ()
    paces: Paces = ()


NO_PART = TacticalPart()
"""The part of a fresh encounter."""


part_of = part_reader(TacticalPart, NO_PART)
"""The ``tactical`` part of a state."""


def catalog(state: EncounterState) -> tuple[ActionType, ...]:
    """The fight's action catalog."""
    return part_of(state).actions or shipped_actions()


def pace_table(state: EncounterState) -> tuple[Pace, ...]:
    """The fight's pace table, slowest first."""
    return part_of(state).paces or shipped_paces()
