"""A scripted uwr fight over several rounds, checked step by step through the session."""

import random
from fractions import Fraction

import pytest
from recording_roller import Dealt, RecordingRoller
from uwr_sheets import uwr_combatant

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    Heal,
    NextTurn,
    RemoveCombatants,
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
    OpposedCheck,
    OverrideWeaponType,
    PrepareWeapon,
    React,
    Reaction,
    Reroll,
    ResolveCheck,
)
from uwr_desktop.core.rulesets.uwr.rules import roll_of
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Initiative, Skill, Weapon, WeaponPool
from uwr_desktop.core.rulesets.uwr.state import Phase, part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import SlotStatus

H = Fraction(1, 2)


def vex(**changes):
    fields = {
        "id": "vex",
        "name": "Vex",
        "side": Side.PLAYER,
        "attributes": Attributes(brawn=Fraction(2), grace=Fraction(3) + H),
        "skills": (Skill("Archery", 1, 1),),
        "weapons": (
            Weapon(name="Short Bow", upr_type="Swift", pool=WeaponPool.RANGED, skill="Archery"),
            Weapon(name="Crossbow", upr_type="Slow", pool=WeaponPool.RANGED),
        ),
        "stamina": 1,
        "stamina_max": 4,
    }
    fields.update(changes)
    return uwr_combatant(**fields)


def bandit(number, **changes):
    fields = {
        "id": f"b{number}",
        "name": f"Bandit {number}",
        "attributes": Attributes(brawn=Fraction(3), grace=Fraction(2)),
        "weapons": (Weapon(name="Sword", upr_type="Quick"),),
        "vitality": 8,
        "vitality_max": 8,
    }
    fields.update(changes)
    return uwr_combatant(**fields)


def fight(*roster, seed=7, **settings):
    return Session(make_ruleset("uwr", settings), roster, roller=Roller(random.Random(seed)))


def log(session):
    return [line for index in range(session.cursor) for line in session.describe_entry(index)]


def test_initiative_sums_grace_dice_and_orders_turns():
    session = fight(vex(), bandit(1), bandit(2))
    session.do(StartFight())
    state = session.state
    for combatant in state.combatants.values():
        faces = combatant.sheet.initiative.faces
        assert len(faces) == int(combatant.sheet.attributes.grace)
        assert combatant.sheet.initiative.value == sum(faces)
    values = [state.combatants[cid].sheet.initiative.value for cid in state.order]
    assert values == sorted(values, reverse=True)
    assert state.round == 1
    assert state.phase == Phase.ROUND
    assert state.current == state.order[0]


def test_ties_go_to_players_then_a_roll_off_within_a_side():
    tied = Initiative(faces=(4, 4))
    session = fight(
        bandit(1, initiative=tied),
        bandit(2, initiative=tied),
        vex(initiative=Initiative(faces=(2, 2, 4))),
    )
    session.do(StartFight())
    state = session.state
    assert state.order[0] == "vex"
    breaks = {cid: state.combatants[cid].sheet.initiative.tiebreak for cid in ("b1", "b2")}
    assert breaks["b1"] != breaks["b2"]
    assert all(breaks.values())
    winner = max(breaks, key=lambda cid: breaks[cid])
    assert state.order[1] == winner
    assert any("roll-off" in line for line in log(session))


def test_each_roll_is_asked_of_whom_it_is_for_and_says_what_it_is() -> None:
    """Rolled at the table, the roll-off names each tied bandit and a dodge the defender."""
    tied = Initiative(faces=(4, 4))
    roller = RecordingRoller(random.Random(7))
    roster = (vex(), bandit(1, initiative=tied), bandit(2, initiative=tied))
    session = Session(make_ruleset("uwr"), roster, roller=roller)
    session.do(StartFight())
    assert roller.asked == [
        RollFor("vex", "initiative"),
        RollFor("b1", "an initiative roll-off"),
        RollFor("b2", "an initiative roll-off"),
    ]
    roller.asked.clear()
    session.do(Attack("vex", 0, "b1"))
    assert roller.asked == [RollFor("vex", "an attack with Short Bow")]
    roller.asked.clear()
    session.do(React(Reaction.DODGE))
    assert roller.asked == [RollFor("b1", "a dodge")]


