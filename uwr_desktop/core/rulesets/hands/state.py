"""The ``hands`` part of the encounter state: phases, the turn under way and its declare-first
order with the reason for every place, surprise, close quarters and outreached pairs."""

from enum import StrEnum

import msgspec

from uwr_desktop.core.encounter import SETUP_PHASE, RulesetPart
from uwr_desktop.core.rulesets.sheets import part_reader


class Phase(StrEnum):
    """Where a ``hands`` encounter stands."""

    SETUP = SETUP_PHASE
    CARRY_OVER = "carry_over"
    TURNS = "turns"


class Reason(StrEnum):
    """What put a combatant ahead of the next one in the declare-first order."""

    SURPRISE = "surprise"
    POINTS = "points"
    REACH = "reach"
    CLOSE_QUARTERS = "close_quarters"
    MISSILE = "missile"
    BONUS = "bonus"
    ROLL_OFF = "roll_off"
    TIED = "tied"
    ALONE = "alone"


class Place(msgspec.Struct, frozen=True):
    """One combatant's place in the declare-first order: the reason for it, its words and
    the rival it was decided against (``""``: alone)."""

    combatant_id: str
    reason: Reason
    text: str
    rival: str = ""


class Action(msgspec.Struct, frozen=True):
    """An action declared this turn: who, how many points, with which weapon (each weapon
    once a turn; an interfering action is capped at the points of the one it opposes) and at
    whom (``None``: not said). An interfering action names the action it ``opposes`` (its
    place among the turn's actions) and, once the GM records it, whether it ``succeeded``
    and its ``roll``."""

    actor: str
    points: int
    weapon: int | None = None
    target: str | None = None
    opposes: int | None = None
    succeeded: bool | None = None
    roll: int | None = None


def foiled_by(actions: tuple[Action, ...], index: int) -> Action | None:
    """The first interfering action against action ``index`` that succeeded (``None``: none
    did; the action stands)."""
    return next((a for a in actions if a.opposes == index and a.succeeded), None)


class Deed(msgspec.Struct, frozen=True):
    """What a combatant did with its points in a turn: the points it spent (moved with,
    hesitated), the words shown on the timeline (``"2 with Halberd"``, ``"hesitated"``) and
    the action they went to (its place among the turn's actions; ``None``: no action)."""

    combatant_id: str
    points: int
    text: str
    action: int | None = None


class TurnRecord(msgspec.Struct, frozen=True):
    """A finished turn of the round under way, as the timeline shows it: its number (0: the
    carry-over turn), the points each participant had at its start, its declare-first order,
    what each did and the actions declared."""

    turn: int
    start_points: tuple[tuple[str, int], ...]
    places: tuple[Place, ...]
    deeds: tuple[Deed, ...]
    actions: tuple[Action, ...] = ()


class HandsPart(RulesetPart, frozen=True):
    """The turn under way.

    ``turn`` is 0 for the carry-over turn and counts normal turns from 1 (``NO_TURN`` between
    a round start and its first turn). ``start_points``
    holds each participant's points (carry-over or ready) as the turn started. ``places`` is this
    turn's declare-first order (surprise applied); ``roll_offs`` the d6 faces each tied
    combatant rolled this turn; ``surprise`` who the GM set as surprising this turn;
    ``actions`` what was declared this turn; ``deeds`` what each did with its points this
    turn (actions, moves, hesitation); ``history`` the finished turns of this round.
    ``close`` lists the pairs the GM marked as closer than half the longest weapon's reach;
    ``outreached`` the (outreached, by) pairs.
    """

    turn: int = 0
    start_points: tuple[tuple[str, int], ...] = ()
    places: tuple[Place, ...] = ()
    roll_offs: tuple[tuple[str, tuple[int, ...]], ...] = ()
    surprise: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()
    deeds: tuple[Deed, ...] = ()
    history: tuple[TurnRecord, ...] = ()
    close: tuple[tuple[str, str], ...] = ()
    outreached: tuple[tuple[str, str], ...] = ()

    def faces(self, combatant_id: str) -> tuple[int, ...]:
        """The roll-off faces ``combatant_id`` rolled this turn (empty: none)."""
        return next((faces for cid, faces in self.roll_offs if cid == combatant_id), ())

    def spent(self, combatant_id: str) -> int:
        """The points ``combatant_id`` spent, moved with or hesitated with this turn."""
        return sum(deed.points for deed in self.deeds if deed.combatant_id == combatant_id)

    def outreaches(self, who: str, by: str) -> bool:
        """Whether ``by`` outreaches ``who`` this turn."""
        return (who, by) in self.outreached

    def is_close(self, first: str, second: str) -> bool:
        """Whether the GM marked the two as in close quarters."""
        return (first, second) in self.close or (second, first) in self.close


NO_TURN = -1
"""``HandsPart.turn`` between a round start and its first turn."""

NO_PART = HandsPart()
"""The part of a fresh encounter."""


part_of = part_reader(HandsPart, NO_PART)
"""The ``hands`` part of a state."""
