"""The ``tactical`` ruleset's own events (importing this module registers them)."""

from typing import Annotated

import msgspec

from uwr_desktop.core.encounter import (
    CombatantId,
    Count,
    Ids,
    InitiativeValue,
    Name,
    OptionalCombatantId,
)
from uwr_desktop.core.events import Event
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_COUNTERS
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets.tactical import sheet as _sheet  # noqa: F401  (registers it)
from uwr_desktop.core.rulesets.tactical.catalog import Penalty
from uwr_desktop.core.rulesets.tactical.sheet import (
    AP,
    AP_PER_ROUND,
    CountValue,
    KeptProgress,
    TacticalAction,
)
from uwr_desktop.core.rulesets.tactical.state import Actions, Counter, Paces, TieRoll


class TacticalEvent(Event, frozen=True):
    """Base of the ``tactical`` events."""

    round_system = "tactical"


EARLIER_TAGS: dict[str, str] = {
    "TacticalInitiativeRolled": "InitiativeRolled",
    "TacticalInitiativeSet": "InitiativeSet",
    "TacticalRoundStarted": "RoundStarted",
    "TacticalCountReached": "CountReached",
    "TacticalDeclared": "Declared",
    "TacticalInstantTaken": "InstantTaken",
    "TacticalConcentrating": "Concentrating",
    "TacticalMoved": "Moved",
    "TacticalParryDeclared": "ParryDeclared",
    "TacticalShortened": "Shortened",
    "TacticalResolved": "Resolved",
    "TacticalInterrupted": "Interrupted",
    "TacticalStunMarked": "StunMarked",
    "TacticalUpkeepStarted": "UpkeepStarted",
    "TacticalCountersChanged": "CountersChanged",
    "TacticalCatalogChanged": "CatalogChanged",
}
"""The tag an earlier version wrote for each ``tactical`` event (up to schema 3, its class name
then), and today's."""


class InitiativeRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One combatant's base initiative roll: 2d10 + Quickness bonus - 1 per full 10 of
    penalty."""

    combatant_id: CombatantId
    roll: RollRecord


class InitiativeRolled(TacticalEvent, frozen=True):
    """Base initiative was rolled (a roll replaces any value the GM had typed)."""

    rolls: Annotated[tuple[InitiativeRoll, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]


class InitiativeSet(TacticalEvent, frozen=True):
    """The GM typed a base initiative over the roll (``None``: back to the roll); ``action`` is
    the action carried into the round under way, moved to resolve from the new base."""

    combatant_id: CombatantId
    base: InitiativeValue | None
    action: TacticalAction | None = None


class RoundStarted(TacticalEvent, frozen=True):
    """A round starts: everyone has 4 AP; round-to-round actions take this round's AP."""

    round: Count


class WaitLoss(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """AP a combatant declaring nothing has let go by."""

    combatant_id: CombatantId
    ap: Annotated[int, msgspec.Meta(ge=1, le=AP_PER_ROUND)]


WaitLosses = Annotated[tuple[WaitLoss, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]
"""The AP lost by waiting when the countdown moves on."""


class CountReached(TacticalEvent, frozen=True):
    """The countdown reaches ``count``; ``ties`` are the d10 roll-offs for those tied on it and
    ``waited`` the AP lost by waiting by then."""

    count: CountValue
    ties: Annotated[tuple[TieRoll, ...], msgspec.Meta(max_length=MAX_COMBATANTS)] = ()
    waited: WaitLosses = ()


class Declared(TacticalEvent, frozen=True):
    """An action is declared on ``count``; ``waited`` AP went by before it was."""

    combatant_id: CombatantId
    count: CountValue
    action: TacticalAction
    waited: AP = 0


class InstantTaken(TacticalEvent, frozen=True):
    """An instantaneous action on ``count``, costing ``cost`` AP (the first of a round is
    free)."""

    combatant_id: CombatantId
    name: Name
    count: CountValue
    cost: Annotated[int, msgspec.Meta(ge=0, le=1)]
    waited: AP = 0


class Concentrating(TacticalEvent, frozen=True):
    """A concentration action: the combatant concentrates for the round (``penalty`` as the
    GM entered it)."""

    combatant_id: CombatantId
    name: Name
    penalty: Penalty = 0


class Moved(TacticalEvent, frozen=True):
    """The combatant moved at ``pace`` (``mode``: forward, backwards or prone) for
    ``penalty``; ``fastest`` says it is now the round's fastest pace."""

    combatant_id: CombatantId
    pace: Name
    mode: Name
    penalty: Penalty
    fastest: bool


class ParryDeclared(TacticalEvent, frozen=True):
    """A parry of ``amount`` against ``against`` (an id; empty: whoever attacks)."""

    combatant_id: CombatantId
    amount: Count
    against: OptionalCombatantId = ""


class Shortened(TacticalEvent, frozen=True):
    """The action under way now costs ``ap`` and resolves on ``resolves_at``."""

    combatant_id: CombatantId
    ap: AP
    resolves_at: CountValue


class Resolved(TacticalEvent, frozen=True):
    """Actions complete on ``count``, together."""

    combatant_ids: Ids
    count: CountValue


class Interrupted(TacticalEvent, frozen=True):
    """The action under way stops on ``count`` after ``spent`` AP of this round; ``kept`` is
    the progress kept for later (``None``: lost or nothing to keep)."""

    combatant_id: CombatantId
    count: CountValue
    spent: AP
    kept: KeptProgress | None = None


class StunMarked(TacticalEvent, frozen=True):
    """A stun (or ``staggered``) hit the combatant after ``spent`` AP of this round."""

    combatant_id: CombatantId
    staggered: bool
    spent: AP


class UpkeepStarted(TacticalEvent, frozen=True):
    """The round's upkeep: bleeding, timed effects and stuns follow as combatant updates;
    ``waited`` are the AP the countdown's end took from those who declared nothing."""

    round: Count
    waited: WaitLosses = ()


class CountersChanged(TacticalEvent, frozen=True):
    """The environmental counters as they are now (set, removed, or advanced at upkeep)."""

    counters: Annotated[tuple[Counter, ...], msgspec.Meta(max_length=MAX_COUNTERS)]
    text: str = ""


class CatalogChanged(TacticalEvent, frozen=True):
    """The GM edited the fight's action catalog and pace table (empty: the shipped ones)."""

    actions: Actions = ()
    paces: Paces = ()