def test_a_direct_check_is_asked_of_its_roller_by_its_title_or_attribute() -> None:
    roller = RecordingRoller(random.Random(7))
    session = Session(make_ruleset("uwr"), (vex(), bandit(1)), roller=roller)
    session.do(StartFight())
    roller.asked.clear()
    session.do(DirectCheck("vex", "grace", 1))
    session.do(ResolveCheck())
    session.do(DirectCheck("b1", "brawn", 1, title="Force the door"))
    assert roller.asked == [RollFor("vex", "Grace check"), RollFor("b1", "Force the door")]


def test_a_newcomer_to_a_settled_tie_is_asked_alone_for_its_roll_off() -> None:
    """The bandits' roll-off stays; a third bandit joining on the same initiative rolls alone,
    asked of by name."""
    tied = Initiative(faces=(4, 4))
    roller = RecordingRoller(random.Random(7))
    roster = (vex(), bandit(1, initiative=tied), bandit(2, initiative=tied))
    session = Session(make_ruleset("uwr"), roster, roller=roller)
    session.do(StartFight())
    roller.asked.clear()
    session.do(AddCombatants([bandit(3, initiative=tied)]))
    assert roller.asked
    assert set(roller.asked) == {RollFor("b3", "an initiative roll-off")}


def test_a_roll_off_tied_again_asks_each_tied_combatant_again() -> None:
    tied = Initiative(faces=(4, 4))
    roller = RecordingRoller(Dealt([6, 6, 6, 3, 3, 5, 2]))
    roster = (vex(), bandit(1, initiative=tied), bandit(2, initiative=tied))
    session = Session(make_ruleset("uwr"), roster, roller=roller)
    session.do(StartFight())
    off = "an initiative roll-off"
    assert roller.asked == [
        RollFor("vex", "initiative"),
        *[RollFor("b1", off), RollFor("b2", off)] * 2,
    ]
    assert session.state.order == ("vex", "b1", "b2")


