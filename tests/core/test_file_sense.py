"""What a fight file holds must make sense and fit the limits as the app writes it.

The records are checked where they are read, the same way in every round system and in files
as in the autosave journal: a roll's
faces must fit its dice, every combatant an event names must be in the fight at that point, a
sheet must be of the fight's round system, and the fight must fit ``MAX_FIGHT_BYTES`` as it will
be saved, not only as the file happens to be written. Each refusal is one ``EncounterFileError``
naming the file and, for the journal, the entry.
"""

import json
import random
import subprocess
import sys
import textwrap

import pytest
from json_paths import json_paths

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition, sheet_type
from uwr_desktop.core.intents import AddCondition, EndRound, StartFight
from uwr_desktop.core.rulesets import load_rulesets, make_ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.autosave import autosave, recover_session
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)
from uwr_desktop.core.storage.journal_db import JournalCorruptError, JournalStore

SYSTEMS = ("uwr", "tactical", "rollkeep", "hands")


def played(ruleset_id):
    """Ana (Dazed for one round) and Bo, the fight started, then a round ended."""
    load_rulesets()
    made = sheet_type(ruleset_id)
    roster = [
        Combatant(id="ana", name="Ana", side=Side.PLAYER, sheet=made()),
        Combatant(id="bo", name="Bo", sheet=made()),
    ]
    session = Session(make_ruleset(ruleset_id), roster, roller=Roller(random.Random(1)))
    for intent in (AddCondition(["ana"], Condition("Dazed", rounds=1)), StartFight(), EndRound()):
        session.do(intent)
    return json.loads(encode_encounter(session))


def opened(document):
    return decode_encounter(json.dumps(document).encode(), name="fight.uwr")


def refusal(document):
    with pytest.raises(EncounterFileError) as refused:
        opened(document)
    return str(refused.value)


def event_of(document, kind):
    """(entry number counted from 1, the event) of the first event of type ``kind``."""
    for number, entry in enumerate(document["journal"], 1):
        for event in entry["events"]:
            if event["type"] == kind:
                return number, event
    raise AssertionError(f"no {kind} in the fight")


def test_an_initiative_score_keeping_no_dice_is_refused_naming_its_entry():
    document = played("rollkeep")
    number, rolled = event_of(document, "InitiativeRolled")
    rolled["rolls"][0]["roll"]["kept"] = 0
    assert refusal(document) == (
        f"fight.uwr has a bad field in entry {number}: events[1].rolls[0].roll: "
        "cannot roll 3k0: at least 1 die must be kept"
    )


def test_an_initiative_sum_with_a_face_too_many_is_refused_naming_its_entry():
    document = played("tactical")
    number, rolled = event_of(document, "InitiativeRolled")
    rolled["rolls"][0]["roll"]["faces"].append(3)
    assert refusal(document) == (
        f"fight.uwr has a bad field in entry {number}: events[0].rolls[0].roll: "
        "2d10 needs 2 faces, got 3"
    )


@pytest.mark.parametrize("ruleset_id", ["uwr", "rollkeep", "hands"])
def test_a_round_end_naming_a_missing_combatant_is_refused(ruleset_id):
    document = played(ruleset_id)
    number, ended = event_of(document, "RoundEnded")
    ended["expired"][0]["combatant_id"] = "ghost"
    label = document["journal"][number - 1]["label"]
    assert refusal(document) == (
        f"fight.uwr: the journal does not replay: entry {number} ({label!r}) does not replay: "
        "there is no combatant with id 'ghost'"
    )


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_every_reference_pointed_at_nobody_is_refused(ruleset_id):
    document = played(ruleset_id)
    for path, value in list(json_paths(document["journal"])):
        if path and path[-1] != "id" and value in ("ana", "bo"):
            named = document["journal"]
            for key in path[:-1]:
                named = named[key]
            named[path[-1]] = "ghost"
    assert "there is no combatant with id 'ghost'" in refusal(document)


def _join_and_leave(ruleset_id, pairs):
    """A file of ``pairs`` times 1,000 combatants joining and leaving, every field left at its
    default: small as written, far larger as the app writes it."""
    joining = [
        {"id": f"c{n}", "name": f"C{n}", "sheet": {"ruleset": ruleset_id}} for n in range(1000)
    ]
    ids = [combatant["id"] for combatant in joining]
    journal = [
        {"label": label, "events": [event]}
        for _ in range(pairs)
        for label, event in (
            ("Join", {"type": "CombatantsJoined", "combatants": joining}),
            ("Leave", {"type": "CombatantsLeft", "combatant_ids": ids}),
        )
    ]
    document = {"format": "uwr-desktop-encounter", "schema_version": 2, "ruleset": ruleset_id}
    return {**document, "settings": {}, "roster": [], "journal": journal, "cursor": len(journal)}


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_file_is_held_to_the_limits_as_the_app_would_write_it(ruleset_id):
    small_as_written = _join_and_leave(ruleset_id, 70)
    assert len(json.dumps(small_as_written, separators=(",", ":"))) < 5 * 2**20
    assert "holds too much" in refusal(small_as_written)
    within = opened(_join_and_leave(ruleset_id, 8)).session()
    again = decode_encounter(encode_encounter(within)).session()
    assert (again.entries, again.state) == (within.entries, within.state)


