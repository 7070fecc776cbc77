"""Timeline slots and axis: what a ruleset shows on the initiative timeline.

The timeline widget draws these and knows nothing of any ruleset's rules. A ruleset describes
its axis (:class:`TimelineAxis`: how it is drawn, its title, the word for its unit and the value
it stands at now) and gives its slots in axis order, each with a ``position`` on that axis and a
:class:`SlotKind` saying in generic terms how the slot looks and what it is called. On a ruler
the axis runs from the highest position (acting first, on the left) to the lowest.

On lanes the axis runs the same way, one row (a lane) per combatant, headed by its
:class:`Lane`: a bar spans from its ``position`` to its ``span_end`` in its combatant's lane,
any other slot is a mark at its ``position``.

Slots may instead stand in columns (``column``: one per turn, left to right, each slot a row in
it, in the turn's order); slots may carry points drawn as pips, which a click can spend (see
``PipClicks`` in ``core.rulesets.base``).
"""

from collections.abc import Collection, Sequence
from enum import StrEnum

import msgspec

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.sides import Side


class SlotKind(msgspec.Struct, frozen=True):
    """What a slot stands for, described so that any view can draw and word it.

    ``words`` name the kind wherever a slot is told in full (its tooltip, the player view):
    ``"Turn"``, ``"Declared action"``, ``"Carry-over turn"``. A ``bar`` is drawn twice as wide
    with an arrow across it, and on a ruler from its ``position`` to its ``span_end``. A slot
    ``set_apart`` is secondary to the turns around it: hatched, its border dashed, its words
    on its note line.
    """

    words: str = "Turn"
    bar: bool = False
    set_apart: bool = False


TURN = SlotKind()
"""A combatant's turn: the plain kind, drawn as one card."""


class AxisKind(StrEnum):
    """How the timeline draws its slots, and so what a slot's ``position`` measures."""

    ORDER = "order"
    """Cards evenly spaced in slot order; positions are places in it (0 first); no ruler."""
    RULER = "ruler"
    """A numeric axis: cards set apart by how far their positions are apart, highest first,
    over a ruler naming each position; bars span to their ``span_end``; ``now`` is marked."""
    LANES = "lanes"
    """A numeric axis from ``TimelineAxis.high`` down to ``low`` (or the slots' highest and
    lowest values), one lane per ``TimelineAxis.lanes`` entry: each slot in its combatant's
    lane, a bar from its position to its ``span_end``, anything else a mark; ``now`` drawn as
    a line across the lanes and kept in view."""
    COLUMNS = "columns"
    """Slots grouped by their ``column`` heading, one column per heading left to right, each
    slot a row with its points as pips."""


class Lane(msgspec.Struct, frozen=True):
    """One combatant's row on a lanes axis: its ``label`` (the name), ``side``, a short
    ``tag`` beside the name (what it has left), a ``note`` under it (its conditions), all told
    in full by ``detail`` on hover."""

    combatant_id: str
    label: str
    side: Side
    note: str = ""
    detail: str = ""
    tag: str = ""


class TimelineAxis(msgspec.Struct, frozen=True):
    """The axis the timeline's slots stand on: its kind, the title shown above the slots, on
    a ruler the value it stands at now (``now``: a countdown's count, marked), and ``unit``,
    the word for what positions (on a ruler) or pips (in columns) count, as a heading would
    name it (``"Count"``, ``"Ready points"``; ``""``: not worded). ``title_unplaced`` is the
    title without where the axis stands now (``"Round 2 · countdown"`` for ``"Round 2 · count
    25"``), for a view that keeps whoever acts there secret; ``""``: the title tells no place.
    On lanes, ``high`` and ``low`` bound the axis drawn and ``lanes`` lists its rows, top
    first."""

    kind: AxisKind = AxisKind.ORDER
    title: str = "Turn order"
    now: int | None = None
    unit: str = ""
    title_unplaced: str = ""
    high: int | None = None
    low: int | None = None
    lanes: tuple[Lane, ...] = ()


class SlotStatus(StrEnum):
    """Where a slot stands in the round."""

    DONE = "done"
    CURRENT = "current"
    PENDING = "pending"
    DELAYED = "delayed"


def turn_status(
    combatant_id: str, current: str | None, acted: Collection[str], *, done: bool = False
) -> SlotStatus:
    """Where a combatant stands in a round of turns: on turn, done (acted, or ``done`` by the
    rules' own measure) or still to act."""
    if combatant_id == current:
        return SlotStatus.CURRENT
    if done or combatant_id in acted:
        return SlotStatus.DONE
    return SlotStatus.PENDING


class TimelineSlot(msgspec.Struct, frozen=True):
    """One card on the timeline.

    ``key`` identifies the slot across updates (so a moved card can animate); ``value_text`` is
    the axis value as the GM reads it (``"17"``, ``"17 · manual #2"``, ``"35 → 20"``).
    ``position`` is where the slot stands on the axis (an order index, a count, a score, ready
    points); ``span_end``, when set, is where a bar ends on a ruler (declare → resolve).

    ``caption``, when set, is what a slot in a lane shows (its lane names the combatant
    already: ``"Melee attack"``, ``"declares on 30"``); ``""``: the label.

    ``column``, when set, is the heading of the column the slot stands in: consecutive slots
    with the same heading form one column, drawn as rows top to bottom, the columns left to
    right (the axis ruler is then not drawn). ``pips`` points are drawn as filled pips, then
    ``spent_pips`` as hollow ones; with ``pip_action`` a click on the n-th filled pip asks the
    ruleset for the intent of pip n.

    ``tells`` are the other combatants the label and value text tell of beyond their names
    (the rival a place was decided against, whoever outreaches the combatant, an interferer):
    a view keeping one of them secret shows the slot by its combatant's name alone. With
    ``tells_health`` the pips and the value text tell the combatant's health (hands: ready
    points are hit points): a view hiding that health shows neither.
    """

    key: str
    combatant_id: str
    label: str
    side: Side
    value_text: str
    kind: SlotKind = TURN
    status: SlotStatus = SlotStatus.PENDING
    detail: str = ""
    position: int = 0
    span_end: int | None = None
    column: str = ""
    pips: int = 0
    spent_pips: int = 0
    pip_action: bool = False
    tells: tuple[str, ...] = ()
    tells_health: bool = False
    caption: str = ""


def combatant_slot(
    combatant: Combatant,
    value_text: str,
    *,
    status: SlotStatus = SlotStatus.PENDING,
    detail: str = "",
    position: int = 0,
    caption: str = "",
    tells_health: bool = False,
) -> TimelineSlot:
    """A combatant's own turn card: keyed by its id (so it animates as it moves), labelled
    with its name, in its side's colours."""
    return TimelineSlot(
        combatant.id,
        combatant.id,
        combatant.name,
        combatant.side,
        value_text,
        status=status,
        detail=detail,
        position=position,
        caption=caption,
        tells_health=tells_health,
    )


def drawn_as(axis: TimelineAxis, slots: Sequence[TimelineSlot]) -> AxisKind:
    """How ``slots`` on ``axis`` are drawn: the axis's kind, except that slots naming a column
    stand in columns on any axis (a heading has no place on a ruler)."""
    if axis.kind is not AxisKind.COLUMNS and any(slot.column for slot in slots):
        return AxisKind.COLUMNS
    return axis.kind
