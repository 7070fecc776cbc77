"""The countdown's "now and next" worked out in one pass names the same combatants, in the same
order, as stepping the countdown stop by stop, in fights played at random."""

import random

import pytest
from msgspec.structs import replace

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition, EncounterState
from uwr_desktop.core.intents import AddCondition, NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.catalog import ActionKind
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.rulesets.tactical.settings import TieOrder
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.rulesets.tactical.view import catalog
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def stepped(state: EncounterState, order: TieOrder) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Who acts now and who later, found by stepping the countdown from stop to stop."""
    count = part_of(state).count
    if state.phase == Phase.RESOLUTION and count is not None:
        acting, stop = rules.acting_at(state, order), rules.next_count(state, count)
    elif state.phase == Phase.INITIATIVE:
        acting, stop = [], rules.top_count(state)
    else:
        return (), ()
    named = set(acting)
    upcoming: list[str] = []
    while stop is not None:
        probe = replace(state, part=replace(part_of(state), count=stop, ties=()))
        arriving = [
            cid
            for cid in rules.acting_at(probe, order)
            if cid not in named
            and rules.acts_on(probe, cid, stop)
            and not state.combatants[cid].down
        ]
        upcoming += arriving
        named.update(arriving)
        stop = rules.next_count(probe, stop)
    return tuple(acting), tuple(upcoming)


@pytest.mark.parametrize("seed", range(12))
def test_one_pass_names_who_stepping_the_countdown_names(seed):
    pick = random.Random(seed)
    roster = [
        Combatant(
            id=f"c{n}",
            name=f"C{n}",
            side=pick.choice(list(Side)),
            sheet=TacticalSheet(quickness=pick.randint(0, 3), penalty=-pick.randint(0, 30)),
        )
        for n in range(pick.randint(2, 7))
    ]
    order = pick.choice(list(TieOrder))
    session = Session(
        make_ruleset("tactical", {"tie_order": order}),
        roster,
        roller=Roller(random.Random(seed)),
    )
    session.do(StartFight())
    actions = [e for e in catalog(session.state) if e.kind is ActionKind.ACTION]
    named_later = 0
    for _ in range(60):
        state = session.state
        found = rules.turn_now(state, order)
        assert (found.acting, found.upcoming) == stepped(state, order)
        named_later += len(found.upcoming)
        declaring = rules.declaring(state, order) if state.phase == Phase.RESOLUTION else []
        try:
            if rules.resolving(state, order):
                session.do(TacticalResolve())
            elif declaring and pick.random() < 0.7:
                entry = pick.choice(actions)
                ap = pick.randint(entry.min_ap, entry.max_ap) if entry.ranged else None
                session.do(TacticalDeclare(declaring[0], entry.name, ap))
            elif pick.random() < 0.05:
                session.do(AddCondition((pick.choice(state.rows),), Condition("Defeated")))
            else:
                session.do(NextTurn())
        except RulesError:
            session.do(NextTurn())
    assert session.state.round > 1, "the walk crosses a round"
    assert named_later, "and names combatants still to come"
