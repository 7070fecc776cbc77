"""The ``hands`` carry-over turn as the GM sees it (who moves first, who is still to move
after a wound mid-turn) and the words of each place in the declare-first order: the rival
it was decided against, a roll-off's faces and a tie nothing has settled."""

from hands_fighters import declare_order, fighter, pools, session

from uwr_desktop.core.intents import ApplyDamage, EditCell, StartFight
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.rulesets.hands.events import RollOff
from uwr_desktop.core.rulesets.hands.intents import HandsMove
from uwr_desktop.core.rulesets.hands.state import Phase, Reason, part_of
from uwr_desktop.core.session import Session


def turn(fight: Session) -> TurnNow:
    return fight.ruleset.turn_now(fight.state)


def places(fight: Session) -> list[tuple[str, Reason, str, str]]:
    return [(p.combatant_id, p.reason, p.text, p.rival) for p in part_of(fight.state).places]


def tells(fight: Session) -> dict[str, tuple[str, ...]]:
    return {slot.combatant_id: slot.tells for slot in fight.ruleset.timeline(fight.state)}


def split_against_the_grain(**settings: str) -> Session:
    """Ready points would put Ana, Bo, Cy in that order; carry-over points put Bo, Cy, Ana."""
    fight = session(
        fighter("ana", 8, keep=1),
        fighter("bo", 6, keep=3),
        fighter("cy", 4, keep=2),
        settings=settings,
    )
    fight.do(StartFight())
    assert fight.state.phase == Phase.CARRY_OVER
    assert [pools(fight, cid)[:2] for cid in ("ana", "bo", "cy")] == [(7, 1), (3, 3), (2, 2)]
    return fight


def test_the_carry_over_turn_goes_by_carry_over_points_not_ready_ones() -> None:
    """Bo (3 carry-over) moves first, then Cy (2), then Ana (1), though Ana has the most
    ready points; each place says it was carry-over points that decided it."""
    fight = split_against_the_grain()
    assert declare_order(fight) == ["bo", "cy", "ana"]
    assert places(fight) == [
        ("bo", Reason.POINTS, "ahead of Cy: most carry-over points (3 vs 2)", "cy"),
        ("cy", Reason.POINTS, "ahead of Ana: most carry-over points (2 vs 1)", "ana"),
        ("ana", Reason.POINTS, "behind Cy: most carry-over points (2 vs 1)", "cy"),
    ]
    assert turn(fight) == TurnNow(("bo",), ("cy", "ana"), ("ana", "bo", "cy"))
    fight.do(HandsMove("bo", 2))
    assert turn(fight) == TurnNow(("cy",), ("ana",), ("ana", "bo", "cy"))


def test_one_wounded_out_of_its_ready_points_still_moves_in_the_carry_over_turn() -> None:
    """Damage takes Cy's 2 ready points; Cy keeps its 2 carry-over points, so the GM still
    sees Cy next after Bo, but no longer among those of the next turn."""
    fight = split_against_the_grain()
    fight.do(ApplyDamage(["cy"], 2))
    assert pools(fight, "cy") == (0, 2, 0)
    assert turn(fight) == TurnNow(("bo",), ("cy", "ana"), ("ana", "bo"))
    fight.do(HandsMove("bo", 1))
    assert turn(fight) == TurnNow(("cy",), ("ana",), ("ana", "bo"))


def test_one_wounded_out_of_its_carry_over_points_has_nothing_left_to_move_with() -> None:
    """Damage taking used, then carry-over points first empties Ana's one carry-over point:
    Ana is no longer named to move, and once Bo and Cy have moved the carry-over turn is
    over though Ana still has 7 ready points for the turns."""
    fight = split_against_the_grain(damage_takes="used")
    fight.do(ApplyDamage(["ana"], 1))
    assert pools(fight, "ana") == (7, 0, 0)
    assert turn(fight) == TurnNow(("bo",), ("cy",), ("ana", "bo", "cy"))
    fight.do(HandsMove("bo", 1))
    fight.do(HandsMove("cy", 0))
    assert turn(fight) == TurnNow((), (), ("ana", "bo", "cy"), "Carry-over: all moved")


