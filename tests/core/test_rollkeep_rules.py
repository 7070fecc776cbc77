"""The rollkeep rules one at a time: everyone delaying, ties, Full Defense, Center, wound ranks,
newcomers, the timeline drag, the table's edits and the settings."""

import random

import msgspec
import pytest
from rollkeep_sheets import KATANA, samurai, scripted

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.events import Event, TurnEnded
from uwr_desktop.core.intents import (
    AddCombatants,
    ApplyDamage,
    EditCell,
    EndRound,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    RulesError,
    StartFight,
)
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.events import (
    Forfeited,
    FullDefenseRolled,
    Returned,
    RollOff,
)
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepActNow,
    RollkeepAttack,
    RollkeepChooseStance,
    RollkeepDelay,
    RollkeepForfeit,
)
from uwr_desktop.core.rulesets.rollkeep.rules import armor_tn, score, sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import Skill, Stance
from uwr_desktop.core.rulesets.rollkeep.state import RollkeepSettings
from uwr_desktop.core.rulesets.rollkeep.wounds import death_at, wound_state
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def trio(**settings):
    """Three samurai whose scores are typed (30, 20, 10), the skirmish started."""
    roster = [
        samurai(cid, cid.title(), initiative_override=value, weapons=(KATANA,))
        for cid, value in (("a", 30), ("b", 20), ("c", 10))
    ]
    roller, faces = scripted()
    session = Session(make_ruleset("rollkeep", settings), roster, roller=roller)
    session.do(StartFight())
    return session, faces


def wall():
    """A samurai in Full Defense whose score (30) comes first: Reflexes 3, Defense 2."""
    return samurai(
        "wall",
        "Wall",
        initiative_override=30,
        reflexes=3,
        skills=(Skill("Defense", 2),),
        stance=Stance.FULL_DEFENSE,
    )


def events_of(session, kind):
    return [e for e in session.entries[session.cursor - 1].events if isinstance(e, kind)]


def test_when_everyone_delays_the_lowest_acts_and_the_round_ends():
    session, _ = trio()
    session.do(RollkeepDelay("a"))
    session.do(RollkeepDelay("b"))
    assert session.state.current == "c"
    with pytest.raises(RulesError, match="lowest left and cannot delay"):
        session.do(RollkeepDelay("c"))
    session.do(NextTurn())
    assert events_of(session, Forfeited)[0].combatant_ids == ("a", "b")
    # The delayers lost their turns; the scores stand for round 2.
    assert session.state.round == 2
    assert session.state.order == ("a", "b", "c")
    assert session.state.current == "a"
    assert not any(sheet_of(c).delaying for c in session.state.combatants.values())


def test_when_everyone_delays_the_setting_lets_the_delayers_still_act_highest_first():
    session, _ = trio(everyone_delayed="act")
    session.do(RollkeepDelay("a"))
    session.do(RollkeepDelay("b"))
    session.do(NextTurn())  # c's turn taken
    assert session.state.round == 1 and session.state.current == "a"
    with pytest.raises(RulesError, match="must act now or forfeit"):
        session.do(NextTurn())
    session.do(RollkeepActNow("a"))
    session.do(NextTurn())
    assert session.state.current == "b"
    session.do(RollkeepForfeit("b"))
    assert session.state.round == 2 and session.state.current == "a"


def test_a_delayer_is_offered_its_turn_after_every_turn_taken_and_may_keep_waiting():
    session, _ = trio()
    session.do(RollkeepDelay("a"))
    assert session.state.current == "b"
    with pytest.raises(RulesError, match="when the turn under way ends"):
        session.do(RollkeepActNow("a"))
    with pytest.raises(RulesError, match="it is not A's turn"):
        session.do(RollkeepDelay("a"))
    session.do(NextTurn())  # b's turn taken: a is offered its turn
    assert session.state.current == "a"
    session.do(NextTurn())  # passing the offer keeps it waiting; c acts
    assert session.state.current == "c"
    assert sheet_of(session.state.combatants["a"]).delaying
    session.do(NextTurn())  # c was the lowest: a must act now or forfeit
    assert session.state.current == "a"
    session.do(RollkeepActNow("a"))
    session.do(NextTurn())
    assert session.state.round == 2


