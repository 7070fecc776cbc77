"""The session facade: journal entries, undo/redo, observers, the sink and rebuilding."""

import random
from fractions import Fraction

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    NextTurn,
    RulesError,
    StartFight,
)
from uwr_desktop.core.journal import JournalError, decode_entry, encode_entry
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction, ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import (
    MAX_HEAVY_STATES,
    MAX_SNAPSHOTS,
    RECENT_STATES,
    SNAPSHOT_EVERY,
    Session,
)
from uwr_desktop.core.sides import Side


def roster():
    sword = Weapon(name="Sword", upr_type="Swift")
    return [
        Combatant(id="a", name="Ash", side=Side.PLAYER, sheet=UwrSheet(weapons=(sword,))),
        Combatant(id="b", name="Bram", side=Side.ENEMY, sheet=UwrSheet(weapons=(sword,))),
        Combatant(
            id="c",
            name="Cole",
            side=Side.ENEMY,
            sheet=UwrSheet(attributes=Attributes(grace=Fraction(4))),
        ),
    ]


class RecordingSink:
    def __init__(self):
        self.entries = []
        self.cursor = 0

    def append(self, index, entry):
        del self.entries[index:]
        self.entries.append(entry)
        self.cursor = index + 1

    def move_cursor(self, cursor):
        self.cursor = cursor


def new_session(seed=1, **kwargs):
    return Session(make_ruleset("uwr"), roster(), roller=Roller(random.Random(seed)), **kwargs)


def test_make_ruleset_refuses_unknown_ids_and_bad_settings():
    assert "uwr" in ruleset_ids()
    with pytest.raises(RulesError, match=r"Unknown ruleset 'chess'; known: (.*, )?uwr\b"):
        make_ruleset("chess")
    with pytest.raises(RulesError, match="lowest_threshold"):
        make_ruleset("uwr", {"lowest_threshold": 9})
    with pytest.raises(RulesError, match="colour"):
        make_ruleset("uwr", {"colour": "red"})
    assert make_ruleset("uwr", {"lowest_threshold": 3}).settings.lowest_threshold == 3


def test_lowest_threshold_setting_reaches_the_dice():
    session = Session(
        make_ruleset("uwr", {"lowest_threshold": 4}), roster(), roller=Roller(random.Random(3))
    )
    session.do(StartFight())
    session.do(Attack("a", 0, "b", favor=3))
    assert part_of(session.state).pending.check.roll.lowest_threshold == 4


def test_one_entry_per_intent_with_a_label_and_undo_labels():
    session = new_session()
    assert not session.can_undo
    assert session.undo_label is None
    session.do(StartFight())
    session.do(ApplyDamage(["b", "c"], 2))
    assert [entry.label for entry in session.entries] == ["Start fight", "Damage 2: Bram and Cole"]
    assert session.undo_label == "Damage 2: Bram and Cole"
    session.undo()
    assert session.redo_label == "Damage 2: Bram and Cole"
    assert session.cursor == 1
    assert len(session.entries) == 2


def test_refused_intent_changes_nothing():
    sink = RecordingSink()
    session = new_session(sink=sink)
    before = session.state
    with pytest.raises(RulesError):
        session.do(ApplyDamage(["zz"], 1))
    assert session.state is before
    assert session.entries == ()
    assert sink.entries == []


def test_new_intent_after_undo_drops_the_redo_tail_and_tells_the_sink():
    sink = RecordingSink()
    session = new_session(sink=sink)
    session.do(StartFight())
    session.do(ApplyDamage(["b"], 1))
    session.do(ApplyDamage(["b"], 2))
    session.undo()
    session.undo()
    assert sink.cursor == 1
    session.do(ApplyDamage(["c"], 3))
    assert not session.can_redo
    assert [entry.label for entry in session.entries] == ["Start fight", "Damage 3: Cole"]
    assert sink.entries == list(session.entries)
    assert sink.cursor == 2


def test_redo_reapplies_the_recorded_faces():
    session = new_session()
    session.do(StartFight())
    session.do(Attack("a", 0, "b"))
    faces = part_of(session.state).pending.check.roll.faces
    session.undo()
    assert part_of(session.state).pending is None
    session.redo()
    assert part_of(session.state).pending.check.roll.faces == faces


def test_observers_get_precise_changes_and_can_unsubscribe():
    session = new_session()
    changes = []
    unsubscribe = session.subscribe(changes.append)
    session.do(StartFight())
    assert changes[-1].kind == "do"
    assert changes[-1].round_changed
    assert changes[-1].phase_changed
    session.do(ApplyDamage(["c"], 1))
    change = changes[-1]
    assert change.changed == frozenset({"c"})
    assert not change.order_changed
    assert not change.added
    session.do(AddCombatants([Combatant(id="d", name="Dax", sheet=UwrSheet())]))
    assert changes[-1].added == ("d",)
    session.undo()
    assert changes[-1].kind == "undo"
    assert changes[-1].removed == ("d",)
    first = session.state.order[0]
    session.do(EditCell(first, "initiative", -500))
    assert changes[-1].order_changed
    assert changes[-1].changed == frozenset({first})
    assert session.state.order[-1] == first
    unsubscribe()
    session.do(NextTurn())
    assert changes[-1].entry.label != session.entries[-1].label


