"""The tactical rules one at a time: ties, shortening (and the timeline drag that does it),
interruptions and kept progress, waiting, instantaneous actions, movement, concentration,
parry, newcomers, edits and the settings."""

import msgspec
import pytest
from tactical_fights import fighter, sheet, tactical_session

from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    EndRound,
    Heal,
    NextTurn,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.catalog import (
    ActionType,
    Pace,
    shipped_actions,
    shipped_paces,
)
from uwr_desktop.core.rulesets.tactical.intents import (
    MoveMode,
    TacticalDeclare,
    TacticalEditCatalog,
    TacticalInterrupt,
    TacticalMove,
    TacticalParry,
    TacticalRemoveCounter,
    TacticalResolve,
    TacticalShorten,
)
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.tactical.state import Phase, catalog, pace_table, part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import SlotStatus


def started(roster: list[Combatant], faces: list[int], **settings: object):
    session = tactical_session(roster, faces, **settings)
    session.do(StartFight())
    session.do(NextTurn())
    return session


def test_tie_roll_off_is_recorded_and_orders_the_count():
    roster = [fighter("ann", quickness=1), fighter("ben", quickness=3), fighter("cat", quickness=1)]
    session = tactical_session(roster, [5, 5, 4, 4, 5, 5, 2, 9, 8, 1])
    session.do(StartFight())
    assert [sheet(session, c).base for c in ("ann", "ben", "cat")] == [11, 11, 11]
    session.do(NextTurn())
    ties = part_of(session.state).ties
    assert [(t.combatant_id, t.face) for t in ties] == [("ann", 2), ("cat", 9)]
    order = rules.declaring(session.state, session.ruleset.settings.tie_order)
    assert order == ["ben", "cat", "ann"]
    slots = [s.key for s in session.ruleset.timeline(session.state)]
    assert slots == ["ben", "cat", "ann"]
    for cid in order:
        session.do(TacticalDeclare(cid, "Melee attack", ap=2))
    session.do(NextTurn())
    assert part_of(session.state).count == 21
    assert [(t.combatant_id, t.face) for t in part_of(session.state).ties] == [
        ("ann", 8),
        ("cat", 1),
    ]
    assert rules.resolving(session.state, session.ruleset.settings.tie_order) == [
        "ben",
        "ann",
        "cat",
    ]
    session.do(TacticalResolve())
    line = session.describe_entry(len(session.entries) - 1)[0]
    assert line == (
        "On 21 together: Ben's Melee attack (-50), Ann's Melee attack (-50), "
        "Cat's Melee attack (-50) resolve"
    )


def test_table_order_ties_roll_nothing():
    roster = [fighter("ann"), fighter("ben")]
    session = started(roster, [5, 5, 5, 5], tie_order="table_order")
    assert part_of(session.state).ties == ()
    assert rules.declaring(session.state, session.ruleset.settings.tie_order) == ["ann", "ben"]


def test_shortening_within_the_range_moves_the_resolve_count_and_the_penalty():
    session = started([fighter("hauser", quickness=1)], [6, 8])
    session.do(TacticalDeclare("hauser", "Melee attack"))
    assert sheet(session, "hauser").now.action.resolves_at == 15
    session.do(TacticalShorten("hauser", 2))
    action = sheet(session, "hauser").now.action
    assert (action.ap, action.resolves_at, action.shortening_penalty) == (2, 25, -50)
    assert sheet(session, "hauser").now.ap == 2
    assert rules.action_penalty(sheet(session, "hauser")) == -50
    with pytest.raises(RulesError, match="takes 2 to 4 AP, not 1"):
        session.do(TacticalShorten("hauser", 1))
    session.do(TacticalShorten("hauser", 4))
    session.do(NextTurn())
    assert part_of(session.state).count == 15
    with pytest.raises(RulesError, match="would have resolved on count 20; the count is 15"):
        session.do(TacticalShorten("hauser", 3))


