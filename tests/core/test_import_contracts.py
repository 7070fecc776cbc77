"""The import-linter contracts in pyproject.toml cover every round system and generic module.

A new ruleset package (``core/rulesets/<id>/`` or ``ui/rulesets/<id>/``) or a new generic UI
module fails here until the "no round system" contracts name it, so that the seam between the
generic code and the round systems is kept without anyone remembering to extend the contracts.
"""

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "uwr_desktop"
RULESET_DIRS = (PACKAGE / "core" / "rulesets", PACKAGE / "ui" / "rulesets")
WIDGETS_CONTRACT = "Generic widgets import no round system"


def _contracts() -> list[dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["importlinter"]["contracts"]


def _generic_contracts() -> list[dict]:
    return [c for c in _contracts() if "no round system" in c["name"]]


def _dotted(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def ruleset_packages() -> list[str]:
    """Every ruleset package of the core and of the UI, as dotted module names."""
    return sorted(
        _dotted(child)
        for folder in RULESET_DIRS
        for child in folder.iterdir()
        if child.is_dir() and (child / "__init__.py").is_file()
    )


def generic_ui_modules() -> list[str]:
    """The UI modules and packages outside any ruleset's package (package ``__init__`` files
    aside; a package of the UI other than ``rulesets`` counts as one)."""
    found = [*(PACKAGE / "ui").glob("*.py"), *(PACKAGE / "ui" / "rulesets").glob("*.py")]
    modules = [_dotted(path) for path in found if path.name != "__init__.py"]
    packages = [
        _dotted(child)
        for child in (PACKAGE / "ui").iterdir()
        if child.is_dir() and (child / "__init__.py").is_file() and child.name != "rulesets"
    ]
    return sorted([*modules, *packages])


def test_both_layers_have_a_generic_contract():
    names = [c["name"] for c in _generic_contracts()]
    assert any(name.startswith("The generic engine") for name in names)
    assert any(name.startswith(WIDGETS_CONTRACT) for name in names)
    assert all(c["type"] == "forbidden" for c in _generic_contracts())


def test_the_rulesets_found_include_uwr_in_both_layers():
    found = ruleset_packages()
    assert "uwr_desktop.core.rulesets.uwr" in found
    assert "uwr_desktop.ui.rulesets.uwr" in found


@pytest.mark.parametrize("package", ruleset_packages())
def test_every_ruleset_package_is_forbidden_to_generic_code(package):
    for contract in _generic_contracts():
        assert package in contract["forbidden_modules"], (
            f"{package} is a round system: add it to the forbidden modules of "
            f"“{contract['name']}” in pyproject.toml"
        )


def test_every_generic_ui_module_is_held_by_the_widgets_contract():
    (contract,) = [c for c in _generic_contracts() if c["name"].startswith(WIDGETS_CONTRACT)]
    missing = sorted(set(generic_ui_modules()) - set(contract["source_modules"]))
    assert not missing, f"add {missing} to the source modules of “{contract['name']}”"
    assert "uwr_desktop.ui.window" in contract["source_modules"]


ENGINE_CONTRACT = "The generic engine imports no round system"


def generic_core_modules() -> list[str]:
    """The core modules outside any ruleset's package (``storage`` counts as one package)."""
    found = [*(PACKAGE / "core").glob("*.py"), *(PACKAGE / "core" / "rulesets").glob("*.py")]
    modules = [_dotted(path) for path in found if path.name != "__init__.py"]
    return sorted([*modules, "uwr_desktop.core.storage"])


def test_every_generic_core_module_is_held_by_the_engine_contract():
    (contract,) = [c for c in _generic_contracts() if c["name"].startswith(ENGINE_CONTRACT)]
    missing = sorted(set(generic_core_modules()) - set(contract["source_modules"]))
    assert not missing, f"add {missing} to the source modules of “{contract['name']}”"
    assert "uwr_desktop.core.rulesets.common" in contract["source_modules"]
