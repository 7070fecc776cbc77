"""A roll-and-keep skirmish played through the session, die by die: an ambush, two delays in
one round (one returning, one forced at the end), a stance change, a combatant crossing two
wound ranks; the order, the TNs and the penalties are checked at every step."""

import pytest
from rollkeep_sheets import archer, bandit, hida, kakita, scripted

from uwr_desktop.core.intents import NextTurn, RulesError, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.events import Attacked
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepActNow,
    RollkeepAmbush,
    RollkeepAttack,
    RollkeepChooseStance,
    RollkeepDelay,
)
from uwr_desktop.core.rulesets.rollkeep.rules import armor_tn, score, sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import Stance
from uwr_desktop.core.rulesets.rollkeep.state import Phase
from uwr_desktop.core.session import Session
from uwr_desktop.core.timeline import AxisKind, SlotStatus


class Table:
    """The session with its dice script, and what the checks read."""

    def __init__(self) -> None:
        self.roller, self.faces = scripted()
        self.session = Session(
            make_ruleset("rollkeep"), [hida(), kakita(), bandit(), archer()], roller=self.roller
        )

    def do(self, intent, *faces):
        self.faces.add(*faces)
        self.session.do(intent)
        assert self.faces.faces == [], "every scripted die is rolled"
        return self.session.entries[self.session.cursor - 1]

    @property
    def state(self):
        return self.session.state

    def sheet(self, cid):
        return sheet_of(self.state.combatants[cid])

    def scores(self):
        return [(cid, score(self.sheet(cid))) for cid in self.state.order]

    def tns(self):
        return {cid: armor_tn(self.sheet(cid)) for cid in self.state.order}

    def penalties(self):
        return {cid: self.sheet(cid).wound.penalty for cid in self.state.order}

    def statuses(self):
        ruleset = self.session.ruleset
        return {slot.key: slot.status for slot in ruleset.timeline(self.state)}


def attack_of(entry) -> Attacked:
    (attack,) = [event for event in entry.events if isinstance(event, Attacked)]
    return attack


