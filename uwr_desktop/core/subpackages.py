"""The subpackages of a package, found by name without importing them: the ruleset registry
and the ruleset UI registry each hold one package per round system."""

import importlib
import importlib.util
from functools import cache


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
