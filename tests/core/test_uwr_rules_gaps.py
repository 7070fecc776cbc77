"""Rules gaps of uwr closed (RULES.md sections 1 and 2): a penalty never gives a die to a pool
of none, and takes one below 1 die only as the GM says (for a roll, or as a house rule); a
preparation ends when the weapon's value reaches 1 and counts from the round it was made in;
Off Guard (preparing, or the condition) costs 1 favor on attacks and dodges."""

import random
from fractions import Fraction

import msgspec
import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCondition,
    EditCell,
    EndRound,
    RemoveCondition,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.events import CheckResolved, CheckRolled, ReactionRolled
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    OpposedCheck,
    PrepareWeapon,
    React,
    Reaction,
    Reroll,
    ResolveCheck,
    SetPrepared,
    TypeResult,
)
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def fighter(cid, side, *, brawn=3, grace=3, weapons=None):
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(brawn), grace=Fraction(grace)),
            weapons=weapons if weapons is not None else (Weapon(name="Sword", upr_type="Rapid"),),
        ),
    )


def crossbow(**changes):
    """Slow: 6 dice a use. With Brawn 2 it gives 1/3 a round (2 rounds to prepare)."""
    return Weapon(name="Crossbow", upr_type="Slow", **changes)


def fight(*roster, **settings):
    session = Session(make_ruleset("uwr", settings), roster, roller=Roller(random.Random(4)))
    session.do(StartFight())
    return session


def weapon(session, cid, index=0):
    return session.state.combatants[cid].sheet.weapons[index]


def sheet(session, cid):
    return session.state.combatants[cid].sheet


# --- a pool of no dice ------------------------------------------------------------------------


def test_a_penalty_never_gives_a_die_to_a_pool_of_none():
    session = fight(fighter("ana", Side.PLAYER, brawn=0), fighter("orc", Side.ENEMY))
    entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=-2))
    assert entry.events[0].roll.dice == 0
    assert entry.events[0].roll.faces == ()


def test_a_penalty_leaves_a_pool_of_some_dice_at_one():
    session = fight(fighter("ana", Side.PLAYER, brawn=2), fighter("orc", Side.ENEMY))
    entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=-5))
    assert entry.events[0].roll.dice == 1


def test_a_dodge_from_a_pool_of_none_with_a_penalty_rolls_nothing():
    session = fight(fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY, grace=0))
    session.do(Attack("ana", 0, "orc"))
    session.do(React(Reaction.DODGE, extra_dice=-1))
    assert part_of(session.state).pending.reaction.roll.dice == 0


# --- a penalty below 1 die, as the GM says (RULES.md section 1) -------------------------------


def two_dice(**settings):
    """Ana (Brawn 2) and an orc (Grace 2): pools of 2 dice."""
    return fight(
        fighter("ana", Side.PLAYER, brawn=2, grace=2),
        fighter("orc", Side.ENEMY, brawn=2, grace=2),
        **settings,
    )


def test_by_default_a_penalty_leaves_two_dice_at_one():
    session = two_dice()
    assert session.ruleset.settings.penalty_below_one is False
    entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=-3))
    assert entry.events[0].roll.dice == 1


@pytest.mark.parametrize("penalty", [-2, -3, -100])
def test_the_gm_says_so_for_one_direct_check(penalty):
    session = two_dice()
    entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=penalty, below_one=True))
    roll = entry.events[0].roll
    assert (roll.dice, roll.faces) == (0, ())
    assert session.describe_entry(len(session.entries) - 1)[-1].endswith("fails")


def test_a_penalty_the_pool_can_take_is_the_same_either_way():
    for below_one in (False, True):
        session = two_dice()
        entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=-1, below_one=below_one))
        assert entry.events[0].roll.dice == 1


