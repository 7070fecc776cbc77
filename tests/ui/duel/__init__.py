"""``duel``: a minimal round system that lives only in the tests.

Initiative is d20 + modifier (highest first), a combatant has hit points, and there is one
attack: d20 + modifier against the target's armor, a hit deals a damage die. It is built only
on the seam (the core's ruleset protocol, sheet and shared events, the window's ruleset UI
protocol) and is joined to the app by :func:`install`, as a round system from elsewhere would.
"""

from uwr_desktop.core.rulesets import register
from uwr_desktop.ui.rulesets import register_ui

RULESET_ID = "duel"
"""The id files and the registries know this ruleset by."""


def install() -> None:
    """Register the ruleset and its UI (again is harmless)."""
    from duel.ruleset import DuelRuleset
    from duel.ui import make_duel_ui

    register(RULESET_ID, DuelRuleset)
    register_ui(RULESET_ID, make_duel_ui)
