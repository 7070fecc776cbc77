"""Events of the ``hands`` ruleset (besides the shared ones in ``core.events``)."""

from typing import Annotated

import msgspec

from uwr_desktop.core.encounter import CombatantId, Count, Ids, Text
from uwr_desktop.core.events import Event
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_COUNT, MAX_DICE
from uwr_desktop.core.rulesets.hands.sheet import INTERFERENCE_ROLL, WeaponIndex


class HandsEvent(Event, frozen=True):
    """Base of the ``hands`` events."""

    round_system = "hands"


EARLIER_TAGS: dict[str, str] = {
    "HandsRoundStarted": "RoundStarted",
    "HandsPointsReadied": "PointsReadied",
    "HandsTurnStarted": "TurnBegan",
    "HandsRollOff": "RollOff",
    "HandsSurpriseSet": "SurpriseSet",
    "HandsCloseSet": "CloseSet",
    "HandsActed": "Acted",
    "HandsOutcomeRecorded": "OutcomeRecorded",
    "HandsMoved": "Moved",
    "HandsHesitated": "Hesitated",
    "HandsTurnEnded": "TurnOver",
}
"""The tag an earlier version wrote for each ``hands`` event (up to schema 3, its class name
then), and today's."""


D6Face = Annotated[int, msgspec.Meta(ge=1, le=6)]
"""The face of a d6."""
ActionIndex = Annotated[int, msgspec.Meta(ge=0, le=MAX_COMBATANTS * MAX_DICE)]
"""The position of an action among the turn's actions."""


class Pools(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A combatant's points made ready and kept in place as carry-over."""

    combatant_id: CombatantId
    ready: Count
    carry_over: Count = 0


PoolList = Annotated[tuple[Pools, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]


class RollOffRoll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One tied combatant's d6 faces, rerolled until no tie."""

    combatant_id: CombatantId
    faces: Annotated[tuple[D6Face, ...], msgspec.Meta(min_length=1, max_length=MAX_DICE)]


class RoundStarted(HandsEvent, frozen=True):
    """A round starts: every combatant's pools are split anew (used points empty); those not
    listed have no undamaged points."""

    round: Count
    pools: PoolList = ()


class PointsReadied(HandsEvent, frozen=True):
    """Newcomers' points for the round under way."""

    pools: PoolList


class TurnBegan(HandsEvent, frozen=True):
    """A turn starts (0: the carry-over turn); who declares first is decided anew."""

    turn: Count


class RollOff(HandsEvent, frozen=True):
    """A d6 roll-off among combatants the chain left tied."""

    rolls: Annotated[tuple[RollOffRoll, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]


class SurpriseSet(HandsEvent, frozen=True):
    """The GM set (or cleared) a combatant's surprise for this turn."""

    combatant_id: CombatantId
    surprising: bool


class CloseSet(HandsEvent, frozen=True):
    """The GM marked two combatants as in close quarters (or no longer)."""

    first: CombatantId
    second: CombatantId
    close: bool


class Acted(HandsEvent, frozen=True):
    """A combatant spent ready points on an action (``opposes``: the action it interferes
    with, by its place among the turn's actions; ``target``: whom it attacks)."""

    combatant_id: CombatantId
    points: Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)]
    weapon: WeaponIndex | None = None
    opposes: ActionIndex | None = None
    note: Text = ""
    target: CombatantId | None = None


class OutcomeRecorded(HandsEvent, frozen=True):
    """The GM recorded how an interfering action (``action``, its place among the turn's
    actions) went: ``succeeded`` (``None``: not said yet) and its ``roll`` (``None``: none
    given). The action it opposes fails as soon as one interfering action succeeds."""

    action: ActionIndex
    succeeded: bool | None = None
    roll: Annotated[int, INTERFERENCE_ROLL.meta] | None = None


class Moved(HandsEvent, frozen=True):
    """A combatant's carry-over turn: movement paid from carry-over points (0: none)."""

    combatant_id: CombatantId
    points: Count


class Hesitated(HandsEvent, frozen=True):
    """Each combatant listed did nothing this turn: one ready point moves to used."""

    combatant_ids: Ids


class TurnOver(HandsEvent, frozen=True):
    """The turn ends (0: the carry-over turn; movement not taken is lost)."""

    turn: Count
