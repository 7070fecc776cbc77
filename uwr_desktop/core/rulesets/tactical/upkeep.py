"""Upkeep, the round's last step: bleeding, timed effects, stuns, Staggered and the GM's
environmental counters.

Stun effects (most severe first: Stunned and unable to parry, Stunned, Dazed) lose one round
together, taken from the most severe, only when the combatant had spent fewer than 2 AP this
round before the latest stun hit it; a stun from an earlier round always ticks. Staggered is
removed on the same condition. Every other timed condition loses a round.
"""

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, Condition, EncounterState
from uwr_desktop.core.events import CombatantUpdate
from uwr_desktop.core.rulesets.common import plural
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of
from uwr_desktop.core.rulesets.tactical.state import Counter

STUN_SEVERITY = {
    "stunned and unable to parry": 3,
    "stunned/unable to parry": 3,
    "stunned, unable to parry": 3,
    "stunned": 2,
    "dazed": 1,
}
"""Stun effects by severity (condition names, case ignored)."""

STAGGERED = "staggered"
"""The Staggered condition's name (case ignored)."""

STUN_SPENT_LIMIT = 2
"""A stun or stagger hitting after this many AP spent in the round does not tick that round."""


def severity(condition: Condition) -> int:
    """How severe a stun effect is (0: not a stun)."""
    return STUN_SEVERITY.get(condition.name.strip().casefold(), 0)


def is_staggered(condition: Condition) -> bool:
    """Whether ``condition`` is Staggered."""
    return condition.name.strip().casefold() == STAGGERED


def _counts(spent: int | None) -> bool:
    return spent is None or spent < STUN_SPENT_LIMIT


def combatant_upkeep(combatant: Combatant) -> CombatantUpdate | None:
    """The combatant after upkeep and the changes in words (``None``: nothing changes)."""
    sheet = sheet_of(combatant)
    words: list[str] = []
    if sheet.bleeding and sheet.hits:
        sheet, bled = sheet.damaged(sheet.bleeding, combatant.side)
        words.append(f"bleeds: {bled}")
    kept: list[Condition] = []
    stuns = [c for c in combatant.conditions if severity(c) and c.rounds is not None]
    worst = max(stuns, key=severity) if stuns and _counts(sheet.now.stun_spent) else None
    for condition in combatant.conditions:
        if is_staggered(condition) and _counts(sheet.now.stagger_spent):
            words.append(f"{condition.name} ends")
            continue
        ticks = condition.rounds is not None and (
            condition is worst or not (severity(condition) or is_staggered(condition))
        )
        if not ticks or condition.rounds is None:
            kept.append(condition)
        elif condition.rounds == 1:
            words.append(f"{condition.name} ends")
        else:
            left = condition.rounds - 1
            words.append(f"{condition.name}: {plural(left, 'round')} left")
            kept.append(replace(condition, rounds=left))
    if stuns and worst is None:
        words.append("stun does not tick (2 AP or more spent before it)")
    if not words:
        return None
    updated = replace(combatant, sheet=sheet, conditions=tuple(kept))
    return CombatantUpdate(updated, "; ".join(words))


def upkeep_updates(state: EncounterState) -> tuple[CombatantUpdate, ...]:
    """Every combatant's upkeep, in table order."""
    updates = (combatant_upkeep(state.combatants[cid]) for cid in state.rows)
    return tuple(update for update in updates if update is not None)


def advanced(counters: tuple[Counter, ...]) -> tuple[tuple[Counter, ...], str]:
    """The environmental counters one upkeep later, and the change in words."""
    moved = tuple(replace(c, value=c.value + c.step) for c in counters)
    text = ", ".join(f"{c.name} {c.value}" for c in moved)
    return moved, text
