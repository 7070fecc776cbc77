"""Every uwr intent, step by step: the dice it rolls, the state it leaves and its refusals."""

import random
from fractions import Fraction

import pytest
from uwr_sheets import uwr_combatant

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    EndRound,
    Heal,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    RemoveCondition,
    ReplaceCombatant,
    RollDice,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    FreeRoll,
    OverrideInitiative,
    OverrideWeaponType,
    PrepareWeapon,
    React,
    Reaction,
    Reroll,
    ResolveCheck,
    RollInitiative,
    SetPrepared,
)
from uwr_desktop.core.rulesets.uwr.rules import roll_of
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side

H = Fraction(1, 2)


def archer(**changes):
    """Grace 3.5 and Archery (rank 1, 1 reroll): the bow rolls 4 dice with 2 rerolls."""
    fields = {
        "id": "vex",
        "name": "Vex",
        "side": Side.PLAYER,
        "attributes": Attributes(brawn=Fraction(2), grace=Fraction(3) + H, savvy=Fraction(4)),
        "skills": (Skill("Archery", 1, 1), Skill("Lore", 2, 0)),
        "weapons": (
            Weapon(name="Short Bow", upr_type="Swift", pool=WeaponPool.RANGED, skill="Archery"),
            Weapon(name="Crossbow", upr_type="Slow", pool=WeaponPool.RANGED),
        ),
        "vitality": 10,
        "vitality_max": 10,
    }
    fields.update(changes)
    return uwr_combatant(**fields)


def duelist(**changes):
    """Brawn 3.5, Grace 2, Fencing (rank 2, 1 reroll) and Dodge (rank 1, 2 rerolls)."""
    fields = {
        "id": "duel",
        "name": "Duelist",
        "attributes": Attributes(brawn=Fraction(3) + H, grace=Fraction(2)),
        "skills": (Skill("Fencing", 2, 1), Skill("Dodge", 1, 2)),
        "weapons": (
            Weapon(name="Rapier", upr_type="Quick", skill="Fencing"),
            Weapon(name="Pistol", upr_type="Quick", pool=WeaponPool.RANGED),
        ),
        "vitality": 8,
        "vitality_max": 8,
    }
    fields.update(changes)
    return uwr_combatant(**fields)


def fight(*roster, seed=3, **settings):
    session = Session(make_ruleset("uwr", settings), roster, roller=Roller(random.Random(seed)))
    session.do(StartFight())
    return session


def pool(record):
    """Dice, favor and rerolls of a recorded roll."""
    return record.dice, record.favor, record.rerolls


def refused(session, intent, message):
    before = session.state
    with pytest.raises(RulesError, match=message):
        session.do(intent)
    assert session.state == before


# --- attack -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("favor", "extra_dice", "extra_rerolls", "expected"),
    [
        (0, 0, 0, (4, 0, 2)),
        (1, 2, 1, (6, 1, 3)),
        (-2, -2, 0, (2, -2, 2)),
        (0, -10, 0, (1, 0, 2)),
        (2, 3, -2, (7, 2, 0)),
    ],
)
def test_attack_rolls_the_weapon_pool_with_the_modifiers(
    favor, extra_dice, extra_rerolls, expected
):
    session = fight(archer(), duelist())
    session.do(Attack("vex", 0, "duel", favor, extra_dice, extra_rerolls))
    pending = part_of(session.state).pending
    assert pool(pending.check.roll) == expected
    assert len(pending.check.roll.faces) == expected[0]
    assert (
        pending.check.kind,
        pending.check.actor,
        pending.check.target,
        pending.check.weapon,
    ) == (
        "attack",
        "vex",
        "duel",
        0,
    )
    assert pending.check.title == "Short Bow"
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.uses_max, bow.uses_left) == (2, 1)


def test_a_melee_attack_rolls_brawn_and_its_skill():
    session = fight(archer(), duelist())
    session.do(Attack("duel", 0, "vex"))
    assert pool(part_of(session.state).pending.check.roll) == (5, 0, 2)
    session.do(ResolveCheck())
    session.do(Attack("duel", 1, "vex"))
    assert pool(part_of(session.state).pending.check.roll) == (2, 0, 0)


def test_an_attacker_preparing_a_weapon_is_off_guard():
    session = fight(
        archer(weapons=(*archer().sheet.weapons[:1], _slow_bow(prepared=False))), duelist()
    )
    session.do(PrepareWeapon("vex", 1))
    session.do(Attack("vex", 0, "duel", favor=1))
    pending = part_of(session.state).pending
    assert pending.check.off_guard is True
    assert pool(pending.check.roll) == (4, 0, 2)


def _slow_bow(**changes):
    return Weapon(name="Longbow", upr_type="Slow", pool=WeaponPool.RANGED, **changes)


@pytest.mark.parametrize(
    ("intent", "message"),
    [
        (Attack("vex", 0, "vex"), "Vex cannot attack themself"),
        (Attack("vex", 2, "duel"), "Vex has no weapon number 3"),
        (Attack("vex", -1, "duel"), "Weapon must be at least 0"),
        (Attack("ghost", 0, "duel"), "no combatant with id 'ghost'"),
        (Attack("vex", 0, "ghost"), "no combatant with id 'ghost'"),
    ],
)
def test_attack_refusals(intent, message):
    refused(fight(archer(), duelist()), intent, message)


def test_an_attack_without_uses_left_is_refused():
    session = fight(archer(), duelist())
    for _ in range(2):
        session.do(Attack("vex", 0, "duel"))
        session.do(ResolveCheck())
    refused(session, Attack("vex", 0, "duel"), "Vex has no uses of Short Bow left this round")


def test_an_unprepared_fractional_weapon_must_be_prepared_first():
    session = fight(archer(weapons=(_slow_bow(prepared=False),)), duelist())
    assert session.state.combatants["vex"].sheet.weapons[0].uses_left == 0
    refused(session, Attack("vex", 0, "duel"), "Longbow is not prepared; prepare it first")
    session.do(PrepareWeapon("vex", 0))
    refused(session, Attack("vex", 0, "duel"), r"still preparing Longbow \(1 round left\)")


