"""Copies number their original in every round system, ``duel`` included: copies of a plain
"Bandit" make it "Bandit 1" in the same journal entry as they join (before the fight and in a
fight under way), one undo takes back both, later copies continue the numbers, a name already
taken is never given again and a long name is shortened to fit its number. A combatant added
by hand under a name already fighting is numbered the same way. The fight saves, recovers and
shows in every view as any other."""

import random

import pytest
from every_system import SYSTEMS, fighter, shown
from msgspec.structs import replace

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.naming import copies_join, duplicates, newcomer_joins, numbered_names
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter

pytestmark = pytest.mark.usefixtures("own_systems_in_module")


def _session(ruleset_id: str, *names: str) -> Session:
    roster = [
        replace(fighter(ruleset_id, n, Side.PLAYER if n == 0 else Side.ENEMY), name=name)
        for n, name in enumerate(("Vex", *names))
    ]
    return Session(make_ruleset(ruleset_id), roster, roller=Roller(random.Random(5)))


def _names(session: Session) -> list[str]:
    state = session.state
    return [state.combatants[cid].name for cid in state.rows]


def _duplicate(session: Session, *names: str) -> None:
    """Duplicate the combatants called ``names`` as the Duplicate command does."""
    state = session.state
    fighting = [state.combatants[cid] for cid in state.rows]
    originals = [c for c in fighting if c.name in names]
    session.do(copies_join(duplicates(originals, [c.name for c in fighting]), fighting))


@pytest.fixture(params=[False, True], ids=["setup", "under way"])
def under_way(request: pytest.FixtureRequest) -> bool:
    """Whether the fight has started (copies join a fight under way) or is being set up."""
    return bool(request.param)


def _bandit_fight(ruleset_id: str, under_way: bool) -> Session:
    session = _session(ruleset_id, "Bandit")
    if under_way:
        session.do(StartFight())
    return session


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_copies_number_their_original_and_one_undo_takes_both_back(ruleset_id, under_way):
    session = _bandit_fight(ruleset_id, under_way)
    before = len(session.entries)
    _duplicate(session, "Bandit")
    assert _names(session) == ["Vex", "Bandit 1", "Bandit 2"]
    assert len(session.entries) == before + 1, "the copy and the renaming are one entry"
    assert session.undo_label == "Bandit 2 joins (Bandit is now Bandit 1)"
    lines = session.describe_entry(before)
    assert any("Bandit 1" in line for line in lines), lines

    _duplicate(session, "Bandit 1")
    assert _names(session) == ["Vex", "Bandit 1", "Bandit 2", "Bandit 3"]
    session.undo()
    session.undo()
    assert _names(session) == ["Vex", "Bandit"]
    session.redo()
    assert _names(session) == ["Vex", "Bandit 1", "Bandit 2"]
    _duplicate(session, "Bandit 2")
    assert _names(session) == ["Vex", "Bandit 1", "Bandit 2", "Bandit 3"]

    reopened = decode_encounter(encode_encounter(session)).session()
    assert reopened.state == session.state
    shown(reopened)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_library_copies_number_the_original_and_a_lone_copy_stays_plain(ruleset_id):
    session = _session(ruleset_id)
    template = replace(fighter(ruleset_id, 7, Side.ENEMY), name="Bandit")

    def add(count: int) -> None:
        state = session.state
        fighting = [state.combatants[cid] for cid in state.rows]
        names = numbered_names("Bandit", count, [c.name for c in fighting])
        made = [replace(template, id=f"b{len(state.rows)}-{n}", name=n) for n in names]
        session.do(copies_join(made, fighting))

    add(1)
    assert _names(session) == ["Vex", "Bandit"], "a lone Bandit keeps its name"
    add(3)
    assert _names(session) == ["Vex", "Bandit 1", "Bandit 2", "Bandit 3", "Bandit 4"]
    add(1)
    assert _names(session)[-1] == "Bandit 5"
    session.undo()
    session.undo()
    assert _names(session) == ["Vex", "Bandit"]


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_combatant_added_under_a_name_fighting_is_numbered_with_it(ruleset_id, under_way):
    session = _bandit_fight(ruleset_id, under_way)
    before = len(session.entries)

    def add(name: str) -> None:
        state = session.state
        made = replace(fighter(ruleset_id, 9, Side.ENEMY), id=f"n{len(state.rows)}", name=name)
        session.do(newcomer_joins(made, [state.combatants[cid] for cid in state.rows]))

    add("bandit")
    assert _names(session) == ["Vex", "Bandit 1", "Bandit 2"]
    assert len(session.entries) == before + 1
    add("Crow")
    add("Bandit 2")
    assert _names(session) == ["Vex", "Bandit 1", "Bandit 2", "Crow", "Bandit 3"]
    session.undo()
    session.undo()
    session.undo()
    assert _names(session) == ["Vex", "Bandit"]
    shown(session)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_taken_number_one_leaves_the_original_as_it_is(ruleset_id):
    session = _session(ruleset_id, "Bandit", "bandit 1")
    _duplicate(session, "Bandit")
    assert _names(session) == ["Vex", "Bandit", "bandit 1", "Bandit 2"]
    keys = [name.casefold() for name in _names(session)]
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_long_name_is_shortened_to_fit_its_number(ruleset_id):
    long_name = "Bandit " + "x" * (MAX_NAME_LENGTH - len("Bandit "))
    session = _session(ruleset_id, long_name)
    _duplicate(session, long_name)
    names = _names(session)
    assert all(len(name) <= MAX_NAME_LENGTH for name in names)
    assert names[1].endswith(" 1") and names[2].endswith(" 2")
    assert names[1][:-2] == names[2][:-2] and long_name.startswith(names[1][:-2])
    _duplicate(session, names[2])
    assert _names(session)[-1] == f"{names[1][:-2]} 3"
    session.undo()
    session.undo()
    assert _names(session) == ["Vex", long_name]
