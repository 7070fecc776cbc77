import sqlite3
from contextlib import closing
from fractions import Fraction
from itertools import count

import pytest
from uwr_sheets import uwr_combatant

from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.events import ENCODER
from uwr_desktop.core.naming import numbered_names
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Initiative, Skill, Weapon
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.library import (
    CombatantLibrary,
    LibraryError,
    as_template,
    copies,
    party_copies,
)
from uwr_desktop.core.upgrade import UNNAMED


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def library(db_path):
    with CombatantLibrary(db_path) as opened:
        yield opened


def bandit(name="Bandit", **changes):
    sheet = {
        "id": "b-1",
        "name": name,
        "side": Side.ENEMY,
        "attributes": Attributes(brawn=Fraction(7, 2), grace=Fraction(3)),
        "skills": (Skill("Swords", rank=2, rerolls=1),),
        "weapons": (Weapon(name="Sabre", upr_type="Quick"),),
    }
    return uwr_combatant(**{**sheet, **changes})


def names(templates):
    return [template.name for template in templates]


def test_saved_template_comes_back_after_reopening(library, db_path):
    saved = library.save("uwr", bandit())
    with CombatantLibrary(db_path) as again:
        (found,) = again.search("uwr", "bandit")
    assert found == saved
    restored = found.combatant()
    assert restored.sheet.attributes.brawn == Fraction(7, 2)
    assert restored.sheet.skills == (Skill("Swords", rank=2, rerolls=1),)
    assert restored.sheet.weapons[0].upr_type == "Quick"


def test_saved_template_is_a_fresh_sheet(library):
    hurt = bandit(
        vitality=2,
        stamina=0,
        conditions=(Condition("Bleeding", rounds=2),),
        initiative=Initiative(faces=(6, 5)),
        weapons=(
            Weapon(
                name="Pistol",
                upr_type="Slow",
                type_override="Swift",
                prepared=False,
                upr=Fraction(1, 2),
                preparing_left=1,
            ),
        ),
    )
    fresh = library.save("uwr", hurt).combatant()
    assert fresh.sheet.vitality == fresh.sheet.vitality_max
    assert fresh.sheet.stamina == fresh.sheet.stamina_max
    assert fresh.conditions == ()
    assert fresh.sheet.initiative is None
    (pistol,) = fresh.sheet.weapons
    assert pistol.prepared
    assert pistol.type_override is None
    assert pistol.upr is None
    assert pistol.preparing_left == 0
    assert fresh == as_template(hurt)


def test_search_is_case_insensitive_substring_with_prefix_matches_first(library):
    for name in ["Hornet", "Bandit Chief", "Mantis Warrior", "bandit", "Crawlid Bandit"]:
        library.save("uwr", bandit(name))
    assert names(library.search("uwr", "BANDIT")) == ["bandit", "Bandit Chief", "Crawlid Bandit"]
    assert names(library.search("uwr", "")) == [
        "bandit",
        "Bandit Chief",
        "Crawlid Bandit",
        "Hornet",
        "Mantis Warrior",
    ]
    assert library.search("uwr", "zote") == []


def test_templates_belong_to_their_ruleset(library):
    library.save("uwr", bandit())
    library.save("rollkeep", bandit())
    assert len(library.search("uwr", "bandit")) == 1
    assert library.search("hands", "bandit") == []


def test_name_used_twice_in_a_ruleset_is_refused(library):
    library.save("uwr", bandit("Bandit"))
    with pytest.raises(LibraryError, match="already has a template named 'bandit'"):
        library.save("uwr", bandit("bandit"))
    with pytest.raises(LibraryError, match="needs a name"):
        library.save("uwr", bandit(), name="   ")
    assert names(library.search("uwr")) == ["Bandit"]


def test_rename_changes_the_name_and_refuses_clashes(library, db_path):
    first = library.save("uwr", bandit("Bandit"))
    library.save("uwr", bandit("Hornet"))
    renamed = library.rename(first.template_id, "  Bandit   Captain ")
    assert renamed.name == "Bandit Captain"
    with pytest.raises(LibraryError, match="already has a template named 'hornet'"):
        library.rename(first.template_id, "hornet")
    library.rename(first.template_id, "BANDIT CAPTAIN")
    with CombatantLibrary(db_path) as again:
        assert names(again.search("uwr")) == ["BANDIT CAPTAIN", "Hornet"]


