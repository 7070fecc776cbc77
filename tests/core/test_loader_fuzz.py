"""Fuzzing the .uwr loader: any bytes give a session or one EncounterFileError, never a crash,
and loading never changes an encounter already open."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from json_paths import json_paths

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import ApplyDamage, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction, ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet, Weapon
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)


def open_session():
    sword = Weapon(name="Sword", upr_type="Swift")
    roster = [
        Combatant(id="a", name="Ann", side=Side.PLAYER, sheet=UwrSheet(weapons=(sword,))),
        Combatant(id="b", name="Bob", sheet=UwrSheet(weapons=(sword,))),
    ]
    session = Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(9)))
    session.do(StartFight())
    session.do(Attack("a", 0, "b"))
    session.do(React(Reaction.PARRY))
    session.do(ResolveCheck())
    session.do(ApplyDamage(["b"], 2))
    return session


OPEN = open_session()
VALID = encode_encounter(OPEN)
DOCUMENT = json.loads(VALID)


def load_or_refuse(data):
    before = (OPEN.state, OPEN.entries, OPEN.cursor)
    try:
        decode_encounter(data).session()
    except EncounterFileError as error:
        assert str(error)
    assert (OPEN.state, OPEN.entries, OPEN.cursor) == before


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_crash(data):
    load_or_refuse(data)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)), max_size=6))
def test_flipped_bytes_never_crash(flips):
    data = bytearray(VALID)
    for position, value in flips:
        data[position] = value
    load_or_refuse(bytes(data))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


ALL_PATHS = [path for path, _value in json_paths(DOCUMENT) if path]


def replaced(document, path, value):
    copy = json.loads(json.dumps(document))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ALL_PATHS), json_values)
def test_mutated_valid_files_never_crash(path, value):
    document = replaced(DOCUMENT, path, value)
    load_or_refuse(json.dumps(document, allow_nan=True).encode())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(ALL_PATHS), st.integers(-3, 12))
def test_nudged_numbers_never_crash(path, value):
    load_or_refuse(json.dumps(replaced(DOCUMENT, path, value)).encode())


def test_the_unmutated_file_loads():
    assert decode_encounter(VALID).session().state == OPEN.state
