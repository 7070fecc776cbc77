"""Conditions lasting until the start or the end of a combatant's next turn, in every round
system: each ends on exactly the right turn, worded in the log, and the fight reads back,
undoes and redoes exactly."""

import json
import random
from fractions import Fraction

import msgspec
import pytest
from hands_fighters import fighter as hands_fighter
from hands_fighters import session as hands_session
from rollkeep_sheets import archer, bandit, hida, kakita
from tactical_fights import fighter as tactical_fighter
from tactical_fights import tactical_session
from turn_ties import END, START, assert_replays_exactly, last_lines, names_on, tied
from uwr_sheets import uwr_combatant

from uwr_desktop.core.condition_text import condition_chip, condition_text
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Condition, TurnTie
from uwr_desktop.core.events import CombatantsUpdated, ConditionRef, ConditionsAtTurn
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    NextTurn,
    RemoveCombatants,
    RulesError,
    StartFight,
)
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepActNow,
    RollkeepDelay,
    RollkeepForfeit,
)
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.rulesets.tactical.state import part_of
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Weapon
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)

# --- uwr: one turn each in initiative order -------------------------------------------------


def _uwr_fighter(cid: str, side: Side, grace: int):
    return uwr_combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        attributes=Attributes(brawn=Fraction(3), grace=Fraction(grace)),
        weapons=(Weapon(name="Sword", upr_type="Rapid"),),
        vitality=5,
        vitality_max=5,
    )


def uwr_fight() -> Session:
    """Ana > Bo > Cy in turn order, Ana's turn under way."""
    roster = (
        _uwr_fighter("ana", Side.PLAYER, 7),
        _uwr_fighter("bo", Side.ENEMY, 4),
        _uwr_fighter("cy", Side.ENEMY, 1),
    )
    for seed in range(200):
        session = Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(seed)))
        session.do(StartFight())
        if session.state.order == ("ana", "bo", "cy"):
            return session
    raise AssertionError("no seed gives the order Ana, Bo, Cy")


def test_uwr_until_the_start_of_the_targets_next_turn_given_on_someone_elses_turn():
    fight = uwr_fight()
    fight.do(AddCondition(["cy"], tied("Stunned", START, "cy")))
    assert fight.state.combatants["cy"].conditions[0].until == TurnTie(START, "cy")
    assert last_lines(fight) == ("Round 1 · Cy gains Stunned (until start of Cy's next turn)",)
    fight.do(NextTurn())  # Bo's turn
    assert names_on(fight, "cy") == ["Stunned"]
    fight.do(NextTurn())  # Cy's turn starts
    assert fight.state.current == "cy"
    assert names_on(fight, "cy") == []
    assert "Round 1 · Stunned ends on Cy" in last_lines(fight)
    assert_replays_exactly(fight)


def test_uwr_until_the_end_of_the_targets_next_turn_given_on_someone_elses_turn():
    fight = uwr_fight()
    fight.do(AddCondition(["cy"], tied("Dazed", END, "cy")))
    fight.do(NextTurn())  # Bo
    fight.do(NextTurn())  # Cy's turn starts: Dazed counts it
    assert names_on(fight, "cy") == ["Dazed"]
    assert fight.state.combatants["cy"].conditions[0].until == TurnTie(END, "cy", begun=True)
    assert not any("Dazed" in line for line in last_lines(fight))
    fight.do(NextTurn())  # Cy's turn ends, the round with it
    assert names_on(fight, "cy") == []
    assert last_lines(fight)[:2] == ("Round 1 · Cy's turn ends", "Round 1 · Dazed ends on Cy")
    assert_replays_exactly(fight)


def test_uwr_until_the_end_of_the_next_turn_skips_the_turn_under_way():
    fight = uwr_fight()
    fight.do(AddCondition(["ana"], tied("Blinded", END, "ana")))  # on Ana's own turn
    fight.do(NextTurn())  # Ana's turn ends: not her next turn
    assert names_on(fight, "ana") == ["Blinded"]
    fight.do(NextTurn())
    fight.do(NextTurn())  # round 2, Ana's next turn starts
    assert fight.state.current == "ana"
    assert names_on(fight, "ana") == ["Blinded"]
    fight.do(NextTurn())  # and ends
    assert names_on(fight, "ana") == []
    assert "Round 2 · Blinded ends on Ana" in last_lines(fight)
    assert_replays_exactly(fight)


