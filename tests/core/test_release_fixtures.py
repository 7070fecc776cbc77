"""Fights saved by an earlier release open, and recover, exactly as that release left them.

``tests/fixtures/release-0.1.0/`` was written by UWR Desktop 0.1.0: a ``uwr`` fight in round 2
with conditions, a GM-made turn order, a pending attack undone and a redo tail, saved as a
``.uwr`` file and left in the autosave store as a crash leaves it. ``mid-fight.expected.json``
holds what that release showed: the state after every journal entry, the log lines, the undo and
redo labels. These files are never regenerated: they are what users have on disk.
"""

import json
import shutil
from pathlib import Path

import pytest

from uwr_desktop.core.events import ENCODER, to_builtins
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.autosave import recover_session
from uwr_desktop.core.storage.encounter_file import read_encounter
from uwr_desktop.core.storage.journal_db import JournalStore

RELEASE = Path(__file__).parents[1] / "fixtures" / "release-0.1.0"


@pytest.fixture(scope="module")
def expected():
    data = json.loads((RELEASE / "mid-fight.expected.json").read_text(encoding="utf-8"))
    for state in data["states"]:
        state["acted"] = sorted(state["acted"])
    return data


_POOL_DEFAULTS = {
    "kind": "pool",
    "sides": 6,
    "kept": 0,
    "explode": False,
    "modifier": 0,
    "chains": [],
}
"""Fields the generic roll record added, at the values every d6 pool of release 0.1.0 has (a
pool has no limit: the field is left out)."""


def _release_record(record: dict | None) -> dict | None:
    if record is None:
        return None
    for key, value in _POOL_DEFAULTS.items():
        assert record.pop(key) == value
    return record


def _release_combatant(combatant: dict) -> dict:
    sheet = combatant.pop("sheet")
    assert sheet.pop("ruleset") == "uwr"
    assert combatant.pop("alias") == ""  # the alias came after 0.1.0: none when read back
    for weapon in sheet["weapons"]:
        # The round a preparation was made in came after 0.1.0: none recorded.
        assert weapon.pop("preparing_since") == 0
    assert combatant.pop("dice_by") == "side"
    for condition in combatant["conditions"]:
        # Turn-tied durations and presets came after 0.1.0: none when read back.
        assert (condition.pop("until"), condition.pop("preset"), condition.pop("amount")) == (
            None,
            "",
            None,
        )
    return {**combatant, **sheet}


def _release_pending(pending: dict) -> dict:
    """The pending check in the shape release 0.1.0 gave it: the fields of the check and of the
    reaction side by side, where the check now holds the two events whole."""
    # Results the GM types over a roll came after 0.1.0: none when read back.
    assert (pending.pop("action_typed"), pending.pop("reaction_typed")) == (None, None)
    check, reaction = pending.pop("check"), pending.pop("reaction")
    assert pending == {}
    assert check.pop("type") == "CheckRolled"
    action = _release_record(check.pop("roll"))
    flat = {
        **check,
        "action": action,
        "reaction": None,
        "reaction_kind": None,
        "reaction_weapon": None,
        "reaction_off_guard": False,
    }
    if reaction is not None:
        assert reaction.pop("type") == "ReactionRolled"
        # The skill a dodge adds came after 0.1.0: none in its fights.
        assert reaction.pop("skill") == ""
        flat["reaction"] = _release_record(reaction.pop("roll"))
        flat["reaction_kind"] = reaction.pop("reaction")
        flat["reaction_weapon"] = reaction.pop("weapon")
        flat["reaction_off_guard"] = reaction.pop("off_guard")
        assert reaction == {}
    return flat


def plain(state) -> dict:
    """The state as JSON data in the shape release 0.1.0 gave it: the sheet beside the name,
    the hand-made order and pending check at the top. ``acted`` is a set, so its order is not
    part of the state."""
    data = json.loads(ENCODER.encode(to_builtins(state)))
    data["acted"] = sorted(data["acted"])
    # The latest typed roll came after 0.1.0, which typed no dice: none in its fights.
    assert data.pop("typed_roll") is None
    # Dice rolled by hand came after 0.1.0, where the app rolled every die.
    assert data.pop("hand_sides") == []
    data["combatants"] = {
        cid: _release_combatant(combatant) for cid, combatant in data["combatants"].items()
    }
    part = data.pop("part")
    data["manual_order"] = part["manual_order"]
    pending = part["pending"]
    data["pending"] = None if pending is None else _release_pending(pending)
    return data


def state_at(session: Session, position: int) -> dict:
    return plain(session.state_at(position))


def assert_same_fight(session: Session, expected) -> None:
    assert (session.cursor, len(session.entries)) == (expected["cursor"], expected["entries"])
    for position, state in enumerate(expected["states"]):
        assert state_at(session, position) == state, f"state after entry {position} differs"
    log = [list(session.describe_entry(index)) for index in range(len(session.entries))]
    assert log == expected["log"]
    assert session.undo_label == expected["undo_label"]
    assert session.redo_label == expected["redo_label"]


def assert_undo_and_redo_walk_the_same_states(session: Session, expected) -> None:
    cursor = session.cursor
    session.undo()
    assert state_at(session, session.cursor) == expected["states"][cursor - 1]
    while session.can_redo:
        session.redo()
    assert session.cursor == expected["entries"]
    assert plain(session.state) == expected["states"][-1]


def test_the_release_wrote_a_fight_in_round_two_with_a_redo_tail(expected):
    assert expected["app_version"] == "0.1.0"
    assert expected["states"][expected["cursor"]]["round"] == 2
    assert expected["cursor"] < expected["entries"]


def test_a_file_saved_by_release_0_1_0_opens_exactly(expected):
    session = read_encounter(RELEASE / "mid-fight.uwr").session()
    assert_same_fight(session, expected)
    assert_undo_and_redo_walk_the_same_states(session, expected)


def test_an_autosave_left_by_release_0_1_0_is_recovered_exactly(tmp_path, expected):
    store_path = tmp_path / "autosave.sqlite3"
    shutil.copyfile(RELEASE / "autosave.sqlite3", store_path)
    with JournalStore(store_path) as store:
        [summary] = store.recoverable()
        assert summary.title == "Ambush at the ford"
        assert (summary.cursor, summary.entry_count) == (expected["cursor"], expected["entries"])
        session, journal, _recovered = recover_session(store, summary.encounter_id)
        assert_same_fight(session, expected)
        assert_undo_and_redo_walk_the_same_states(session, expected)
        journal.close_cleanly()
        assert store.recoverable() == []
