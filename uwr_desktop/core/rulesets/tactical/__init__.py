"""The ``tactical`` ruleset: 4 action points a round, actions declared on one count of a
countdown and resolved on a later one.

Modules: ``catalog`` (the action catalog and the pace table), ``settings``, ``sheet`` (the
combatant's statistics and its round), ``state`` (phases and the fight's part), ``rules``
(counts, AP spent, penalties, ties), ``intents`` and ``events`` (its own), ``decide`` (intents
to events), ``upkeep`` (the round's last step), ``apply`` (events to state), ``view`` (log
lines, timeline, table) and ``ruleset`` (the :class:`~uwr_desktop.core.rulesets.base.Ruleset`).
"""

from collections.abc import Mapping
from typing import Any

from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.tactical import events as _events  # noqa: F401  (registers them)

RULESET_ID = "tactical"
"""The id files and the registry know this ruleset by."""


def make(settings: Mapping[str, Any] | None = None) -> Ruleset:
    """Build the ``tactical`` ruleset with ``settings`` (a mapping of its settings' fields)."""
    from uwr_desktop.core.rulesets.tactical.ruleset import TacticalRuleset

    return TacticalRuleset(settings)
