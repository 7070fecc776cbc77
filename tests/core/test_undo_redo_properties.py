"""Property: any sequence of legal intents undoes to the start and redoes to the end exactly."""

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    ClearManualOrder,
    EditCell,
    EndRound,
    Heal,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    RemoveCondition,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    FreeRoll,
    OverrideWeaponType,
    PrepareWeapon,
    React,
    Reaction,
    Reroll,
    ResolveCheck,
    SetPrepared,
)
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side

IDS = ("p1", "p2", "e1", "e2", "n0", "n1")


def make_combatant(cid, side):
    return Combatant(
        id=cid,
        name=cid.upper(),
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3), grace=Fraction(5, 2)),
            weapons=(
                Weapon(name="Blade", upr_type="Swift"),
                Weapon(name="Crossbow", upr_type="Slow", pool=WeaponPool.RANGED),
            ),
        ),
    )


def roster():
    return [
        make_combatant("p1", Side.PLAYER),
        make_combatant("p2", Side.ALLY),
        make_combatant("e1", Side.ENEMY),
        make_combatant("e2", Side.ENEMY),
    ]


ids = st.sampled_from(IDS)
targets = st.lists(ids, min_size=1, max_size=3, unique=True)
weapon = st.integers(0, 1)
edits = st.one_of(
    st.tuples(st.sampled_from(["brawn", "grace", "mettle"]), st.sampled_from(["0", "2.5", "6"])),
    st.tuples(st.just("initiative"), st.sampled_from([None, 1, 9, 30])),
    st.tuples(st.just("side"), st.sampled_from(["player", "enemy"])),
    st.tuples(st.just("vitality"), st.integers(0, 10)),
    st.tuples(st.just("notes"), st.text(max_size=5)),
)
intents = st.one_of(
    st.just(StartFight()),
    st.just(NextTurn()),
    st.just(EndRound()),
    st.just(ResolveCheck()),
    st.just(Reroll()),
    st.just(ClearManualOrder()),
    st.builds(Attack, ids, weapon, ids, favor=st.integers(-1, 1)),
    st.builds(React, st.sampled_from(Reaction)),
    st.builds(ApplyDamage, targets, st.integers(1, 6)),
    st.builds(Heal, targets, st.integers(1, 6)),
    st.builds(
        AddCondition,
        targets,
        st.builds(
            Condition, st.sampled_from(["Burning", "Stunned"]), st.sampled_from([None, 1, 2])
        ),
    ),
    st.builds(RemoveCondition, targets, st.sampled_from(["Burning", "Stunned"])),
    st.builds(lambda cid, edit: EditCell(cid, *edit), ids, edits),
    st.builds(MoveInOrder, ids, st.integers(0, 5)),
    st.builds(
        lambda cid: AddCombatants([make_combatant(cid, Side.NEUTRAL)]), st.sampled_from(IDS[4:])
    ),
    st.builds(lambda cid: RemoveCombatants([cid]), ids),
    st.builds(PrepareWeapon, ids, weapon),
    st.builds(SetPrepared, ids, weapon, st.booleans()),
    st.builds(OverrideWeaponType, ids, weapon, st.sampled_from([None, "Rapid", "Slow"])),
    st.builds(DirectCheck, ids, st.sampled_from(["grace", "savvy"]), st.integers(1, 3)),
    st.builds(FreeRoll, ids, st.integers(1, 4), rerolls=st.integers(0, 2)),
)


def play(sequence, seed):
    session = Session(make_ruleset("uwr"), roster(), roller=Roller(random.Random(seed)))
    states = [session.state]
    for intent in sequence:
        try:
            session.do(intent)
        except RulesError:
            continue
        states.append(session.state)
    return session, states


@settings(max_examples=80, deadline=None)
@given(st.lists(intents, max_size=30), st.integers(0, 2**32 - 1))
def test_undo_all_then_redo_all(sequence, seed):
    session, states = play(sequence, seed)
    entries = session.entries
    assert len(entries) == len(states) - 1
    for expected in reversed(states[:-1]):
        session.undo()
        assert session.state == expected
    assert not session.can_undo
    for expected in states[1:]:
        session.redo()
        assert session.state == expected
    assert session.entries == entries
    assert not session.can_redo


@settings(max_examples=40, deadline=None)
@given(st.lists(intents, max_size=30), st.integers(0, 2**32 - 1), st.data())
def test_redo_reuses_recorded_faces_and_a_new_intent_drops_the_tail(sequence, seed, data):
    session, _ = play(sequence, seed)
    if not session.entries:
        return
    back = data.draw(st.integers(1, len(session.entries)))
    kept = session.entries
    for _ in range(back):
        session.undo()
    for _ in range(back):
        session.redo()
    assert session.entries == kept
    rebuilt = Session(session.ruleset, session.roster, entries=kept)
    assert rebuilt.state == session.state
    for _ in range(back):
        session.undo()
    try:
        session.do(ApplyDamage(["p1"], 1))
    except RulesError:
        return
    assert session.entries == (*kept[: len(kept) - back], session.entries[-1])
    assert not session.can_redo