def test_the_gm_says_so_for_an_attack_and_for_the_reaction_apart():
    session = two_dice()
    session.do(Attack("ana", 0, "orc", extra_dice=-2, below_one=True))
    assert part_of(session.state).pending.check.roll.dice == 0
    session.do(React(Reaction.DODGE, extra_dice=-2))
    assert part_of(session.state).pending.reaction.roll.dice == 1
    session = two_dice()
    session.do(Attack("ana", 0, "orc", extra_dice=-2))
    assert part_of(session.state).pending.check.roll.dice == 1
    session.do(React(Reaction.DODGE, extra_dice=-2, below_one=True))
    assert part_of(session.state).pending.reaction.roll.dice == 0


def test_the_gm_says_so_for_both_pools_of_an_opposed_check():
    session = two_dice()
    intent = OpposedCheck(
        "ana", "brawn", "orc", "grace", extra_dice=-3, target_extra_dice=-2, below_one=True
    )
    assert pools_rolled(session.do(intent)) == [0, 0]
    session = two_dice()
    plain = OpposedCheck("ana", "brawn", "orc", "grace", extra_dice=-3, target_extra_dice=-2)
    assert pools_rolled(session.do(plain)) == [1, 1]


def pools_rolled(entry) -> list[int]:
    return [e.roll.dice for e in entry.events if isinstance(e, CheckRolled | ReactionRolled)]


def test_the_house_rule_lets_every_penalty_count_in_full():
    session = two_dice(penalty_below_one=True)
    entry = session.do(DirectCheck("ana", "brawn", 1, extra_dice=-2))
    assert entry.events[0].roll.dice == 0
    session.do(Attack("ana", 0, "orc", extra_dice=-5))
    assert part_of(session.state).pending.check.roll.dice == 0
    # Bonus dice still count as always.
    session = two_dice(penalty_below_one=True)
    assert session.do(DirectCheck("ana", "brawn", 1, extra_dice=2)).events[0].roll.dice == 4


# --- preparation ------------------------------------------------------------------------------


def test_a_preparation_ends_when_the_value_rises_to_one_by_the_next_round():
    session = fight(
        fighter("ana", Side.PLAYER, brawn=2, weapons=(crossbow(prepared=False),)),
        fighter("orc", Side.ENEMY),
    )
    session.do(PrepareWeapon("ana", 0))
    assert (weapon(session, "ana").preparing_left, weapon(session, "ana").preparing_since) == (
        2,
        1,
    )
    session.do(EditCell("ana", "brawn", 6))  # counts from the next round (the rules' default)
    assert sheet(session, "ana").off_guard
    entry = session.do(EndRound())
    crossbow_now = weapon(session, "ana")
    assert (crossbow_now.preparing_left, crossbow_now.preparing_since) == (0, 0)
    assert (crossbow_now.upr, crossbow_now.uses_left) == (1, 1)
    assert not sheet(session, "ana").off_guard
    assert any(
        "Ana stops preparing Crossbow: it gives 1 use per round now" in line
        for line in session.describe_entry(session.cursor - 1)
    )
    assert entry.label == "Round 2"
    session.do(Attack("ana", 0, "orc"))
    assert part_of(session.state).pending.check.off_guard is False


def test_a_preparation_ends_when_the_pool_falls_to_no_use_at_all():
    """Brawn 0 leaves the crossbow no use per round: at the round's end Ana stops preparing it,
    no longer Off Guard, and nothing is left of the preparation to count from."""
    session = fight(
        fighter("ana", Side.PLAYER, brawn=2, weapons=(crossbow(prepared=False),)),
        fighter("orc", Side.ENEMY),
    )
    session.do(PrepareWeapon("ana", 0))
    session.do(EditCell("ana", "brawn", 0))
    assert sheet(session, "ana").off_guard
    session.do(EndRound())
    crossbow_now = weapon(session, "ana")
    assert (crossbow_now.preparing_left, crossbow_now.preparing_since) == (0, 0)
    assert not crossbow_now.prepared, "a preparation given up does not make the weapon ready"
    assert not sheet(session, "ana").off_guard
    lines = session.describe_entry(session.cursor - 1)
    assert "Round 1 · Ana stops preparing Crossbow: 0 uses per round with this pool" in lines
    assert not any("Crossbow is ready" in line for line in lines)