def test_uwr_a_condition_tied_to_the_givers_turn():
    """The bandit's "until the end of my next turn" on Bo, given on Ana's turn by Ana."""
    fight = uwr_fight()
    fight.do(AddCondition(["bo"], tied("Pinned", END, "ana")))
    for _ in range(3):  # the rest of round 1
        fight.do(NextTurn())
    assert names_on(fight, "bo") == ["Pinned"]
    fight.do(NextTurn())  # Ana's turn of round 2 ends
    assert names_on(fight, "bo") == []
    assert "Round 2 · Pinned ends on Bo" in last_lines(fight)


def test_uwr_the_old_one_round_condition_given_on_the_bandits_turn_still_ends_at_round_end():
    fight = uwr_fight()
    fight.do(AddCondition(["cy"], Condition("Stunned", 1)))
    fight.do(NextTurn())
    fight.do(NextTurn())
    assert names_on(fight, "cy") == ["Stunned"]
    fight.do(NextTurn())
    assert names_on(fight, "cy") == []


def test_a_condition_tied_to_a_combatant_who_leaves_ends_and_the_log_says_why():
    fight = uwr_fight()
    fight.do(AddCondition(["cy"], tied("Stunned", END, "bo")))
    fight.do(RemoveCombatants(["bo"]))
    assert names_on(fight, "cy") == []
    assert last_lines(fight) == (
        "Round 1 · Cy loses Stunned (Bo, whose turn it awaited, leaves the fight)",
        "Round 1 · Bo leaves the fight",
    )
    assert_replays_exactly(fight)
    fight.undo()
    assert condition_text(fight.state.combatants["cy"].conditions[0], fight.state) == (
        "Stunned (until end of Bo's next turn)"
    )


def test_replay_refuses_a_leave_that_strands_a_condition():
    fight = uwr_fight()
    fight.do(AddCondition(["cy"], tied("Stunned", END, "bo")))
    fight.do(RemoveCombatants(["bo"]))
    leave = fight.entries[-1]
    stranded = JournalEntry(
        leave.label, tuple(e for e in leave.events if not isinstance(e, CombatantsUpdated))
    )
    with pytest.raises(RulesError, match="Cy's Stunned lasts until the turn of Bo"):
        Session(fight.ruleset, fight.roster, entries=[*fight.entries[:-1], stranded])


def test_replay_refuses_a_condition_tied_to_someone_not_in_the_fight():
    fight = uwr_fight()
    fight.do(AddCondition(["cy"], tied("Stunned", END, "bo")))
    given = fight.entries[-1]
    (event,) = given.events
    assert isinstance(event, CombatantsUpdated)
    (update,) = event.updates
    ghost = msgspec.structs.replace(update.combatant, conditions=(tied("Stunned", END, "ghost"),))
    forged = JournalEntry(
        given.label, (CombatantsUpdated((msgspec.structs.replace(update, combatant=ghost),)),)
    )
    with pytest.raises(RulesError, match="no combatant with id 'ghost'"):
        Session(fight.ruleset, fight.roster, entries=[*fight.entries[:-1], forged])


def test_replay_refuses_an_expiry_of_a_condition_that_is_not_there():
    fight = uwr_fight()
    forged = JournalEntry("Next turn", (ConditionsAtTurn(()),))
    Session(fight.ruleset, fight.roster, entries=[*fight.entries, forged])  # nothing: fine

    missing = JournalEntry("Next turn", (ConditionsAtTurn((ConditionRef("cy", "Stunned"),)),))
    with pytest.raises(RulesError, match="Cy has no Stunned waiting for that turn"):
        Session(fight.ruleset, fight.roster, entries=[*fight.entries, missing])


