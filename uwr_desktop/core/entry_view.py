"""What one journal entry shows, worked out once for every view that asks: its log lines, the
combatants each line concerns, the rolls it made and who left the fight in it."""

import msgspec

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsUpdated,
    Event,
    RolledByHand,
    RoundEnded,
)
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.references import named_combatants
from uwr_desktop.core.rulesets.base import RollShown, Ruleset


class EntryLine(msgspec.Struct, frozen=True):
    """One event in words: the ruleset's ``text`` as it words it, the ``round`` it happened in, the
    ``heading_round`` it is listed under (a round's start belongs to that round) and the
    combatants it concerns (empty for a round boundary, which concerns everyone)."""

    text: str
    round: int
    heading_round: int
    combatant_ids: frozenset[str]


class EntryView(msgspec.Struct, frozen=True):
    """What one journal entry shows: its log lines (one per event that says something), the
    rolls its events made in order, and who left the fight in it (id and name)."""

    lines: tuple[EntryLine, ...]
    rolls: tuple[RollShown, ...]
    departures: tuple[tuple[str, str], ...] = ()


def concerned(event: Event, before: EncounterState, after: EncounterState) -> frozenset[str]:
    """The combatants ``event`` concerns: those it names, else those the ruleset's part of the
    state names (the combatants of a pending check, say). A round boundary (the round or phase
    changes, or the round ends) concerns everyone and gives an empty set."""
    if isinstance(event, RoundEnded) or (before.round, before.phase) != (
        after.round,
        after.phase,
    ):
        return frozenset()
    found = set(named_combatants(event))
    if isinstance(event, CombatantsJoined):
        found.update(combatant.id for combatant in event.combatants)
    elif isinstance(event, CombatantsUpdated):
        found.update(update.combatant.id for update in event.updates)
    if not found and before.part is not None:
        found.update(named_combatants(before.part))
    return frozenset(found)


def view_entry(
    ruleset: Ruleset, state: EncounterState, entry: JournalEntry
) -> tuple[EntryView, EncounterState]:
    """The view of ``entry`` applied to ``state`` (the state before it), and the state after."""
    lines: list[EntryLine] = []
    rolls: list[RollShown] = []
    departures: list[tuple[str, str]] = []
    for event in entry.events:
        after = ruleset.apply(state, event)
        text = ruleset.describe(event, state)
        if text:
            lines.append(
                EntryLine(
                    text=text,
                    round=state.round,
                    heading_round=after.round,
                    combatant_ids=concerned(event, state, after),
                )
            )
        rolls.extend(ruleset.rolls(event, state))
        if after.rows is not state.rows:
            staying = set(after.rows)
            departures += [
                (cid, state.combatants[cid].name) for cid in state.rows if cid not in staying
            ]
        state = after
    marks = [event for event in entry.events if isinstance(event, RolledByHand)]
    if marks:
        rolls = [_marked(roll, marks) for roll in rolls]
    return EntryView(tuple(lines), tuple(rolls), tuple(departures)), state


def _marked(roll: RollShown, marks: list[RolledByHand]) -> RollShown:
    """``roll`` marked as rolled by hand when a mark of its entry names its roller."""
    cid = roll.combatant_id
    typed = any(mark.nobody if cid is None else cid in mark.combatant_ids for mark in marks)
    return msgspec.structs.replace(roll, by_hand=True) if typed else roll
