"""Tactical rules at their edges: a shortening landing on the count now, a kept load finished
within the round and a short action keeping nothing, the rolls initiative and ties ask for, a
declaration with no AP left, and pace names in refusals."""

import pytest
from recording_roller import RecordingRoller
from tactical_fights import ScriptedDice, fighter, sheet, tactical_session

from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.intents import NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.catalog import Pace, shipped_actions
from uwr_desktop.core.rulesets.tactical.intents import (
    MoveMode,
    TacticalDeclare,
    TacticalEditCatalog,
    TacticalInterrupt,
    TacticalMove,
    TacticalResolve,
    TacticalShorten,
)
from uwr_desktop.core.rulesets.tactical.state import part_of
from uwr_desktop.core.session import Session


def test_a_shortening_landing_on_the_count_now_resolves_on_it():
    roster = [fighter("hauser", quickness=1), fighter("orc")]
    session = tactical_session(roster, [6, 8, 5, 5])  # hauser 15 (35), orc 10 (30)
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("hauser", "Melee attack"))  # 4 AP: 35 -> 15
    session.do(NextTurn())
    session.do(TacticalDeclare("orc", "Melee attack", ap=2))  # 30 -> 20
    session.do(NextTurn())
    assert part_of(session.state).count == 20
    session.do(TacticalShorten("hauser", 3))
    assert sheet(session, "hauser").now.action.resolves_at == 20
    assert rules.resolving(session.state, session.ruleset.settings.tie_order) == ["hauser", "orc"]
    session.do(TacticalResolve())
    assert session.describe_entry(len(session.entries) - 1) == (
        "On 20 together: Hauser's Melee attack (-25), Orc's Melee attack (-50) resolve",
    )


def test_a_kept_load_taken_up_again_resolves_this_round_when_its_ap_are_left():
    # bran 10 (30), orc 2 (22); kept progress is the setting.
    session = tactical_session([fighter("bran"), fighter("orc")], [5, 5, 1, 1], interruption="keep")
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("bran", "Load light crossbow"))  # 8 AP: 4 this round
    session.do(NextTurn())
    session.do(TacticalDeclare("orc", "Dodge"))
    session.do(NextTurn())
    session.do(NextTurn())
    session.do(TacticalResolve())
    for _ in range(3):
        session.do(NextTurn())
    assert (session.state.round, part_of(session.state).count) == (2, 22)
    session.do(TacticalInterrupt("bran"))  # 5 of 8 AP kept, 3 AP left this round
    session.do(TacticalDeclare("bran", "Load light crossbow"))
    action = sheet(session, "bran").now.action
    # The 3 AP still owed fit the 3 left: the load resolves this round, on Bran's own count.
    assert (action.paid, action.this_round, action.resolves_at) == (5, 3, 10)


def test_initiative_and_each_tie_ask_their_combatants_for_the_roll():
    roster = [fighter("ann", quickness=1), fighter("ben", quickness=3), fighter("cat", quickness=1)]
    roller = RecordingRoller(ScriptedDice([5, 5, 4, 4, 5, 5, 2, 9]))
    session = Session(make_ruleset("tactical"), roster, roller=roller)
    session.do(StartFight())
    assert roller.asked == [RollFor(cid, "initiative") for cid in ("ann", "ben", "cat")]
    roller.asked.clear()
    session.do(NextTurn())
    assert roller.asked == [
        RollFor("ann", "a tie on count 31"),
        RollFor("cat", "a tie on count 31"),
    ]


@pytest.mark.parametrize(
    ("name", "shown"),
    [("F" * 40, "F" * 40), ("F" * 41, "F" * 39 + "…"), ("F" * 60, "F" * 39 + "…")],
)
def test_a_refusal_names_a_pace_in_at_most_40_characters(name: str, shown: str):
    session = tactical_session([fighter("a")], [5, 5])
    session.do(StartFight())
    session.do(TacticalEditCatalog(shipped_actions(), (Pace(name, -1000),)))
    with pytest.raises(RulesError) as refused:
        session.do(TacticalMove("a", name, MoveMode.PRONE))
    assert str(refused.value) == (
        f"Moving prone at {shown} would give -1000 x 4 = -4000; "
        "a penalty goes down to -1000 at most"
    )


def test_two_paces_of_one_name_are_refused_whatever_their_case():
    session = tactical_session([fighter("a")], [5, 5])
    session.do(StartFight())
    with pytest.raises(RulesError, match=r"^Two paces are called 'run '$"):
        session.do(TacticalEditCatalog(shipped_actions(), (Pace("Run", -40), Pace("run ", -50))))


def test_an_action_of_four_ap_interrupted_keeps_no_progress_even_when_progress_is_kept():
    roster = [fighter("hauser", quickness=1), fighter("orc")]
    session = tactical_session(roster, [6, 8, 5, 5], interruption="keep")  # 15 (35), 10 (30)
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("hauser", "Melee attack"))  # 4 AP: 35 -> 15
    session.do(NextTurn())
    assert part_of(session.state).count == 30
    session.do(TacticalInterrupt("hauser"))
    assert sheet(session, "hauser").progress is None
    assert sheet(session, "hauser").now.spent == 1


def test_who_has_spent_every_ap_is_told_so_on_declaring_again():
    session = tactical_session([fighter("ann"), fighter("ben")], [9, 9, 2, 3])  # 18 (38), 5 (25)
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("ann", "Melee attack"))  # 4 AP: 38 -> 18
    while part_of(session.state).count > 18:
        session.do(NextTurn())
    session.do(TacticalResolve(("ann",)))
    with pytest.raises(RulesError, match=r"^Ann has no AP left this round$"):
        session.do(TacticalDeclare("ann", "Melee attack"))
