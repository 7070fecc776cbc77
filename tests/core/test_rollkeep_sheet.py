"""The rollkeep sheet and the numbers read from it: wound states, damage and healing in words,
copies and templates, the specs of every roll, and events that do not fit refused."""

import pytest
from rollkeep_sheets import KATANA, YUMI, samurai, scripted

from uwr_desktop.core.dice import RollKeepSpec
from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import (
    AddCondition,
    EditCell,
    Heal,
    RemoveCombatants,
    RemoveCondition,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.odds import roll_keep_probability
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.events import StageBegan
from uwr_desktop.core.rulesets.rollkeep.intents import RollkeepDelay
from uwr_desktop.core.rulesets.rollkeep.rules import (
    contest_spec,
    full_defense_spec,
    initiative_spec,
    keep_limit,
    plan_attack,
    sheet_of,
)
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, Skill, Stance
from uwr_desktop.core.rulesets.rollkeep.state import Phase, RollkeepSettings
from uwr_desktop.core.rulesets.rollkeep.wounds import WoundState, wound_ranks, wound_state
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side

LOST = RollkeepSettings()
COUNTED = RollkeepSettings(leftover_die_counts=True)


def rank(name):
    return next(r for r in wound_ranks() if r.name == name)


def test_wound_states_carry_rank_penalty_limit_and_death():
    assert wound_state(0, 2) == WoundState(rank("Healthy"), 0, 10, dead=False)
    assert wound_state(11, 2) == WoundState(rank("Nicked"), 3, 14, dead=False)
    assert wound_state(38, 2) == WoundState(rank("Out"), 40, 38, dead=False)
    assert wound_state(39, 2) == WoundState(None, 40, 38, dead=True)
    assert [r.name for r in wound_ranks()] == [
        "Healthy",
        "Nicked",
        "Grazed",
        "Hurt",
        "Injured",
        "Crippled",
        "Down",
        "Out",
    ]
    assert [r.out for r in wound_ranks()] == [False] * 7 + [True]
    assert (wound_state(34, 2).out, wound_state(35, 2).out, wound_state(39, 2).out) == (
        False,
        True,
        True,
    )
    assert wound_state(39, 2).name == "Dead"


@pytest.mark.parametrize(
    ("before", "amount", "text"),
    [
        (0, 3, "takes 3 wounds (0 → 3)"),
        (9, 2, "takes 2 wounds (9 → 11, Healthy → Nicked, TN +3)"),
        (11, 1, "takes 1 wound (11 → 12, TN +3)"),
        (31, 4, "takes 4 wounds (31 → 35, Down → Out): out of the fight"),
        (35, 1, "takes 1 wound (35 → 36)"),
        (31, 8, "takes 8 wounds (31 → 39, Down → Dead): dead"),
        (39, 1, "takes 1 wound (39 → 40)"),
    ],
)
def test_damage_fills_wound_ranks_in_words(before, amount, text):
    sheet = RollkeepSheet(earth=2, wounds=before)
    after, words = sheet.damaged(amount, Side.ENEMY)
    assert after == RollkeepSheet(earth=2, wounds=before + amount)
    assert words == text


def test_healing_takes_wounds_off_never_below_none():
    sheet = RollkeepSheet(earth=2, wounds=12)
    assert sheet.healed(5) == (RollkeepSheet(earth=2, wounds=7), "heals 5 wounds (12 → 7, Healthy)")
    assert sheet.healed(20) == (
        RollkeepSheet(earth=2, wounds=0),
        "heals 12 wounds (12 → 0, Healthy)",
    )
    assert sheet.healed(1) == (
        RollkeepSheet(earth=2, wounds=11),
        "heals 1 wound (12 → 11, Nicked)",
    )
    assert RollkeepSheet().healed(3) is None


def test_a_copy_starts_the_skirmish_fresh_and_a_template_is_whole():
    used = RollkeepSheet(
        reflexes=4,
        wounds=9,
        stance=Stance.CENTER,
        initiative=RollRecord.of_keep(scripted(5, 4)[0].roll_keep(RollKeepSpec(2, 1))),
        initiative_override=30,
        tie_faces=(3,),
        delaying=True,
        full_defense_bonus=7,
        center_initiative=True,
        center_roll=True,
        ambushed=True,
    )
    assert used.as_copy() == RollkeepSheet(reflexes=4, wounds=9, stance=Stance.CENTER)
    assert used.as_template() == RollkeepSheet(reflexes=4)


def test_the_roll_specs_follow_the_sheet_and_the_settings():
    sheet = RollkeepSheet(
        reflexes=3,
        agility=4,
        perception=2,
        insight_rank=2,
        wounds=11,
        earth=2,
        skills=(Skill("Stealth", 2), Skill("Defense", 1)),
    )
    assert initiative_spec(sheet, COUNTED) == RollKeepSpec(5, 3, limit=keep_limit(COUNTED))
    assert full_defense_spec(sheet, COUNTED) == RollKeepSpec(4, 3, limit=keep_limit(COUNTED))
    assert full_defense_spec(RollkeepSheet(reflexes=3), LOST) == RollKeepSpec(
        3, 3, explode=False, limit=keep_limit(LOST)
    )
    # A contested roll has no TN: the Nicked penalty comes off the total.
    assert contest_spec(sheet, sheet.agility, "Stealth", COUNTED) == RollKeepSpec(
        6, 4, modifier=-3, limit=keep_limit(COUNTED)
    )
    assert contest_spec(sheet, sheet.perception, "Investigation", LOST) == RollKeepSpec(
        2, 2, explode=False, modifier=-3, limit=keep_limit(LOST)
    )


def test_an_attack_plan_records_its_raises_and_its_chance_follows_unskilled_dice():
    attacker = samurai("a", "A", agility=3, reflexes=3, void=3, weapons=(KATANA, YUMI))
    target = samurai("t", "T", reflexes=2, stance=Stance.DEFENSE, skills=(Skill("Defense", 3),))
    plan = plan_attack(attacker, KATANA, target, raises=2, into_melee=False, settings=LOST)
    assert (plan.armor_tn, plan.tn, plan.raises, plan.penalty) == (20, 30, 2, 0)
    assert plan.spec == RollKeepSpec(3, 3, explode=False, limit=keep_limit(LOST))
    assert plan.chance() == roll_keep_probability(3, 3, 30, explode=False)
    with pytest.raises(RulesError, match="not a ranged weapon"):
        plan_attack(attacker, KATANA, target, raises=0, into_melee=True, settings=LOST)
    full = samurai("f", "F", stance=Stance.FULL_ATTACK, weapons=(YUMI,))
    with pytest.raises(RulesError, match="Full Attack and cannot make ranged attacks"):
        plan_attack(full, YUMI, target, raises=0, into_melee=False, settings=LOST)


def test_the_shared_intents_work_on_rollkeep_sheets():
    roster = [
        samurai("a", "A", initiative_override=30, weapons=(KATANA,), earth=2),
        samurai("b", "B", initiative_override=20, earth=2),
        samurai("c", "C", initiative_override=10, earth=2),
    ]
    session = Session(make_ruleset("rollkeep"), roster, roller=scripted()[0])
    session.do(StartFight())
    session.do(EditCell("b", "wounds", 12))
    session.do(Heal(("b",), 4))
    assert sheet_of(session.state.combatants["b"]).wounds == 8
    session.do(AddCondition(("b",), Condition("Prone", 1)))
    session.do(RemoveCondition(("b",), "Prone"))
    assert session.state.combatants["b"].conditions == ()
    session.do(EditCell("b", "name", "Bayushi"))
    assert session.state.combatants["b"].name == "Bayushi"
    session.do(RollkeepDelay("a"))
    edited = samurai("a", "A2", initiative_override=5, weapons=(), earth=4)
    session.do(ReplaceCombatant(edited))
    kept = sheet_of(session.state.combatants["a"])
    assert (kept.earth, kept.weapons, kept.delaying, kept.initiative_override) == (4, (), True, 30)
    session.do(RemoveCombatants(("c",)))
    assert session.state.order == ("a", "b")


@pytest.mark.parametrize(
    "event",
    [
        StageBegan(1, Phase.TURNS),
        StageBegan(3, Phase.TURNS),
        StageBegan(1, Phase.INITIATIVE),
        StageBegan(2, Phase.REACTIONS),
    ],
)
def test_a_stage_out_of_place_is_refused_on_replay(event):
    ruleset = make_ruleset("rollkeep")
    session = Session(ruleset, [samurai("a", "A", initiative_override=3)], roller=scripted()[0])
    session.do(StartFight())
    with pytest.raises(RulesError, match="cannot begin now"):
        ruleset.apply(session.state, event)
