"""uwr turn order and uses at their edges: ties, roll-offs, hand-made orders, whole values."""

import random
from fractions import Fraction

import pytest
from uwr_sheets import uwr_combatant

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    ClearManualOrder,
    EditCell,
    EndRound,
    MoveInOrder,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.events import RollOff
from uwr_desktop.core.rulesets.uwr.intents import FreeRoll, OverrideInitiative, RollInitiative
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings, roll_of
from uwr_desktop.core.rulesets.uwr.ruleset import UwrRuleset
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Initiative, Weapon
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def fighter(cid, **changes):
    fields = {"id": cid, "name": cid.upper(), "weapons": (Weapon(name="Club", upr_type="Quick"),)}
    fields.update(changes)
    return uwr_combatant(**fields)


def session_of(*roster, start=True, seed=5, **settings):
    session = Session(make_ruleset("uwr", settings), roster, roller=Roller(random.Random(seed)))
    if start:
        session.do(StartFight())
    return session


def test_table_order_ignores_earlier_roll_offs():
    roster = (
        fighter("a", initiative=Initiative(faces=(4,), tiebreak=(1,))),
        fighter("b", initiative=Initiative(faces=(4,), tiebreak=(6,))),
    )
    assert session_of(*roster, start=False, initiative_tie="table_order").state.order == ("a", "b")
    assert session_of(*roster, start=False).state.order == ("b", "a")


def test_a_rolled_initiative_goes_before_none_even_below_zero():
    session = session_of(fighter("a"), fighter("b"), start=False)
    session.do(OverrideInitiative("b", -5))
    assert session.state.order == ("b", "a")


def test_a_lone_value_does_not_stop_the_tie_check_of_the_next():
    roster = (
        fighter("a", initiative=Initiative(faces=(6, 6))),
        fighter("b", initiative=Initiative(faces=(3,))),
        fighter("c", initiative=Initiative(faces=(3,))),
    )
    session = session_of(*roster)
    rolloff = next(e for e in session.entries[0].events if type(e) is RollOff)
    assert {roll.combatant_id for roll in rolloff.rolls} == {"b", "c"}
    assert session.state.order[0] == "a"


def test_a_half_settled_tie_is_rolled_off_again_and_a_settled_one_is_not():
    session = session_of(fighter("a"), fighter("b"), fighter("c"), seed=9)
    session.do(OverrideInitiative("a", 7))
    session.do(OverrideInitiative("b", 7))
    assert session.state.combatants["b"].sheet.initiative.tiebreak
    entry = session.do(OverrideInitiative("c", 30))
    assert [type(event).__name__ for event in entry.events] == ["InitiativeOverridden"]
    session.do(OverrideInitiative("a", 8))
    entry = session.do(OverrideInitiative("a", 7))
    assert [type(event).__name__ for event in entry.events] == ["InitiativeOverridden", "RollOff"]
    breaks = {cid: session.state.combatants[cid].sheet.initiative.tiebreak for cid in ("a", "b")}
    assert breaks["a"] and breaks["b"] and breaks["a"] != breaks["b"]


def test_newcomers_are_slotted_into_a_hand_made_order_by_initiative():
    roster = (
        fighter("a", initiative=Initiative(override=10)),
        fighter("b", initiative=Initiative(override=5)),
        fighter("c", initiative=Initiative(override=1)),
    )
    session = session_of(*roster)
    session.do(MoveInOrder("c", 0))
    assert session.state.order == ("c", "a", "b")
    session.do(
        AddCombatants(
            (
                fighter("d", initiative=Initiative(override=7)),
                fighter("e", initiative=Initiative(override=0)),
            )
        )
    )
    # Each newcomer goes before the first one whose initiative it beats, or last.
    assert session.state.order == ("d", "c", "a", "b", "e")


def test_a_value_of_exactly_one_gives_a_use_prepared_or_not():
    club = Weapon(name="Club", upr_type="Quick", prepared=False)
    session = session_of(fighter("a", attributes=Attributes(brawn=Fraction(3)), weapons=(club,)))
    weapon = session.state.combatants["a"].sheet.weapons[0]
    assert (weapon.upr, weapon.uses_max) == (Fraction(1), 1)


def test_a_value_of_zero_gives_no_use_even_prepared():
    club = Weapon(name="Club", upr_type="Quick", prepared=True)
    session = session_of(fighter("a", attributes=Attributes(brawn=Fraction(0)), weapons=(club,)))
    weapon = session.state.combatants["a"].sheet.weapons[0]
    assert (weapon.upr, weapon.uses_max, weapon.uses_left) == (Fraction(0), 0, 0)


def test_a_recorded_roll_keeps_the_lowest_threshold_setting():
    session = session_of(fighter("a"), lowest_threshold=4)
    entry = session.do(FreeRoll("a", 6, favor=3))
    record = entry.events[0].roll
    assert record.lowest_threshold == 4
    roll = roll_of(record)
    assert roll.threshold == 4
    assert entry.events[1].action == sum(face >= 4 for face in record.faces)