def test_with_recompute_at_once_a_preparation_ends_as_the_value_reaches_one():
    session = fight(
        fighter("ana", Side.PLAYER, brawn=2, weapons=(crossbow(prepared=False),)),
        fighter("orc", Side.ENEMY),
        upr_recompute="at_once",
    )
    session.do(PrepareWeapon("ana", 0))
    session.do(EditCell("ana", "brawn", 6))
    assert weapon(session, "ana").preparing_left == 0
    assert not sheet(session, "ana").off_guard


def test_a_preparation_counts_from_the_round_it_was_made_in():
    # Brawn 2: 1/3 a round, 2 rounds to prepare, made in round 1. In round 2 Brawn rises to 3:
    # 1/2 a round needs 1 round, which round 1 already gave, so the crossbow is ready for round 3
    # (not round 4).
    session = fight(
        fighter("ana", Side.PLAYER, brawn=2, weapons=(crossbow(prepared=False),)),
        fighter("orc", Side.ENEMY),
    )
    session.do(PrepareWeapon("ana", 0))
    session.do(EndRound())
    assert weapon(session, "ana").preparing_left == 1
    session.do(EditCell("ana", "brawn", 3))
    session.do(EndRound())
    ready = weapon(session, "ana")
    assert (ready.prepared, ready.preparing_left, ready.uses_left) == (True, 0, 1)


def test_a_faster_pool_shortens_a_two_round_preparation_counted_from_its_round():
    session = fight(
        fighter("ana", Side.PLAYER, brawn=2, weapons=(crossbow(prepared=False),)),
        fighter("orc", Side.ENEMY),
    )
    session.do(PrepareWeapon("ana", 0))
    session.do(EditCell("ana", "brawn", 3))
    session.do(EndRound())
    # Round 1 was the one round 1/2 a round needs: ready for round 2.
    ready = weapon(session, "ana")
    assert (ready.prepared, ready.preparing_left, ready.uses_left) == (True, 0, 1)
    lines = " ".join(session.describe_entry(session.cursor - 1))
    assert "needs only 1 round to prepare Crossbow now (made in round 1)" in lines


def test_a_sheet_edited_mid_preparation_keeps_the_round_it_was_made_in():
    session = fight(
        fighter("ana", Side.PLAYER, brawn=2, weapons=(crossbow(prepared=False),)),
        fighter("orc", Side.ENEMY),
    )
    session.do(PrepareWeapon("ana", 0))
    session.do(EndRound())
    edited = session.state.combatants["ana"]
    session.do(ReplaceCombatant(type(edited)(**{**_fields(edited), "notes": "reloading"})))
    assert weapon(session, "ana").preparing_since == 1


def _fields(combatant):
    return {name: getattr(combatant, name) for name in combatant.__struct_fields__}


def test_a_preparation_the_pool_leaves_at_zero_stops():
    session = fight(
        fighter("ana", Side.PLAYER, brawn=2, weapons=(crossbow(prepared=False),)),
        fighter("orc", Side.ENEMY),
    )
    session.do(PrepareWeapon("ana", 0))
    session.do(EditCell("ana", "brawn", 0))
    session.do(EndRound())
    assert weapon(session, "ana").preparing_left == 0
    assert not sheet(session, "ana").off_guard
    with pytest.raises(RulesError, match="cannot be used"):
        session.do(Attack("ana", 0, "orc"))


# --- Off Guard ----------------------------------------------------------------------------------


