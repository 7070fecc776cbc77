"""Reading what earlier versions wrote: records of an older shape brought to today's.

Release 0.1.0 (file schema 1) kept a combatant's sheet fields beside its name and refilled
Stamina inside ``TurnStarted``. Such records still open: the parts every ruleset shares are
walked here, and each combatant and event is handed to its ruleset's
``upgrade_combatant``/``upgrade_event``, which know their own old shapes. A file's settings and
combatants go to its ruleset with the file's schema: a setting whose default changed
(``tactical``'s interruption in schema 3) keeps what an older file meant by leaving it out, and a
sheet with no health at all, which files up to schema 4 could hold, gets the least allowed. An
event of a round system, tagged ``"<its id>.<name>"`` from schema 4 to 7, takes its name alone.
A combatant's name or alias written before names were held to one line (any schema up to 8:
``core.name_rule``) is cleaned as a name typed today is, and one left with nothing visible is
:data:`UNNAMED`, so the fight opens with the names it showed, each on one line.
Records already in today's shape pass unchanged; anything malformed is left as it is, for the
typed decoder to name the problem.
"""

from typing import Any

from uwr_desktop.core.earlier_rolls import (
    LIMIT_RECORDED_SINCE,
    upgrade_combatant_rolls,
    upgrade_event_rolls,
)
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.rulesets.base import Ruleset

EARLIEST_SCHEMA = 1
"""The schema a record is read as when its store keeps none (the autosave journal, the
library): every upgrade is offered, and each knows the old shape it upgrades by itself."""

PLAIN_TAGS_SINCE = 8
"""The first file schema tagging a round system's events with their names alone
(``"Attacked"``); schemas 4 to 7 put the round system's id before (``"rollkeep.Attacked"``)."""

UNNAMED = "Unnamed"
"""The name (or alias) of a combatant whose name (or alias), written before names were held to
one line, held nothing visible: the players still see no name of its own."""

_NAMES = ("name", "alias")
_HOLDS_COMBATANTS = "CombatantsJoined"
_HOLDS_UPDATES = "CombatantsUpdated"


def upgrade_roster(raw: Any, ruleset: Ruleset, schema: int) -> Any:
    """A list of combatants a file of schema ``schema`` wrote, in today's shape."""
    if not isinstance(raw, list):
        return raw
    return [upgrade_combatant(combatant, ruleset, schema) for combatant in raw]


def upgrade_combatant(raw: Any, ruleset: Ruleset, schema: int) -> Any:
    """A combatant a file of schema ``schema`` wrote, in today's shape: its ruleset's upgrade,
    its name and alias on one line, then the roll records on its sheet."""
    upgraded = _one_line_names(ruleset.upgrade_combatant(raw, schema))
    return upgrade_combatant_rolls(upgraded) if schema < LIMIT_RECORDED_SINCE else upgraded


def _one_line_names(raw: Any) -> Any:
    """A combatant with its name and alias cleaned as a name typed today is (an alias left
    with nothing visible is :data:`UNNAMED` too: it hid the name from the players)."""
    if not isinstance(raw, dict):
        return raw
    cleaned = {
        key: clean or UNNAMED
        for key in _NAMES
        if isinstance(text := raw.get(key), str) and (clean := clean_name(text)) != text
    }
    return {**raw, **cleaned} if cleaned else raw


def _upgrade_event(raw: Any, ruleset: Ruleset, schema: int) -> list[Any]:
    if isinstance(raw, dict):
        kind = raw.get("type")
        prefix = f"{ruleset.id}."
        if schema < PLAIN_TAGS_SINCE and isinstance(kind, str) and kind.startswith(prefix):
            kind = kind.removeprefix(prefix)
            raw = {**raw, "type": kind}
        if kind == _HOLDS_COMBATANTS:
            raw = {**raw, "combatants": upgrade_roster(raw.get("combatants"), ruleset, schema)}
        elif kind == _HOLDS_UPDATES and isinstance(raw.get("updates"), list):
            raw = {
                **raw,
                "updates": [
                    {
                        **update,
                        "combatant": upgrade_combatant(update.get("combatant"), ruleset, schema),
                    }
                    if isinstance(update, dict)
                    else update
                    for update in raw["updates"]
                ],
            }
    events = ruleset.upgrade_event(raw)
    if schema >= LIMIT_RECORDED_SINCE:
        return events
    return [upgrade_event_rolls(event, ruleset.id) for event in events]


def upgrade_settings(raw: Any, ruleset: Ruleset, schema: int) -> Any:
    """A file's settings as schema ``schema`` wrote them, in today's shape."""
    if not isinstance(raw, dict):
        return raw
    return ruleset.upgrade_settings(raw, schema)


def upgrade_entry(raw: Any, ruleset: Ruleset, schema: int) -> Any:
    """A journal entry (``{"label": ..., "events": [...]}``) a file of schema ``schema`` wrote,
    in today's shape."""
    if not isinstance(raw, dict) or not isinstance(raw.get("events"), list):
        return raw
    events = [
        upgraded for event in raw["events"] for upgraded in _upgrade_event(event, ruleset, schema)
    ]
    return {**raw, "events": events}
