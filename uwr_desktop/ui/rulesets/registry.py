"""The registry of ruleset UIs: each round system's panels and dialogs, by ruleset id.

A ruleset's UI is a package under ``uwr_desktop.ui.rulesets`` whose ``__init__`` defines
``RULESET_ID`` (a string) and ``make_ui()`` (a factory returning a :class:`RulesetUi`). Each
package is named by its ruleset's id, found by that id (:mod:`pkgutil` lists them all only when
every id is asked for) and imported on its first lookup, never when this module is imported. A
ruleset UI living elsewhere (a test's, say) joins with :func:`register_ui`.
"""

from collections.abc import Callable

from uwr_desktop.core.subpackages import (
    has_subpackage,
    offer,
    package_factory,
    registered_ids,
    subpackages,
)
from uwr_desktop.ui.rulesets.base import RulesetUi

RulesetUiFactory = Callable[[], RulesetUi]
"""Builds a ruleset's UI."""

_PACKAGE = __name__.rpartition(".")[0]
_FACTORIES: dict[str, RulesetUiFactory] = {}


class RulesetUiError(LookupError):
    """A ruleset has no UI in this version; the message is for the GM."""


def register_ui(ruleset_id: str, factory: RulesetUiFactory) -> None:
    """Offer ``factory``'s UI for the ruleset ``ruleset_id``; an id is taken only once."""
    clash = f"Two UIs are registered for the ruleset {ruleset_id!r}"
    offer(_FACTORIES, ruleset_id, factory, clash)


def load_ui(ruleset_id: str) -> None:
    """Import the UI package of ``ruleset_id`` of this version, if there is one, registering it."""
    if ruleset_id not in _FACTORIES and has_subpackage(_PACKAGE, ruleset_id):
        register_ui(ruleset_id, package_factory(_PACKAGE, ruleset_id, "make_ui", "ruleset UI"))


def load_uis() -> None:
    """Import every ruleset UI package of this version, registering each."""
    for ruleset_id in subpackages(_PACKAGE):
        load_ui(ruleset_id)


def ui_ruleset_ids() -> tuple[str, ...]:
    """The ids of the rulesets that have a UI (this version's packages first), importing none."""
    return registered_ids(_PACKAGE, _FACTORIES)


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
