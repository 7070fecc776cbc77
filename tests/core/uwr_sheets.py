"""Building ``uwr`` combatants in tests from one flat set of fields, as a GM fills a sheet."""

import msgspec

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.rulesets.uwr.upgrade import SHEET_FIELDS


def uwr_combatant(**fields: object) -> Combatant:
    """A combatant from ``fields``: the sheet's go to its ``UwrSheet``, the rest to it."""
    sheet = {key: value for key, value in fields.items() if key in SHEET_FIELDS}
    rest = {key: value for key, value in fields.items() if key not in SHEET_FIELDS}
    return Combatant(**rest, sheet=UwrSheet(**sheet))  # type: ignore[arg-type]


def _split(changes: dict[str, object]) -> tuple[dict[str, object], dict[str, object]]:
    on_sheet = {key: value for key, value in changes.items() if key in SHEET_FIELDS}
    return on_sheet, {key: value for key, value in changes.items() if key not in SHEET_FIELDS}


def changed(combatant: Combatant, **changes: object) -> Combatant:
    """``msgspec.structs.replace`` on a combatant, its sheet fields set on its sheet."""
    on_sheet, rest = _split(changes)
    if on_sheet:
        rest["sheet"] = msgspec.structs.replace(combatant.sheet, **on_sheet)
    return msgspec.structs.replace(combatant, **rest)


def forced(struct: object, **changes: object) -> object:
    """A copy of ``struct`` with fields set without any check (as a careless caller could); a
    combatant's sheet fields are set on its sheet."""
    copy = msgspec.structs.replace(struct)  # type: ignore[type-var]
    if isinstance(copy, Combatant):
        on_sheet, changes = _split(changes)
        if on_sheet:
            changes["sheet"] = forced(copy.sheet, **on_sheet)
    for field, value in changes.items():
        msgspec.structs.force_setattr(copy, field, value)
    return copy


def field_of(combatant: Combatant, name: str) -> object:
    """A field of the combatant or of its sheet."""
    return getattr(combatant.sheet if name in SHEET_FIELDS else combatant, name)
