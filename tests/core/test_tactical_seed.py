"""The seed's example, cell for cell: Hauser rolls 14, +1 Quickness bonus is 15; with 4 AP he
declares on 35; a 3 AP melee attack resolves on 20; he declares his next action on 20."""

import pytest
from tactical_fights import fighter, sheet, tactical_session

from uwr_desktop.core.intents import NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.rulesets.tactical.lanes import DECLARED_ACTION
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import AxisKind, SlotStatus


def test_hauser_declares_on_35_resolves_on_20_and_declares_again_on_20():
    session = tactical_session([fighter("hauser", Side.PLAYER, quickness=1)], [6, 8])
    ruleset = session.ruleset

    session.do(StartFight())
    hauser = sheet(session, "hauser")
    assert hauser.initiative is not None
    assert hauser.initiative.faces == (6, 8)
    assert hauser.base == 15
    assert hauser.now.ap == 4
    (slot,) = ruleset.timeline(session.state)
    assert (slot.position, slot.value_text) == (35, "35")

    session.do(NextTurn())
    assert session.state.phase == Phase.RESOLUTION
    assert part_of(session.state).count == 35
    assert ruleset.timeline(session.state)[0].status == SlotStatus.CURRENT

    session.do(TacticalDeclare("hauser", "Melee attack", ap=3))
    action = sheet(session, "hauser").now.action
    assert action is not None
    assert (action.declared_at, action.resolves_at, action.ap) == (35, 20, 3)
    assert action.shortening_penalty == -25
    assert session.describe_entry(session.cursor - 1) == (
        "Hauser declares Melee attack (3 AP) on 35, resolving on 20 (-25)",
    )
    assert sheet(session, "hauser").now.ap == 1
    declared = ruleset.timeline(session.state)[0]
    assert declared.kind == DECLARED_ACTION
    assert (declared.position, declared.span_end, declared.value_text) == (35, 20, "35 → 20")
    assert ruleset.timeline_axis(session.state).kind == AxisKind.LANES

    session.do(NextTurn())
    assert part_of(session.state).count == 20
    with pytest.raises(RulesError, match="Resolve Hauser's Melee attack first"):
        session.do(NextTurn())

    session.do(TacticalResolve())
    after = sheet(session, "hauser")
    assert after.now.action is None
    assert after.now.ap == 1
    assert after.now.spent == 3
    over, slot = ruleset.timeline(session.state)
    assert (over.key, over.caption, over.position, over.span_end) == (
        "hauser@done0",
        "Melee attack",
        35,
        20,
    )
    assert over.status == SlotStatus.DONE
    assert (slot.position, slot.status) == (20, SlotStatus.CURRENT)
    offered = [option.label for option in ruleset.legal_intents(session.state, "hauser")]
    assert "Shift item to other hand (1 AP)" in offered
    assert "Ranged attack (1-3 AP)" in offered
    assert "Melee attack (2-4 AP)" not in offered
    assert "Load light crossbow (8 AP)" in offered
    with pytest.raises(RulesError, match="it waits for next round"):
        session.do(TacticalDeclare("hauser", "Melee attack", ap=2))

    session.do(TacticalDeclare("hauser", "Draw weapon/ammo/item"))
    assert sheet(session, "hauser").now.action.resolves_at == 15


def test_the_penalty_lowers_base_initiative_by_one_per_full_ten():
    session = tactical_session([fighter("hauser", quickness=1, penalty=-35)], [6, 8])
    session.do(StartFight())
    assert sheet(session, "hauser").base == 14 + 1 - 3
