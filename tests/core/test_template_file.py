"""Library templates written to a file and read back; malformed files refused in plain words."""

import json
from fractions import Fraction

import pytest
from uwr_sheets import uwr_combatant

from uwr_desktop.core.encounter import Condition, DiceBy
from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_FILE_BYTES,
    MAX_JSON_DEPTH,
    MAX_NAME_LENGTH,
    MAX_SKILLS,
    MAX_WEAPONS,
)
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, Weapon
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary, as_template
from uwr_desktop.core.storage.template_file import (
    TemplateFileError,
    decode_templates,
    encode_templates,
    import_templates,
    read_template_file,
    write_template_file,
)
from uwr_desktop.core.upgrade import UNNAMED


def bandit(name="Bandit", **changes):
    fields = {
        "id": "b-1",
        "name": name,
        "side": Side.ENEMY,
        "attributes": Attributes(brawn=Fraction(7, 2), grace=Fraction(3)),
        "skills": (Skill("Swords", rank=2, rerolls=1),),
        "weapons": (Weapon(name="Sabre", upr_type="Quick"),),
    }
    return uwr_combatant(**{**fields, **changes})


def at_the_limits():
    """A combatant as large as a template may be: every list full, every name longest."""
    long = "N" * MAX_NAME_LENGTH
    return bandit(
        name=long,
        skills=tuple(Skill(f"S{i}".ljust(MAX_NAME_LENGTH, "s"), 20, 10) for i in range(MAX_SKILLS)),
        weapons=tuple(
            Weapon(name=f"W{i}".ljust(MAX_NAME_LENGTH, "w"), upr_type="Quick")
            for i in range(MAX_WEAPONS)
        ),
        notes="x" * 1000,
    )


@pytest.fixture
def library(tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as opened:
        yield opened


def _file(templates, *, ruleset="uwr", fmt="uwr-desktop-templates", version=1):
    return json.dumps(
        {"format": fmt, "version": version, "ruleset": ruleset, "templates": templates}
    ).encode()


def _entry(name="Bandit", combatant=None):
    data = json.loads(encode_templates("uwr", [(name, combatant or bandit())]))
    return data["templates"][0]


def test_a_file_says_it_is_version_2_and_a_version_1_file_still_reads():
    written = json.loads(encode_templates("uwr", [("Bandit", bandit())]))
    assert written["version"] == 2
    assert written["templates"][0]["combatant"]["dice_by"] == "side"
    older = dict(written["templates"][0]["combatant"])
    del older["dice_by"]
    read = decode_templates(_file([{"name": "Bandit", "combatant": older}], version=1))
    assert read.templates[0][1].dice_by is DiceBy.SIDE


def test_exported_templates_import_back_equal(library, tmp_path):
    hurt = bandit(conditions=(Condition("Blinded", rounds=2),))
    saved = [
        library.save("uwr", hurt),
        library.save("uwr", at_the_limits()),
        library.save("uwr", bandit("Vex", side=Side.PLAYER)),
    ]
    path = tmp_path / "bandits.uwrlib"
    assert write_template_file(path, "uwr", saved) == 3
    loaded = read_template_file(path)
    assert loaded.ruleset == "uwr"
    assert [name for name, _ in loaded.templates] == [t.name for t in saved]
    assert [c for _, c in loaded.templates] == [t.combatant() for t in saved]
    assert loaded.templates[0][1] == as_template(hurt), "a template is a fresh sheet"


def test_import_adds_the_templates_and_numbers_names_already_taken(library, tmp_path):
    library.save("uwr", bandit())
    path = tmp_path / "more.uwrlib"
    path.write_bytes(encode_templates("uwr", [("Bandit", bandit()), ("Ogre", bandit("Ogre"))]))
    added = import_templates(library, read_template_file(path))
    assert [t.name for t in added] == ["Bandit 2", "Ogre"]
    assert sorted(t.name for t in library.search("uwr")) == ["Bandit", "Bandit 2", "Ogre"]
    assert added[1].combatant().sheet.weapons == bandit().sheet.weapons


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\x00\x01 not json", "not JSON"),
        (b'{"format": "uwr-desktop-templates"}', "not a template file"),
        (_file([], fmt="something-else"), "not a UWR Desktop template file"),
        (_file([], version=99), "newer UWR Desktop"),
        (_file([], ruleset="chess"), "round system 'chess'"),
        (_file([{"name": "", "combatant": {}}]), "template 1 has no name"),
        (_file([_entry(name="B" * (MAX_NAME_LENGTH + 1))]), f"longer than {MAX_NAME_LENGTH}"),
        (
            _file([{**_entry(), "combatant": {**_entry()["combatant"], "name": 5}}]),
            "the template 'Bandit' cannot be read",
        ),
        (_file([_entry()] * (MAX_COMBATANTS + 1)), f"at most {MAX_COMBATANTS}"),
        (b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1), "nests more than"),
    ],
    ids=[
        "not-json",
        "fields-missing",
        "other-format",
        "newer",
        "unknown-system",
        "no-name",
        "long-name",
        "bad-field",
        "too-many",
        "too-deep",
    ],
)
def test_a_malformed_file_is_refused_saying_why(data, words):
    with pytest.raises(TemplateFileError) as refused:
        decode_templates(data, name="bad.uwrlib")
    assert words in str(refused.value)
    assert "bad.uwrlib" in str(refused.value)


def test_a_value_beyond_the_limits_is_refused(library):
    entry = _entry()
    entry["combatant"]["sheet"]["vitality"] = 10**9
    with pytest.raises(TemplateFileError, match="cannot be read"):
        decode_templates(_file([entry]))


def test_a_combatant_of_another_round_system_is_refused():
    entry = _entry()
    entry["combatant"]["sheet"] = {"ruleset": "tactical"}
    with pytest.raises(TemplateFileError):
        decode_templates(_file([entry]))


def test_a_folder_or_huge_file_is_refused_before_reading(tmp_path):
    with pytest.raises(TemplateFileError, match="not a file"):
        read_template_file(tmp_path)
    huge = tmp_path / "huge.uwrlib"
    with huge.open("wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(TemplateFileError, match="too large"):
        read_template_file(huge)


def test_a_file_written_before_names_were_one_line_reads_with_them_on_one():
    data = encode_templates("uwr", [("Chief", bandit("Bandit\n\u202eChief\t", alias="\x07"))])
    document = json.loads(data)
    document["templates"][0]["name"] = "Chief\n\u2067"
    ((name, combatant),) = decode_templates(json.dumps(document).encode()).templates
    assert (name, combatant.name, combatant.alias) == ("Chief", "Bandit Chief", UNNAMED)