def test_pending_check_is_reported_and_cleared():
    session = new_session()
    changes = []
    session.subscribe(changes.append)
    session.do(StartFight())
    session.do(Attack("a", 0, "b"))
    assert changes[-1].part_changed
    session.do(React(Reaction.DODGE))
    session.do(ResolveCheck())
    assert part_of(session.state).pending is None


def test_rebuild_from_entries_gives_the_same_state_without_calling_the_sink():
    session = new_session()
    session.do(StartFight())
    session.do(AddCondition(["a"], Condition("Hasted", 2)))
    session.do(NextTurn())
    session.undo()
    sink = RecordingSink()
    rebuilt = Session(
        session.ruleset, session.roster, entries=session.entries, cursor=session.cursor, sink=sink
    )
    assert rebuilt.state == session.state
    assert rebuilt.can_redo
    assert sink.entries == []
    rebuilt.redo()
    session.redo()
    assert rebuilt.state == session.state


def test_rebuild_refuses_a_journal_that_does_not_replay():
    session = new_session()
    session.do(StartFight())
    session.do(ApplyDamage(["b"], 1))
    with pytest.raises(RulesError, match="entry 1"):
        Session(session.ruleset, roster()[:1], entries=session.entries)
    with pytest.raises(RulesError, match="cursor"):
        Session(session.ruleset, roster(), entries=session.entries, cursor=7)


def test_undo_far_back_uses_snapshots_and_matches_a_fresh_replay():
    session = new_session()
    session.do(StartFight())
    count = SNAPSHOT_EVERY + RECENT_STATES + 20
    for index in range(count):
        session.do(ApplyDamage(["b"], 1) if index % 2 else EditCell("a", "notes", str(index)))
    middle = SNAPSHOT_EVERY + 5
    while session.cursor > middle:
        session.undo()
    fresh = Session(session.ruleset, session.roster, entries=session.entries[:middle])
    assert session.state == fresh.state


def test_undo_step_by_step_far_back_and_a_new_branch_walk_the_states_a_fresh_replay_gives():
    session = new_session()
    session.do(StartFight())

    def edit(index):
        return ApplyDamage(["b"], 1) if index % 2 else EditCell("a", "notes", str(index))

    def undo_to(cursor):
        while session.cursor > cursor:
            session.undo()
            fresh = Session(session.ruleset, session.roster, entries=entries[: session.cursor])
            assert session.state == fresh.state

    for index in range(3 * SNAPSHOT_EVERY + RECENT_STATES):
        session.do(edit(index))
    entries = session.entries
    undo_to(2 * SNAPSHOT_EVERY + 6)
    session.do(EditCell("a", "notes", "a new branch"))
    for index in range(RECENT_STATES + 10):
        session.do(edit(index))
    entries = session.entries
    undo_to(SNAPSHOT_EVERY - 3)
    while session.can_redo:
        session.redo()
    assert session.state == Session(session.ruleset, session.roster, entries=entries).state


def test_entries_round_trip_through_the_journal_codec():
    session = new_session()
    session.do(StartFight())
    session.do(Attack("a", 0, "b"))
    session.do(React(Reaction.DODGE))
    session.do(ResolveCheck())
    for entry in session.entries:
        assert decode_entry(encode_entry(entry), session.ruleset.id) == entry
    with pytest.raises(JournalError):
        decode_entry(b'{"label": "x", "events": [{"type": "Nope"}]}')
    with pytest.raises(JournalError):
        decode_entry(b"\xff")


def test_log_lines_word_every_event():
    session = new_session()
    session.do(StartFight())
    lines = session.describe_entry(0)
    assert lines[0].startswith("Initiative: ")
    assert "Round 1 starts" in lines
    assert lines[-1].endswith("'s turn")


def test_a_long_journal_keeps_a_bounded_number_of_states():
    session = new_session()
    session.do(StartFight())
    count = 8 * SNAPSHOT_EVERY * MAX_SNAPSHOTS // 4
    for index in range(count):
        session.do(EditCell("a", "notes", str(index)))
    bound = 2 * MAX_SNAPSHOTS + MAX_HEAVY_STATES + RECENT_STATES + 1
    assert len(session._states) <= bound
    middle = count // 3 + 7
    assert (
        session.state_at(middle)
        == Session(session.ruleset, session.roster, entries=session.entries[:middle]).state
    )


@pytest.mark.parametrize("count", [SNAPSHOT_EVERY * (MAX_SNAPSHOTS + 1) - 1, 300 * SNAPSHOT_EVERY])
def test_a_journal_read_back_keeps_the_states_the_same_entries_done_one_by_one_keep(
    count, monkeypatch
):
    monkeypatch.setattr("uwr_desktop.core.session.HEAVY_ENTRY_SECONDS", float("inf"))
    session = new_session()
    session.do(StartFight())
    for index in range(count - 1):
        session.do(EditCell("a", "notes", str(index)))
    read_back = Session(session.ruleset, session.roster, entries=session.entries)
    assert read_back._states.keys() == session._states.keys()
    assert read_back._spacing == session._spacing
    for position, state in read_back._states.items():
        assert state == session._states[position]