def test_a_free_roll_of_fewer_than_no_dice_is_refused():
    session = session_of(fighter("a"))
    before = session.entries
    with pytest.raises(RulesError, match="Dice must be at least 0 dice"):
        session.do(FreeRoll("a", -2))
    assert session.entries == before


def test_a_side_edit_reorders_a_tie():
    roster = (
        fighter("a", side=Side.ENEMY, initiative=Initiative(override=5)),
        fighter("b", side=Side.PLAYER, initiative=Initiative(override=5)),
    )
    session = session_of(*roster)
    assert session.state.order == ("b", "a")
    session.do(EditCell("b", "side", "enemy"))
    assert session.state.order == ("a", "b")


def test_the_initiative_cell_settles_a_tie_it_makes():
    roster = (fighter("a", initiative=Initiative(override=5)), fighter("b"))
    session = session_of(*roster)
    entry = session.do(EditCell("b", "initiative", "5"))
    assert [type(event).__name__ for event in entry.events] == ["InitiativeOverridden", "RollOff"]


def test_rolling_initiative_keeps_an_override():
    session = session_of(fighter("a"), fighter("b"))
    session.do(OverrideInitiative("a", 50))
    session.do(RollInitiative(("a",)))
    initiative = session.state.combatants["a"].sheet.initiative
    assert (initiative.override, initiative.value) == (50, 50)
    assert initiative.faces


def test_the_hand_made_order_can_be_cleared_once():
    session = session_of(fighter("a"), fighter("b"))
    rolled = session.state.order
    session.do(MoveInOrder(rolled[1], 0))
    assert part_of(session.state).manual_order == (rolled[1], rolled[0])
    entry = session.do(ClearManualOrder())
    assert entry.label == "Back to the rolled turn order"
    assert (part_of(session.state).manual_order, session.state.order) == (None, rolled)
    with pytest.raises(RulesError, match="already follows the rolled initiative"):
        session.do(ClearManualOrder())


def test_a_combatant_without_stamina_takes_a_turn():
    session = session_of(fighter("a", stamina=0, stamina_max=0))
    assert session.state.current == "a"


def test_round_end_ticks_conditions_after_combatants_without_any():
    roster = (fighter("a"), fighter("b", conditions=(Condition("Dazed", 2),)))
    session = session_of(*roster)
    session.do(EndRound())
    assert session.state.combatants["b"].conditions == (Condition("Dazed", 1),)


def test_settings_given_as_a_struct_are_used():
    ruleset = UwrRuleset(UwrSettings(lowest_threshold=4))
    assert ruleset.settings.lowest_threshold == 4


def test_a_newcomer_tying_a_settled_roll_off_rolls_alone_and_the_settled_faces_stay():
    session = session_of(fighter("a"), fighter("b"), seed=9)
    session.do(OverrideInitiative("a", 7))
    session.do(OverrideInitiative("b", 7))
    settled = {cid: session.state.combatants[cid].sheet.initiative.tiebreak for cid in "ab"}
    assert all(settled.values()) and settled["a"] != settled["b"]
    newcomer = fighter("c", initiative=Initiative(override=7))
    entry = session.do(AddCombatants([newcomer]))
    (rolloff,) = [event for event in entry.events if type(event) is RollOff]
    assert [roll.combatant_id for roll in rolloff.rolls] == ["c"]
    after = {cid: session.state.combatants[cid].sheet.initiative.tiebreak for cid in "abc"}
    assert {cid: after[cid] for cid in "ab"} == settled
    for other in settled.values():
        shorter = min(len(after["c"]), len(other))
        assert after["c"][:shorter] != other[:shorter], "the newcomer's roll-off tells it apart"
    assert sorted(session.state.order) == ["a", "b", "c"]


class _Scripted:
    """A random source rolling the given faces in turn."""

    def __init__(self, faces):
        self._faces = list(faces)

    def randint(self, a, b):
        return self._faces.pop(0)


def test_a_newcomer_rolling_a_settled_face_rolls_again_from_the_start():
    roster = (
        fighter("a", initiative=Initiative(override=7, tiebreak=(3,))),
        fighter("b", initiative=Initiative(override=7, tiebreak=(5,))),
    )
    session = session_of(*roster)
    session.attach(roller=Roller(_Scripted([3, 4])))
    entry = session.do(AddCombatants([fighter("c", initiative=Initiative(override=7))]))
    (rolloff,) = [event for event in entry.events if type(event) is RollOff]
    assert [(roll.combatant_id, roll.faces) for roll in rolloff.rolls] == [("c", (4,))]
    assert [cid for cid in session.state.order] == ["b", "c", "a"]
