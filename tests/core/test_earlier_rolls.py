"""Roll records an earlier schema wrote are found wherever the annotations of events and sheets
place one (a list of them, an optional one, a sheet's) and brought to today's shape: a keep
record given the Ten Dice Rule it implied, every record without the leftover-die setting.
Anything else passes as it is, for the typed decoder to name."""

import json
from typing import Annotated

import msgspec
import pytest

from uwr_desktop.core.earlier_rolls import records_upgrade
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import TurnStarted, event_union
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.events import Attacked, RollOffJoined
from uwr_desktop.core.storage.encounter_file import EncounterFileError, decode_encounter

make_ruleset("rollkeep")

TEN = {"most": 10, "bonus": 2, "leftover_counts": False}
TEN_LEFTOVER = {**TEN, "leftover_counts": True}


def old_keep(leftover: bool | None = False, dice: int = 2) -> dict:
    record = {"dice": dice, "kind": "keep", "sides": 10, "kept": 1, "chains": [[3]] * dice}
    if leftover is not None:
        record["leftover_die_counts"] = leftover
    return record


def new_keep(limit: dict, dice: int = 2) -> dict:
    return {"dice": dice, "kind": "keep", "sides": 10, "kept": 1, "chains": [[3]] * dice} | {
        "limit": limit
    }


OLD_POOL = {"dice": 1, "faces": [4], "leftover_die_counts": False}


def test_each_record_of_a_list_gets_the_rule_with_its_own_setting():
    raw = {"type": "RollOffJoined", "rolls": [old_keep(True), old_keep(False)]}
    assert records_upgrade(RollOffJoined)(raw) == {
        "type": "RollOffJoined",
        "rolls": [new_keep(TEN_LEFTOVER), new_keep(TEN)],
    }


def test_a_keep_record_without_the_setting_loses_its_leftover_die():
    assert records_upgrade(RollOffJoined)({"rolls": [old_keep(None)]}) == {"rolls": [new_keep(TEN)]}


def test_an_optional_record_is_upgraded_when_present_and_left_out_when_not():
    upgrade = records_upgrade(Attacked)
    assert upgrade({"roll": old_keep(), "damage": old_keep(True)}) == {
        "roll": new_keep(TEN),
        "damage": new_keep(TEN_LEFTOVER),
    }
    assert upgrade({"roll": old_keep(), "damage": None}) == {"roll": new_keep(TEN), "damage": None}


def test_a_pool_or_sum_record_only_loses_the_setting():
    union = records_upgrade(event_union())
    raw = {"type": "DiceRolled", "notation": "1d6", "roll": OLD_POOL, "combatant_id": None}
    assert union(raw)["roll"] == {"dice": 1, "faces": [4]}
    summed = {"dice": 1, "faces": [4], "kind": "sum", "sides": 8, "leftover_die_counts": False}
    assert union({**raw, "roll": summed})["roll"] == {
        "dice": 1,
        "faces": [4],
        "kind": "sum",
        "sides": 8,
    }


def test_events_are_told_apart_by_their_tag():
    union = records_upgrade(event_union("rollkeep"))
    attacked = {"type": "Attacked", "roll": old_keep()}
    assert union(attacked) == {"type": "Attacked", "roll": new_keep(TEN)}
    stranger = {"type": "chess.Moved", "roll": old_keep()}
    assert union(stranger) == stranger
    another_systems = {"type": "Declared", "roll": old_keep()}
    assert union(another_systems) == another_systems
    assert union([attacked]) == [attacked]


def test_a_sheets_records_are_upgraded_by_its_round_system():
    upgrade = records_upgrade(Combatant)
    sheet = {"ruleset": "rollkeep", "initiative": old_keep(True)}
    assert upgrade({"id": "a", "sheet": sheet}) == {
        "id": "a",
        "sheet": {"ruleset": "rollkeep", "initiative": new_keep(TEN_LEFTOVER)},
    }
    unknown = {"id": "a", "sheet": {"ruleset": "chess", "initiative": old_keep()}}
    assert upgrade(unknown) == unknown
    assert upgrade({"id": "a", "sheet": 5}) == {"id": "a", "sheet": 5}


@pytest.mark.parametrize(
    "raw",
    [
        {"rolls": 5},
        {"rolls": [5, "x", None]},
        {"rolls": [{**old_keep(), "leftover_die_counts": "yes"}]},
        {"rolls": [new_keep(TEN_LEFTOVER)]},
        5,
    ],
    ids=["not a list", "not records", "a bad setting", "today's shape", "not an event"],
)
def test_anything_else_passes_as_it_is(raw):
    assert records_upgrade(RollOffJoined)(raw) == raw


def test_a_type_holding_no_records_passes_everything_as_it_is():
    raw = {"type": "TurnStarted", "combatant_id": "a", "leftover_die_counts": True}
    assert records_upgrade(TurnStarted)(raw) is raw


def test_a_malformed_list_in_an_earlier_file_is_refused_by_name():
    document = {
        "format": "uwr-desktop-encounter",
        "schema_version": 6,
        "ruleset": "rollkeep",
        "settings": {},
        "roster": [],
        "journal": [{"label": "Join", "events": [{"type": "CombatantsJoined", "combatants": 5}]}],
        "cursor": 1,
    }
    with pytest.raises(EncounterFileError, match=r"entry 1: events\[0\]\.combatants"):
        decode_encounter(json.dumps(document).encode())


def test_a_sheet_tagged_with_a_list_in_an_earlier_file_is_refused_by_name():
    combatant = {"id": "a", "name": "A", "side": "enemy", "sheet": {"ruleset": ["rollkeep"]}}
    assert records_upgrade(Combatant)(combatant) == combatant
    document = {
        "format": "uwr-desktop-encounter",
        "schema_version": 6,
        "ruleset": "rollkeep",
        "settings": {},
        "roster": [combatant],
        "journal": [],
        "cursor": 0,
    }
    with pytest.raises(EncounterFileError, match=r"roster\[0\]\.sheet"):
        decode_encounter(json.dumps(document).encode())


# Today's events and sheets hold records plainly; these kinds are the shapes a round system's
# annotations may also take, and the records inside them are found all the same.


class Rolled(msgspec.Struct):
    roll: RollRecord


class Bounded(msgspec.Struct):
    rolled: Annotated[
        tuple[Rolled, ...], msgspec.Meta(max_length=3, description="at most three")
    ] = ()


class MaybeRolls(msgspec.Struct):
    rolls: tuple[RollRecord, ...] | None = None


class Chain(msgspec.Struct):
    roll: RollRecord | None = None
    next: "Chain | None" = None


def test_records_in_a_described_and_bounded_list_are_upgraded():
    raw = {"rolled": [{"roll": old_keep(True)}]}
    assert records_upgrade(Bounded)(raw) == {"rolled": [{"roll": new_keep(TEN_LEFTOVER)}]}


def test_an_optional_list_of_records_is_upgraded_when_present():
    upgrade = records_upgrade(MaybeRolls)
    assert upgrade({"rolls": [old_keep()]}) == {"rolls": [new_keep(TEN)]}
    assert upgrade({"rolls": None}) == {"rolls": None}


def test_a_kind_that_holds_itself_is_upgraded_without_endless_recursion():
    raw = {"roll": old_keep(True), "next": None}
    assert records_upgrade(Chain)(raw) == {"roll": new_keep(TEN_LEFTOVER), "next": None}
