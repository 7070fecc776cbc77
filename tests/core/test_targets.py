"""Whom an attack is aimed at by default: the nearest standing enemy after the attacker."""

from fractions import Fraction

import pytest

from uwr_desktop.core.encounter import DEFEATED_CONDITION, Combatant, Condition, EncounterState
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.core.targets import default_target, hostile, targets


def one(cid, side, **sheet):
    return Combatant(
        id=cid,
        name=cid,
        side=side,
        sheet=UwrSheet(attributes=Attributes(grace=Fraction(2)), **sheet),
    )


def state_of(*combatants, order=None):
    by_id = {c.id: c for c in combatants}
    rows = tuple(by_id)
    return EncounterState(combatants=by_id, rows=rows, order=tuple(order or rows))


@pytest.mark.parametrize(
    ("attacker", "other", "enemies"),
    [
        (Side.PLAYER, Side.ENEMY, True),
        (Side.PLAYER, Side.ALLY, False),
        (Side.PLAYER, Side.NEUTRAL, False),
        (Side.ALLY, Side.ENEMY, True),
        (Side.ALLY, Side.PLAYER, False),
        (Side.ENEMY, Side.PLAYER, True),
        (Side.ENEMY, Side.ALLY, True),
        (Side.ENEMY, Side.ENEMY, False),
        (Side.ENEMY, Side.NEUTRAL, False),
        (Side.NEUTRAL, Side.ENEMY, True),
        (Side.NEUTRAL, Side.PLAYER, True),
        (Side.NEUTRAL, Side.NEUTRAL, False),
    ],
)
def test_who_is_an_enemy_of_whom(attacker, other, enemies):
    assert hostile(attacker, other) is enemies


def test_the_nearest_enemy_after_the_attacker_in_turn_order_comes_first():
    state = state_of(
        one("e1", Side.ENEMY),
        one("ally", Side.ALLY),
        one("pc", Side.PLAYER),
        one("e2", Side.ENEMY),
        order=("e1", "pc", "ally", "e2"),
    )
    assert default_target(state, "pc") == "e2"
    assert default_target(state, "ally") == "e2"
    assert default_target(state, "e2") == "pc", "round the top of the order"
    assert default_target(state, "e1") == "pc"


def test_the_defeated_are_never_offered_nor_chosen():
    state = state_of(
        one("pc", Side.PLAYER),
        one("dead", Side.ENEMY, vitality=0),
        one("marked", Side.ENEMY).__class__(
            id="marked",
            name="marked",
            sheet=UwrSheet(),
            conditions=(Condition(DEFEATED_CONDITION),),
        ),
        one("e", Side.ENEMY),
    )
    assert default_target(state, "pc") == "e"
    assert [c.id for c in targets(state)] == ["pc", "e"]


def test_no_enemy_standing_or_no_attacker_means_no_default():
    state = state_of(one("pc", Side.PLAYER), one("ally", Side.ALLY))
    assert default_target(state, "pc") is None
    assert default_target(state, "ghost") is None


def test_before_the_turn_order_exists_the_table_order_counts():
    state = EncounterState(
        combatants={
            c.id: c for c in (one("e1", Side.ENEMY), one("pc", Side.PLAYER), one("e2", Side.ENEMY))
        },
        rows=("e1", "pc", "e2"),
        order=(),
    )
    assert default_target(state, "pc") == "e2"


def test_an_attacker_missing_from_the_turn_order_counts_from_its_top():
    state = state_of(
        one("e1", Side.ENEMY), one("pc", Side.PLAYER), one("e2", Side.ENEMY), order=("e1", "e2")
    )
    assert default_target(state, "pc") == "e1"