def test_replace_keeps_the_name_and_stores_the_new_sheet(library):
    saved = library.save("uwr", bandit())
    library.replace(saved.template_id, bandit("Other name", vitality_max=14, vitality=14))
    stored = library.get(saved.template_id)
    assert stored.name == "Bandit"
    assert stored.combatant().sheet.vitality_max == 14


def test_delete_removes_the_template(library):
    saved = library.save("uwr", bandit())
    library.delete(saved.template_id)
    assert library.search("uwr") == []
    with pytest.raises(LibraryError, match=f"no template {saved.template_id}"):
        library.delete(saved.template_id)
    with pytest.raises(LibraryError, match=f"no template {saved.template_id}"):
        library.get(saved.template_id)


@pytest.mark.parametrize(
    ("base", "wanted", "existing", "expected"),
    [
        ("Bandit", 3, [], ["Bandit 1", "Bandit 2", "Bandit 3"]),
        ("Bandit", 2, ["Bandit 1", "Bandit 2", "Hornet"], ["Bandit 3", "Bandit 4"]),
        ("Bandit", 1, [], ["Bandit"]),
        ("Bandit", 1, ["Bandit"], ["Bandit 2"]),
        ("Bandit", 2, ["bandit  7"], ["Bandit 8", "Bandit 9"]),
        ("Bandit", 1, ["Bandit Chief 4", "Bandit 1x"], ["Bandit"]),
        ("Bandit 4", 2, ["Bandit 4"], ["Bandit 5", "Bandit 6"]),
        ("Hornet", 1, ["Bandit 1"], ["Hornet"]),
        ("Orc War\u00adchief", 1, ["orc warchief"], ["Orc War\u00adchief 2"]),
        ("Orc", 2, ["\ufeffOrc 3", "Orc\u200b 4"], ["Orc 5", "Orc 6"]),
    ],
)
def test_numbered_names(base, wanted, existing, expected):
    assert numbered_names(base, wanted, existing) == expected


@pytest.mark.parametrize("wanted", [0, -1, 501])
def test_unreasonable_number_of_copies_is_refused(wanted):
    with pytest.raises(ValueError, match=f"Cannot make {wanted} copies"):
        numbered_names("Bandit", wanted, [])


def test_copies_continue_the_numbering_with_fresh_ids(library):
    template = library.save("uwr", bandit())
    ids = (f"id-{number}" for number in count())
    made = copies(template, 3, ["Bandit 1", "Bandit 2"], new_id=lambda: next(ids))
    assert [c.name for c in made] == ["Bandit 3", "Bandit 4", "Bandit 5"]
    assert [c.id for c in made] == ["id-0", "id-1", "id-2"]
    assert all(c.sheet.attributes.brawn == Fraction(7, 2) for c in made)


def test_copies_get_unique_ids_by_default(library):
    template = library.save("uwr", bandit())
    made = copies(template, 20, [])
    assert len({c.id for c in made}) == 20


def test_default_party_carries_over_between_sessions(library, db_path):
    hornet = library.save("uwr", bandit("Hornet", side=Side.PLAYER))
    quirrel = library.save("uwr", bandit("Quirrel", side=Side.PLAYER))
    library.save("uwr", bandit("Bandit"))
    library.set_default_party("uwr", [quirrel.template_id, hornet.template_id])
    with CombatantLibrary(db_path) as again:
        party = again.default_party("uwr")
        assert names(party) == ["Quirrel", "Hornet"]
        assert again.default_party("rollkeep") == []
        again.delete(quirrel.template_id)
        assert names(again.default_party("uwr")) == ["Hornet"]
        again.set_default_party("uwr", [])
        assert again.default_party("uwr") == []


