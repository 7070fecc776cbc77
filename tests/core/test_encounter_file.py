"""The .uwr file: round trips, every refusal message, and atomic saves."""

import json
import os
import random
from pathlib import Path

import msgspec
import pytest

from uwr_desktop.core import journal_budget
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCondition,
    ApplyDamage,
    EditCell,
    NextTurn,
    RulesError,
    StartFight,
)
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction, Reroll, ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet, Weapon
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage import encounter_file
from uwr_desktop.core.storage.encounter_file import (
    SCHEMA_VERSION,
    EncounterFileError,
    load_encounter,
    read_encounter,
    save_encounter,
)


def played_session():
    sword = Weapon(name="Sword", upr_type="Swift")
    roster = [
        Combatant(id="hero", name="Hero", side=Side.PLAYER, sheet=UwrSheet(weapons=(sword,))),
        Combatant(id="orc", name="Orc", sheet=UwrSheet(weapons=(sword,))),
    ]
    session = Session(
        make_ruleset("uwr", {"lowest_threshold": 3}), roster, roller=Roller(random.Random(5))
    )
    session.do(StartFight())
    session.do(Attack("hero", 0, "orc", extra_rerolls=2))
    if (
        part_of(session.state).pending.check.roll.faces
        and min(part_of(session.state).pending.check.roll.faces) < 5
    ):
        session.do(Reroll())
    session.do(React(Reaction.DODGE))
    session.do(ResolveCheck())
    session.do(ApplyDamage(["orc"], 3))
    session.do(AddCondition(["orc"], Condition("Bleeding", 2, "deep cut")))
    session.do(NextTurn())
    session.undo()
    return session


def write_json(path, document):
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def saved_document(tmp_path):
    path = tmp_path / "fight.uwr"
    save_encounter(played_session(), path)
    return json.loads(path.read_text(encoding="utf-8"))


def test_round_trip_gives_the_same_state_journal_and_cursor(tmp_path):
    session = played_session()
    path = tmp_path / "fight.uwr"
    save_encounter(session, path)
    loaded = load_encounter(path)
    assert loaded.state == session.state
    assert loaded.entries == session.entries
    assert loaded.cursor == session.cursor
    assert loaded.roster == session.roster
    assert loaded.ruleset.settings == session.ruleset.settings
    loaded.redo()
    session.redo()
    assert loaded.state == session.state


def test_the_file_is_versioned_json(tmp_path):
    document = saved_document(tmp_path)
    assert document["format"] == "uwr-desktop-encounter"
    assert document["schema_version"] == 8
    assert document["ruleset"] == "uwr"
    assert document["settings"]["lowest_threshold"] == 3
    assert document["cursor"] == len(document["journal"]) - 1


def test_the_shipped_sample_loads():
    session = load_encounter(resource_path("samples", "sample-fight.uwr"))
    sides = [c.side for c in session.roster]
    assert sides.count(Side.PLAYER) == 2
    assert sides.count(Side.ALLY) == 1
    assert sides.count(Side.ENEMY) == 3
    assert all(c.sheet.weapons for c in session.roster)
    assert session.state.round == 1
    assert len(session.entries) >= 2


def test_the_sample_ships_in_today_s_schema_and_its_schema_2_copy_opens_to_the_same_fight():
    shipped = resource_path("samples", "sample-fight.uwr")
    assert msgspec.json.decode(shipped.read_bytes())["schema_version"] == SCHEMA_VERSION
    earlier_path = Path(__file__).parents[1] / "fixtures" / "schema-2" / "sample-fight.uwr"
    assert msgspec.json.decode(earlier_path.read_bytes())["schema_version"] == 2
    earlier, today = load_encounter(earlier_path), load_encounter(shipped)
    assert (earlier.roster, earlier.entries, earlier.cursor) == (
        today.roster,
        today.entries,
        today.cursor,
    )
    assert earlier.state == today.state


def test_refuses_a_missing_file(tmp_path):
    with pytest.raises(EncounterFileError, match=r"cannot read missing\.uwr"):
        read_encounter(tmp_path / "missing.uwr")


