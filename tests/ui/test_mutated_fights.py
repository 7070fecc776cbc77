"""Damaged or hand-edited fight files of every round system: refused, or shown and saved.

A fight of each registered round system (and of ``duel``, the tests' own, joined as a system
from elsewhere would be) is played with seeded dice and saved. Hypothesis then changes the saved
file the ways an edited or damaged file differs: a field's value, an entry removed, doubled or
moved, a combatant reference pointed at someone else or at nobody, a roll record broken, an
event's tag changed to one of any round system (bare or with a system's id before it). Every
mutated file is either refused with the one file error, naming the file, or it opens: then
every journal position is shown by every view the window reads (table cells, health,
resources, legal intents, timeline, log lines, the player view and its last roll), the table
and log models read every cell and line, and the fight saves and reopens equal. The fight open
meanwhile stays as it was.

``--hypothesis-show-statistics`` prints how many mutated files of each kind were refused or
opened.
"""

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec
import pytest
from every_system import SYSTEMS, fighter, shown
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from json_paths import json_paths

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.events import event_union
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    EndRound,
    Heal,
    NextTurn,
    RemoveCombatants,
    RollDice,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)

NAME = "fight.uwr"


pytestmark = pytest.mark.usefixtures("own_systems_in_module")


def _played(ruleset_id: str) -> Session:
    """A fight of ``ruleset_id`` with joins, a leave, conditions running out, typed rolls,
    attacks and a redo tail, rolled with seeded dice."""
    roster = [fighter(ruleset_id, n, Side.PLAYER if n < 2 else Side.ENEMY) for n in range(4)]
    session = Session(make_ruleset(ruleset_id), roster, roller=Roller(random.Random(11)))
    choices = random.Random(5)
    session.do(AddCondition(["f1"], Condition("Dazed", rounds=1)))
    session.do(EditCell("f3", "hidden", True))
    session.do(StartFight())
    steps: list[Callable[[], object]] = [
        lambda: session.do(NextTurn()),
        lambda: session.do(ApplyDamage([choices.choice(session.state.rows)], 2)),
        lambda: session.do(Heal([choices.choice(session.state.rows)], 1)),
        lambda: session.do(
            RollDice(
                choices.choice(session.state.rows), choices.choice(["4d6 r1", "4k2+1", "2d10"])
            )
        ),
        lambda: session.do(
            AddCondition([choices.choice(session.state.rows)], Condition("Slow", 2))
        ),
    ]
    planned = {
        12: AddCombatants([fighter(ruleset_id, 4, Side.ENEMY)]),
        24: RemoveCombatants(["f0"]),
    }
    for step in range(40):
        state = session.state
        options = [
            option for cid in state.rows for option in session.ruleset.legal_intents(state, cid)
        ]
        try:
            if planned and step >= min(planned):
                session.do(planned[min(planned)])
                del planned[min(planned)]
            elif step % 9 == 8:
                session.do(EndRound())
            elif options and choices.random() < 0.6:
                session.do(choices.choice(options).intent)
            else:
                choices.choice(steps)()
        except RulesError:
            continue
    assert not planned
    session.undo()
    session.undo()
    return session


class Fight:
    """A played fight of one round system as its file holds it, and what a mutation may aim at."""

    def __init__(self, ruleset_id: str) -> None:
        self.session = _played(ruleset_id)
        self.document = json.loads(encode_encounter(self.session))
        found = list(json_paths(self.document))
        ids = {value.get("id") for _path, value in found if isinstance(value, dict)}
        self.ids = sorted(cid for cid in ids if isinstance(cid, str))
        self.values = [path for path, _value in found if path]
        self.lists = [path for path, value in found if isinstance(value, list) and value]
        self.references = [
            path for path, value in found if path and path[-1] != "id" and value in self.ids
        ]
        self.rolls = [
            path
            for path, value in found
            if isinstance(value, dict) and "dice" in value and path[:1] == ("journal",)
        ]
        self.events = [
            path for path, _value in found if path[:1] == ("journal",) and path[-1:] == ("type",)
        ]


_FIGHTS: dict[str, Fight] = {}


