"""The encounter session: the one facade the UI talks to.

``Session.do(intent)`` asks the ruleset to check the intent, records the events it answers as
ONE journal entry, updates the state and tells observers exactly what changed. ``undo()`` and
``redo()`` move a cursor over the entries: undo never rolls anything and never replays the
whole journal (states are kept on a grid of at most ``MAX_SNAPSHOTS`` entries, every
``SNAPSHOT_EVERY``-th at first and sparser as the journal grows, after the latest
``MAX_HEAVY_STATES`` slow entries and for the last ``RECENT_STATES`` entries; anything else
replays from the nearest kept state, so memory grows with the events and combatants, not
with their product; the states met on such a replay are kept too, the latest
``RECENT_STATES`` of them, so undoing step by step replays each entry once);
redo re-applies the recorded events, faces and all.
"""

import random
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import compress, filterfalse
from operator import is_not

import msgspec

from uwr_desktop.core.dice import DiceError, Roller
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.entry_view import EntryView, view_entry
from uwr_desktop.core.intents import Intent, RulesError
from uwr_desktop.core.journal import JournalEntry, JournalSink
from uwr_desktop.core.journal_budget import JournalBudget, fight_bytes
from uwr_desktop.core.limits import MAX_COMBATANTS
from uwr_desktop.core.record_check import (
    check_settings,
    checked_intent,
    checked_roster,
    recorded,
)
from uwr_desktop.core.references import check_references
from uwr_desktop.core.rulesets.base import Ruleset, WorkingState
from uwr_desktop.core.rulesets.hand_rolls import rolled_by_hand

SNAPSHOT_EVERY = 32
"""Keep the state after every this many entries for good (while the grid is not full)."""

MAX_SNAPSHOTS = 128
"""At most this many states on the grid: when it fills up its spacing doubles."""

MAX_HEAVY_STATES = 64
"""At most this many states kept after slow entries (the latest ones)."""

RECENT_STATES = 64
"""Also keep the states after the latest this many entries (fast undo of recent work)."""

HEAVY_ENTRY_SECONDS = 0.0005
"""Keep for good the state after any entry slower than this to apply (a round start in a big
fight), so undo never has to replay it again."""


MAX_ENTRY_VIEWS = 256
"""At most this many entries' log lines and rolls are kept once worked out."""


def _grid_spacing(entries: int) -> int:
    """The grid's spacing once ``entries`` entries are kept one after another."""
    spacing = SNAPSHOT_EVERY
    while entries >= (MAX_SNAPSHOTS + 1) * spacing:
        spacing *= 2
    return spacing


class Change(msgspec.Struct, frozen=True):
    """What one ``do``, ``undo`` or ``redo`` changed, for precise UI updates.

    ``changed`` are ids of combatants still present whose data changed; ``added`` and
    ``removed`` ids in table order; ``order_changed`` says the turn order moved;
    ``rows_changed`` the table's row order; ``timeline_changed`` anything the timeline shows
    (the ruleset's part included: a count of a countdown, say);
    ``entry`` is the entry done, undone or redone.
    """

    kind: str
    entry: JournalEntry
    changed: frozenset[str]
    added: tuple[str, ...]
    removed: tuple[str, ...]
    order_changed: bool
    rows_changed: bool
    round_changed: bool
    phase_changed: bool
    timeline_changed: bool
    part_changed: bool


