"""Rebuild a fight's session from what the autosave journal kept of it."""

from collections.abc import Sequence

import msgspec

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import dec_hook_for
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.journal import JournalEntry, JournalSink
from uwr_desktop.core.references import check_references
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.journal_db import JournalCorruptError, RecoveredEncounter
from uwr_desktop.core.upgrade import EARLIEST_SCHEMA, upgrade_roster


def read_roster(roster_json: bytes, ruleset: Ruleset) -> tuple[Combatant, ...]:
    """The stored starting roster, read in today's shape whichever version stored it."""
    raw = upgrade_roster(msgspec.json.decode(roster_json), ruleset, EARLIEST_SCHEMA)
    roster: tuple[Combatant, ...] = msgspec.convert(
        raw, tuple[Combatant, ...], dec_hook=dec_hook_for(ruleset.id), strict=False
    )
    return roster


def rebuild_session(
    recovered: RecoveredEncounter,
    *,
    roller: Roller | None = None,
    sink: JournalSink | None = None,
) -> Session:
    """Return the session exactly as it was: same rules, roster, entries and undo position.

    Raises :class:`JournalCorruptError` when the stored settings or roster cannot be read or the
    journal no longer replays under the rules.
    """
    where = f"stored encounter {recovered.encounter_id}"
    try:
        ruleset = make_ruleset(recovered.ruleset, msgspec.json.decode(recovered.settings_json))
        roster = read_roster(recovered.roster_json, ruleset)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise JournalCorruptError(f"The {where} is damaged: {error}") from None
    except RulesError as error:
        raise JournalCorruptError(f"The {where} no longer replays: {error}") from None
    try:
        return Session(
            ruleset,
            roster,
            roller=roller,
            sink=sink,
            entries=recovered.entries,
            cursor=recovered.cursor,
        )
    except RulesError as error:
        raise JournalCorruptError(f"The {where} no longer replays: {error}") from None


def replayable_length(
    ruleset_id: str, settings_json: bytes, roster_json: bytes, entries: Sequence[JournalEntry]
) -> int | None:
    """How many of ``entries``, from the first, replay under the rules; ``None`` when the fight
    cannot even start (its ruleset, settings or roster cannot be read)."""
    try:
        ruleset = make_ruleset(ruleset_id, msgspec.json.decode(settings_json))
        roster = read_roster(roster_json, ruleset)
        state = ruleset.initial_state(roster)
    except (msgspec.MsgspecError, RulesError, LookupError, ValueError, TypeError):
        return None
    for done, entry in enumerate(entries):
        try:
            for event in entry.events:
                check_references(state.combatants, event)
                state = ruleset.apply(state, event)
        except (RulesError, LookupError, ValueError, TypeError, ArithmeticError):
            return done
    return len(entries)
