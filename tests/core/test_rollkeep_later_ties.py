"""Initiative ties that come after a roll-off (RULES.md section 4): a roll-off settles the
order among those who rolled it; a newcomer to the tie, or a changed score, rolls a d10 alone
and takes its place among their settled faces (a matching face rolls again); earlier faces are
never rolled again, and an old roll-off never decides a tie it was not rolled for."""

import random
from itertools import groupby, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rollkeep_sheets import samurai, scripted

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import (
    AddCombatants,
    EditCell,
    EndRound,
    NextTurn,
    ReplaceCombatant,
    StartFight,
)
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.events import (
    CombatantRoll,
    RollOff,
    RollOffJoined,
    TiesRolled,
)
from uwr_desktop.core.rulesets.rollkeep.intents import RollkeepChooseStance
from uwr_desktop.core.rulesets.rollkeep.rules import (
    placed_faces,
    settled_faces,
    sheet_of,
    tie_key,
)
from uwr_desktop.core.rulesets.rollkeep.sheet import Stance
from uwr_desktop.core.session import Session


def d10(face: int, sides: int = 10) -> RollRecord:
    return RollRecord(1, faces=(face,), kind=DiceKind.SUM, sides=sides)


def faces_of(session: Session, cid: str) -> dict[int, tuple[int, ...]]:
    return settled_faces(sheet_of(session.state.combatants[cid]))


def events_since(session: Session, start: int, kind: type) -> list:
    return [e for entry in session.entries[start:] for e in entry.events if isinstance(e, kind)]


def scored(**scores: int):
    """Samurai named after their ids, each with the score typed over the roll."""
    return [samurai(cid, cid.upper(), initiative_override=score) for cid, score in scores.items()]


def round_two_with_c_centered(*c_faces: int) -> tuple[Session, int]:
    """A and B score 20 and roll off (A 4, B 7); C has 10 and takes Center in round 1; round 2
    starts, C's 20 tying A and B on score, Reflexes and Insight Rank."""
    roller, faces = scripted(4, 7)
    session = Session(make_ruleset("rollkeep"), scored(a=20, b=20, c=10), roller=roller)
    session.do(RollkeepChooseStance("c", Stance.CENTER))
    session.do(StartFight())
    assert session.state.order == ("b", "a", "c")
    assert [[r.roll.total for r in e.rolls] for e in events_since(session, 0, RollOff)] == [[4, 7]]
    start = len(session.entries)
    faces.add(*c_faces)
    session.do(EndRound())
    assert session.state.round == 2
    assert faces.faces == []
    return session, start


def test_a_newcomer_to_the_tie_rolls_alone_and_takes_its_place_among_the_settled_faces():
    session, start = round_two_with_c_centered(5)
    assert session.state.order == ("b", "c", "a")
    assert events_since(session, start, RollOff) == []
    joined = events_since(session, start, RollOffJoined)
    assert [(e.combatant_id, e.roll_off, [r.total for r in e.rolls]) for e in joined] == [
        ("c", 1, [5])
    ]
    assert (faces_of(session, "a"), faces_of(session, "b")) == ({1: (4,)}, {1: (7,)})
    assert faces_of(session, "c") == {1: (5,)}
    lines = [line for i in range(start, len(session.entries)) for line in session.describe_entry(i)]
    assert "Initiative roll-off: C rolls alone against B 7, A 4: 5 → 5" in lines


def test_a_face_matching_a_settled_one_rolls_again():
    session, _ = round_two_with_c_centered(7, 4, 9)
    assert session.state.order == ("c", "b", "a")
    assert faces_of(session, "c") == {1: (9,)}
    lines = session.describe_entry(len(session.entries) - 1)
    assert "Initiative roll-off: C rolls alone against B 7, A 4: 7, 4, 9 → 9" in lines


def test_once_placed_the_newcomer_keeps_its_place_whenever_the_tie_comes_back():
    session, _ = round_two_with_c_centered(2)
    assert session.state.order == ("b", "a", "c")
    session.do(EditCell("c", "initiative", 15))  # 25 with Center: no longer tied
    assert session.state.order == ("c", "b", "a")
    session.do(EndRound())
    start = len(session.entries)
    session.do(EditCell("c", "initiative", 10))  # 20 again: the tie comes back
    assert session.state.order == ("b", "a", "c")
    assert events_since(session, start, RollOff) == []
    assert events_since(session, start, RollOffJoined) == []