def test_a_prepared_fractional_weapon_gives_exactly_one_use_and_unprepares():
    session = fight(archer(weapons=(_slow_bow(),)), duelist())
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.upr, bow.uses_max, bow.uses_left, bow.prepared) == (Fraction(1, 2), 1, 1, True)
    session.do(Attack("vex", 0, "duel"))
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.uses_left, bow.prepared) == (0, False)


# --- reactions --------------------------------------------------------------------------------


def test_dodge_adds_the_skill_rank_and_its_rerolls():
    session = fight(archer(), duelist())
    session.do(Attack("vex", 0, "duel"))
    label = session.do(React(Reaction.DODGE, skill="Dodge", favor=1, extra_dice=1)).label
    pending = part_of(session.state).pending
    assert pool(pending.reaction.roll) == (4, 1, 2)
    assert (pending.reaction.reaction, pending.reaction.weapon) == ("dodge", None)
    assert label == "Duelist dodges"


def test_dodge_without_a_skill_rolls_grace_alone():
    session = fight(archer(), duelist())
    session.do(Attack("vex", 0, "duel"))
    session.do(React(Reaction.DODGE, extra_rerolls=1, extra_dice=-5))
    assert pool(part_of(session.state).pending.reaction.roll) == (1, 0, 1)


def test_parry_rolls_the_weapon_pool_and_spends_a_use():
    session = fight(archer(), duelist())
    session.do(Attack("vex", 0, "duel"))
    label = session.do(React(Reaction.PARRY, extra_dice=-1, favor=-1)).label
    pending = part_of(session.state).pending
    assert pool(pending.reaction.roll) == (4, -1, 2)
    assert (pending.reaction.reaction, pending.reaction.weapon) == ("parry", 0)
    assert session.state.combatants["duel"].sheet.weapons[0].uses_left == 0
    assert label == "Duelist parries"


def test_parry_can_be_kept_from_spending_a_use():
    session = fight(archer(), duelist(), parry_spends_use=False)
    session.do(Attack("vex", 0, "duel"))
    session.do(React(Reaction.PARRY, weapon=0))
    assert session.state.combatants["duel"].sheet.weapons[0].uses_left == 1


def test_a_target_preparing_a_weapon_dodges_off_guard():
    target = duelist(weapons=(*duelist().sheet.weapons, Weapon(name="Cannon", upr_type="Slow")))
    session = fight(archer(), target)
    session.do(SetPrepared("duel", 2, False))
    session.do(PrepareWeapon("duel", 2))
    session.do(Attack("vex", 0, "duel"))
    session.do(React(Reaction.DODGE, favor=2))
    pending = part_of(session.state).pending
    assert pending.reaction.roll.favor == 1
    assert pending.reaction.off_guard is True


@pytest.mark.parametrize(
    ("reaction", "message"),
    [
        (React(Reaction.PARRY, weapon=1), "cannot parry with Pistol: it is not a melee weapon"),
        (React(Reaction.PARRY, weapon=5), "Duelist has no weapon number 6"),
        (React("block"), "Reaction invalid enum value 'block'"),
    ],
)
def test_reaction_refusals(reaction, message):
    session = fight(archer(), duelist())
    session.do(Attack("vex", 0, "duel"))
    refused(session, reaction, message)


def test_a_parry_needs_a_melee_use_left():
    session = fight(archer(), duelist())
    session.do(Attack("duel", 0, "vex"))
    session.do(ResolveCheck())
    session.do(Attack("vex", 0, "duel"))
    refused(session, React(Reaction.PARRY), "no melee weapon with a use left")
    refused(session, React(Reaction.PARRY, weapon=0), "no uses of Rapier left this round")
    session.do(React(Reaction.DODGE))
    refused(session, React(Reaction.DODGE), "already reacted")


def test_only_an_attack_can_be_reacted_to():
    session = fight(archer(), duelist())
    refused(session, React(Reaction.DODGE), "There is no attack to react to")
    session.do(FreeRoll("vex", 3, rerolls=3))
    refused(session, React(Reaction.DODGE), "There is no attack to react to")


# --- rerolls and resolution -------------------------------------------------------------------


def _failed(record):
    roll = roll_of(record)
    return list(roll.rerollable_indices)


def _pending_free_roll(rerolls, dice=6):
    for seed in range(50):
        session = fight(archer(), duelist(), seed=seed)
        session.do(FreeRoll("vex", dice, rerolls=rerolls))
        pending = part_of(session.state).pending
        if pending is not None and len(_failed(pending.check.roll)) >= 2:
            return session
    raise AssertionError("no seed gave two failed dice")


def test_the_last_reroll_can_be_taken():
    session = _pending_free_roll(rerolls=1)
    first = _failed(part_of(session.state).pending.check.roll)[0]
    label = session.do(Reroll([first])).label
    assert label == "Reroll 1 die"
    record = part_of(session.state).pending.check.roll
    assert [index for index, _ in record.rerolls_taken] == [first]
    refused(session, Reroll(), "No rerolls are left for this roll")


def test_rerolling_all_takes_as_many_failed_dice_as_rerolls_left():
    session = _pending_free_roll(rerolls=2)
    failed = _failed(part_of(session.state).pending.check.roll)
    label = session.do(Reroll()).label
    assert label == "Reroll 2 dice"
    taken = [index for index, _ in part_of(session.state).pending.check.roll.rerolls_taken]
    assert taken == failed[:2]


def test_reroll_refusals():
    session = _pending_free_roll(rerolls=1)
    failed = _failed(part_of(session.state).pending.check.roll)
    refused(session, Reroll([failed[0], failed[0]]), "A die was chosen twice")
    refused(session, Reroll(failed[:2]), "2 dice were chosen but only 1 rerolls are left")
    refused(session, Reroll([99]), "^There is no die 100: the pool has 6 dice$")
    faces = part_of(session.state).pending.check.roll.faces
    first = next(i for i in range(6) if i not in failed)
    refused(
        session,
        Reroll([first]),
        rf"^Die {first + 1} is a success \({faces[first]}\); only failures are rerolled$",
    )
    refused(fight(archer(), duelist()), Reroll(), "There is no roll to reroll")