def test_default_party_refuses_other_rulesets_and_duplicates(library):
    hornet = library.save("uwr", bandit("Hornet"))
    other = library.save("rollkeep", bandit("Kakita"))
    with pytest.raises(LibraryError, match="belongs to the rollkeep ruleset"):
        library.set_default_party("uwr", [hornet.template_id, other.template_id])
    with pytest.raises(LibraryError, match="only once"):
        library.set_default_party("uwr", [hornet.template_id, hornet.template_id])
    with pytest.raises(LibraryError, match="no template 999"):
        library.set_default_party("uwr", [999])
    assert library.default_party("uwr") == []


def test_library_and_journal_share_one_file(db_path, library):
    library.save("uwr", bandit())
    with JournalStore(db_path) as store:
        store.start_encounter(ruleset="uwr", settings={}, roster=(), title="Fight")
    assert names(library.search("uwr")) == ["Bandit"]
    with sqlite3.connect(db_path) as raw:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert {"library_templates", "library_party", "journal_encounters"} <= tables


def test_damaged_template_data_is_explained(library, db_path):
    saved = library.save("uwr", bandit())
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE library_templates SET data = '{\"id\": 3}'")
    with pytest.raises(LibraryError, match="template 'Bandit' is damaged"):
        library.get(saved.template_id).combatant()
    with pytest.raises(LibraryError, match="template 'Bandit' is damaged"):
        copies(library.get(saved.template_id), 2, [])


# ---- saved parties ----------------------------------------------------------------------------


def test_a_saved_party_comes_back_after_reopening_as_fresh_sheets(library, db_path):
    hurt = bandit("Vex", id="vex", side=Side.PLAYER, conditions=(Condition("Blinded"),))
    kit = bandit("Kit", id="kit", side=Side.PLAYER)
    library.save_party("uwr", "  The   Heroes ", [hurt, kit])
    with CombatantLibrary(db_path) as again:
        (party,) = again.parties("uwr")
        assert again.parties("rollkeep") == []
    assert party.name == "The Heroes"
    assert party.members() == [as_template(hurt), as_template(kit)]
    ids = count()
    joined = party_copies(party, ["vex 1", "Vex"], new_id=lambda: f"new-{next(ids)}")
    assert [c.name for c in joined] == ["Vex 2", "Kit"]
    assert [c.id for c in joined] == ["new-0", "new-1"]


def test_a_party_name_is_unique_unless_replaced(library):
    library.save_party("uwr", "Heroes", [bandit("Vex")])
    with pytest.raises(LibraryError, match="already has a party named 'heroes'"):
        library.save_party("uwr", "heroes", [bandit("Kit")])
    library.save_party("uwr", "heroes", [bandit("Kit")], replace=True)
    (party,) = library.parties("uwr")
    assert [m.name for m in party.members()] == ["Kit"]
    library.save_party("rollkeep", "Heroes", [bandit("Vex")])
    assert len(library.parties("rollkeep")) == 1


def test_a_party_needs_a_name_and_members_and_can_be_deleted(library):
    with pytest.raises(LibraryError, match="needs a name"):
        library.save_party("uwr", "  ", [bandit()])
    with pytest.raises(LibraryError, match="1 to"):
        library.save_party("uwr", "Nobody", [])
    party = library.save_party("uwr", "Heroes", [bandit()])
    library.delete_party(party.party_id)
    assert library.parties("uwr") == []
    with pytest.raises(LibraryError, match="no party"):
        library.delete_party(party.party_id)


# ---- names on one line ------------------------------------------------------------------------

TWO_LINES = "Bandit\n\u202eChief\t"
"""A name as an earlier version could store it: a line break, an override and a tab."""


def test_a_template_name_pasted_on_two_lines_is_saved_on_one(library):
    saved = library.save("uwr", bandit(), name=" Sea\n\tWolf\u2066 ")
    assert saved.name == "Sea Wolf"
    renamed = library.rename(saved.template_id, "Sea\x00\r\nDog")
    assert renamed.name == "Sea Dog"
    with pytest.raises(LibraryError, match="needs a name"):
        library.rename(saved.template_id, "\u202e\t")
    assert library.get(saved.template_id).name == "Sea Dog"


