"""Shared helpers of the tests of conditions tied to a combatant's turn."""

from uwr_desktop.core.encounter import Condition, TurnEdge, TurnTie
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter

START, END = TurnEdge.START, TurnEdge.END


def tied(name: str, edge: TurnEdge, combatant_id: str) -> Condition:
    """``name`` lasting until the ``edge`` of ``combatant_id``'s next turn."""
    return Condition(name, until=TurnTie(edge, combatant_id))


def names_on(session: Session, combatant_id: str) -> list[str]:
    """The names of the conditions on ``combatant_id`` now."""
    return [condition.name for condition in session.state.combatants[combatant_id].conditions]


def last_lines(session: Session) -> tuple[str, ...]:
    """The log lines of the latest entry."""
    return session.describe_entry(session.cursor - 1)


def assert_replays_exactly(session: Session) -> None:
    """The fight saved and reopened is the same fight; every entry undone and redone walks
    the same states back and forth."""
    reopened = decode_encounter(encode_encounter(session)).session()
    assert reopened.entries == session.entries
    assert reopened.cursor == session.cursor
    assert reopened.state == session.state
    states = [session.state]
    while session.can_undo:
        session.undo()
        states.append(session.state)
    for state in reversed(states[:-1]):
        session.redo()
        assert session.state == state
    log = [reopened.describe_entry(i) for i in range(len(reopened.entries))]
    assert log == [session.describe_entry(i) for i in range(len(session.entries))]