def test_rerolls_after_the_reaction_go_to_the_reaction():
    for seed in range(40):
        session = fight(archer(), duelist(), seed=seed)
        session.do(Attack("vex", 0, "duel"))
        session.do(React(Reaction.DODGE, skill="Dodge", extra_dice=3))
        failed = _failed(part_of(session.state).pending.reaction.roll)
        if failed:
            break
    session.do(Reroll([failed[0]]))
    assert [i for i, _ in part_of(session.state).pending.reaction.roll.rerolls_taken] == [failed[0]]
    assert part_of(session.state).pending.check.roll.rerolls_taken == ()


def test_resolving_an_attack_compares_successes():
    session = fight(archer(), duelist())
    session.do(Attack("vex", 0, "duel", extra_dice=10, favor=3))
    action = roll_of(part_of(session.state).pending.check.roll).successes
    assert session.do(ResolveCheck()).label == "Resolve attack"
    assert part_of(session.state).pending is None
    resolved = session.entries[-1].events[0]
    assert (resolved.action, resolved.reaction, resolved.success) == (action, None, True)
    assert resolved.surviving == action
    refused(session, ResolveCheck(), "There is no pending check to resolve")


@pytest.mark.parametrize("seed", range(6))
def test_a_reaction_cancels_successes_and_wins_ties(seed):
    session = fight(archer(), duelist(), seed=seed)
    session.do(Attack("vex", 0, "duel"))
    session.do(React(Reaction.DODGE, skill="Dodge"))
    pending = part_of(session.state).pending
    action = roll_of(pending.check.roll).successes
    reaction = roll_of(pending.reaction.roll).successes
    session.do(ResolveCheck())
    resolved = session.entries[-1].events[0]
    assert (resolved.action, resolved.reaction) == (action, reaction)
    assert resolved.success is (action > reaction)
    assert resolved.surviving == abs(action - reaction)


# --- direct checks and free rolls -------------------------------------------------------------


@pytest.mark.parametrize(
    ("skill", "extra_dice", "extra_rerolls", "favor", "expected"),
    [
        ("", 0, 0, 0, (4, 0, 0)),
        ("Lore", 0, 0, 0, (6, 0, 0)),
        ("lore", 2, 1, 1, (8, 1, 1)),
        ("Archery", -3, 2, -1, (2, -1, 3)),
        ("", -9, 0, 0, (1, 0, 0)),
    ],
)
def test_direct_check_rolls_attribute_and_skill(skill, extra_dice, extra_rerolls, favor, expected):
    session = fight(archer(), duelist())
    entry = session.do(
        DirectCheck("vex", " Savvy ", 9, favor, skill, extra_dice, extra_rerolls, title="")
    )
    rolled = entry.events[0]
    assert pool(rolled.roll) == expected
    assert (rolled.kind, rolled.title, rolled.difficulty) == ("direct", "Savvy check", 9)
    assert entry.label == "Vex: Savvy check"


def test_direct_check_half_attribute_gives_a_reroll_and_stays_open():
    for seed in range(40):
        session = fight(archer(), duelist(), seed=seed)
        entry = session.do(DirectCheck("vex", "grace", 2, title="Climb"))
        if _failed(entry.events[0].roll):
            break
    assert pool(entry.events[0].roll) == (3, 0, 1)
    assert entry.label == "Vex: Climb"
    assert part_of(session.state).pending is not None
    session.do(ResolveCheck())
    resolved = session.entries[-1].events[-1]
    assert resolved.success is (resolved.action >= 2)


def test_direct_check_without_rerolls_resolves_at_once():
    session = fight(archer(), duelist())
    entry = session.do(DirectCheck("vex", "savvy", 1))
    assert part_of(session.state).pending is None
    rolled, resolved = entry.events
    successes = roll_of(rolled.roll).successes
    assert (resolved.action, resolved.success) == (successes, successes >= 1)
    assert resolved.surviving == successes


@pytest.mark.parametrize(
    ("intent", "message"),
    [
        (DirectCheck("vex", "luck", 1), "Unknown attribute 'luck'"),
        (DirectCheck("vex", "grace", 0), "Difficulty must be at least 1 success"),
        (DirectCheck("vex", "grace", True), "Difficulty must be a whole number, not yes or no"),
        (DirectCheck("vex", "grace", 1, skill="Flying"), "Vex has no skill called 'Flying'"),
        (FreeRoll("vex", 3, difficulty=0), "Difficulty must be at least 1 success"),
        (FreeRoll("vex", 300), "Dice must be at most 100 dice"),
    ],
)
def test_check_refusals(intent, message):
    refused(fight(archer(), duelist()), intent, message)


def test_free_roll_records_its_pool_and_title():
    session = fight(archer(), duelist())
    entry = session.do(FreeRoll("vex", 5, favor=-1, rerolls=0))
    rolled = entry.events[0]
    assert pool(rolled.roll) == (5, -1, 0)
    assert (rolled.kind, rolled.title, rolled.difficulty) == ("free", "5 dice roll", None)
    assert entry.label == "Vex: 5 dice roll"
    assert entry.events[1].success is True
    assert session.do(FreeRoll("vex", 1)).label == "Vex: 1 die roll"


def test_a_check_waits_for_the_pending_one():
    session = fight(archer(), duelist())
    session.do(Attack("vex", 0, "duel"))
    for intent in (
        DirectCheck("vex", "grace", 1),
        FreeRoll("vex", 2),
        Attack("duel", 0, "vex"),
        RollDice("vex", "6k3"),
        RollDice(None, "2d10+5"),
        RollDice("duel", "7d6 r2"),
        NextTurn(),
        EndRound(),
    ):
        refused(session, intent, "Resolve \\(or undo\\) the pending check first")


# --- vitality ---------------------------------------------------------------------------------


def test_heal_skips_targets_at_full_vitality_and_heals_the_rest():
    session = fight(archer(vitality=10), duelist(vitality=3))
    entry = session.do(Heal(("vex", "duel"), 4))
    assert session.state.combatants["duel"].sheet.vitality == 7
    assert session.state.combatants["vex"].sheet.vitality == 10
    assert [u.combatant.id for u in entry.events[0].updates] == ["duel"]
    assert entry.label == "Heal 4: Duelist"