def diff(kind: str, entry: JournalEntry, old: EncounterState, new: EncounterState) -> Change:
    """Compare two states by identity of their combatants (cheap thanks to sharing)."""
    before, after = old.combatants, new.combatants
    changed: frozenset[str] = frozenset()
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    if before is not after and len(before) == len(after) and list(before) == list(after):
        # The usual case, a new dict with the same ids in the same order (an edit): pair the
        # combatants up without looking an id up (a tenth of an intent at 1,000 combatants).
        changed = frozenset(compress(after, map(is_not, before.values(), after.values())))
    elif before is not after:
        changed = frozenset(
            cid for cid, combatant in after.items() if before.get(cid, combatant) is not combatant
        )
        added = tuple(filterfalse(before.__contains__, new.rows))
        removed = tuple(filterfalse(after.__contains__, old.rows))
    order_changed = old.order != new.order
    turn_changed = old.current != new.current or old.acted != new.acted
    part_changed = old.part is not new.part and old.part != new.part
    return Change(
        kind=kind,
        entry=entry,
        changed=changed,
        added=added,
        removed=removed,
        order_changed=order_changed,
        rows_changed=old.rows != new.rows,
        round_changed=old.round != new.round,
        phase_changed=old.phase != new.phase,
        timeline_changed=bool(
            order_changed or turn_changed or part_changed or changed or added or removed
        ),
        part_changed=part_changed,
    )


