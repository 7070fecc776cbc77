"""The ``uwr`` round system's panels and dialogs: the check panel, the combatant dialog and the
library summary, registered against ``"uwr"``.

The dialogs load on first use, so that start-up imports only the check panel.
"""

from uwr_desktop.ui.rulesets.base import DeclaredUi
from uwr_desktop.ui.rulesets.uwr.ui import ROUND_HELP, sheet_summary

RULESET_ID = "uwr"


def make_ui() -> DeclaredUi:
    """The ``uwr`` UI."""
    return DeclaredUi(
        RULESET_ID, ROUND_HELP, panel_module="check_panel", sheet_summary=sheet_summary
    )
