"""A roll-and-keep record carries the limit it was rolled under: the rollkeep rules' Ten Dice Rule
with the fight's leftover-die setting, typed XkY dice the notation's (the same rule, ``leftover``
as typed). Files of schema 6 and before, whose records only implied the rule, read with that
limit written out and replay exactly; what is saved now reads back equal."""

import json
import random

import msgspec
import pytest
from rollkeep_sheets import archer, bandit, hida, kakita

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, NextTurn, RollDice, StartFight
from uwr_desktop.core.journal import decode_entry, encode_entry
from uwr_desktop.core.notation import TYPED_KEEP_LIMIT, typed_keep_limit
from uwr_desktop.core.rolls import DiceKind
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.intents import RollkeepAmbush
from uwr_desktop.core.rulesets.rollkeep.rules import TEN_DICE_RULE, sheet_of, ten_dice_rule
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)

KINDS = {kind.value for kind in DiceKind}


def skirmish(leftover: bool) -> Session:
    """A rollkeep fight under the leftover-die setting: an ambush, initiative, typed dice for
    Hida and for nobody, a few turns, and a newcomer joining with its initiative rolled."""
    session = Session(
        make_ruleset("rollkeep", {"leftover_die_counts": leftover}),
        [hida(), kakita(), bandit()],
        roller=Roller(random.Random(11)),
    )
    session.do(RollkeepAmbush(("bandit",), ("hida", "kakita")))
    session.do(StartFight())
    session.do(RollDice("hida", "12k4 leftover"))
    session.do(RollDice(None, "13k9 unskilled"))
    session.do(NextTurn())
    rolled = msgspec.structs.replace(archer(), sheet=sheet_of(session.state.combatants["hida"]))
    session.do(AddCombatants([rolled]))
    session.do(NextTurn())
    return session


def typed_in_uwr() -> Session:
    session = Session(make_ruleset("uwr"), [Combatant(id="vex", name="Vex", sheet=UwrSheet())])
    session.do(RollDice("vex", "14k12+1"))
    session.do(RollDice(None, "11k4 leftover"))
    return session


def records(data, path="$"):
    """Every roll record in JSON data, with its path."""
    if isinstance(data, dict):
        if data.get("kind") in KINDS and "dice" in data:
            yield path, data
            return
        for key, value in data.items():
            yield from records(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from records(value, f"{path}[{index}]")


def as_written_before(document: dict, schema: int = 6) -> dict:
    """The document as schema 6 wrote it: every record with its leftover-die setting, a keep
    record with no limit of its own (the Ten Dice Rule was implied)."""
    for _, record in records(document):
        limit = record.pop("limit", None)
        if record["kind"] == "keep":
            assert (limit["most"], limit["bonus"]) == (10, 2)
        record["leftover_die_counts"] = bool(limit and limit["leftover_counts"])
    return {**document, "schema_version": schema}


def same(one: Session, other: Session) -> None:
    assert other.roster == one.roster
    assert other.entries == one.entries
    assert other.cursor == one.cursor
    assert other.state == one.state
    for index in range(len(one.entries)):
        assert list(other.describe_entry(index)) == list(one.describe_entry(index))


@pytest.mark.parametrize("leftover", [False, True])
def test_rollkeep_records_carry_the_ten_dice_rule_with_the_fights_setting(leftover):
    session = skirmish(leftover)
    document = json.loads(encode_encounter(session))
    kept = [record for _, record in records(document) if record["kind"] == "keep"]
    typed = [
        event["roll"]
        for entry in document["journal"]
        for event in entry["events"]
        if event["type"] == "DiceRolled"
    ]
    assert [record["limit"] for record in typed] == [
        msgspec.to_builtins(typed_keep_limit(True)),
        msgspec.to_builtins(TYPED_KEEP_LIMIT),
    ]
    own = [record for record in kept if record not in typed]
    assert own
    assert {json.dumps(record["limit"]) for record in own} == {
        json.dumps(msgspec.to_builtins(ten_dice_rule(leftover)))
    }
    assert all("limit" not in r for _, r in records(document) if r["kind"] != "keep")


def test_typed_dice_read_under_the_same_ten_dice_rule_as_the_rollkeep_rules():
    assert TYPED_KEEP_LIMIT == TEN_DICE_RULE
    assert typed_keep_limit(True) == ten_dice_rule(True)
    fight = typed_in_uwr()
    first, second = (entry.events[0].roll for entry in fight.entries)
    assert (len(first.values), first.keep().spec.effective.bonus) == (10, 12)
    assert second.total == sum(sorted(second.values)[-4:]) + 2


@pytest.mark.parametrize("leftover", [False, True])
def test_a_schema_6_rollkeep_file_reads_with_the_limit_and_replays_exactly(leftover):
    session = skirmish(leftover)
    document = as_written_before(json.loads(encode_encounter(session)))
    paths = [path for path, record in records(document) if record["kind"] == "keep"]
    assert any(".sheet." in path for path in paths), "a sheet's initiative record is upgraded"
    assert any(".events[" in path for path in paths)
    opened = decode_encounter(json.dumps(document).encode()).session()
    same(session, opened)
    again = decode_encounter(encode_encounter(opened)).session()
    same(session, again)


@pytest.mark.parametrize("schema", [2, 4, 6])
def test_typed_keep_dice_of_an_earlier_schema_read_as_rolled(schema):
    session = typed_in_uwr()
    document = as_written_before(json.loads(encode_encounter(session)), schema)
    same(session, decode_encounter(json.dumps(document).encode()).session())


def test_an_autosaved_entry_of_an_earlier_version_reads_with_the_limit():
    session = skirmish(True)
    for entry in session.entries:
        stored = as_written_before({"entry": json.loads(encode_entry(entry))})["entry"]
        assert decode_entry(json.dumps(stored).encode(), "rollkeep") == entry


def test_a_schema_7_file_must_name_each_keep_records_limit():
    document = json.loads(encode_encounter(typed_in_uwr()))
    roll = document["journal"][0]["events"][0]["roll"]
    del roll["limit"]
    with pytest.raises(EncounterFileError, match="names the limit it was rolled under"):
        decode_encounter(json.dumps(document).encode())
    roll["leftover_die_counts"] = False
    roll["limit"] = None
    with pytest.raises(EncounterFileError, match="unknown field `leftover_die_counts`"):
        decode_encounter(json.dumps(document).encode())


def test_a_keep_record_of_an_earlier_schema_with_a_bad_setting_is_refused_by_name():
    document = as_written_before(json.loads(encode_encounter(typed_in_uwr())))
    document["journal"][0]["events"][0]["roll"]["leftover_die_counts"] = "yes"
    with pytest.raises(EncounterFileError, match=r"entry 1: events\[0\]\.roll"):
        decode_encounter(json.dumps(document).encode())