def test_refuses_a_file_that_is_too_large_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(encounter_file, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.uwr"
    path.write_bytes(b" " * 101)
    with pytest.raises(EncounterFileError, match=r"big.uwr is too large .* at most"):
        read_encounter(path)


def test_refuses_text_that_is_not_json(tmp_path):
    path = tmp_path / "notes.uwr"
    path.write_text("hello there", encoding="utf-8")
    with pytest.raises(EncounterFileError, match=r"notes.uwr is not a UWR Desktop encounter \(it"):
        read_encounter(path)


def test_refuses_json_that_is_not_ours(tmp_path):
    path = write_json(tmp_path / "other.uwr", {"format": "spreadsheet", "rows": []})
    with pytest.raises(EncounterFileError, match="format 'spreadsheet', expected"):
        read_encounter(path)
    path = write_json(tmp_path / "list.uwr", [1, 2, 3])
    with pytest.raises(EncounterFileError, match="is not a UWR Desktop encounter"):
        read_encounter(path)


def test_refuses_a_newer_schema(tmp_path):
    document = saved_document(tmp_path)
    document["schema_version"] = 9
    path = write_json(tmp_path / "new.uwr", document)
    with pytest.raises(
        EncounterFileError,
        match=r"made by a newer version of UWR Desktop \(schema 9\); this version reads up to 8",
    ):
        read_encounter(path)
    document["schema_version"] = "one"
    path = write_json(tmp_path / "odd.uwr", document)
    with pytest.raises(EncounterFileError, match="no valid schema_version"):
        read_encounter(path)


def test_refuses_bad_fields_naming_the_path(tmp_path):
    document = saved_document(tmp_path)
    document["roster"][1]["sheet"]["attributes"]["grace"] = "quick"
    path = write_json(tmp_path / "bad.uwr", document)
    with pytest.raises(EncounterFileError, match=r"\$\.roster\[1\]\.sheet\.attributes\.grace: "):
        read_encounter(path)
    document = saved_document(tmp_path)
    document["roster"][0]["sheet"]["attributes"]["grace"] = 9
    path = write_json(tmp_path / "bad.uwr", document)
    with pytest.raises(
        EncounterFileError, match=r"\$\.roster\[0\]\.sheet\.attributes: Grace must be 0"
    ):
        read_encounter(path)
    document = saved_document(tmp_path)
    document["roster"][0]["wings"] = 2
    path = write_json(tmp_path / "bad.uwr", document)
    with pytest.raises(EncounterFileError, match=r"unknown field `wings`"):
        read_encounter(path)


def test_refuses_unknown_rulesets_and_bad_settings(tmp_path):
    document = saved_document(tmp_path)
    document["ruleset"] = "chess"
    with pytest.raises(EncounterFileError, match="Unknown ruleset 'chess'"):
        read_encounter(write_json(tmp_path / "r.uwr", document))
    document = saved_document(tmp_path)
    document["settings"]["initiative_tie"] = "coin"
    with pytest.raises(EncounterFileError, match="initiative_tie"):
        read_encounter(write_json(tmp_path / "s.uwr", document))


def test_refuses_a_journal_that_does_not_replay(tmp_path):
    document = saved_document(tmp_path)
    document["roster"] = document["roster"][:1]
    with pytest.raises(EncounterFileError, match="the journal does not replay: entry 1"):
        read_encounter(write_json(tmp_path / "j.uwr", document))
    document = saved_document(tmp_path)
    document["cursor"] = 99
    with pytest.raises(EncounterFileError, match="cursor 99 is beyond"):
        read_encounter(write_json(tmp_path / "c.uwr", document))


def test_a_failing_save_leaves_the_old_file_intact(tmp_path, monkeypatch):
    session = played_session()
    path = tmp_path / "fight.uwr"
    save_encounter(session, path)
    before = path.read_bytes()
    session.do(ApplyDamage(["hero"], 1))

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(EncounterFileError, match=r"cannot save fight\.uwr: No space left"):
        save_encounter(session, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["fight.uwr"]


def test_saving_into_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(EncounterFileError, match="cannot save"):
        save_encounter(played_session(), Path(tmp_path / "nowhere" / "fight.uwr"))


def test_spaces_do_not_count_against_what_a_fight_holds(tmp_path, monkeypatch):
    session = played_session()
    path = tmp_path / "spacious.uwr"
    save_encounter(session, path)
    data = path.read_bytes()
    monkeypatch.setattr(encounter_file, "MAX_FIGHT_BYTES", len(data))
    path.write_bytes(data.replace(b"\n", b"\n" + b" " * 40))
    assert len(path.read_bytes()) > 2 * len(data)
    assert load_encounter(path).state == session.state


def test_a_fight_at_the_size_limit_is_saved_and_opened_again(tmp_path, monkeypatch):
    session = played_session()
    limit = len(encounter_file.encode_encounter(session)) + 3_000
    monkeypatch.setattr(journal_budget, "MAX_FIGHT_BYTES", limit)
    monkeypatch.setattr(encounter_file, "MAX_FIGHT_BYTES", limit)
    session = Session(session.ruleset, session.roster, entries=session.entries)
    with pytest.raises(RulesError, match=r"past .* MiB, the most one file holds"):
        for number in range(100):
            session.do(EditCell("orc", "notes", f"{number} " + "x" * 500))
    before = session.state
    path = tmp_path / "full.uwr"
    save_encounter(session, path)
    assert load_encounter(path).state == before


def test_a_fight_keeps_at_most_the_journal_limit_of_changes(tmp_path, monkeypatch):
    session = played_session()
    session.redo()
    monkeypatch.setattr(journal_budget, "MAX_JOURNAL_ENTRIES", len(session.entries))
    with pytest.raises(RulesError, match=r"reached .* changes, the most one fight keeps"):
        session.do(ApplyDamage(["orc"], 1))
    session.undo()
    session.do(ApplyDamage(["orc"], 1))
    path = tmp_path / "full.uwr"
    save_encounter(session, path)
    assert load_encounter(path).state == session.state
