"""The ``tactical`` house rules: one field per "(setting)" of the rules, plus the catalog."""

from enum import StrEnum
from typing import Annotated, Any

import msgspec


class Interruption(StrEnum):
    """What happens to a round-to-round action's progress when it is interrupted."""

    LOSE = "lose"  # the progress is always lost (the rules)
    ASK = "ask"  # the GM says, each time, whether the progress is kept or lost
    KEEP = "keep"  # the progress is always kept


class TieOrder(StrEnum):
    """The order of actions completing on the same count, when one is needed."""

    QUICKNESS_ROLL_OFF = "quickness_roll_off"
    ROLL_OFF = "roll_off"
    TABLE_ORDER = "table_order"


class TacticalSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """House rules of a ``tactical`` encounter (the action catalog and the pace table are the
    fight's own, in its part: the GM edits them during the fight)."""

    initiative_every_round: Annotated[
        bool,
        msgspec.Meta(
            title="Reroll initiative every round",
            description="Off (rules): base initiative is rolled once, at the start of the "
            "fight. On: everyone rolls 2d10 again at the start of each round.",
        ),
    ] = False
    interruption: Annotated[
        Interruption,
        msgspec.Meta(
            title="Interrupted round-to-round action",
            description="Lose (rules): the AP already paid are lost. Ask: the GM says each "
            "time whether they are lost. Keep: the progress is always kept for when the action "
            "is taken up again.",
        ),
    ] = Interruption.LOSE
    tie_order: Annotated[
        TieOrder,
        msgspec.Meta(
            title="Order of actions on the same count",
            description="Ties resolve together; when an order is needed: higher Quickness "
            "bonus first, then a d10 roll-off (rules); a d10 roll-off alone; or table order.",
        ),
    ] = TieOrder.QUICKNESS_ROLL_OFF


LOSE_SINCE_SCHEMA = 3
"""Files of an earlier schema that leave out ``interruption`` meant "ask", its default then."""


def upgrade_settings(raw: dict[str, Any], schema: int) -> dict[str, Any]:
    """Settings a file of schema ``schema`` wrote: one that leaves out the interruption setting
    keeps the default it was written under."""
    if schema < LOSE_SINCE_SCHEMA and "interruption" not in raw:
        return {**raw, "interruption": Interruption.ASK.value}
    return raw
