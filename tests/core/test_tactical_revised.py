"""The tactical rules of RULES.md section 3, cell for cell: the countdown stops
on a busy combatant's own count, AP lost by waiting are lost and not spent, a base typed at a
round's start moves the action carried into it, an interruption loses the progress unless the
setting says otherwise, and every number or name beyond its bound is refused in the GM's
words."""

import json

import msgspec
import pytest
from tactical_fights import fighter, sheet, tactical_session

from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import (
    AddCondition,
    EditCell,
    EndRound,
    NextTurn,
    RemoveCondition,
    RulesError,
    StartFight,
)
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.catalog import Pace, shipped_actions
from uwr_desktop.core.rulesets.tactical.events import (
    CountReached,
    Declared,
    InstantTaken,
    Interrupted,
)
from uwr_desktop.core.rulesets.tactical.intents import (
    MoveMode,
    TacticalDeclare,
    TacticalEditCatalog,
    TacticalInterrupt,
    TacticalMove,
    TacticalRemoveCounter,
    TacticalResolve,
    TacticalSetCounter,
    TacticalShorten,
)
from uwr_desktop.core.rulesets.tactical.settings import Interruption
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter


def last_line(session: Session) -> str:
    return session.describe_entry(len(session.entries) - 1)[-1]


def cell(session: Session, cid: str, key: str) -> object:
    return session.ruleset.cell_value(session.state, cid, key)


def resource(session: Session, cid: str, key: str) -> str:
    return next(r.text for r in session.ruleset.resources(session.state, cid) if r.key == key)


def count(session: Session) -> int | None:
    return part_of(session.state).count


# --- the countdown stops on a busy combatant's own count -------------------------------------


def loading_alone(**settings: object) -> Session:
    """A (base 12) alone starts loading a heavy crossbow (16 AP) on 32 in round 1."""
    session = tactical_session([fighter("a")], [6, 6], **settings)
    session.do(StartFight())
    session.do(NextTurn())
    assert count(session) == 32
    session.do(TacticalDeclare("a", "Load heavy crossbow"))
    assert cell(session, "a", "action") == "Load heavy crossbow 16 AP · 32 → next round"
    assert session.describe_entry(session.cursor - 1) == (
        "A declares Load heavy crossbow (16 AP) on 32, resolving next round",
    )
    assert cell(session, "a", "ap") == "0/4"
    return session


def test_a_load_alone_stops_the_countdown_on_its_own_count_every_round():
    session = loading_alone()
    session.do(NextTurn())
    labels = [session.entries[-1].label]
    for _ in range(2):
        session.do(NextTurn())  # upkeep
        session.do(NextTurn())  # the next round's start
        assert session.state.phase == Phase.INITIATIVE
        session.do(NextTurn())  # not straight to upkeep: A's own count
        labels.append(session.entries[-1].label)
        # Base 12 + 5 x 0 AP left: nothing resolves, but the load may be interrupted here.
        assert (session.state.phase, count(session)) == (Phase.RESOLUTION, 12)
        assert rules.resolving(session.state, session.ruleset.settings.tie_order) == []
        assert rules.on_own_count(session.state) == ["a"]
        assert cell(session, "a", "ap") == "0/4"
    assert labels == ["Count 12", "Round 2: count 12", "Round 3: count 12"]
    session.do(NextTurn())
    session.do(NextTurn())
    session.do(NextTurn())  # round 4: the last 4 AP resolve it on 12
    assert count(session) == 12
    assert rules.resolving(session.state, session.ruleset.settings.tie_order) == ["a"]
    assert rules.on_own_count(session.state) == []  # it resolves here


def interrupted_in_round_three(**settings: object) -> Session:
    session = loading_alone(**settings)
    for _ in range(2):
        session.do(NextTurn())  # count 12
        session.do(NextTurn())  # upkeep
        session.do(NextTurn())  # next round
    assert session.state.round == 3
    session.do(NextTurn())
    assert count(session) == 12
    return session


def test_interrupted_on_its_own_count_the_load_loses_its_progress_by_default():
    session = interrupted_in_round_three()
    assert session.ruleset.settings.interruption is Interruption.LOSE
    session.do(TacticalInterrupt("a", keep_progress=True))
    assert sheet(session, "a").progress is None
    assert last_line(session) == "A's Load heavy crossbow is interrupted on 12 (4 AP spent)"
    assert (sheet(session, "a").now.ap, sheet(session, "a").now.spent) == (0, 4)


