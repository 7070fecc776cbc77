"""The ``hands`` house rules and the round-start split of points."""

from typing import Annotated, Literal

import msgspec

from uwr_desktop.core.rulesets.hands.sheet import HandsSheet


class HandsSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """House rules of a ``hands`` encounter.

    ``damage_takes``: which pool damage empties first once the pools no longer fit the
    undamaged points: ``"ready"`` (then carry-over, then used) or ``"used"`` (then carry-over,
    then ready). ``hesitation``: a combatant who spent nothing in a turn moves one ready point
    to used when the turn ends (the rules); off, the GM books hesitation by hand.
    """

    damage_takes: Annotated[
        Literal["ready", "used"],
        msgspec.Meta(
            title="Damage takes points from",
            description="Ready: damage costs actions at once (ready, then carry-over, then "
            "used points). Used: damage takes points already spent first.",
        ),
    ] = "ready"
    hesitation: Annotated[
        bool,
        msgspec.Meta(
            title="Hesitation at the end of each turn",
            description="A combatant with ready points who spent none in a turn moves one "
            "ready point to used when the turn ends (rules). Off: the GM books it by hand.",
        ),
    ] = True


def split(sheet: HandsSheet) -> tuple[int, int]:
    """The round-start split of the undamaged points: (ready, carry-over). At least half,
    rounded up, become ready; the carry-over the combatant wants stays in place."""
    undamaged = sheet.undamaged
    carry = min(sheet.carry_plan, undamaged // 2)
    return undamaged - carry, carry