def test_the_off_guard_condition_costs_a_favor_on_attacks_and_dodges_not_parries():
    session = fight(fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY))
    session.do(AddCondition(["ana", "orc"], Condition("Off Guard")))
    session.do(Attack("ana", 0, "orc", favor=1))
    pending = part_of(session.state).pending
    assert (pending.check.off_guard, pending.check.roll.favor) == (True, 0)
    session.do(React(Reaction.DODGE))
    pending = part_of(session.state).pending
    assert (pending.reaction.off_guard, pending.reaction.roll.favor) == (True, -1)
    assert any("(Off Guard)" in line for line in session.describe_entry(session.cursor - 1))


def test_the_lowest_favor_still_rolls_off_guard_at_the_same_threshold():
    session = fight(fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY))
    session.do(AddCondition(["ana", "orc"], Condition("Off Guard")))
    session.do(Attack("ana", 0, "orc", favor=-10))
    pending = part_of(session.state).pending
    assert pending.check.roll.favor == -10
    assert pending.check.roll.pool().spec.threshold == 6
    session.do(React(Reaction.DODGE, favor=-10))
    assert part_of(session.state).pending.reaction.roll.favor == -10


def test_a_parry_is_not_off_guard_and_a_removed_condition_stops_costing():
    session = fight(fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY))
    session.do(AddCondition(["orc"], Condition("off guard")))
    session.do(Attack("ana", 0, "orc"))
    session.do(React(Reaction.PARRY, weapon=0))
    assert part_of(session.state).pending.reaction.roll.favor == 0
    session.undo()
    session.undo()
    session.do(RemoveCondition(["orc"], "Off Guard"))
    session.do(Attack("ana", 0, "orc"))
    session.do(React(Reaction.DODGE))
    assert part_of(session.state).pending.reaction.roll.favor == 0


# --- opposed checks between any two combatants ----------------------------------------------


def _opposed(session, **changes):
    fields = {
        "combatant_id": "ana",
        "attribute": "brawn",
        "target_id": "orc",
        "target_attribute": "grace",
    }
    return session.do(OpposedCheck(**{**fields, **changes}))


def test_an_opposed_check_rolls_both_combatants_pools():
    session = fight(fighter("ana", Side.PLAYER, brawn=4), fighter("orc", Side.ENEMY, grace=3))
    entry = _opposed(session, favor=1, target_favor=-1)
    rolled, answered = entry.events[:2]
    assert isinstance(rolled, CheckRolled) and isinstance(answered, ReactionRolled)
    assert (rolled.kind, rolled.actor, rolled.target, rolled.title) == (
        "opposed",
        "ana",
        "orc",
        "Brawn vs Grace",
    )
    assert (rolled.roll.dice, rolled.roll.favor) == (4, 1)
    assert (answered.reaction, answered.roll.dice, answered.roll.favor) == ("opposed", 3, -1)
    # No rerolls on either side: resolved at once, successes cancelling, a tie to the target.
    resolved = entry.events[-1]
    assert isinstance(resolved, CheckResolved)
    action, reaction = rolled.roll.pool().successes, answered.roll.pool().successes
    assert (resolved.action, resolved.reaction) == (action, reaction)
    assert resolved.success == (action > reaction)
    assert resolved.surviving == max(action - reaction, 0)
    assert entry.label == "Ana against Orc: Brawn vs Grace"
    line = session.describe_entry(session.cursor - 1)[-1]
    winner = "Ana" if action > reaction else "Orc"
    assert line.startswith(f"Round 1 · Ana's Brawn vs Grace against Orc: {action} vs {reaction}, ")
    assert f"{winner} wins" in line


def test_an_opposed_check_waits_for_rerolls_on_either_side():
    session = fight(fighter("ana", Side.PLAYER, brawn=4), fighter("orc", Side.ENEMY, grace=3))
    _opposed(session, extra_rerolls=6, target_extra_rerolls=6)
    pending = part_of(session.state).pending
    assert pending.check.kind == "opposed" and pending.reaction.reaction == "opposed"
    for of_reaction in (False, True):
        record = pending.roll(of_reaction)
        if record.pool().rerollable_indices:
            session.do(Reroll(of_reaction=of_reaction))
    session.do(ResolveCheck())
    assert part_of(session.state).pending is None


