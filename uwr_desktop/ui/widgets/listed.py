"""Names put in one line of words: a few named, the rest counted."""

from collections.abc import Sequence

from uwr_desktop.core.encounter import EncounterState

SHOWN_NAMES = 4
"""Names listed before "and N more"."""


def listed(names: Sequence[str]) -> str:
    """``"Ana"``, ``"Ana and Bran"``, ``"Ana, Bran and Cole"``; beyond :data:`SHOWN_NAMES`,
    ``"Ana, Bran, Cole, Dan and 3 more"``."""
    if len(names) > SHOWN_NAMES:
        return f"{', '.join(names[:SHOWN_NAMES])} and {len(names) - SHOWN_NAMES} more"
    if len(names) > 1:
        return f"{', '.join(names[:-1])} and {names[-1]}"
    return "".join(names)


def selection_words(state: EncounterState, ids: Sequence[str]) -> str:
    """The combatants ``ids`` as a command asking about them names them: by name, a few of
    them (``"Vex and Oda"``), else counted (``"7 combatants"``)."""
    if len(ids) > SHOWN_NAMES:
        return f"{len(ids)} combatants"
    return listed([state.combatants[cid].name for cid in ids])
