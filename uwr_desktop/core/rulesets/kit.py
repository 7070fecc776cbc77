"""What a round system's core package is written with, in one place to import.

A round system from elsewhere writes ``from uwr_desktop.core.rulesets import kit`` and names
what it needs as ``kit.RoundSystem``, ``kit.Column``, ``kit.common.start_turn``: the base of its
rules and its sheet, the shared events and intents it decides around, the records its views
return, the dice it rolls. Nothing here is new; each name is the one its own module defines.
"""

from msgspec.structs import replace

from uwr_desktop.core.dice import Roller, SumSpec
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import (
    Combatant,
    Count,
    EncounterState,
    Name,
    RulesetPart,
    register_sheet,
)
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    CombatantUpdate,
    Event,
    RoundEnded,
    TurnStarted,
)
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    ClearManualOrder,
    EditCell,
    EndRound,
    Intent,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    ReplaceCombatant,
    RollDice,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    ColumnKind,
    Decision,
    DragAnswer,
    IntentOption,
    Resource,
    RollShown,
    TurnNow,
    WorkingState,
)
from uwr_desktop.core.rulesets.common import Builder
from uwr_desktop.core.rulesets.round_system import RoundSystem
from uwr_desktop.core.rulesets.sheets import RoundSheet, sheet_reader
from uwr_desktop.core.rulesets.view_module import ViewsFromModule
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import (
    AxisKind,
    SlotStatus,
    TimelineAxis,
    TimelineSlot,
    combatant_slot,
    turn_status,
)

__all__ = [
    "AddCombatants",
    "AddCondition",
    "ApplyDamage",
    "AxisKind",
    "Builder",
    "CellValue",
    "ClearManualOrder",
    "Column",
    "ColumnKind",
    "Combatant",
    "CombatantUpdate",
    "CombatantsJoined",
    "CombatantsLeft",
    "CombatantsUpdated",
    "Count",
    "Decision",
    "DiceKind",
    "DragAnswer",
    "EditCell",
    "EncounterState",
    "EndRound",
    "Event",
    "Intent",
    "IntentOption",
    "MoveInOrder",
    "Name",
    "NextTurn",
    "RemoveCombatants",
    "ReplaceCombatant",
    "Resource",
    "RollDice",
    "RollFor",
    "RollRecord",
    "RollShown",
    "Roller",
    "RoundEnded",
    "RoundSheet",
    "RoundSystem",
    "RulesError",
    "RulesetPart",
    "Side",
    "SlotStatus",
    "StartFight",
    "SumSpec",
    "TimelineAxis",
    "TimelineSlot",
    "TurnNow",
    "TurnStarted",
    "ViewsFromModule",
    "WorkingState",
    "combatant_slot",
    "common",
    "register_sheet",
    "replace",
    "sheet_reader",
    "turn_status",
]
