"""Timeline slots: what a ruleset shows on the initiative timeline.

The timeline widget draws these and knows nothing of any ruleset's rules.
"""

from enum import StrEnum

import msgspec

from uwr_desktop.core.sides import Side


class SlotKind(StrEnum):
    """What a slot stands for."""

    TURN = "turn"
    DECLARED = "declared"  # an action spanning declare -> resolve (tactical)
    CARRY_OVER = "carry_over"  # a movement-only carry-over turn (hands)


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
    """

    key: str
    combatant_id: str
    label: str
    side: Side
    value_text: str
    kind: SlotKind = SlotKind.TURN
    status: SlotStatus = SlotStatus.PENDING
    detail: str = ""