def test_a_roll_off_names_the_rival_and_both_faces_in_each_place() -> None:
    """After a seeded roll-off between Ana and Bo, the winner's place reads "ahead of
    <loser>: d6 roll-off (<winner's faces> vs <loser's faces>)", the loser's "behind
    <winner>: ...", and each one's timeline slot points at the other."""
    fight = session(fighter("ana", 4), fighter("bo", 4), seed=1)
    fight.do(StartFight())
    (roll_off,) = [e for e in fight.entries[-1].events if isinstance(e, RollOff)]
    faces = {roll.combatant_id: "/".join(map(str, roll.faces)) for roll in roll_off.rolls}
    winner, loser = declare_order(fight)
    name = {cid: fight.state.combatants[cid].name for cid in (winner, loser)}
    words = f"d6 roll-off ({faces[winner]} vs {faces[loser]})"
    assert places(fight) == [
        (winner, Reason.ROLL_OFF, f"ahead of {name[loser]}: {words}", loser),
        (loser, Reason.ROLL_OFF, f"behind {name[winner]}: {words}", winner),
    ]
    assert tells(fight) == {winner: (loser,), loser: (winner,)}


def test_a_tie_made_mid_turn_is_shown_as_tied_against_the_rival() -> None:
    """Ana went ahead of Bo on her action bonus; the GM lowers it to Bo's mid-turn. No
    roll-off settled that tie, so the two stay in table order, both places say "tied", each
    naming the other, and the timeline says "tied", not "roll-off"."""
    fight = session(fighter("ana", 4, bonus=2), fighter("bo", 4, bonus=1))
    fight.do(StartFight())
    assert part_of(fight.state).roll_offs == ()
    fight.do(EditCell("ana", "bonus", 1))
    assert declare_order(fight) == ["ana", "bo"]
    assert places(fight) == [
        ("ana", Reason.TIED, "ahead of Bo: tied", "bo"),
        ("bo", Reason.TIED, "behind Ana: tied", "ana"),
    ]
    assert tells(fight) == {"ana": ("bo",), "bo": ("ana",)}
    assert [slot.value_text for slot in fight.ruleset.timeline(fight.state)] == [
        "4 · tied",
        "4 · tied",
    ]


def test_one_who_never_rolled_off_does_not_lose_a_roll_off() -> None:
    """Cy declared first on its bonus while Ana and Bo rolled off. The GM then takes Cy's
    bonus away: Cy now ties with them but rolled nothing, so its place reads "tied" (no
    roll-off with one side's faces missing), and Ana and Bo keep the order their roll-off
    gave them."""
    fight = session(fighter("ana", 4), fighter("bo", 4), fighter("cy", 4, bonus=1), seed=3)
    fight.do(StartFight())
    rolled = dict(part_of(fight.state).roll_offs)
    assert set(rolled) == {"ana", "bo"}
    before = [cid for cid in declare_order(fight) if cid != "cy"]
    fight.do(EditCell("cy", "bonus", 0))
    assert [cid for cid in declare_order(fight) if cid != "cy"] == before
    cy_place = next(place for place in places(fight) if place[0] == "cy")
    assert cy_place[1:3] == (Reason.TIED, cy_place[2].split(":")[0] + ": tied")
    assert not any(text.endswith(" vs )") or "( vs" in text for _, _, text, _ in places(fight))


def test_a_lone_combatant_declares_alone_against_nobody() -> None:
    """Alone in the turn: "declares alone", no rival, and its slot points at nobody."""
    fight = session(fighter("ana", 4))
    fight.do(StartFight())
    assert places(fight) == [("ana", Reason.ALONE, "declares alone", "")]
    assert tells(fight) == {"ana": ()}
