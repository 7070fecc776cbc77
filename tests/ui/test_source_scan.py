"""PySide6 is told which modules use it, so start-up does not read their source files."""

import linecache
import sys
from pathlib import Path

import pytest

from uwr_desktop.ui.source_scan import (
    NOT_USING_PYSIDE,
    USES_PYSIDE_NO_FEATURE,
    feature_table,
    package_modules,
    spare_source_scan,
)

MODULE_TEXT = "from PySide6.QtCore import QObject\n\nVALUE = QObject\n"


def _import(name: str):
    # An import statement, as the app's modules do: PySide6 watches ``__import__``, which
    # ``importlib.import_module`` does not go through.
    return __import__(name, fromlist=["VALUE"])


def _package(root: Path, name: str) -> Path:
    folder = root / name
    (folder / "inner").mkdir(parents=True)
    (folder / "__pycache__").mkdir()
    (folder / "data").mkdir()
    (folder / "__init__.py").write_text("", encoding="utf-8")
    (folder / "window.py").write_text(MODULE_TEXT, encoding="utf-8")
    (folder / "notes.txt").write_text("not a module", encoding="utf-8")
    (folder / "inner" / "__init__.py").write_text("", encoding="utf-8")
    (folder / "inner" / "panel.py").write_text(MODULE_TEXT, encoding="utf-8")
    (folder / "data" / "table.py").write_text("", encoding="utf-8")  # no package: no module
    return folder


@pytest.fixture
def packages(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [name for name in sys.modules if name.startswith(("spared", "unspared"))]:
        del sys.modules[name]


def test_the_package_s_modules_and_subpackages_are_named(tmp_path):
    folder = _package(tmp_path, "pkg")

    assert sorted(package_modules(folder, "pkg")) == [
        "pkg",
        "pkg.inner",
        "pkg.inner.panel",
        "pkg.window",
    ]


def test_a_frozen_package_is_named_from_its_compiled_files(tmp_path):
    folder = tmp_path / "frozen"
    (folder / "inner").mkdir(parents=True)
    for name in ("__init__.pyc", "window.pyc", "inner/__init__.pyc", "inner/panel.pyc"):
        (folder / name).write_bytes(b"")
    assert sorted(package_modules(folder, "frozen")) == [
        "frozen",
        "frozen.inner",
        "frozen.inner.panel",
        "frozen.window",
    ]


def test_a_package_without_files_on_disk_is_named_alone(tmp_path):
    assert list(package_modules(tmp_path / "frozen", "frozen")) == ["frozen"]


def test_this_pyside6_keeps_the_table_the_start_up_fills():
    table = feature_table()

    assert table is not None
    assert table["uwr_desktop.ui.window.main_window"] == USES_PYSIDE_NO_FEATURE


def test_a_module_pyside6_was_told_about_is_imported_without_reading_its_source(packages):
    folder = _package(packages, "spared")
    spare_source_scan(folder, "spared")

    module = _import("spared.inner.panel")

    assert module.__file__ not in linecache.cache
    assert feature_table()["spared.inner.panel"] == USES_PYSIDE_NO_FEATURE


def test_a_module_pyside6_was_not_told_about_is_read_on_import(packages):
    _package(packages, "unspared")

    module = _import("unspared.inner.panel")

    assert module.__file__ in linecache.cache


def test_answers_pyside6_already_has_are_kept(packages):
    folder = _package(packages, "spared")
    table = feature_table()
    table["spared.window"] = NOT_USING_PYSIDE

    spare_source_scan(folder, "spared")

    assert table["spared.window"] == NOT_USING_PYSIDE
    assert table["spared.inner"] == USES_PYSIDE_NO_FEATURE
    del table["spared.window"]
