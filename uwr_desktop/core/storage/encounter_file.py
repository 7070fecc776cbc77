"""The ``.uwr`` encounter file: versioned JSON holding the roster and the journal.

::

    {"format": "uwr-desktop-encounter", "schema_version": 1, "ruleset": "uwr",
     "settings": {...}, "roster": [combatants the fight started from],
     "journal": [{"label": ..., "events": [...]}, ...], "cursor": N}

Reading validates the whole document with typed ``msgspec`` structs and replays the journal
under the rules; every problem raises :class:`EncounterFileError` with one message naming it.
Reading never touches an open encounter: it builds a new :class:`Session`. Saving is atomic
(a temporary file in the same folder, flushed and synced, then renamed over the target).
See ``docs/file-format.md``.
"""

from functools import cache
from pathlib import Path
from typing import Annotated, Any

import msgspec

import uwr_desktop
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import ENCODER, dec_hook, to_builtins
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.journal import JournalEntry, JournalSink, entry_from_wire, entry_wire_type
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.atomic_file import write_atomically

FORMAT_NAME = "uwr-desktop-encounter"
"""The ``format`` value every encounter file carries."""

SCHEMA_VERSION = 1
"""The newest schema this version reads and the one it writes."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Larger files are refused before they are read."""

FILE_SUFFIX = ".uwr"
"""The usual file name suffix."""


class EncounterFileError(Exception):
    """An encounter file cannot be read or written; the message names the one problem."""


class _Header(msgspec.Struct):
    format: Any = None
    schema_version: Any = None


@cache
def _file_decoder() -> msgspec.json.Decoder[Any]:
    file_type = msgspec.defstruct(
        "EncounterFileV1",
        [
            ("format", str),
            ("schema_version", int),
            ("ruleset", str),
            ("settings", dict[str, Any]),
            ("roster", tuple[Combatant, ...]),
            ("journal", tuple[entry_wire_type(), ...]),  # type: ignore[misc]
            ("cursor", Annotated[int, msgspec.Meta(ge=0)]),
            ("app_version", str, ""),
        ],
        forbid_unknown_fields=True,
    )
    return msgspec.json.Decoder(file_type, dec_hook=dec_hook)


class EncounterData(msgspec.Struct, frozen=True):
    """A validated encounter file: its ruleset, starting roster and journal.

    ``checked`` is the session built while the journal was replayed to check it, so the file is
    replayed once, not again when it is opened.
    """

    ruleset: Ruleset
    roster: tuple[Combatant, ...]
    entries: tuple[JournalEntry, ...]
    cursor: int
    checked: Session

    def session(self, *, roller: Roller | None = None, sink: JournalSink | None = None) -> Session:
        """The file's session, rolling with ``roller`` and journaling to ``sink`` from now on.

        Each read hands out one session: call this once per ``read_encounter``.
        """
        self.checked.attach(roller=roller, sink=sink)
        return self.checked


def _validation_message(error: msgspec.ValidationError) -> str:
    text = str(error)
    message, marker, path = text.rpartition(" - at `")
    if not marker:
        return text
    return f"{path.rstrip('`')}: {message}"


def decode_encounter(data: bytes, *, name: str = "the file") -> EncounterData:
    """Validate an encounter file's bytes, replaying its journal under the rules."""
    if len(data) > MAX_FILE_BYTES:
        raise EncounterFileError(_too_large(name, len(data)))
    try:
        header = msgspec.json.decode(data, type=_Header)
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
    try:
        document = _file_decoder().decode(data)
    except msgspec.ValidationError as error:
        raise EncounterFileError(f"{name} has a bad field: {_validation_message(error)}") from None
    except (msgspec.DecodeError, UnicodeDecodeError) as error:
        raise EncounterFileError(f"{name} cannot be read: {error}") from None
    try:
        ruleset = make_ruleset(document.ruleset, document.settings)
    except RulesError as error:
        raise EncounterFileError(f"{name}: {error}") from None
    entries = tuple(entry_from_wire(wire) for wire in document.journal)
    if document.cursor > len(entries):
        raise EncounterFileError(
            f"{name}: the cursor {document.cursor} is beyond the journal's {len(entries)} entries"
        )
    try:
        checked = Session(ruleset, document.roster, entries=entries, cursor=document.cursor)
    except RulesError as error:
        raise EncounterFileError(f"{name}: the journal does not replay: {error}") from None
    return EncounterData(ruleset, document.roster, entries, document.cursor, checked)


def _too_large(name: str, size: int) -> str:
    return (
        f"{name} is too large ({size / 2**20:.1f} MiB); "
        f"encounter files are at most {MAX_FILE_BYTES // 2**20} MiB"
    )


def read_encounter(path: Path | str) -> EncounterData:
    """Read and validate the encounter file at ``path``."""
    path = Path(path)
    name = path.name or str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise EncounterFileError(_too_large(name, size))
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise EncounterFileError(f"cannot read {name}: {error.strerror or error}") from None
    return decode_encounter(data, name=name)


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
    return msgspec.json.format(ENCODER.encode(document), indent=2)


def save_encounter(session: Session, path: Path | str) -> None:
    """Write ``session`` to ``path`` atomically: the old file stays intact if anything fails."""
    path = Path(path)
    data = encode_encounter(session)
    try:
        write_atomically(path, data)
    except OSError as error:
        raise EncounterFileError(f"cannot save {path.name}: {error.strerror or error}") from None
