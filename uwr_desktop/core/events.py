"""Events: the small immutable facts an encounter is made of, and their JSON codec.

Every event is a tagged ``msgspec.Struct`` (``{"type": "TurnStarted", ...}``) carrying all it
needs to be replayed, dice faces included, so a journal replays without rolling again. Events
and the ``.uwr`` file format share the codec defined here (exact ``Fraction`` values included).
The events shared by every ruleset live here; a ruleset adds its own by subclassing its base
of events (:attr:`Event.round_system`) in its package, which registers the new type for
decoding in its fights when the ruleset registry loads that package.
"""

import re
from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache
from typing import Annotated, Any, ClassVar

import msgspec

from uwr_desktop.core.encounter import (
    Combatant,
    CombatantId,
    Count,
    Ids,
    Name,
    Sheet,
    Text,
    sheet_type,
)
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_CONDITIONS, MAX_REROLLS
from uwr_desktop.core.name_rule import NOT_ONE_LINE
from uwr_desktop.core.rolls import DieIndex, Face, RollRecord
from uwr_desktop.core.sides import Side

_SHARED: list[type["Event"]] = []
"""The events every round system shares, in the order they were defined."""
_OWN: dict[str, list[type["Event"]]] = {}
"""Each round system's own events, by its id."""


class Event(
    msgspec.Struct, frozen=True, gc=False, tag_field="type", tag=True, forbid_unknown_fields=True
):
    """Base class of all events; the ``type`` tag in JSON is the class name. A round system's
    own events derive from one base naming the system (``round_system = "duel"``) and are read
    only in its fights, so two systems may name their events alike; none may name one like a
    shared event.

    Events, like combatants, sheets and rolls, are ``gc=False``: the garbage collector does not
    walk them. A frozen record of tuples, text and numbers can never be part of a reference
    cycle, and a fight read from a file holds tens of thousands of them, which the collector
    otherwise walks again and again while the file is read (a third of the time to open a
    1,000-combatant fight). ``tests/core/test_untracked_records.py`` keeps lists, dicts and sets
    out of their fields.
    """

    round_system: ClassVar[str] = ""
    """The id of the round system whose event this is (``""``: shared by every one). Set in the
    body of a round system's base of events, ``class DuelEvent(Event, frozen=True)`` saying
    ``round_system = "duel"``: that base is no event of its own and is never decoded."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Register every event type so journals can be decoded."""
        super().__init_subclass__(**kwargs)
        if "round_system" not in cls.__dict__:
            system = cls.round_system
            (_OWN.setdefault(system, []) if system else _SHARED).append(cls)
            event_union.cache_clear()


@cache
def event_union(ruleset_id: str = "") -> Any:
    """Return the union of the shared event types and those of the round system
    ``ruleset_id`` (``""``: the shared ones alone), for typed decoding; ``TypeError`` when
    two of them are tagged alike (the registry asks when a round system is registered).

    A round system's events are registered when its package is imported: decoders call
    ``uwr_desktop.core.rulesets.load_ruleset(id)`` first (this module imports no ruleset).
    """
    types = (*_SHARED, *_OWN.get(ruleset_id, ()))
    tagged: dict[object, type[Event]] = {}
    for kind in types:
        tag = kind.__struct_config__.tag
        known = tagged.setdefault(tag, kind)
        if known is not kind:
            raise TypeError(
                f"the event {kind.__module__}.{kind.__qualname__} is tagged {tag!r} like "
                f"{known.__module__}.{known.__qualname__}: a round system names its events "
                "unlike each other and unlike the events every round system shares"
            )
    union: Any = types[0]
    for event_type in types[1:]:
        union = union | event_type
    return union


def enc_hook(value: object) -> object:
    """Encode the types JSON lacks: a ``Fraction`` as an int, an exact half, or ``"n/d"``."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        if value.denominator == 2:
            return float(value)
        return f"{value.numerator}/{value.denominator}"
    raise NotImplementedError(f"cannot encode {type(value).__name__}")


_SMALL_HALVES = {n / 2: Fraction(n, 2) for n in range(-64, 65)}
"""Attributes and uses per round are small halves: decoding shares these (a Fraction is
immutable) instead of building one per field."""


@lru_cache(maxsize=1024)
def _fraction_text(text: str) -> Fraction:
    """``Fraction(text)``, remembered: the same few UPR values (``"1/3"``) recur in every
    combatant decoded, and reading one from text takes microseconds."""
    return Fraction(text)


def _sheet(value: object, ruleset_id: str | None = None) -> Sheet:
    """Decode a combatant's sheet as the type its ``ruleset`` tag names; with ``ruleset_id``,
    only a sheet of that round system."""
    if isinstance(value, Sheet):
        return value
    if not isinstance(value, dict):
        raise TypeError("expected a sheet (a record naming its ruleset)")
    tag = value.get("ruleset")
    if ruleset_id is not None and tag != ruleset_id:
        raise ValueError(f"the sheet is for the round system {tag!r}, not {ruleset_id!r}")
    found = sheet_type(tag) if isinstance(tag, str) else None
    if found is None:
        raise ValueError(f"the sheet is for an unknown round system {tag!r}")
    try:
        sheet: Sheet = msgspec.convert(value, found, strict=True, dec_hook=dec_hook)
    except msgspec.ValidationError as error:
        message, _, path = str(error).rpartition(" - at `$.")
        raise ValueError(f"in {path.rstrip('`')}: {message}" if message else str(error)) from None
    return sheet


_IN_SHEET = re.compile(r"in (?P<path>[\w.\[\]]+): (?P<message>.*)", re.DOTALL)
_NOT_MATCHED = "Expected `str` matching regex"
"""How msgspec refuses text outside its pattern: only names have one (``core.name_rule``)."""


def error_path(error: msgspec.ValidationError) -> tuple[str, str]:
    """The JSON path (``$.roster[0].sheet.vitality``; empty when not known) and the message of
    a validation error, a problem inside a combatant's sheet included."""
    message, marker, path = str(error).rpartition(" - at `")
    if not marker:
        return "", str(error)
    path = path.rstrip("`")
    inner = _IN_SHEET.fullmatch(message)
    if inner is not None:
        path, message = f"{path}.{inner['path']}", inner["message"]
    if message.startswith(_NOT_MATCHED):
        message = NOT_ONE_LINE
    return path, message