def test_the_skirmish_of_an_ambush_with_delays_stances_and_wounds():
    table = Table()

    # The ambush, before stage 1: the bandit's Stealth / Agility (5k3, skilled) against Hida's
    # Investigation / Perception (2k2, unskilled). 24 beats 5: both samurai are surprised.
    table.do(RollkeepAmbush(("bandit",), ("hida",), ("hida", "kakita")), 9, 8, 7, 2, 1, 3, 2)
    assert table.sheet("hida").ambushed and table.sheet("kakita").ambushed
    assert not table.sheet("bandit").ambushed
    with pytest.raises(RulesError, match="already been rolled"):
        table.session.do(RollkeepAmbush(("bandit",), ("hida",)))

    # Stage 1: (Insight Rank + Reflexes)k(Reflexes) each, in table order.
    entry = table.do(StartFight(), 9, 9, 8, 1, 1, 9, 8, 7, 6, 1, 9, 9, 1, 5, 5, 5, 1)
    assert table.sheet("hida").initiative.total == 26  # 5k3
    assert table.sheet("kakita").initiative.total == 30  # 5k4
    # Ambushed: -10 for the skirmish, so the bandit (18) goes before Hida (16).
    assert table.scores() == [("kakita", 20), ("bandit", 18), ("hida", 16), ("archer", 15)]
    assert table.state.phase == Phase.TURNS and table.state.current == "kakita"
    assert "Stage 1, Initiative" in " ".join(table.session.describe_entry(0 + 1))
    assert entry.label == "Start skirmish"
    # Armor TN: Reflexes x 5 + 5 + armour + stance. Kakita in Defense adds Air 3 + Defense 2;
    # the bandit in Full Attack takes -10.
    assert table.tns() == {"kakita": 30, "bandit": 5, "hida": 25, "archer": 20}

    # Two delays in one round: Kakita, then the bandit. Hida (the next highest) acts.
    table.do(RollkeepDelay("kakita"))
    assert table.state.current == "bandit"
    table.do(RollkeepDelay("bandit"))
    assert table.state.current == "hida"
    assert table.statuses() == {
        "kakita": SlotStatus.DELAYED,
        "bandit": SlotStatus.DELAYED,
        "hida": SlotStatus.CURRENT,
        "archer": SlotStatus.PENDING,
    }
    # Hida hits the bandit (TN 5) with the dai tsuchi: 5k2 + Strength 3 = 8k2 for 17 wounds.
    # Earth 2: Healthy holds 10, Nicked to 14, Grazed to 18: two ranks crossed, TN +5.
    attack = attack_of(table.do(RollkeepAttack("hida", 0, "bandit"), 7, 6, 5, 1, 1, 9, 8, *[1] * 6))
    assert (attack.tn, attack.roll.total, attack.damage.total) == (5, 18, 17)
    assert (attack.damage.dice, attack.damage.kept) == (8, 2)
    assert table.sheet("bandit").wound.name == "Grazed"
    assert table.penalties()["bandit"] == 5

    # After Hida's turn the waiting delayers are offered their turns, highest first: Kakita
    # returns and acts.
    table.do(NextTurn())
    assert table.state.current == "kakita" and table.sheet("kakita").delaying
    table.do(RollkeepActNow("kakita"))
    assert not table.sheet("kakita").delaying
    # Kakita calls a raise against the archer: TN 20 + 5. 7k4 (Agility 4 + Kenjutsu 3), the 10
    # explodes once the seven dice are down. Damage 3k2 + Strength 2 + 1k0 for the raise = 6k2:
    # 11 wounds, Nicked (TN +3).
    attack = attack_of(
        table.do(
            RollkeepAttack("kakita", 0, "archer", raises=1),
            10,
            9,
            8,
            7,
            6,
            5,
            4,
            5,
            6,
            5,
            4,
            3,
            2,
            1,
        )
    )
    assert (attack.tn, attack.roll.total, attack.damage.total) == (25, 39, 11)
    assert (attack.damage.dice, attack.damage.kept) == (6, 2)
    assert table.sheet("archer").wound.name == "Nicked"
    # After Kakita's turn the bandit is offered its turn; it keeps waiting, the archer acts.
    table.do(NextTurn())
    assert table.state.current == "bandit"
    table.do(RollkeepDelay("bandit"))
    assert table.state.current == "archer"
    # The archer shoots Hida, who is within melee range: -10 on the total, and the archer's own
    # Nicked penalty raises the TN: 25 + 3.
    attack = attack_of(
        table.do(RollkeepAttack("archer", 0, "hida", into_melee=True), 9, 9, 9, 2, 2)
    )
    assert (attack.tn, attack.roll.total, attack.damage) == (28, 17, None)
    # The lowest has acted: the bandit is forced to act or forfeit; it cannot wait any longer.
    table.do(NextTurn())
    assert table.state.current == "bandit"
    with pytest.raises(RulesError, match="must act now or forfeit"):
        table.session.do(NextTurn())
    with pytest.raises(RulesError, match="lowest left and cannot delay"):
        table.session.do(RollkeepDelay("bandit"))
    # Attacking is acting now. Full Attack: 4k3 + 2k1 = 6k4 against Kakita's 30 plus the
    # bandit's Grazed penalty, 5.
    entry = table.do(RollkeepAttack("bandit", 0, "kakita"), 9, 9, 9, 9, 1, 1, 4, 3, 2)
    attack = attack_of(entry)
    assert (attack.tn, attack.roll.total, attack.damage.total) == (35, 36, 4)
    assert (attack.roll.dice, attack.roll.kept) == (6, 4)

    # End of round 1: Reactions, then round 2 in the same order (the score stays).
    table.do(NextTurn())
    assert table.state.round == 2 and table.state.current == "kakita"
    assert table.scores() == [("kakita", 20), ("bandit", 18), ("hida", 16), ("archer", 15)]
    # A stance change at the start of Kakita's turn: Full Attack, Armor TN 25 - 10.
    table.do(RollkeepChooseStance("kakita", Stance.FULL_ATTACK))
    assert table.tns()["kakita"] == 15
    table.do(NextTurn())
    table.do(NextTurn())
    # Hida takes Center: no actions, +10 initiative next round.
    table.do(RollkeepChooseStance("hida", Stance.CENTER))
    with pytest.raises(RulesError, match="takes no actions"):
        table.session.do(RollkeepAttack("hida", 0, "bandit"))
    table.do(NextTurn())
    table.do(NextTurn())
    assert table.state.round == 3
    assert table.scores() == [("hida", 26), ("kakita", 20), ("bandit", 18), ("archer", 15)]
    assert table.state.current == "hida"
    axis = table.session.ruleset.timeline_axis(table.state)
    assert axis.kind is AxisKind.RULER
    slots = table.session.ruleset.timeline(table.state)
    assert [slot.position for slot in slots] == [26, 20, 18, 15]
    assert slots[0].value_text == "◎ 26 (26+10-10)"
    assert slots[0].detail.startswith("score +10 Center, -10 ambushed · Center stance")
    assert slots[1].value_text == "⚔⚔ 20 (30-10)"