def test_interrupted_alone_the_keep_and_ask_settings_keep_twelve_of_sixteen():
    for settings, keep in (({"interruption": "keep"}, False), ({"interruption": "ask"}, True)):
        session = interrupted_in_round_three(**settings)
        session.do(TacticalInterrupt("a", keep_progress=keep))
        kept = sheet(session, "a").progress
        assert (kept.name, kept.ap, kept.paid) == ("Load heavy crossbow", 16, 12)
        assert last_line(session) == (
            "A's Load heavy crossbow is interrupted on 12 (4 AP spent; 12 of 16 AP kept)"
        )
    asked = interrupted_in_round_three(interruption="ask")
    asked.do(TacticalInterrupt("a", keep_progress=False))
    assert sheet(asked, "a").progress is None


def test_with_a_bystander_on_32_the_load_is_interrupted_there_too():
    roster = [fighter("a"), fighter("b", quickness=1)]
    session = tactical_session(roster, [6, 6, 5, 6], interruption="ask")
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("a", "Load heavy crossbow"))
    session.do(TacticalDeclare("b", "Dodge"))  # resolves on 12, A's own count
    session.do(NextTurn())
    session.do(TacticalResolve())
    session.do(NextTurn())
    session.do(NextTurn())  # round 2
    session.do(NextTurn())
    assert count(session) == 32
    session.do(TacticalInterrupt("a", keep_progress=True))
    assert sheet(session, "a").progress.paid == 4
    assert sheet(session, "a").now.ap == 4  # none of round 2's AP spent yet


def test_a_short_action_adds_no_stop_its_own_count_is_where_it_resolves():
    session = tactical_session([fighter("hauser", quickness=1)], [6, 8])  # base 15
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("hauser", "Melee attack", ap=3))
    assert rules.actual(sheet(session, "hauser")) == 20
    session.do(NextTurn())
    assert count(session) == 20


# --- waiting: AP lost, not spent, and shown as soon as they are lost -------------------------


def waiting_vex() -> Session:
    """V (base 10, actual 30) declares nothing; B (base 18) dodges on 38, resolving on 18."""
    session = tactical_session([fighter("v"), fighter("b")], [5, 5, 9, 9])
    session.do(StartFight())
    session.do(NextTurn())
    assert count(session) == 38
    session.do(TacticalDeclare("b", "Dodge"))
    return session


def test_ap_lost_by_waiting_show_at_each_count_they_are_lost():
    session = waiting_vex()
    seen = []
    for _ in range(4):
        session.do(NextTurn())
        seen.append((count(session), cell(session, "v", "ap"), resource(session, "v", "ap")))
    assert seen == [
        (30, "4/4", "4/4"),
        (25, "3/4", "3/4 (1 lost waiting)"),
        (20, "2/4", "2/4 (2 lost waiting)"),
        (18, "2/4", "2/4 (2 lost waiting)"),
    ]
    lines = [session.describe_entry(index)[-1] for index in range(len(session.entries))]
    assert "Count 25; lost by waiting: V 1 AP" in lines
    assert sheet(session, "v").now.spent == 0


def test_waiting_from_30_leaves_3_ap_on_25_and_22_and_none_on_10():
    """V (base 10, actual 30) declares nothing; B (base 12) attacks from 32, resolving on 22;
    C (base 10, Quickness 1) dodges from 30, resolving on 10. On 22, 8 counts past its actual
    initiative, V has lost 1 AP; on 10, 20 counts past it, all 4."""
    roster = [fighter("v"), fighter("b"), fighter("c", quickness=1)]
    session = tactical_session(roster, [5, 5, 6, 6, 4, 5])
    session.do(StartFight())
    session.do(NextTurn())
    assert count(session) == 32
    session.do(TacticalDeclare("b", "Melee attack", ap=2))
    session.do(NextTurn())
    assert count(session) == 30
    session.do(TacticalDeclare("c", "Dodge"))
    left = {}
    while session.state.phase == Phase.RESOLUTION:
        left[count(session)] = sheet(session, "v").now.ap
        if rules.resolving(session.state, session.ruleset.settings.tie_order):
            session.do(TacticalResolve())
        else:
            session.do(NextTurn())
    assert (left[30], left[25], left[22], left[10]) == (4, 3, 3, 0)
    assert sheet(session, "v").now.spent == 0


