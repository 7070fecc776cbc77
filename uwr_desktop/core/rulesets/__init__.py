"""Rulesets: the round systems an encounter can follow, by id.

``make_ruleset("uwr", {"lowest_threshold": 3})`` builds one; an unknown id or a bad setting
raises ``RulesError`` with a message for the GM. Each ruleset is a package here, found by
:mod:`.registry` on first use (importing this package loads none of them).
"""

from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.registry import (
    DEFAULT_RULESET,
    RulesetFactory,
    load_ruleset,
    load_rulesets,
    make_ruleset,
    register,
    ruleset_ids,
)

__all__ = [
    "DEFAULT_RULESET",
    "Ruleset",
    "RulesetFactory",
    "load_ruleset",
    "load_rulesets",
    "make_ruleset",
    "register",
    "ruleset_ids",
]
