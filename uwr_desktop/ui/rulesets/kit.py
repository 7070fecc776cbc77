"""What a round system's window package is written with, in one place to import.

A round system from elsewhere writes ``from uwr_desktop.ui.rulesets import kit`` and names what
it needs as ``kit.DiceTray``, ``kit.SheetDialog``: the Dice dock's panel and the generic tray
inside it, the drop-downs of combatants that follow the fight, the combatant dialog's frame and
the base of its UI. Nothing here is new; each name is the one its own module defines.
"""

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import RulesError
from uwr_desktop.ui.dice.tray import DiceTray
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, PanelCommand, RoundHelp, RoundSystemUi
from uwr_desktop.ui.rulesets.sheet_dialog import SheetDialog, SheetDialogUi
from uwr_desktop.ui.widgets.combatant_choice import CombatantChoice

__all__ = [
    "Combatant",
    "CombatantChoice",
    "DicePanel",
    "DiceTray",
    "EncounterDocument",
    "PanelCommand",
    "RoundHelp",
    "RoundSystemUi",
    "RulesError",
    "SheetDialog",
    "SheetDialogUi",
]