def test_an_opposed_check_names_skills_and_refuses_what_is_not_there():
    session = fight(
        fighter("ana", Side.PLAYER),
        Combatant(
            id="orc",
            name="Orc",
            side=Side.ENEMY,
            sheet=UwrSheet(skills=(Skill("Stealth", 2, 0),)),
        ),
    )
    entry = _opposed(session, attribute="savvy", target_attribute="savvy", target_skill="Stealth")
    assert entry.events[0].title == "Savvy vs Savvy + Stealth"
    assert entry.events[1].roll.dice == 4
    for changes, message in (
        ({"target_id": "ana"}, "Ana cannot oppose themself"),
        ({"skill": "Stealth"}, "Ana has no skill called 'Stealth'"),
        ({"target_attribute": "luck"}, "Unknown attribute 'luck'"),
    ):
        before = session.cursor
        with pytest.raises(RulesError, match=message):
            _opposed(session, **changes)
        assert session.cursor == before


# --- a result the GM types over any roll ------------------------------------------------------


def test_a_typed_result_replaces_the_rolled_successes_when_resolved():
    session = fight(fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY))
    session.do(Attack("ana", 0, "orc", extra_rerolls=1))
    with pytest.raises(RulesError, match=r"^There is no reaction to reroll yet$"):
        session.do(Reroll(of_reaction=True))
    session.do(React(Reaction.DODGE))
    rolled = part_of(session.state).pending.reaction.roll.pool().successes
    entry = session.do(TypeResult(5, of_reaction=False))
    assert entry.label == "Type 5 successes for Ana"
    assert session.describe_entry(session.cursor - 1) == (
        f"Round 1 · GM types 5 for Ana's roll (rolled "
        f"{part_of(session.state).pending.check.roll.pool().successes})",
    )
    with pytest.raises(RulesError, match="The GM typed the result of that roll"):
        session.do(Reroll(of_reaction=False))
    session.do(TypeResult(1, of_reaction=True))
    for of_reaction in (True, None):
        with pytest.raises(RulesError, match=r"^The GM typed the result of that roll \(1\)"):
            session.do(Reroll(of_reaction=of_reaction))
    resolved = session.do(ResolveCheck()).events[-1]
    assert (resolved.action, resolved.reaction, resolved.success, resolved.surviving) == (
        5,
        1,
        True,
        4,
    )
    assert (
        session.state_at(session.cursor - 2).part.pending.reaction.roll.pool().successes == rolled
    )


def test_a_typed_result_works_on_direct_checks_and_free_rolls_and_undoes():
    for seed in range(40):
        session = Session(
            make_ruleset("uwr"),
            [fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY)],
            roller=Roller(random.Random(seed)),
        )
        session.do(StartFight())
        session.do(DirectCheck("ana", "brawn", 3, extra_rerolls=5))
        if part_of(session.state).pending is not None:
            break
    session.do(TypeResult(3))
    resolved = session.do(ResolveCheck()).events[-1]
    assert (resolved.action, resolved.success) == (3, True)
    session.undo()
    session.undo()
    assert part_of(session.state).pending.action_typed is None


def test_a_typed_result_needs_a_pending_roll():
    session = fight(fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY))
    with pytest.raises(RulesError, match="There is no pending roll to type a result over"):
        session.do(TypeResult(2))
    session.do(Attack("ana", 0, "orc"))
    with pytest.raises(RulesError, match="There is no reaction to type a result over yet"):
        session.do(TypeResult(2, of_reaction=True))


# --- rerolls are never silently lost to a reaction --------------------------------------------


