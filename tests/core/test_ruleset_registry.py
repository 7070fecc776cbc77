"""The ruleset registry: packages found on first use, rulesets from elsewhere registered."""

import subprocess
import sys
from collections.abc import Mapping
from typing import Any

import pytest

from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets import Ruleset, make_ruleset, register, registry, ruleset_ids


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.strip()


def test_importing_the_rulesets_package_loads_no_ruleset():
    loaded = _run(
        "import sys, uwr_desktop.core.rulesets, uwr_desktop.core.events\n"
        "print(sorted(m for m in sys.modules if m.startswith('uwr_desktop.core.rulesets.uwr')))"
    )
    assert loaded == "[]"


def test_a_journal_entry_with_ruleset_events_decodes_without_naming_the_ruleset():
    decoded = _run(
        "from uwr_desktop.core.journal import decode_entry\n"
        'entry = decode_entry(b\'{"label": "Round 1", "events": '
        '[{"type": "RoundStarted", "round": 1, "uses": []}]}\')\n'
        "print(entry.label, type(entry.events[0]).__module__)"
    )
    assert decoded == "Round 1 uwr_desktop.core.rulesets.uwr.events"


def test_the_uwr_package_is_found_by_its_id():
    assert "uwr" in ruleset_ids()
    assert make_ruleset("uwr").id == "uwr"


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))


def test_a_ruleset_from_elsewhere_is_built_by_id_with_its_settings(own_registry):
    seen: list[Mapping[str, Any] | None] = []

    def factory(settings: Mapping[str, Any] | None) -> Ruleset:
        seen.append(settings)
        return make_ruleset("uwr", settings)

    register("elsewhere", factory)
    assert "elsewhere" in ruleset_ids()
    assert make_ruleset("elsewhere", {"lowest_threshold": 4}).settings.lowest_threshold == 4
    assert seen == [{"lowest_threshold": 4}]


def test_an_id_is_taken_once_and_unknown_ids_are_refused(own_registry):
    def factory(settings: Mapping[str, Any] | None) -> Ruleset:
        return make_ruleset("uwr", settings)

    with pytest.raises(ValueError, match="'uwr'"):
        register("uwr", factory)
    with pytest.raises(RulesError, match=r"Unknown ruleset 'nope'; known: (.*, )?uwr\b"):
        make_ruleset("nope")


@pytest.mark.parametrize(
    "name", ["base", "common", "__init__", "__pycache__", "uwr.sheet", "../uwr"]
)
def test_a_module_or_folder_of_the_rulesets_package_is_no_ruleset(name: str):
    with pytest.raises(RulesError, match="Unknown ruleset"):
        make_ruleset(name)


def test_a_fight_loads_only_its_own_round_system():
    script = (
        "import sys\n"
        "from uwr_desktop.core.resource_files import resource_path\n"
        "from uwr_desktop.core.storage.encounter_file import read_encounter\n"
        "from uwr_desktop.core.rulesets import ruleset_ids\n"
        "read_encounter(resource_path('samples', 'sample-fight.uwr')).session()\n"
        "assert len(ruleset_ids()) >= 4, ruleset_ids()\n"
        "loaded = {name.split('.')[3] for name in sys.modules\n"
        "          if name.startswith('uwr_desktop.core.rulesets.') and name.count('.') >= 4}\n"
        "print(sorted(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split() == ["['uwr']"]


def test_a_sheet_type_that_leaves_out_what_every_sheet_answers_is_refused():
    import msgspec

    from uwr_desktop.core.encounter import Sheet, register_sheet

    class Halfway(msgspec.Struct, Sheet, frozen=True, tag_field="ruleset", tag="halfway"):
        hp: int = 1

        @property
        def down(self) -> bool:
            return self.hp == 0

    with pytest.raises(
        TypeError, match="Halfway must define damaged, healed, as_copy, as_template"
    ):
        register_sheet(Halfway)