def _a_ties_d(session, faces):
    """A's score edited to 25, tying D (A rolls 8, D 3): each roll-off rolled, by number."""
    faces.add(8, 3)
    start = len(session.entries)
    session.do(EditCell("a", "initiative", 25))
    rolled = events_since(session, start, RollOff)
    return [(e.roll_off, [(r.combatant_id, r.roll.total) for r in e.rolls]) for e in rolled]


def test_an_old_roll_off_never_decides_a_tie_it_was_not_rolled_for():
    roller, faces = scripted(4, 7)
    session = Session(make_ruleset("rollkeep"), scored(a=20, b=20, d=25), roller=roller)
    session.do(StartFight())
    assert session.state.order == ("d", "b", "a")
    # A's score changes to tie D, whom no roll-off ever set against A: both roll.
    assert _a_ties_d(session, faces) == [(2, [("a", 8), ("d", 3)])]
    assert session.state.order == ("a", "d", "b")
    assert faces_of(session, "a") == {1: (4,), 2: (8,)}
    # Back at 20, the first roll-off still settles A and B: nothing is rolled again.
    session.do(EditCell("a", "initiative", 20))
    assert session.state.order == ("d", "b", "a")
    assert len(session.entries[-1].events) == 1


def test_a_newcomer_joining_mid_skirmish_rolls_alone_against_the_group():
    roller, faces = scripted(6, 6, 4, 7)  # A and B tie 6-6, then 4-7
    session = Session(make_ruleset("rollkeep"), scored(a=20, b=20), roller=roller)
    session.do(StartFight())
    assert (faces_of(session, "a"), faces_of(session, "b")) == ({1: (6, 4)}, {1: (6, 7)})
    # E's first face matches the shared 6: a second face places E against 4 and 7.
    faces.add(6, 5)
    session.do(AddCombatants([samurai("e", "E", initiative_override=20)]))
    assert faces_of(session, "e") == {1: (6, 5)}
    assert session.state.order == ("b", "e", "a")
    assert session.describe_entry(len(session.entries) - 1)[-1] == (
        "Initiative roll-off: E rolls alone against B 6-7, A 6-4: 6, 5 → 6-5"
    )
    # A newcomer brings no faces of its own into the skirmish.
    faces.add(9)
    carrying = samurai("f", "F", initiative_override=20, tie_faces=(10,))
    session.do(AddCombatants([carrying]))
    assert faces_of(session, "f") == {1: (9,)}
    assert session.state.order == ("f", "b", "e", "a")


def test_table_order_ties_roll_nothing_later_either():
    roster = scored(a=20, b=20, c=10)
    session = Session(make_ruleset("rollkeep", {"initiative_tie": "table_order"}), roster)
    session.do(RollkeepChooseStance("c", Stance.CENTER))
    session.do(StartFight())
    session.do(EndRound())
    assert session.state.order == ("a", "b", "c")


def test_a_fight_an_earlier_version_recorded_replays_the_same_and_goes_on_by_the_rules():
    roster = [
        samurai("a", "A", initiative_override=20),
        samurai("b", "B", initiative_override=20),
        samurai("c", "C", initiative_override=10, stance=Stance.CENTER),
    ]
    ruleset = make_ruleset("rollkeep")
    probe = Session(ruleset, roster, roller=scripted(4, 7)[0])
    probe.do(StartFight())
    start = probe.entries[0]
    old_rolls = tuple(CombatantRoll(cid, d10(face)) for cid, face in (("a", 4), ("b", 7)))
    # As an earlier version recorded it: TiesRolled, faces of no roll-off in particular.
    events = [TiesRolled(old_rolls) if isinstance(e, RollOff) else e for e in start.events]
    old = Session(ruleset, roster, entries=[JournalEntry(start.label, tuple(events))], cursor=1)
    assert old.state.order == ("b", "a", "c")
    assert faces_of(old, "a") == {0: (4,)}
    roller, _ = scripted(5)
    old.attach(roller=roller)
    old.do(EndRound())
    assert old.state.order == ("b", "c", "a")
    assert faces_of(old, "c") == {0: (5,)}


