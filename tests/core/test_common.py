"""What the common module decides and applies for every ruleset, checked directly."""

from fractions import Fraction

import pytest
from msgspec.structs import replace

from uwr_desktop.core.dice import RollKeepRoll, RollKeepSpec, SumRoll, SumSpec
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import CombatantsLeft, DiceRolled, RoundEnded, TurnEnded
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_NAME_LENGTH
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet
from uwr_desktop.core.rulesets.sheets import sheet_reader
from uwr_desktop.core.rulesets.uwr.events import StaminaRefilled
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.timeline import SlotStatus, turn_status


def state(**fields) -> EncounterState:
    people = {cid: Combatant(id=cid, name=cid.upper(), sheet=UwrSheet()) for cid in "abc"}
    return EncounterState(combatants=people, rows=("a", "b", "c"), order=("c", "a", "b"), **fields)


def test_leaving_takes_the_combatant_out_of_the_rows_order_turns_and_current():
    before = state(round=1, phase="round", current="a", acted=frozenset({"a", "c"}))
    after = common.apply_shared(before, CombatantsLeft(("a",)))
    assert (after.rows, after.order, after.acted, after.current) == (
        ("b", "c"),
        ("c", "b"),
        frozenset({"c"}),
        None,
    )
    assert "a" not in after.combatants


@pytest.mark.parametrize(("phase", "round_"), [("setup", 0), ("setup", 1), ("round", 2)])
def test_a_round_ends_only_when_it_is_under_way(phase, round_):
    with pytest.raises(RulesError, match="is not the round under way"):
        common.apply_shared(
            state(round=1 if phase == "round" else 0, phase=phase), RoundEnded(round_)
        )


def test_a_round_end_under_way_clears_the_turns_taken():
    after = common.apply_shared(
        state(round=1, phase="round", current="b", acted=frozenset("a")), RoundEnded(1)
    )
    assert (after.acted, after.current) == (frozenset(), None)


def test_an_alias_may_be_as_long_as_a_name_and_no_longer():
    ana = state().combatants["a"]
    longest = "x" * MAX_NAME_LENGTH
    named, text = common.edited_cell(ana, "alias", f"  {longest} ")
    assert (named.alias, text) == (longest, f"shown to the players as {longest}")
    with pytest.raises(RulesError, match=f"at most {MAX_NAME_LENGTH}"):
        common.edited_cell(ana, "alias", longest + "x")
    cleared, text = common.edited_cell(replace(ana, alias="Bandit"), "alias", " ")
    assert (cleared.alias, text) == ("", "shown to the players by name")


def test_typed_dice_read_in_the_log_die_by_die():
    pool = RollRecord(3, favor=0, faces=(6, 2, 5))
    keep = RollRecord.of_keep(
        RollKeepRoll.from_chains(RollKeepSpec(3, 2, modifier=2), ((10, 4), (3,), (8,)))
    )
    total = RollRecord.of_sum(SumRoll(SumSpec(2, 10, 5), (7, 3)))
    before = state()
    lines = [
        common.describe_shared(DiceRolled("a", "3d6", pool), before),
        common.describe_shared(DiceRolled("b", "3k2+2", keep, title="Jump"), before),
        common.describe_shared(DiceRolled("c", "2d10+5", total), before),
        common.describe_shared(RoundEnded(1), before),
    ]
    assert lines == [
        "A rolls 3d6: [6 2 5] 2 successes",
        "B rolls Jump (3k2+2): [14! (3) 8] +2 = 24",
        "C rolls 2d10+5: [7 3] +5 = 15",
        "Round 1 ends",
    ]
    one = RollRecord(1, faces=(5,))
    assert common.roll_text(one) == "[5] 1 success"
    assert common.roll_text(RollRecord(0)) == "[no dice] 0 successes"


def test_a_fight_near_its_capacity_says_how_many_more_can_join():
    joining = [Combatant(id=f"n{n}", name=f"N{n}", sheet=UwrSheet()) for n in range(MAX_COMBATANTS)]
    with pytest.raises(RulesError) as refused:
        common.check_room(state(), joining)
    assert str(refused.value) == (
        f"A fight holds at most {MAX_COMBATANTS} combatants; {MAX_COMBATANTS - 3} more can join, "
        f"not {MAX_COMBATANTS}"
    )


def test_a_roll_without_a_modifier_shows_none():
    keep = RollRecord.of_keep(RollKeepRoll.from_chains(RollKeepSpec(2, 1), ((7,), (3,))))
    assert common.roll_text(keep) == "[7 (3)] = 7"


def test_a_number_column_takes_its_bounds_from_the_field():
    column = common.number_column("qu", "Qu", common.Bounded("The Quickness bonus", -5, 7))
    assert (column.editable, column.minimum, column.maximum) == (True, -5, 7)
    assert column.kind.value == "int"


def test_a_turn_ended_clears_whose_turn_it_is_only_for_its_own():
    before = state(round=1, phase="round", current="a")
    assert common.apply_shared(before, TurnEnded("a")).current is None
    after = common.apply_shared(before, TurnEnded("b"))
    assert (after.current, after.acted) == ("a", frozenset({"b"}))


def test_a_sheet_reader_hands_back_its_own_sheet_and_names_the_one_missing():
    uwr_sheet = sheet_reader(UwrSheet, "uwr")
    vex = Combatant(id="v", name="Vex", sheet=UwrSheet())
    assert uwr_sheet(vex) is vex.sheet
    with pytest.raises(RulesError, match=r"^Vex has no hands sheet$"):
        sheet_reader(HandsSheet, "hands")(vex)


def test_an_event_filed_as_shared_that_is_not_one_is_refused():
    vex = Combatant(id="v", name="Vex", sheet=UwrSheet())
    state = EncounterState(combatants={"v": vex}, rows=("v",), order=("v",))
    assert common.apply_known_shared(state, CombatantsLeft(("v",))).combatants == {}
    refused = r"^StaminaRefilled is not an event every ruleset shares$"
    with pytest.raises(RulesError, match=refused):
        common.apply_known_shared(state, StaminaRefilled("v", 3))


@pytest.mark.parametrize(
    ("cid", "done", "status"),
    [
        ("a", False, SlotStatus.CURRENT),
        ("a", True, SlotStatus.CURRENT),
        ("b", False, SlotStatus.DONE),
        ("c", True, SlotStatus.DONE),
        ("c", False, SlotStatus.PENDING),
    ],
)
def test_a_turn_status_reads_current_then_done_then_pending(cid, done, status):
    assert turn_status(cid, "a", frozenset({"b"}), done=done) is status


def test_a_whole_number_is_read_from_a_fraction_only_when_it_is_whole():
    assert common.parse_int("Hits", Fraction(8, 2)) == 4
    with pytest.raises(RulesError, match=r"^Hits must be a whole number, got Fraction\(3, 2\)$"):
        common.parse_int("Hits", Fraction(3, 2))


def test_an_event_no_words_were_written_for_is_logged_by_its_name_within_its_round():
    event = StaminaRefilled("a", 3)
    assert common.line_in_round(None, event, state(), ()) == "StaminaRefilled"
    assert common.line_in_round(None, event, state(round=2), ()) == "Round 2 · StaminaRefilled"
    assert common.line_in_round("Own words", event, state(round=2), ()) == "Round 2 · Own words"
    told = common.line_in_round(None, event, state(round=2), (StaminaRefilled,))
    assert told == "StaminaRefilled"
