"""Seeded random tactical fights: whatever the rules accept replays exactly from the journal,
reads back equal from a saved file, and comes back the same after undoing and redoing it all.
"""

import contextlib
import random

import pytest
from tactical_fights import fighter

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import (
    AddCondition,
    ApplyDamage,
    EditCell,
    EndRound,
    Intent,
    NextTurn,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.decide import (
    interrupt_refusal,
    move_refusal,
    resolve_refusal,
)
from uwr_desktop.core.rulesets.tactical.intents import (
    MoveMode,
    TacticalDeclare,
    TacticalInterrupt,
    TacticalMove,
    TacticalParry,
    TacticalResolve,
    TacticalShorten,
)
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of
from uwr_desktop.core.rulesets.tactical.state import catalog, pace_table
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter

IDS = ("ana", "bran", "cole", "dora")
CONDITIONS = ("Stunned", "Dazed", "Stunned and unable to parry", "Staggered", "Burning")


def random_intent(session: Session, choices: random.Random) -> Intent:
    """One GM action, legal or not."""
    state = session.state
    order = session.ruleset.settings.tie_order  # type: ignore[attr-defined]
    due = rules.declaring(state, order) if choices.random() < 0.8 else []
    busy = [
        cid for cid in IDS if cid in state.combatants and sheet_of(state.combatants[cid]).now.action
    ]
    roll = choices.random()
    cid = choices.choice(due or IDS) if roll < 0.5 else choices.choice(busy or IDS)
    if roll < 0.25:
        return NextTurn()
    if roll < 0.5:
        entry = choices.choice(catalog(state))
        ap = choices.choice([None, entry.min_ap, entry.max_ap, entry.min_ap + 1])
        return TacticalDeclare(cid, entry.name, ap)
    if roll < 0.6:
        return TacticalResolve()
    if roll < 0.65:
        return TacticalShorten(cid, choices.randint(1, 4))
    if roll < 0.7:
        return TacticalInterrupt(cid, choices.random() < 0.5)
    if roll < 0.75:
        pace = choices.choice(pace_table(state)).name
        return TacticalMove(cid, pace, choices.choice(list(MoveMode)))
    if roll < 0.8:
        return TacticalParry(cid, choices.randint(0, 40), choices.choice(("", *IDS)))
    if roll < 0.87:
        name = choices.choice(CONDITIONS)
        rounds = None if name == "Staggered" else choices.randint(1, 3)
        return AddCondition([cid], Condition(name, rounds))
    if roll < 0.92:
        return ApplyDamage([cid], choices.randint(1, 6))
    if roll < 0.96:
        return EditCell(cid, "initiative", choices.randint(-5, 25))
    return EndRound()


@pytest.mark.parametrize("seed", range(12))
def test_a_random_fight_replays_reads_back_and_undoes_exactly(seed):
    choices = random.Random(seed)
    roster = [
        fighter(cid, Side.PLAYER if i < 2 else Side.ENEMY, quickness=i % 3, bleeding=i % 2)
        for i, cid in enumerate(IDS)
    ]
    settings = {
        "initiative_every_round": seed % 3 == 0,
        "interruption": "ask" if seed % 2 else "keep",
    }
    session = Session(
        make_ruleset("tactical", settings), roster, roller=Roller(random.Random(seed))
    )
    session.do(StartFight())
    done = 0
    for _ in range(400):
        try:
            session.do(random_intent(session, choices))
            done += 1
        except RulesError:
            pass
    assert done > 100
    assert session.state.round > 1

    replayed = Session(session.ruleset, session.roster, entries=session.entries)
    assert replayed.state == session.state
    reopened = decode_encounter(encode_encounter(session)).session()
    assert reopened.state == session.state
    end = session.state
    while session.can_undo:
        session.undo()
    assert session.state == Session(session.ruleset, session.roster).state
    while session.can_redo:
        session.redo()
    assert session.state == end


def _decided_refusal(session: Session, intent: Intent) -> str | None:
    try:
        session.ruleset.decide(session.state, intent, Roller(random.Random(0)))
    except RulesError as error:
        return str(error)
    return None


@pytest.mark.parametrize("seed", range(6))
def test_the_panels_refusals_are_the_very_refusals_deciding_meets(seed):
    """Resolve, Interrupt and Move are greyed with ``*_refusal``'s reason: in random play it is
    exactly what deciding the intent says, and ``None`` exactly when the rules take it."""
    choices = random.Random(seed)
    roster = [fighter(cid, Side.PLAYER if i < 2 else Side.ENEMY) for i, cid in enumerate(IDS)]
    session = Session(make_ruleset("tactical"), roster, roller=Roller(random.Random(seed)))
    order = session.ruleset.settings.tie_order  # type: ignore[attr-defined]
    taken = set()
    for _ in range(150):
        state = session.state
        assert resolve_refusal(state, order) == _decided_refusal(session, TacticalResolve())
        taken.add(("resolve", resolve_refusal(state, order) is None))
        for cid in IDS:
            interrupt = TacticalInterrupt(cid)
            assert interrupt_refusal(state, cid) == _decided_refusal(session, interrupt)
            taken.add(("interrupt", interrupt_refusal(state, cid) is None))
            for pace in pace_table(state):
                for mode in MoveMode:
                    refusal = move_refusal(state, cid, pace.name, mode)
                    assert refusal == _decided_refusal(session, TacticalMove(cid, pace.name, mode))
                    taken.add(("move", refusal is None))
        with contextlib.suppress(RulesError):
            session.do(random_intent(session, choices) if state.round else StartFight())
    kinds = ("resolve", "interrupt", "move")
    assert taken == {(kind, ok) for kind in kinds for ok in (True, False)}, "each way, each kind"
