"""A three-combatant tactical round checked at every count and after upkeep: instantaneous
actions (the first free, the next 1 AP), a shortened attack, a crossbow loaded across rounds,
a stun after 1 AP (it ticks) and a stun after 3 AP (it does not), bleeding, a timed effect and
an environmental counter; then the crossbow resolving in round 2."""

import pytest
from tactical_fights import fighter, sheet, tactical_session

from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import AddCondition, EndRound, NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.intents import (
    TacticalDeclare,
    TacticalResolve,
    TacticalSetCounter,
)
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import SlotStatus

# Ana 5+8+2 = 15 (declares on 35), Bran 6+6-2 (penalty -25) = 10 (on 30), Cole 3+4+1 = 8 (on 28)
FACES = [5, 8, 6, 6, 3, 4]


def three() -> Session:
    roster = [
        fighter("ana", Side.PLAYER, quickness=2),
        fighter("bran", Side.ALLY, penalty=-25, bleeding=2, hits=30, hits_max=30),
        fighter("cole", Side.ENEMY, quickness=1),
    ]
    return tactical_session(roster, FACES)


def due(session: Session) -> tuple[int | None, list[str], list[str]]:
    """The count now, who resolves on it and who declares on it."""
    state, order = session.state, session.ruleset.settings.tie_order
    return part_of(state).count, rules.resolving(state, order), rules.declaring(state, order)


def spans(session: Session) -> dict[str, tuple[int, int | None]]:
    """Each timeline slot's (position, span end) by key."""
    return {s.key: (s.position, s.span_end) for s in session.ruleset.timeline(session.state)}


def conditions(session: Session, cid: str) -> dict[str, int | None]:
    return {c.name: c.rounds for c in session.state.combatants[cid].conditions}


def play_round_one(session: Session) -> None:
    session.do(StartFight())
    assert [sheet(session, c).base for c in ("ana", "bran", "cole")] == [15, 10, 8]
    session.do(AddCondition(["ana"], Condition("Blessed", 3)))
    session.do(TacticalSetCounter("Rising tide", 0, 1))
    assert spans(session) == {"ana": (35, None), "bran": (30, None), "cole": (28, None)}

    session.do(NextTurn())
    assert due(session) == (35, [], ["ana"])
    # Ana shortens her melee attack to 2 AP (-50) and drops her torch for free.
    session.do(TacticalDeclare("ana", "Melee attack", ap=2))
    assert [r.label for r in session.ruleset.resources(session.state, "ana")] == ["AP"]
    session.do(TacticalDeclare("ana", "Drop item"))
    instants = session.ruleset.resources(session.state, "ana")[1]
    assert (instants.label, instants.current, instants.text) == (
        "Instants",
        1,
        "1 taken, next 1 AP",
    )
    ana = sheet(session, "ana")
    assert (ana.now.ap, ana.now.instants, ana.now.spent) == (2, 1, 0)
    assert ana.now.action.resolves_at == 25
    assert ana.now.action.shortening_penalty == -50
    assert spans(session)["ana@action"] == (35, 25)

    session.do(NextTurn())
    assert due(session) == (30, [], ["bran"])
    session.do(TacticalDeclare("bran", "Load light crossbow"))
    bran = sheet(session, "bran")
    assert (bran.now.ap, bran.now.action.this_round, bran.now.action.resolves_at) == (0, 4, None)
    assert session.ruleset.timeline(session.state)[1].value_text == "30 → next round"

    session.do(NextTurn())
    assert due(session) == (28, [], ["cole"])
    session.do(TacticalDeclare("cole", "Ranged attack"))
    assert spans(session)["cole@action"] == (28, 13)

    session.do(NextTurn())
    assert due(session) == (25, ["ana"], [])
    timeline = session.ruleset.timeline(session.state)
    assert [s.key for s in timeline if s.status == SlotStatus.CURRENT] == ["ana@action"]
    session.do(TacticalResolve())
    assert session.describe_entry(len(session.entries) - 1)[0] == (
        "On 25: Ana's Melee attack (-50) resolves"
    )
    assert due(session) == (25, [], ["ana"])
    # A second instantaneous action costs 1 AP: Ana's next declaration moves to 20.
    session.do(TacticalDeclare("ana", "Use shield in melee"))
    assert (sheet(session, "ana").now.ap, sheet(session, "ana").now.spent) == (1, 3)
    assert due(session) == (25, [], [])

    session.do(NextTurn())
    assert due(session) == (20, [], ["ana"])
    session.do(TacticalDeclare("ana", "Draw weapon/ammo/item"))
    assert spans(session)["ana@action"] == (20, 15)
    # Cole declared on 28: by 20 he has spent 1 AP. The stun will tick at upkeep.
    session.do(AddCondition(["cole"], Condition("Stunned", 2)))
    assert sheet(session, "cole").now.stun_spent == 1

    session.do(NextTurn())
    assert due(session) == (15, ["ana"], [])
    # Bran declared on 30: by 15 he has spent 3 AP. This daze will not tick at upkeep.
    session.do(AddCondition(["bran"], Condition("Dazed", 2)))
    session.do(AddCondition(["bran"], Condition("Burning", 2)))
    assert sheet(session, "bran").now.stun_spent == 3
    session.do(TacticalResolve(["ana"]))
    assert sheet(session, "ana").now.ap == 0
    assert spans(session)["ana"] == (15, None)

    session.do(NextTurn())
    assert due(session) == (13, ["cole"], [])
    session.do(TacticalResolve())
    assert due(session) == (13, [], ["cole"])
    session.do(TacticalDeclare("cole", "Shift item to other hand"))

    # Bran's own count (base 10 + 5 x 0 AP left): his load could be interrupted here.
    session.do(NextTurn())
    assert due(session) == (10, [], [])

    session.do(NextTurn())
    assert due(session) == (8, ["cole"], [])
    session.do(TacticalResolve())
    # No penalty is no "(0)".
    assert session.describe_entry(len(session.entries) - 1)[0] == (
        "On 8: Cole's Shift item to other hand resolves"
    )
    assert [sheet(session, c).now.spent for c in ("ana", "bran", "cole")] == [4, 0, 4]