def test_a_stun_on_18_after_waiting_ticks_ap_lost_by_waiting_are_not_spent():
    session = waiting_vex()
    while count(session) != 18:
        session.do(NextTurn())
    session.do(AddCondition(["v"], Condition("Stunned", 2)))
    assert sheet(session, "v").now.stun_spent == 0
    assert last_line(session) == "V stunned after 0 AP this round (ticks at upkeep)"
    session.do(AddCondition(["v"], Condition("Staggered")))
    session.do(TacticalResolve())
    session.do(NextTurn())  # 15: V's last chance to declare
    assert count(session) == 15
    session.do(NextTurn())
    assert session.state.phase == Phase.UPKEEP
    assert [c.name for c in session.state.combatants["v"].conditions] == ["Stunned"]
    assert session.state.combatants["v"].conditions[0].rounds == 1
    # The countdown's end took V's last AP: shown, and not spent.
    assert sheet(session, "v").now.ap == 0
    assert (sheet(session, "v").now.waited, sheet(session, "v").now.spent) == (4, 0)
    assert session.describe_entry(len(session.entries) - 1)[0] == (
        "Upkeep, round 1; lost by waiting: V 1 AP"
    )


def test_a_declaration_after_waiting_pays_from_the_ap_left():
    session = waiting_vex()
    while count(session) != 20:
        session.do(NextTurn())
    with pytest.raises(RulesError, match="V has 2 AP left this round: shorten Melee attack"):
        session.do(TacticalDeclare("v", "Melee attack"))
    session.do(TacticalDeclare("v", "Melee attack", ap=2))
    now = sheet(session, "v").now
    assert (now.ap, now.waited, now.action.resolves_at) == (0, 2, 10)
    assert session.describe_entry(session.cursor - 1) == (
        "V declares Melee attack (2 AP) on 20, resolving on 10 (-50)",
    )


# --- a base typed at a round's start moves the action carried into it ------------------------


def reloading(**settings: object) -> Session:
    """A (base 15) declares Reload (6 AP) on 35 in round 1; round 2 starts."""
    session = tactical_session([fighter("a")], [7, 8, 7, 7], **settings)
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("a", "Reload"))
    session.do(NextTurn())  # A's own count, 15
    session.do(NextTurn())  # upkeep
    session.do(NextTurn())  # round 2
    assert session.state.phase == Phase.INITIATIVE
    return session


def test_a_base_typed_at_round_two_start_moves_the_reload_carried_into_it():
    session = reloading()
    assert cell(session, "a", "action") == "Reload 6 AP, 4 paid · 35 → 25"
    session.do(EditCell("a", "initiative", 8))
    assert cell(session, "a", "initiative") == 8
    assert cell(session, "a", "action") == "Reload 6 AP, 4 paid · 28 → 18"
    assert last_line(session) == ("A's base initiative set to 8; Reload 6 AP, 4 paid · 28 → 18")
    slot = next(s for s in session.ruleset.timeline(session.state) if s.key == "a@action")
    assert (slot.position, slot.span_end) == (28, 18)
    session.do(NextTurn())
    assert count(session) == 18
    assert rules.resolving(session.state, session.ruleset.settings.tie_order) == ["a"]
    session.undo()
    session.do(EditCell("a", "initiative", ""))  # back to the roll: 15
    assert cell(session, "a", "action") == "Reload 6 AP, 4 paid · 35 → 25"


def test_a_base_typed_as_zero_counts_the_carried_reload_from_zero():
    session = reloading()
    session.do(EditCell("a", "initiative", 0))
    assert cell(session, "a", "initiative") == 0
    # Declared on 0 + 5 x 4, resolving on 0 + 5 x 2 AP left.
    assert cell(session, "a", "action") == "Reload 6 AP, 4 paid · 20 → 10"
    slot = next(s for s in session.ruleset.timeline(session.state) if s.key == "a@action")
    assert (slot.position, slot.span_end) == (20, 10)


