"""Records the garbage collector does not walk (``gc=False``) can never be part of a cycle."""

import gc
from collections.abc import Iterator

import msgspec
import msgspec.inspect as inspect

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import Event
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet, Weapon

_MUTABLE = (
    inspect.ListType,
    inspect.DictType,
    inspect.SetType,
    inspect.ByteArrayType,
    inspect.AnyType,
)


def _untracked_types() -> list[type[msgspec.Struct]]:
    for ruleset_id in ruleset_ids():
        make_ruleset(ruleset_id)  # every ruleset's events and sheets are defined

    def below(cls: type) -> Iterator[type]:
        for sub in cls.__subclasses__():
            yield sub
            yield from below(sub)

    return [cls for cls in below(msgspec.Struct) if cls.__struct_config__.gc is False]


def _mutable_fields(kind: inspect.Type, owner: str, seen: set[type]) -> Iterator[str]:
    if isinstance(kind, _MUTABLE):
        yield f"{owner}: {type(kind).__name__}"
    if isinstance(kind, inspect.StructType):
        if kind.cls in seen:
            return
        seen.add(kind.cls)
        for field in kind.fields:
            yield from _mutable_fields(field.type, f"{kind.cls.__name__}.{field.name}", seen)
    for name in ("item_type", "key_type", "value_type"):
        if hasattr(kind, name):
            yield from _mutable_fields(getattr(kind, name), owner, seen)
    for name in ("item_types", "types"):
        for inner in getattr(kind, name, ()):
            yield from _mutable_fields(inner, owner, seen)


def test_events_combatants_and_sheets_are_left_to_reference_counting():
    untracked = _untracked_types()
    assert Combatant in untracked
    assert UwrSheet in untracked
    assert all(cls in untracked for cls in Event.__subclasses__())
    record = Combatant(
        id="a", name="Ash", sheet=UwrSheet(weapons=(Weapon(name="Sword", upr_type="Swift"),))
    )
    assert not gc.is_tracked(record)


def test_no_untracked_record_holds_a_list_dict_or_set_that_could_close_a_cycle():
    found = [
        problem
        for cls in _untracked_types()
        for problem in _mutable_fields(inspect.type_info(cls), cls.__name__, set())
    ]
    assert found == []