def test_a_round_of_three_checked_at_every_count_and_after_upkeep():
    session = three()
    play_round_one(session)

    session.do(NextTurn())
    assert session.state.phase == Phase.UPKEEP
    assert session.entries[-1].label == "Upkeep, round 1"
    assert conditions(session, "ana") == {"Blessed": 2}
    assert conditions(session, "bran") == {"Dazed": 2, "Burning": 1}
    assert conditions(session, "cole") == {"Stunned": 1}
    assert sheet(session, "bran").hits == 28
    assert part_of(session.state).counters[0].value == 1
    lines = session.describe_entry(len(session.entries) - 1)
    assert lines == (
        "Upkeep, round 1",
        "Ana Blessed: 2 rounds left; Bran bleeds: takes 2 hits (30 → 28); Burning: 1 round "
        "left; stun does not tick (2 AP or more spent before it); Cole Stunned: 1 round left",
        "Counters: Rising tide 1",
    )

    session.do(NextTurn())
    assert (session.state.round, session.state.phase) == (2, Phase.INITIATIVE)
    bran = sheet(session, "bran")
    crossbow = bran.now.action
    assert (crossbow.paid, crossbow.this_round, bran.now.ap) == (4, 4, 0)
    assert (crossbow.declared_at, crossbow.resolves_at) == (30, 10)
    assert spans(session)["bran@action"] == (30, 10)

    session.do(NextTurn())
    assert due(session) == (35, [], ["ana"])
    session.do(TacticalDeclare("ana", "Dodge"))
    session.do(NextTurn())
    assert due(session) == (28, [], ["cole"])
    session.do(TacticalDeclare("cole", "Dodge"))
    session.do(NextTurn())
    assert due(session) == (15, ["ana"], [])
    session.do(TacticalResolve())
    session.do(NextTurn())
    assert due(session) == (10, ["bran"], [])
    session.do(TacticalResolve())
    assert sheet(session, "bran").now.action is None
    assert sheet(session, "bran").now.spent == 4
    session.do(NextTurn())
    assert due(session) == (8, ["cole"], [])
    session.do(TacticalResolve())

    session.do(NextTurn())
    assert session.state.phase == Phase.UPKEEP
    # Stuns from round 1 always tick after round 2: Bran's daze, Cole's last round of stun.
    assert conditions(session, "bran") == {"Dazed": 1}
    assert conditions(session, "cole") == {}
    assert conditions(session, "ana") == {"Blessed": 1}
    assert sheet(session, "bran").hits == 26
    assert part_of(session.state).counters[0].value == 2


def test_a_stun_after_two_ap_or_more_does_not_tick_that_round():
    session = three()
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("ana", "Dodge"))
    with pytest.raises(RulesError, match="Resolve or interrupt the actions of Ana first"):
        session.do(EndRound())
    while part_of(session.state).count != 15:
        session.do(NextTurn())
    session.do(AddCondition(["ana"], Condition("Stunned and unable to parry", 1)))
    session.do(AddCondition(["ana"], Condition("Staggered")))
    assert sheet(session, "ana").now.stun_spent == 4
    assert sheet(session, "ana").now.stagger_spent == 4
    session.do(TacticalResolve())
    session.do(EndRound())
    assert session.state.phase == Phase.UPKEEP
    assert conditions(session, "ana") == {"Stunned and unable to parry": 1, "Staggered": None}
    # Next round, with no new stun, both go.
    session.do(NextTurn())
    session.do(EndRound())
    assert conditions(session, "ana") == {}


def test_stuns_tick_most_severe_first():
    session = three()
    session.do(StartFight())
    session.do(AddCondition(["cole"], Condition("Dazed", 2)))
    session.do(AddCondition(["cole"], Condition("Stunned", 1)))
    session.do(AddCondition(["cole"], Condition("Stunned and unable to parry", 1)))
    session.do(EndRound())
    assert conditions(session, "cole") == {"Dazed": 2, "Stunned": 1}
    session.do(NextTurn())
    session.do(EndRound())
    assert conditions(session, "cole") == {"Dazed": 2}
    session.do(NextTurn())
    session.do(EndRound())
    assert conditions(session, "cole") == {"Dazed": 1}


def test_a_stun_after_exactly_two_ap_does_not_tick():
    session = three()
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("ana", "Dodge"))  # 35 -> 15
    counts = []
    while part_of(session.state).count != 25:
        session.do(NextTurn())
        counts.append(part_of(session.state).count)
    assert counts == [30, 28, 25]
    session.do(AddCondition(["ana"], Condition("Dazed", 1)))
    assert sheet(session, "ana").now.stun_spent == 2
    while part_of(session.state).count != 15:
        session.do(NextTurn())
    session.do(TacticalResolve())
    session.do(EndRound())
    assert conditions(session, "ana") == {"Dazed": 1}
