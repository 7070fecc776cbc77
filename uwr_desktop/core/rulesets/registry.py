"""The registry of rulesets: every round system an encounter can follow, by id.

A ruleset is a package under ``uwr_desktop.core.rulesets`` whose ``__init__`` defines
``RULESET_ID`` (a string) and ``make(settings)`` (its factory). Those packages are found with
:mod:`pkgutil` and imported on first use, never when this module is imported; importing one also
registers its event types for decoding. A ruleset living elsewhere (a test's, say) joins with
:func:`register`.
"""

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.base import Ruleset

RulesetFactory = Callable[[Mapping[str, Any] | None], Ruleset]
"""Builds a ruleset from its settings (``None``: every setting at its default)."""

_PACKAGE = __name__.rpartition(".")[0]
_FACTORIES: dict[str, RulesetFactory] = {}


def register(ruleset_id: str, factory: RulesetFactory) -> None:
    """Offer the ruleset ``ruleset_id``, built by ``factory``; an id is taken only once."""
    known = _FACTORIES.get(ruleset_id)
    if known is not None and known is not factory:
        raise ValueError(f"Two rulesets are called {ruleset_id!r}")
    _FACTORIES[ruleset_id] = factory


@cache
def load_rulesets() -> None:
    """Import every ruleset package of this version once, registering each and its events."""
    path = importlib.import_module(_PACKAGE).__path__
    for found in pkgutil.iter_modules(path, f"{_PACKAGE}."):
        if not found.ispkg:
            continue
        package = importlib.import_module(found.name)
        ruleset_id = getattr(package, "RULESET_ID", None)
        factory = getattr(package, "make", None)
        if isinstance(ruleset_id, str) and callable(factory):
            register(ruleset_id, factory)


def ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets this version offers, in the order they were found."""
    load_rulesets()
    return tuple(_FACTORIES)


def make_ruleset(ruleset_id: str, settings: Mapping[str, object] | None = None) -> Ruleset:
    """Build the ruleset ``ruleset_id`` with ``settings`` (missing ones take their defaults).

    An unknown id or a bad setting raises ``RulesError`` with a message for the GM.
    """
    load_rulesets()
    factory = _FACTORIES.get(ruleset_id)
    if factory is None:
        raise RulesError(f"Unknown ruleset {ruleset_id!r}; known: {', '.join(ruleset_ids())}")
    if settings is not None and not isinstance(settings, Mapping):
        raise RulesError(f"Ruleset settings must be a table of names and values, got {settings!r}")
    return factory(settings)
