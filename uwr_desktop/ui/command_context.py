"""What every command of the main window works with, handed to each in one piece."""

from collections.abc import Callable

import msgspec
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from uwr_desktop.core.intents import Intent
from uwr_desktop.ui.document import EncounterDocument

NOTHING_SELECTED = "Select one or more combatants first."
"""What a command on the selected combatants says when none is selected."""


class CommandContext(msgspec.Struct, frozen=True):
    """The window's commands' shared ground.

    ``window`` owns their actions and menus and their dialogs sit over it; ``document`` is the
    open fight; ``settings`` keeps what the GM chose for the next start. ``do`` hands an intent
    to the session (``True``: done; a refusal is shown), ``tell`` shows a short message in the
    status bar, ``refuse`` tells why something was refused (also to a screen reader), and
    ``selected`` gives the ids of the combatants selected in the table, in table order, and
    ``select`` selects one combatant there.
    """

    window: QMainWindow
    document: EncounterDocument
    settings: QSettings
    do: Callable[[Intent], bool]
    tell: Callable[[str], None]
    refuse: Callable[[str], None]
    selected: Callable[[], list[str]]
    select: Callable[[str], None]
