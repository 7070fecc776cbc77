"""Locate the files shipped in ``resources/`` (rule tables, icons, sample fights)."""

from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent.parent / "resources"
_SOURCE_TREE = Path(__file__).resolve().parent.parent.parent / "resources"


def resource_root() -> Path:
    """Return the folder holding the shipped resources.

    An installed wheel or frozen app carries them inside the package; a source checkout keeps
    them at the top of the repository.
    """
    return _PACKAGED if _PACKAGED.is_dir() else _SOURCE_TREE


def resource_path(*parts: str) -> Path:
    """Return the path of one shipped resource: ``resource_path("rules", "upr_types.json")``."""
    return resource_root().joinpath(*parts)
