"""Upkeep, the round's last step: bleeding, timed effects, stuns and Staggered (the GM's
environmental counters advance then too, in :mod:`.counters`).

Stun effects (most severe first: Stunned and unable to parry, Stunned, Dazed) lose one round
together, taken from the most severe of those that may tick: a stun that hit this round after
the combatant had spent 2 AP or more does not; a stun from an earlier round always ticks.
Staggered is removed on the same condition. Every other timed condition loses a round. The
rules know a condition by its preset (whatever name it is shown by); one without a preset, as
fights before presets wrote them, by its name.
"""

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, Condition, EncounterState, Lasting
from uwr_desktop.core.events import CombatantUpdate
from uwr_desktop.core.rulesets.base import ConditionPreset
from uwr_desktop.core.rulesets.common import plural
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of

STUNNED_NO_PARRY = "stunned_no_parry"
"""The preset key of Stunned and unable to parry, the most severe stun."""
STUNNED = "stunned"
"""The preset key of Stunned."""
DAZED = "dazed"
"""The preset key of Dazed, the least severe stun."""
STAGGERED = "staggered"
"""The preset key of Staggered."""
BLEEDING = "bleeding"
"""The preset key of Bleeding N: N hits lost at every upkeep."""

_STUN_NAMES: dict[str, tuple[str, ...]] = {
    STUNNED_NO_PARRY: (
        "Stunned and unable to parry",
        "Stunned/unable to parry",
        "Stunned, unable to parry",
    ),
    STUNNED: ("Stunned",),
    DAZED: ("Dazed",),
}
"""Each stun preset's names, most severe first: a condition without a preset (one written
before presets) is read by them, in any case."""

STUN_SEVERITY = {STUNNED_NO_PARRY: 3, STUNNED: 2, DAZED: 1}
"""Stun effects by severity, by preset key."""

STUN_SPENT_LIMIT = 2
"""A stun or stagger hitting after this many AP spent in the round does not tick that round."""

PRESETS = (
    ConditionPreset(
        DAZED,
        "Dazed",
        "The mildest stun. Stuns lose one round together at upkeep, the most severe first; "
        "a stun that hit after 2 AP or more had been spent that round does not tick then.",
        Lasting.ROUNDS,
    ),
    ConditionPreset(
        STUNNED,
        "Stunned",
        "A stun, more severe than Dazed. Stuns lose one round together at upkeep, the most "
        "severe first; a stun that hit after 2 AP or more had been spent that round does not "
        "tick then.",
        Lasting.ROUNDS,
    ),
    ConditionPreset(
        STUNNED_NO_PARRY,
        "Stunned and unable to parry",
        "The most severe stun, and its rounds go first. Stuns lose one round together at "
        "upkeep; a stun that hit after 2 AP or more had been spent that round does not tick "
        "then.",
        Lasting.ROUNDS,
    ),
    ConditionPreset(
        STAGGERED,
        "Staggered",
        "Removed at upkeep if fewer than 2 AP had been spent in the round before it hit; "
        "otherwise at the next round's upkeep.",
    ),
    ConditionPreset(
        BLEEDING,
        "Bleeding",
        "Loses N hits at every upkeep, on top of the Bleeding column of the sheet. A second "
        "wound is a second condition with its own name, or one Bleeding with the sum.",
        amount="Hits a round",
    ),
)
"""The named conditions of the tactical rules."""


def severity(condition: Condition) -> int:
    """How severe a stun effect is (0: not a stun)."""
    return next(
        (
            level
            for key, level in STUN_SEVERITY.items()
            if condition.stands_for(key, *_STUN_NAMES[key])
        ),
        0,
    )


def is_staggered(condition: Condition) -> bool:
    """Whether ``condition`` is Staggered."""
    return condition.stands_for(STAGGERED, "Staggered")


def bleeding(combatant: Combatant) -> int:
    """Hits the combatant loses at upkeep: its sheet's Bleeding and its Bleeding conditions."""
    from_conditions = sum(
        condition.amount or 0 for condition in combatant.conditions if condition.preset == BLEEDING
    )
    return sheet_of(combatant).bleeding + from_conditions


def _counts(spent: int | None) -> bool:
    return spent is None or spent < STUN_SPENT_LIMIT


def _ticking(combatant: Combatant, stuns: list[Condition]) -> list[Condition]:
    """The stuns that may lose the round: all but those that hit late this round (a round an
    earlier version recorded names none of them: its latest stun's AP decide for all)."""
    now = sheet_of(combatant).now
    if not now.late_stuns:
        return stuns if _counts(now.stun_spent) else []
    late = {name.casefold() for name in now.late_stuns}
    return [c for c in stuns if c.name.casefold() not in late]


def combatant_upkeep(combatant: Combatant) -> CombatantUpdate | None:
    """The combatant after upkeep and the changes in words (``None``: nothing changes)."""
    sheet = sheet_of(combatant)
    words: list[str] = []
    bled_hits = bleeding(combatant)
    if bled_hits and sheet.hits:
        sheet, bled = sheet.damaged(bled_hits, combatant.side)
        words.append(f"bleeds: {bled}")
    kept: list[Condition] = []
    stuns = [c for c in combatant.conditions if severity(c) and c.rounds is not None]
    worst = max(_ticking(combatant, stuns), key=severity, default=None)
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