def test_a_template_stored_before_names_were_one_line_reads_and_copies_on_one(library, db_path):
    saved = library.save("uwr", bandit(TWO_LINES), name="Bandit Chief")
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE library_templates SET name = ?", (TWO_LINES,))
    (found,) = library.search("uwr", "bandit")
    assert found.name == "Bandit Chief"
    assert found.combatant().name == "Bandit Chief"
    made = copies(library.get(saved.template_id), 2, [])
    assert [combatant.name for combatant in made] == ["Bandit Chief 1", "Bandit Chief 2"]


def test_a_template_name_with_nothing_visible_reads_as_unnamed(library, db_path):
    library.save("uwr", bandit("Ghost"))
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE library_templates SET name = ?", ("\u202e",))
    assert names(library.search("uwr")) == [UNNAMED]


def test_a_party_stored_before_names_were_one_line_joins_with_them_on_one(library):
    masked = bandit("Kit\n", id="kit", alias="The\u202e Fox")
    library.save_party("uwr", "Heroes\t\x00", [bandit(TWO_LINES, id="vex"), masked])
    (party,) = library.parties("uwr")
    assert party.name == "Heroes"
    members = [(member.name, member.alias) for member in party.members()]
    assert members == [("Bandit Chief", ""), ("Kit", "The Fox")]
    assert [c.name for c in party_copies(party, ["Kit"])] == ["Bandit Chief", "Kit 2"]


# ---- names an earlier version keyed -----------------------------------------------------------


def stored_earlier(db_path, table, rows):
    """Add ``rows`` (ruleset, name, data) to ``table`` as an earlier version stored them: the name
    as it was typed, keyed only trimmed and regardless of case. Returns their ids."""
    CombatantLibrary(db_path).close()
    with closing(sqlite3.connect(db_path)) as raw, raw:
        return [
            raw.execute(
                f"""INSERT INTO {table} (ruleset, name, name_key, data, created, updated)
                    VALUES (?, ?, ?, ?, 0, 0)""",
                (ruleset, name, name.strip().casefold(), data),
            ).lastrowid
            for ruleset, name, data in rows
        ]


def earlier_templates(db_path, *named):
    """Templates of ``uwr`` stored by an earlier version under ``named``, each its own combatant
    (its id the name's place)."""
    rows = [
        ("uwr", name, ENCODER.encode(as_template(bandit(id=f"b-{place}"))).decode())
        for place, name in enumerate(named)
    ]
    return stored_earlier(db_path, "library_templates", rows)


def test_a_name_an_earlier_version_kept_with_controls_is_taken(db_path):
    earlier_templates(db_path, "Go\u202eblin", "Sea\tWolf", "Ogre\x07 ")
    with CombatantLibrary(db_path) as library:
        with pytest.raises(LibraryError, match="already has a template named 'Goblin'"):
            library.save("uwr", bandit("Goblin"))
        hornet = library.save("uwr", bandit("Hornet"))
        with pytest.raises(LibraryError, match="already has a template named 'sea wolf'"):
            library.rename(hornet.template_id, "sea wolf")
        assert library.seed("uwr", [bandit("OGRE")]) == []
        assert names(library.search("uwr", "sea wolf")) == ["Sea Wolf"]
        assert names(library.search("uwr")) == ["Goblin", "Hornet", "Ogre", "Sea Wolf"]


def test_names_an_earlier_version_kept_apart_are_numbered_and_all_kept(db_path):
    ids = earlier_templates(db_path, "Bandit\u202e", "bandit", "Bandit\x1b", "Bandit 2")
    stored_earlier(db_path, "library_templates", [("rollkeep", "Bandit", "{}")])
    with closing(sqlite3.connect(db_path)) as raw, raw:
        raw.execute(
            "INSERT INTO library_party (ruleset, position, template_id) VALUES ('uwr', 0, ?)",
            (ids[2],),
        )
    with CombatantLibrary(db_path) as library:
        found = library.search("uwr")
        assert [(t.name, t.combatant().id) for t in found] == [
            ("Bandit", "b-0"),
            ("Bandit 2", "b-3"),
            ("bandit 3", "b-1"),
            ("Bandit 4", "b-2"),
        ]
        assert names(library.default_party("uwr")) == ["Bandit 4"]
        assert names(library.search("rollkeep")) == ["Bandit"]
        with pytest.raises(LibraryError, match="already has a template named 'BANDIT 3'"):
            library.save("uwr", bandit("BANDIT 3"))


