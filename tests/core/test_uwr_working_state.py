"""A journal replayed through uwr's working state reaches the states the plain ``apply`` reaches
event by event: random runs of typed initiatives, rolls, roll-offs, Stamina, preparations, hand
orders, newcomers, leavers, side changes, turns and rounds, with states handed out at random
points (each must still equal its plain twin when the run is over, whatever came after it, and
still move a combatant as its twin does)."""

import random
from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    CombatantUpdate,
    Event,
    TurnStarted,
)
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import EventByEvent
from uwr_desktop.core.rulesets.uwr import events
from uwr_desktop.core.rulesets.uwr.order import FEW_MOVED
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Initiative, UwrSheet, Weapon
from uwr_desktop.core.sides import Side


def fighter(rng: random.Random, number: int) -> Combatant:
    initiative = (
        Initiative(faces=(rng.randint(1, 6),), tiebreak=tuple(rng.choices(range(1, 7), k=2)))
        if rng.random() < 0.8
        else None
    )
    weapon = Weapon(name="Bow", upr_type="Swift", prepared=False, preparing_left=rng.randint(0, 2))
    return Combatant(
        id=f"c{number}",
        name=f"Fighter {number}",
        side=rng.choice(list(Side)),
        sheet=UwrSheet(
            attributes=Attributes(grace=Fraction(2)),
            weapons=(weapon,),
            initiative=initiative,
            stamina=2,
        ),
    )


def faces(rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.choices(range(1, 7), k=rng.randint(1, 3)))


def some_event(rng: random.Random, state: EncounterState, joined: int) -> Event:
    ids = list(state.combatants)
    who = rng.choice(ids)
    step = rng.random()
    if step < 0.3:
        return events.InitiativeOverridden(who, rng.choice([None, *range(-2, 5)]))
    if step < 0.4:
        many = rng.sample(ids, rng.randint(1, len(ids)))
        rolls = tuple(events.InitiativeRoll(cid, faces(rng)) for cid in many)
        kind = events.RollOff if rng.random() < 0.5 else events.InitiativeRolled
        return kind(rolls)
    if step < 0.5:
        return events.StaminaRefilled(who, rng.randint(0, 4))
    if step < 0.58:
        return events.StaminaSpent(who, rng.randint(0, 2))
    if step < 0.64:
        return events.PreparationAdvanced((events.WeaponRef(who, rng.randint(0, 1)),))
    if step < 0.7:
        hand = rng.sample(ids, len(ids)) if rng.random() < 0.7 else None
        return events.ManualOrderSet(None if hand is None else tuple(hand))
    if step < 0.76:
        return CombatantsJoined((fighter(rng, joined),))
    if step < 0.8 and len(ids) > 2:
        return CombatantsLeft((who,))
    if step < 0.88:
        moved = replace(state.combatants[who], side=rng.choice(list(Side)))
        return CombatantsUpdated((CombatantUpdate(moved, "side"),))
    if step < 0.94:
        return TurnStarted(who)
    return events.RoundStarted(round=state.round + rng.choice([1, 1, 2]), uses=())


@settings(max_examples=60, deadline=None)
@example(seed=0, tie="roll_off", fighters=FEW_MOVED + 4)
@given(
    seed=st.integers(0, 2**32),
    tie=st.sampled_from(["roll_off", "table_order"]),
    fighters=st.integers(2, FEW_MOVED + 4),
)
def test_the_working_state_reaches_the_states_apply_reaches_event_by_event(seed, tie, fighters):
    rng = random.Random(seed)
    ruleset = make_ruleset("uwr", {"initiative_tie": tie})
    plain = ruleset.initial_state([fighter(rng, number) for number in range(fighters)])
    work = ruleset.working(plain)
    handed_out: list[tuple[EncounterState, EncounterState]] = []
    for _ in range(120):
        event = some_event(rng, plain, fighters + len(handed_out))
        try:
            after = ruleset.apply(plain, event)
        except RulesError:
            refused = ruleset.working(plain)
            try:
                refused.apply(event)
            except RulesError:
                continue
            raise AssertionError(f"the working state took {event!r}") from None
        plain = after
        work.apply(event)
        assert dict(work.combatants) == plain.combatants
        if rng.random() < 0.3:
            handed_out.append((work.state(), plain))
    for kept, twin in handed_out:
        assert kept == twin
    for kept, twin in handed_out[-3:]:  # their orders' places kept aside are still theirs
        moved = events.InitiativeOverridden(rng.choice(list(twin.combatants)), 7)
        assert ruleset.apply(kept, moved) == ruleset.apply(twin, moved)
    assert work.state() == plain


def test_a_state_handed_out_keeps_its_table_while_the_run_goes_on():
    rng = random.Random(4)
    ruleset = make_ruleset("uwr")
    work = ruleset.working(ruleset.initial_state([fighter(rng, number) for number in range(4)]))
    work.apply(events.RoundStarted(round=1, uses=()))
    work.apply(events.InitiativeOverridden("c1", 9))
    first = work.state()
    work.apply(TurnStarted("c2"))  # shares the table of combatants with the state handed out
    work.apply(events.InitiativeOverridden("c2", 12))
    second = work.state()
    assert first.order[0] == "c1"
    assert first.combatants["c2"] is not second.combatants["c2"]
    assert second.order[:2] == ("c2", "c1")
    assert first.current is None and second.current == "c2"


def test_the_plain_working_state_applies_each_event_with_apply():
    seen = []

    def apply(state: EncounterState, event: Event) -> EncounterState:
        seen.append(event)
        return replace(state, round=state.round + 1)

    start = EncounterState(combatants={}, rows=(), order=())
    work = EventByEvent(apply, start)
    work.apply(TurnStarted("a"))
    work.apply(TurnStarted("b"))
    assert work.state().round == 2
    assert seen == [TurnStarted("a"), TurnStarted("b")]
    assert work.combatants == {}
