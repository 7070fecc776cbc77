"""A combatant's name and alias are one line of visible text in every round system: what is
typed or pasted into a name cell is cleaned (white space folded, control characters and
bidirectional controls taken out), a name with nothing visible left is refused and the fight is
unchanged, and a file, an autosave entry or a roster written before the rule opens with its names
cleaned the same way."""

import json
import re
import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from uwr_desktop.core.encounter import Combatant, sheet_type
from uwr_desktop.core.events import ENCODER
from uwr_desktop.core.intents import AddCombatants, EditCell, RulesError
from uwr_desktop.core.journal import decode_entry
from uwr_desktop.core.name_rule import ONE_LINE_PATTERN, clean_name
from uwr_desktop.core.rulesets import load_ruleset, make_ruleset, ruleset_ids
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import (
    SCHEMA_VERSION,
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)
from uwr_desktop.core.upgrade import UNNAMED

SYSTEMS = ruleset_ids()
"""Every round system: ``hands``, ``rollkeep``, ``tactical`` and ``uwr``."""

PASTED = "  Bandit\nChief\t\x00of the\u202e Hills \u2066 "
"""A name pasted with a line break, a tab, NUL, a right-to-left override and an isolate."""
CLEANED = "Bandit Chief of the Hills"

NOTHING_VISIBLE = ("", "   ", "\n\t", "\x00\x07", "\u202e", " \u2066\u2069\r\n ")
"""Names that hold nothing to show once cleaned."""

BIDI_CONTROLS = {*map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))}


def _fight(system: str) -> Session:
    load_ruleset(system)
    made = sheet_type(system)
    assert made is not None
    roster = (Combatant(id="b", name="Bandit", sheet=made()),)
    return Session(make_ruleset(system), roster)


def _read_back(fight: Session) -> Session:
    return decode_encounter(encode_encounter(fight)).session()


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        (PASTED, CLEANED),
        ("Vex", "Vex"),
        ("Ana\r\nMaria", "Ana Maria"),
        ("Ca\x85t", "Ca t"),
        ("Sa\x9bm", "Sam"),
        ("Zoë 🐉 the Bold", "Zoë 🐉 the Bold"),
        ("שלום עליכם", "שלום עליכם"),
        ("محارب\u200fالصحراء", "محارب\u200fالصحراء"),  # noqa: RUF001 (Arabic letters)
        ("👨\u200d👩\u200d👧 family", "👨\u200d👩\u200d👧 family"),
    ],
)
def test_a_name_is_cleaned_to_one_line_and_keeps_every_visible_letter(typed, kept):
    assert clean_name(typed) == kept


@given(st.text(alphabet=st.characters(codec="utf-8")))
@example(PASTED)
@example("a \x00 b")
def test_cleaning_is_idempotent_and_leaves_no_break_nor_control(text):
    cleaned = clean_name(text)
    assert clean_name(cleaned) == cleaned
    assert cleaned == cleaned.strip()
    assert "  " not in cleaned
    assert not any(unicodedata.category(c) == "Cc" for c in cleaned)
    assert not any(c.isspace() for c in cleaned.replace(" ", ""))
    assert not BIDI_CONTROLS & set(cleaned)
    assert re.search(ONE_LINE_PATTERN, cleaned)


@given(st.text(alphabet=st.characters(codec="utf-8")))
def test_the_decoder_takes_exactly_the_names_cleaning_keeps(text):
    clean = clean_name(text) == text
    assert bool(re.search(ONE_LINE_PATTERN, text)) == clean


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_name_pasted_into_the_name_cell_shows_and_saves_on_one_line(system):
    fight = _fight(system)
    fight.do(EditCell("b", "name", PASTED))
    assert fight.state.combatants["b"].name == CLEANED
    assert fight.entries[-1].label == f"Bandit: renamed to {CLEANED}"
    assert _read_back(fight).state.combatants["b"].name == CLEANED


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_alias_pasted_into_its_cell_shows_and_saves_on_one_line(system):
    fight = _fight(system)
    fight.do(EditCell("b", "alias", PASTED))
    assert fight.state.combatants["b"].shown_name == CLEANED
    assert _read_back(fight).state.combatants["b"].alias == CLEANED
    fight.do(EditCell("b", "alias", "\u202e \n"))
    assert fight.state.combatants["b"].shown_name == "Bandit"


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("typed", NOTHING_VISIBLE)
def test_a_name_with_nothing_visible_is_refused_and_the_fight_is_unchanged(system, typed):
    fight = _fight(system)
    before = fight.state
    with pytest.raises(RulesError, match=r"^The name cannot be empty$"):
        fight.do(EditCell("b", "name", typed))
    assert fight.state is before and not fight.entries


def test_a_combatant_joining_with_a_name_on_two_lines_is_refused_with_the_reason():
    fight = _fight("uwr")
    before = fight.state
    joining = Combatant(id="c", name="Two\nLines", sheet=before.combatants["b"].sheet)
    with pytest.raises(RulesError, match=r"name must be one line of visible text"):
        fight.do(AddCombatants([joining]))
    assert fight.state is before


def _written_before_the_rule(system: str, schema: int = SCHEMA_VERSION) -> bytes:
    """A fight of ``system`` as the version before the rule could save it: names and aliases
    holding line breaks, tabs, NUL and bidirectional controls, in the roster, in a combatant
    joining and in a renaming, and a name and an alias with nothing visible at all."""
    fight = _fight(system)
    sheet = fight.state.combatants["b"].sheet
    fight.do(AddCombatants([Combatant(id="c", name="Cy", sheet=sheet)]))
    fight.do(EditCell("c", "name", "Cyrus"))
    document = json.loads(encode_encounter(fight))
    document["schema_version"] = schema
    bandit = document["roster"][0]
    bandit["name"], bandit["alias"] = PASTED, "\u202e"
    joined, renamed = (entry["events"][0] for entry in document["journal"])
    joined["combatants"][0].update(name="\x00", alias="The\tMasked\u2067 One")
    renamed["updates"][0]["combatant"]["name"] = "Cyrus\nthe\u202e Great"
    return json.dumps(document).encode()


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("schema", [SCHEMA_VERSION, SCHEMA_VERSION - 1])
def test_a_file_with_names_written_before_the_rule_opens_with_them_cleaned(system, schema):
    opened = decode_encounter(_written_before_the_rule(system, schema)).session()
    bandit = opened.roster[0]
    assert (bandit.name, bandit.alias) == (CLEANED, UNNAMED)
    joined = opened.state_at(1).combatants["c"]
    assert (joined.name, joined.alias) == (UNNAMED, "The Masked One")
    assert opened.state.combatants["c"].name == "Cyrus the Great"
    again = _read_back(opened)
    assert again.state == opened.state and again.roster == opened.roster


def test_a_file_of_today_refused_for_another_reason_still_says_that_reason():
    document = json.loads(_written_before_the_rule("uwr"))
    document["roster"][0]["side"] = "referee"
    with pytest.raises(EncounterFileError, match=r"\$\.roster\[0\]\.side"):
        decode_encounter(json.dumps(document).encode())


def test_an_autosave_entry_with_a_name_written_before_the_rule_reads_cleaned():
    fight = _fight("hands")
    fight.do(EditCell("b", "name", "Bo"))
    entry = json.loads(ENCODER.encode(fight.entries[0]))
    entry["events"][0]["updates"][0]["combatant"]["name"] = "Bo\r\n\u202eRed"
    read = decode_entry(json.dumps(entry).encode(), "hands")
    assert read.events[0].updates[0].combatant.name == "Bo Red"
