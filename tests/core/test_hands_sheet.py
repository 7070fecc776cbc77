"""The ``hands`` sheet: maximum points, damage and healing in words, copies and templates,
reach, and sheets that cannot be."""

import msgspec
import pytest

from uwr_desktop.core.events import convert
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon, take_damage
from uwr_desktop.core.sides import Side


def test_damage_takes_ready_points_first_and_says_what_was_lost():
    sheet = HandsSheet(max_points=6, ready=2, carry_over=1, used=3)
    after, text = sheet.damaged(4, Side.ENEMY)
    assert (after.damage, after.ready, after.carry_over, after.used) == (4, 0, 0, 2)
    assert text == "takes 4 damage (6 → 2 hit points; loses 2 ready, 1 carry-over, 1 used)"


def test_damage_can_take_used_points_first():
    sheet = HandsSheet(max_points=6, ready=2, carry_over=1, used=3)
    after, text = take_damage(sheet, 4, ready_first=False)
    assert (after.ready, after.carry_over, after.used) == (2, 0, 0)
    assert text == "takes 4 damage (6 → 2 hit points; loses 3 used, 1 carry-over)"


def test_damage_within_the_unpooled_points_takes_nothing_from_the_pools():
    sheet = HandsSheet(max_points=5, damage=1, ready=2)
    after, text = sheet.damaged(1, Side.PLAYER)
    assert (after.damage, after.ready) == (2, 2)
    assert text == "takes 1 damage (4 → 3 hit points)"


def test_the_last_point_damaged_puts_it_out_and_damage_stops_at_the_maximum():
    sheet = HandsSheet(max_points=3, ready=3)
    after, text = sheet.damaged(5, Side.ENEMY)
    assert after.damage == 3 and after.down and after.pooled == 0
    assert text == "takes 5 damage (3 → 0 hit points; loses 3 ready): out"
    again, text = after.damaged(1, Side.ENEMY)
    assert again.damage == 3 and text == "takes 1 damage (0 → 0 hit points)"


def test_healing_lowers_the_damage_and_refuses_when_whole():
    sheet = HandsSheet(max_points=6, damage=4, ready=2)
    healed, text = sheet.healed(3)
    assert healed.damage == 1 and healed.ready == 2
    assert text == "heals 3 (damage 4 → 1; ready from the next round)"
    whole, text = healed.healed(5)
    assert whole.damage == 0 and text.startswith("heals 1 (damage 1 → 0")
    assert whole.healed(1) is None


def test_a_copy_starts_with_empty_pools_and_a_template_whole():
    sheet = HandsSheet(max_points=6, damage=2, ready=2, carry_over=1, used=1, bonus=2)
    copy = sheet.as_copy()
    assert (copy.damage, copy.ready, copy.carry_over, copy.used, copy.bonus) == (2, 0, 0, 0, 2)
    template = sheet.as_template()
    assert (template.damage, template.pooled, template.points_max) == (0, 0, 6)


def test_reach_is_the_longest_weapon_and_a_missile_range_counts():
    assert HandsSheet().reach == 0 and HandsSheet().missile_range == 0
    sheet = HandsSheet(
        weapons=(
            HandsWeapon(name="Dagger", reach=1),
            HandsWeapon(name="Sling", reach=20, missile=True),
            HandsWeapon(name="Spear", reach=3),
        )
    )
    assert (sheet.reach, sheet.missile_range, sheet.has_missile) == (20, 20, True)
    assert sheet.melee_reach == 3
    assert not HandsSheet(weapons=(HandsWeapon(name="Spear", reach=3),)).has_missile


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"max_points": 3, "damage": 4}, "damage 4 is above the maximum 3"),
        ({"max_points": 4, "damage": 1, "ready": 2, "used": 2}, "the pools hold 4 points"),
    ],
)
def test_a_sheet_that_cannot_be_is_refused(fields, message):
    with pytest.raises(msgspec.ValidationError, match=message):
        convert({"ruleset": "hands", **fields}, HandsSheet)
