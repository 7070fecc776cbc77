"""Round trip by construction: whatever ``Session.do`` accepts reads back equal from the event
codec, from a saved ``.uwr`` file and from the autosave journal after a crash.

A Hypothesis fight draws every intent type with values across and beyond every limit of
``core.limits``; a fight at each limit (``limit_cases``) is saved, reopened and recovered.
"""

import random
import tempfile
from fractions import Fraction
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from limit_cases import (
    LIMIT_CASES,
    LIMIT_RULESETS,
    NOT_IN_A_FIGHT,
    SETTINGS_LIMITS,
    fighter,
    limit_names,
    settings_at_the_limits,
    upr_type,
)
from uwr_sheets import forced

from uwr_desktop.core import intents as core_intents
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    ClearManualOrder,
    EditCell,
    EndRound,
    Heal,
    Intent,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    RemoveCondition,
    ReplaceCombatant,
    RerollDice,
    RollDice,
    RulesError,
    SetHandRolls,
    StartFight,
)
from uwr_desktop.core.journal import decode_entry, encode_entry
from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_CONDITION_ROUNDS,
    MAX_CONDITIONS,
    MAX_COUNT,
    MAX_DICE,
    MAX_DIFFICULTY,
    MAX_FAVOR,
    MAX_INITIATIVE,
    MAX_NAME_LENGTH,
    MAX_REROLLS,
    MAX_SKILL_RANK,
    MAX_SKILL_REROLLS,
    MAX_SKILLS,
    MAX_TEXT_LENGTH,
    MAX_UPR_ADJUSTMENT,
    MAX_UPR_DIVISOR,
    MAX_UPR_USES,
    MAX_WEAPONS,
)
from uwr_desktop.core.naming import numbered_names
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr import intents as uwr_intents
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    FreeRoll,
    OpposedCheck,
    OverrideInitiative,
    OverrideWeaponType,
    PrepareWeapon,
    React,
    Reaction,
    Reroll,
    ResolveCheck,
    RollInitiative,
    SetPrepared,
    TypeResult,
)
from uwr_desktop.core.rulesets.uwr.sheet import Skill, Weapon, WeaponPool
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.autosave import autosave
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.library import CombatantLibrary, LibraryError
from uwr_desktop.core.storage.recovery import rebuild_session

MEMORY_FOLDER = "/dev/shm" if Path("/dev/shm").is_dir() else None
"""Where the many small journals of the Hypothesis fights go: memory, where there is one, so
that each example's database costs no disk writes."""


# ---- checking a fight ------------------------------------------------------------------------


def assert_reads_back(session: Session, folder: Path, encounter_id: int) -> None:
    """Events, the saved file and the recovered journal all give the session back equal."""
    for entry in session.entries:
        assert decode_entry(encode_entry(entry), session.ruleset.id) == entry
    reopened = decode_encounter(encode_encounter(session)).session()
    assert reopened.roster == session.roster
    assert reopened.entries == session.entries
    assert reopened.cursor == session.cursor
    assert reopened.state == session.state
    with JournalStore(folder / "journal.sqlite3") as after_crash:
        recovered = rebuild_session(after_crash.recover(encounter_id))
    assert recovered.roster == session.roster
    assert recovered.entries == session.entries
    assert recovered.cursor == session.cursor
    assert recovered.state == session.state


def play(roster, steps, folder: Path, seed: int = 1) -> tuple[Session, int]:
    """Play ``steps`` (intents, ``"undo"`` or ``"redo"``) with the autosave attached; refused
    intents are skipped. Returns the session and its stored fight's id."""
    session = Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(seed)))
    store = JournalStore(folder / "journal.sqlite3")
    journal = autosave(store, session, title="Round trip")
    flat = [one for step in steps for one in (step if isinstance(step, tuple) else (step,))]
    for step in flat:
        try:
            if step == "undo":
                session.undo()
            elif step == "redo":
                session.redo()
            else:
                session.do(step)
        except RulesError as error:
            assert str(error).strip()
    store.close()  # as a crash would: the fight was never closed cleanly
    return session, journal.encounter_id


