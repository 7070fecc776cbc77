"""Timeline slots and axis: what a ruleset shows on the initiative timeline.

The timeline widget draws these and knows nothing of any ruleset's rules. A ruleset names its
axis (:class:`TimelineAxis`) and gives its slots in axis order, each with a ``position`` on that
axis; a numeric axis runs from the highest position (acting first, on the left) to the lowest.

A ruleset whose round is a run of turns may instead group its slots in columns (``column``:
one per turn, left to right, each slot a row in it, in the turn's order); slots may carry
points drawn as pips, which a click can spend (see ``PipClicks`` in ``core.rulesets.base``).
"""

from enum import StrEnum

import msgspec

from uwr_desktop.core.sides import Side


class SlotKind(StrEnum):
    """What a slot stands for."""

    TURN = "turn"
    DECLARED = "declared"  # an action spanning declare -> resolve (tactical)
    CARRY_OVER = "carry_over"  # a movement-only carry-over turn (hands)


class AxisKind(StrEnum):
    """What a slot's ``position`` measures."""

    ORDER = "order"  # a place in the turn order, 0 first (uwr)
    COUNT = "count"  # an initiative count that runs down through the round (tactical)
    SCORE = "score"  # an initiative score, highest first (rollkeep)
    READY_POINTS = "ready_points"  # ready points, most first (hands)


class TimelineAxis(msgspec.Struct, frozen=True):
    """The axis the timeline's slots stand on: its kind, the title shown above the cards and,
    on a numeric axis, the value it stands at now (``now``: a countdown's count), marked on the
    ruler."""

    kind: AxisKind = AxisKind.ORDER
    title: str = "Turn order"
    now: int | None = None


class SlotStatus(StrEnum):
    """Where a slot stands in the round."""

    DONE = "done"
    CURRENT = "current"
    PENDING = "pending"
    DELAYED = "delayed"


class TimelineSlot(msgspec.Struct, frozen=True):
    """One card on the timeline.

    ``key`` identifies the slot across updates (so a moved card can animate); ``value_text`` is
    the axis value as the GM reads it (``"17"``, ``"17 · manual #2"``, ``"35 → 20"``).
    ``position`` is where the slot stands on the axis (an order index, a count, a score, ready
    points); ``span_end``, when set, is where a declared action resolves (declare → resolve).

    ``column``, when set, is the heading of the column the slot stands in: consecutive slots
    with the same heading form one column, drawn as rows top to bottom, the columns left to
    right (the axis ruler is then not drawn). ``pips`` points are drawn as filled pips, then
    ``spent_pips`` as hollow ones; with ``pip_action`` a click on the n-th filled pip asks the
    ruleset for the intent of pip n.
    """

    key: str
    combatant_id: str
    label: str
    side: Side
    value_text: str
    kind: SlotKind = SlotKind.TURN
    status: SlotStatus = SlotStatus.PENDING
    detail: str = ""
    position: int = 0
    span_end: int | None = None
    column: str = ""
    pips: int = 0
    spent_pips: int = 0
    pip_action: bool = False
