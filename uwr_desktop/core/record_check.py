"""What the engine records can be read back: intents, rosters and entries are checked by the
same typed codec that reads files and the autosave journal.

``Session.do`` checks an intent's fields (types and the bounds of ``core.limits``, declared on
the intent's annotations) before the ruleset decides it, and passes the entry it decided through
an encode and a typed decode before anything is written; the decoded entry is what the session
keeps, so what is in memory is exactly what a saved file or a recovered journal gives back.
Every refusal is a :class:`RulesError` in words a GM can read.
"""

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

import msgspec

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import ENCODER, dec_hook, enc_hook, error_path
from uwr_desktop.core.intents import Intent, RulesError
from uwr_desktop.core.journal import (
    JournalEntry,
    entry_from_wire,
    entry_wire_type,
    remember_encoded,
)
from uwr_desktop.core.limits import MAX_COMBATANTS

_KINDS = {
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "bool": "yes or no",
    "null": "nothing",
    "array": "a list",
    "object": "a record",
}

_UNITS = {
    "difficulty": ("success", "successes"),
    "dice": ("die", "dice"),
    "extra_dice": ("die", "dice"),
    "rerolls": ("reroll", "rerolls"),
    "extra_rerolls": ("reroll", "rerolls"),
}
"""Words after a bound, by field: ``"at least 1 success"``."""

# Patterns, not compiled objects: ``re`` compiles them on first use (a refusal), not at start-up.
_BOUND = r"Expected `(?P<kind>[^`]+)`(?P<length> of length)? (?P<op>[<>]=) (?P<n>-?\d+)"
_TYPE = r"Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`"
_STEP = r"\.(\w+)|\[(\d+)\]"


def _kind_words(kind: str) -> str:
    return " or ".join(_KINDS.get(part.strip(), part.strip()) for part in kind.split("|"))


def _where(path: str) -> str:
    """``$.combatants[0].weapons[3].name`` as ``"Combatants 1, weapons 4, name"``."""
    words: list[str] = []
    for field, index in re.findall(_STEP, path):
        if field:
            words.append(field.replace("_", " "))
        elif words:
            words[-1] += f" {int(index) + 1}"
        else:
            words.append(f"item {int(index) + 1}")
    text = ", ".join(words) or "the value"
    return text[0].upper() + text[1:]


def _problem(message: str, field: str) -> str:
    bound = re.fullmatch(_BOUND, message)
    if bound is not None:
        limit, kind = int(bound["n"]), bound["kind"]
        if not bound["length"]:
            one, many = _UNITS.get(field, ("", ""))
            unit = f" {one if abs(limit) == 1 else many}" if one else ""
            return f"must be {'at most' if bound['op'] == '<=' else 'at least'} {limit}{unit}"
        if kind == "str":
            if bound["op"] == ">=":
                return "cannot be empty" if limit == 1 else f"needs at least {limit} characters"
            return f"is too long (at most {limit} characters)"
        return (
            f"holds too many items (at most {limit})"
            if bound["op"] == "<="
            else (f"needs at least {limit} items")
        )
    wrong = re.fullmatch(_TYPE, message)
    if wrong is not None:
        return f"must be {_kind_words(wrong['want'])}, not {_kind_words(wrong['got'])}"
    return message[:1].lower() + message[1:]


def readable(error: msgspec.ValidationError) -> str:
    """A validation error in a GM's words: ``"Extra dice must be at most 100"``."""
    path, message = error_path(error)
    if not path:
        return message
    fields = re.findall(_STEP, path)
    field = fields[-1][0] if fields else ""
    return f"{_where(path)} {_problem(message, field)}"


def _bad_text(error: UnicodeEncodeError) -> RulesError:
    bad = error.object[error.start : error.start + 1] if isinstance(error.object, str) else ""
    code = f" (U+{ord(bad):04X})" if bad else ""
    return RulesError(f"Some text holds a character that cannot be saved{code}; retype it")


def _encode(value: object) -> bytes:
    try:
        return ENCODER.encode(value)
    except UnicodeEncodeError as error:
        raise _bad_text(error) from None
    except (TypeError, ValueError, OverflowError, NotImplementedError) as error:
        raise RulesError(f"A value cannot be saved: {error}") from None


@cache
def _decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(kind, dec_hook=dec_hook)


def _decode(data: bytes, kind: Any) -> Any:
    try:
        return _decoder(kind).decode(data)
    except msgspec.ValidationError as error:
        raise RulesError(readable(error)) from None
    except msgspec.DecodeError as error:
        raise RulesError(f"A value cannot be saved: {error}") from None


def checked_intent(intent: object) -> Intent:
    """The intent with every field checked against its annotation, as the ruleset gets it.

    Refuses (:class:`RulesError` naming the field) a field of the wrong type, outside its
    bounds, or holding text that cannot be saved. Builtins are converted strictly, so bytes,
    ``NaN`` or a float are never taken for text, nothing or a whole number.
    """
    if not isinstance(intent, Intent):
        raise RulesError(f"Not something the fight can do: {type(intent).__name__}")
    try:
        builtins = msgspec.to_builtins(
            intent, enc_hook=enc_hook, builtin_types=(bytes, bytearray, memoryview)
        )
    except (TypeError, ValueError, OverflowError, NotImplementedError) as error:
        raise RulesError(f"A value cannot be saved: {error}") from None
    try:
        checked: Intent = msgspec.convert(builtins, type(intent), strict=True, dec_hook=dec_hook)
    except msgspec.ValidationError as error:
        raise RulesError(readable(error)) from None
    except UnicodeEncodeError as error:
        raise _bad_text(error) from None
    _encode(builtins)
    return checked


def checked_roster(roster: Iterable[object]) -> tuple[Combatant, ...]:
    """The roster as a saved file reads it back; ``RulesError`` when it could not be read."""
    combatants = tuple(roster)
    if len(combatants) > MAX_COMBATANTS:
        raise RulesError(
            f"A fight holds at most {MAX_COMBATANTS} combatants, not {len(combatants)}"
        )
    for combatant in combatants:
        if not isinstance(combatant, Combatant):
            raise RulesError(f"Not a combatant: {type(combatant).__name__}")
    decoded: tuple[Combatant, ...] = _decode(_encode(combatants), tuple[Combatant, ...])
    return decoded


def check_settings(settings: msgspec.Struct) -> None:
    """Refuse ruleset settings that a saved file could not read back (``RulesError``)."""
    _decode(_encode(settings), type(settings))


def recorded(entry: JournalEntry, ruleset_id: str) -> JournalEntry:
    """The entry as it reads back from its saved form (a file or the autosave journal) in a
    fight following ``ruleset_id``.

    Refuses (``RulesError``) an entry that could not be read back: the fight would be saved
    but could never be opened again.
    """
    try:
        data = _encode(entry)
        read_back = entry_from_wire(_decode(data, entry_wire_type(ruleset_id)))
    except RulesError as error:
        raise RulesError(f"This cannot be recorded, so nothing was changed: {error}") from None
    # The autosave stores what was read back; it is encoded as the same bytes.
    remember_encoded(read_back, data)
    return read_back
