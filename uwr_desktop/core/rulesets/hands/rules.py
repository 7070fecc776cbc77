"""The ``hands`` house rules and the round-start split of points."""

from typing import Annotated, Literal

import msgspec

from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.common import plural
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


def most_kept(sheet: HandsSheet) -> int:
    """The most points the combatant may keep in place as carry-over: at least half of its
    undamaged points, rounded up, become ready."""
    return sheet.undamaged // 2


def split(sheet: HandsSheet) -> tuple[int, int]:
    """The round-start split of the undamaged points: (ready, carry-over). At least half,
    rounded up, become ready; the carry-over the combatant asked for stays in place, or the
    most allowed when damage has lowered that since."""
    undamaged = sheet.undamaged
    carry = min(sheet.carry_plan, most_kept(sheet))
    return undamaged - carry, carry


def check_carry_plan(name: str, sheet: HandsSheet) -> None:
    """Refuse a request to keep more points in place than the rules allow, naming the most."""
    most = most_kept(sheet)
    if sheet.carry_plan > most:
        raise RulesError(
            f"{name} may keep at most {plural(most, 'point')} in place, not "
            f"{sheet.carry_plan}: of {sheet.undamaged} undamaged, at least half (rounded up) "
            "become ready"
        )
