"""The ``.uwr`` encounter file: versioned JSON holding the roster and the journal.

::

    {"format": "uwr-desktop-encounter", "schema_version": 8, "ruleset": "uwr",
     "settings": {...}, "roster": [combatants the fight started from],
     "journal": [{"label": ..., "events": [...]}, ...], "cursor": N}

Reading validates the whole document with typed ``msgspec`` structs and replays the journal
under the rules; every problem raises :class:`EncounterFileError` with one message naming it.
Reading never touches an open encounter: it builds a new :class:`Session`. Saving is atomic
(a temporary file in the same folder, flushed and synced, then renamed over the target).
See ``docs/file-format.md``.
"""

import os
import re
import stat
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import msgspec

import uwr_desktop
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import (
    ENCODER,
    dec_hook,
    dec_hook_for,
    error_path,
    to_builtins,
)
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.journal import (
    JournalEntry,
    JournalSink,
    entry_from_wire,
    entry_wire_type,
    refused_field,
)
from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_EVENTS,
    MAX_FIGHT_BYTES,
    MAX_FILE_BYTES,
    MAX_JOURNAL_ENTRIES,
    MAX_JSON_DEPTH,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.atomic_file import FileChangedError, FileStamp, write_atomically
from uwr_desktop.core.storage.bounded_read import read_at_most
from uwr_desktop.core.storage.json_depth import nested_deeper_than
from uwr_desktop.core.storage.names import display_name
from uwr_desktop.core.upgrade import upgrade_entry, upgrade_roster, upgrade_settings

FORMAT_NAME = "uwr-desktop-encounter"
"""The ``format`` value every encounter file carries."""

SCHEMA_VERSION = 8
"""The newest schema this version reads and the one it writes.

Schema 1 (release 0.1.0) kept each combatant's sheet fields beside its name; schema 2 files
may leave out settings whose default changed in schema 3; up to schema 3 a ruleset's events
were tagged with their class name alone (``RollkeepAttacked``), since schema 4 with the
ruleset's id (``rollkeep.Attacked``); schema 5 added conditions lasting until a combatant's
turn or carrying a round system's preset, and the event ending them (``ConditionsAtTurn``):
a schema 4 file has none and reads unchanged; schema 6 added who rolls the dice (a
combatant's ``dice_by``, the events ``HandRollsSet`` and ``RolledByHand``), which a schema 5
file leaves to the app and reads unchanged; schema 7 records the limit of every roll-and-keep
roll (``limit``), which earlier records implied, the Ten Dice Rule, and drops the leftover-die
setting of every other roll; schema 8 tags a round system's events with their names alone
(``Attacked``), read only in a fight of that system, so two systems may name an event alike:
the id before the name of an earlier file's event is taken off. All are read through the
ruleset's upgrade (:mod:`uwr_desktop.core.upgrade`)."""

FILE_SUFFIX = ".uwr"
"""The usual file name suffix."""


class EncounterFileError(Exception):
    """An encounter file cannot be read or written; the message names the one problem."""


class _Header(msgspec.Struct):
    format: Any = None
    schema_version: Any = None
    ruleset: Any = None


def _file_decoder(ruleset_id: str | None) -> msgspec.json.Decoder[Any]:
    """The decoder for a file of a ``ruleset_id`` fight: the shared events and that round
    system's own, a combatant's sheet of that round system (``None``: a file naming no round
    system, read with the shared events alone)."""
    return _file_decoder_for(entry_wire_type(ruleset_id or ""), ruleset_id)


