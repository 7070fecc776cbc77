"""The registry of ruleset UIs: each round system's panels and dialogs, by ruleset id.

A ruleset's UI is a package under ``uwr_desktop.ui.rulesets`` whose ``__init__`` defines
``RULESET_ID`` (a string) and ``make_ui()`` (a factory returning a :class:`RulesetUi`). Each
package is named by its ruleset's id, found by that id (:mod:`pkgutil` lists them all only when
every id is asked for) and imported on its first lookup, never when this module is imported. A
ruleset UI living elsewhere (a test's, say) joins with :func:`register_ui`.
"""

import importlib
import importlib.util
from collections.abc import Callable
from functools import cache

from uwr_desktop.ui.rulesets.base import RulesetUi

RulesetUiFactory = Callable[[], RulesetUi]
"""Builds a ruleset's UI."""

_PACKAGE = __name__.rpartition(".")[0]
_FACTORIES: dict[str, RulesetUiFactory] = {}


class RulesetUiError(LookupError):
    """A ruleset has no UI in this version; the message is for the GM."""


def register_ui(ruleset_id: str, factory: RulesetUiFactory) -> None:
    """Offer ``factory``'s UI for the ruleset ``ruleset_id``; an id is taken only once."""
    known = _FACTORIES.get(ruleset_id)
    if known is not None and known is not factory:
        raise ValueError(f"Two UIs are registered for the ruleset {ruleset_id!r}")
    _FACTORIES[ruleset_id] = factory


@cache
def _package_ids() -> tuple[str, ...]:
    """The ruleset UI packages of this version, by name (each is named by its ruleset's id)."""
    import pkgutil  # listing every package is rare: a known id is looked up on its own

    path = importlib.import_module(_PACKAGE).__path__
    return tuple(found.name for found in pkgutil.iter_modules(path) if found.ispkg)


def _is_package(ruleset_id: str) -> bool:
    """Whether this version has a package named ``ruleset_id`` here, found without importing it."""
    if not ruleset_id.isidentifier():
        return False
    spec = importlib.util.find_spec(f"{_PACKAGE}.{ruleset_id}")
    # A folder without an __init__ (a namespace package, origin None) is no ruleset.
    return (
        spec is not None and spec.origin is not None and spec.submodule_search_locations is not None
    )


def load_ui(ruleset_id: str) -> None:
    """Import the UI package of ``ruleset_id`` of this version, if there is one, registering it."""
    if ruleset_id in _FACTORIES or not _is_package(ruleset_id):
        return
    package = importlib.import_module(f"{_PACKAGE}.{ruleset_id}")
    found_id = getattr(package, "RULESET_ID", None)
    factory = getattr(package, "make_ui", None)
    if found_id != ruleset_id or not callable(factory):
        raise TypeError(f"the ruleset UI package {ruleset_id!r} must define RULESET_ID and make_ui")
    register_ui(ruleset_id, factory)


def load_uis() -> None:
    """Import every ruleset UI package of this version, registering each."""
    for ruleset_id in _package_ids():
        load_ui(ruleset_id)


def ui_ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets that have a UI (this version's packages first), importing none."""
    ours = _package_ids()
    return (*ours, *(found for found in _FACTORIES if found not in ours))


def ruleset_ui(ruleset_id: str) -> RulesetUi:
    """The UI of the ruleset ``ruleset_id``.

    A ruleset with no UI raises :class:`RulesetUiError` with a message for the GM.
    """
    load_ui(ruleset_id)
    factory = _FACTORIES.get(ruleset_id)
    if factory is None:
        known = ", ".join(repr(found) for found in ui_ruleset_ids()) or "none"
        raise RulesetUiError(
            f"This version cannot show fights of the round system {ruleset_id!r}: it has no "
            f"panels or dialogs for it (round systems it can show: {known})."
        )
    return factory()
