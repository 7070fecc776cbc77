"""The ``rollkeep`` ruleset: roll-and-keep d10 skirmishes (Legend of the Five Rings, 4th
edition): stances, one Initiative Score per skirmish, delayed turns, Armor TN and wound ranks.

Modules: ``sheet`` (traits, weapons, the skirmish state of a combatant), ``wounds`` (the wound
rank table), ``state`` (settings, phases, part), ``rules`` (scores, Armor TN, attack and damage
rolls), ``events`` and ``intents``, ``decide``, ``apply``, ``view`` and ``ruleset``.
"""

from collections.abc import Mapping
from typing import Any

from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.rollkeep import events as _events  # noqa: F401  (registers its events)
from uwr_desktop.core.rulesets.rollkeep.sheet import RULESET_ID

__all__ = ["RULESET_ID", "make"]


def make(settings: Mapping[str, Any] | None = None) -> Ruleset:
    """Build the ``rollkeep`` ruleset with ``settings`` (``RollkeepSettings`` fields)."""
    from uwr_desktop.core.rulesets.rollkeep.ruleset import RollkeepRuleset

    return RollkeepRuleset(settings)
