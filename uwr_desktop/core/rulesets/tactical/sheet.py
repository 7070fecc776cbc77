"""The ``tactical`` sheet: a combatant's statistics and what it does this round.

What a table row shows (AP left, the action under way, the penalty and pace) sits on the sheet,
so the row repaints when it changes.
"""

from typing import Annotated

import msgspec
from msgspec.structs import replace

from uwr_desktop.core.encounter import (
    Combatant,
    Count,
    InitiativeValue,
    Name,
    OptionalName,
    register_sheet,
)
from uwr_desktop.core.limits import MAX_CONDITIONS, MAX_COUNT, MAX_INITIATIVE
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.common import Bounded, plural
from uwr_desktop.core.rulesets.sheets import RoundSheet, sheet_reader
from uwr_desktop.core.rulesets.tactical.catalog import ActionPoints, Penalty
from uwr_desktop.core.sides import Side

AP_PER_ROUND = 4
"""Action points every combatant gets each round."""

AP = Annotated[int, msgspec.Meta(ge=0, le=AP_PER_ROUND)]
"""Action points within one round."""

CountValue = Annotated[int, msgspec.Meta(ge=-MAX_COUNT, le=MAX_COUNT)]
"""A count of the countdown (it may run below zero)."""

QUICKNESS = Bounded("The Quickness bonus", -MAX_INITIATIVE, MAX_INITIATIVE)
"""The Quickness bonus, as the forms name it, and its bounds."""
CURRENT_PENALTY = Bounded("The current penalty", -MAX_INITIATIVE, 0)
"""The current penalty (wounds, fatigue): 0 or below."""
HITS = Bounded("Hits", 0, MAX_COUNT)
"""Hits now."""
MAX_HITS = Bounded("Maximum hits", 1, MAX_COUNT)
"""Hits when whole: at least 1, since a combatant with none could never be hurt nor heal."""
BLEEDING = Bounded("Bleeding", 0, MAX_COUNT)
"""Hits lost at each upkeep."""
BASE_INITIATIVE = Bounded("Base initiative", -MAX_INITIATIVE, MAX_INITIATIVE)
"""A base initiative the GM types over the roll."""

SHEET_CELLS: dict[str, tuple[str, Bounded]] = {
    "hits": ("Hits", HITS),
    "hits_max": ("Max hits", MAX_HITS),
    "quickness": ("Quickness bonus", QUICKNESS),
    "penalty": ("Penalty", CURRENT_PENALTY),
    "bleeding": ("Bleeding", BLEEDING),
}
"""The sheet's numbers a table cell sets: their name in the log and their bounds."""

Bonus = Annotated[int, QUICKNESS.meta]
"""A Quickness bonus."""