def test_a_turn_cut_short_by_its_combatant_leaving_offers_the_delayer_next():
    session, _ = trio()
    session.do(RollkeepDelay("a"))
    session.do(RemoveCombatants(["b"]))
    assert session.entries[-1].label == "B leaves"
    assert session.state.current is None
    assert session.ruleset.turn_now(session.state).upcoming == ("a", "c")
    session.do(NextTurn())
    assert session.state.current == "a", "b's turn is over: a is offered its turn"
    session.do(NextTurn())  # a keeps waiting; c acts
    assert session.state.current == "c"


def test_an_offered_delayer_leaving_takes_no_turn_from_anyone():
    session, _ = trio()
    session.do(RollkeepDelay("a"))
    session.do(NextTurn())
    assert session.state.current == "a"
    session.do(RemoveCombatants(["a"]))
    assert session.state.acted == {"b"}
    session.do(NextTurn())
    assert session.state.current == "c"


def test_end_round_takes_their_turns_from_the_delayers():
    session, _ = trio()
    session.do(RollkeepDelay("a"))
    session.do(EndRound())
    assert events_of(session, Forfeited)[0].combatant_ids == ("a",)
    assert session.state.round == 2 and session.state.current == "a"


def test_end_round_ends_the_turn_under_way_as_one_taken_and_leaves_an_offered_one_untaken():
    roster = [
        wall(),
        samurai("foe", "Foe", initiative_override=20, weapons=(KATANA,)),
        samurai("late", "Late", initiative_override=10, weapons=(KATANA,)),
    ]
    roller, faces = scripted()
    session = Session(make_ruleset("rollkeep"), roster, roller=roller)
    session.do(StartFight())
    faces.add(9, 8, 4, 1, 1)  # the wall's Full Defense roll: 5k3 = 21
    session.do(EndRound())
    assert events_of(session, FullDefenseRolled)[0].roll.total == 21
    assert events_of(session, TurnEnded) == [TurnEnded("wall")]
    assert (session.state.round, session.state.current) == (2, "wall")
    session.do(RollkeepDelay("wall"))
    session.do(NextTurn())  # the foe's turn taken: the wall is offered its delayed turn
    assert session.state.current == "wall"
    session.do(EndRound())
    assert events_of(session, FullDefenseRolled) == []
    assert events_of(session, TurnEnded) == []
    assert events_of(session, Forfeited)[0].combatant_ids == ("wall",)
    assert (session.state.round, session.state.current) == (3, "wall")


def test_undo_brings_a_delayer_back_to_its_turn():
    session, _ = trio()
    session.do(RollkeepDelay("a"))
    session.undo()
    assert session.state.current == "a"
    assert not sheet_of(session.state.combatants["a"]).delaying
    session.redo()
    assert session.state.current == "b"


def test_a_drag_later_is_a_delay_and_the_words_say_so_before_the_drop():
    session, faces = trio()
    ruleset, state = session.ruleset, session.state
    answer = ruleset.drag_answer(state, "a", 2)
    assert answer.intent == RollkeepDelay("a")
    assert answer.text == "Delay A: B takes the next turn; A may act after it"
    assert ruleset.drag_answer(state, "a", 0).intent is None
    assert ruleset.drag_answer(state, "a", 0).text == "No change"
    earlier = ruleset.drag_answer(state, "c", 0)
    assert earlier.intent is None and "cannot move earlier" in earlier.text
    later = ruleset.drag_answer(state, "b", 2)
    assert later.intent is None and "not B's turn" in later.text
    session.do(answer.intent)
    faces.add(1, 1)  # B attacks first: it can no longer delay this turn
    session.do(RollkeepAttack("b", 0, "c"))
    assert "already acted" in ruleset.drag_answer(session.state, "b", 2).text
    with pytest.raises(RulesError, match="already acted this turn"):
        session.do(RollkeepDelay("b"))
    session.undo()
    session.do(RollkeepDelay("b"))
    with pytest.raises(RulesError, match="lowest left"):
        session.do(RollkeepDelay("c"))
    with pytest.raises(RulesError, match="Initiative Score sets the order"):
        session.do(MoveInOrder("c", 0))


