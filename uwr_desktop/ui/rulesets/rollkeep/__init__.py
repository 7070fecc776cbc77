"""The ``rollkeep`` round system's panels and dialogs: the skirmish panel (stances, attacks
with their odds, delays), the combatant dialog and the library summary.

The dialog loads on first use, so that start-up imports only the panel.
"""

from uwr_desktop.ui.rulesets.rollkeep.ui import RollkeepUi

RULESET_ID = "rollkeep"


def make_ui() -> RollkeepUi:
    """The ``rollkeep`` UI."""
    return RollkeepUi()
