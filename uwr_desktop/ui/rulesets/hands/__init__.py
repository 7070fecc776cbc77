"""The ``hands`` round system's panels and dialogs: the ready-points panel (pips to click), the
combatant dialog and the library summary, registered against ``"hands"``."""

from uwr_desktop.ui.rulesets.hands.ui import HandsUi

RULESET_ID = "hands"


def make_ui() -> HandsUi:
    """The ``hands`` UI."""
    return HandsUi()