def test_a_drag_of_the_resolve_end_answers_with_the_nearest_ap_and_its_penalty():
    session = started([fighter("hauser", quickness=1)], [6, 8])
    session.do(TacticalDeclare("hauser", "Melee attack"))
    ruleset = session.ruleset
    answer = ruleset.drag_answer_at(session.state, "hauser@action", 24)
    assert answer.intent == TacticalShorten("hauser", 2)
    assert answer.text == "Shorten Melee attack to 2 AP: resolves on 25, penalty -50"
    same = ruleset.drag_answer_at(session.state, "hauser@action", 14)
    assert same.intent is None
    assert same.text.startswith("No change")
    assert ruleset.drag_answer_at(session.state, "hauser", 24) is None
    session.do(answer.intent)
    longer = ruleset.drag_answer_at(session.state, "hauser@action", 0)
    assert longer.intent == TacticalShorten("hauser", 4)
    assert "penalty 0" in longer.text


def test_a_drag_among_the_cards_sets_the_resolve_count_between_them():
    roster = [fighter("hauser", quickness=1), fighter("orc")]
    session = started(roster, [6, 8, 5, 5])  # hauser 15 (35), orc 10 (30)
    session.do(TacticalDeclare("hauser", "Melee attack"))  # 35 -> 15
    keys = [s.key for s in session.ruleset.timeline(session.state)]
    assert keys == ["hauser@action", "orc"]
    answer = session.ruleset.drag_answer(session.state, "hauser@action", 1)
    # Dropped after the orc's 30: the resolve count nearest below it is 25, at 2 AP.
    assert answer.intent == TacticalShorten("hauser", 2)
    assert "resolves on 25, penalty -50" in answer.text
    fixed = session.ruleset.drag_answer(session.state, "orc", 0)
    assert fixed.intent is None


def test_interrupting_a_round_to_round_action_keeps_or_loses_its_progress():
    # bran 10, orc 2; the GM is asked each time whether the progress is kept.
    session = started([fighter("bran"), fighter("orc")], [5, 5, 1, 1], interruption="ask")
    session.do(TacticalDeclare("bran", "Load light crossbow"))  # 30: 4 AP this round
    with pytest.raises(RulesError, match="Load light crossbow takes a fixed 8 AP"):
        session.do(TacticalShorten("bran", 6))
    session.do(NextTurn())
    session.do(TacticalDeclare("orc", "Dodge"))  # 22 -> 2
    session.do(NextTurn())
    assert part_of(session.state).count == 10  # Bran's own count
    session.do(NextTurn())
    session.do(TacticalResolve())
    session.do(NextTurn())
    session.do(NextTurn())  # round 2: the last 4 AP, resolving on 10
    session.do(NextTurn())
    assert part_of(session.state).count == 22
    # By 22, round 2's first AP of the load is spent: 5 of 8.
    session.do(TacticalInterrupt("bran", keep_progress=True))
    kept = sheet(session, "bran").progress
    assert (kept.name, kept.ap, kept.paid) == ("Load light crossbow", 8, 5)
    assert (sheet(session, "bran").now.ap, sheet(session, "bran").now.spent) == (3, 1)
    line = session.describe_entry(len(session.entries) - 1)[0]
    assert line == ("Bran's Load light crossbow is interrupted on 22 (1 AP spent; 5 of 8 AP kept)")
    session.undo()
    session.do(TacticalInterrupt("bran", keep_progress=False))
    assert sheet(session, "bran").progress is None
    session.do(TacticalDeclare("bran", "Load light crossbow"))
    assert sheet(session, "bran").now.action.paid == 0


