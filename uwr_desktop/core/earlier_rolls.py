"""Roll records as files before schema 7 wrote them, read as today's.

Until schema 6 a roll record kept ``leftover_die_counts`` (every kind wrote it) and a
roll-and-keep record was read under the Ten Dice Rule it implied. Today a ``keep`` record
carries the limit it was rolled under (``limit``) and the other kinds carry none. Every roll
then was rolled under that rule (typed ``XkY`` dice and the ``rollkeep`` rules alike, with
the record's setting for a leftover die), so an earlier ``keep`` record is given
:func:`~uwr_desktop.core.notation.typed_keep_limit` of its setting, the same rule.

Where records sit is found from the annotations of events and sheets (``msgspec.inspect``),
for every round system alike: any field typed ``RollRecord``, at any depth, a sheet by its
``ruleset`` tag and an event by its ``type``. A record already in today's shape, or anything
that is not one, is left as it is for the typed decoder to name.
"""

from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec.inspect as info

from uwr_desktop.core.encounter import Combatant, Sheet, sheet_type
from uwr_desktop.core.events import event_union, to_builtins
from uwr_desktop.core.notation import typed_keep_limit
from uwr_desktop.core.rolls import DiceKind, RollRecord

LIMIT_RECORDED_SINCE = 7
"""The first file schema whose roll-and-keep records carry their limit."""

_LEFTOVER = "leftover_die_counts"
_LIMIT = "limit"

_Upgrade = Callable[[Any], Any]


def upgrade_record(raw: Any) -> Any:
    """A roll record an earlier schema wrote, in today's shape: the leftover-die setting taken
    out, and a ``keep`` record given the Ten Dice Rule with that setting as its limit."""
    if not isinstance(raw, dict) or _LIMIT in raw:
        return raw
    leftover = raw.get(_LEFTOVER, False)
    if not isinstance(leftover, bool):
        return raw
    record = {key: value for key, value in raw.items() if key != _LEFTOVER}
    if raw.get("kind") == DiceKind.KEEP:
        record[_LIMIT] = to_builtins(typed_keep_limit(leftover))
    return record


def _upgrade(kind: info.Type, seen: frozenset[type]) -> _Upgrade | None:
    """How to upgrade the records a value of ``kind`` holds; ``None`` when it holds none."""
    if isinstance(kind, info.Metadata):
        return _upgrade(kind.type, seen)
    if isinstance(kind, info.StructType):
        if kind.cls is RollRecord:
            return upgrade_record
        return None if kind.cls in seen else _struct_upgrade(kind, seen | {kind.cls})
    if isinstance(kind, info.CustomType) and kind.cls is Sheet:
        return _sheet_upgrade
    if isinstance(kind, info.UnionType):
        return _union_upgrade(kind, seen)
    if isinstance(kind, info.VarTupleType | info.ListType):
        item = _upgrade(kind.item_type, seen)
        if item is None:
            return None
        return lambda raw: [item(value) for value in raw] if isinstance(raw, list) else raw
    return None


def _struct_upgrade(kind: info.StructType, seen: frozenset[type]) -> _Upgrade | None:
    fields = [
        (field.encode_name, found)
        for field in kind.fields
        if (found := _upgrade(field.type, seen)) is not None
    ]
    if not fields:
        return None

    def upgrade(raw: Any) -> Any:
        if not isinstance(raw, dict):
            return raw
        return {**raw, **{name: found(raw[name]) for name, found in fields if name in raw}}

    return upgrade


def _union_upgrade(kind: info.UnionType, seen: frozenset[type]) -> _Upgrade | None:
    """A union of tagged structs (the events) upgrades by the tag; an optional value (``X |
    None``) as its one kind."""
    by_tag: dict[object, _Upgrade] = {}
    plain: list[_Upgrade] = []
    for part in kind.types:
        found = _upgrade(part, seen)
        if found is None:
            continue
        if isinstance(part, info.StructType) and part.tag_field is not None:
            by_tag[part.tag] = found
        else:
            plain.append(found)
    if by_tag:
        field = next(part.tag_field for part in kind.types if isinstance(part, info.StructType))

        def tagged(raw: Any) -> Any:
            found = by_tag.get(raw.get(field)) if isinstance(raw, dict) else None
            return raw if found is None else found(raw)

        return tagged
    return plain[0] if len(plain) == 1 else None


def records_upgrade(kind: Any) -> Callable[[Any], Any]:
    """How to bring every roll record a value of type ``kind`` holds (JSON data), at any
    depth, to today's shape; built from the annotations each time it is asked for."""
    found = _upgrade(info.type_info(kind), frozenset())
    return (lambda raw: raw) if found is None else found


_SHEET_UPGRADES: dict[type[Sheet], _Upgrade] = {}


def _sheet_upgrade(raw: Any) -> Any:
    """A sheet upgrades as the sheet of the round system its ``ruleset`` tag names."""
    tag = raw.get("ruleset") if isinstance(raw, dict) else None
    sheet = sheet_type(tag) if isinstance(tag, str) else None
    if sheet is None:
        return raw
    if sheet not in _SHEET_UPGRADES:
        _SHEET_UPGRADES[sheet] = records_upgrade(sheet)
    return _SHEET_UPGRADES[sheet](raw)


_records_upgrade = cache(records_upgrade)


def upgrade_combatant_rolls(raw: Any) -> Any:
    """A combatant (JSON data) with every roll record on its sheet in today's shape."""
    return _records_upgrade(Combatant)(raw)


def upgrade_event_rolls(raw: Any, ruleset_id: str) -> Any:
    """An event of a ``ruleset_id`` fight (JSON data) with every roll record it holds, at any
    depth, in today's shape."""
    return _records_upgrade(event_union(ruleset_id))(raw)
