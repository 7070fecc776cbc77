"""Journal entries: one per intent, holding the events it produced.

The autosave keeps the journal through a :class:`JournalSink`; entries travel as JSON bytes
made by :func:`encode_entry` and read back by :func:`decode_entry`.
"""

from functools import cache
from typing import Any, Protocol

import msgspec

from uwr_desktop.core.events import ENCODER, Event, dec_hook, dec_hook_for, event_union
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.registry import (
    load_ruleset,
    load_rulesets,
    make_ruleset,
    ruleset_ids,
)
from uwr_desktop.core.upgrade import EARLIEST_SCHEMA, upgrade_entry


class JournalEntry(msgspec.Struct, frozen=True, gc=False):
    """What one intent did: a label for the Edit menu and log, and its events in order."""

    label: str
    events: tuple[Event, ...]


class JournalError(ValueError):
    """Bytes that are not a journal entry; the message says what is wrong."""


def _entry_decoder(ruleset_id: str | None = None) -> msgspec.json.Decoder[Any]:
    """The decoder for every event type known now: the shared ones and those of every ruleset
    loaded so far (a ruleset loaded later adds its own); with ``ruleset_id``, for a fight
    following that ruleset (a sheet of another is refused)."""
    return _decoder_for(event_union(), ruleset_id)


@cache
def _decoder_for(events: Any, ruleset_id: str | None) -> msgspec.json.Decoder[Any]:
    wire = msgspec.defstruct(
        "JournalEntryWire",
        [("label", str), ("events", tuple[events, ...])],
        frozen=True,
        forbid_unknown_fields=True,
    )
    hook = dec_hook if ruleset_id is None else dec_hook_for(ruleset_id)
    return msgspec.json.Decoder(wire, dec_hook=hook)


def entry_wire_type() -> Any:
    """Return the typed shape of an entry on the wire (for embedding in other documents)."""
    return _entry_decoder().type


def entry_from_wire(wire: Any) -> JournalEntry:
    """Turn a decoded wire entry into a :class:`JournalEntry`."""
    return JournalEntry(label=wire.label, events=tuple(wire.events))


class _LastEncoded:
    """The entry whose bytes are known already: ``Session.do`` encodes each new entry and
    reads it back to check it, then the autosave stores the entry read back, as those bytes."""

    entry: JournalEntry | None = None
    data: bytes = b""


def remember_encoded(entry: JournalEntry, data: bytes) -> None:
    """Note that ``data`` (made by :func:`encode_entry`) decodes to ``entry``, so encoding
    ``entry`` next gives ``data`` without encoding again."""
    _LastEncoded.entry, _LastEncoded.data = entry, data


def encode_entry(entry: JournalEntry) -> bytes:
    """Encode an entry as JSON bytes: ``{"label": ..., "events": [{"type": ...}, ...]}``."""
    if entry is _LastEncoded.entry:
        return _LastEncoded.data
    return ENCODER.encode(entry)


def decode_entry(data: bytes, ruleset_id: str | None = None) -> JournalEntry:
    """Decode bytes made by :func:`encode_entry`; anything else raises :class:`JournalError`.

    An entry an earlier version wrote is read in today's shape, through the upgrade of the
    ruleset ``ruleset_id`` (``None``: of whichever ruleset reads it).
    """
    if ruleset_id is None:
        load_rulesets()
    else:
        load_ruleset(ruleset_id)
    try:
        wire = _entry_decoder(ruleset_id).decode(data)
    except msgspec.DecodeError as error:
        wire = _upgraded(data, ruleset_id)
        if wire is None:
            raise JournalError(f"not a journal entry: {error}") from None
    return entry_from_wire(wire)


def _upgraded(data: bytes, ruleset_id: str | None) -> Any:
    """The wire entry an earlier version's ``data`` holds, or ``None``."""
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError:
        return None
    for candidate in ruleset_ids() if ruleset_id is None else (ruleset_id,):
        try:
            upgraded = upgrade_entry(raw, make_ruleset(candidate), EARLIEST_SCHEMA)
        except RulesError:
            return None
        if upgraded == raw:
            continue
        try:
            return _entry_decoder(ruleset_id).decode(ENCODER.encode(upgraded))
        except (msgspec.DecodeError, TypeError, ValueError):
            continue
    return None


class JournalSink(Protocol):
    """Where a session reports its journal as it changes (the autosave implements this)."""

    def append(self, index: int, entry: JournalEntry) -> None:
        """Store ``entry`` at ``index``.

        Entries at ``index`` and above are dropped first; the cursor becomes ``index + 1``.
        """

    def move_cursor(self, cursor: int) -> None:
        """Record the cursor after an undo or redo (entries below it are in force)."""
