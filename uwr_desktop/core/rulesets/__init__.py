"""Rulesets: the round systems an encounter can follow, by id.

``make_ruleset("uwr", {"lowest_threshold": 3})`` builds one; an unknown id or a bad setting
raises ``RulesError`` with a message for the GM.
"""

from collections.abc import Callable, Mapping
from typing import Any

from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.uwr import UwrRuleset

_FACTORIES: dict[str, Callable[[Mapping[str, Any] | None], Ruleset]] = {
    "uwr": UwrRuleset,
}

RULESET_IDS: tuple[str, ...] = tuple(_FACTORIES)
"""The ids of the rulesets this version offers."""


def make_ruleset(ruleset_id: str, settings: Mapping[str, object] | None = None) -> Ruleset:
    """Build the ruleset ``ruleset_id`` with ``settings`` (missing ones take their defaults)."""
    factory = _FACTORIES.get(ruleset_id)
    if factory is None:
        raise RulesError(f"Unknown ruleset {ruleset_id!r}; known: {', '.join(RULESET_IDS)}")
    if settings is not None and not isinstance(settings, Mapping):
        raise RulesError(f"Ruleset settings must be a table of names and values, got {settings!r}")
    return factory(settings)


__all__ = ["RULESET_IDS", "Ruleset", "make_ruleset"]
