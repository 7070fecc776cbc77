"""The ``hands`` ruleset: ready points, where hit points are both health and actions and who
declares first is re-decided at every turn.

Modules: ``sheet`` (points, pools, reach, weapons), ``state`` (phases and the turn's part),
``rules`` (settings), ``order`` (the declare-first chain), ``intents`` and ``events`` (its
own), ``decide`` (intents to events), ``apply`` (events to state), ``view`` (log lines,
timeline, table) and ``ruleset`` (the :class:`~uwr_desktop.core.rulesets.base.Ruleset`).
"""

from collections.abc import Mapping
from typing import Any

from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.hands import events as _events  # noqa: F401  (registers its events)

RULESET_ID = "hands"
"""The id files and the registry know this ruleset by."""


def make(settings: Mapping[str, Any] | None = None) -> Ruleset:
    """Build the ``hands`` ruleset with ``settings`` (a mapping of ``HandsSettings`` fields)."""
    from uwr_desktop.core.rulesets.hands.ruleset import HandsRuleset

    return HandsRuleset(settings)
