"""Dice typed for a combatant are decided once, in the common module, under every round system:
kept in the journal with their faces, logged, undone and read back like any other roll."""

import random

import pytest
from msgspec.structs import replace
from recording_roller import RecordingRoller

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import Combatant, TypedRoll, sheet_type
from uwr_desktop.core.events import DiceRerolled, DiceRolled, RolledByHand
from uwr_desktop.core.intents import RerollDice, RollDice, RulesError, StartFight
from uwr_desktop.core.rolls import DiceKind, DieMark
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.rulesets.common import describe_shared, roll_text
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter


def session_of(ruleset_id: str, seed: int = 7) -> Session:
    ruleset = make_ruleset(ruleset_id)
    sheet = sheet_type(ruleset_id)
    assert sheet is not None
    roster = (Combatant(id="ana", name="Ana", sheet=sheet()),)
    return Session(ruleset, roster, roller=Roller(random.Random(seed)))


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@pytest.mark.parametrize(
    ("notation", "kind", "written"),
    [
        ("7d6 f+1 r2", DiceKind.POOL, "7d6 f+1 r2"),
        ("6k3+2", DiceKind.KEEP, "6k3+2"),
        ("2d10+5", DiceKind.SUM, "2d10+5"),
    ],
)
def test_typed_dice_are_journaled_logged_and_read_back(ruleset_id, notation, kind, written):
    session = session_of(ruleset_id)
    before = session.state
    entry = session.do(RollDice("ana", notation, title="Climb"))
    assert entry.label == "Ana: Climb"
    (rolled,) = entry.events
    assert isinstance(rolled, DiceRolled)
    assert (rolled.combatant_id, rolled.notation, rolled.roll.kind) == ("ana", written, kind)
    assert replace(session.state, typed_roll=None) == before, "a free roll changes no combatant"
    assert session.state.typed_roll == TypedRoll("ana", written, rolled.roll)
    (line,) = session.describe_entry(0)
    assert line.startswith(f"Ana rolls Climb ({written}): [")
    assert line.endswith(str(rolled.roll.total)) or "success" in line
    reopened = decode_encounter(encode_encounter(session)).session()
    assert reopened.entries == session.entries
    session.undo()
    assert session.state == before


def test_a_keep_roll_logs_its_dropped_dice_and_the_total():
    session = session_of("uwr", seed=3)
    (rolled,) = session.do(RollDice("ana", "5k2")).events
    marks = rolled.roll.marks
    assert sum(DieMark.KEPT in mark for mark in marks) == 2
    assert sum(DieMark.DROPPED in mark for mark in marks) == 3
    (line,) = session.describe_entry(0)
    assert line.count("(") - line.count("(5k2)") == 3, "each dropped die is in brackets"
    assert line.endswith(f"= {rolled.roll.total}")


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("", "^Enter a dice roll such as 7d6"),
        ("3d", "^'3d' needs a number of sides"),
        ("banana", "^'banana' is not a dice roll"),
    ],
)
def test_bad_notation_is_refused_and_changes_nothing(notation, message):
    session = session_of("uwr")
    with pytest.raises(RulesError, match=message):
        session.do(RollDice("ana", notation))
    assert session.entries == ()


def test_dice_for_nobody_in_the_fight_are_refused():
    with pytest.raises(RulesError, match="no combatant with id 'ghost'"):
        session_of("uwr").do(RollDice("ghost", "2d6"))


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_dice_for_nobody_are_the_gms_own_roll_journaled_and_logged(ruleset_id):
    session = session_of(ruleset_id)
    entry = session.do(RollDice(None, "2d10+5"))
    assert entry.label == "Roll 2d10+5"
    (rolled,) = entry.events
    assert isinstance(rolled, DiceRolled) and rolled.combatant_id is None
    (line,) = session.describe_entry(0)
    assert line == f"The GM rolls 2d10+5: {roll_text(rolled.roll)}"
    reopened = decode_encounter(encode_encounter(session)).session()
    assert reopened.entries == session.entries
    (shown,) = session.ruleset.rolls(rolled, session.state_at(0))
    assert (shown.combatant_id, shown.title, shown.record) == (None, "rolls 2d10+5", rolled.roll)