@cache
def _file_decoder_for(entry_type: Any, ruleset_id: str | None) -> msgspec.json.Decoder[Any]:
    file_type = msgspec.defstruct(
        "EncounterFileV1",
        [
            ("format", str),
            ("schema_version", int),
            ("ruleset", str),
            ("settings", dict[str, Any]),
            ("roster", Annotated[tuple[Combatant, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]),
            (
                "journal",
                Annotated[
                    tuple[entry_type, ...],
                    msgspec.Meta(max_length=MAX_JOURNAL_ENTRIES),
                ],
            ),
            ("cursor", Annotated[int, msgspec.Meta(ge=0)]),
            ("app_version", str, ""),
        ],
        forbid_unknown_fields=True,
    )
    hook = dec_hook if ruleset_id is None else dec_hook_for(ruleset_id)
    return msgspec.json.Decoder(file_type, dec_hook=hook)


class EncounterData(msgspec.Struct, frozen=True):
    """A validated encounter file: its ruleset, starting roster and journal.

    ``checked`` is the session built while the journal was replayed to check it, so the file is
    replayed once, not again when it is opened. ``stamp`` is the version of the file that was
    read (``None`` for bytes not read from a file), to save over it later only if unchanged.
    """

    ruleset: Ruleset
    roster: tuple[Combatant, ...]
    entries: tuple[JournalEntry, ...]
    cursor: int
    checked: Session
    stamp: FileStamp | None = None

    def session(self, *, roller: Roller | None = None, sink: JournalSink | None = None) -> Session:
        """The file's session, rolling with ``roller`` and journaling to ``sink`` from now on.

        Each read hands out one session: call this once per ``read_encounter``.
        """
        self.checked.attach(roller=roller, sink=sink)
        return self.checked


def _bad_field(name: str, error: msgspec.ValidationError, ruleset_id: str | None) -> str:
    """A field the typed decoder refused, named by its path; in the journal, by its entry
    (``"in entry 4: events[0].roll: ..."``, counted from 1 as the log counts them), an event
    the fight's round system does not have named as such."""
    path, message = error_path(error)
    entry = re.match(r"\$\.journal\[(\d+)\]\.?", path)
    where = ""
    if entry is not None:
        where = f" in entry {int(entry[1]) + 1}"
        path = path[entry.end() :]
        message = refused_field(path, message, ruleset_id or "")
    return f"{name} has a bad field{where}: " + (f"{path}: {message}" if path else message)


def _compacted(data: bytes, name: str) -> bytes:
    """The file's JSON without spaces, once its size and nesting are known to be within the
    limits; the fight it holds is then held to ``MAX_FIGHT_BYTES``."""
    if len(data) > MAX_FILE_BYTES:
        raise EncounterFileError(_too_large(name, len(data)))
    if nested_deeper_than(data, MAX_JSON_DEPTH):
        raise EncounterFileError(_too_deep(name))
    try:
        data = msgspec.json.format(data, indent=-1)
    except RecursionError:
        raise EncounterFileError(_too_deep(name)) from None
    except (msgspec.DecodeError, UnicodeDecodeError):
        raise EncounterFileError(
            f"{name} is not a UWR Desktop encounter (it is not JSON)"
        ) from None
    if len(data) > MAX_FIGHT_BYTES:
        raise EncounterFileError(_holds_too_much(name, len(data)))
    return data


def _holds_too_much(name: str, size: int) -> str:
    return (
        f"{name} holds too much ({size / 2**20:.1f} MiB without its spaces); "
        f"a fight holds at most {MAX_FIGHT_BYTES // 2**20} MiB"
    )


def decode_encounter(data: bytes, *, name: str = "the file") -> EncounterData:
    """Validate an encounter file's bytes, replaying its journal under the rules."""
    data = _compacted(data, name)
    try:
        header = msgspec.json.decode(data, type=_Header)
    except RecursionError:
        raise EncounterFileError(_too_deep(name)) from None
    except msgspec.DecodeError:
        raise EncounterFileError(
            f"{name} is not a UWR Desktop encounter (it is not JSON)"
        ) from None
    except UnicodeDecodeError:
        raise EncounterFileError(
            f"{name} is not a UWR Desktop encounter (it is not UTF-8 text)"
        ) from None
    if header.format != FORMAT_NAME:
        raise EncounterFileError(
            f"{name} is not a UWR Desktop encounter (format {header.format!r}, "
            f"expected {FORMAT_NAME!r})"
        )
    version = header.schema_version
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise EncounterFileError(f"{name} has no valid schema_version (got {version!r})")
    if version > SCHEMA_VERSION:
        raise EncounterFileError(
            f"{name} was made by a newer version of UWR Desktop (schema {version}); "
            f"this version reads up to {SCHEMA_VERSION}"
        )
    ruleset_id = header.ruleset if isinstance(header.ruleset, str) else None
    if ruleset_id is not None:
        try:
            make_ruleset(ruleset_id)  # loads its events and sheets, before they are decoded
        except RulesError as error:
            raise EncounterFileError(f"{name}: {error}") from None
    if version < SCHEMA_VERSION:
        data = _upgraded(data, version)
    return _fight(data, name, ruleset_id, version)


def _fight(data: bytes, name: str, ruleset_id: str | None, schema: int) -> EncounterData:
    """The fight of a file in today's shape: its typed records, replayed under its rules."""
    try:
        document = _document(data, ruleset_id, schema)
    except msgspec.ValidationError as error:
        raise EncounterFileError(_bad_field(name, error, ruleset_id)) from None
    except (msgspec.DecodeError, UnicodeDecodeError) as error:
        raise EncounterFileError(f"{name} cannot be read: {error}") from None
    except RecursionError:
        raise EncounterFileError(_too_deep(name)) from None
    try:
        ruleset = make_ruleset(document.ruleset, document.settings)
    except RulesError as error:
        raise EncounterFileError(f"{name}: {error}") from None
    entries = tuple(entry_from_wire(wire) for wire in document.journal)
    events = sum(len(entry.events) for entry in entries)
    if events > MAX_EVENTS:
        raise EncounterFileError(
            f"{name} holds {events:,} events; a fight holds at most {MAX_EVENTS:,}"
        )
    if document.cursor > len(entries):
        raise EncounterFileError(
            f"{name}: the cursor {document.cursor} is beyond the journal's {len(entries)} entries"
        )
    try:
        checked = Session(ruleset, document.roster, entries=entries, cursor=document.cursor)
    except RulesError as error:
        raise EncounterFileError(f"{name}: the journal does not replay: {error}") from None
    # Fields left at their defaults, and records an earlier schema wrote, take room again when
    # the fight is saved: what is opened must fit the limits as it will be written.
    if checked.saved_size > MAX_FIGHT_BYTES:
        raise EncounterFileError(_holds_too_much(name, checked.saved_size))
    return EncounterData(ruleset, document.roster, entries, document.cursor, checked)


def _document(data: bytes, ruleset_id: str | None, schema: int) -> Any:
    """The typed document of a file in today's shape. A file of today's schema that does not
    read as it is may hold names written before they were held to one line: it is read again
    with them cleaned (``core.upgrade``), and refused for whatever is wrong even so."""
    decoder = _file_decoder(ruleset_id)
    try:
        return decoder.decode(data)
    except msgspec.ValidationError:
        if schema < SCHEMA_VERSION:
            raise
    return decoder.decode(_upgraded(data, schema))


def _upgraded(data: bytes, schema: int) -> bytes:
    """An earlier schema's document in today's shape; what cannot be upgraded is left for the
    typed decoder to name."""
    raw = msgspec.json.decode(data)
    if not isinstance(raw, dict) or not isinstance(raw.get("ruleset"), str):
        return data
    try:
        ruleset = make_ruleset(raw["ruleset"])
    except RulesError:
        return data
    raw["settings"] = upgrade_settings(raw.get("settings"), ruleset, schema)
    raw["roster"] = upgrade_roster(raw.get("roster"), ruleset, schema)
    journal = raw.get("journal")
    if isinstance(journal, list):
        raw["journal"] = [upgrade_entry(entry, ruleset, schema) for entry in journal]
    return ENCODER.encode(raw)


def _too_large(name: str, size: int) -> str:
    return (
        f"{name} is too large ({size / 2**20:.1f} MiB); "
        f"encounter files are at most {MAX_FILE_BYTES // 2**20} MiB"
    )


def _too_deep(name: str) -> str:
    return (
        f"{name} is not a UWR Desktop encounter: its lists or objects are nested more than "
        f"{MAX_JSON_DEPTH} levels deep"
    )


def _not_a_file(name: str, mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return f"{name} is a folder, not a fight file"
    return f"{name} is not a fight file (it is a device, pipe or socket, not a regular file)"


def _read_bytes(path: Path, name: str) -> tuple[bytes, FileStamp]:
    """The file's bytes and version, refusing anything but a regular file of at most the size
    limit.

    Opened without blocking, so a pipe or device chosen by mistake cannot hang the app.
    """
    try:
        problem = _not_a_file(name, path.stat().st_mode)
        if problem is not None:
            raise EncounterFileError(problem)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        handle = os.open(path, flags)
        with os.fdopen(handle, "rb") as stream:
            status = os.fstat(handle)
            problem = _not_a_file(name, status.st_mode)
            if problem is not None:
                raise EncounterFileError(problem)
            if status.st_size > MAX_FILE_BYTES:
                raise EncounterFileError(_too_large(name, status.st_size))
            stamp = status.st_mtime_ns, status.st_size, status.st_ino
            return read_at_most(stream, status.st_size, MAX_FILE_BYTES), stamp
    except OSError as error:
        raise EncounterFileError(f"cannot read {name}: {error.strerror or error}") from None


def read_encounter(path: Path | str) -> EncounterData:
    """Read and validate the encounter file at ``path``.

    Only a regular file is read (a folder, pipe or device is refused at once), and only up to
    the limits of :mod:`uwr_desktop.core.limits`.
    """
    path = Path(path)
    name = display_name(path)
    data, stamp = _read_bytes(path, name)
    return msgspec.structs.replace(decode_encounter(data, name=name), stamp=stamp)


def load_encounter(
    path: Path | str, *, roller: Roller | None = None, sink: JournalSink | None = None
) -> Session:
    """Read the file at ``path`` into a new session (the open encounter is left alone)."""
    return read_encounter(path).session(roller=roller, sink=sink)


def encode_encounter(session: Session) -> bytes:
    """The file's bytes for ``session``: roster, settings, the whole journal and the cursor."""
    document = {
        "format": FORMAT_NAME,
        "schema_version": SCHEMA_VERSION,
        "app_version": uwr_desktop.__version__,
        "ruleset": session.ruleset.id,
        "settings": to_builtins(session.ruleset.settings),
        "roster": session.roster,
        "journal": session.entries,
        "cursor": session.cursor,
    }
    data = ENCODER.encode(document)
    indented = msgspec.json.format(data, indent=2)
    # A fight within its limits always fits a file without spaces; indented, most do.
    return indented if len(indented) <= MAX_FILE_BYTES else data


def save_encounter(
    session: Session, path: Path | str, *, known: FileStamp | None = None
) -> FileStamp:
    """Write ``session`` to ``path`` atomically: the old file stays intact if anything fails.

    With ``known``, the file is written over only if it is still that version when the new one
    is swapped in (another program or copy of the app may have saved it meanwhile). Returns
    the saved file's stamp.
    """
    path = Path(path)
    data = encode_encounter(session)
    try:
        return write_atomically(path, data, known=known)
    except FileChangedError:
        raise EncounterFileError(
            f"{display_name(path)} was changed on disk by another program or another copy of "
            "UWR Desktop while this fight was being saved, so it was left as they wrote it. "
            "Save again to choose whether to overwrite it."
        ) from None
    except OSError as error:
        raise EncounterFileError(
            f"cannot save {display_name(path)}: {error.strerror or error}"
        ) from None
