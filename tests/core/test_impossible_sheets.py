"""Sheets no fight can hold are refused with the reason, by the rules and by the file decoder
alike, from the bounds each round system defines once: no health at all (a maximum of 0), health
above its maximum, a negative count of dice."""

import json
import re

import pytest

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import ENCODER
from uwr_desktop.core.intents import AddCombatants, EditCell, RulesError
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.hands.sheet import MAX_POINTS, HandsSheet
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, Weapon
from uwr_desktop.core.rulesets.tactical.sheet import MAX_HITS, TacticalSheet
from uwr_desktop.core.rulesets.uwr.sheet import VITALITY_MAX, Skill, UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)

IMPOSSIBLE = [
    ("uwr", UwrSheet(vitality=0, vitality_max=0), "vitality max must be at least 1"),
    ("uwr", UwrSheet(skills=(Skill("Blades", -1),)), "skills 1, rank must be at least 0"),
    ("tactical", TacticalSheet(hits=0, hits_max=0), "hits max must be at least 1"),
    (
        "rollkeep",
        RollkeepSheet(weapons=(Weapon(name="Katana", damage_rolled=-1),)),
        "weapons 1, damage rolled must be at least 0",
    ),
    ("hands", HandsSheet(max_points=0), "max points must be at least 1"),
]
"""A sheet of each round system that no fight can hold, and the reason given."""


def _one(sheet) -> Combatant:
    return Combatant(id="a", name="Ana", sheet=sheet)


@pytest.mark.parametrize(("ruleset_id", "sheet", "reason"), IMPOSSIBLE)
def test_the_rules_refuse_an_impossible_sheet_with_the_reason(ruleset_id, sheet, reason):
    session = Session(make_ruleset(ruleset_id))
    with pytest.raises(RulesError, match=reason):
        session.do(AddCombatants([_one(sheet)]))
    assert session.state.combatants == {}


@pytest.mark.parametrize(("ruleset_id", "sheet", "reason"), IMPOSSIBLE)
def test_a_file_holding_an_impossible_sheet_is_refused_with_the_reason(ruleset_id, sheet, reason):
    session = Session(make_ruleset(ruleset_id), (_one(type(sheet)()),))
    data = json.loads(encode_encounter(session))
    data["roster"][0]["sheet"] = json.loads(ENCODER.encode(sheet))
    field, _, least = reason.rpartition(", ")[2].partition(" must be at least ")
    where = re.escape(f".{field.replace(' ', '_')}: Expected `int` >= {least}")
    with pytest.raises(EncounterFileError, match=where):
        decode_encounter(json.dumps(data).encode())


def test_a_file_with_vitality_above_its_maximum_is_refused():
    session = Session(make_ruleset("uwr"), (_one(UwrSheet()),))
    data = json.loads(encode_encounter(session))
    data["roster"][0]["sheet"]["vitality"] = 11
    with pytest.raises(EncounterFileError, match="Vitality 11 is above its maximum 10"):
        decode_encounter(json.dumps(data).encode())


@pytest.mark.parametrize(
    ("ruleset_id", "sheet", "key", "field"),
    [
        ("uwr", UwrSheet(), "vitality_max", VITALITY_MAX),
        ("tactical", TacticalSheet(), "hits_max", MAX_HITS),
        ("hands", HandsSheet(), "max_points", MAX_POINTS),
    ],
)
def test_a_maximum_of_no_health_typed_in_a_cell_is_refused_in_the_forms_words(
    ruleset_id, sheet, key, field
):
    session = Session(make_ruleset(ruleset_id), (_one(sheet),))
    with pytest.raises(RulesError, match=rf"{field.label} cannot be below 1 \(got 0\)"):
        session.do(EditCell("a", key, 0))
