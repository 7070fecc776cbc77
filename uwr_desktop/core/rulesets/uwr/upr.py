"""Uses Per Round (UPR): how often a weapon or spell can be used in one combat round.

A UPR type turns the dice of the governing pool into a value
``v = (dice + adjustment) / divisor``. At 1 or more the character has ``floor(v)`` uses this
round (capped at the type's max uses); below 1 the exact fraction decides how many rounds an
unprepared weapon takes to prepare. The types are data: the app ships a table in
``resources/rules/upr_types.json`` and the GM can add types or load a table of their own.
"""

import math
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, TypeGuard

import msgspec

from uwr_desktop.core.resource_files import resource_path

_TYPE_KEYS = frozenset({"name", "divisor", "adjustment", "max_uses"})
_REQUIRED_TYPE_KEYS = ("name", "divisor")
_TRUNCATED_PLACES = 2


class UprError(ValueError):
    """A UPR type, table or value is unusable; the message says what is wrong."""


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _lookup_key(name: str) -> str:
    return " ".join(name.split()).casefold()


class UprType(msgspec.Struct, frozen=True):
    """One Uses Per Round type: ``(dice + adjustment) / divisor``, capped at ``max_uses``."""

    name: str
    divisor: int
    adjustment: int = 0
    max_uses: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise UprError(f"a UPR type needs a name, got {self.name!r}")
        msgspec.structs.force_setattr(self, "name", " ".join(self.name.split()))
        problem = _number_problem(self.divisor, self.adjustment, self.max_uses)
        if problem is not None:
            raise UprError(f"UPR type {self.name!r}: {problem}")


def _number_problem(divisor: object, adjustment: object, max_uses: object) -> str | None:
    """Say what is wrong with a type's numbers, or return None when they are usable."""
    if not _is_int(divisor) or divisor < 1:
        return f"the divisor must be a whole number of at least 1, got {divisor!r}"
    if not _is_int(adjustment):
        return f"the dice adjustment must be a whole number, got {adjustment!r}"
    if max_uses is not None and (not _is_int(max_uses) or max_uses < 1):
        return (
            "max uses must be a whole number of at least 1 (or left out for no cap), "
            f"got {max_uses!r}"
        )
    return None


class UprTable(Mapping[str, UprType]):
    """A read-only table of UPR types by name; lookups ignore case and extra spaces."""

    def __init__(self, types: Iterable[UprType] = ()) -> None:
        """Build a table from ``types``; two types may not share a name."""
        self._types: dict[str, UprType] = {}
        for upr_type in types:
            if not isinstance(upr_type, UprType):
                raise UprError(f"a UPR table holds UPR types, got {upr_type!r}")
            key = _lookup_key(upr_type.name)
            if key in self._types:
                raise UprError(
                    f"UPR type {upr_type.name!r} is defined twice "
                    f"(already have {self._types[key].name!r})"
                )
            self._types[key] = upr_type

    def __getitem__(self, name: str) -> UprType:
        """Return the type called ``name`` (any case); ``KeyError`` when there is none."""
        if not isinstance(name, str):
            raise KeyError(name)
        return self._types[_lookup_key(name)]

    def __iter__(self) -> Iterator[str]:
        """Iterate over the type names as written, in table order."""
        return (upr_type.name for upr_type in self._types.values())

    def __len__(self) -> int:
        """Return the number of types."""
        return len(self._types)

    def __repr__(self) -> str:
        """Show the type names."""
        return f"UprTable({list(self)!r})"

    def get_type(self, name: str) -> UprType:
        """Return the type called ``name``; ``UprError`` listing the known names if none."""
        try:
            return self[name]
        except KeyError:
            known = ", ".join(self) or "none"
            raise UprError(f"unknown UPR type {name!r}; known types: {known}") from None

    def with_type(self, upr_type: UprType) -> "UprTable":
        """Return a new table with ``upr_type`` added at the end; refuses a name already used."""
        return UprTable([*self.values(), upr_type])

    @classmethod
    def load(cls, path: Path | None = None) -> "UprTable":
        """Read a table from a file: JSON when its name ends in ``.json``, TOML otherwise.
        Without ``path``, the table shipped with the app (JSON: read at every start, and
        parsing TOML costs the start-up its parser's import)."""
        source = resource_path("rules", "upr_types.json") if path is None else Path(path)
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise UprError(f"cannot read the UPR table {source}: {error}") from error
        try:
            if source.suffix.lower() == ".json":
                return cls.from_json_text(text)
            return cls.from_toml_text(text)
        except UprError as error:
            raise UprError(f"{source}: {error}") from error

    @classmethod
    def from_toml_text(cls, text: str) -> "UprTable":
        """Parse a table from TOML text holding ``[[types]]`` entries.

        Each entry has ``name`` and ``divisor`` and may have ``adjustment`` and ``max_uses``.
        Anything else, a missing key or a bad value raises ``UprError`` naming the entry.
        """
        import tomllib  # only for a table of the GM's own

        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise UprError(f"the UPR table is not valid TOML: {error}") from error
        return cls._from_document(document)

    @classmethod
    def from_json_text(cls, text: str) -> "UprTable":
        """Parse a table from JSON text: ``{"types": [...]}``, each entry as in TOML."""
        try:
            document = msgspec.json.decode(text)
        except msgspec.DecodeError as error:
            raise UprError(f"the UPR table is not valid JSON: {error}") from error
        if not isinstance(document, dict):
            raise UprError('the UPR table must be an object holding "types"')
        return cls._from_document(document)

    @classmethod
    def _from_document(cls, document: dict[str, Any]) -> "UprTable":
        unknown = sorted(set(document) - {"types"})
        if unknown:
            raise UprError(
                f"the UPR table has unknown top-level keys {unknown}; "
                "it should only hold [[types]] entries"
            )
        entries = document.get("types")
        if not isinstance(entries, list) or not entries:
            raise UprError("the UPR table defines no types; add [[types]] entries")
        return cls(_type_from_entry(number, entry) for number, entry in enumerate(entries, 1))