def test_ties_go_to_reflexes_then_insight_rank_then_a_d10_roll_off():
    roster = [
        samurai("low", "Low", initiative_override=20, reflexes=2),
        samurai("quick", "Quick", initiative_override=20, reflexes=3),
        samurai("wise", "Wise", initiative_override=20, reflexes=2, insight_rank=2),
        samurai("twin", "Twin", initiative_override=20, reflexes=2),
    ]
    roller, faces = scripted(4, 4, 3, 8)  # Low and Twin tie 4-4, then 3-8
    session = Session(make_ruleset("rollkeep"), roster, roller=roller)
    session.do(StartFight())
    assert session.state.order == ("quick", "wise", "twin", "low")
    rolled = events_of(session, RollOff)
    assert [[r.roll.total for r in e.rolls] for e in rolled] == [[4, 4], [3, 8]]
    assert faces.faces == []
    by_table = Session(make_ruleset("rollkeep", {"initiative_tie": "table_order"}), roster)
    by_table.do(StartFight())
    assert by_table.state.order == ("quick", "wise", "low", "twin")


def test_full_defense_adds_half_its_roll_rounded_up_until_the_next_turn():
    roster = [
        wall(),
        samurai("foe", "Foe", initiative_override=10, weapons=(KATANA,)),
    ]
    roller, faces = scripted()
    session = Session(make_ruleset("rollkeep"), roster, roller=roller)
    session.do(StartFight())
    walls = lambda: sheet_of(session.state.combatants["wall"])  # noqa: E731
    assert armor_tn(walls()) == 20
    with pytest.raises(RulesError, match="takes no actions"):
        session.do(RollkeepAttack("wall", 0, "foe"))
    faces.add(9, 8, 4, 1, 1)  # Defense / Reflexes: 5k3 = 21, half rounded up 11
    session.do(NextTurn())
    assert events_of(session, FullDefenseRolled)[0].roll.total == 21
    assert walls().full_defense_bonus == 11 and armor_tn(walls()) == 31
    session.do(NextTurn())  # the foe's turn ends; round 2: the wall's next turn
    assert session.state.current == "wall"
    assert armor_tn(walls()) == 20
    session.do(RollkeepChooseStance("wall", Stance.ATTACK))
    faces.add(5, 5, 1, 1, 1, 1, 1)  # no Full Defense roll now; an attack: 2k2 (unskilled)
    session.do(NextTurn())
    assert walls().full_defense_bonus == 0


def test_center_gives_ten_initiative_and_one_k_one_plus_void_on_one_roll_next_round():
    roster = [
        samurai("monk", "Monk", initiative_override=15, void=3, weapons=(KATANA,)),
        samurai("foe", "Foe", initiative_override=20, weapons=(KATANA,)),
    ]
    roller, faces = scripted()
    session = Session(make_ruleset("rollkeep"), roster, roller=roller)
    session.do(RollkeepChooseStance("monk", Stance.CENTER))
    session.do(StartFight())
    session.do(NextTurn())
    session.do(NextTurn())
    assert session.state.round == 2
    monk = lambda: sheet_of(session.state.combatants["monk"])  # noqa: E731
    assert score(monk()) == 25 and session.state.order == ("monk", "foe")
    session.do(RollkeepChooseStance("monk", Stance.ATTACK))
    # Agility 2, unskilled: 2k2, +1k1 and +3 from Center: 3k3 + 3.
    faces.add(1, 1, 1)
    session.do(RollkeepAttack("monk", 0, "foe"))
    attack = session.entries[session.cursor - 1].events[0]
    assert (attack.roll.dice, attack.roll.kept, attack.roll.modifier) == (3, 3, 3)
    assert attack.used_center and not monk().center_roll
    faces.add(1, 1)
    session.do(RollkeepAttack("monk", 0, "foe"))
    attack = session.entries[session.cursor - 1].events[0]
    assert (attack.roll.dice, attack.roll.kept, attack.roll.modifier) == (2, 2, 0)
    session.do(NextTurn())
    session.do(NextTurn())
    assert score(monk()) == 15 and session.state.order == ("foe", "monk")