@pytest.mark.parametrize(
    ("others", "rolled", "kept"),
    [
        ([(4,), (7,)], [5], (5,)),
        ([(4,), (7,)], [7], None),
        ([(4,), (7,)], [7, 4, 1], (1,)),
        ([(6, 4), (6, 7)], [6], None),
        ([(6, 4), (6, 7)], [6, 4], None),
        ([(6, 4), (6, 7)], [6, 4, 8], (6, 8)),
        ([(6, 4), (6, 7), (2,)], [2, 3], (3,)),
        ([(face,) for face in range(1, 11)], [3], (3,)),
    ],
)
def test_placed_faces_against_settled_ones(others, rolled, kept):
    assert placed_faces(others, rolled) == kept


def test_a_recorded_place_that_does_not_fit_the_roll_off_is_refused():
    session, _ = round_two_with_c_centered(5)
    entry = session.entries[-1]
    joined = next(e for e in entry.events if isinstance(e, RollOffJoined))
    for rolls in ((7,), (5, 2), (12,)):
        bad = RollOffJoined("c", 1, tuple(d10(face, max(10, face)) for face in rolls))
        events = tuple(bad if e is joined else e for e in entry.events)
        entries = [*session.entries[:-1], JournalEntry(entry.label, events)]
        with pytest.raises(Exception, match="roll-off"):
            Session(session.ruleset, session.roster, entries=entries, cursor=len(entries))
    twice = RollOffJoined("a", 1, (d10(5),))
    entries = [*session.entries, JournalEntry("x", (twice,))]
    with pytest.raises(Exception, match="A cannot take a place in initiative roll-off 1"):
        Session(session.ruleset, session.roster, entries=entries, cursor=len(entries))


def test_a_sheet_edit_that_makes_a_tie_rolls_it_off_at_once():
    roster = [
        samurai("a", "A", initiative_override=20, reflexes=3),
        samurai("b", "B", initiative_override=20),
    ]
    roller, faces = scripted()
    session = Session(make_ruleset("rollkeep"), roster, roller=roller)
    session.do(StartFight())
    assert session.state.order == ("a", "b")
    faces.add(2, 9)
    edited = samurai("a", "A", reflexes=2)
    session.do(ReplaceCombatant(edited))
    assert session.state.order == ("b", "a")
    assert (faces_of(session, "a"), faces_of(session, "b")) == ({1: (2,)}, {1: (9,)})


def test_a_roll_off_in_a_later_round_is_numbered_after_the_first_one():
    roller, faces = scripted(4, 7)
    session = Session(make_ruleset("rollkeep"), scored(a=20, b=20, d=25), roller=roller)
    session.do(StartFight())
    session.do(NextTurn())  # D's turn taken
    session.do(EndRound())
    assert session.state.round == 2
    assert _a_ties_d(session, faces) == [(2, [("a", 8), ("d", 3)])]
    assert faces_of(session, "a") == {1: (4,), 2: (8,)}
    assert faces_of(session, "d") == {2: (3,)}
    session.do(EditCell("a", "initiative", 20))
    assert session.state.order == ("d", "b", "a")
    assert faces.faces == []


def two_groups_meeting() -> tuple[Session, int]:
    """A and B score 20 and roll off (A 4, B 9); C and D score 10 and roll off (C 9, D 3), both
    taking Center in round 1; round 2 starts with all four at 20, and C, then D, roll alone
    against A and B (C 2, D 8)."""
    roller, faces = scripted(4, 9, 9, 3)
    session = Session(make_ruleset("rollkeep"), scored(a=20, b=20, c=10, d=10), roller=roller)
    session.do(RollkeepChooseStance("c", Stance.CENTER))
    session.do(RollkeepChooseStance("d", Stance.CENTER))
    session.do(StartFight())
    assert session.state.order == ("b", "a", "c", "d")
    assert (faces_of(session, "c"), faces_of(session, "d")) == ({2: (9,)}, {2: (3,)})
    start = len(session.entries)
    faces.add(2, 8)
    session.do(EndRound())
    assert faces.faces == []
    return session, start


def test_two_settled_groups_meeting_each_keep_their_own_order():
    session, start = two_groups_meeting()
    joined = events_since(session, start, RollOffJoined)
    assert [(e.combatant_id, e.roll_off, [r.total for r in e.rolls]) for e in joined] == [
        ("c", 1, [2]),
        ("d", 1, [8]),
    ]
    # D's 8 wins the place between B and A, C's 2 the last: C and D fill them in their order.
    assert session.state.order == ("b", "c", "a", "d")
    replayed = Session(
        session.ruleset, session.roster, entries=session.entries, cursor=len(session.entries)
    )
    assert replayed.state.order == ("b", "c", "a", "d")


