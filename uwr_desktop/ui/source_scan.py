"""Spare PySide6's source reads at start-up.

Once ``PySide6.QtCore`` is imported, PySide6 looks at every ``import`` statement that follows
and, for each module it has not seen yet, reads the module's whole source file to find out
whether it mentions PySide6 (a module that does may turn on a ``__feature__`` such as
``snake_case``). It keeps the answers in a table, ``shibokensupport.feature.pyside_feature_dict``:
0 for a module that uses PySide6 with no feature, -1 for one that does not use it. A module
imported before Qt is read the first time another module imports it again, ``typing`` and
``pathlib`` included, so start-up read some hundred source files for nothing.

:func:`spare_source_scan` writes the answers it already knows into that table: the app's own
window modules use PySide6 and no feature (0); the modules loaded before Qt are left to no
feature either (-1). The app never turns a feature on, so no answer changes what runs. If a
PySide6 release drops the table, nothing is written and PySide6 reads the files as before.
"""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import PySide6.QtCore  # noqa: F401 (installs the import hook and its table)

_FEATURE_MODULE = "shibokensupport.feature"
_TABLE_NAME = "pyside_feature_dict"
USES_PYSIDE_NO_FEATURE = 0
"""PySide6's answer for a module that uses it with no feature selected."""
NOT_USING_PYSIDE = -1
"""PySide6's answer for a module that does not use it."""


_MODULE_FILES = (".py", ".pyc")
"""A module's file: its source, or in the frozen app its compiled code alone."""


def package_modules(folder: Path, package: str) -> Iterator[str]:
    """The dotted names of ``package`` (in ``folder``) and of every module and package in it,
    from their source files or, in the frozen app, their compiled ones; only ``package`` where
    neither is on disk."""
    yield package
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        stem, suffix = os.path.splitext(entry.name)
        if suffix in _MODULE_FILES and stem != "__init__" and entry.is_file():
            yield f"{package}.{stem}"
        elif entry.is_dir() and any(
            os.path.isfile(os.path.join(entry.path, f"__init__{kind}")) for kind in _MODULE_FILES
        ):
            yield from package_modules(Path(entry.path), f"{package}.{entry.name}")


def feature_table() -> dict[str, int] | None:
    """PySide6's table of modules it has looked at, or ``None`` when this release has none."""
    table = getattr(sys.modules.get(_FEATURE_MODULE), _TABLE_NAME, None)
    return table if isinstance(table, dict) else None


def spare_source_scan(folder: Path, package: str) -> None:
    """Tell PySide6 what it would read: ``package`` (in ``folder``) uses it, the modules already
    loaded do not. Answers it already has are kept."""
    table = feature_table()
    if table is None:
        return
    for name in list(sys.modules):
        table.setdefault(name, NOT_USING_PYSIDE)
    for name in package_modules(folder, package):
        table.setdefault(name, USES_PYSIDE_NO_FEATURE)