def test_heal_stops_at_the_maximum_and_refuses_when_all_are_full():
    session = fight(archer(vitality=9), duelist())
    session.do(Heal(("vex",), 5))
    assert session.state.combatants["vex"].sheet.vitality == 10
    refused(session, Heal(("vex", "duel"), 1), "Vex and Duelist already at full Vitality")


def test_damage_stops_at_zero_and_goes_to_every_target():
    session = fight(archer(), duelist())
    entry = session.do(ApplyDamage(("vex", "duel"), 9))
    assert session.state.combatants["vex"].sheet.vitality == 1
    assert session.state.combatants["duel"].sheet.vitality == 0
    assert entry.label == "Damage 9: Vex and Duelist"


@pytest.mark.parametrize("amount", [0, -2, True, 1.5])
@pytest.mark.parametrize("intent", [Heal, ApplyDamage])
def test_vitality_changes_need_a_whole_amount_of_at_least_one(intent, amount):
    session = fight(archer(vitality=5), duelist())
    refused(session, intent(("vex",), amount), "^Amount must be (at least 1|a whole number)")


@pytest.mark.parametrize(
    ("ids", "message"),
    [((), "Choose at least one combatant"), (("vex", "vex"), "A combatant is listed twice")],
)
def test_targets_must_be_given_once(ids, message):
    refused(fight(archer(vitality=5), duelist()), Heal(ids, 1), message)


# --- conditions -------------------------------------------------------------------------------


def test_adding_a_condition_again_replaces_only_that_condition():
    blind, prone, slowed = Condition("Blind", 2), Condition("Prone"), Condition("Slowed", 1)
    session = fight(archer(conditions=(blind, prone, slowed)), duelist())
    renewed = Condition("blind", 3)
    entry = session.do(AddCondition(("vex", "duel"), renewed))
    assert session.state.combatants["vex"].conditions == (prone, slowed, renewed)
    assert session.state.combatants["duel"].conditions == (renewed,)
    assert entry.label == "blind: Vex and Duelist"
    refused(session, AddCondition(("vex",), "Blind"), "Condition must be a record, not text")


def test_remove_condition_takes_it_off_every_target_that_has_it():
    blind, prone = Condition("Blind", 2), Condition("Prone")
    session = fight(archer(conditions=(blind, prone)), duelist(conditions=(prone,)))
    entry = session.do(RemoveCondition(("vex", "duel"), "  prone "))
    assert session.state.combatants["vex"].conditions == (blind,)
    assert session.state.combatants["duel"].conditions == ()
    assert entry.label == "Remove prone: Vex and Duelist"
    assert [u.combatant.id for u in entry.events[0].updates] == ["vex", "duel"]


def test_remove_condition_leaves_targets_without_it_alone():
    blind = Condition("Blind", 2)
    session = fight(archer(conditions=(blind,)), duelist())
    entry = session.do(RemoveCondition(("duel", "vex"), "BLIND"))
    assert [u.combatant.id for u in entry.events[0].updates] == ["vex"]
    assert session.state.combatants["vex"].conditions == ()


def test_remove_condition_refuses_a_name_no_target_has():
    session = fight(archer(conditions=(Condition("Blind"),)), duelist())
    refused(session, RemoveCondition(("vex", "duel"), "Prone"), "no condition called 'Prone'")
    refused(session, RemoveCondition((), "Blind"), "Choose at least one combatant")


# --- preparing weapons ------------------------------------------------------------------------


def test_set_prepared_gives_or_takes_the_fractional_use_this_round():
    session = fight(archer(weapons=(_slow_bow(),)), duelist())
    label = session.do(SetPrepared("vex", 0, False)).label
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.prepared, bow.uses_max, bow.uses_left) == (False, 0, 0)
    assert label == "Vex: Longbow marked unprepared"
    session.do(SetPrepared("vex", 0, True))
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.prepared, bow.uses_max, bow.uses_left) == (True, 1, 1)
    refused(session, SetPrepared("vex", 0, True), "Vex's Longbow is already prepared")


def test_set_prepared_stops_a_preparation_under_way():
    session = fight(archer(weapons=(_slow_bow(prepared=False),)), duelist())
    session.do(PrepareWeapon("vex", 0))
    assert session.state.combatants["vex"].sheet.off_guard
    session.do(SetPrepared("vex", 0, False))
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.prepared, bow.preparing_left, bow.uses_left) == (False, 0, 0)
    assert not session.state.combatants["vex"].sheet.off_guard
    refused(session, SetPrepared("vex", 0, False), "Vex's Longbow is already unprepared")


def test_set_prepared_leaves_whole_uses_alone():
    session = fight(archer(), duelist())
    session.do(SetPrepared("vex", 0, False))
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.prepared, bow.uses_max, bow.uses_left) == (False, 2, 2)
    refused(session, SetPrepared("vex", 3, True), "Vex has no weapon number 4")


def test_set_prepared_before_the_fight_only_marks_the_weapon():
    session = Session(make_ruleset("uwr"), (archer(weapons=(_slow_bow(),)), duelist()))
    session.do(SetPrepared("vex", 0, False))
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.prepared, bow.uses_max, bow.upr) == (False, 0, None)


@pytest.mark.parametrize(
    ("setup", "intent", "message"),
    [
        ((), PrepareWeapon("vex", 0), "Short Bow gives 2 uses per round and needs no preparing"),
        ((), PrepareWeapon("vex", 1), "Vex's Crossbow is already prepared"),
        ((SetPrepared("vex", 1, False),), PrepareWeapon("vex", 7), "no weapon number 8"),
    ],
)
def test_prepare_refusals(setup, intent, message):
    session = fight(archer(), duelist())
    for step in setup:
        session.do(step)
    refused(session, intent, message)


def test_preparing_twice_and_preparing_a_used_weapon_are_refused():
    weapons = (_slow_bow(prepared=False), Weapon(name="Sling", upr_type="Slow", prepared=True))
    session = fight(archer(weapons=weapons), duelist())
    session.do(PrepareWeapon("vex", 0))
    refused(session, PrepareWeapon("vex", 0), "Vex is already preparing Longbow")
    session.do(Attack("vex", 1, "duel"))
    session.do(ResolveCheck())
    refused(session, PrepareWeapon("vex", 1), "used Sling this round; preparing it starts next")


