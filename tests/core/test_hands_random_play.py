"""Seeded random play of ``hands`` fights: whatever the GM does, in any order, with undo and
redo, the pools stay within the undamaged points, the turn's order is the chain's, and the
journal replays and reopens to the same state."""

import random

import pytest
from hands_fighters import fighter, session

from uwr_desktop.core.intents import (
    AddCombatants,
    ApplyDamage,
    EditCell,
    EndRound,
    Heal,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets.hands.intents import HandsSetClose, HandsSetSurprise, HandsSpend
from uwr_desktop.core.rulesets.hands.state import Phase, part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter


def roster():
    return (
        fighter("ana", 6, side=Side.PLAYER, reach=1, keep=2),
        fighter("bo", 5, side=Side.PLAYER, reach=30, missile=True, keep=1),
        fighter("cy", 6, reach=2),
        fighter("dee", 4, reach=2, bonus=1),
        fighter("eli", 5, reach=3, keep=2),
    )


def gm_step(fight, choices, joined):
    state = fight.state
    ids = sorted(state.combatants)
    roll = choices.random()
    if roll < 0.06 and fight.can_undo:
        fight.undo()
        return
    if roll < 0.09 and fight.can_redo:
        fight.redo()
        return
    if state.phase == Phase.SETUP:
        fight.do(StartFight())
        return
    if roll < 0.14:
        fight.do(ApplyDamage([choices.choice(ids)], choices.randint(1, 3)))
    elif roll < 0.17:
        fight.do(Heal([choices.choice(ids)], choices.randint(1, 3)))
    elif roll < 0.21:
        fight.do(HandsSetSurprise(choices.choice(ids), choices.random() < 0.7))
    elif roll < 0.25:
        first, second = choices.sample(ids, 2)
        fight.do(HandsSetClose(first, second, choices.random() < 0.7))
    elif roll < 0.28:
        fight.do(EditCell(choices.choice(ids), "carry_plan", choices.randint(0, 4)))
    elif roll < 0.30 and joined[0] < 3:
        joined[0] += 1
        fight.do(AddCombatants([fighter(f"new{joined[0]}", choices.randint(2, 6))]))
    elif roll < 0.32:
        fight.do(EndRound())
    elif roll < 0.45:
        actions = part_of(state).actions
        who = choices.choice(ids)
        opposes = choices.randrange(len(actions)) if actions and choices.random() < 0.5 else None
        weapon = 0 if choices.random() < 0.5 else None
        fight.do(HandsSpend(who, choices.randint(1, 3), weapon=weapon, opposes=opposes))
    else:
        who = state.current or choices.choice(ids)
        options = fight.ruleset.legal_intents(state, who)
        fight.do(choices.choice(options).intent)


def check(fight):
    state = fight.state
    for combatant in state.combatants.values():
        sheet = combatant.sheet
        assert 0 <= sheet.damage <= sheet.points_max
        assert sheet.ready + sheet.carry_over + sheet.used <= sheet.undamaged
    if state.phase in (Phase.TURNS, Phase.CARRY_OVER):
        part = part_of(state)
        assert state.order == tuple(p.combatant_id for p in part.places)
        assert sorted(state.order) == sorted(cid for cid, _ in part.start_points)
        surprising = [cid for cid in state.order if cid in part.surprise]
        assert list(state.order[: len(surprising)]) == surprising
        assert state.current is None or state.current not in state.acted


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_random_play_keeps_the_rules_and_replays_exactly(seed):
    choices = random.Random(seed * 31)
    fight = session(*roster(), seed=seed)
    joined = [0]
    done = 0
    for _ in range(300):
        try:
            gm_step(fight, choices, joined)
        except RulesError:
            continue
        done += 1
        check(fight)
    assert done >= 150, "most steps are things the rules allow"
    assert fight.state.round >= 2
    rebuilt = Session(fight.ruleset, fight.roster, entries=fight.entries, cursor=fight.cursor)
    assert rebuilt.state == fight.state
    reopened = decode_encounter(encode_encounter(fight)).session()
    assert reopened.state == fight.state