def test_giving_a_condition_tied_to_someone_missing_is_refused_by_name():
    fight = uwr_fight()
    with pytest.raises(RulesError, match="no combatant with id 'ghost'"):
        fight.do(AddCondition(["cy"], tied("Stunned", END, "ghost")))
    newcomer = msgspec.structs.replace(
        _uwr_fighter("dee", Side.ENEMY, 2), conditions=(tied("Stunned", END, "dee"),)
    )
    with pytest.raises(RulesError, match="Dee's Stunned lasts until the turn of someone not"):
        fight.do(AddCombatants([newcomer]))


def test_a_condition_cannot_last_rounds_and_until_a_turn():
    with pytest.raises(ValueError, match="some rounds or until a turn, not both"):
        Condition("Stunned", 2, until=TurnTie(END, "ana"))
    with pytest.raises(msgspec.ValidationError, match="ends when it begins"):
        msgspec.convert(
            {"name": "Stunned", "until": {"edge": "start", "combatant_id": "a", "begun": True}},
            Condition,
        )


# --- rollkeep: one turn each, and delays ----------------------------------------------------


def skirmish() -> tuple[Session, tuple[str, ...]]:
    session = Session(
        make_ruleset("rollkeep"),
        [hida(), kakita(), bandit(), archer()],
        roller=Roller(random.Random(3)),
    )
    session.do(StartFight())
    return session, session.state.order


def test_rollkeep_a_delayed_turn_taken_up_again_is_not_the_next_turn():
    fight, (first, _second, *_) = skirmish()
    fight.do(RollkeepDelay(first))  # the second's turn starts
    fight.do(AddCondition([first], tied("Stunned", START, first)))
    fight.do(AddCondition([first], tied("Dazed", END, first)))
    fight.do(NextTurn())  # the second's turn ends: the delayer is offered its turn
    assert fight.state.current == first
    fight.do(RollkeepActNow(first))
    fight.do(NextTurn())  # the delayed turn ends
    assert names_on(fight, first) == ["Stunned", "Dazed"]
    while fight.state.round == 1:
        fight.do(NextTurn())
    assert fight.state.current == first  # its next turn: round 2
    assert names_on(fight, first) == ["Dazed"]
    fight.do(NextTurn())
    assert names_on(fight, first) == []
    assert any(
        line.endswith("Dazed ends on " + fight.state.combatants[first].name)
        for line in last_lines(fight)
    )
    assert_replays_exactly(fight)


def test_rollkeep_the_end_of_a_delayed_turn_is_the_end_of_that_turn():
    fight, (_first, second, *_) = skirmish()
    fight.do(AddCondition([second], tied("Dazed", END, second)))  # on the first's turn
    fight.do(NextTurn())  # the second's turn starts
    fight.do(RollkeepDelay(second))
    assert names_on(fight, second) == ["Dazed"]
    fight.do(NextTurn())  # the third's turn ends; the second is offered its turn
    assert fight.state.current == second
    fight.do(RollkeepActNow(second))
    assert names_on(fight, second) == ["Dazed"]
    fight.do(NextTurn())
    assert names_on(fight, second) == []
    name = fight.state.combatants[second].name
    assert f"Dazed ends on {name}" in last_lines(fight)
    assert_replays_exactly(fight)


def test_rollkeep_a_forfeited_turn_ends_too():
    fight, (first, second, *_) = skirmish()
    fight.do(AddCondition([second], tied("Dazed", END, first)))
    fight.do(NextTurn())  # first's turn (begun before) was not the next one
    fight.do(RollkeepDelay(second))
    assert names_on(fight, second) == ["Dazed"]
    while fight.state.round == 1:
        fight.do(NextTurn() if fight.state.current != second else RollkeepForfeit(second))
    fight.do(RollkeepDelay(first))  # round 2: the first's turn starts, and it delays
    while fight.state.current != first:
        fight.do(NextTurn())
    fight.do(RollkeepForfeit(first))
    assert names_on(fight, second) == []
    assert_replays_exactly(fight)