# --- leaving while a check is pending ---------------------------------------------------------


@pytest.mark.parametrize("leaving", ["vex", "duel"])
def test_no_one_in_the_pending_check_may_leave(leaving):
    session = fight(archer(), duelist(), Combatant(id="x", name="Extra", sheet=UwrSheet()))
    session.do(Attack("vex", 0, "duel"))
    refused(session, RemoveCombatants((leaving,)), "Resolve \\(or undo\\) the pending check")
    session.do(RemoveCombatants(("x",)))
    assert "x" not in session.state.combatants


def test_the_actor_of_a_pending_free_roll_may_not_leave():
    session = _pending_free_roll(rerolls=1)
    refused(session, RemoveCombatants(("vex",)), "pending check before they leave")


# --- a custom Uses Per Round table ------------------------------------------------------------


def test_a_fight_uses_the_encounter_upr_types():
    extra = [
        {"name": "Glacial", "divisor": 7},
        {"name": "Frenzied", "divisor": 1, "adjustment": 1, "max_uses": 3},
    ]
    weapons = (
        Weapon(name="Warhammer", upr_type="Glacial"),
        Weapon(name="Claws", upr_type="Frenzied"),
        Weapon(name="Fists", upr_type="Frenzied", pool=WeaponPool.RANGED),
    )
    brute = duelist(weapons=weapons, skills=())
    session = fight(archer(), brute, extra_upr_types=extra)
    hammer, claws, fists = session.state.combatants["duel"].sheet.weapons
    assert (hammer.upr, hammer.uses_max) == (Fraction(3, 7), 1)
    assert (claws.upr, claws.uses_max) == (Fraction(3), 3)
    assert (fists.upr, fists.uses_max) == (Fraction(3), 3)


def test_a_fight_refuses_an_unknown_upr_type():
    weapons = (Weapon(name="Warhammer", upr_type="Glacial"),)
    with pytest.raises(RulesError, match="Glacial"):
        Session(make_ruleset("uwr"), (duelist(weapons=weapons),))


# --- initiative -------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [-1000, 1000, 0])
def test_initiative_override_accepts_the_whole_range(value):
    session = fight(archer(), duelist())
    label = session.do(OverrideInitiative("vex", value)).label
    initiative = session.state.combatants["vex"].sheet.initiative
    assert (initiative.override, initiative.value) == (value, value)
    assert label == f"Set Vex's initiative to {value}"


@pytest.mark.parametrize("value", [-1001, 1001])
def test_initiative_override_refuses_values_out_of_range(value):
    refused(
        fight(archer(), duelist()),
        OverrideInitiative("vex", value),
        "Value must be at least -1000" if value < 0 else "Value must be at most 1000",
    )


def test_clearing_an_override_goes_back_to_the_roll():
    session = fight(archer(), duelist())
    rolled = session.state.combatants["vex"].sheet.initiative.value
    refused(session, OverrideInitiative("vex", None), "Vex's initiative is already None")
    session.do(OverrideInitiative("vex", 50))
    refused(session, OverrideInitiative("vex", 50), "Vex's initiative is already 50")
    assert session.state.order[0] == "vex"
    label = session.do(OverrideInitiative("vex", None)).label
    assert label == "Clear Vex's initiative override"
    assert session.state.combatants["vex"].sheet.initiative.value == rolled


def test_an_override_that_ties_is_settled_by_a_roll_off():
    session = fight(archer(side=Side.ENEMY), duelist())
    session.do(OverrideInitiative("vex", 7))
    session.do(OverrideInitiative("duel", 7))
    breaks = [session.state.combatants[cid].sheet.initiative.tiebreak for cid in ("vex", "duel")]
    assert all(breaks) and breaks[0] != breaks[1]


def test_override_before_the_fight_is_kept_when_it_starts():
    session = Session(make_ruleset("uwr"), (archer(), duelist()), roller=Roller(random.Random(2)))
    session.do(OverrideInitiative("duel", 99))
    session.do(StartFight())
    assert session.state.order == ("duel", "vex")
    assert session.state.combatants["duel"].sheet.initiative.faces == ()


# --- joining and leaving ----------------------------------------------------------------------


def test_newcomers_mid_fight_get_their_uses_from_the_encounter_table():
    extra = [{"name": "Frenzied", "divisor": 1, "adjustment": 1, "max_uses": 3}]
    session = fight(archer(), duelist(), extra_upr_types=extra)
    beast = Combatant(
        id="beast",
        name="Beast",
        sheet=UwrSheet(weapons=(Weapon(name="Claws", upr_type="Frenzied"),)),
    )
    label = session.do(AddCombatants((beast,))).label
    claws = session.state.combatants["beast"].sheet.weapons[0]
    assert (claws.upr, claws.uses_max, claws.uses_left) == (Fraction(3), 3, 3)
    assert label == "Beast joins"
    assert session.state.combatants["beast"].sheet.initiative is not None
    assert "beast" in session.state.order


def test_newcomers_before_the_fight_wait_for_the_round_start():
    session = Session(make_ruleset("uwr"), (archer(),))
    two = (
        Combatant(id="a", name="A", sheet=UwrSheet()),
        Combatant(id="b", name="B", sheet=UwrSheet()),
    )
    assert session.do(AddCombatants(two)).label == "2 combatants join"
    assert session.state.combatants["a"].sheet.initiative is None


@pytest.mark.parametrize(
    ("joining", "message"),
    [
        ((), "Choose at least one combatant to add"),
        ((Combatant(id="vex", name="Twin", sheet=UwrSheet()),), "The id 'vex' is already used"),
        (
            (
                Combatant(id="n", name="N", sheet=UwrSheet()),
                Combatant(id="n", name="M", sheet=UwrSheet()),
            ),
            "The id 'n' is already used",
        ),
        (("vex",), "Combatants 1 must be a record, not text"),
        (
            (
                Combatant(
                    id="n", name="N", sheet=UwrSheet(weapons=(Weapon(name="Odd", upr_type="Nope"),))
                ),
            ),
            "N's Odd",
        ),
    ],
)
def test_join_refusals(joining, message):
    refused(fight(archer(), duelist()), AddCombatants(joining), message)


