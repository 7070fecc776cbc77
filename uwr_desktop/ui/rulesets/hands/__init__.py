"""The ``hands`` round system's panels and dialogs: the ready-points panel (pips to click), the
combatant dialog and the library summary, registered against ``"hands"``."""

from uwr_desktop.ui.rulesets.base import DeclaredUi
from uwr_desktop.ui.rulesets.hands.ui import ROUND_HELP, sheet_summary

RULESET_ID = "hands"


def make_ui() -> DeclaredUi:
    """The ``hands`` UI."""
    return DeclaredUi(
        RULESET_ID, ROUND_HELP, panel_module="points_panel", sheet_summary=sheet_summary
    )