def _type_from_entry(number: int, entry: Any) -> UprType:
    where = f"UPR type #{number}"
    if not isinstance(entry, dict):
        raise UprError(f"{where} must be a [[types]] table")
    if isinstance(entry.get("name"), str):
        where = f"{where} ({entry['name']!r})"
    unknown = sorted(set(entry) - _TYPE_KEYS)
    if unknown:
        raise UprError(
            f"{where} has unknown keys {unknown}; allowed: {', '.join(sorted(_TYPE_KEYS))}"
        )
    missing = [key for key in _REQUIRED_TYPE_KEYS if key not in entry]
    if missing:
        raise UprError(f"{where} is missing {', '.join(missing)}")
    name = entry["name"]
    if not isinstance(name, str) or not name.strip():
        raise UprError(f"{where} needs a name, got {name!r}")
    adjustment = entry.get("adjustment", 0)
    max_uses = entry.get("max_uses")
    problem = _number_problem(entry["divisor"], adjustment, max_uses)
    if problem is not None:
        raise UprError(f"{where}: {problem}")
    return UprType(name, entry["divisor"], adjustment, max_uses)


@cache
def default_upr_table() -> UprTable:
    """Return the table shipped with the app (read once)."""
    return UprTable.load()


def uses_per_round(dice: int, upr_type: str | UprType, table: UprTable | None = None) -> Fraction:
    """Return the UPR value for a pool of ``dice`` and a type (a name looked up in ``table``).

    At 1 or more the value is the whole number of uses, capped at the type's max uses; below 1
    it is the exact fraction. It is never below 0, even with a negative adjustment.
    """
    if not _is_int(dice):
        raise UprError(f"the number of pool dice must be a whole number, got {dice!r}")
    if dice < 0:
        raise UprError(f"the number of pool dice cannot be negative, got {dice}")
    if isinstance(upr_type, UprType):
        resolved = upr_type
    elif isinstance(upr_type, str):
        resolved = (default_upr_table() if table is None else table).get_type(upr_type)
    else:
        raise UprError(f"a UPR type must be a name or a UprType, got {upr_type!r}")
    value = Fraction(max(dice + resolved.adjustment, 0), resolved.divisor)
    if value < 1:
        return value
    uses = math.floor(value)
    if resolved.max_uses is not None:
        uses = min(uses, resolved.max_uses)
    return Fraction(uses)


def preparation_rounds(value: Fraction) -> int:
    """Return how many rounds an unprepared weapon with UPR ``value`` needs to prepare.

    0 at 1 or more, 1 from 1/2 up to 1, 2 below 1/2. A value of 0 means the weapon cannot be
    used at all, which raises ``UprError``.
    """
    value = _as_fraction(value)
    if value <= 0:
        raise UprError(
            f"with {format_upr(value)} uses per round the weapon cannot be used, "
            "however long it is prepared"
        )
    if value >= 1:
        return 0
    return 1 if value >= Fraction(1, 2) else 2


def format_upr(value: Fraction) -> str:
    """Show a UPR value as the rules' tables do.

    Whole numbers plainly (``"2"``), terminating decimals in full (``"0.0625"``) and repeating
    ones truncated to two places (``"0.66"`` for 2/3); a tiny repeating value keeps digits up
    to its first significant one rather than showing 0.
    """
    value = _as_fraction(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    if value.denominator == 1:
        return f"{sign}{value.numerator}"
    places = _terminating_places(value.denominator)
    if places is None:
        places = _TRUNCATED_PLACES
        while math.floor(value * 10**places) == 0:
            places += 1
    scaled = math.floor(value * 10**places)
    whole, fraction = divmod(scaled, 10**places)
    decimals = f"{fraction:0{places}d}".rstrip("0")
    return f"{sign}{whole}.{decimals}" if decimals else f"{sign}{whole}"


def format_upr_fraction(value: Fraction) -> str:
    """Show a UPR value as a fraction in lowest terms: ``"2/3"``, ``"1/16"``, ``"2"``."""
    return str(_as_fraction(value))


def _as_fraction(value: Fraction) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if _is_int(value):
        return Fraction(value)
    raise UprError(f"a UPR value must be an exact fraction, got {value!r}")


def _terminating_places(denominator: int) -> int | None:
    """Return the decimal places 1/denominator needs, or None when its decimals repeat."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    return max(twos, fives) if denominator == 1 else None
