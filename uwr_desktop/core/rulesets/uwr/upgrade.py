"""Reading ``uwr`` records of earlier versions.

In release 0.1.0 (file schema 1) a combatant held its sheet fields beside its name, and
``TurnStarted`` carried the Stamina the turn refilled to. Today the sheet is a tagged record of
its own and the refill is its own event,
:class:`~uwr_desktop.core.rulesets.uwr.events.StaminaRefilled`. Up to schema 4 a sheet could
have a maximum Vitality of 0, which is now raised to the least allowed.
"""

from typing import Any

from uwr_desktop.core.rulesets.earlier_health import (
    RawSheet,
    least_maximum,
    with_sheet_upgraded,
)
from uwr_desktop.core.rulesets.uwr.sheet import RULESET_TAG, VITALITY_MAX

SHEET_FIELDS = frozenset(
    {
        "attributes",
        "skills",
        "weapons",
        "vitality",
        "vitality_max",
        "stamina",
        "stamina_max",
        "initiative",
    }
)
"""The fields a schema-1 combatant held that are now its sheet's."""


def _some_vitality(sheet: RawSheet) -> RawSheet | None:
    """A sheet of Vitality 0 out of 0 given the least maximum Vitality allowed."""
    return least_maximum(sheet, "vitality_max", "vitality", VITALITY_MAX.low)


def upgrade_combatant(raw: Any, schema: int) -> Any:
    """A combatant of a file of ``schema`` in today's shape: a schema-1 one's sheet fields moved
    into a tagged ``uwr`` sheet; up to schema 4, a maximum Vitality of 0 raised to the least
    allowed (the combatant keeps its Vitality of 0)."""
    return with_sheet_upgraded(_with_sheet(raw), schema, _some_vitality)


def _with_sheet(raw: Any) -> Any:
    """A schema-1 combatant with its sheet fields moved into a tagged ``uwr`` sheet."""
    if not isinstance(raw, dict) or "sheet" in raw:
        return raw
    sheet: dict[str, Any] = {"ruleset": RULESET_TAG}
    combatant: dict[str, Any] = {}
    for key, value in raw.items():
        (sheet if key in SHEET_FIELDS else combatant)[key] = value
    combatant["sheet"] = sheet
    return combatant


def upgrade_event(raw: Any) -> list[Any]:
    """A schema-1 ``TurnStarted`` becomes the turn start and the Stamina refill."""
    if isinstance(raw, dict) and raw.get("type") == "TurnStarted" and "stamina" in raw:
        started = {key: value for key, value in raw.items() if key != "stamina"}
        refill = {
            "type": "StaminaRefilled",
            "combatant_id": raw.get("combatant_id"),
            "stamina": raw["stamina"],
        }
        return [started, refill]
    return [raw]