# --- tactical: the countdown ----------------------------------------------------------------


def countdown() -> Session:
    """Ana (base 15: declares on 35) and Bo (base 10: on 30), round 1 before the countdown."""
    fight = tactical_session(
        [
            tactical_fighter("ana", initiative_override=15),
            tactical_fighter("bo", initiative_override=10),
        ],
        [],
    )
    fight.do(StartFight())
    return fight


def count(fight: Session) -> int | None:
    return part_of(fight.state).count


def test_tactical_a_turn_is_a_count_the_combatant_acts_on():
    fight = countdown()
    fight.do(NextTurn())
    assert count(fight) == 35  # Ana declares
    fight.do(TacticalDeclare("ana", "Melee attack", 2))  # resolves on 25
    fight.do(AddCondition(["bo"], tied("Stunned", START, "bo")))
    fight.do(AddCondition(["bo"], tied("Dazed", END, "bo")))
    fight.do(AddCondition(["bo"], tied("Shaken", END, "ana")))  # Ana's count is under way
    fight.do(NextTurn())
    assert count(fight) == 30  # Bo's count: Bo's turn starts
    assert names_on(fight, "bo") == ["Dazed", "Shaken"]
    assert "Stunned ends on Bo" in last_lines(fight)
    fight.do(TacticalDeclare("bo", "Dodge"))
    fight.do(NextTurn())
    assert count(fight) == 25  # leaving 30 ends Bo's turn; Ana resolves on 25
    assert names_on(fight, "bo") == ["Shaken"]
    assert last_lines(fight)[0] == "Dazed ends on Bo"
    fight.do(TacticalResolve(()))
    fight.do(NextTurn())  # leaving 25 ends Ana's turn
    assert names_on(fight, "bo") == []
    assert "Shaken ends on Bo" in last_lines(fight)
    assert_replays_exactly(fight)


def test_tactical_the_rounds_upkeep_ends_the_last_counts_turns():
    fight = countdown()
    fight.do(NextTurn())
    fight.do(TacticalDeclare("ana", "Dodge"))  # resolves on 15
    fight.do(NextTurn())  # 30: Bo
    fight.do(TacticalDeclare("bo", "Dodge"))  # resolves on 10
    while count(fight) != 10:
        fight.do(TacticalResolve(()) if _due(fight) else NextTurn())
    fight.do(AddCondition(["ana"], tied("Dazed", END, "bo")))  # Bo's count under way
    fight.do(TacticalResolve(()))
    fight.do(NextTurn())  # upkeep
    assert names_on(fight, "ana") == ["Dazed"]
    fight.do(NextTurn())  # round 2
    fight.do(NextTurn())  # 35: Ana
    fight.do(NextTurn())  # 30: Bo's turn begins
    assert names_on(fight, "ana") == ["Dazed"]
    fight.do(TacticalDeclare("bo", "Dodge"))
    fight.do(NextTurn())
    assert names_on(fight, "ana") == []
    assert_replays_exactly(fight)


def _due(fight: Session) -> bool:
    return bool(rules.resolving(fight.state, fight.ruleset.settings.tie_order))


# --- hands: everyone acts in every turn of a round ------------------------------------------


def test_hands_a_turn_is_a_turn_of_the_round_the_combatant_takes_part_in():
    fight = hands_session(hands_fighter("ana", 4), hands_fighter("bo", 2), seed=2)
    fight.do(StartFight())
    fight.do(AddCondition(["ana"], tied("Stunned", START, "ana")))
    fight.do(AddCondition(["ana"], tied("Dazed", END, "ana")))
    fight.do(AddCondition(["ana"], tied("Shaken", START, "bo")))
    fight.do(NextTurn())  # turn 2 starts; both take part
    assert names_on(fight, "ana") == ["Dazed"]
    assert any(
        line.endswith("Stunned ends on Ana; Shaken ends on Ana") for line in last_lines(fight)
    )
    fight.do(AddCondition(["ana"], tied("Pinned", START, "bo")))
    fight.do(NextTurn())  # turn 2 ends: Dazed goes; Bo has no ready points left for turn 3
    assert names_on(fight, "ana") == ["Pinned"]
    assert any(line.endswith("Dazed ends on Ana") for line in last_lines(fight))
    fight.do(NextTurn())
    fight.do(NextTurn())  # round 2, turn 1: Bo takes part again
    assert names_on(fight, "ana") == []
    assert_replays_exactly(fight)


