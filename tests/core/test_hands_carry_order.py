"""The ``hands`` carry-over turn as the GM sees it (who moves first, who is still to move
after a wound mid-turn) and the words of each place in the declare-first order: the rival
it was decided against, a roll-off's faces and a tie nothing has settled."""

from hands_fighters import declare_order, fighter, pools, session
from msgspec.structs import replace

from uwr_desktop.core.intents import ApplyDamage, EditCell, StartFight
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.rulesets.hands import order
from uwr_desktop.core.rulesets.hands.columns import REASON_WORDS
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


def rolled_off(fight: Session) -> dict[str, tuple[int, ...]]:
    """The roll-off faces the last journal entry rolled, by combatant."""
    found = [e for e in fight.entries[-1].events if isinstance(e, RollOff)]
    return {roll.combatant_id: roll.faces for event in found for roll in event.rolls}


def test_a_tie_made_mid_turn_is_rolled_off_at_once() -> None:
    """Ana went ahead of Bo on her action bonus; the GM lowers it to Bo's mid-turn. The same
    change rolls the two off, so their places and the timeline say so, with both faces."""
    fight = session(fighter("ana", 4, bonus=2), fighter("bo", 4, bonus=1), seed=5)
    fight.do(StartFight())
    assert part_of(fight.state).roll_offs == ()
    fight.do(EditCell("ana", "bonus", 1))
    faces = rolled_off(fight)
    assert set(faces) == {"ana", "bo"}
    assert faces["ana"][:-1] == faces["bo"][:-1] and faces["ana"][-1] != faces["bo"][-1]
    winner, loser = sorted(faces, key=lambda cid: faces[cid], reverse=True)
    assert declare_order(fight) == [winner, loser]
    name = {"ana": "Ana", "bo": "Bo"}
    words = "d6 roll-off ({} vs {})".format(
        *("/".join(map(str, faces[c])) for c in (winner, loser))
    )
    assert places(fight) == [
        (winner, Reason.ROLL_OFF, f"ahead of {name[loser]}: {words}", loser),
        (loser, Reason.ROLL_OFF, f"behind {name[winner]}: {words}", winner),
    ]
    assert [slot.value_text for slot in fight.ruleset.timeline(fight.state)] == [
        "4 · roll-off",
        "4 · roll-off",
    ]


def cy_tied_with_ana_and_bo(seed: int) -> tuple[Session, dict[str, tuple[int, ...]]]:
    """Cy declared first on its bonus while Ana and Bo rolled off; then the GM takes Cy's
    bonus away, so that Cy ties with both. The faces Ana and Bo rolled before are returned."""
    fight = session(fighter("ana", 4), fighter("bo", 4), fighter("cy", 4, bonus=1), seed=seed)
    fight.do(StartFight())
    before = dict(part_of(fight.state).roll_offs)
    assert set(before) == {"ana", "bo"}
    fight.do(EditCell("cy", "bonus", 0))
    return fight, before


def test_one_who_never_rolled_off_rolls_alone_and_the_others_keep_their_faces() -> None:
    """Cy rolls alone and takes its place among Ana and Bo by its face; theirs stay."""
    fight, before = cy_tied_with_ana_and_bo(seed=1)
    assert set(rolled_off(fight)) == {"cy"}
    after = dict(part_of(fight.state).roll_offs)
    assert {cid: after[cid] for cid in before} == before
    assert declare_order(fight) == sorted(after, key=lambda cid: after[cid], reverse=True)
    assert not any("tied" in text or " vs )" in text for _, _, text, _ in places(fight))


def test_a_face_matching_a_settled_one_rolls_both_again() -> None:
    """Cy's first face matches Bo's: the two roll once more each (Bo's first face stays),
    and the words show both rolls; Ana's faces are not touched."""
    fight, before = cy_tied_with_ana_and_bo(seed=3)
    rolled = rolled_off(fight)
    assert set(rolled) == {"bo", "cy"}
    assert rolled["bo"][:-1] == before["bo"] == rolled["cy"][:1]
    assert dict(part_of(fight.state).roll_offs)["ana"] == before["ana"]
    winner, loser = sorted(("bo", "cy"), key=lambda cid: rolled[cid], reverse=True)
    shown = ["/".join(map(str, rolled[cid])) for cid in (winner, loser)]
    assert f"d6 roll-off ({shown[0]} vs {shown[1]})" in dict(
        (cid, text) for cid, _, text, _ in places(fight)
    ).get(winner, "")


def test_a_tie_no_roll_off_settled_reads_tied() -> None:
    """A fight kept before ties made mid-turn were rolled off can hold one: its places say
    "tied" against each other, and the timeline says "tied", not "roll-off"."""
    fight = session(fighter("ana", 4, bonus=2), fighter("bo", 4, bonus=1))
    fight.do(StartFight())
    fight.do(EditCell("ana", "bonus", 1))
    unsettled = replace(part_of(fight.state), roll_offs=())
    state = replace(fight.state, part=unsettled)
    shown = order.places(state, unsettled, carry=False)
    assert [(p.combatant_id, p.reason, p.text, p.rival) for p in shown] == [
        ("ana", Reason.TIED, "ahead of Bo: tied", "bo"),
        ("bo", Reason.TIED, "behind Ana: tied", "ana"),
    ]
    assert {REASON_WORDS[p.reason] for p in shown} == {"tied"}


def test_a_lone_combatant_declares_alone_against_nobody() -> None:
    """Alone in the turn: "declares alone", no rival, and its slot points at nobody."""
    fight = session(fighter("ana", 4))
    fight.do(StartFight())
    assert places(fight) == [("ana", Reason.ALONE, "declares alone", "")]
    assert tells(fight) == {"ana": ()}