def dec_hook(kind: type, value: object) -> object:
    """Decode a ``Fraction`` from a whole number, a number in exact halves or ``"n/d"``, and a
    combatant's sheet as the type of its ruleset."""
    if kind is Sheet:
        return _sheet(value)
    if kind is Fraction:
        if isinstance(value, bool):
            raise TypeError("expected a number")
        if isinstance(value, int | float):
            shared = _SMALL_HALVES.get(value)
            if shared is not None:
                return shared
        if isinstance(value, int):
            return Fraction(value)
        if isinstance(value, float):
            if not (value * 2).is_integer():
                raise ValueError(f"expected a whole or half number, got {value}")
            return Fraction(value)
        if isinstance(value, str):
            try:
                return _fraction_text(value)
            except (ValueError, ZeroDivisionError):
                raise ValueError(f"expected a number or fraction, got {value!r}") from None
        raise TypeError("expected a number")
    raise NotImplementedError(f"cannot decode {kind.__name__}")


@cache
def dec_hook_for(ruleset_id: str) -> Callable[[type, object], object]:
    """:func:`dec_hook` for the records of a fight following ``ruleset_id``: a sheet of any
    other round system is refused, in the same words whichever round systems are loaded."""

    def hook(kind: type, value: object) -> object:
        return _sheet(value, ruleset_id) if kind is Sheet else dec_hook(kind, value)

    return hook


ENCODER = msgspec.json.Encoder(enc_hook=enc_hook)
"""The JSON encoder for events, combatants and files."""


def to_builtins(value: object) -> Any:
    """Turn events, combatants or settings into JSON-ready builtins."""
    return msgspec.to_builtins(value, enc_hook=enc_hook)


def convert(value: object, kind: Any) -> Any:
    """Build a typed value from builtins (``msgspec.ValidationError`` names any bad field)."""
    return msgspec.convert(value, kind, dec_hook=dec_hook, strict=False)


class ConditionRef(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A named condition on one combatant."""

    combatant_id: CombatantId
    name: Name


class CombatantUpdate(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A combatant as it is after a change, and the change in words for the log."""

    combatant: Combatant
    text: str


class CombatantsJoined(Event, frozen=True):
    """Combatants join the encounter (added to the end of the table)."""

    combatants: Annotated[tuple[Combatant, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]


class CombatantsLeft(Event, frozen=True):
    """Combatants leave the encounter."""

    combatant_ids: Ids


class CombatantsUpdated(Event, frozen=True):
    """Combatants change: edits, damage, healing, conditions, weapon state."""

    updates: Annotated[tuple[CombatantUpdate, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]


class TurnStarted(Event, frozen=True):
    """A combatant's turn starts."""

    combatant_id: CombatantId


class TurnEnded(Event, frozen=True):
    """A combatant's turn ends."""

    combatant_id: CombatantId


class RoundEnded(Event, frozen=True):
    """The round ends: condition durations tick; ``expired`` lists those that ran out."""

    round: Count
    expired: tuple[ConditionRef, ...] = ()


ConditionRefs = Annotated[
    tuple[ConditionRef, ...], msgspec.Meta(max_length=MAX_COMBATANTS * MAX_CONDITIONS)
]
"""Conditions named on their combatants, as many as a fight may hold."""


class ConditionsAtTurn(Event, frozen=True):
    """Where a combatant's turn starts or ends, the conditions tied to it: ``expired`` run out
    (taken off, and logged), and those lasting until the end of a turn in ``begun`` now count
    the turn that has begun (its end will end them)."""

    expired: ConditionRefs = ()
    begun: ConditionRefs = ()


class DiceRolled(Event, frozen=True):
    """Typed dice were rolled for a combatant, or for nobody (``combatant_id`` ``None``: the
    GM's own roll), ``notation`` as the app writes it."""

    combatant_id: CombatantId | None
    notation: Text
    roll: RollRecord
    title: Text = ""


class DiceRerolled(Event, frozen=True):
    """Rerolls were taken on the latest typed pool: each ``(die index, new face)``."""

    rerolls: Annotated[tuple[tuple[DieIndex, Face], ...], msgspec.Meta(max_length=MAX_REROLLS)]


class HandRollsSet(Event, frozen=True):
    """The dice of ``side`` are now rolled by hand at the table (``by_hand``) or by the app."""

    side: Side
    by_hand: bool


class RolledByHand(Event, frozen=True):
    """The entry's rolls took faces typed in by hand: the dice of ``combatant_ids``, and of a
    roll for nobody when ``nobody``."""

    combatant_ids: Ids = ()
    nobody: bool = False