def test_leaving_labels_and_state():
    extra = Combatant(id="x", name="Extra", sheet=UwrSheet())
    session = fight(archer(), duelist(), extra)
    assert session.do(RemoveCombatants(("x",))).label == "Extra leaves"
    assert session.do(RemoveCombatants(("vex", "duel"))).label == "2 combatants leave"
    assert session.state.combatants == {}
    assert session.state.order == ()


# --- conditions in the log --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "text"),
    [
        (Condition("Blind", 2), "gains Blind (2 rounds)"),
        (Condition("Stunned", 1), "gains Stunned (1 round)"),
        (Condition("Prone"), "gains Prone"),
    ],
)
def test_condition_log_text(condition, text):
    session = fight(archer(), duelist())
    entry = session.do(AddCondition(("vex",), condition))
    assert [u.text for u in entry.events[0].updates] == [text]
    remove = session.do(RemoveCondition(("vex",), condition.name))
    assert [u.text for u in remove.events[0].updates] == [f"loses {condition.name}"]


def test_vitality_log_text():
    session = fight(archer(vitality=4), duelist(vitality=2))
    entry = session.do(Heal(("vex",), 9))
    assert [u.text for u in entry.events[0].updates] == ["heals 6 (Vitality 4 → 10)"]
    entry = session.do(ApplyDamage(("vex", "duel"), 3))
    assert [u.text for u in entry.events[0].updates] == [
        "takes 3 damage (Vitality 10 → 7)",
        "takes 3 damage (Vitality 2 → 0): dead",
    ]
    entry = session.do(ApplyDamage(("vex",), 7))
    assert entry.events[0].updates[0].text == "takes 7 damage (Vitality 7 → 0): at Death's Door"
    entry = session.do(ApplyDamage(("vex",), 1))
    assert entry.events[0].updates[0].text == "takes 1 damage (Vitality 0 → 0)"


# --- weapon type overrides and recomputing uses -----------------------------------------------


def test_a_type_override_counts_from_the_next_round():
    session = fight(archer(), duelist())
    label = session.do(OverrideWeaponType("vex", 0, "slow")).label
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.type_override, bow.uses_max, bow.upr) == ("Slow", 2, Fraction(2))
    assert label == "Vex: Short Bow uses Slow this fight"
    session.do(EndRound())
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.upr, bow.uses_max) == (Fraction(4, 6), 1)
    refused(session, OverrideWeaponType("vex", 0, "Slow"), "Short Bow already uses Slow")
    assert session.do(OverrideWeaponType("vex", 0, None)).label == (
        "Vex: Short Bow uses Swift this fight"
    )
    refused(session, OverrideWeaponType("vex", 0, "Nope"), "Nope")


def test_at_once_a_type_override_reworks_the_uses_left():
    session = fight(archer(), duelist(), upr_recompute="at_once")
    session.do(Attack("vex", 0, "duel"))
    session.do(ResolveCheck())
    session.do(OverrideWeaponType("vex", 0, "Reach Swift"))
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.upr, bow.uses_max, bow.uses_left) == (Fraction(3), 3, 2)
    session.do(OverrideWeaponType("vex", 0, "Painfully Slow"))
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.upr, bow.uses_max, bow.uses_left) == (Fraction(4, 16), 1, 0)
    crossbow = session.state.combatants["vex"].sheet.weapons[1]
    assert (crossbow.upr, crossbow.uses_max, crossbow.uses_left) == (Fraction(3, 6), 1, 1)


def test_at_once_a_type_override_before_the_fight_changes_no_uses():
    session = Session(make_ruleset("uwr", {"upr_recompute": "at_once"}), (archer(), duelist()))
    session.do(OverrideWeaponType("vex", 0, "Slow"))
    bow = session.state.combatants["vex"].sheet.weapons[0]
    assert (bow.upr, bow.uses_max, bow.type_override) == (None, 0, "Slow")


# --- when a check stays open ------------------------------------------------------------------


def _check_with(rerolls, want_failure):
    for seed in range(60):
        session = fight(archer(), duelist(), seed=seed)
        entry = session.do(FreeRoll("vex", 4, favor=3, rerolls=rerolls, difficulty=2))
        failed = _failed(entry.events[0].roll)
        if bool(failed) == want_failure:
            return session
    raise AssertionError("no seed fits")


def test_a_check_with_one_reroll_and_a_failed_die_stays_open():
    session = _check_with(rerolls=1, want_failure=True)
    assert part_of(session.state).pending is not None
    assert len(session.entries[-1].events) == 1


def test_a_check_without_a_failed_die_resolves_at_once():
    session = _check_with(rerolls=3, want_failure=False)
    assert part_of(session.state).pending is None
    assert type(session.entries[-1].events[-1]).__name__ == "CheckResolved"


@pytest.mark.parametrize("difficulty", ["2", 1.5, None])
def test_a_direct_check_difficulty_must_be_a_whole_number(difficulty):
    refused(
        fight(archer(), duelist()),
        DirectCheck("vex", "grace", difficulty),
        "^Difficulty must be a whole number, not ",
    )


def _three():
    return fight(archer(), duelist(), Combatant(id="x", name="Extra", sheet=UwrSheet()), seed=11)


def test_the_current_combatant_leaving_ends_the_turn_and_others_keep_theirs():
    session = _three()
    current = session.state.current
    others = [cid for cid in session.state.order if cid != current]
    session.do(RemoveCombatants((others[0],)))
    assert session.state.current == current
    session.do(RemoveCombatants((current,)))
    assert session.state.current is None
    assert session.state.order == (others[1],)


def test_leaving_forgets_the_turn_taken_and_keeps_the_hand_made_order():
    session = _three()
    first = session.state.current
    session.do(NextTurn())
    assert first in session.state.acted
    last = session.state.order[-1]
    session.do(MoveInOrder(last, 0))
    manual = part_of(session.state).manual_order
    session.do(RemoveCombatants((first,)))
    assert first not in session.state.acted
    assert part_of(session.state).manual_order == tuple(cid for cid in manual if cid != first)
    assert session.state.order == part_of(session.state).manual_order