def test_the_journal_names_a_typed_base_and_a_return_to_the_roll():
    session = reloading()
    assert session.do(EditCell("a", "initiative", 8)).label == "A: base initiative 8"
    assert session.do(EditCell("a", "initiative", "")).label == "A: back to the roll"
    assert cell(session, "a", "initiative") == 15


def test_with_reroll_every_round_the_typed_base_overrides_the_new_roll():
    session = reloading(initiative_every_round=True)
    assert sheet(session, "a").base == 14
    assert cell(session, "a", "action") == "Reload 6 AP, 4 paid · 34 → 24"
    session.do(EditCell("a", "initiative", 8))
    assert cell(session, "a", "action") == "Reload 6 AP, 4 paid · 28 → 18"


def test_a_base_typed_at_upkeep_counts_from_the_next_round_start():
    session = tactical_session([fighter("a")], [7, 8])
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("a", "Reload"))
    session.do(NextTurn())
    session.do(NextTurn())
    assert session.state.phase == Phase.UPKEEP
    session.do(EditCell("a", "initiative", 8))
    assert session.entries[-1].events[-1].action is None
    session.do(NextTurn())
    assert cell(session, "a", "action") == "Reload 6 AP, 4 paid · 28 → 18"


# --- the interruption setting and the files written before it changed ------------------------


def test_new_fights_lose_the_progress_and_old_files_keep_what_they_chose():
    assert make_ruleset("tactical").settings.interruption is Interruption.LOSE
    session = tactical_session([fighter("a")], [6, 6], interruption="ask")
    document = json.loads(encode_encounter(session))
    assert document["schema_version"] == 8
    assert document["settings"]["interruption"] == "ask"

    def opened(schema: int, settings: dict[str, object]) -> str:
        data = json.dumps({**document, "schema_version": schema, "settings": settings})
        return decode_encounter(data.encode()).ruleset.settings.interruption.value

    others = {k: v for k, v in document["settings"].items() if k != "interruption"}
    for chosen in ("ask", "keep", "lose"):
        assert opened(2, {**others, "interruption": chosen}) == chosen
    # Schema 2 wrote no value for the rules' default, which was "ask" then.
    assert opened(2, others) == "ask"
    assert opened(3, others) == "lose"


# --- limits: refused where typed, in the GM's words, never clamped ---------------------------


def test_a_pace_whose_name_cannot_take_prone_or_backwards_is_refused_at_the_move():
    session = tactical_session([fighter("a"), fighter("b")], [5, 5, 4, 4])
    session.do(StartFight())
    long_name = "P" * MAX_NAME_LENGTH
    session.do(TacticalEditCatalog(shipped_actions(), (Pace(long_name, -10),)))
    for mode in (MoveMode.PRONE, MoveMode.BACKWARDS):
        with pytest.raises(RulesError, match=f"Moving {mode.value} is recorded as the pace's name"):
            session.do(TacticalMove("a", long_name, mode))
    assert sheet(session, "a").now.pace == ""
    session.do(TacticalMove("a", long_name))
    assert sheet(session, "a").now.pace == long_name
    fits = "P" * (MAX_NAME_LENGTH - len(", backwards"))
    session.do(TacticalEditCatalog(shipped_actions(), (Pace(fits, -10),)))
    session.do(TacticalMove("b", fits, MoveMode.BACKWARDS))
    assert len(sheet(session, "b").now.pace) == MAX_NAME_LENGTH
    # Whoever moved can still be damaged, given a condition, edited; the round reaches upkeep.
    session.do(EditCell("b", "bleeding", 2))
    session.do(AddCondition(["b"], Condition("Dazed", 1)))
    session.do(NextTurn())
    while session.state.phase != Phase.UPKEEP:
        session.do(NextTurn())
    assert sheet(session, "b").hits == 48


