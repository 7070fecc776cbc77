"""Journal entries: one per intent, holding the events it produced.

The autosave keeps the journal through a :class:`JournalSink`; entries travel as JSON bytes
made by :func:`encode_entry` and read back by :func:`decode_entry`.
"""

import re
from functools import cache
from typing import Any, Protocol

import msgspec

from uwr_desktop.core.events import (
    ENCODER,
    Event,
    dec_hook,
    dec_hook_for,
    error_path,
    event_union,
)
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


def _entry_decoder(ruleset_id: str, sheets_of: str | None) -> msgspec.json.Decoder[Any]:
    """The decoder for entries of a fight following ``ruleset_id``: the shared events and that
    round system's own (``""``: the shared ones alone); with ``sheets_of``, a combatant's sheet
    of another round system is refused."""
    return _decoder_for(event_union(ruleset_id), sheets_of)


@cache
def _decoder_for(events: Any, sheets_of: str | None) -> msgspec.json.Decoder[Any]:
    wire = msgspec.defstruct(
        "JournalEntryWire",
        [("label", str), ("events", tuple[events, ...])],
        frozen=True,
        forbid_unknown_fields=True,
    )
    hook = dec_hook if sheets_of is None else dec_hook_for(sheets_of)
    return msgspec.json.Decoder(wire, dec_hook=hook)


def entry_wire_type(ruleset_id: str) -> Any:
    """Return the typed shape of an entry of a ``ruleset_id`` fight on the wire (for embedding
    in other documents); its round system must be loaded."""
    return _entry_decoder(ruleset_id, None).type


def refused_field(path: str, message: str, ruleset_id: str) -> str:
    """What the typed decoder said of ``path`` in an entry of a ``ruleset_id`` fight, an event
    this round system does not have (another system's, say) named as such: ``"the round system
    'uwr' has no event 'Delayed'"``."""
    unknown = re.fullmatch(r"Invalid value (?P<tag>.+)", message)
    if unknown is None or not ruleset_id or not re.search(r"events\[\d+\]\.type$", path):
        return message
    return f"the round system {ruleset_id!r} has no event {unknown['tag']}"


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
    """Decode bytes made by :func:`encode_entry` for a fight following ``ruleset_id``; anything
    else raises :class:`JournalError`.

    An entry an earlier version wrote is read in today's shape, through the upgrade of its
    round system. Where the round system is not known (``None``), the entry is read as the
    first one's that reads it cleanly; one that none reads is refused in the words of the
    shared events, the same whichever round systems are loaded.
    """
    if ruleset_id is not None:
        load_ruleset(ruleset_id)
        return _decoded(data, ruleset_id, ruleset_id)
    load_rulesets()
    for candidate in ruleset_ids():
        try:
            return _decoded(data, candidate, None)
        except JournalError:
            continue
    return _decoded(data, "", None)


def _decoded(data: bytes, ruleset_id: str, sheets_of: str | None) -> JournalEntry:
    """The entry ``data`` holds, read with the events of ``ruleset_id`` (``""``: the shared
    ones alone), in today's shape."""
    try:
        wire = _entry_decoder(ruleset_id, sheets_of).decode(data)
    except msgspec.DecodeError as error:
        wire = _upgraded(data, ruleset_id, sheets_of) if ruleset_id else None
        if wire is None:
            raise JournalError(f"not a journal entry: {_problem(error, ruleset_id)}") from None
    return entry_from_wire(wire)


def _problem(error: msgspec.DecodeError, ruleset_id: str) -> str:
    if not isinstance(error, msgspec.ValidationError):
        return str(error)
    path, message = error_path(error)
    return f"{path}: {refused_field(path, message, ruleset_id)}" if path else message


def _upgraded(data: bytes, ruleset_id: str, sheets_of: str | None) -> Any:
    """The wire entry an earlier version's ``data`` holds, or ``None``."""
    try:
        raw = msgspec.json.decode(data)
        upgraded = upgrade_entry(raw, make_ruleset(ruleset_id), EARLIEST_SCHEMA)
    except (msgspec.DecodeError, RulesError):
        return None
    if upgraded == raw:
        return None
    try:
        return _entry_decoder(ruleset_id, sheets_of).decode(ENCODER.encode(upgraded))
    except (msgspec.DecodeError, TypeError, ValueError):
        return None


class JournalSink(Protocol):
    """Where a session reports its journal as it changes (the autosave implements this)."""

    def append(self, index: int, entry: JournalEntry) -> None:
        """Store ``entry`` at ``index``.

        Entries at ``index`` and above are dropped first; the cursor becomes ``index + 1``.
        """

    def move_cursor(self, cursor: int) -> None:
        """Record the cursor after an undo or redo (entries below it are in force)."""