def fight_of(ruleset_id: str) -> Fight:
    """The played fight of ``ruleset_id`` (played once per run)."""
    if ruleset_id not in _FIGHTS:
        _FIGHTS[ruleset_id] = Fight(ruleset_id)
    return _FIGHTS[ruleset_id]


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def _set(document: Any, path: tuple[Any, ...], value: Any) -> None:
    _at(document, path[:-1])[path[-1]] = value


numbers = st.integers(-3, 12) | st.sampled_from([0, -1, 10**6, 2**63, 1.5])
json_values = st.recursive(
    st.none() | st.booleans() | numbers | st.text(max_size=6) | st.sampled_from(["f0", "f4"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=2)
    ),
    max_leaves=5,
)
roll_fields = st.sampled_from(
    ["dice", "kept", "faces", "chains", "sides", "kind", "rerolls_taken", "modifier", "explode"]
)
roll_values = (
    numbers
    | st.sampled_from(["pool", "keep", "sum", True, False])
    | st.lists(st.integers(0, 12), max_size=4)
    | st.lists(st.lists(st.integers(0, 12), min_size=1, max_size=3), max_size=4)
)


@cache
def every_tag() -> list[str]:
    """The tag of every event of every round system, and each with a system's id before it."""
    tags = sorted(
        {
            kind.cls.__struct_config__.tag
            for system in SYSTEMS
            for kind in msgspec.inspect.type_info(event_union(system)).types
        }
    )
    return tags + [f"{system}.{tag}" for system in SYSTEMS for tag in tags]


@st.composite
def mutations(draw: st.DrawFn, fight: Fight) -> tuple[str, Any]:
    """A copy of ``fight``'s file changed one way, and the name of the way."""
    document = json.loads(json.dumps(fight.document))
    kind = draw(
        st.sampled_from(
            ["value", "removed", "doubled", "swapped", "reference", "nobody", "roll", "tag"]
        )
    )
    if kind == "value":
        _set(document, draw(st.sampled_from(fight.values)), draw(json_values))
    elif kind in ("removed", "doubled", "swapped"):
        items = _at(document, draw(st.sampled_from(fight.lists)))
        index = draw(st.integers(0, len(items) - 1))
        if kind == "removed":
            del items[index]
        elif kind == "doubled":
            items.insert(index, json.loads(json.dumps(items[index])))
        else:
            items.insert(draw(st.integers(0, len(items) - 1)), items.pop(index))
    elif kind == "reference":
        path = draw(st.sampled_from(fight.references))
        _set(document, path, draw(st.sampled_from([*fight.ids, "ghost"])))
    elif kind == "nobody":
        for path in fight.references:
            _set(document, path, "ghost")
    elif kind == "roll":
        record = _at(document, draw(st.sampled_from(fight.rolls)))
        record[draw(roll_fields)] = draw(roll_values)
    else:
        _set(document, draw(st.sampled_from(fight.events)), draw(st.sampled_from(every_tag())))
    return kind, document


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_the_played_fight_opens_shows_and_saves(ruleset_id):
    fight = fight_of(ruleset_id)
    assert fight.references and fight.rolls and fight.events and len(fight.ids) == 5
    opened = decode_encounter(json.dumps(fight.document).encode()).session()
    shown(opened)
    assert (opened.entries, opened.cursor) == (fight.session.entries, fight.session.cursor)
    assert opened.cursor < len(opened.entries)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
@settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_mutated_file_is_refused_or_opens_shows_and_saves_again(ruleset_id, data):
    fight = fight_of(ruleset_id)
    playing = fight_of("uwr").session
    before = (playing.state, playing.entries, playing.cursor)
    kind, document = data.draw(mutations(fight))
    try:
        opened = decode_encounter(json.dumps(document).encode(), name=NAME).session()
    except EncounterFileError as error:
        event(f"{kind}: refused")
        assert str(error).startswith(NAME)
    else:
        event(f"{kind}: opened")
        shown(opened)
        again = decode_encounter(encode_encounter(opened), name=NAME).session()
        assert (again.roster, again.entries, again.cursor) == (
            opened.roster,
            opened.entries,
            opened.cursor,
        )
        assert again.state == opened.state
    assert (playing.state, playing.entries, playing.cursor) == before