def _failures(record) -> list[int]:
    return list(record.pool().rerollable_indices)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_rerolls_of_a_typed_pool_are_journaled_and_undone(ruleset_id):
    session = session_of(ruleset_id, seed=11)
    (rolled,) = session.do(RollDice("ana", "8d6 r2")).events
    failed = _failures(rolled.roll)
    assert len(failed) >= 2, "the seed rolls at least two failures"
    entry = session.do(RerollDice(failed[:2]))
    assert entry.label == "Reroll 2 dice"
    (rerolled,) = entry.events
    assert isinstance(rerolled, DiceRerolled)
    assert [index for index, _ in rerolled.rerolls] == failed[:2]
    after = session.state.typed_roll.record
    assert after.pool().rerolls_left == 0
    assert after.pool().successes >= rolled.roll.pool().successes
    (line,) = session.describe_entry(1)
    assert line.startswith("Ana rerolls 2 dice of 8d6 r2: [")
    (shown,) = session.ruleset.rolls(rerolled, session.state_at(1))
    assert shown.record == after and shown.rerolled == tuple(failed[:2])
    assert shown.combatant_id == "ana"
    assert shown.title == "rerolls 2 dice of 8d6 r2"
    still_failed = _failures(after)
    assert still_failed, "the seed leaves a failure after the rerolls"
    with pytest.raises(RulesError, match="No rerolls are left"):
        session.do(RerollDice(still_failed[:1]))
    reopened = decode_encounter(encode_encounter(session)).session()
    assert reopened.state.typed_roll == session.state.typed_roll
    session.undo()
    assert session.state.typed_roll.record == rolled.roll


def test_a_success_is_not_rerolled_and_nothing_changes():
    session = session_of("uwr", seed=11)
    (rolled,) = session.do(RollDice("ana", "8d6 r2")).events
    success = next(i for i, f in enumerate(rolled.roll.faces) if f >= 5)
    with pytest.raises(RulesError, match=f"Die {success + 1} is a success"):
        session.do(RerollDice([success]))
    assert len(session.entries) == 1


def test_there_is_nothing_to_reroll_without_a_typed_pool():
    session = session_of("rollkeep")
    with pytest.raises(RulesError, match="no typed pool to reroll"):
        session.do(RerollDice([0]))
    session.do(RollDice("ana", "6k3"))
    with pytest.raises(RulesError, match="no typed pool to reroll"):
        session.do(RerollDice([0]))


@pytest.mark.parametrize("notation", ["8d6 r2", "6k3", "2d10+5"])
def test_typed_dice_ask_for_whom_and_what_they_are_rolled(notation):
    session = session_of("uwr")
    roller = RecordingRoller(random.Random(11))
    session.do(RollDice("ana", notation, title=" Climb "), roller=roller)
    assert roller.asked and set(roller.asked) == {RollFor("ana", "Climb")}
    roller.asked.clear()
    session.do(RollDice(None, notation), roller=roller)
    assert roller.asked and set(roller.asked) == {RollFor(None, "typed dice")}


def test_rerolls_of_typed_dice_are_asked_of_whom_the_dice_were_rolled_for():
    session = session_of("uwr")
    roller = RecordingRoller(random.Random(11))
    (rolled,) = session.do(RollDice("ana", "8d6 r2", title="Climb"), roller=roller).events
    roller.asked.clear()
    session.do(RerollDice(_failures(rolled.roll)[:1]), roller=roller)
    assert roller.asked == [RollFor("ana", "typed dice")]


def test_a_typed_pool_is_forgotten_when_a_turn_begins():
    session = session_of("uwr")
    session.do(RollDice("ana", "8d6 r2"))
    session.do(StartFight())
    assert session.state.current == "ana"
    assert session.state.typed_roll is None
    with pytest.raises(RulesError, match="no typed pool to reroll"):
        session.do(RerollDice([0]))


def test_dice_typed_at_the_table_are_logged_by_whom_they_were_rolled_for():
    state = session_of("uwr").state
    assert describe_shared(RolledByHand(("ana",), nobody=True), state) == (
        "Rolled by hand: Ana, the GM"
    )