class TacticalAction(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The action under way: what it is, its AP, and the counts it spans this round.

    ``ap`` is what it costs in all (shortened or not); ``paid`` the AP paid in earlier rounds;
    ``this_round`` the AP it takes this round; ``declared_at`` the count its AP of this round
    start being spent; ``resolves_at`` the count it resolves (``None``: it goes on next round).
    """

    name: Name
    ap: ActionPoints
    min_ap: ActionPoints
    max_ap: ActionPoints
    paid: ActionPoints = 0
    this_round: AP
    declared_at: CountValue
    resolves_at: CountValue | None

    @property
    def shortening_penalty(self) -> int:
        """-25 for each AP below the action's maximum."""
        return -25 * (self.max_ap - self.ap)

    @property
    def ranged(self) -> bool:
        """Whether its AP may change (a range of AP within one round)."""
        return self.min_ap < self.max_ap <= AP_PER_ROUND


class KeptProgress(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A round-to-round action interrupted with its progress kept: taking it up again pays
    only what is left."""

    name: Name
    ap: ActionPoints
    paid: ActionPoints


class DoneAction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An action over this round: its name, the count it was declared on and the count it
    ended on, resolved or (``interrupted``) stopped."""

    name: Name
    declared_at: CountValue
    ended_at: CountValue
    interrupted: bool = False


DONE_KEPT = 16
"""Actions over a round kept on a combatant's sheet (the latest ones)."""


class RoundState(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """What a combatant has done this round.

    ``ap``: AP not yet given to an action. ``spent``: AP paid for what is over (actions
    resolved or interrupted, instantaneous actions paid). ``waited``: AP lost by waiting (not
    spent: the stun and Staggered rules count only AP paid for actions). ``instants``:
    instantaneous actions taken. ``pace``/``pace_penalty``: the fastest pace used and its
    penalty (doubled backwards, times 4 prone). ``parry``/``parry_against``: the parry
    declared. ``stun_spent``/``stagger_spent``: AP spent when the latest stun or stagger hit
    this round (``None``: none did). ``late_stuns``: the names of the stuns that hit this round
    after 2 AP or more had been spent (they do not tick at its upkeep). ``done``: the actions
    over this round, earliest first (the latest :data:`DONE_KEPT`).
    """

    ap: AP = AP_PER_ROUND
    spent: AP = 0
    waited: AP = 0
    action: TacticalAction | None = None
    instants: Count = 0
    pace: OptionalName = ""
    pace_penalty: Penalty = 0
    concentrating: bool = False
    concentration_penalty: Penalty = 0
    parry: Count = 0
    parry_against: OptionalName = ""
    stun_spent: AP | None = None
    stagger_spent: AP | None = None
    late_stuns: Annotated[tuple[Name, ...], msgspec.Meta(max_length=MAX_CONDITIONS)] = ()
    done: Annotated[tuple[DoneAction, ...], msgspec.Meta(max_length=DONE_KEPT)] = ()


class TacticalSheet(RoundSheet, frozen=True, tag="tactical"):
    """Quickness bonus, current penalty, hits, bleeding, the initiative record and the round.

    ``initiative`` is the 2d10 + Quickness bonus - 1 per full 10 of penalty roll;
    ``initiative_override`` a base initiative the GM typed over it.
    """

    health_name = "hits"

    quickness: Bonus = 0
    penalty: Annotated[int, CURRENT_PENALTY.meta] = 0
    hits: Annotated[int, HITS.meta] = 50
    hits_max: Annotated[int, MAX_HITS.meta] = 50
    bleeding: Annotated[int, BLEEDING.meta] = 0
    initiative: RollRecord | None = None
    initiative_override: InitiativeValue | None = None
    now: RoundState = RoundState()
    progress: KeptProgress | None = None

    def __post_init__(self) -> None:
        """Refuse hits above their maximum."""
        if self.hits > self.hits_max:
            raise ValueError(f"{self.hits} hits is above the maximum {self.hits_max}")

    @property
    def base(self) -> int | None:
        """Base initiative: the typed value, else the roll's total (``None``: not rolled)."""
        if self.initiative_override is not None:
            return self.initiative_override
        return None if self.initiative is None else self.initiative.total

    @property
    def down(self) -> bool:
        """Out of the fight at 0 hits."""
        return self.hits == 0

    def damaged(self, amount: int, side: Side) -> tuple["TacticalSheet", str]:
        """Hits drop by ``amount``, never below 0."""
        after = max(self.hits - amount, 0)
        text = f"takes {plural(amount, 'hit')} ({self.hits} → {after})"
        return replace(self, hits=after), text + (": down" if after == 0 < self.hits else "")

    def healed(self, amount: int) -> tuple["TacticalSheet", str] | None:
        """Hits rise by ``amount``, never above the maximum."""
        after = min(self.hits + amount, self.hits_max)
        if after == self.hits:
            return None
        healed = plural(after - self.hits, "hit")
        return replace(self, hits=after), f"heals {healed} ({self.hits} → {after})"

    def health(self) -> tuple[int, int]:
        """Hits and their maximum."""
        return self.hits, self.hits_max

    def as_copy(self) -> "TacticalSheet":
        """A copy rolls its own initiative and starts its own round."""
        return replace(
            self, initiative=None, initiative_override=None, now=RoundState(), progress=None
        )

    def as_template(self) -> "TacticalSheet":
        """Whole, not bleeding, nothing rolled or spent."""
        return replace(self.as_copy(), hits=self.hits_max, bleeding=0)


register_sheet(TacticalSheet)


sheet_of = sheet_reader(TacticalSheet, "tactical")
"""The combatant's tactical sheet (``RulesError`` if it follows another round system)."""


def with_sheet(combatant: Combatant, sheet: TacticalSheet) -> Combatant:
    """``combatant`` carrying ``sheet``."""
    return replace(combatant, sheet=sheet)


def with_now(combatant: Combatant, **fields: object) -> Combatant:
    """``combatant`` with fields of its round set."""
    sheet = sheet_of(combatant)
    return replace(combatant, sheet=replace(sheet, now=replace(sheet.now, **fields)))