# ---- values across and beyond every limit ----------------------------------------------------
#
# Each field has its usual values in a fight and its edge values: at, just inside and just
# beyond its limits (or text that cannot be saved). A drawn intent has usual values, and often
# one field at an edge, so that both what is accepted at a limit and what is refused beyond it
# are tried without every intent being refused for some other field.


class Field(msgspec.Struct, frozen=True):
    usual: st.SearchStrategy
    edge: st.SearchStrategy | None = None


def number(low: int, high: int, usual: tuple[int, int]) -> Field:
    """A bounded whole number: usually in ``usual``; at the edges ``low``/``high`` ±1."""
    edges = st.sampled_from([low - 1, low, low + 1, high - 1, high, high + 1])
    return Field(st.integers(*usual), st.one_of(edges, st.integers(low, high)))


def long_text(limit: int, letter: str) -> st.SearchStrategy[str]:
    return st.integers(limit - 1, limit + 1).map(lambda n: letter * n)


ODD_TEXT = st.sampled_from(["", " ", "a\ud800", "\x00", "tab\tand\nnewline"])
NAME = Field(
    st.sampled_from(["Ann", "Blades", "Burning", "Hexed"]),
    st.one_of(long_text(MAX_NAME_LENGTH, "Ñ"), ODD_TEXT),
)
TEXT = Field(st.text(max_size=8), st.one_of(long_text(MAX_TEXT_LENGTH, "ü"), ODD_TEXT))
ID = Field(st.sampled_from(["a", "b", "c"]), st.one_of(st.just("new"), NAME.edge))
IDS = Field(
    st.lists(ID.usual, min_size=1, max_size=3, unique=True),
    st.one_of(st.lists(ID.usual, max_size=3), st.lists(ID.edge, min_size=1, max_size=2)),
)
WEAPON = number(0, MAX_WEAPONS - 1, (0, 1))
FAVOR = number(-MAX_FAVOR, MAX_FAVOR, (-2, 2))
EXTRA_DICE = number(-MAX_DICE, MAX_DICE, (-2, 4))
EXTRA_REROLLS = number(-MAX_REROLLS, MAX_REROLLS, (0, 3))
DIFFICULTY = number(1, MAX_DIFFICULTY, (1, 4))
COUNT = number(0, MAX_COUNT, (0, 30))
AMOUNT = number(1, MAX_COUNT, (1, 8))
INITIATIVE = number(-MAX_INITIATIVE, MAX_INITIATIVE, (-3, 20))
ROUNDS = number(1, MAX_CONDITION_ROUNDS, (1, 4))
UPR_TYPES = st.sampled_from(["Swift", "Slow", "Rapid", "Laser"])
HALVES = st.integers(-1, 16).map(lambda n: Fraction(n, 2))


def maybe_none(field: Field) -> Field:
    return Field(st.none() | field.usual, field.edge)


def just(value: object) -> Field:
    return Field(st.just(value))


@st.composite
def structs(draw, kind, **fields: Field):
    """A ``kind`` with usual values, often one of them at an edge (set without any check)."""
    made = kind(**{name: draw(field.usual) for name, field in fields.items()})
    edged = sorted(name for name, field in fields.items() if field.edge is not None)
    if edged and draw(st.booleans()):
        name = draw(st.sampled_from(edged))
        made = forced(made, **{name: draw(fields[name].edge)})
    return made


def many(limit: int, make) -> st.SearchStrategy[tuple]:
    return st.integers(limit - 1, limit + 1).map(lambda n: tuple(make(i) for i in range(n)))


SKILL = structs(
    Skill,
    name=NAME,
    rank=number(0, MAX_SKILL_RANK, (0, 3)),
    rerolls=number(0, MAX_SKILL_REROLLS, (0, 2)),
)
WEAPON_SHEET = structs(
    Weapon,
    name=NAME,
    upr_type=Field(UPR_TYPES),
    pool=Field(st.sampled_from(WeaponPool)),
    skill=Field(st.sampled_from(["", "Blades"]), NAME.edge),
    prepared=Field(st.booleans()),
)
CONDITION = structs(Condition, name=NAME, rounds=maybe_none(ROUNDS), note=TEXT)
SKILLS = Field(
    st.lists(SKILL, max_size=2).map(tuple),
    many(MAX_SKILLS, lambda i: Skill(f"Skill {i}")),
)
WEAPONS = Field(
    st.lists(WEAPON_SHEET, max_size=2).map(tuple),
    many(MAX_WEAPONS, lambda i: Weapon(name=f"Knife {i}", upr_type="Swift")),
)
CONDITIONS = Field(
    st.lists(CONDITION, max_size=2).map(tuple),
    many(MAX_CONDITIONS, lambda i: Condition(f"Mark {i}", i + 2)),
)