def test_a_reroll_is_asked_of_whoever_rolled_the_dice() -> None:
    """The attacker rerolls its attack, the defender its dodge, each by name."""
    roller = RecordingRoller(Dealt([6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))
    dodger = bandit(1, attributes=Attributes(brawn=Fraction(3), grace=Fraction(2) + H))
    roster = (vex(), dodger)
    session = Session(make_ruleset("uwr"), roster, roller=roller)
    session.do(StartFight())
    session.do(Attack("vex", 0, "b1"))
    roller.asked.clear()
    session.do(Reroll(None, of_reaction=False))
    session.do(React(Reaction.DODGE))
    session.do(Reroll(None, of_reaction=True))
    reroll = "a reroll"
    assert roller.asked == [RollFor("vex", reroll), RollFor("b1", "a dodge"), RollFor("b1", reroll)]


def test_both_sides_of_an_opposed_check_are_asked_for_with_the_check_s_words() -> None:
    """Rolled at the table, an opposed check asks its roller, then its opponent, each by name,
    with the words the log gives the check."""
    roller = RecordingRoller(random.Random(7))
    roster = (vex(), bandit(1, initiative=Initiative(faces=(4, 4))))
    session = Session(make_ruleset("uwr"), roster, roller=roller)
    session.do(StartFight())
    roller.asked.clear()
    session.do(OpposedCheck("vex", "brawn", "b1", "grace", title="Arm wrestle"))
    assert roller.asked == [RollFor("vex", "Arm wrestle"), RollFor("b1", "Arm wrestle")]


def test_table_order_setting_breaks_ties_without_rolling():
    tied = Initiative(faces=(4, 4))
    session = fight(
        bandit(2, initiative=tied), bandit(1, initiative=tied), initiative_tie="table_order"
    )
    session.do(StartFight())
    assert session.state.order == ("b2", "b1")
    assert all(not c.sheet.initiative.tiebreak for c in session.state.combatants.values())


def test_uses_are_spent_per_weapon_and_refill_each_round():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    bow = session.state.combatants["vex"].sheet.weapons[0]
    # Grace 3.5 -> 3 dice + Archery 1 = 4 dice, Swift (divisor 2) -> 2 uses.
    assert (bow.upr, bow.uses_max, bow.uses_left) == (2, 2, 2)
    for expected_left in (1, 0):
        session.do(Attack("vex", 0, "b1"))
        session.do(ResolveCheck())
        assert session.state.combatants["vex"].sheet.weapons[0].uses_left == expected_left
    with pytest.raises(RulesError, match="Vex has no uses of Short Bow left this round"):
        session.do(Attack("vex", 0, "b1"))
    while session.state.round == 1:
        session.do(NextTurn())
    assert session.state.combatants["vex"].sheet.weapons[0].uses_left == 2


def test_typed_dice_wait_for_a_pending_check_and_say_so_before_they_are_rolled():
    session = fight(vex(), bandit(1), seed=11)
    ruleset = session.ruleset
    session.do(StartFight())
    assert ruleset.roll_refusal(session.state) is None
    session.do(RollDice("vex", "2d10+5"))
    session.do(Attack("vex", 0, "b1"))
    waiting = "Resolve (or undo) the pending check first"
    assert ruleset.roll_refusal(session.state) == waiting
    for typed in (RollDice("vex", "6k3"), RollDice(None, "7d6 f+1 r2")):
        assert ruleset.round_refusal(session.state, typed) == waiting
        with pytest.raises(RulesError, match=r"Resolve \(or undo\) the pending check first"):
            session.do(typed)
    session.do(ResolveCheck())
    assert ruleset.roll_refusal(session.state) is None
    session.do(RollDice(None, "6k3"))
    assert session.state.typed_roll is not None


def test_attack_pool_rerolls_and_opposed_resolution():
    session = fight(vex(), bandit(1), seed=11)
    session.do(StartFight())
    session.do(Attack("vex", 0, "b1", favor=1))
    pending = part_of(session.state).pending
    # 4 dice; rerolls: 1 for Grace ending in .5 + 1 from Archery.
    assert (pending.check.roll.dice, pending.check.roll.rerolls, pending.check.roll.favor) == (
        4,
        2,
        1,
    )
    failed = [i for i, face in enumerate(pending.check.roll.faces) if face < 4]
    assert failed
    session.do(Reroll())
    taken = part_of(session.state).pending.check.roll.rerolls_taken
    assert [index for index, _ in taken] == failed[:2]
    session.do(React(Reaction.DODGE))
    pending = part_of(session.state).pending
    assert pending.reaction.roll.dice == 2
    with pytest.raises(RulesError, match="already reacted"):
        session.do(React(Reaction.DODGE))
    session.do(ResolveCheck())
    assert part_of(session.state).pending is None
    line = log(session)[-1]
    assert line.startswith("Round 1 · Vex attacks Bandit 1 with Short Bow: ")
    assert " vs dodge " in line
    assert ("hits with" in line) or line.endswith("misses")


def test_parry_spends_a_use_and_out_of_uses_only_dodge():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    # Bandit: Brawn 3 Quick -> 1 use.
    session.do(Attack("vex", 0, "b1"))
    session.do(React(Reaction.PARRY, weapon=0))
    assert session.state.combatants["b1"].sheet.weapons[0].uses_left == 0
    session.do(ResolveCheck())
    session.do(Attack("vex", 0, "b1"))
    options = session.ruleset.legal_intents(session.state, "b1")
    reactions = [option.intent for option in options if isinstance(option.intent, React)]
    assert reactions == [React(Reaction.DODGE)]
    with pytest.raises(RulesError, match="only a dodge is possible"):
        session.do(React(Reaction.PARRY, weapon=0))
    with pytest.raises(RulesError, match="only a dodge is possible"):
        session.do(React(Reaction.PARRY))
    session.do(React(Reaction.DODGE))
    session.do(ResolveCheck())


def test_fractional_weapon_preparation_and_off_guard():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    crossbow = session.state.combatants["vex"].sheet.weapons[1]
    # Grace 3.5 -> 3 dice, Slow (divisor 6) -> 1/2: prepared at the start gives 1 use.
    assert (crossbow.upr, crossbow.uses_left, crossbow.prepared) == (H, 1, True)
    session.do(Attack("vex", 1, "b1"))
    session.do(ResolveCheck())
    assert not session.state.combatants["vex"].sheet.weapons[1].prepared
    with pytest.raises(RulesError, match="used Crossbow this round"):
        session.do(PrepareWeapon("vex", 1))
    while session.state.round == 1:
        session.do(NextTurn())
    with pytest.raises(RulesError, match="not prepared"):
        session.do(Attack("vex", 1, "b1"))
    session.do(PrepareWeapon("vex", 1))
    vex_now = session.state.combatants["vex"]
    assert vex_now.sheet.off_guard
    assert vex_now.sheet.weapons[1].preparing_left == 1
    slot = next(s for s in session.ruleset.timeline(session.state) if s.key == "vex")
    assert "Off Guard" in slot.detail
    session.do(Attack("vex", 0, "b1"))
    assert part_of(session.state).pending.check.roll.favor == -1
    assert part_of(session.state).pending.check.off_guard
    session.do(ResolveCheck())
    session.do(Attack("b1", 0, "vex"))
    session.do(React(Reaction.DODGE, favor=1))
    assert part_of(session.state).pending.reaction.roll.favor == 0
    session.do(ResolveCheck())
    while session.state.round == 2:
        session.do(NextTurn())
    assert any("Vex's Crossbow is ready" in line for line in log(session))
    vex_now = session.state.combatants["vex"]
    assert not vex_now.sheet.off_guard
    assert vex_now.sheet.weapons[1].uses_left == 1
    session.do(Attack("vex", 1, "b1"))
    assert part_of(session.state).pending.check.roll.favor == 0


def test_two_round_preparation_below_one_half():
    slow_vex = vex(attributes=Attributes(grace=Fraction(2)))
    session = fight(slow_vex, bandit(1))
    session.do(StartFight())
    session.do(Attack("vex", 1, "b1"))  # 2 dice / 6 = 1/3
    session.do(ResolveCheck())
    while session.state.round == 1:
        session.do(NextTurn())
    session.do(PrepareWeapon("vex", 1))
    assert session.state.combatants["vex"].sheet.weapons[1].preparing_left == 2
    while session.state.round == 2:
        session.do(NextTurn())
    crossbow = session.state.combatants["vex"].sheet.weapons[1]
    assert (crossbow.preparing_left, crossbow.uses_left) == (1, 0)
    with pytest.raises(RulesError, match="still preparing Crossbow"):
        session.do(Attack("vex", 1, "b1"))
    while session.state.round == 3:
        session.do(NextTurn())
    assert session.state.combatants["vex"].sheet.weapons[1].uses_left == 1


def test_zero_value_weapon_cannot_be_used():
    weak = vex(attributes=Attributes(grace=Fraction(0)), skills=())
    session = fight(weak, bandit(1))
    session.do(StartFight())
    with pytest.raises(RulesError, match="cannot be used"):
        session.do(Attack("vex", 1, "b1"))


def test_type_override_changes_uses_from_next_round():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    session.do(OverrideWeaponType("vex", 1, "Swift"))
    assert session.state.combatants["vex"].sheet.weapons[1].uses_max == 1
    while session.state.round == 1:
        session.do(NextTurn())
    crossbow = session.state.combatants["vex"].sheet.weapons[1]
    assert (crossbow.type_override, crossbow.uses_max) == ("Swift", 1)
    with pytest.raises(RulesError, match="unknown UPR type"):
        session.do(OverrideWeaponType("vex", 1, "Lightning"))


def test_recompute_at_once_setting_applies_a_pool_change_mid_round():
    session = fight(vex(), bandit(1), upr_recompute="at_once")
    session.do(StartFight())
    session.do(EditCell("vex", "grace", "5.5"))
    assert session.state.combatants["vex"].sheet.weapons[0].uses_max == 3
    later = fight(vex(), bandit(1))
    later.do(StartFight())
    later.do(EditCell("vex", "grace", "5.5"))
    assert later.state.combatants["vex"].sheet.weapons[0].uses_max == 2


def test_conditions_tick_and_expire_at_round_end_with_a_log_line():
    session = fight(vex(), bandit(1), bandit(2))
    session.do(StartFight())
    session.do(AddCondition(["b1", "b2"], Condition("Burning", 1)))
    session.do(AddCondition(["vex"], Condition("Blessed", 2, "shrine")))
    while session.state.round == 1:
        session.do(NextTurn())
    state = session.state
    assert not state.combatants["b1"].conditions
    assert not state.combatants["b2"].conditions
    assert state.combatants["vex"].conditions == (Condition("Blessed", 1, "shrine"),)
    assert any("Burning ends on Bandit 1" in line for line in log(session))
    while session.state.round == 2:
        session.do(NextTurn())
    assert not session.state.combatants["vex"].conditions


def test_stamina_refills_at_the_start_of_own_turn():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    while session.state.current != "vex":
        session.do(NextTurn())
    assert session.state.combatants["vex"].sheet.stamina == 4


def test_damage_heal_and_death():
    session = fight(vex(), bandit(1), bandit(2))
    session.do(ApplyDamage(["b1", "b2"], 5))
    assert [session.state.combatants[c].sheet.vitality for c in ("b1", "b2")] == [3, 3]
    session.do(ApplyDamage(["b1"], 9))
    assert session.state.combatants["b1"].sheet.vitality == 0
    assert log(session)[-1].endswith(": dead")
    session.do(ApplyDamage(["vex"], 50))
    assert "Death's Door" in log(session)[-1]
    session.do(Heal(["b2"], 100))
    assert session.state.combatants["b2"].sheet.vitality == 8
    with pytest.raises(RulesError, match="at least 1"):
        session.do(ApplyDamage(["b1"], 0))
    with pytest.raises(RulesError, match="no combatant with id"):
        session.do(ApplyDamage(["nobody"], 2))


def test_joining_and_leaving_mid_fight():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    session.do(AddCombatants([bandit(3)]))
    newcomer = session.state.combatants["b3"]
    assert newcomer.sheet.initiative is not None
    assert len(newcomer.sheet.initiative.faces) == 2
    assert newcomer.sheet.weapons[0].uses_left == 1
    assert "b3" in session.state.order
    with pytest.raises(RulesError, match="already used"):
        session.do(AddCombatants([bandit(3)]))
    session.do(RemoveCombatants(["b1"]))
    assert "b1" not in session.state.combatants
    assert "b1" not in session.state.order
    while session.state.round == 1:
        session.do(NextTurn())
    assert set(session.state.order) == {"vex", "b3"}


def test_gm_override_and_manual_order_keep_the_rolled_value():
    session = fight(vex(), bandit(1), bandit(2))
    session.do(StartFight())
    rolled = session.state.combatants["b2"].sheet.initiative.rolled
    session.do(EditCell("b2", "initiative", 99))
    state = session.state
    assert state.order[0] == "b2"
    assert state.combatants["b2"].sheet.initiative.rolled == rolled
    slot = session.ruleset.timeline(state)[0]
    assert slot.value_text == f"99 (rolled {rolled})"
    last = state.order[-1]
    last_rolled = state.combatants[last].sheet.initiative.value
    drag = session.ruleset.drag_answer(state, last, 0).intent
    assert drag is not None
    session.do(drag)
    state = session.state
    assert state.order[0] == last
    slot = session.ruleset.timeline(state)[0]
    assert slot.value_text.endswith("manual #1")
    assert state.combatants[last].sheet.initiative.value == last_rolled
    assert slot.value_text.startswith(str(last_rolled))
    assert session.ruleset.drag_answer(state, last, 0).intent is None


def test_turn_statuses_on_the_timeline():
    session = fight(vex(), bandit(1), bandit(2))
    session.do(StartFight())
    session.do(NextTurn())
    statuses = [slot.status for slot in session.ruleset.timeline(session.state)]
    assert statuses == [SlotStatus.DONE, SlotStatus.CURRENT, SlotStatus.PENDING]


def test_direct_check_and_free_roll_are_recorded_with_faces():
    session = fight(vex(skills=()), bandit(1))
    session.do(DirectCheck("vex", "Mettle", difficulty=2, favor=1))
    line = log(session)[-1]
    assert "vs difficulty 2" in line
    assert ("passes" in line) or ("fails" in line)
    session.do(FreeRoll("b1", dice=5, title="Perception"))
    assert "Bandit 1's Perception" in log(session)[-1]
    with pytest.raises(RulesError, match="Unknown attribute"):
        session.do(DirectCheck("vex", "Luck", difficulty=1))
    with pytest.raises(RulesError, match="at least 1 success"):
        session.do(DirectCheck("vex", "Grace", difficulty=0))


def test_edits_are_validated_and_undoable():
    session = fight(vex(), bandit(1))
    with pytest.raises(RulesError, match=r"0 to 7 in steps of 0\.5"):
        session.do(EditCell("vex", "grace", "7.5"))
    with pytest.raises(RulesError, match=r"0 to 7 in steps of 0\.5"):
        session.do(EditCell("vex", "brawn", "2.25"))
    with pytest.raises(RulesError, match="number like"):
        session.do(EditCell("vex", "brawn", "lots"))
    session.do(EditCell("vex", "grace", "4.5"))
    assert session.state.combatants["vex"].sheet.attributes.grace == Fraction(9, 2)
    session.undo()
    assert session.state.combatants["vex"].sheet.attributes.grace == Fraction(7, 2)


def test_refusals_before_the_fight_and_while_a_check_is_pending():
    session = fight(vex(), bandit(1))
    with pytest.raises(RulesError, match="Start the fight first"):
        session.do(NextTurn())
    session.do(StartFight())
    with pytest.raises(RulesError, match="already started"):
        session.do(StartFight())
    session.do(Attack("vex", 0, "b1"))
    with pytest.raises(RulesError, match="pending check"):
        session.do(NextTurn())


def _sheet(session, cid, weapon_index, **weapon_changes):
    """The combatant's sheet as the editor hands it back, with one weapon's fields changed."""
    current = session.state.combatants[cid]
    weapons = list(current.sheet.weapons)
    weapons[weapon_index] = Weapon(
        name=weapons[weapon_index].name,
        upr_type=weapons[weapon_index].upr_type,
        pool=weapons[weapon_index].pool,
        prepared=weapon_changes.pop("prepared", weapons[weapon_index].prepared),
    )
    return uwr_combatant(
        id=cid,
        name=current.name,
        side=current.side,
        attributes=current.sheet.attributes,
        weapons=tuple(weapons),
        **weapon_changes,
    )


def test_an_edited_sheet_keeps_the_fight_state_of_its_weapons():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    session.do(Attack("vex", 0, "b1"))
    session.do(ResolveCheck())
    bow = session.state.combatants["vex"].sheet.weapons[0]
    initiative = session.state.combatants["vex"].sheet.initiative
    session.do(ReplaceCombatant(_sheet(session, "vex", 0, vitality=15, vitality_max=15)))
    edited = session.state.combatants["vex"]
    assert edited.sheet.vitality_max == 15
    assert edited.sheet.initiative == initiative
    assert (edited.sheet.weapons[0].uses_max, edited.sheet.weapons[0].uses_left) == (
        bow.uses_max,
        bow.uses_left,
    )


def test_the_prepared_mark_changed_in_the_sheet_mid_fight_is_applied():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    crossbow = session.state.combatants["vex"].sheet.weapons[1]
    assert (crossbow.upr, crossbow.prepared, crossbow.uses_left) == (H, True, 1)

    session.do(ReplaceCombatant(_sheet(session, "vex", 1, prepared=False)))
    crossbow = session.state.combatants["vex"].sheet.weapons[1]
    assert (crossbow.prepared, crossbow.uses_max, crossbow.uses_left) == (False, 0, 0)
    with pytest.raises(RulesError, match="not prepared"):
        session.do(Attack("vex", 1, "b1"))

    session.do(ReplaceCombatant(_sheet(session, "vex", 1, prepared=True)))
    crossbow = session.state.combatants["vex"].sheet.weapons[1]
    assert (crossbow.prepared, crossbow.uses_left, crossbow.preparing_left) == (True, 1, 0)
    session.do(Attack("vex", 1, "b1"))
    assert part_of(session.state).pending.check.title == "Crossbow"
    session.undo()
    session.undo()
    assert not session.state.combatants["vex"].sheet.weapons[1].prepared


@pytest.mark.parametrize(("difficulty", "verdict"), [(1, "passes"), (9, "fails")])
def test_a_free_roll_against_a_difficulty_passes_or_fails(difficulty, verdict):
    session = fight(vex(), bandit(1))
    session.do(FreeRoll("vex", 5, title="5d6", difficulty=difficulty))
    rolled, resolved = session.entries[-1].events
    assert rolled.difficulty == difficulty
    successes = roll_of(rolled.roll).successes
    assert resolved.success is (successes >= difficulty)
    assert log(session)[-1].endswith(f"vs difficulty {difficulty}, {verdict}")
    assert "(needs" in log(session)[-2]


def test_a_free_roll_refuses_a_difficulty_below_one():
    session = fight(vex())
    with pytest.raises(RulesError, match="at least 1 success"):
        session.do(FreeRoll("vex", 5, difficulty=0))
    assert session.entries == ()


def test_a_combatant_who_is_down_attacks_nobody_and_is_offered_no_attack():
    session = fight(vex(), bandit(1))
    session.do(StartFight())
    session.do(ApplyDamage(["b1"], 100))
    assert session.state.combatants["b1"].down
    before = session.state
    with pytest.raises(RulesError, match=r"^Bandit 1 is down and cannot attack$"):
        session.do(Attack("b1", 0, "vex"))
    assert session.state is before
    offered = session.ruleset.legal_intents(session.state, "b1")
    assert not [option for option in offered if isinstance(option.intent, Attack)]
