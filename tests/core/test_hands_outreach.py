"""The outreach rule of ``hands``: a combatant with shorter total reach and no missile weapon may
attack the opponent outreaching it only at that opponent's weapon, and only when the opponent
attacks it; it may attack normally when the opponent attacks with a weapon shorter than its own
total reach."""

import pytest
from hands_fighters import fighter, session

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets.hands.intents import HandsSpend
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
from uwr_desktop.core.sides import Side


def brute():
    """Reach 3 with a halberd, 1 with a dagger."""
    weapons = (HandsWeapon(name="Halberd", reach=3), HandsWeapon(name="Dagger", reach=1))
    return Combatant(
        id="brute", name="Brute", side=Side.ENEMY, sheet=HandsSheet(max_points=6, weapons=weapons)
    )


def fight_with(*others):
    """Ana (reach 2, a player) against Brute and ``others``; Brute declares first."""
    fight = session(fighter("ana", 4, reach=2, side=Side.PLAYER), brute(), *others)
    fight.do(StartFight())
    return fight


def last_line(fight):
    return fight.describe_entry(fight.cursor - 1)[0]


def test_an_outreached_combatant_cannot_attack_before_the_opponent_attacks_it():
    fight = fight_with()
    with pytest.raises(RulesError, match="Ana is outreached by Brute") as refused:
        fight.do(HandsSpend("ana", 1, target="brute"))
    assert "only when Brute attacks Ana, and then only Brute's weapon" in str(refused.value)
    assert fight.state.combatants["ana"].sheet.ready == 4


def test_once_attacked_it_may_attack_only_the_weapon_by_interfering():
    fight = fight_with()
    fight.do(HandsSpend("brute", 2, weapon=0, target="ana"))
    with pytest.raises(RulesError, match="may attack only Brute's weapon, by interfering"):
        fight.do(HandsSpend("ana", 1, target="brute"))
    fight.do(HandsSpend("ana", 2, opposes=0, target="brute"))
    assert "(at Brute's weapon)" in last_line(fight)
    assert fight.state.combatants["ana"].sheet.ready == 2


def test_an_attack_with_a_shorter_weapon_lets_it_attack_normally():
    fight = fight_with()
    fight.do(HandsSpend("brute", 1, weapon=1, target="ana"))
    fight.do(HandsSpend("ana", 2, target="brute"))
    assert "at Brute (outreached, but Brute attacks with a shorter weapon)" in last_line(fight)


def test_the_opponents_attack_on_someone_else_does_not_open_the_way():
    fight = fight_with(fighter("cy", 4, side=Side.PLAYER))
    fight.do(HandsSpend("brute", 2, weapon=1, target="cy"))
    with pytest.raises(RulesError, match="only when Brute attacks Ana"):
        fight.do(HandsSpend("ana", 1, target="brute"))


def test_it_attacks_an_opponent_that_does_not_outreach_it_freely():
    fight = fight_with(fighter("gob", 3, reach=1))
    fight.do(HandsSpend("ana", 1, target="gob"))
    assert fight.state.combatants["ana"].sheet.ready == 3


def test_a_missile_weapon_frees_its_bearer_from_the_rule():
    archer = fighter("vex", 4, reach=60, missile=True, side=Side.PLAYER)
    fight = fight_with(archer)
    fight.do(HandsSpend("vex", 1, target="brute"))
    assert fight.state.combatants["vex"].sheet.ready == 3


def test_the_rule_is_checked_again_at_every_turn():
    fight = fight_with()
    fight.do(HandsSpend("brute", 2, weapon=0, target="ana"))
    fight.do(HandsSpend("ana", 1, opposes=0))
    fight.do(NextTurn())
    with pytest.raises(RulesError, match="only when Brute attacks Ana"):
        fight.do(HandsSpend("ana", 1, target="brute"))


def test_an_interference_cannot_attack_someone_else_and_nobody_attacks_itself():
    fight = fight_with(fighter("gob", 3, reach=1))
    fight.do(HandsSpend("brute", 2, weapon=0, target="ana"))
    with pytest.raises(RulesError, match="interfering with Brute's cannot attack Gob"):
        fight.do(HandsSpend("ana", 1, opposes=0, target="gob"))
    with pytest.raises(RulesError, match="cannot attack itself"):
        fight.do(HandsSpend("gob", 1, target="gob"))
    with pytest.raises(RulesError, match=r"no combatant with id .nobody."):
        fight.do(HandsSpend("ana", 1, target="nobody"))