@st.composite
def combatants(draw, ids: st.SearchStrategy[str]):
    """A combatant with usual fields, often one at an edge."""
    base = fighter(draw(ids), draw(st.sampled_from(Side)))
    fields = {
        "name": NAME,
        "notes": TEXT,
        "vitality_max": COUNT,
        "vitality": COUNT,
        "stamina": COUNT,
        "skills": SKILLS,
        "weapons": WEAPONS,
        "conditions": CONDITIONS,
        "id": Field(st.just(base.id), NAME.edge),
    }
    if not draw(st.booleans()):
        return base
    name = draw(st.sampled_from(sorted(fields)))
    field = fields[name]
    value = draw(field.edge if field.edge is not None and draw(st.booleans()) else field.usual)
    if name == "vitality_max":
        return forced(base, vitality_max=value, vitality=min(value, base.sheet.vitality))
    if draw(st.booleans()):
        attributes = forced(base.sheet.attributes, brawn=draw(HALVES), grace=draw(HALVES))
        base = forced(base, attributes=attributes)
    return forced(base, **{name: value})


CELL_VALUES = st.one_of(
    NAME.usual,
    NAME.edge,
    TEXT.edge,
    COUNT.usual,
    COUNT.edge,
    INITIATIVE.edge,
    HALVES,
    st.sampled_from(["2.5", "7", "player", True, None]),
)
COLUMNS = st.sampled_from(
    [
        "name",
        "notes",
        "vitality",
        "vitality_max",
        "stamina_max",
        "initiative",
        "grace",
        "brawn",
        "side",
        "hidden",
    ]
)
MODIFIERS = {"favor": FAVOR, "extra_dice": EXTRA_DICE, "extra_rerolls": EXTRA_REROLLS}

