"""Library templates as a file of their own, to share combatants between tables and machines.

A template file is JSON::

    {"format": "uwr-desktop-templates", "version": 2, "ruleset": "uwr",
     "templates": [{"name": "Bandit", "combatant": {...}}, ...]}

Each combatant is stored as the library keeps it (a fresh sheet). Reading is held to the
limits of ``core.limits`` (the file's size and nesting, the number of templates, every field of
every combatant), and every refusal says what is wrong in words a GM can read. Whatever
:func:`encode_templates` writes, :func:`decode_templates` reads back equal.
"""

import os
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path

import msgspec

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import ENCODER, dec_hook, error_path
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_FILE_BYTES, MAX_JSON_DEPTH, MAX_NAME_LENGTH
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.naming import name_key, numbered_names
from uwr_desktop.core.rulesets import load_ruleset, ruleset_ids
from uwr_desktop.core.storage.bounded_read import read_at_most
from uwr_desktop.core.storage.json_depth import nested_deeper_than
from uwr_desktop.core.storage.library import (
    CombatantLibrary,
    LibraryError,
    Template,
    as_template,
    earlier_record,
)

TEMPLATE_SUFFIX = ".uwrlib"
"""The usual ending of a template file's name."""
FORMAT = "uwr-desktop-templates"
VERSION = 2
"""The file version written: 2 since combatants say who rolls their dice (``dice_by``), which a
version-1 reader does not know; version 1 files still read (their combatants roll as their
side does)."""


class TemplateFileError(Exception):
    """A template file cannot be read or written; the message says why."""


class _Entry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    combatant: msgspec.Raw


