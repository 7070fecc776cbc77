"""Which combatants an event names, found from the annotations of its fields.

A field holding a combatant's id is annotated :data:`~uwr_desktop.core.encounter.CombatantId`
(or :data:`~uwr_desktop.core.encounter.Ids`, or
:data:`~uwr_desktop.core.encounter.OptionalCombatantId`, empty for nobody), at any depth of the
event: a list of rolls each naming its roller, an optional target. Replaying an event that names
a combatant not in the fight at that point is refused, whatever the round system, before the
ruleset applies it; so no log line, table cell or timeline slot ever looks up someone missing.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping
from operator import attrgetter
from typing import Any

import msgspec
import msgspec.inspect as info

from uwr_desktop.core.encounter import COMBATANT_REFERENCE, Combatant
from uwr_desktop.core.events import Event
from uwr_desktop.core.intents import RulesError

_Finder = Callable[[Any], Iterable[str]]


def _none(_value: Any) -> Iterable[str]:
    return ()


def _one(value: Any) -> Iterable[str]:
    return (value,) if value else ()


def _finder(kind: info.Type, seen: frozenset[type]) -> _Finder | None:
    """How to find the combatant ids a value of ``kind`` holds; ``None`` when it holds none."""
    if isinstance(kind, info.Metadata):
        if kind.extra == COMBATANT_REFERENCE and isinstance(kind.type, info.StrType):
            return _one
        return _finder(kind.type, seen)
    if isinstance(kind, info.UnionType):
        finders = [found for part in kind.types if (found := _finder(part, seen)) is not None]
        if not finders:
            return None
        if len(finders) == 1:
            (only,) = finders
            return lambda value: () if value is None else only(value)
        return lambda value: [cid for finder in finders for cid in finder(value)]
    if isinstance(kind, info.VarTupleType | info.ListType | info.FrozenSetType | info.SetType):
        item = _finder(kind.item_type, seen)
        if item is None:
            return None
        return lambda value: [cid for element in value for cid in item(element)]
    if isinstance(kind, info.StructType) and kind.cls not in seen:
        return _struct_finder(kind, seen | {kind.cls})
    return None


def _struct_finder(kind: info.StructType, seen: frozenset[type]) -> _Finder | None:
    fields = [
        (field.name, found)
        for field in kind.fields
        if (found := _finder(field.type, seen)) is not None
    ]
    if not fields:
        return None
    if len(fields) == 1:
        ((name, find),) = fields
        get = attrgetter(name)
        return lambda value: find(get(value))
    return lambda value: [cid for name, find in fields for cid in find(getattr(value, name))]


_FINDERS: dict[type, _Finder] = {}


def _event_finder(event_type: type[msgspec.Struct]) -> _Finder:
    finder = _FINDERS.get(event_type)
    if finder is None:
        found = _finder(info.type_info(event_type), frozenset())
        finder = _FINDERS[event_type] = found if found is not None else _none
    return finder


def named_combatants(record: msgspec.Struct) -> Iterator[str]:
    """The ids of the combatants ``record`` (an event, or a ruleset's part of the state) names,
    in field order (a name may come twice)."""
    yield from _event_finder(type(record))(record)


def check_references(combatants: Mapping[str, Combatant], event: Event) -> None:
    """Refuse (``RulesError``) an event naming a combatant who is not among ``combatants``
    (those in the fight when it happens)."""
    for cid in _event_finder(type(event))(event):
        if cid not in combatants:
            raise RulesError(f"there is no combatant with id {cid!r}")