def test_the_duration_in_words():
    fight = uwr_fight()
    state = fight.state
    assert (
        condition_text(tied("Stunned", END, "bo"), state) == "Stunned (until end of Bo's next turn)"
    )
    assert condition_text(tied("Stunned", START, "bo"), state) == (
        "Stunned (until start of Bo's next turn)"
    )
    assert condition_text(Condition("Bleeding", amount=3, preset="bleeding"), state) == "Bleeding 3"
    assert condition_text(Condition("Blessed", 3), state) == "Blessed (3 rounds)"
    # Short, in a table chip.
    assert condition_chip(tied("Stunned", END, "bo"), state) == "Stunned (to end of Bo's turn)"
    assert condition_chip(tied("Dazed", START, "bo"), state) == "Dazed (to start of Bo's turn)"
    assert condition_chip(Condition("Bleeding", amount=3, preset="bleeding"), state) == "Bleeding 3"
    assert condition_chip(Condition("Blessed", 3), state) == "Blessed (3)"
    hidden = msgspec.structs.replace(state.combatants["bo"], hidden=True)
    secret = msgspec.structs.replace(state, combatants={**state.combatants, "bo": hidden})
    assert condition_text(tied("Stunned", END, "bo"), secret, for_players=True) == (
        "Stunned (until end of someone's next turn)"
    )
    aliased = msgspec.structs.replace(state.combatants["bo"], alias="The brute")
    shown = msgspec.structs.replace(state, combatants={**state.combatants, "bo": aliased})
    assert condition_text(tied("Stunned", END, "bo"), shown, for_players=True) == (
        "Stunned (until end of The brute's next turn)"
    )


# --- files ----------------------------------------------------------------------------------


def test_a_schema_4_file_opens_as_it_was_saved():
    fight = uwr_fight()
    fight.do(AddCondition(["cy"], Condition("Stunned", 2)))
    document = json.loads(encode_encounter(fight))
    assert document["schema_version"] == 8
    older = json.dumps({**document, "schema_version": 4}).encode()
    assert decode_encounter(older).session().state == fight.state


def test_a_file_tying_a_condition_to_someone_not_in_the_fight_is_refused_by_name():
    fight = uwr_fight()
    document = json.loads(encode_encounter(fight))
    document["roster"][2]["conditions"] = [
        {"name": "Stunned", "until": {"edge": "end", "combatant_id": "ghost"}}
    ]
    with pytest.raises(
        EncounterFileError, match="Cy's Stunned lasts until the turn of 'ghost', who is not in"
    ):
        decode_encounter(json.dumps(document).encode())
    document["roster"][2]["conditions"] = [
        {"name": "Stunned", "until": {"edge": "middle", "combatant_id": "ana"}}
    ]
    with pytest.raises(EncounterFileError, match=r"bad field: \$\.roster\[2\]\.conditions"):
        decode_encounter(json.dumps(document).encode())


def test_a_holder_and_the_combatant_its_condition_awaits_may_leave_together():
    fight = uwr_fight()
    fight.do(AddCondition(["cy"], tied("Stunned", END, "bo")))
    fight.do(RemoveCombatants(["bo", "cy"]))
    assert set(fight.state.combatants) == {"ana"}
    assert_replays_exactly(fight)


def test_a_condition_given_as_if_the_turn_had_begun_still_awaits_that_next_turn():
    fight = uwr_fight()
    begun = Condition("Stunned", until=TurnTie(END, "bo", begun=True))
    fight.do(AddCondition(["cy"], begun))
    (given,) = fight.state.combatants["cy"].conditions
    assert given.until == TurnTie(END, "bo", begun=False)
    assert given.name == "Stunned"
