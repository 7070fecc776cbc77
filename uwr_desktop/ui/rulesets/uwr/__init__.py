"""The ``uwr`` round system's panels and dialogs: the check panel, the combatant dialog and the
library summary, registered against ``"uwr"``.

The dialogs load on first use, so that start-up imports only the check panel.
"""

from uwr_desktop.ui.rulesets.uwr.ui import UwrUi

RULESET_ID = "uwr"


def make_ui() -> UwrUi:
    """The ``uwr`` UI."""
    return UwrUi()
