"""The ``rollkeep`` settings, phases and its part of the encounter state."""

from enum import StrEnum
from typing import Annotated

import msgspec

from uwr_desktop.core.encounter import SETUP_PHASE, RulesetPart


class Phase(StrEnum):
    """The stages of a round, after the setup before the skirmish."""

    SETUP = SETUP_PHASE
    INITIATIVE = "initiative"
    TURNS = "turns"
    REACTIONS = "reactions"


class TieRule(StrEnum):
    """How an initiative tie left after Reflexes and Insight Rank is broken."""

    ROLL_OFF = "roll_off"
    TABLE_ORDER = "table_order"


class AllDelayed(StrEnum):
    """What happens to the delayers when everyone delayed and the lowest took the only turn."""

    FORFEIT = "forfeit"
    ACT = "act"


class RollkeepSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The house rules of a roll-and-keep skirmish."""

    leftover_die_counts: Annotated[
        bool,
        msgspec.Meta(
            title="Ten Dice Rule: a leftover die counts +2",
            description="A single rolled die left over while fewer than 10 dice are kept "
            "(11k4) adds +2 instead of being lost",
        ),
    ] = False
    initiative_tie: Annotated[
        TieRule,
        msgspec.Meta(
            title="Initiative ties",
            description="After higher Reflexes and higher Insight Rank: a d10 roll-off, or the "
            "order of the table",
        ),
    ] = TieRule.ROLL_OFF
    everyone_delayed: Annotated[
        AllDelayed,
        msgspec.Meta(
            title="When everyone delays",
            description="The lowest must take its turn; then the delayers forfeit their turns "
            "(the round ends), or may still act, highest first",
        ),
    ] = AllDelayed.FORFEIT
    center_roll_bonus: Annotated[
        bool,
        msgspec.Meta(
            title="Center gives +1k1 and +Void",
            description="A combatant who took the Center stance adds 1k1 and its Void to one "
            "roll next round (the +10 initiative always applies)",
        ),
    ] = True


class RollkeepPart(RulesetPart, frozen=True, forbid_unknown_fields=True):
    """What belongs to the skirmish rather than to one combatant.

    ``declined``: who delayed since the last turn taken (a delayer is offered its turn once
    after every turn taken). ``ambush_rolled``: the ambush roll-off was made. ``acting``: the
    combatant on turn has acted, so its stance can no longer change this turn. ``roll_offs``:
    the number of the latest initiative roll-off (the next one is numbered after it).
    """

    declined: frozenset[str] = frozenset()
    ambush_rolled: bool = False
    acting: bool = False
    roll_offs: int = 0