def test_a_record_of_another_round_system_is_refused_in_the_same_words_every_run():
    """Whether the other round system was used before in the run changes nothing."""
    child = textwrap.dedent(
        """
        import json, sys
        from uwr_desktop.core.rulesets import load_rulesets
        from uwr_desktop.core.storage.encounter_file import EncounterFileError, decode_encounter

        document = json.loads(sys.argv[1])
        for _ in range(2):
            try:
                decode_encounter(json.dumps(document).encode(), name="fight.uwr")
            except EncounterFileError as error:
                print(error)
            load_rulesets()
        """
    )
    uwr = played("uwr")
    with_sheet = {**uwr, "roster": [{**uwr["roster"][0], "sheet": {"ruleset": "rollkeep"}}]}
    with_event = json.loads(json.dumps(uwr))
    with_event["journal"][0]["events"].append({"type": "Delayed", "combatant_id": "ana"})
    earlier = {**with_event, "schema_version": 7}
    earlier["journal"] = json.loads(json.dumps(with_event["journal"]))
    earlier["journal"][0]["events"][-1]["type"] = "rollkeep.Delayed"
    for document, expected in (
        (
            with_sheet,
            "fight.uwr has a bad field: $.roster[0].sheet: the sheet is for the round system "
            "'rollkeep', not 'uwr'",
        ),
        (
            with_event,
            "fight.uwr has a bad field in entry 1: events[1].type: the round system 'uwr' has "
            "no event 'Delayed'",
        ),
        (
            earlier,
            "fight.uwr has a bad field in entry 1: events[1].type: the round system 'uwr' has "
            "no event 'rollkeep.Delayed'",
        ),
    ):
        done = subprocess.run(
            [sys.executable, "-c", child, json.dumps(document)],
            capture_output=True,
            text=True,
            check=True,
        )
        assert done.stdout.splitlines() == [expected, expected]


@pytest.mark.parametrize("cut", [b"[" * 100, b'{"a":' * 70, b"[" * 100 + b"]" * 99])
def test_deep_nesting_cut_short_is_called_deep_not_unreadable(cut):
    with pytest.raises(EncounterFileError, match="nested more than 64 levels deep"):
        decode_encounter(cut, name="fight.uwr")


def _stored(tmp_path, document):
    """``document``'s fight stored in an autosave journal; the store and the fight's id."""
    store = JournalStore(tmp_path / "journal.sqlite3")
    journal = autosave(store, opened(document).session(), title="Ambush")
    journal.release_lock()
    return store, journal.encounter_id


def _tamper_entry(store, fight, index, change):
    (data,) = store.connection.execute(
        "SELECT data FROM journal_entries WHERE encounter_id = ? AND idx = ?", (fight, index)
    ).fetchone()
    entry = json.loads(data)
    change(entry)
    store.connection.execute(
        "UPDATE journal_entries SET data = ? WHERE encounter_id = ? AND idx = ?",
        (json.dumps(entry).encode(), fight, index),
    )


def test_the_autosave_journal_is_held_to_the_same_sense(tmp_path):
    document = played("rollkeep")
    number, _rolled = event_of(document, "InitiativeRolled")
    store, fight = _stored(tmp_path, document)

    def no_dice_kept(entry):
        entry["events"][1]["rolls"][0]["roll"]["kept"] = 0

    _tamper_entry(store, fight, number - 1, no_dice_kept)
    with pytest.raises(JournalCorruptError, match=f"Entry {number - 1} of encounter {fight}.*3k0"):
        store.recover(fight)
    store.close()


def test_a_stored_entry_naming_nobody_does_not_replay(tmp_path):
    document = played("uwr")
    number, _ended = event_of(document, "RoundEnded")
    store, fight = _stored(tmp_path, document)

    def expired_for_nobody(entry):
        for event in entry["events"]:
            if event["type"] == "RoundEnded":
                event["expired"][0]["combatant_id"] = "ghost"

    _tamper_entry(store, fight, number - 1, expired_for_nobody)
    with pytest.raises(JournalCorruptError, match="there is no combatant with id 'ghost'"):
        recover_session(store, fight)
    store.close()
