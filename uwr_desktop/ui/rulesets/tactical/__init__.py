"""The ``tactical`` round system's panels and dialogs: the countdown panel in the Dice dock,
the combatant dialog and the library summary, registered against ``"tactical"``.

The combatant dialog loads on first use.
"""

from uwr_desktop.ui.rulesets.tactical.ui import TacticalUi

RULESET_ID = "tactical"


def make_ui() -> TacticalUi:
    """The ``tactical`` UI."""
    return TacticalUi()
