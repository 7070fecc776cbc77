"""The registry of rulesets: every round system an encounter can follow, by id.

A ruleset is a package under ``uwr_desktop.core.rulesets``, named by its id, whose ``__init__``
defines ``RULESET_ID`` (that id) and ``make(settings)`` (its factory). A package is found by
its id (``importlib.util.find_spec``; :mod:`pkgutil` lists them all only when every id is asked
for) and imported when its ruleset is first asked for, never when this module is imported, so a
fight loads only its own round system; importing one also registers its event and sheet types
for decoding. A ruleset living elsewhere (a test's, say) joins with
:func:`register`.
"""

from collections.abc import Callable, Mapping
from typing import Any

from uwr_desktop.core.events import event_union
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.subpackages import (
    has_subpackage,
    offer,
    package_factory,
    registered_ids,
    subpackages,
)

RulesetFactory = Callable[[Mapping[str, Any] | None], Ruleset]
"""Builds a ruleset from its settings (``None``: every setting at its default)."""

DEFAULT_RULESET = "uwr"
"""The round system of a fight nobody chose one for (the window's first, empty fight)."""

_PACKAGE = __name__.rpartition(".")[0]
_FACTORIES: dict[str, RulesetFactory] = {}


def register(ruleset_id: str, factory: RulesetFactory) -> None:
    """Offer the ruleset ``ruleset_id``, built by ``factory``; an id is taken only once, and
    its events loaded by then must be named unlike each other and unlike the shared ones
    (``TypeError`` naming the two)."""
    event_union(ruleset_id)
    offer(_FACTORIES, ruleset_id, factory, f"Two rulesets are called {ruleset_id!r}")


def load_ruleset(ruleset_id: str) -> None:
    """Import the ruleset package ``ruleset_id`` of this version, if there is one, registering it
    and its event and sheet types (a ruleset registered from elsewhere needs nothing)."""
    if ruleset_id not in _FACTORIES and has_subpackage(_PACKAGE, ruleset_id):
        register(ruleset_id, package_factory(_PACKAGE, ruleset_id, "make", "ruleset"))


def load_rulesets() -> None:
    """Import every ruleset package of this version (where the ruleset a record needs is not
    known, as when salvaging a damaged store)."""
    for ruleset_id in subpackages(_PACKAGE):
        load_ruleset(ruleset_id)


def ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets this version offers (its packages first, by name), without
    importing any."""
    return registered_ids(_PACKAGE, _FACTORIES)


def make_ruleset(ruleset_id: str, settings: Mapping[str, object] | None = None) -> Ruleset:
    """Build the ruleset ``ruleset_id`` with ``settings`` (missing ones take their defaults).

    An unknown id or a bad setting raises ``RulesError`` with a message for the GM.
    """
    load_ruleset(ruleset_id)
    factory = _FACTORIES.get(ruleset_id)
    if factory is None:
        raise RulesError(f"Unknown ruleset {ruleset_id!r}; known: {', '.join(ruleset_ids())}")
    if settings is not None and not isinstance(settings, Mapping):
        raise RulesError(f"Ruleset settings must be a table of names and values, got {settings!r}")
    return factory(settings)