def test_three_settled_groups_meeting_each_keep_their_own_order():
    # E and F roll off first (E 2, F 8), then A and B (A 4, B 9), then C and D (C 9, D 3).
    roller, faces = scripted(2, 8, 4, 9, 9, 3)
    roster = scored(a=20, b=20, c=10, d=10, e=30, f=30)
    session = Session(make_ruleset("rollkeep"), roster, roller=roller)
    session.do(RollkeepChooseStance("c", Stance.CENTER))
    session.do(RollkeepChooseStance("d", Stance.CENTER))
    session.do(StartFight())
    assert session.state.order == ("f", "e", "b", "a", "c", "d")
    faces.add(2, 8)
    session.do(EndRound())
    faces.add(10)
    session.do(EditCell("e", "initiative", 20))
    faces.add(6)
    session.do(EditCell("f", "initiative", 20))
    assert faces.faces == []
    assert {cid: faces_of(session, cid)[2] for cid in "abcdef"} == {
        "a": (4,),
        "b": (9,),
        "c": (2,),
        "d": (8,),
        "e": (10,),
        "f": (6,),
    }
    # The faces of roll-off 2 give the places E, B, D, F, A, C; each group fills its own.
    assert session.state.order == ("f", "b", "c", "e", "a", "d")


Step = tuple[str, int, int]
"""``("end", 0, 0)`` ends the round; ``("edit", index, score)`` types a combatant's score."""

steps = st.one_of(
    st.just(("end", 0, 0)),
    st.tuples(st.just("edit"), st.integers(0, 4), st.sampled_from([10, 20, 30])),
)


def rolled_together(session: Session) -> dict[tuple[str, str], bool]:
    """For each pair that rolled one roll-off together, whether the first goes before."""
    faces: dict[int, dict[str, tuple[int, ...]]] = {}
    for event in events_since(session, 0, RollOff):
        rolled = faces.setdefault(event.roll_off, {})
        for roll in event.rolls:
            rolled[roll.combatant_id] = (*rolled.get(roll.combatant_id, ()), roll.roll.total)
    return {
        (first, second): faces_first > faces_second
        for rolled in faces.values()
        for first, faces_first in rolled.items()
        for second, faces_second in rolled.items()
        if first != second
    }


def keeps_every_roll_off(session: Session) -> bool:
    """Whether every pair who rolled off together and ties now is in its settled order, where
    the settled orders of the tie allow it (roll-offs can go round in a circle)."""
    combatants, order = session.state.combatants, session.state.order
    pairs = rolled_together(session)
    scored_ids = [cid for cid in order if sheet_of(combatants[cid]).base_score is not None]
    for _, run in groupby(scored_ids, key=lambda cid: tie_key(sheet_of(combatants[cid]))):
        tied = list(run)

        def kept(ids: tuple[str, ...] | list[str]) -> bool:
            return all(
                pairs.get((first, second), True)
                for i, first in enumerate(ids)
                for second in ids[i + 1 :]
            )

        if not kept(tied) and any(kept(other) for other in permutations(tied)):
            return False
    return True


@settings(deadline=None)
@given(
    st.lists(st.sampled_from([10, 20]), min_size=3, max_size=5),
    st.lists(st.booleans(), min_size=5, max_size=5),
    st.integers(0, 2**32),
    st.lists(steps, max_size=10),
)
def test_every_roll_off_keeps_its_order_in_every_later_turn_order(scores, centers, seed, plan):
    ids = "abcde"[: len(scores)]
    roster = scored(**dict(zip(ids, scores, strict=True)))
    session = Session(make_ruleset("rollkeep"), roster, roller=Roller(random.Random(seed)))
    for cid, center in zip(ids, centers, strict=False):
        if center:
            session.do(RollkeepChooseStance(cid, Stance.CENTER))
    session.do(StartFight())
    assert keeps_every_roll_off(session)
    for kind, index, score in plan:
        if kind == "end":
            session.do(EndRound())
        else:
            session.do(EditCell(ids[index % len(ids)], "initiative", score))
        assert keeps_every_roll_off(session)
