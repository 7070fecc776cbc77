"""Fights saved before every round system refused a sheet with no health at all (files up to
schema 4) still open: such a sheet, in the roster or in an event that carries a combatant, is
read with the least maximum of health allowed, and its combatant keeps the health it had, none.
Since schema 5 no file can hold one, so a newer file holding one is refused as before."""

import json

import pytest

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import ENCODER
from uwr_desktop.core.intents import AddCombatants, EditCell
from uwr_desktop.core.journal import JournalEntry, decode_entry
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.hands.sheet import MAX_POINTS, HandsSheet
from uwr_desktop.core.rulesets.tactical.sheet import MAX_HITS, TacticalSheet
from uwr_desktop.core.rulesets.uwr.sheet import VITALITY_MAX, UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)

NO_HEALTH = {
    "uwr": (UwrSheet(), {"vitality": 0, "vitality_max": 0}, VITALITY_MAX.low),
    "tactical": (TacticalSheet(), {"hits": 0, "hits_max": 0}, MAX_HITS.low),
    "hands": (HandsSheet(), {"max_points": 0, "damage": 0}, MAX_POINTS.low),
}
"""Each round system with a maximum of health: a whole sheet, the fields that leave it no
health at all as an earlier version wrote them, and the least maximum allowed now."""


def _saved_without_health(ruleset_id: str, schema: int) -> bytes:
    """A fight of ``ruleset_id`` as a file of ``schema``: Ana in the roster, Bo joining, then
    renamed (an event carrying Bo whole), every sheet with no health at all."""
    sheet, _, _ = NO_HEALTH[ruleset_id]
    fight = Session(make_ruleset(ruleset_id), (Combatant(id="ana", name="Ana", sheet=sheet),))
    fight.do(AddCombatants([Combatant(id="bo", name="Bo", sheet=sheet)]))
    fight.do(EditCell("bo", "name", "Bold Bo"))
    document = json.loads(encode_encounter(fight))
    _, none_at_all, _ = NO_HEALTH[ruleset_id]
    document["schema_version"] = schema
    sheets = [document["roster"][0]["sheet"]]
    for entry in document["journal"]:
        for event in entry["events"]:
            sheets += [combatant["sheet"] for combatant in event.get("combatants", ())]
            sheets += [update["combatant"]["sheet"] for update in event.get("updates", ())]
    assert len(sheets) == 3
    for held in sheets:
        held.update(none_at_all)
    return json.dumps(document).encode()


@pytest.mark.parametrize("ruleset_id", NO_HEALTH)
@pytest.mark.parametrize("schema", [1, 4])
def test_a_file_up_to_schema_4_opens_with_the_least_maximum_and_no_health(ruleset_id, schema):
    _, _, least = NO_HEALTH[ruleset_id]
    opened = decode_encounter(_saved_without_health(ruleset_id, schema)).session()
    state = opened.state
    assert [state.combatants[cid].name for cid in state.rows] == ["Ana", "Bold Bo"]
    for combatant in state.combatants.values():
        assert combatant.sheet.health() == (0, least)
        assert combatant.down
    assert opened.roster[0].sheet.health() == (0, least)


@pytest.mark.parametrize("ruleset_id", NO_HEALTH)
def test_an_opened_file_without_health_saves_and_reads_back_equal(ruleset_id):
    opened = decode_encounter(_saved_without_health(ruleset_id, 4)).session()
    again = decode_encounter(encode_encounter(opened)).session()
    assert again.roster == opened.roster
    assert again.entries == opened.entries
    assert again.state == opened.state


@pytest.mark.parametrize("ruleset_id", NO_HEALTH)
def test_a_schema_5_file_with_no_health_is_still_refused(ruleset_id):
    with pytest.raises(EncounterFileError, match=r"\$\.roster\[0\]\.sheet\..*>= 1"):
        decode_encounter(_saved_without_health(ruleset_id, 5))


def test_a_sheet_with_health_above_its_maximum_of_0_is_left_for_the_decoder_to_refuse():
    document = json.loads(_saved_without_health("uwr", 4))
    document["roster"][0]["sheet"]["vitality"] = 3
    with pytest.raises(EncounterFileError, match=r"\$\.roster\[0\]\.sheet\.vitality_max"):
        decode_encounter(json.dumps(document).encode())


def test_hands_damage_beyond_a_maximum_of_0_is_left_for_the_decoder_to_refuse():
    document = json.loads(_saved_without_health("hands", 4))
    document["roster"][0]["sheet"]["damage"] = 2
    with pytest.raises(EncounterFileError, match=r"\$\.roster\[0\]\.sheet\.max_points"):
        decode_encounter(json.dumps(document).encode())


@pytest.mark.parametrize("ruleset_id", NO_HEALTH)
def test_an_autosaved_entry_without_health_is_read_with_the_least_maximum(ruleset_id):
    sheet, none_at_all, least = NO_HEALTH[ruleset_id]
    fight = Session(make_ruleset(ruleset_id))
    fight.do(AddCombatants([Combatant(id="bo", name="Bo", sheet=sheet)]))
    stored = json.loads(ENCODER.encode(fight.entries[0]))
    stored["events"][0]["combatants"][0]["sheet"].update(none_at_all)
    entry = decode_entry(json.dumps(stored).encode(), ruleset_id)
    assert isinstance(entry, JournalEntry)
    (joined,) = entry.events[0].combatants
    assert joined.sheet.health() == (0, least)


@pytest.mark.parametrize(
    ("spoil", "problem"),
    [
        (lambda document: document["journal"].append(5), "in entry 3: Expected `object`"),
        (lambda document: document["journal"][0].update(events=5), r"entry 1: events"),
        (
            lambda document: document["journal"][1]["events"][0].update(updates=[3]),
            r"entry 2: events\[0\]\.updates\[0\]",
        ),
        (
            lambda document: document["journal"][1]["events"][0].update(type="CombatantsLeft"),
            r"entry 2: events\[0\]",
        ),
    ],
    ids=["entry not an object", "events not a list", "update not an object", "updates elsewhere"],
)
def test_a_malformed_file_of_schema_4_is_refused_by_name_not_upgraded(spoil, problem):
    document = json.loads(_saved_without_health("uwr", 4))
    spoil(document)
    with pytest.raises(EncounterFileError, match=problem):
        decode_encounter(json.dumps(document).encode())