def test_wound_ranks_fill_from_earth_and_past_out_kill():
    assert [wound_state(w, 2).name for w in (0, 10, 11, 14, 15, 18, 34, 35, 38, 39)] == [
        "Healthy",
        "Healthy",
        "Nicked",
        "Nicked",
        "Grazed",
        "Grazed",
        "Down",
        "Out",
        "Out",
        "Dead",
    ]
    assert [wound_state(w, 3).penalty for w in (15, 16, 22, 28, 34, 40, 46)] == [
        0,
        3,
        5,
        10,
        15,
        20,
        40,
    ]
    assert death_at(2) == 39


def test_out_combatants_lose_their_turns_and_can_be_healed_back():
    session, _ = trio()
    session.do(ApplyDamage(("b",), 35))
    b = session.state.combatants["b"]
    assert b.down and sheet_of(b).wound.name == "Out"
    session.do(NextTurn())
    assert session.state.current == "c"
    session.do(ApplyDamage(("c",), 39))
    assert sheet_of(session.state.combatants["c"]).wound.dead
    log = session.describe_entry(session.cursor - 1)
    assert log == ("C takes 39 wounds (0 → 39, Healthy → Dead): dead",)


def test_a_newcomer_rolls_initiative_and_takes_a_turn_this_round():
    session, faces = trio()
    faces.add(9, 9, 9)  # (1 + 2)k2 = 18
    session.do(AddCombatants((samurai("d", "D"),)))
    assert score(sheet_of(session.state.combatants["d"])) == 18
    assert session.state.order == ("a", "b", "d", "c")
    session.do(NextTurn())
    session.do(NextTurn())
    assert session.state.current == "d"


def test_the_table_types_a_score_a_stance_and_wounds():
    roster = [samurai("a", "A", weapons=(KATANA,)), samurai("b", "B")]
    session = Session(make_ruleset("rollkeep"), roster, roller=Roller(random.Random(3)))
    ruleset = session.ruleset
    session.do(ruleset.edit_intent("a", "stance", "Full Defense"))
    assert ruleset.cell_value(session.state, "a", "stance") == "Full Defense"
    session.do(ruleset.edit_intent("b", "initiative", "44"))
    session.do(StartFight())
    assert ruleset.cell_value(session.state, "b", "initiative") == "44 (typed)"
    assert session.state.order[0] == "b"
    with pytest.raises(RulesError, match="before initiative"):
        session.do(EditCell("a", "stance", "Attack"))
    session.do(EditCell("a", "wounds", 11))
    assert ruleset.cell_value(session.state, "a", "wound_rank") == "Nicked (TN +3)"
    assert ruleset.cell_value(session.state, "a", "armor_tn") == 15
    with pytest.raises(RulesError, match="stance must be one of"):
        session.do(EditCell("a", "stance", "Sideways"))
    resources = ruleset.resources(session.state, "a")
    assert [r.text for r in resources] == ["15 (Full Defense stance)"]
    assert [(r.current, r.maximum) for r in resources] == [(15, None)]
    assert session.state.combatants["a"].sheet.health() == (27, 38)


def test_every_setting_is_titled_for_the_new_fight_form_and_bad_ones_are_refused():
    info = msgspec.json.schema(RollkeepSettings)
    fields = info["$defs"]["RollkeepSettings"]["properties"]
    assert set(fields) == {
        "leftover_die_counts",
        "initiative_tie",
        "everyone_delayed",
        "center_roll_bonus",
    }
    assert all(f.get("title") and f.get("description") for f in fields.values())
    with pytest.raises(RulesError, match="Bad rollkeep settings"):
        make_ruleset("rollkeep", {"everyone_delayed": "sometimes"})
    assert make_ruleset("rollkeep", {"leftover_die_counts": True}).settings.leftover_die_counts


def test_a_combatant_of_another_round_system_is_refused():
    from uwr_sheets import uwr_combatant

    with pytest.raises(RulesError, match="no roll-and-keep sheet"):
        Session(make_ruleset("rollkeep"), [uwr_combatant(id="u", name="U", side=Side.ENEMY)])


