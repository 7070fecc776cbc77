"""The uwr turn order is kept event by event, the same as sorting everyone again each time: a
seeded fight of typed initiatives, roll-offs, newcomers (into a hand-made order too), side
changes, leavers, hand-made orders set and cleared, undo and redo, checked after every step
against the order worked out the plain way."""

import random
from fractions import Fraction

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.intents import (
    AddCombatants,
    ClearManualOrder,
    EditCell,
    MoveInOrder,
    RemoveCombatants,
    RulesError,
    StartFight,
)
from uwr_desktop.core.limits import MAX_DICE
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr import order
from uwr_desktop.core.rulesets.uwr.events import InitiativeOverridden
from uwr_desktop.core.rulesets.uwr.intents import OverrideInitiative, RollInitiative
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Initiative, UwrSheet, sheet_of
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def plain_order(state: EncounterState, roll_off: bool) -> tuple[str, ...]:
    """The turn order by its definition: sort everyone; slot newcomers into a hand-made order
    before the first placed combatant sorted after them."""
    rows = {cid: index for index, cid in enumerate(state.rows)}

    def key(cid: str) -> tuple:
        combatant = state.combatants[cid]
        initiative = sheet_of(combatant).initiative
        if initiative is None:
            return (1, 0, 0, (), rows[cid])
        faces = tuple(-face for face in initiative.tiebreak) if roll_off else ()
        return (0, -initiative.value, list(Side).index(combatant.side), faces, rows[cid])

    rolled = sorted(state.combatants, key=key)
    manual = part_of(state).manual_order
    if manual is None:
        return tuple(rolled)
    slotted = [cid for cid in manual if cid in state.combatants]
    for cid in rolled:
        if cid not in slotted:
            at = next((i for i, other in enumerate(slotted) if key(other) > key(cid)), None)
            slotted.insert(len(slotted) if at is None else at, cid)
    return tuple(slotted)


def newcomer(rng: random.Random, number: int) -> Combatant:
    rolled = rng.random() < 0.8
    initiative = (
        Initiative(faces=(rng.randint(1, 2),), tiebreak=tuple(rng.choices(range(1, 7), k=2)))
        if rolled
        else None
    )
    return Combatant(
        id=f"n{number}",
        name=f"New {number}",
        side=rng.choice(list(Side)),
        sheet=UwrSheet(attributes=Attributes(grace=Fraction(1)), initiative=initiative),
    )


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("tie", ["roll_off", "table_order"])
def test_the_kept_order_is_the_order_sorted_again(seed, tie):
    rng = random.Random(seed)
    roster = [newcomer(rng, number) for number in range(12)]
    session = Session(
        make_ruleset("uwr", {"initiative_tie": tie}), roster, roller=Roller(random.Random(seed))
    )
    session.do(StartFight())
    joined = 12
    for _ in range(250):
        ids = list(session.state.rows)
        step = rng.random()
        try:
            if step < 0.35:
                session.do(OverrideInitiative(rng.choice(ids), rng.choice([None, *range(-2, 4)])))
            elif step < 0.45:
                session.do(AddCombatants([newcomer(rng, joined)]))
                joined += 1
            elif step < 0.52 and len(ids) > 3:
                session.do(RemoveCombatants([rng.choice(ids)]))
            elif step < 0.6:
                session.do(MoveInOrder(rng.choice(ids), rng.randrange(len(ids))))
            elif step < 0.65:
                session.do(ClearManualOrder())
            elif step < 0.72:
                session.do(EditCell(rng.choice(ids), "side", rng.choice(list(Side)).value))
            elif step < 0.78:
                session.do(RollInitiative(rng.sample(ids, min(len(ids), rng.randint(1, 20)))))
            elif step < 0.9 and session.can_undo:
                session.undo()
            elif session.can_redo:
                session.redo()
        except RulesError:
            continue
        assert session.state.order == plain_order(session.state, tie == "roll_off")
        assert session.state.order == order.turn_order(session.state, session.ruleset.settings)


def test_a_forgotten_key_is_worked_out_again():
    rng = random.Random(3)
    session = Session(make_ruleset("uwr"), [newcomer(rng, n) for n in range(8)])
    session.do(StartFight())
    order._keys.clear()
    session.do(OverrideInitiative("n3", 9))
    assert session.state.order[0] == "n3"
    assert session.state.order == plain_order(session.state, True)


def test_a_typed_initiative_works_out_the_key_of_the_one_it_moves_only(monkeypatch):
    rng = random.Random(5)
    session = Session(make_ruleset("uwr"), [newcomer(rng, n) for n in range(40)])
    session.do(StartFight())  # sorted whole: the order's keys are kept from here
    worked_out = []
    key = order.order_key
    monkeypatch.setattr(order, "order_key", lambda c, s: worked_out.append(c.id) or key(c, s))
    before = session.state
    moved = session.ruleset.apply(before, InitiativeOverridden("n9", 3))
    assert worked_out == ["n9", "n9"]  # where it was, where it goes
    assert moved.order == plain_order(moved, True)
    order._keys.clear()
    worked_out.clear()
    session.ruleset.apply(before, InitiativeOverridden("n9", 3))
    assert len(worked_out) == 40 + 2  # nothing kept: every key again


def test_the_rows_and_the_keys_of_the_latest_orders_are_kept_aside():
    rng = random.Random(6)
    session = Session(make_ruleset("uwr"), [newcomer(rng, n) for n in range(4)])
    session.do(StartFight())
    state = session.state
    assert order._row_of(state) is order._row_of(state)
    for number in range(4, 4 + 2 * order.KEPT_ORDERS):
        session.do(AddCombatants([newcomer(rng, number)]))
        assert order._row_of(session.state)["n0"] == 0
    assert len(order._rows) == order.KEPT_ORDERS
    assert len(order._keys) == order.KEPT_ORDERS
    assert order._keys[id(session.state.order)][0] is session.state.order


def test_a_roll_off_decided_at_its_last_face_still_orders_them():
    faces = (3,) * (MAX_DICE - 1)
    low = Initiative(faces=(4,), tiebreak=(*faces, 2))
    high = Initiative(faces=(4,), tiebreak=(*faces, 5))
    roster = [
        Combatant(id=cid, name=cid, sheet=UwrSheet(initiative=initiative))
        for cid, initiative in (("low", low), ("high", high))
    ]
    session = Session(make_ruleset("uwr"), roster)
    assert session.state.order == ("high", "low")
    assert order.order_key(roster[1], session.ruleset.settings) < order.order_key(
        roster[0], session.ruleset.settings
    )


def test_the_keys_of_an_order_sorted_whole_are_kept_for_the_next_event(monkeypatch):
    roster = [
        Combatant(
            id=f"c{n}",
            name=f"C{n}",
            sheet=UwrSheet(initiative=Initiative(faces=(6,) * (n // 6) + (n % 6,) * (n % 6 > 0))),
        )
        for n in range(1, 30)
    ]
    session = Session(make_ruleset("uwr"), roster)  # sorted whole, nobody tied
    worked_out = []
    key = order.order_key
    monkeypatch.setattr(order, "order_key", lambda c, s: worked_out.append(c.id) or key(c, s))
    session.ruleset.apply(session.state, InitiativeOverridden("c5", 99))
    assert worked_out == ["c5", "c5"]
