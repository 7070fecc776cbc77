"""Every round system's sheet says its health, so the table's Health column and the player
view's bands serve every system: what is left and the whole, falling with damage, rising with
healing, and 0 exactly when the combatant is down."""

import pytest

from uwr_desktop.core.rulesets.hands.sheet import HandsSheet
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.sides import Side

SHEETS = {
    "uwr": UwrSheet(vitality=12, vitality_max=12),
    "tactical": TacticalSheet(hits=30, hits_max=30),
    "rollkeep": RollkeepSheet(earth=2),
    "hands": HandsSheet(max_points=6),
}


def test_the_whole_is_what_each_rule_counts():
    assert SHEETS["uwr"].health() == (12, 12)
    assert SHEETS["tactical"].health() == (30, 30)
    assert SHEETS["hands"].health() == (6, 6)
    # Earth 2: the eight ranks hold 38 wounds (Healthy 10, then 4 each); the 39th kills.
    assert SHEETS["rollkeep"].health() == (38, 38)


@pytest.mark.parametrize("ruleset_id", SHEETS)
def test_health_falls_with_damage_rises_with_healing_and_is_0_when_down(ruleset_id):
    sheet = SHEETS[ruleset_id]
    whole = sheet.health()[1]
    hurt, _ = sheet.damaged(3, Side.ENEMY)
    assert hurt.health() == (whole - 3, whole)
    healed = hurt.healed(2)
    assert healed is not None and healed[0].health() == (whole - 1, whole)
    beaten, _ = sheet.damaged(whole, Side.ENEMY)
    assert beaten.health()[0] == 0
    assert beaten.down