def test_kept_progress_is_taken_up_again_and_the_keep_setting_needs_no_answer():
    session = started([fighter("bran"), fighter("orc")], [5, 5, 6, 6], interruption="keep")
    # orc 12: declares on 32; bran 10 on 30.
    session.do(TacticalDeclare("orc", "Dodge"))  # resolves on 12
    session.do(NextTurn())
    session.do(TacticalDeclare("bran", "Load light crossbow"))
    session.do(NextTurn())
    assert part_of(session.state).count == 12
    session.do(TacticalInterrupt("bran"))  # 30 -> 12: 3 AP spent
    assert sheet(session, "bran").progress.paid == 3
    assert sheet(session, "bran").now.ap == 1
    # His actual initiative is 15, passed: he declares now, the count has taken no AP of his.
    session.do(TacticalResolve())
    session.do(TacticalDeclare("bran", "Load light crossbow"))
    action = sheet(session, "bran").now.action
    assert (action.paid, action.this_round, action.resolves_at) == (3, 1, None)
    assert sheet(session, "bran").progress is None
    session.do(NextTurn())
    session.do(NextTurn())
    session.do(NextTurn())
    action = sheet(session, "bran").now.action
    assert (action.paid, action.this_round, action.resolves_at) == (4, 4, 10)


def test_waiting_past_the_actual_initiative_costs_one_ap_per_five_counts():
    roster = [fighter("ann"), fighter("ben")]
    session = started(roster, [9, 9, 2, 3])  # ann 18 (38), ben 5 (25)
    counts = []
    for _ in range(3):
        session.do(NextTurn())
        counts.append(part_of(session.state).count)
    # Next stops where Ann, waiting, lets another AP go by, and on Ben's count.
    assert counts == [33, 28, 25]
    assert rules.declaring(session.state, session.ruleset.settings.tie_order) == ["ann", "ben"]
    with pytest.raises(RulesError, match="Ann has 2 AP left this round: shorten Ranged attack"):
        session.do(TacticalDeclare("ann", "Ranged attack"))
    # Waited 13 counts: 2 AP gone, lost (not spent) as each count was reached.
    ann = sheet(session, "ann")
    assert (ann.now.ap, ann.now.waited, ann.now.spent) == (2, 2, 0)
    session.do(TacticalDeclare("ann", "Ranged attack", ap=2))
    ann = sheet(session, "ann")
    assert (ann.now.ap, ann.now.waited, ann.now.spent, ann.now.action.this_round) == (0, 2, 0, 2)
    assert ann.now.action.ap == 2 and ann.now.action.resolves_at == 18


def test_instantaneous_actions_from_base_plus_20_first_free_then_one_ap():
    session = started([fighter("ann"), fighter("ben")], [9, 9, 1, 1])  # ann 18, ben 2
    with pytest.raises(RulesError, match="from count 22 on"):
        session.do(TacticalDeclare("ben", "Drop item"))
    session.do(TacticalDeclare("ann", "Drop item"))
    session.do(TacticalDeclare("ann", "Melee attack", ap=2))  # 38 -> 28
    session.do(TacticalDeclare("ann", "Use shield in melee"))  # 1 AP: resolves 5 later
    ann = sheet(session, "ann")
    assert (ann.now.instants, ann.now.ap, ann.now.action.resolves_at) == (2, 1, 23)
    session.do(TacticalDeclare("ann", "Drop item"))
    with pytest.raises(RulesError, match="no AP left for a further"):
        session.do(TacticalDeclare("ann", "Drop item"))


def test_the_fastest_pace_gives_its_penalty_doubled_backwards_times_four_prone():
    session = started([fighter("ann", penalty=-10)], [5, 5])
    session.do(TacticalMove("ann", "Walk", MoveMode.BACKWARDS))
    assert (sheet(session, "ann").now.pace, sheet(session, "ann").now.pace_penalty) == (
        "Walk, backwards",
        -20,
    )
    session.do(TacticalMove("ann", "Creep"))
    assert sheet(session, "ann").now.pace_penalty == -20
    session.do(TacticalMove("ann", "Walk"))
    assert sheet(session, "ann").now.pace == "Walk, backwards"
    assert "not faster than before" in session.describe_entry(len(session.entries) - 1)[0]
    session.do(TacticalMove("ann", "Jog", MoveMode.PRONE))
    assert sheet(session, "ann").now.pace_penalty == -120
    session.do(TacticalDeclare("ann", "Melee attack", ap=3))
    assert rules.action_penalty(sheet(session, "ann")) == -10 - 25 - 120
    assert session.ruleset.cell_value(session.state, "ann", "pace") == "Jog, prone (-120)"
    with pytest.raises(RulesError, match="has no 'Flying'"):
        session.do(TacticalMove("ann", "Flying"))


