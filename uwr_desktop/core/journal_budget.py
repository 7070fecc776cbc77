"""How much of a fight's limits its journal uses: entries, events and file bytes.

A fight is saved as one ``.uwr`` file and read back under the limits of
:mod:`uwr_desktop.core.limits`. The session asks :class:`JournalBudget` before it records an
entry, so a fight never grows past what a file may hold and can always be opened again.
"""

from collections.abc import Sequence
from itertools import accumulate

import msgspec

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import ENCODER
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.journal import JournalEntry, encode_entry
from uwr_desktop.core.limits import MAX_EVENTS, MAX_FIGHT_BYTES, MAX_JOURNAL_ENTRIES

FILE_FRAME_BYTES = 1024
"""Room kept for the file's own fields (format, versions, ruleset id, cursor)."""

_FULL = "save it and go on in a new fight"


def fight_bytes(settings: msgspec.Struct, roster: Sequence[Combatant]) -> int:
    """The bytes a file of this fight takes before its journal (written without spaces)."""
    return FILE_FRAME_BYTES + len(ENCODER.encode(settings)) + len(ENCODER.encode(tuple(roster)))


class JournalBudget:
    """Running totals of a journal's events and bytes, entry by entry."""

    def __init__(self, base_bytes: int, entries: Sequence[JournalEntry]) -> None:
        """Count ``entries`` on top of ``base_bytes``; ``RulesError`` when they are too many."""
        self._base = base_bytes
        if len(entries) > MAX_JOURNAL_ENTRIES:
            raise RulesError(
                f"a fight keeps at most {MAX_JOURNAL_ENTRIES:,} changes, not {len(entries):,}"
            )
        self._events = list(accumulate(len(entry.events) for entry in entries))
        events = self._events[-1] if entries else 0
        if events > MAX_EVENTS:
            raise RulesError(f"a fight keeps at most {MAX_EVENTS:,} events, not {events:,}")
        # Measured when first needed: opening a fight (already held to the limit as a file)
        # does not pay for encoding every entry again.
        self._unmeasured: tuple[JournalEntry, ...] | None = tuple(entries)
        self._bytes: list[int] = []

    def bytes_before(self, index: int) -> int:
        """The file bytes of the fight with its first ``index`` entries."""
        if self._unmeasured is not None:
            entries, self._unmeasured = self._unmeasured, None
            self._bytes = list(accumulate(len(encode_entry(entry)) + 1 for entry in entries))
        return self._base + (self._bytes[index - 1] if index else 0)

    def check(self, index: int, entry: JournalEntry) -> tuple[int, int]:
        """The totals with ``entry`` recorded at ``index`` (dropping those after it);
        ``RulesError`` when they pass a limit."""
        if index >= MAX_JOURNAL_ENTRIES:
            raise RulesError(
                f"This fight has reached {MAX_JOURNAL_ENTRIES:,} changes, the most one fight "
                f"keeps: {_FULL}"
            )
        events = (self._events[index - 1] if index else 0) + len(entry.events)
        if events > MAX_EVENTS:
            raise RulesError(
                f"This fight has reached {MAX_EVENTS:,} events, the most one fight keeps: {_FULL}"
            )
        size = self.bytes_before(index) + len(encode_entry(entry)) + 1
        if size > MAX_FIGHT_BYTES:
            raise RulesError(
                f"This would take the fight past {MAX_FIGHT_BYTES // 2**20} MiB, the most one "
                f"file holds: {_FULL}"
            )
        return events, size - self._base

    def record(self, index: int, totals: tuple[int, int]) -> None:
        """Record an entry at ``index`` with the totals :meth:`check` gave for it (the entries
        before ``index`` are those counted so far)."""
        del self._events[index:], self._bytes[index:]
        self._events.append(totals[0])
        self._bytes.append(totals[1])
