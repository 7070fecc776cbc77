"""The subpackages of a package, found by name without importing them, and the factories
they define: the ruleset registry and the ruleset UI registry each hold one package per round
system, and a factory for each by its id."""

import importlib
import importlib.util
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
"""A factory a registry holds."""


@cache
def subpackages(package: str) -> tuple[str, ...]:
    """The names of ``package``'s subpackages (imports ``package`` itself, none of them)."""
    import pkgutil  # listing every subpackage is rare: a known name is looked up on its own

    path = importlib.import_module(package).__path__
    return tuple(found.name for found in pkgutil.iter_modules(path) if found.ispkg)


def has_subpackage(package: str, name: str) -> bool:
    """Whether ``package`` has a subpackage called ``name``, found without importing it."""
    if not name.isidentifier():
        return False
    spec = importlib.util.find_spec(f"{package}.{name}")
    # A folder without an __init__ (a namespace package, origin None) is no subpackage here.
    return (
        spec is not None and spec.origin is not None and spec.submodule_search_locations is not None
    )


def offer(factories: dict[str, F], key: str, factory: F, clash: str) -> None:
    """Put ``factory`` in ``factories`` under ``key``; a key is taken only once, and another
    factory for it raises ``ValueError(clash)``."""
    known = factories.get(key)
    if known is not None and known is not factory:
        raise ValueError(clash)
    factories[key] = factory


def package_factory(package: str, name: str, factory_name: str, what: str) -> Callable[..., Any]:
    """The factory ``factory_name`` the subpackage ``name`` of ``package`` defines, imported;
    ``TypeError`` when it does not define it and ``RULESET_ID``, ``name`` (``what`` names the
    package in the message: ``"ruleset UI"``)."""
    module = importlib.import_module(f"{package}.{name}")
    factory: object = getattr(module, factory_name, None)
    if getattr(module, "RULESET_ID", None) != name or not callable(factory):
        raise TypeError(f"the {what} package {name!r} must define RULESET_ID and {factory_name}")
    return factory


def registered_ids(package: str, factories: dict[str, F]) -> tuple[str, ...]:
    """The ids of ``package``'s subpackages, by name, then those of ``factories`` registered
    from elsewhere, importing none."""
    ours = subpackages(package)
    return (*ours, *(found for found in factories if found not in ours))
