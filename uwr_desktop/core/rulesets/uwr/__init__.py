"""The ``uwr`` ruleset: d6 success pools, Grace initiative and Uses Per Round.

Modules: ``rules`` (settings, UPR table, turn order), ``intents`` and ``events`` (its own),
``decide`` and ``edit`` (intents to events), ``apply`` (events to state), ``view`` (log lines,
timeline, table) and ``ruleset`` (the :class:`~uwr_desktop.core.rulesets.base.Ruleset` itself).
"""

from collections.abc import Mapping
from typing import Any

from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.uwr import events as _events  # noqa: F401  (registers its events)

RULESET_ID = "uwr"
"""The id files and the registry know this ruleset by."""


def make(settings: Mapping[str, Any] | None = None) -> Ruleset:
    """Build the ``uwr`` ruleset with ``settings`` (a mapping of ``UwrSettings`` fields)."""
    from uwr_desktop.core.rulesets.uwr.ruleset import UwrRuleset

    return UwrRuleset(settings)