def test_a_parry_before_the_fight_is_refused_in_words():
    session = tactical_session([fighter("ann"), fighter("orc")], [])
    with pytest.raises(RulesError, match=r"^A parry is declared at the start of a round, or when"):
        session.do(TacticalParry("ann", 10, ""))
    assert session.entries == ()


def test_concentration_movement_and_parry_are_recorded_for_the_round():
    session = started([fighter("ann"), fighter("orc")], [5, 5, 1, 1])
    session.do(TacticalDeclare("ann", "Hold position (swim/climb)", penalty=-20))
    assert sheet(session, "ann").now.concentrating
    assert rules.pace_penalty(sheet(session, "ann")) == -20
    with pytest.raises(RulesError, match="already concentrating"):
        session.do(TacticalDeclare("ann", "Hold position (swim/climb)"))
    with pytest.raises(RulesError, match="recorded as the round's pace"):
        session.do(TacticalDeclare("ann", "Movement"))
    with pytest.raises(RulesError, match=r"^Ann cannot parry themself$"):
        session.do(TacticalParry("ann", 30, "ann"))
    session.do(TacticalParry("ann", 30, "orc"))
    resources = {r.key: r.text for r in session.ruleset.resources(session.state, "ann")}
    assert resources["parry"] == "30 vs Orc"
    session.do(EndRound())
    session.do(NextTurn())
    assert not sheet(session, "ann").now.concentrating
    assert sheet(session, "ann").now.parry == 0


def test_a_newcomer_rolls_and_joins_the_countdown():
    session = started([fighter("ann")], [5, 5, 9, 9])
    session.do(TacticalDeclare("ann", "Dodge"))
    session.do(AddCombatants([fighter("orc")]))
    assert sheet(session, "orc").base == 18
    assert rules.declaring(session.state, session.ruleset.settings.tie_order) == ["orc"]


def test_a_newcomer_at_upkeep_waits_for_the_next_round_to_declare():
    """Joining during upkeep, even with the count the round ended on as its own, a newcomer is
    shown waiting for the next countdown, not as declaring now."""
    session = started([fighter("ann", initiative_override=30)], [])
    session.do(TacticalDeclare("ann", "Melee attack"))  # 4 AP: resolves on 30
    session.do(NextTurn())
    session.do(TacticalResolve())
    session.do(NextTurn())
    assert session.state.phase == Phase.UPKEEP
    session.do(AddCombatants([fighter("orc", initiative_override=10)]))  # 10 + 4 x 5 = 30
    assert rules.declaring(session.state, session.ruleset.settings.tie_order) == []
    orc = next(s for s in session.ruleset.timeline(session.state) if s.combatant_id == "orc")
    assert (orc.position, orc.status) == (30, SlotStatus.PENDING)


