""" "A penalty cannot take a pool below 1 die unless the GM says so" (RULES.md section 1): by
default a die penalty leaves a pool of some dice at 1; the GM says so for one roll (an attack,
a reaction, a direct or an opposed check), or for the whole fight with the house rule."""

import random
from fractions import Fraction

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.events import CheckRolled, ReactionRolled
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    OpposedCheck,
    React,
    Reaction,
)
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def fighter(cid: str, side: Side, *, brawn: int = 2, grace: int = 2) -> Combatant:
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(brawn), grace=Fraction(grace)),
            weapons=(Weapon(name="Sword", upr_type="Rapid"),),
        ),
    )


def fight(**settings: object) -> Session:
    roster = [fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY)]
    session = Session(make_ruleset("uwr", settings), roster, roller=Roller(random.Random(4)))
    session.do(StartFight())
    return session


def test_by_default_a_penalty_leaves_two_dice_at_one():
    session = fight()
    assert session.ruleset.settings.penalty_below_one is False
    entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=-3))
    assert entry.events[0].roll.dice == 1


@pytest.mark.parametrize("penalty", [-2, -3, -100])
def test_the_gm_says_so_for_one_direct_check(penalty):
    session = fight()
    entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=penalty, below_one=True))
    roll = entry.events[0].roll
    assert (roll.dice, roll.faces) == (0, ())
    assert session.describe_entry(len(session.entries) - 1)[-1].endswith("fails")


def test_a_penalty_the_pool_can_take_is_the_same_either_way():
    for below_one in (False, True):
        session = fight()
        entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=-1, below_one=below_one))
        assert entry.events[0].roll.dice == 1


def test_the_gm_says_so_for_an_attack_and_for_the_reaction_apart():
    session = fight()
    session.do(Attack("ana", 0, "orc", extra_dice=-2, below_one=True))
    assert part_of(session.state).pending.action.dice == 0
    session.do(React(Reaction.DODGE, extra_dice=-2))
    assert part_of(session.state).pending.reaction.dice == 1
    session = fight()
    session.do(Attack("ana", 0, "orc", extra_dice=-2))
    assert part_of(session.state).pending.action.dice == 1
    session.do(React(Reaction.DODGE, extra_dice=-2, below_one=True))
    assert part_of(session.state).pending.reaction.dice == 0


def test_the_gm_says_so_for_both_pools_of_an_opposed_check():
    session = fight()
    intent = OpposedCheck(
        "ana", "brawn", "orc", "grace", extra_dice=-3, target_extra_dice=-2, below_one=True
    )
    assert pools_rolled(session.do(intent)) == [0, 0]
    session = fight()
    plain = OpposedCheck("ana", "brawn", "orc", "grace", extra_dice=-3, target_extra_dice=-2)
    assert pools_rolled(session.do(plain)) == [1, 1]


def pools_rolled(entry) -> list[int]:
    return [e.roll.dice for e in entry.events if isinstance(e, CheckRolled | ReactionRolled)]


def test_the_house_rule_lets_every_penalty_count_in_full():
    session = fight(penalty_below_one=True)
    entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=-2))
    assert entry.events[0].roll.dice == 0
    session.do(Attack("ana", 0, "orc", extra_dice=-5))
    assert part_of(session.state).pending.action.dice == 0
    # Bonus dice still count as always.
    session = fight(penalty_below_one=True)
    assert session.do(DirectCheck("ana", "brawn", 1, extra_dice=2)).events[0].roll.dice == 4