def test_a_penalty_beyond_its_bound_is_refused_at_the_move_not_clamped():
    session = tactical_session([fighter("a")], [5, 5])
    session.do(StartFight())
    session.do(TacticalEditCatalog(shipped_actions(), (Pace("Flee", -1000), Pace("Run", -250))))
    with pytest.raises(
        RulesError,
        match=r"^Moving prone at Flee would give -1000 x 4 = -4000; "
        r"a penalty goes down to -1000 at most$",
    ):
        session.do(TacticalMove("a", "Flee", MoveMode.PRONE))
    with pytest.raises(RulesError, match="-1000 x 2 = -2000"):
        session.do(TacticalMove("a", "Flee", MoveMode.BACKWARDS))
    session.do(TacticalMove("a", "Run", MoveMode.PRONE))
    assert sheet(session, "a").now.pace_penalty == -1000
    session.do(TacticalMove("a", "Flee"))
    assert sheet(session, "a").now.pace_penalty == -1000


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("quickness", 1001, "The Quickness bonus can be at most 1000 (got 1001)"),
        ("quickness", -1001, "The Quickness bonus cannot be below -1000 (got -1001)"),
        ("penalty", 1, "The current penalty can be at most 0 (got 1)"),
        ("penalty", -1001, "The current penalty cannot be below -1000 (got -1001)"),
        ("hits", -1, "Hits cannot be negative (got -1)"),
        ("bleeding", 1_000_001, "Bleeding can be at most 1000000 (got 1000001)"),
        ("initiative", 1001, "Base initiative can be at most 1000 (got 1001)"),
        ("initiative", "-1001", "Base initiative cannot be below -1000 (got -1001)"),
    ],
)
def test_a_number_typed_beyond_its_bound_is_refused_in_the_forms_words(key, value, words):
    session = tactical_session([fighter("a")], [5, 5])
    before = session.state
    with pytest.raises(RulesError) as refused:
        session.do(EditCell("a", key, value))
    assert str(refused.value) == words
    assert session.state is before


# --- a fight recorded before the AP lost by waiting were recorded as lost ---------------------


def as_recorded_before(entries, who: str, lost: int) -> list[JournalEntry]:
    """``entries`` as an earlier version recorded them: no AP lost when a count is reached;
    all of them counted by ``who``'s first instantaneous action or declaration after."""
    recorded, owed = [], lost
    for entry in entries:
        events = []
        for event in entry.events:
            if isinstance(event, CountReached):
                events.append(CountReached(event.count, event.ties))
            elif isinstance(event, InstantTaken | Declared) and event.combatant_id == who and owed:
                events.append(msgspec.structs.replace(event, waited=owed))
                owed = 0
            else:
                events.append(event)
        recorded.append(JournalEntry(entry.label, tuple(events)))
    return recorded


@pytest.mark.parametrize("first", [["Drop item"], []])
def test_a_fight_recorded_before_waiting_was_recorded_opens_to_the_same_state(first):
    session = waiting_vex()
    while count(session) != 20:
        session.do(NextTurn())
    for action in first:
        session.do(TacticalDeclare("v", action))
    session.do(TacticalDeclare("v", "Melee attack", ap=2))
    old_entries = as_recorded_before(session.entries, "v", 2)
    assert old_entries != list(session.entries)
    old = Session(session.ruleset, session.roster, entries=old_entries, cursor=len(old_entries))
    assert sheet(old, "v").now == sheet(session, "v").now
    assert (sheet(old, "v").now.ap, sheet(old, "v").now.waited) == (0, 2)
    assert sheet(old, "v").now.spent == 0


def test_upkeep_ticks_what_follows_a_staggered_that_ends_and_names_no_stun_it_has_not():
    session = tactical_session([fighter("a"), fighter("b")], [9, 9, 1, 1])
    session.do(StartFight())
    session.do(AddCondition(["a"], Condition("Staggered")))
    session.do(AddCondition(["a"], Condition("Blessed", 2)))
    session.do(NextTurn())
    session.do(TacticalDeclare("a", "Melee attack", ap=4))
    while count(session) != 18:
        session.do(NextTurn())
    session.do(AddCondition(["b"], Condition("Dazed", 1)))  # b idle: no AP paid
    session.do(AddCondition(["a"], Condition("Dazed", 1)))  # a paid 4 AP by then
    session.do(TacticalResolve())
    session.do(AddCondition(["a"], Condition("Burning", 2)))
    session.do(RemoveCondition(["a"], "Dazed"))
    session.do(EndRound())
    line = session.describe_entry(len(session.entries) - 1)[1]
    assert line == "A Staggered ends; Blessed: 1 round left; Burning: 1 round left; B Dazed ends"


