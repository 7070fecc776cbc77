"""uwr at the table: the defeated are skipped and can be revived, combat actions spend Stamina,
and a weapon added mid-fight counts at once when the pool recomputes at once."""

import random
from fractions import Fraction

import pytest
from uwr_sheets import uwr_combatant

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import DEFEATED_CONDITION, Condition
from uwr_desktop.core.intents import (
    AddCondition,
    ApplyDamage,
    EndRound,
    Heal,
    NextTurn,
    RemoveCondition,
    ReplaceCombatant,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.events import StaminaSpent
from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction, ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Weapon
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def fighter(cid, side, grace, **changes):
    fields = {
        "id": cid,
        "name": cid.capitalize(),
        "side": side,
        "attributes": Attributes(brawn=Fraction(3), grace=Fraction(grace)),
        "weapons": (Weapon(name="Sword", upr_type="Rapid"),),
        "vitality": 5,
        "vitality_max": 5,
        "stamina": 2,
        "stamina_max": 2,
    }
    fields.update(changes)
    return uwr_combatant(**fields)


def fight(**settings):
    """Ana (player) > Bo (enemy) > Cy (enemy) in turn order: Grace 7, 4 and 1."""
    roster = (
        fighter("ana", Side.PLAYER, 7),
        fighter("bo", Side.ENEMY, 4),
        fighter("cy", Side.ENEMY, 1),
    )
    for seed in range(200):
        session = Session(make_ruleset("uwr", settings), roster, roller=Roller(random.Random(seed)))
        session.do(StartFight())
        if session.state.order == ("ana", "bo", "cy"):
            return session
    raise AssertionError("no seed gives the order Ana, Bo, Cy")


def turns(session, count):
    seen = [session.state.current]
    for _ in range(count):
        session.do(NextTurn())
        seen.append(session.state.current)
    return seen


def test_a_combatant_at_vitality_0_is_skipped_by_next_turn():
    session = fight()
    session.do(ApplyDamage(["bo"], 9))
    assert session.state.combatants["bo"].down
    assert turns(session, 3) == ["ana", "cy", "ana", "cy"]
    assert session.state.round == 2


def test_a_combatant_marked_defeated_is_skipped_and_unmarking_revives():
    session = fight()
    session.do(AddCondition(["bo"], Condition(DEFEATED_CONDITION)))
    assert session.state.combatants["bo"].down
    assert turns(session, 2) == ["ana", "cy", "ana"]
    session.do(RemoveCondition(["bo"], "defeated"))
    assert not session.state.combatants["bo"].down
    assert turns(session, 2) == ["ana", "bo", "cy"]
    session.undo()
    session.undo()
    session.undo()
    assert session.state.combatants["bo"].down


def test_healing_above_0_revives_and_undo_takes_it_back():
    session = fight()
    session.do(ApplyDamage(["bo"], 5))
    session.do(Heal(["bo"], 2))
    assert not session.state.combatants["bo"].down
    assert turns(session, 1) == ["ana", "bo"]
    session.undo()
    session.undo()
    assert session.state.combatants["bo"].down


def test_a_round_starts_with_the_first_combatant_still_standing():
    session = fight()
    session.do(ApplyDamage(["ana"], 5))
    session.do(EndRound())
    assert (session.state.round, session.state.current) == (2, "bo")


def test_when_everyone_is_down_a_round_starts_with_no_turn():
    session = fight()
    session.do(ApplyDamage(["ana", "bo", "cy"], 5))
    session.do(NextTurn())
    assert (session.state.round, session.state.current) == (2, None)


def test_an_attack_and_its_reaction_each_spend_one_stamina():
    session = fight()
    entry = session.do(Attack("ana", 0, "bo"))
    assert isinstance(entry.events[0], StaminaSpent)
    assert session.state.combatants["ana"].sheet.stamina == 1
    session.do(React(Reaction.DODGE))
    assert session.state.combatants["bo"].sheet.stamina == 1
    session.do(ResolveCheck())
    log = [line for index in range(len(session.entries)) for line in session.describe_entry(index)]
    assert "Round 1 · Ana spends 1 Stamina (2 → 1)" in log
    assert "Round 1 · Bo spends 1 Stamina (2 → 1)" in log
    session.undo()
    session.undo()
    session.undo()
    assert session.state.combatants["ana"].sheet.stamina == 2


def test_with_no_stamina_left_an_attack_still_goes_and_spends_nothing():
    session = fight()
    session.do(Attack("ana", 0, "bo"))
    session.do(ResolveCheck())
    session.do(Attack("ana", 0, "cy"))
    session.do(ResolveCheck())
    assert session.state.combatants["ana"].sheet.stamina == 0
    entry = session.do(Attack("ana", 0, "bo"))  # Brawn 3, Rapid: 3 uses
    assert not any(isinstance(event, StaminaSpent) for event in entry.events)
    assert session.state.combatants["ana"].sheet.stamina == 0


def test_stamina_refills_at_the_start_of_the_next_turn():
    session = fight()
    session.do(Attack("ana", 0, "bo"))
    session.do(ResolveCheck())
    session.do(EndRound())
    assert session.state.combatants["ana"].sheet.stamina == 2


@pytest.mark.parametrize(("recompute", "uses"), [("at_once", 1), ("next_round", 0)])
def test_a_weapon_added_mid_fight_counts_at_once_only_when_uses_recompute_at_once(recompute, uses):
    session = fight(upr_recompute=recompute)
    ana = session.state.combatants["ana"]
    axe = Weapon(name="Axe", upr_type="Quick")
    session.do(ReplaceCombatant(fighter("ana", Side.PLAYER, 7, weapons=(*ana.sheet.weapons, axe))))
    added = session.state.combatants["ana"].sheet.weapons[1]
    assert (added.uses_max, added.uses_left) == (uses, uses)  # Brawn 3 / Quick 3 = 1 use
    session.do(EndRound())
    added = session.state.combatants["ana"].sheet.weapons[1]
    assert (added.upr, added.uses_left) == (Fraction(1), 1)