class Session:
    """One encounter: a ruleset, the roster it started from and the journal of what happened.

    ``entries``/``cursor`` rebuild a saved or recovered fight (replayed and checked, without
    calling the sink); ``cursor`` defaults to all entries. A journal that does not replay under
    the rules, or settings or a roster that a saved file could not read back, raise
    ``RulesError``.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        roster: Iterable[Combatant] = (),
        *,
        roller: Roller | None = None,
        sink: JournalSink | None = None,
        entries: Sequence[JournalEntry] = (),
        cursor: int | None = None,
    ) -> None:
        """Start (or rebuild) the encounter."""
        check_settings(ruleset.settings)
        self._ruleset = ruleset
        self._roster = checked_roster(roster)
        self._roller = roller if roller is not None else Roller(random.Random())
        self._sink = sink
        self._observers: list[Callable[[Change], None]] = []
        self._entries: list[JournalEntry] = list(entries)
        self._views: dict[int, tuple[JournalEntry, EntryView]] = {}
        if len(self._roster) > MAX_COMBATANTS:
            raise RulesError(
                f"a fight starts with at most {MAX_COMBATANTS:,} combatants, "
                f"not {len(self._roster):,}"
            )
        self._budget = JournalBudget(fight_bytes(ruleset.settings, self._roster), self._entries)
        if cursor is None:
            cursor = len(self._entries)
        if not 0 <= cursor <= len(self._entries):
            raise RulesError(
                f"the journal cursor {cursor} is outside the journal (0 to {len(self._entries)})"
            )
        initial = ruleset.initial_state(self._roster)
        self._states: dict[int, EncounterState] = {0: initial}
        self._replayed: dict[int, EncounterState] = {}
        self._pinned: set[int] = {0}
        self._heavy: list[int] = []
        last = len(self._entries)
        self._spacing = _grid_spacing(last)
        work = ruleset.working(initial)
        for position, entry in enumerate(self._entries, 1):
            try:
                self._play(work, entry, position)
            except RulesError as error:
                raise RulesError(
                    f"entry {position} ({entry.label!r}) does not replay: {error}"
                ) from None
            if position % self._spacing == 0 or position > last - RECENT_STATES:
                self._keep(position, work.state())
            else:
                self._forget(position - RECENT_STATES)
        self._cursor = cursor
        self._state = self.state_at(cursor)

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset (with its settings)."""
        return self._ruleset

    @property
    def roller(self) -> Roller:
        """The roller of this fight's dice (the app's)."""
        return self._roller

    @property
    def roster(self) -> tuple[Combatant, ...]:
        """The combatants the fight started from."""
        return self._roster

    @property
    def saved_size(self) -> int:
        """The bytes a file of the fight takes written without spaces, every entry included:
        what ``MAX_FIGHT_BYTES`` bounds."""
        return self._budget.bytes_before(len(self._entries))

    @property
    def state(self) -> EncounterState:
        """The state at the cursor."""
        return self._state

    @property
    def entries(self) -> tuple[JournalEntry, ...]:
        """Every entry, including the redo tail beyond the cursor."""
        return tuple(self._entries)

    @property
    def cursor(self) -> int:
        """How many entries are in force."""
        return self._cursor

    @property
    def can_undo(self) -> bool:
        """Whether there is an entry to undo."""
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone entry to redo."""
        return self._cursor < len(self._entries)

    @property
    def undo_label(self) -> str | None:
        """The label of the entry ``undo`` would take back."""
        return self._entries[self._cursor - 1].label if self.can_undo else None

    @property
    def redo_label(self) -> str | None:
        """The label of the entry ``redo`` would re-apply."""
        return self._entries[self._cursor].label if self.can_redo else None

    def attach(self, *, roller: Roller | None = None, sink: JournalSink | None = None) -> None:
        """Give a session built from a saved journal its roller and journal sink from now on.

        A fight read from a file or the autosave is replayed and checked before its autosave
        journal exists; this hands later rolls to ``roller`` and later entries to ``sink``.
        """
        if roller is not None:
            self._roller = roller
        if sink is not None:
            self._sink = sink

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``callback`` with a :class:`Change` after every do/undo/redo; returns the
        unsubscribe function."""
        self._observers.append(callback)

        def unsubscribe() -> None:
            if callback in self._observers:
                self._observers.remove(callback)

        return unsubscribe

    def do(self, intent: Intent, *, roller: Roller | None = None) -> JournalEntry:
        """Do ``intent``: one new entry (dropping any redo tail); ``RulesError`` if refused.

        ``roller`` rolls this intent's dice instead of the session's (one that takes faces
        typed in by hand: an entry whose rolls met such faces ends with ``RolledByHand``).
        The intent's fields are checked first, and the entry is kept as it reads back from
        its saved form, so nothing is done that a file or the autosave could not hold.
        """
        intent = checked_intent(intent)
        rolling = roller if roller is not None else self._roller
        try:
            decision = self._ruleset.decide(self._state, intent, rolling)
        except DiceError as error:
            raise RulesError(str(error)) from None
        events = decision.events
        mark = rolled_by_hand(rolling.typed_by())
        if mark is not None:
            events = (*events, mark)
        entry = recorded(JournalEntry(decision.label, events), self.ruleset.id)
        index = self._cursor
        totals = self._budget.check(index, entry)
        for stale in [key for key in self._states if key > index]:
            del self._states[stale]
        self._replayed = {key: kept for key, kept in self._replayed.items() if key <= index}
        self._pinned = {key for key in self._pinned if key <= index}
        self._heavy = [key for key in self._heavy if key <= index]
        new = self._replay(self._state, entry, index + 1)
        if self._sink is not None:
            self._sink.append(index, entry)
        del self._entries[index:]
        self._entries.append(entry)
        self._budget.record(index, totals)
        self._keep(index + 1, new)
        return self._move(index + 1, new, "do", entry)

    def undo(self) -> JournalEntry:
        """Take back the last entry in force; ``RulesError`` when there is none."""
        if not self.can_undo:
            raise RulesError("Nothing to undo")
        entry = self._entries[self._cursor - 1]
        new = self.state_at(self._cursor - 1)
        if self._sink is not None:
            self._sink.move_cursor(self._cursor - 1)
        return self._move(self._cursor - 1, new, "undo", entry)

    def redo(self) -> JournalEntry:
        """Re-apply the next undone entry with its recorded faces; ``RulesError`` if none."""
        if not self.can_redo:
            raise RulesError("Nothing to redo")
        entry = self._entries[self._cursor]
        new = self._kept(self._cursor + 1) or self._replay(self._state, entry, self._cursor + 1)
        self._keep(self._cursor + 1, new)
        if self._sink is not None:
            self._sink.move_cursor(self._cursor + 1)
        return self._move(self._cursor + 1, new, "redo", entry)

    def state_at(self, position: int) -> EncounterState:
        """The state after the first ``position`` entries (from the nearest kept state)."""
        if not 0 <= position <= len(self._entries):
            raise RulesError(f"there is no journal position {position}")
        base = position
        while (state := self._kept(base)) is None:
            base -= 1
        if base == position:
            return state
        work = self._ruleset.working(state)
        replayed = {}
        for offset, entry in enumerate(self._entries[base:position], base + 1):
            self._play(work, entry, offset)
            if offset > position - RECENT_STATES:
                replayed[offset] = work.state()
        self._replayed = replayed
        return work.state()

    def _kept(self, position: int) -> EncounterState | None:
        """The state after ``position`` entries if it is kept, ``None`` if it must be replayed."""
        return self._states.get(position) or self._replayed.get(position)

    def describe_entry(self, index: int) -> tuple[str, ...]:
        """The log lines of entry ``index`` (0-based), one per event that says something."""
        return tuple(line.text for line in self.entry_view(index).lines)

    def entry_view(self, index: int) -> EntryView:
        """What entry ``index`` (0-based) shows: its log lines and its rolls, worked out once
        for every view that asks (the log, the dice tray, the player view)."""
        (view,) = self.entry_views(index, index + 1)
        return view

    def entry_views(self, first: int, last: int) -> list[EntryView]:
        """The views of entries ``first`` to ``last`` (excluded), walking the states once."""
        views: list[EntryView] = []
        state: EncounterState | None = None
        for index in range(first, last):
            entry = self._entries[index]
            known = self._views.get(index)
            if known is not None and known[0] is entry:
                views.append(known[1])
                state = None
                continue
            if state is None:
                state = self.state_at(index)
            view, state = view_entry(self._ruleset, state, entry)
            if len(self._views) >= MAX_ENTRY_VIEWS:
                del self._views[next(iter(self._views))]
            self._views[index] = (entry, view)
            views.append(view)
        return views

    def _replay(self, state: EncounterState, entry: JournalEntry, position: int) -> EncounterState:
        """The state after ``entry`` applied to ``state``; ``entry`` lands at ``position``."""
        work = self._ruleset.working(state)
        self._play(work, entry, position)
        return work.state()

    def _play(self, work: WorkingState, entry: JournalEntry, position: int) -> None:
        """Apply ``entry``, which lands at ``position``, to ``work``; a slow one gets its state
        kept.

        An event naming a combatant not in the fight, a roll that breaks its dice rules, or
        more combatants at once than a fight may hold, are refused with ``RulesError``.
        """
        started = time.perf_counter()
        try:
            for event in entry.events:
                check_references(work.combatants, event)
                work.apply(event)
        except DiceError as error:
            raise RulesError(f"a recorded roll does not fit the dice rules: {error}") from None
        if len(work.combatants) > MAX_COMBATANTS:
            raise RulesError(
                f"a fight holds at most {MAX_COMBATANTS:,} combatants at once, "
                f"not {len(work.combatants):,}"
            )
        if time.perf_counter() - started > HEAVY_ENTRY_SECONDS and position not in self._pinned:
            self._pinned.add(position)
            self._heavy.append(position)
            self._states[position] = work.state()
            if len(self._heavy) > MAX_HEAVY_STATES:
                oldest = self._heavy.pop(0)
                if oldest % self._spacing:
                    self._unpin([oldest], position)

    def _keep(self, position: int, state: EncounterState) -> None:
        self._states[position] = state
        if position % self._spacing == 0:
            self._pinned.add(position)
            if position // self._spacing > MAX_SNAPSHOTS:
                self._spacing *= 2
                self._unpin(
                    [key for key in self._pinned if key % self._spacing and key not in self._heavy],
                    position,
                )
        self._forget(position - RECENT_STATES)

    def _forget(self, position: int) -> None:
        """Drop the state after ``position`` entries unless it is kept for good."""
        if position > 0 and position not in self._pinned:
            self._states.pop(position, None)

    def _unpin(self, positions: list[int], latest: int) -> None:
        """Stop keeping ``positions`` for good; their states go unless they are recent."""
        for key in positions:
            self._pinned.discard(key)
            if key < latest - RECENT_STATES:
                self._states.pop(key, None)

    def _move(
        self, cursor: int, new: EncounterState, kind: str, entry: JournalEntry
    ) -> JournalEntry:
        old = self._state
        self._cursor = cursor
        self._state = new
        change = diff(kind, entry, old, new)
        for callback in list(self._observers):
            callback(change)
        return entry