class _File(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    ruleset: str
    templates: list[_Entry]


class TemplateFile(msgspec.Struct, frozen=True):
    """What a template file holds: the round system and each template's name and combatant."""

    ruleset: str
    templates: tuple[tuple[str, Combatant], ...]


def encode_templates(ruleset: str, templates: Iterable[tuple[str, Combatant]]) -> bytes:
    """The file's bytes for ``templates`` (name and combatant) of ``ruleset``."""
    entries = [
        {"name": name, "combatant": msgspec.Raw(ENCODER.encode(as_template(combatant)))}
        for name, combatant in templates
    ]
    data = {"format": FORMAT, "version": VERSION, "ruleset": ruleset, "templates": entries}
    return msgspec.json.format(msgspec.json.encode(data), indent=1)


def write_template_file(path: Path, ruleset: str, templates: Sequence[Template]) -> int:
    """Write ``templates`` of ``ruleset`` to ``path``; returns how many were written."""
    try:
        pairs = [(template.name, template.combatant()) for template in templates]
    except LibraryError as error:
        raise TemplateFileError(str(error)) from error
    data = encode_templates(ruleset, pairs)
    try:
        path.write_bytes(data)
    except OSError as error:
        raise TemplateFileError(f"Could not write {path.name}: {error.strerror or error}") from None
    return len(pairs)


def decode_templates(data: bytes, *, name: str = "the file") -> TemplateFile:
    """Read a template file's bytes; :class:`TemplateFileError` says what is wrong."""
    if len(data) > MAX_FILE_BYTES:
        raise TemplateFileError(_too_large(name, len(data)))
    if nested_deeper_than(data, MAX_JSON_DEPTH):
        raise TemplateFileError(
            f"{name} is not a template file: it nests more than {MAX_JSON_DEPTH} levels deep"
        )
    try:
        shell = msgspec.json.decode(data, type=_File)
    except msgspec.ValidationError as error:
        path, message = error_path(error)
        where = f"{path}: " if path else ""
        raise TemplateFileError(f"{name} is not a template file ({where}{message})") from None
    except (msgspec.DecodeError, UnicodeDecodeError):
        raise TemplateFileError(f"{name} is not a template file (it is not JSON)") from None
    if shell.format != FORMAT:
        raise TemplateFileError(f"{name} is not a UWR Desktop template file")
    if shell.version > VERSION:
        raise TemplateFileError(
            f"{name} was written by a newer UWR Desktop (template file version {shell.version})"
        )
    if shell.ruleset not in ruleset_ids():
        raise TemplateFileError(
            f"{name} holds templates of the round system {shell.ruleset!r}, "
            "which this version does not know"
        )
    if len(shell.templates) > MAX_COMBATANTS:
        raise TemplateFileError(
            f"{name} holds {len(shell.templates)} templates; a file holds at most {MAX_COMBATANTS}"
        )
    load_ruleset(shell.ruleset)
    read: list[tuple[str, Combatant]] = []
    for number, entry in enumerate(shell.templates, start=1):
        read.append((_name(entry.name, name, number), _combatant(entry, shell.ruleset, name)))
    return TemplateFile(shell.ruleset, tuple(read))


def _name(text: str, name: str, number: int) -> str:
    cleaned = clean_name(text)
    if not cleaned:
        raise TemplateFileError(f"{name}: template {number} has no name")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise TemplateFileError(
            f"{name}: the name of template {number} is longer than {MAX_NAME_LENGTH} characters"
        )
    return cleaned


def _combatant(entry: _Entry, ruleset: str, name: str) -> Combatant:
    try:
        combatant = msgspec.json.decode(entry.combatant, type=Combatant, dec_hook=dec_hook)
    except msgspec.ValidationError as error:
        upgraded: Combatant | None = earlier_record(bytes(entry.combatant), ruleset, Combatant)
        if upgraded is not None:
            return _of_ruleset(upgraded, entry, ruleset, name)
        path, message = error_path(error)
        where = path.replace("$", "", 1).lstrip(".") if path else ""
        raise TemplateFileError(
            f"{name}: the template {entry.name!r} cannot be read"
            + (f" ({where}: {message})" if where else f" ({message})")
        ) from None
    except (msgspec.DecodeError, ValueError, TypeError) as error:
        raise TemplateFileError(
            f"{name}: the template {entry.name!r} cannot be read ({error})"
        ) from None
    return _of_ruleset(combatant, entry, ruleset, name)


def _of_ruleset(combatant: Combatant, entry: _Entry, ruleset: str, name: str) -> Combatant:
    tag = getattr(getattr(type(combatant.sheet), "__struct_config__", None), "tag", None)
    if tag != ruleset:
        raise TemplateFileError(
            f"{name}: the template {entry.name!r} is a {tag} combatant, not a {ruleset} one"
        )
    return combatant


def _too_large(name: str, size: int) -> str:
    return (
        f"{name} is too large ({size / 2**20:.1f} MiB); "
        f"template files are at most {MAX_FILE_BYTES // 2**20} MiB"
    )


def read_template_file(path: Path) -> TemplateFile:
    """Read the template file at ``path`` (a regular file within the size limit only)."""
    name = path.name
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise TemplateFileError(f"{name} is not a file")
        if status.st_size > MAX_FILE_BYTES:
            raise TemplateFileError(_too_large(name, status.st_size))
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        with os.fdopen(os.open(path, flags), "rb") as stream:
            data = read_at_most(stream, status.st_size, MAX_FILE_BYTES)
    except OSError as error:
        raise TemplateFileError(f"Could not read {name}: {error.strerror or error}") from None
    return decode_templates(data, name=name)


def import_templates(library: CombatantLibrary, loaded: TemplateFile) -> list[Template]:
    """Save every template of ``loaded`` in ``library``; a name already taken in its round
    system gets the next free number ("Bandit 2")."""
    names = [template.name for template in library.search(loaded.ruleset)]
    taken = {name_key(known) for known in names}
    saved: list[Template] = []
    for name, combatant in loaded.templates:
        chosen = numbered_names(name, 1, names)[0] if name_key(name) in taken else name
        saved.append(library.save(loaded.ruleset, combatant, name=chosen))
        names.append(chosen)
        taken.add(name_key(chosen))
    return saved