def test_an_override_drops_the_roll_off_it_made_moot():
    session = fight(archer(side=Side.ENEMY), duelist())
    session.do(OverrideInitiative("vex", 7))
    session.do(OverrideInitiative("duel", 7))
    assert session.state.combatants["vex"].sheet.initiative.tiebreak
    session.do(OverrideInitiative("vex", 8))
    assert session.state.combatants["vex"].sheet.initiative.tiebreak == ()
    assert session.state.order == ("vex", "duel")


# --- a die penalty on a pool of none ----------------------------------------------------------


def _weakling():
    return Combatant(
        id="weak",
        name="Weakling",
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(0), grace=Fraction(0), mettle=Fraction(0)),
            weapons=(Weapon(name="Spear", upr_type="Reach Swift"),),
        ),
    )


@pytest.mark.parametrize(("extra_dice", "dice"), [(0, 0), (-1, 0), (-3, 0), (2, 2)])
def test_a_penalty_gives_no_die_to_a_pool_of_none(extra_dice, dice):
    session = fight(_weakling(), duelist())
    entry = session.do(DirectCheck("weak", "mettle", 1, extra_dice=extra_dice))
    assert entry.events[0].roll.dice == dice
    session = fight(_weakling(), duelist())
    session.do(Attack("weak", 0, "duel", extra_dice=extra_dice))
    assert part_of(session.state).pending.check.roll.dice == dice
    session.do(ResolveCheck())
    session.do(Attack("duel", 0, "weak"))
    session.do(React(Reaction.DODGE, extra_dice=extra_dice))
    assert part_of(session.state).pending.reaction.roll.dice == dice


@pytest.mark.parametrize(("extra_dice", "dice"), [(-1, 2), (-2, 1), (-5, 1), (0, 3)])
def test_a_penalty_never_takes_a_pool_below_one_die(extra_dice, dice):
    session = fight(archer(), duelist())
    entry = session.do(DirectCheck("vex", "grace", 1, extra_dice=extra_dice))
    assert entry.events[0].roll.dice == dice


# --- the encounter's own UPR types at every step ----------------------------------------------

GLACIAL = [{"name": "Glacial", "divisor": 7}, {"name": "Twin", "divisor": 1, "max_uses": 2}]


def _glacial(**changes):
    return duelist(weapons=(Weapon(name="Hammer", upr_type="Glacial"),), skills=(), **changes)


def test_joining_before_the_fight_checks_types_against_the_encounter_table():
    session = Session(make_ruleset("uwr", {"extra_upr_types": GLACIAL}), (archer(),))
    session.do(AddCombatants((_glacial(),)))
    assert session.state.combatants["duel"].sheet.weapons[0].upr_type == "Glacial"


def test_a_sheet_and_an_override_use_the_encounter_table():
    session = fight(archer(), _glacial(), extra_upr_types=GLACIAL, upr_recompute="at_once")
    session.do(ReplaceCombatant(_glacial(name="Smith")))
    assert session.state.combatants["duel"].name == "Smith"
    session.do(OverrideWeaponType("duel", 0, "twin"))
    hammer = session.state.combatants["duel"].sheet.weapons[0]
    assert (hammer.type_override, hammer.upr, hammer.uses_max) == ("Twin", Fraction(2), 2)


def test_editing_an_attribute_at_once_uses_the_encounter_table():
    session = fight(archer(), _glacial(), extra_upr_types=GLACIAL, upr_recompute="at_once")
    session.do(EditCell("duel", "brawn", 7))
    hammer = session.state.combatants["duel"].sheet.weapons[0]
    assert (hammer.upr, hammer.uses_max) == (Fraction(1), 1)


def test_preparing_uses_the_encounter_table():
    session = fight(archer(), _glacial(), extra_upr_types=GLACIAL)
    session.do(SetPrepared("duel", 0, False))
    session.do(PrepareWeapon("duel", 0))
    assert session.state.combatants["duel"].sheet.weapons[0].preparing_left == 2


# --- more edges -------------------------------------------------------------------------------


def test_rolling_initiative_again_replaces_the_roll():
    session = fight(archer(), duelist(), seed=21)
    entry = session.do(RollInitiative(("vex",)))
    assert entry.label == "Roll initiative"
    faces = session.state.combatants["vex"].sheet.initiative.faces
    assert len(faces) == 3
    assert entry.events[0].rolls[0].faces == faces
    assert entry.events[0].rolls[0].combatant_id == "vex"
    refused(session, RollInitiative(("vex", "vex")), "A combatant is listed twice")
    refused(session, RollInitiative(("ghost",)), "no combatant with id 'ghost'")


def test_a_weapon_with_one_use_or_more_needs_no_preparing():
    session = fight(archer(), duelist())
    refused(
        session, PrepareWeapon("duel", 0), "Rapier gives 1 uses per round and needs no preparing"
    )


def test_preparing_goes_by_this_rounds_value_not_a_type_changed_for_the_next():
    session = fight(archer(), duelist())
    session.do(OverrideWeaponType("vex", 0, "Slow"))
    refused(session, PrepareWeapon("vex", 0), "Short Bow gives 2 uses per round")


def test_a_weapon_added_mid_round_is_prepared_by_its_value_now():
    session = fight(archer(), duelist())
    added = Weapon(name="Arbalest", upr_type="Painfully Slow", prepared=False)
    session.do(ReplaceCombatant(archer(weapons=(*archer().sheet.weapons, added))))
    assert session.state.combatants["vex"].sheet.weapons[2].upr is None
    session.do(PrepareWeapon("vex", 2))
    assert session.state.combatants["vex"].sheet.weapons[2].preparing_left == 2


def test_round_end_ticks_timed_conditions_and_keeps_lasting_ones():
    lasting, timed, ending = Condition("Cursed"), Condition("Blind", 2), Condition("Dazed", 1)
    session = fight(archer(conditions=(lasting, timed, ending)), duelist())
    session.do(EndRound())
    assert session.state.combatants["vex"].conditions == (lasting, Condition("Blind", 1))
    session.do(EndRound())
    assert session.state.combatants["vex"].conditions == (lasting,)


