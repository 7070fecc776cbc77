"""Dice rolled by hand: faces typed at the table are judged by the very roll code the app's
random dice go through, in every round system."""

import random
import re
from collections.abc import Callable

import msgspec
import pytest
from msgspec.structs import replace

from uwr_desktop.core.dice import DiceError, Roller, RollKeepSpec
from uwr_desktop.core.dice_requests import DiceRequest, RollFor
from uwr_desktop.core.encounter import Combatant, DiceBy, EncounterState
from uwr_desktop.core.events import ENCODER, RolledByHand, dec_hook
from uwr_desktop.core.hand_dice import FacesNeeded, HandRoller, read_faces
from uwr_desktop.core.intents import (
    EditCell,
    Intent,
    NextTurn,
    RollDice,
    RulesError,
    SetHandRolls,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepAmbush,
    RollkeepAttack,
    RollkeepChooseStance,
)
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, Skill, Stance, Weapon
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    FreeRoll,
    OpposedCheck,
    React,
    Reroll,
    ResolveCheck,
)
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.rulesets.uwr.sheet import Weapon as UwrWeapon
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter
from uwr_desktop.core.storage.library import as_template

D6 = DiceRequest(6, 4, RollFor("vex", "attack"), "4 d6, favor +1")


def test_typed_faces_are_read_and_checked_with_the_reason():
    assert read_faces("7 3, 10 5", DiceRequest(10, 4)) == (7, 3, 10, 5)
    with pytest.raises(DiceError, match="A d6 shows 1 to 6, not 7"):
        read_faces("1 2 3 7", D6)
    with pytest.raises(DiceError, match="4 d6 asked for, 3 typed: 1 more face needed"):
        read_faces("1 2 3", D6)
    with pytest.raises(DiceError, match="4 d6 asked for, 6 typed: 2 faces too many"):
        read_faces("1 2 3 4 5 6", D6)
    with pytest.raises(DiceError, match="'x' is not a face"):
        read_faces("1 x 3 4", D6)
    with pytest.raises(DiceError, match="Type the faces of 4 d6"):
        read_faces("  ", D6)


def test_the_total_alone_does_where_only_the_total_counts():
    initiative = DiceRequest(10, 2, dice="2 d10 + 3", total_only=True)
    assert read_faces("13", initiative) == (10, 3)
    assert read_faces("2", initiative) == (1, 1)
    assert read_faces("4 9", initiative) == (4, 9)
    with pytest.raises(DiceError, match="2 d10 totals 2 to 20, not 21"):
        read_faces("21", initiative)
    with pytest.raises(DiceError, match="4 d6 asked for, 1 typed: 3 more faces needed"):
        read_faces("5", D6)


def test_a_roll_and_keep_asks_for_its_dice_then_for_each_explosion():
    hand = HandRoller(Roller(random.Random(1)), lambda cid: cid == "kakita")
    spec = RollKeepSpec(7, 3)
    by = RollFor("kakita", "attack")
    with pytest.raises(FacesNeeded) as first:
        hand.roll_keep(spec, by)
    assert first.value.request == DiceRequest(10, 7, by, "7 d10, keep 3 — 10s roll again")
    hand.type_faces(first.value.request, (7, 3, 10, 5, 2, 9, 10))
    hand.again()
    with pytest.raises(FacesNeeded) as again:
        hand.roll_keep(spec, by)
    assert (again.value.request.count, again.value.request.note) == (
        2,
        "dice 3 and 7 showed 10 and roll again",
    )
    hand.type_faces(again.value.request, (10, 4))
    hand.again()
    with pytest.raises(FacesNeeded) as third:
        hand.roll_keep(spec, by)
    assert third.value.request.note == "die 3 showed 10 and rolls again"
    hand.type_faces(third.value.request, (1,))
    hand.again()
    roll = hand.roll_keep(spec, by)
    assert roll.chains == ((7,), (3,), (10, 10, 1), (5,), (2,), (9,), (10, 4))
    assert hand.typed_by() == ("kakita",)
    with pytest.raises(DiceError, match="A d10 shows 1 to 10, not 11"):
        hand.type_faces(first.value.request, (11, 1, 1, 1, 1, 1, 1))


def rolls_for(sides: int, count: int, stream: random.Random) -> tuple[int, ...]:
    return tuple(stream.randint(1, sides) for _ in range(count))


def by_hand(session: Session, intent: Intent, stream: random.Random) -> Session:
    """Do ``intent`` with the players' dice typed in (from ``stream``, as the app would have
    drawn them) and everyone else's rolled by the app (from ``stream`` too)."""
    hand = HandRoller(Roller(stream), session.state.rolls_by_hand)
    while True:
        hand.again()
        try:
            session.do(intent, roller=hand)
            return session
        except FacesNeeded as needed:
            request = needed.request
            hand.type_faces(request, rolls_for(request.sides, request.count, stream))


SHEETS = {
    "uwr": lambda: UwrSheet(weapons=(UwrWeapon(name="Sword", upr_type="Swift"),)),
    "rollkeep": lambda: RollkeepSheet(
        skills=(Skill("Kenjutsu", 2),),
        weapons=(Weapon(name="Katana", skill="Kenjutsu", damage_rolled=3, damage_kept=2),),
    ),
    "tactical": TacticalSheet,
    "hands": lambda: HandsSheet(max_points=3, weapons=(HandsWeapon(name="Blade", reach=1),)),
}


