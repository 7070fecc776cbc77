"""Initiative ties that come after a roll-off (RULES.md section 4): a roll-off settles the
order among those who rolled it; a newcomer to the tie, or a changed score, rolls a d10 alone
and takes its place among their settled faces (a matching face rolls again); earlier faces are
never rolled again, and an old roll-off never decides a tie it was not rolled for."""

import pytest
from rollkeep_sheets import samurai, scripted

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
from uwr_desktop.core.rulesets.rollkeep.rules import placed_faces, settled_faces, sheet_of
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
