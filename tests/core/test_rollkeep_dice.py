"""The Ten Dice Rule and the damage rolls of the rollkeep rules, example by example."""

import pytest
from rollkeep_sheets import DAI_TSUCHI, FISTS, KATANA, YUMI, samurai

from uwr_desktop.core.dice import KeepDice, RollKeepSpec, apply_keep_limit
from uwr_desktop.core.odds import roll_keep_probability
from uwr_desktop.core.rulesets.rollkeep.rules import damage_spec, keep_limit, plan_attack
from uwr_desktop.core.rulesets.rollkeep.sheet import Skill, Stance, Weapon, WeaponKind
from uwr_desktop.core.rulesets.rollkeep.state import RollkeepSettings

LOST = RollkeepSettings()
COUNTED = RollkeepSettings(leftover_die_counts=True)


@pytest.mark.parametrize(
    ("asked", "used"),
    [
        # The rulebook's examples.
        ((12, 4), (10, 5, 0)),
        ((13, 9), (10, 10, 2)),
        ((10, 12), (10, 10, 4)),
        ((14, 12), (10, 10, 12)),
        # What follows from reading the rule in order.
        ((12, 10), (10, 10, 4)),
        ((14, 9), (10, 10, 4)),
        ((15, 9), (10, 10, 6)),
        ((16, 8), (10, 10, 4)),
        ((20, 3), (10, 8, 0)),
        ((15, 12), (10, 10, 14)),
        # Fewer than 10 rolled: kept is cut to rolled.
        ((4, 5), (4, 4, 0)),
        # A single leftover rolled die is lost by default.
        ((11, 4), (10, 4, 0)),
    ],
)
def test_ten_dice_rule_examples(asked, used):
    assert apply_keep_limit(*asked, keep_limit(LOST)) == KeepDice(*used)
    assert RollKeepSpec(*asked, limit=keep_limit(LOST)).effective == KeepDice(*used)


def test_the_leftover_die_setting_makes_11k4_10k4_plus_2():
    assert apply_keep_limit(11, 4, keep_limit(COUNTED)) == KeepDice(10, 4, 2)
    assert RollKeepSpec(11, 4, limit=keep_limit(COUNTED)).effective == KeepDice(10, 4, 2)
    # Once rolled and kept are 10 the setting changes nothing.
    assert apply_keep_limit(13, 9, keep_limit(COUNTED)) == KeepDice(10, 10, 2)


def strong(strength: int, **fields):
    return samurai("s", "S", strength=strength, **fields).sheet


@pytest.mark.parametrize(
    ("strength", "weapon", "rolled", "kept"),
    [
        (3, DAI_TSUCHI, 8, 2),  # a Crab bushi with Strength 3 and a dai tsuchi (5k2): 8k2
        (2, YUMI, 5, 2),  # yumi Strength 3 + arrow 2k2: 5k2, whatever the archer's Strength
        (5, YUMI, 5, 2),
        (3, FISTS, 3, 1),  # unarmed 0k1: Strength k1
        (1, FISTS, 1, 1),
        (4, KATANA, 7, 2),
        (3, Weapon(name="Dart", kind=WeaponKind.RANGED, damage_rolled=1, damage_kept=1), 1, 1),
    ],
)
def test_damage_rolls_add_strength_by_weapon_kind(strength, weapon, rolled, kept):
    spec = damage_spec(strong(strength), weapon, 0, LOST)
    assert (spec.rolled, spec.kept, spec.explode) == (rolled, kept, True)


def test_each_raise_adds_a_rolled_die_of_damage_and_the_ten_dice_rule_comes_last():
    spec = damage_spec(strong(3), DAI_TSUCHI, 2, LOST)
    assert (spec.rolled, spec.kept) == (10, 2)
    nine = Weapon(name="Tetsubo", damage_rolled=8, damage_kept=3)
    assert damage_spec(strong(3), nine, 0, LOST).effective == KeepDice(10, 3, 0)  # 11k3
    assert damage_spec(strong(3), nine, 0, COUNTED).effective == KeepDice(10, 3, 2)
    assert damage_spec(strong(4), nine, 0, LOST).effective == KeepDice(10, 4, 0)  # 12k3


def test_full_attack_and_center_dice_come_before_the_ten_dice_rule():
    # Agility 8, unskilled in Kenjutsu: 8k8; Full Attack +2k1 and Center +1k1 make 11k10,
    # which the Ten Dice Rule reads as 10k10+2; Center also adds Void (4) to the total.
    attacker = samurai(
        "a",
        "A",
        agility=8,
        void=4,
        weapons=(KATANA,),
        stance=Stance.FULL_ATTACK,
        center_roll=True,
    )
    target = samurai("t", "T", reflexes=2)
    plan = plan_attack(attacker, KATANA, target, raises=0, into_melee=False, settings=LOST)
    assert (plan.spec.rolled, plan.spec.kept) == (11, 10)
    assert plan.spec.effective == KeepDice(10, 10, 2)
    assert plan.spec.modifier == 4
    assert not plan.spec.explode  # an unskilled roll does not explode
    # Target: Reflexes 2 x 5 + 5, in the Attack stance.
    assert plan.tn == plan.armor_tn == 15


def test_raises_are_five_each_up_to_void_and_ranged_into_melee_takes_ten():
    archer = samurai("a", "A", reflexes=3, void=2, weapons=(YUMI,))
    target = samurai("t", "T", reflexes=3, armor=3)
    plan = plan_attack(archer, YUMI, target, raises=2, into_melee=True, settings=LOST)
    assert plan.armor_tn == 23
    assert plan.tn == 33
    assert plan.spec.modifier == -10
    with pytest.raises(Exception, match="0 to 2 raises"):
        plan_attack(archer, YUMI, target, raises=3, into_melee=False, settings=LOST)


def test_the_chance_to_hit_follows_the_leftover_die_setting():
    # Agility 7 + Kenjutsu 4 = 11k7: 10k7, or 10k7+2 when the leftover die counts.
    attacker = samurai("a", "A", agility=7, skills=(Skill("Kenjutsu", 4),), weapons=(KATANA,))
    target = samurai("t", "T", reflexes=5, armor=15)  # Armor TN 45
    lost = plan_attack(attacker, KATANA, target, raises=0, into_melee=False, settings=LOST)
    counted = plan_attack(attacker, KATANA, target, raises=0, into_melee=False, settings=COUNTED)
    assert lost.tn == counted.tn == 45
    assert lost.chance() == roll_keep_probability(10, 7, 45)
    assert counted.chance() == roll_keep_probability(10, 7, 43)
    assert counted.chance() > lost.chance()