def foe(state: EncounterState) -> str:
    """The first combatant on the other side from whoever's turn it is."""
    side = state.combatants[state.current or "p1"].side
    return next(cid for cid in state.rows if state.combatants[cid].side is not side)


def current(state: EncounterState) -> str:
    return state.current or "p1"


PLAYS: dict[str, list[Callable[[EncounterState], Intent]]] = {
    "uwr": [
        lambda _: StartFight(),
        lambda state: Attack(current(state), 0, foe(state), extra_rerolls=2),
        lambda _: React("dodge", extra_rerolls=2),
        lambda _: Reroll(),
        lambda _: Reroll(of_reaction=False),
        lambda _: ResolveCheck(),
        lambda _: DirectCheck("p1", "grace", 2, extra_rerolls=2),
        lambda _: Reroll(),
        lambda _: ResolveCheck(),
        lambda _: OpposedCheck("e1", "brawn", "p2", "brawn", target_extra_rerolls=2),
        lambda _: Reroll(of_reaction=True),
        lambda _: ResolveCheck(),
        lambda _: FreeRoll("p2", 5, 1, 2),
        lambda _: RollDice("p1", "6k3", "a leap"),
        lambda _: RollDice(None, "2d10+5"),
    ],
    "rollkeep": [
        lambda _: RollkeepAmbush(("e1",), ("p1", "p2")),
        lambda _: RollkeepChooseStance("p1", Stance.FULL_DEFENSE),
        lambda _: StartFight(),
        lambda state: RollkeepAttack(current(state), 0, foe(state)),
        lambda _: NextTurn(),
        lambda state: RollkeepAttack(current(state), 0, foe(state), raises=1),
        lambda _: NextTurn(),
        lambda _: NextTurn(),
        lambda _: NextTurn(),
    ],
    "tactical": [lambda _: StartFight(), *[lambda _: NextTurn()] * 6],
    "hands": [lambda _: StartFight(), *[lambda _: NextTurn()] * 4],
}
"""What each system does: every kind of roll it makes, some of them refused where the fight
does not allow them (refused alike whoever rolls)."""


def fight(ruleset_id: str) -> Session:
    roster = [
        Combatant(id=f"{side.value[0]}{n}", name=f"{side.value} {n}", side=side, sheet=make())
        for side in (Side.PLAYER, Side.ENEMY)
        for n in (1, 2)
        for make in [SHEETS[ruleset_id]]
    ]
    return Session(make_ruleset(ruleset_id), roster)


@pytest.mark.parametrize("ruleset_id", sorted(SHEETS))
@pytest.mark.parametrize("seed", range(8))
def test_typed_faces_give_the_events_the_app_gives_from_the_same_faces(ruleset_id, seed):
    app = fight(ruleset_id)
    app.attach(roller=Roller(random.Random(seed)))
    table = fight(ruleset_id)
    table.do(SetHandRolls(Side.PLAYER, True))
    stream = random.Random(seed)
    for play in PLAYS[ruleset_id]:
        intent = play(app.state)
        try:
            app.do(intent)
        except RulesError as refusal:
            with pytest.raises(RulesError, match=re.escape(str(refusal))):
                by_hand(table, intent, stream)
            continue
        by_hand(table, intent, stream)
    played = [entry.events for entry in app.entries]
    typed = [
        tuple(event for event in entry.events if not isinstance(event, RolledByHand))
        for entry in table.entries[1:]
    ]
    assert typed == played
    marks = [
        event
        for entry in table.entries
        for event in entry.events
        if isinstance(event, RolledByHand)
    ]
    assert marks and all(set(mark.combatant_ids) <= {"p1", "p2"} for mark in marks)
    reopened = decode_encounter(encode_encounter(table)).session()
    assert reopened.entries == table.entries and reopened.state == table.state
    table.undo()
    table.redo()
    assert table.state == reopened.state


def test_a_combatant_s_own_choice_wins_over_its_side_s():
    session = fight("uwr")
    session.do(SetHandRolls(Side.PLAYER, True))
    session.do(EditCell("p2", "dice_by", "app"))
    session.do(EditCell("e1", "dice_by", "hand"))
    state = session.state
    assert [state.rolls_by_hand(cid) for cid in ("p1", "p2", "e1", "e2")] == [
        True,
        False,
        True,
        False,
    ]
    assert state.combatants["e1"].dice_by is DiceBy.HAND
    assert not state.rolls_by_hand(None)
    assert session.describe_entry(0) == ("The players roll their dice by hand",)
    assert session.describe_entry(1) == ("player 2 dice rolled by the app",)
    with pytest.raises(Exception, match="already rolled by hand"):
        session.do(SetHandRolls(Side.PLAYER, True))


def test_who_rolls_a_combatant_s_dice_goes_with_it_into_the_library():
    kept = as_template(replace(fight("uwr").roster[0], dice_by=DiceBy.HAND))
    assert kept.dice_by is DiceBy.HAND
    assert msgspec.json.decode(ENCODER.encode(kept), type=Combatant, dec_hook=dec_hook) == kept