# --- rounds, preparation marks and log lines at their edges -----------------------------------


def test_every_two_way_tie_ends_settled():
    for seed in range(40):
        session = Session(
            make_ruleset("uwr"),
            (duelist(id="d1", name="D1"), duelist(id="d2", name="D2")),
            roller=Roller(random.Random(seed)),
        )
        session.do(OverrideInitiative("d1", 4))
        session.do(OverrideInitiative("d2", 4))
        breaks = [session.state.combatants[cid].sheet.initiative.tiebreak for cid in ("d1", "d2")]
        assert breaks[0] != breaks[1], seed


def test_a_new_round_keeps_the_encounter_table_and_starts_with_the_first():
    session = fight(archer(), _glacial(), extra_upr_types=GLACIAL)
    session.do(EndRound())
    hammer = session.state.combatants["duel"].sheet.weapons[0]
    assert (hammer.upr, hammer.uses_max) == (Fraction(3, 7), 1)
    assert session.state.current == session.state.order[0]
    assert session.state.round == 2


def test_marking_a_zero_or_whole_value_weapon_changes_no_uses():
    zero = Weapon(name="Anchor", upr_type="Quick", pool=WeaponPool.RANGED)
    session = fight(
        archer(),
        duelist(
            attributes=Attributes(grace=Fraction(0)),
            weapons=(
                Weapon(name="Rapier", upr_type="Quick"),
                zero,
            ),
            skills=(),
        ),
    )
    for index, uses in ((0, 1), (1, 0)):
        weapon = session.state.combatants["duel"].sheet.weapons[index]
        assert weapon.uses_max == uses
        session.do(SetPrepared("duel", index, False))
        session.do(SetPrepared("duel", index, True))
        weapon = session.state.combatants["duel"].sheet.weapons[index]
        assert (weapon.uses_max, weapon.uses_left) == (uses, uses)


def test_an_unprepared_weapon_of_whole_uses_runs_out_like_any_other():
    session = fight(archer(), duelist())
    session.do(SetPrepared("duel", 0, False))
    session.do(Attack("duel", 0, "vex"))
    session.do(ResolveCheck())
    refused(session, Attack("duel", 0, "vex"), "Duelist has no uses of Rapier left this round")


def test_log_lines_of_weapon_marks():
    session = fight(archer(weapons=(_slow_bow(prepared=False), *archer().sheet.weapons)), duelist())
    entry = session.do(PrepareWeapon("vex", 0))
    assert entry.events[0].updates[0].text == (
        "starts preparing Longbow (1 round, ready for round 2; Off Guard)"
    )
    assert entry.label == "Vex prepares Longbow"
    entry = session.do(SetPrepared("vex", 0, True))
    assert entry.events[0].updates[0].text == "Longbow marked prepared"
    entry = session.do(OverrideWeaponType("vex", 1, "Slow"))
    assert entry.events[0].updates[0].text == "Short Bow uses Slow this fight"


def test_at_once_a_new_weapon_counts_at_once_and_the_others_are_reworked():
    session = fight(archer(), duelist(), upr_recompute="at_once")
    added = Weapon(name="Net", upr_type="Slow", pool=WeaponPool.RANGED)
    stronger = archer(
        attributes=Attributes(brawn=Fraction(2), grace=Fraction(7), savvy=Fraction(4)),
        weapons=(added, *archer().sheet.weapons),
    )
    session.do(ReplaceCombatant(stronger))
    net, bow, crossbow = session.state.combatants["vex"].sheet.weapons
    assert (net.upr, net.uses_max, net.uses_left) == (Fraction(1), 1, 1)  # Grace 7, Slow
    assert (bow.upr, bow.uses_max) == (Fraction(4), 4)
    assert (crossbow.upr, crossbow.uses_max) == (Fraction(1), 1)


def test_rerolling_when_every_die_succeeded():
    for seed in range(60):
        session = fight(archer(), duelist(), seed=seed)
        session.do(Attack("vex", 0, "duel", favor=3))
        if not _failed(part_of(session.state).pending.check.roll):
            break
    refused(session, Reroll(), "No failed die is left to reroll")
    refused(session, Reroll([]), "No failed die is left to reroll")


def test_a_free_roll_resolves_with_its_successes():
    session = fight(archer(), duelist())
    entry = session.do(FreeRoll("vex", 6))
    successes = roll_of(entry.events[0].roll).successes
    resolved = entry.events[1]
    assert (resolved.action, resolved.reaction, resolved.success, resolved.surviving) == (
        successes,
        None,
        True,
        successes,
    )


def test_one_reroll_left_and_nothing_failed():
    for seed in range(80):
        session = fight(archer(), duelist(), seed=seed)
        session.do(Attack("vex", 0, "duel", favor=3, extra_rerolls=-1))
        if not _failed(part_of(session.state).pending.check.roll):
            break
    assert part_of(session.state).pending.check.roll.rerolls == 1
    refused(session, Reroll(), "No failed die is left to reroll")


class _Ones:
    """A random source that rolls 1 on every die: no die ever succeeds."""

    def randint(self, a, b):
        return a


@pytest.mark.parametrize(
    ("zero_wins", "success", "line"),
    [
        (False, False, "0 vs no reaction, misses"),
        (True, True, "0 vs no reaction, hits with 0"),
    ],
)
def test_an_uncontested_attack_with_no_success_misses_unless_the_setting_says_it_wins(
    zero_wins, success, line
):
    session = fight(archer(), duelist(), uncontested_zero_wins=zero_wins)
    session.attach(roller=Roller(_Ones()))
    attacker = session.state.current
    target = "duel" if attacker == "vex" else "vex"
    session.do(Attack(attacker, 0, target))
    while part_of(session.state).pending is not None:
        session.do(ResolveCheck())
    resolved = session.entries[-1].events[-1]
    assert (resolved.action, resolved.reaction, resolved.success) == (0, None, success)
    assert session.describe_entry(len(session.entries) - 1)[-1].endswith(line)