def test_base_initiative_is_typed_between_rounds_and_edits_are_checked():
    session = tactical_session([fighter("ann")], [5, 5])
    session.do(StartFight())
    session.do(EditCell("ann", "initiative", 22))
    assert sheet(session, "ann").base == 22
    assert session.ruleset.timeline(session.state)[0].position == 42
    session.do(NextTurn())
    with pytest.raises(RulesError, match="not during the countdown"):
        session.do(EditCell("ann", "initiative", 5))
    with pytest.raises(RulesError, match=r"^Hits can be at most 50 \(got 51\)$"):
        session.do(EditCell("ann", "hits", 51))
    hits = next(c for c in session.ruleset.columns(session.state) if c.key == "hits")
    assert session.ruleset.cell_column(session.state, "ann", hits).maximum == 50
    session.do(EditCell("ann", "hits", 30))
    session.do(EditCell("ann", "hits_max", 40))
    assert session.ruleset.cell_column(session.state, "ann", hits).maximum == 40
    with pytest.raises(RulesError, match=r"^Hits can be at most 40 \(got 45\)$"):
        session.do(EditCell("ann", "hits", 45))
    session.do(EditCell("ann", "bleeding", 3))
    edited = Combatant(id="ann", name="Ann", sheet=TacticalSheet(quickness=4))
    session.do(ReplaceCombatant(edited))
    assert sheet(session, "ann").quickness == 4
    assert sheet(session, "ann").base == 22
    assert sheet(session, "ann").initiative.faces == (5, 5)
    session.do(EditCell("ann", "hits", 0))
    session.do(ReplaceCombatant(edited))
    assert sheet(session, "ann").hits == 50
    with pytest.raises(RulesError, match="no counter"):
        session.do(TacticalRemoveCounter("tide"))


def test_reroll_every_round_and_bad_settings():
    session = tactical_session([fighter("ann")], [5, 5, 1, 2], initiative_every_round=True)
    session.do(StartFight())
    session.do(EditCell("ann", "initiative", 30))
    session.do(EndRound())
    session.do(NextTurn())
    assert sheet(session, "ann").base == 3
    assert sheet(session, "ann").initiative_override is None
    with pytest.raises(RulesError, match="Bad tactical settings"):
        make_ruleset("tactical", {"tie_order": "alphabetical"})
    assert session.state.phase == Phase.INITIATIVE


def test_a_combatant_of_another_round_system_is_refused():
    from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet

    other = Combatant(id="x", name="X", side=Side.ENEMY, sheet=UwrSheet())
    with pytest.raises(RulesError, match="no tactical sheet"):
        make_ruleset("tactical").initial_state([other])


def test_the_gm_edits_the_catalog_and_pace_table_of_the_fight():
    session = started([fighter("ann")], [5, 5])
    shipped = catalog(session.state)
    assert [a.name for a in shipped][:3] == [
        "Drop item",
        "Use shield in melee",
        "Shift item to other hand",
    ]
    assert [(p.name, p.penalty) for p in pace_table(session.state)][-1] == ("Dash", -100)
    spell = ActionType(name="Cast a spell", min_ap=2, max_ap=3)
    session.do(TacticalEditCatalog((*shipped, spell), (Pace("Swim", -50),)))
    session.do(TacticalDeclare("ann", "Cast a spell", ap=2))
    assert sheet(session, "ann").now.action.shortening_penalty == -25
    with pytest.raises(RulesError, match="has no 'Walk'"):
        session.do(TacticalMove("ann", "Walk"))
    session.do(TacticalMove("ann", "Swim"))
    line = session.describe_entry(2)[0]
    assert line == "Action catalog and pace table edited: 19 actions and 1 paces"
    with pytest.raises(RulesError, match="Two actions are called 'dodge'"):
        session.do(TacticalEditCatalog((*shipped, ActionType(name="dodge", min_ap=1, max_ap=1))))
    with pytest.raises(ValueError, match="min_ap 3 is above max_ap 2"):
        ActionType(name="Odd", min_ap=3, max_ap=2)
    for _ in range(3):
        session.undo()
    assert catalog(session.state) == shipped
    with pytest.raises(RulesError, match="has no 'Cast a spell'"):
        session.do(TacticalDeclare("ann", "Cast a spell"))


