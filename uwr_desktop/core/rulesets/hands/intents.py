"""Intents of the ``hands`` ruleset (besides the shared ones in ``core.intents``)."""

from typing import Annotated

from uwr_desktop.core.encounter import Count, Name, Text
from uwr_desktop.core.intents import Amount, Intent
from uwr_desktop.core.rulesets.hands.events import ActionIndex
from uwr_desktop.core.rulesets.hands.sheet import INTERFERENCE_ROLL, WeaponIndex


class HandsSpend(Intent, frozen=True):
    """Spend ready points on an action this turn, optionally with a weapon (each weapon once
    a turn), interfering with an earlier action of the turn (no more points than it) or
    attacking ``target`` (an outreached combatant only as the rules allow)."""

    combatant_id: Name
    points: Amount
    weapon: WeaponIndex | None = None
    opposes: ActionIndex | None = None
    note: Text = ""
    target: Name | None = None


class HandsRecordOutcome(Intent, frozen=True):
    """Record how an interfering action of this turn went (``action``: its place among the
    turn's actions): whether it ``succeeded`` (``None``: not said yet) and its ``roll``."""

    action: ActionIndex
    succeeded: bool | None = None
    roll: Annotated[int, INTERFERENCE_ROLL.meta] | None = None


class HandsMove(Intent, frozen=True):
    """Take the carry-over turn: move, paying ``points`` carry-over points (0: no move)."""

    combatant_id: Name
    points: Count


class HandsHesitate(Intent, frozen=True):
    """Do nothing this turn: one ready point moves to used."""

    combatant_id: Name


class HandsSetSurprise(Intent, frozen=True):
    """Set (or clear) a combatant's surprise for this turn: it declares first."""

    combatant_id: Name
    surprising: bool = True


class HandsSetClose(Intent, frozen=True):
    """Mark two combatants as closer than half the longest weapon's reach (or no longer)."""

    first: Name
    second: Name
    close: bool = True