def test_before_the_skirmish_no_turn_command_is_taken_and_each_says_why():
    roster = [samurai(cid, cid.title(), weapons=(KATANA,)) for cid in ("a", "b")]
    session = Session(make_ruleset("rollkeep"), roster, roller=scripted()[0])
    for intent in (
        NextTurn(),
        EndRound(),
        RollkeepDelay("a"),
        RollkeepActNow("a"),
        RollkeepForfeit("a"),
        RollkeepAttack("a", 0, "b"),
    ):
        with pytest.raises(RulesError, match=r"^Start the skirmish first$"):
            session.do(intent)
    assert session.entries == ()


def test_the_round_ends_at_the_gms_word_even_when_the_delayer_offered_must_act():
    session, _ = trio(everyone_delayed="act")
    session.do(RollkeepDelay("a"))
    session.do(RollkeepDelay("b"))
    session.do(NextTurn())  # c's turn taken: a, offered its turn, must act now or forfeit
    assert session.state.current == "a"
    assert session.ruleset.round_refusal(session.state, NextTurn()) == (
        "Nobody is left to act: A must act now or forfeit the turn"
    )
    assert session.ruleset.round_refusal(session.state, EndRound()) is None
    session.do(EndRound())
    assert session.state.round == 2


def test_the_turn_commands_name_their_combatant_in_the_journal():
    for last, word in (
        (RollkeepActNow("a"), "A acts now"),
        (RollkeepForfeit("a"), "A forfeits the turn"),
    ):
        session, _ = trio()
        assert session.do(RollkeepDelay("a")).label == "A delays"
        session.do(NextTurn())  # b's turn taken: a is offered its turn
        assert session.do(last).label == word


def test_a_stance_already_taken_is_refused_in_its_name():
    session, _ = trio()
    while session.state.round == 1:
        session.do(NextTurn())
    with pytest.raises(RulesError, match=r"^A is already in the Attack stance$"):
        session.do(RollkeepChooseStance("a", Stance.ATTACK))
    assert session.do(RollkeepChooseStance("a", Stance.DEFENSE)).label == "A: Defense stance"


def test_a_delayer_who_acts_now_keeps_its_armor_tn():
    session, _ = trio()
    tn = armor_tn(sheet_of(session.state.combatants["a"]))
    session.do(RollkeepDelay("a"))
    session.do(NextTurn())  # b's turn taken: a is offered its turn
    session.do(RollkeepActNow("a"))
    a = sheet_of(session.state.combatants["a"])
    assert (a.delaying, a.full_defense_bonus, armor_tn(a)) == (False, 0, tn)
    assert session.state.current == "a"


def replayed_with(session: Session, event: Event) -> Session:
    """The fight ``session`` recorded, replayed from its journal with ``event`` recorded after."""
    entries = [*session.entries, JournalEntry("recorded", (event,))]
    return Session(session.ruleset, session.roster, entries=entries, cursor=len(entries))


def test_a_recorded_act_now_replays_only_for_the_delayer_offered_its_turn():
    session, _ = trio()
    session.do(RollkeepDelay("a"))  # b's turn: a waits, not yet offered its turn
    with pytest.raises(RulesError, match="A has no delayed turn offered"):
        replayed_with(session, Returned("a"))
    with pytest.raises(RulesError, match="B has no delayed turn offered"):
        replayed_with(session, Returned("b"))
    session.do(NextTurn())  # b's turn taken: a is offered its turn
    state = replayed_with(session, Returned("a")).state
    assert state.current == "a" and not sheet_of(state.combatants["a"]).delaying


def test_the_full_defense_bonus_is_kept_only_by_choosing_full_defense():
    roster = [
        samurai("wall", "Wall", stance=Stance.ATTACK, full_defense_bonus=8),
        samurai("foe", "Foe"),
    ]
    session = Session(make_ruleset("rollkeep"), roster)
    bonus = lambda: sheet_of(session.state.combatants["wall"]).full_defense_bonus  # noqa: E731
    session.do(RollkeepChooseStance("wall", Stance.FULL_DEFENSE))
    assert bonus() == 8
    session.do(RollkeepChooseStance("wall", Stance.DEFENSE))
    assert bonus() == 0