def test_stun_marks_count_the_ap_spent_by_then_idle_or_busy():
    session = started([fighter("ann"), fighter("ben")], [9, 9, 2, 3])  # ann 18 (38), ben 5 (25)
    session.do(TacticalDeclare("ann", "Melee attack", ap=2))  # on 38: nothing spent yet
    session.do(AddCondition(["ann"], Condition("Dazed", 1)))
    assert sheet(session, "ann").now.stun_spent == 0
    session.do(NextTurn())  # 28: ann's attack resolves
    session.do(TacticalResolve())
    session.do(NextTurn())  # 25: ben's count; ann idle, waiting since 28
    session.do(AddCondition(["ben"], Condition("Stunned", 1)))
    assert sheet(session, "ben").now.stun_spent == 0
    session.do(NextTurn())  # 23: ann, waiting since 28, lets an AP go by
    assert part_of(session.state).count == 23
    session.do(NextTurn())  # 20: ben let 5 counts go by, 1 AP lost (not spent)
    assert part_of(session.state).count == 20
    session.do(AddCondition(["ben"], Condition("Staggered")))
    assert sheet(session, "ben").now.stagger_spent == 0
    session.do(AddCondition(["ann"], Condition("Stunned", 1)))
    assert sheet(session, "ann").now.stun_spent == 2  # the attack; 8 counts waited do not count


def test_a_down_combatant_neither_declares_nor_starts_the_countdown():
    session = tactical_session([fighter("ann"), fighter("ben")], [9, 9, 2, 3])
    session.do(StartFight())
    session.do(ApplyDamage(["ann"], 50))
    session.do(NextTurn())
    assert part_of(session.state).count == 25
    assert rules.declaring(session.state, session.ruleset.settings.tie_order) == ["ben"]
    session.do(TacticalDeclare("ben", "Dodge"))
    session.do(NextTurn())
    assert part_of(session.state).count == 5
    with pytest.raises(RulesError, match=r"Ann has no action completing on count 5"):
        session.do(TacticalResolve(["ann"]))
    session.do(TacticalResolve(["ben"]))
    session.do(ApplyDamage(["ben"], 50))
    session.do(EndRound())
    session.do(NextTurn())
    session.do(NextTurn())  # nobody can act: straight to upkeep
    assert session.state.phase == Phase.UPKEEP


def test_a_lone_crossbow_load_starts_round_two_on_its_resolve_count():
    session = started([fighter("bran")], [5, 5])  # base 10
    session.do(TacticalDeclare("bran", "Load light crossbow"))
    session.do(NextTurn())
    assert part_of(session.state).count == 10  # his own count: base 10 + 5 x 0 AP left
    session.do(NextTurn())
    assert session.state.phase == Phase.UPKEEP  # nothing more in round 1
    session.do(NextTurn())
    session.do(NextTurn())
    assert part_of(session.state).count == 10
    session.do(TacticalResolve())
    assert sheet(session, "bran").now.spent == 4


def test_roll_off_ties_ignore_quickness():
    roster = [fighter("ann", quickness=1), fighter("ben", quickness=3), fighter("cat", quickness=1)]
    session = tactical_session(roster, [5, 5, 4, 4, 5, 5, 2, 9, 6], tie_order="roll_off")
    session.do(StartFight())
    session.do(NextTurn())
    faces = [(t.combatant_id, t.face) for t in part_of(session.state).ties]
    assert faces == [("ann", 2), ("ben", 9), ("cat", 6)]
    assert rules.declaring(session.state, session.ruleset.settings.tie_order) == [
        "ben",
        "cat",
        "ann",
    ]


def test_the_shipped_tables_are_the_seeds():
    costs = {entry.name: entry.cost_text for entry in shipped_actions()}
    assert costs == {
        "Drop item": "0",
        "Use shield in melee": "0",
        "Shift item to other hand": "1",
        "Draw weapon/ammo/item": "1",
        "Prone <-> Stand": "1",
        "Perception": "1-2",
        "Ranged attack": "1-3",
        "Eat or drink (herb/potion)": "2",
        "Melee attack": "2-4",
        "Get item from ground": "3",
        "Dodge": "4",
        "Mount/dismount": "4",
        "Reload": "6",
        "Load light crossbow": "8",
        "Load heavy crossbow": "16",
        "Pick lock/disarm trap": "20",
        "Hold position (swim/climb)": "C",
        "Movement": "special",
    }
    paces = [(pace.name, pace.penalty) for pace in shipped_paces()]
    assert paces == [
        ("Creep", -5),
        ("Walk", -10),
        ("Brisk", -20),
        ("Jog", -30),
        ("Run", -40),
        ("Sprint", -70),
        ("Dash", -100),
    ]


