"""Dice typed for a combatant are decided once, in the common module, under every round system:
kept in the journal with their faces, logged, undone and read back like any other roll."""

import random

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, sheet_type
from uwr_desktop.core.events import DiceRolled
from uwr_desktop.core.intents import RollDice, RulesError
from uwr_desktop.core.rolls import DiceKind, DieMark
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter


def session_of(ruleset_id: str, seed: int = 7) -> Session:
    sheet = sheet_type(ruleset_id)
    assert sheet is not None
    roster = (Combatant(id="ana", name="Ana", sheet=sheet()),)
    return Session(make_ruleset(ruleset_id), roster, roller=Roller(random.Random(seed)))


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
    assert session.state == before, "a free roll changes nothing in the fight"
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
