"""Sheets with no health at all, as files before schema 5 could hold them, read as today's.

Every round system refuses a sheet whose maximum of health is 0 (it could never be hurt nor
healed). Files of schema 4 and before were written while such a sheet was still taken, in
their roster and in the events that carry combatants; rather than refuse the whole fight, each
round system's ``upgrade_combatant`` raises that maximum to the least its bound allows, and the
combatant keeps the health it had: none.
"""

from collections.abc import Callable
from typing import Any

HEALTH_REQUIRED_SINCE = 5
"""The first file schema whose sheets all have some health: the refusal of a maximum of 0
came while files were written in schema 4."""

RawSheet = dict[str, Any]
"""A sheet as JSON data."""


def is_zero(value: object) -> bool:
    """Whether a field of JSON data holds the whole number 0 (``false`` is not a number)."""
    return type(value) is int and value == 0


def with_sheet_upgraded(
    raw: Any, schema: int, upgrade: Callable[[RawSheet], RawSheet | None]
) -> Any:
    """The combatant ``raw`` of a file of ``schema`` with its sheet upgraded by ``upgrade``
    (``None``: the sheet needs nothing) when the file comes before schema 5; anything else
    comes back unchanged, for the typed decoder to name what is wrong."""
    if schema >= HEALTH_REQUIRED_SINCE or not isinstance(raw, dict):
        return raw
    sheet = raw.get("sheet")
    if not isinstance(sheet, dict):
        return raw
    upgraded = upgrade(sheet)
    return raw if upgraded is None else {**raw, "sheet": upgraded}


def least_maximum(sheet: RawSheet, maximum: str, current: str, least: int) -> RawSheet | None:
    """A sheet whose health is ``current`` out of ``maximum``, with a maximum of 0 (and so no
    health now, all an earlier version took) raised to ``least``, the health staying 0;
    ``None`` for any other sheet."""
    if is_zero(sheet.get(maximum)) and is_zero(sheet.get(current)):
        return {**sheet, maximum: least}
    return None