INTENTS: dict[type[Intent], st.SearchStrategy[Intent]] = {
    StartFight: st.just(StartFight()),
    NextTurn: st.just(NextTurn()),
    EndRound: st.just(EndRound()),
    ResolveCheck: st.just(ResolveCheck()),
    ClearManualOrder: st.just(ClearManualOrder()),
    AddCombatants: st.builds(
        AddCombatants,
        st.one_of(
            st.lists(combatants(st.sampled_from(["n1", "n2", "a"])), min_size=1, max_size=2),
            st.integers(1, 2).map(lambda n: [fighter(f"x{i}") for i in range(n)]),
        ),
    ),
    RemoveCombatants: structs(RemoveCombatants, combatant_ids=IDS),
    ApplyDamage: structs(ApplyDamage, combatant_ids=IDS, amount=AMOUNT),
    Heal: structs(Heal, combatant_ids=IDS, amount=AMOUNT),
    AddCondition: structs(AddCondition, combatant_ids=IDS, condition=Field(CONDITION)),
    RemoveCondition: structs(RemoveCondition, combatant_ids=IDS, name=NAME),
    EditCell: structs(
        EditCell, combatant_id=ID, column_key=Field(COLUMNS), value=Field(CELL_VALUES)
    ),
    ReplaceCombatant: st.builds(ReplaceCombatant, combatants(st.sampled_from(["a", "b"]))),
    MoveInOrder: structs(MoveInOrder, combatant_id=ID, index=number(0, MAX_COMBATANTS, (0, 4))),
    RollInitiative: structs(RollInitiative, combatant_ids=IDS),
    OverrideInitiative: structs(OverrideInitiative, combatant_id=ID, value=maybe_none(INITIATIVE)),
    Attack: structs(Attack, attacker_id=ID, weapon=WEAPON, target_id=ID, **MODIFIERS),
    Reroll: structs(
        Reroll,
        indices=Field(
            st.none() | st.lists(st.integers(0, 6), max_size=3),
            st.lists(number(0, MAX_DICE - 1, (0, 6)).edge, min_size=1, max_size=2),
        ),
        of_reaction=Field(st.sampled_from([None, False, True])),
    ),
    OpposedCheck: structs(
        OpposedCheck,
        combatant_id=ID,
        attribute=Field(st.sampled_from(["grace", "Brawn", "luck"]), NAME.edge),
        target_id=ID,
        target_attribute=Field(st.sampled_from(["savvy", "Mettle"]), NAME.edge),
        target_skill=Field(st.sampled_from(["", "Blades"]), NAME.edge),
        target_favor=FAVOR,
        **MODIFIERS,
    ),
    TypeResult: structs(
        TypeResult,
        successes=number(0, MAX_DICE, (0, 5)),
        of_reaction=Field(st.booleans()),
    ),
    React: structs(
        React,
        reaction=Field(st.sampled_from(Reaction)),
        weapon=maybe_none(WEAPON),
        skill=Field(st.sampled_from(["", "Blades"]), NAME.edge),
        **MODIFIERS,
    ),
    DirectCheck: structs(
        DirectCheck,
        combatant_id=ID,
        attribute=Field(st.sampled_from(["grace", "Brawn", "luck"]), NAME.edge),
        difficulty=DIFFICULTY,
        skill=Field(st.sampled_from(["", "Blades"]), NAME.edge),
        title=TEXT,
        **MODIFIERS,
    ),
    FreeRoll: structs(
        FreeRoll,
        combatant_id=ID,
        dice=number(0, MAX_DICE, (0, 10)),
        favor=FAVOR,
        rerolls=number(0, MAX_REROLLS, (0, 4)),
        title=TEXT,
        difficulty=maybe_none(DIFFICULTY),
    ),
    RollDice: structs(
        RollDice,
        combatant_id=maybe_none(ID),
        notation=Field(
            st.sampled_from(["2d10+5", "6k3", "7d6 f+1 r2", "4d6 sum", "3d"]),
            st.one_of(long_text(MAX_TEXT_LENGTH, "ü"), ODD_TEXT),
        ),
        title=TEXT,
    ),
    RerollDice: structs(
        RerollDice,
        indices=Field(
            st.lists(st.integers(0, 6), max_size=3),
            st.lists(number(0, MAX_DICE - 1, (0, 6)).edge, min_size=1, max_size=2),
        ),
    ),
    SetHandRolls: st.builds(SetHandRolls, st.sampled_from(list(Side)), st.booleans()),
    PrepareWeapon: structs(PrepareWeapon, combatant_id=ID, weapon=WEAPON),
    SetPrepared: structs(
        SetPrepared, combatant_id=ID, weapon=WEAPON, prepared=Field(st.booleans())
    ),
    OverrideWeaponType: structs(
        OverrideWeaponType,
        combatant_id=ID,
        weapon=WEAPON,
        upr_type=Field(st.none() | UPR_TYPES, NAME.edge),
    ),
}

ATTACK_AND_ANSWER = st.tuples(
    structs(Attack, attacker_id=just("a"), weapon=just(0), target_id=just("b"), **MODIFIERS),
    INTENTS[React],
    INTENTS[Reroll],
    INTENTS[ResolveCheck],
)
CONDITION_ON_AND_OFF = CONDITION.flatmap(
    lambda condition: st.tuples(
        st.just(AddCondition(["a", "c"], condition)),
        st.just(RemoveCondition(["c"], condition.name)),
    )
)
STEPS = st.one_of(
    st.sampled_from(["undo", "redo"]),
    *INTENTS.values(),
    ATTACK_AND_ANSWER,
    CONDITION_ON_AND_OFF,
)
"""A step: an intent, ``"undo"``, ``"redo"``, or a few intents that make sense in a row."""


def intent_types() -> set[type]:
    found = set()
    for module in (core_intents, uwr_intents):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Intent) and value is not Intent:
                found.add(value)
    return found


def test_the_fight_below_draws_every_intent_type():
    assert set(INTENTS) == intent_types()


def roster() -> list:
    return [fighter("a", Side.PLAYER), fighter("b"), fighter("c", Side.ALLY)]


@settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    start=st.integers(0, 3).map(bool),
    steps=st.lists(STEPS, max_size=14),
    seed=st.integers(0, 2**16),
)
def test_whatever_is_accepted_reads_back_equal(start, steps, seed):
    with tempfile.TemporaryDirectory(prefix="uwr-round-trip-", dir=MEMORY_FOLDER) as name:
        folder = Path(name)
        session, encounter_id = play(
            roster(), ([StartFight()] if start else []) + steps, folder, seed
        )
        assert_reads_back(session, folder, encounter_id)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    fighters=st.lists(combatants(st.sampled_from(["a", "b", "c", "d"])), min_size=1, max_size=3),
    steps=st.lists(STEPS, max_size=6),
)
def test_a_starting_roster_across_the_limits_is_refused_or_reads_back(fighters, steps):
    try:
        Session(make_ruleset("uwr"), fighters)
    except RulesError as error:
        assert str(error).strip()
        return
    with tempfile.TemporaryDirectory(prefix="uwr-round-trip-", dir=MEMORY_FOLDER) as name:
        folder = Path(name)
        session, encounter_id = play(fighters, [StartFight(), *steps], folder)
        assert_reads_back(session, folder, encounter_id)


# ---- a fight at each limit -------------------------------------------------------------------


def test_every_limit_has_a_fight_at_it_or_a_reason():
    covered = [set(LIMIT_CASES), set(NOT_IN_A_FIGHT), set(SETTINGS_LIMITS)]
    assert set.union(*covered) == limit_names()
    assert sum(len(names) for names in covered) == len(limit_names())


@pytest.mark.parametrize(
    "beyond",
    [
        {"divisor": MAX_UPR_DIVISOR + 1},
        {"adjustment": -MAX_UPR_ADJUSTMENT - 1},
        {"max_uses": MAX_UPR_USES + 1},
    ],
)
def test_house_rules_at_their_limits_save_reopen_and_recover(beyond, tmp_path):
    settings, roster, intents = settings_at_the_limits()
    session = Session(make_ruleset("uwr", settings), roster, roller=Roller(random.Random(3)))
    with JournalStore(tmp_path / "journal.sqlite3") as store:
        journal = autosave(store, session, title="House rules")
        for intent in intents:
            session.do(intent)
    assert_reads_back(session, tmp_path, journal.encounter_id)
    with pytest.raises(RulesError, match="Bad uwr settings"):
        make_ruleset("uwr", {"extra_upr_types": [upr_type(**beyond)]})


@pytest.mark.parametrize("limit", sorted(LIMIT_CASES))
def test_a_fight_at_the_limit_saves_reopens_and_recovers(limit, tmp_path):
    roster, intents, beyond = LIMIT_CASES[limit]()
    ruleset = make_ruleset(LIMIT_RULESETS.get(limit, "uwr"))
    session = Session(ruleset, roster, roller=Roller(random.Random(7)))
    with JournalStore(tmp_path / "journal.sqlite3") as store:
        journal = autosave(store, session, title=limit)
        for intent in intents:
            session.do(intent)
        with pytest.raises(RulesError, match=r"\d"):
            session.do(beyond)
    assert_reads_back(session, tmp_path, journal.encounter_id)


def test_copies_of_a_longest_name_fit_and_read_back(tmp_path):
    original = fighter("a", name="W" * MAX_NAME_LENGTH)
    names = [original.name]
    copies = []
    for number in range(12):
        (name,) = numbered_names(original.name, 1, names)
        names.append(name)
        copies.append(msgspec.structs.replace(original, id=f"copy{number}", name=name))
    assert all(len(name) <= MAX_NAME_LENGTH for name in names)
    assert len(set(names)) == len(names)
    assert names[-1].endswith(" 13")
    library = CombatantLibrary(tmp_path / "library.sqlite3")
    with pytest.raises(LibraryError, match=f"at most {MAX_NAME_LENGTH} characters"):
        library.save("uwr", original, name="W" * (MAX_NAME_LENGTH + 1))
    library.close()
    session, encounter_id = play([original], [AddCombatants(copies)], tmp_path)
    assert len(session.state.combatants) == 13
    assert_reads_back(session, tmp_path, encounter_id)