def test_the_attackers_rerolls_survive_the_targets_reaction():
    for seed in range(60):
        session = Session(
            make_ruleset("uwr"),
            [fighter("ana", Side.PLAYER, brawn=5), fighter("orc", Side.ENEMY)],
            roller=Roller(random.Random(seed)),
        )
        session.do(StartFight())
        session.do(Attack("ana", 0, "orc", extra_rerolls=2))
        if part_of(session.state).pending.check.roll.pool().rerollable_indices:
            break
    session.do(React(Reaction.DODGE))
    pending = part_of(session.state).pending
    assert pending.check.roll.pool().rerolls_left == 2
    options = [o.label for o in session.ruleset.legal_intents(session.state, "ana")]
    assert "Reroll failed dice" in options
    entry = session.do(Reroll(of_reaction=False))
    assert all(not event.of_reaction for event in entry.events)
    assert part_of(session.state).pending.check.roll.pool().rerolls_used >= 1
    assert part_of(session.state).pending.reaction == pending.reaction


def test_marking_a_weapon_prepared_by_hand_or_on_the_sheet_stops_its_preparation():
    for mark in ("intent", "sheet"):
        session = fight(
            fighter("ana", Side.PLAYER, brawn=2, weapons=(crossbow(prepared=False),)),
            fighter("orc", Side.ENEMY),
        )
        session.do(PrepareWeapon("ana", 0))
        assert weapon(session, "ana").preparing_since == 1
        if mark == "intent":
            session.do(SetPrepared("ana", 0, True))
        else:
            edited = session.state.combatants["ana"]
            prepared = msgspec.structs.replace(edited.sheet.weapons[0], prepared=True)
            sheet_now = msgspec.structs.replace(edited.sheet, weapons=(prepared,))
            session.do(ReplaceCombatant(msgspec.structs.replace(edited, sheet=sheet_now)))
        crossbow_now = weapon(session, "ana")
        assert (crossbow_now.prepared, crossbow_now.preparing_left) == (True, 0)
        assert crossbow_now.preparing_since == 0
        assert (crossbow_now.uses_max, crossbow_now.uses_left) == (1, 1)


def test_a_weapon_of_no_use_a_round_gets_none_when_marked_prepared_on_the_sheet():
    session = fight(
        fighter("ana", Side.PLAYER, brawn=0, weapons=(crossbow(prepared=False),)),
        fighter("orc", Side.ENEMY),
    )
    assert weapon(session, "ana").upr == 0
    edited = session.state.combatants["ana"]
    prepared = msgspec.structs.replace(edited.sheet.weapons[0], prepared=True)
    sheet_now = msgspec.structs.replace(edited.sheet, weapons=(prepared,))
    session.do(ReplaceCombatant(msgspec.structs.replace(edited, sheet=sheet_now)))
    assert (weapon(session, "ana").uses_max, weapon(session, "ana").uses_left) == (0, 0)


def test_an_opposed_check_keeps_the_title_the_gm_gave_it():
    session = two_dice()
    session.do(OpposedCheck("ana", "brawn", "orc", "brawn", title="Arm wrestling"))
    rolled = next(e for e in session.entries[-1].events if isinstance(e, CheckRolled))
    assert rolled.title == "Arm wrestling"


def test_a_weapon_of_one_use_a_round_keeps_it_when_its_prepared_mark_changes():
    session = fight(
        fighter("ana", Side.PLAYER, brawn=3, weapons=(Weapon(name="Axe", upr_type="Swift"),)),
        fighter("orc", Side.ENEMY),
    )
    assert (weapon(session, "ana").upr, weapon(session, "ana").uses_left) == (1, 1)
    edited = session.state.combatants["ana"]
    unprepared = msgspec.structs.replace(edited.sheet.weapons[0], prepared=False)
    sheet_now = msgspec.structs.replace(edited.sheet, weapons=(unprepared,))
    session.do(ReplaceCombatant(msgspec.structs.replace(edited, sheet=sheet_now)))
    assert (weapon(session, "ana").uses_max, weapon(session, "ana").uses_left) == (1, 1)
