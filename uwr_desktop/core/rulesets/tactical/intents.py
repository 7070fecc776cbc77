"""The ``tactical`` ruleset's own intents."""

from enum import StrEnum

from uwr_desktop.core.encounter import Count, Name, OptionalName
from uwr_desktop.core.intents import IdList, Intent
from uwr_desktop.core.rulesets.tactical.catalog import ActionPoints, Penalty
from uwr_desktop.core.rulesets.tactical.state import Actions, Paces, Signed


class MoveMode(StrEnum):
    """How a combatant moves: the pace penalty is doubled backwards and times 4 prone."""

    FORWARD = "forward"
    BACKWARDS = "backwards"
    PRONE = "prone"


MODE_FACTOR = {MoveMode.FORWARD: 1, MoveMode.BACKWARDS: 2, MoveMode.PRONE: 4}
"""What each way of moving multiplies the pace penalty by."""


def pace_text(pace: str, mode: str) -> str:
    """The round's pace as the sheet records it: ``"Walk"``, ``"Walk, backwards"``."""
    return pace if mode == MoveMode.FORWARD else f"{pace}, {mode}"


def pace_of(text: str) -> str:
    """The pace's name in what :func:`pace_text` recorded."""
    for mode in (MoveMode.BACKWARDS, MoveMode.PRONE):
        text = text.removesuffix(f", {mode}")
    return text


class TacticalDeclare(Intent, frozen=True):
    """Declare an action of the catalog on the count now, for ``ap`` AP (``None``: its
    maximum). An instantaneous action resolves at once; a concentration action takes
    ``penalty`` as the GM enters it."""

    combatant_id: Name
    action: Name
    ap: ActionPoints | None = None
    penalty: Penalty = 0


class TacticalMove(Intent, frozen=True):
    """Record a movement at ``pace`` (the round keeps its fastest pace)."""

    combatant_id: Name
    pace: Name
    mode: MoveMode = MoveMode.FORWARD


class TacticalParry(Intent, frozen=True):
    """Declare the parry of the round: ``amount`` against ``against`` (an id, or empty)."""

    combatant_id: Name
    amount: Count
    against: OptionalName = ""


class TacticalShorten(Intent, frozen=True):
    """Change the AP of the action under way within its range (a timeline drag)."""

    combatant_id: Name
    ap: ActionPoints


class TacticalResolve(Intent, frozen=True):
    """Resolve the actions completing on the count now (``combatant_ids``: only theirs)."""

    combatant_ids: IdList = ()


class TacticalInterrupt(Intent, frozen=True):
    """Stop the action under way; ``keep_progress`` is the GM's answer for a round-to-round
    action (ignored when the setting always keeps it)."""

    combatant_id: Name
    keep_progress: bool = False


class TacticalSetCounter(Intent, frozen=True):
    """Add or change an environmental counter."""

    name: Name
    value: Signed = 0
    step: Signed = 1


class TacticalRemoveCounter(Intent, frozen=True):
    """Remove an environmental counter."""

    name: Name


class TacticalEditCatalog(Intent, frozen=True):
    """Replace the fight's action catalog and pace table (empty: back to the shipped ones)."""

    actions: Actions = ()
    paces: Paces = ()