def test_a_drag_that_lengthens_an_action_says_so():
    session = tactical_session([fighter("hauser", quickness=1)], [6, 8])
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("hauser", "Melee attack", ap=2))
    assert (
        session.do(TacticalShorten("hauser", 3)).label == "Hauser: Melee attack lengthened to 3 AP"
    )
    assert (
        session.do(TacticalShorten("hauser", 2)).label == "Hauser: Melee attack shortened to 2 AP"
    )


@pytest.mark.parametrize(("action", "ap_left"), [("Drop item", 2), ("Dodge", 0)])
def test_a_fight_an_earlier_version_left_mid_count_goes_on_counting_the_ap_waited(action, ap_left):
    session = tactical_session([fighter("v"), fighter("b")], [5, 5, 9, 9], tie_order="roll_off")
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("b", "Dodge"))
    while count(session) != 20:
        session.do(NextTurn())
    old_entries = as_recorded_before(session.entries, "v", 0)
    old = Session(session.ruleset, session.roster, entries=old_entries, cursor=len(old_entries))
    assert sheet(old, "v").now.ap == 4  # nothing lost yet, as that version left it
    if action == "Dodge":
        with pytest.raises(RulesError, match="V has 2 left this round"):
            old.do(TacticalDeclare("v", action))
        old.do(TacticalDeclare("v", "Melee attack", ap=2))
    else:
        old.do(TacticalDeclare("v", action))
    now = sheet(old, "v").now
    assert (now.ap, now.waited, now.spent) == (ap_left, 2, 0)


def test_an_idle_combatants_total_penalty_is_its_own_and_its_pace():
    session = tactical_session([fighter("a", penalty=-10)], [5, 5])
    session.do(StartFight())
    assert cell(session, "a", "action_penalty") == "-10"
    session.do(TacticalMove("a", "Walk"))
    assert cell(session, "a", "action_penalty") == "-20"


def test_a_count_still_to_resolve_names_its_actions_in_tie_order():
    roster = [fighter("ann", quickness=1), fighter("ben", quickness=3)]
    session = tactical_session(roster, [5, 4, 4, 3], tie_order="table_order")
    session.do(StartFight())
    session.do(NextTurn())
    session.do(TacticalDeclare("ann", "Melee attack", ap=2))
    session.do(TacticalDeclare("ben", "Melee attack", ap=2))
    session.do(NextTurn())
    assert count(session) == 20
    with pytest.raises(RulesError) as refused:
        session.do(NextTurn())
    assert str(refused.value) == ("Resolve Ann's Melee attack, Ben's Melee attack first (count 20)")
    with pytest.raises(RulesError, match="there is no combatant with id 'nobody'"):
        session.do(TacticalResolve(["ann", "nobody"]))
    session.do(TacticalResolve(["ann"]))
    with pytest.raises(RulesError) as refused:
        session.do(TacticalResolve(["ann"]))
    assert str(refused.value) == "Ann has no action completing on count 20"
    session.do(TacticalDeclare("ann", "Ranged attack", ap=1))
    with pytest.raises(RulesError) as refused:
        session.do(TacticalResolve(["ann"]))
    assert str(refused.value) == "Ann has no action completing on count 20 (it completes on 15)"


def test_a_recorded_interruption_of_no_action_is_refused():
    session = tactical_session([fighter("a")], [5, 5])
    session.do(StartFight())
    session.do(NextTurn())
    entries = [*session.entries, JournalEntry("x", (Interrupted("a", 30, 0),))]
    with pytest.raises(RulesError, match="A has no action to interrupt"):
        Session(session.ruleset, session.roster, entries=entries, cursor=len(entries))


def test_counters_change_and_go_one_at_a_time():
    session = tactical_session([fighter("a")], [5, 5])
    for name in ("Tide", "Fire", "Smoke"):
        session.do(TacticalSetCounter(name, 1, 1))
    session.do(TacticalSetCounter("fire", 5, 2))
    assert [(c.name, c.value, c.step) for c in part_of(session.state).counters] == [
        ("Tide", 1, 1),
        ("fire", 5, 2),
        ("Smoke", 1, 1),
    ]
    session.do(TacticalRemoveCounter("Tide"))
    assert [c.name for c in part_of(session.state).counters] == ["fire", "Smoke"]