def test_party_names_an_earlier_version_kept_are_taken_and_numbered(db_path):
    members = ENCODER.encode([as_template(bandit("Vex"))]).decode()
    named = ["Heroes\u202e", "heroes", "The\u2066 Crew"]
    stored_earlier(db_path, "library_parties", [("uwr", name, members) for name in named])
    with CombatantLibrary(db_path) as library:
        assert [party.name for party in library.parties("uwr")] == [
            "Heroes",
            "heroes 2",
            "The Crew",
        ]
        with pytest.raises(LibraryError, match="already has a party named 'the crew'"):
            library.save_party("uwr", "the crew", [bandit("Kit")])
        library.save_party("uwr", "The Crew", [bandit("Kit")], replace=True)
        parties = library.parties("uwr")
    assert [party.name for party in parties] == ["Heroes", "heroes 2", "The Crew"]
    assert [member.name for member in parties[2].members()] == ["Kit"]


def test_a_file_whose_names_were_brought_up_to_date_is_not_written_again(db_path):
    earlier_templates(db_path, "Ban\x7fdit", "BANDIT")
    with CombatantLibrary(db_path) as library:
        assert names(library.search("uwr")) == ["Bandit", "BANDIT 2"]
    brought = db_path.read_bytes()
    log = db_path.with_name(f"{db_path.name}-wal")
    with CombatantLibrary(db_path) as library:
        assert not log.exists() or log.stat().st_size == 0  # nothing committed
        assert names(library.search("uwr")) == ["Bandit", "BANDIT 2"]
        assert library.parties("uwr") == []
    assert db_path.read_bytes() == brought


@pytest.mark.parametrize(
    "pasted",
    [
        "Orc War\u00adchief",  # a soft hyphen
        "Orc\u200b Warchief",  # a zero-width space
        "\ufeffOrc Warchief",  # a byte-order mark
        "Orc Warchief\u200e",  # a left-to-right mark
        "Orc\u2060 Warchief\u034f",  # a word joiner, a combining grapheme joiner
    ],
)
def test_names_that_differ_only_in_what_shows_nothing_are_one_name(library, pasted):
    library.save("uwr", bandit("Orc Warchief"))
    with pytest.raises(LibraryError, match="already has a template named"):
        library.save("uwr", bandit(pasted))
    assert names(library.search("uwr", "warchief")) == ["Orc Warchief"]
    assert library.save("rollkeep", bandit(pasted)).name == pasted


def test_a_joiner_that_changes_how_emoji_show_keeps_names_apart(library):
    joined, apart = "Kin \U0001f468\u200d\U0001f466", "Kin \U0001f468\U0001f466"
    library.save("uwr", bandit(joined))
    assert library.save("uwr", bandit(apart)).name == apart


def test_names_an_earlier_version_told_apart_by_what_shows_nothing_are_numbered(db_path):
    earlier_templates(db_path, "Orc Warchief", "Orc War\u00adchief", "Ogre\ufeff")
    with CombatantLibrary(db_path) as library:
        assert names(library.search("uwr")) == [
            "Ogre\ufeff",
            "Orc Warchief",
            "Orc War\u00adchief 2",
        ]
        with pytest.raises(LibraryError, match="already has a template named 'Ogre'"):
            library.save("uwr", bandit("Ogre"))
    brought = db_path.read_bytes()
    with CombatantLibrary(db_path) as library:
        assert names(library.search("uwr", "og")) == ["Ogre\ufeff"]
    assert db_path.read_bytes() == brought


def test_a_damaged_name_beside_earlier_ones_is_explained_not_a_crash(db_path):
    earlier_templates(db_path, "Go\u202eblin", "Hornet")
    with closing(sqlite3.connect(db_path)) as raw, raw:
        raw.execute("UPDATE library_templates SET name = X'ff00' WHERE name = 'Hornet'")
    with CombatantLibrary(db_path) as library:
        with pytest.raises(LibraryError, match="already has a template named 'goblin'"):
            library.save("uwr", bandit("goblin"))
        with pytest.raises(LibraryError, match="Template 2 in the library is damaged"):
            library.search("uwr")
