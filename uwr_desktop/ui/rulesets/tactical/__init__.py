"""The ``tactical`` round system's panels and dialogs: the countdown panel in the Dice dock,
the combatant dialog and the library summary, registered against ``"tactical"``.

The combatant dialog loads on first use.
"""

from uwr_desktop.ui.rulesets.base import DeclaredUi
from uwr_desktop.ui.rulesets.tactical.ui import ROUND_HELP, sheet_summary

RULESET_ID = "tactical"


def make_ui() -> DeclaredUi:
    """The ``tactical`` UI."""
    return DeclaredUi(
        RULESET_ID, ROUND_HELP, panel_module="countdown_panel", sheet_summary=sheet_summary
    )
