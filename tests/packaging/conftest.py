"""Make the packaging scripts importable the way they import each other (``from project ...``)."""

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PACKAGING_DIR = Path(__file__).resolve().parents[2] / "packaging"
if str(PACKAGING_DIR) not in sys.path:
    sys.path.append(str(PACKAGING_DIR))


@pytest.fixture
def build_script() -> ModuleType:
    """``packaging/build.py``, imported by name at run time: a ``build/`` output folder in the
    checkout would otherwise make linters take the name for a first-party package."""
    return importlib.import_module("build")
