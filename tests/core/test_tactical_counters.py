"""The GM's environmental counters in a tactical fight: what setting one takes and refuses, its
words in the log, removing it, and an upkeep that would carry one past its bound."""

import pytest
from tactical_fights import fighter, tactical_session

from uwr_desktop.core.intents import NextTurn, RulesError, StartFight
from uwr_desktop.core.limits import MAX_COUNT, MAX_COUNTERS
from uwr_desktop.core.rulesets.tactical.intents import TacticalRemoveCounter, TacticalSetCounter
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter


def counters(session: Session) -> list[tuple[str, int, int]]:
    return [(c.name, c.value, c.step) for c in part_of(session.state).counters]


def last_line(session: Session) -> str:
    return session.describe_entry(len(session.entries) - 1)[-1]


def refused(session: Session, intent: object, reason: str) -> None:
    """``intent`` is refused for ``reason`` and the fight stays as it was."""
    entries = session.entries
    with pytest.raises(RulesError, match=reason):
        session.do(intent)  # type: ignore[arg-type]
    assert session.entries == entries


def one() -> Session:
    return tactical_session([fighter("a")], [5, 5])


def test_a_counter_set_is_logged_with_its_step_and_set_again_in_place():
    session = one()
    session.do(TacticalSetCounter("  Rising tide ", 2, 1))
    assert last_line(session) == "Counters: Rising tide 2 (+1 each round)"
    session.do(TacticalSetCounter("Fire", 0, 3))
    session.do(TacticalSetCounter("rising TIDE", 5, -1))
    assert counters(session) == [("rising TIDE", 5, -1), ("Fire", 0, 3)]
    assert last_line(session) == "Counters: rising TIDE 5 (-1 each round)"


def test_setting_a_counter_to_what_it_is_already_is_refused():
    session = one()
    session.do(TacticalSetCounter("Tide", 2, 1))
    refused(session, TacticalSetCounter(" Tide", 2, 1), r"Tide 2 \(\+1 each round\) already")
    session.do(TacticalSetCounter("Tide", 2, -3))
    assert counters(session) == [("Tide", 2, -3)], "a new step alone is a change"
    refused(session, TacticalSetCounter("Tide", 2, -3), r"Tide 2 \(-3 each round\) already")


def test_a_counter_needs_a_name_other_than_spaces():
    refused(one(), TacticalSetCounter("   ", 2, 1), "A counter needs a name")


def test_a_fight_holds_as_many_counters_as_it_can_save_and_no_more():
    session = one()
    for number in range(MAX_COUNTERS):
        session.do(TacticalSetCounter(f"Counter {number}", number, 1))
    refused(
        session,
        TacticalSetCounter("One too many", 1, 1),
        f"A fight holds at most {MAX_COUNTERS} counters",
    )
    session.do(TacticalSetCounter("counter 7", 70, 2))
    assert counters(session)[7] == ("counter 7", 70, 2)
    reopened = decode_encounter(encode_encounter(session)).checked
    assert counters(reopened) == counters(session)


def test_removing_goes_by_any_case_and_an_unknown_name_is_refused():
    session = one()
    session.do(TacticalSetCounter("Smoke", 1, 1))
    refused(session, TacticalRemoveCounter("Fire"), "There is no counter called 'Fire'")
    session.do(TacticalRemoveCounter(" SMOKE"))
    assert counters(session) == []
    assert last_line(session) == "Counters: Smoke removed"


def test_upkeep_advances_counters_and_stops_them_at_their_bounds():
    session = one()
    session.do(TacticalSetCounter("Flood", MAX_COUNT - 1, 5))
    session.do(TacticalSetCounter("Ebb", -MAX_COUNT, -1))
    session.do(TacticalSetCounter("Fire", 3, 2))
    session.do(StartFight())
    while session.state.phase != Phase.UPKEEP:
        session.do(NextTurn())
    assert counters(session) == [("Flood", MAX_COUNT, 5), ("Ebb", -MAX_COUNT, -1), ("Fire", 5, 2)]
    assert f"Counters: Flood {MAX_COUNT}, Ebb {-MAX_COUNT}, Fire 5" in session.describe_entry(
        len(session.entries) - 1
    )
    reopened = decode_encounter(encode_encounter(session)).checked
    assert counters(reopened) == counters(session)