@pytest.mark.parametrize(
    ("penalty", "bonus"), [(0, 2), (-9, 2), (-10, 1), (-19, 1), (-20, 0), (-35, -1)]
)
def test_initiative_loses_one_per_full_ten_points_of_penalty(penalty, bonus):
    assert rules.initiative_spec(TacticalSheet(quickness=2, penalty=penalty)).modifier == bonus


def test_the_panels_turn_is_declaring_only_before_the_countdown():
    session = tactical_session([fighter("a"), fighter("b")], [9, 9, 2, 3])
    assert session.ruleset.turn_step(session.state) == ""
    session.do(StartFight())
    assert session.ruleset.turn_step(session.state) == "declaring"


def test_the_shared_cells_read_what_the_combatant_holds():
    hidden = msgspec.structs.replace(fighter("a"), hidden=True, notes="ambusher", alias="Shadow")
    session = tactical_session([hidden], [])
    cells = {
        key: session.ruleset.cell_value(session.state, "a", key)
        for key in ("name", "side", "hidden", "notes", "alias")
    }
    assert cells == {
        "name": "A",
        "side": "enemy",
        "hidden": True,
        "notes": "ambusher",
        "alias": "Shadow",
    }


def test_the_coming_order_ignores_the_d10s_rolled_for_the_count_now():
    roster = [fighter("ann", quickness=1), fighter("ben", quickness=3), fighter("cat", quickness=1)]
    session = tactical_session(roster, [5, 5, 4, 4, 5, 5, 2, 9])
    session.do(StartFight())
    session.do(NextTurn())  # all on 31: Cat (9) before Ann (2) there
    for cid in ("ben", "cat", "ann"):
        session.do(TacticalDeclare(cid, "Melee attack", ap=2))
    # All three resolve on 21, where Ann and Cat will roll off afresh: until then the table
    # order stands between them.
    assert session.ruleset.turn_now(session.state) == TurnNow(
        (), ("ben", "ann", "cat"), waiting_for="Nobody acts on count 31"
    )


def test_the_coming_order_names_an_idle_combatant_with_one_ap_left_and_not_one_with_none():
    session = started([fighter("ann"), fighter("ben")], [9, 9, 1, 1])  # ann 18, ben 2
    for _ in range(4):  # the first free, then one AP each
        session.do(TacticalDeclare("ann", "Drop item"))
    assert sheet(session, "ann").now.ap == 1
    # Still on 38: Ann comes next on 18 + 5 x 1.
    assert session.ruleset.turn_now(session.state) == TurnNow(
        (), ("ann", "ben"), waiting_for="Nobody acts on count 38"
    )
    session.do(NextTurn())
    assert part_of(session.state).count == 23
    assert session.ruleset.turn_now(session.state) == TurnNow(("ann",), ("ben",))
    session.do(TacticalDeclare("ann", "Drop item"))
    assert sheet(session, "ann").now.ap == 0
    assert session.ruleset.turn_now(session.state) == TurnNow(
        (), ("ben",), waiting_for="Nobody acts on count 23"
    )


def test_one_hit_taken_or_healed_is_worded_in_the_singular():
    session = tactical_session([fighter("ann")], [5, 5])
    session.do(ApplyDamage(["ann"], 1))
    assert session.describe_entry(session.cursor - 1) == ("Ann takes 1 hit (50 → 49)",)
    session.do(ApplyDamage(["ann"], 2))
    assert session.describe_entry(session.cursor - 1) == ("Ann takes 2 hits (49 → 47)",)
    session.do(Heal(["ann"], 1))
    assert session.describe_entry(session.cursor - 1) == ("Ann heals 1 hit (47 → 48)",)
