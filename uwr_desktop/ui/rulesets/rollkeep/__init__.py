"""The ``rollkeep`` round system's panels and dialogs: the skirmish panel (stances, attacks
with their odds, delays), the combatant dialog and the library summary.

The dialog loads on first use, so that start-up imports only the panel.
"""

from uwr_desktop.ui.rulesets.base import DeclaredUi
from uwr_desktop.ui.rulesets.rollkeep.ui import ROUND_HELP, sheet_summary

RULESET_ID = "rollkeep"


def make_ui() -> DeclaredUi:
    """The ``rollkeep`` UI."""
    return DeclaredUi(RULESET_ID, ROUND_HELP, panel_module="panel", sheet_summary=sheet_summary)
