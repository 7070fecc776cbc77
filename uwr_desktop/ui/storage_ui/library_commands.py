"""The window's commands on the combatant library: add from the library, save to it, the
default party of a new fight, and saved parties (Combatant ▸ Add Party)."""

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import Intent
from uwr_desktop.core.naming import copies_join
from uwr_desktop.core.storage.library import CombatantLibrary, LibraryError
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.storage_ui.party_menu import PartyCommands

UNAVAILABLE = "The combatant library is not available."

Library = CombatantLibrary
"""The combatant library the window's commands use (kept beside the autosave journal)."""


class LibraryCommands:
    """What the window does with ``library`` (``None``: the library could not be opened, and
    every command says so). ``do`` hands an intent to the session (``True``: done); ``tell``
    shows a message."""

    def __init__(
        self,
        parent: QWidget,
        library: CombatantLibrary | None,
        document: EncounterDocument,
        do: Callable[[Intent], bool],
        tell: Callable[[str], None],
    ) -> None:
        self._parent = parent
        self._library = library
        self._document = document
        self._do = do
        self._tell = tell
        self.parties = PartyCommands(
            parent,
            library,
            lambda: (document.session.ruleset.id, document.session.state),
            lambda members: do(copies_join(members, document.session.state.combatants.values())),
            tell,
        )

    def add_from_library(self) -> None:
        """Pick templates from the library and add numbered copies."""
        from uwr_desktop.ui.dialogs.library import LibraryDialog

        if self._library is None:
            self._tell(UNAVAILABLE)
            return
        session = self._document.session
        names = [c.name for c in session.state.combatants.values()]
        dialog = LibraryDialog(self._library, session.ruleset.id, names, parent=self._parent)
        if dialog.exec() and dialog.chosen_combatants():
            fighting = session.state.combatants.values()
            self._do(copies_join(dialog.chosen_combatants(), fighting))

    def save_to_library(self, ids: Sequence[str]) -> None:
        """Keep the combatants ``ids`` as library templates."""
        if self._library is None:
            self._tell(UNAVAILABLE)
            return
        session = self._document.session
        try:
            for combatant_id in ids:
                self._library.save(session.ruleset.id, session.state.combatants[combatant_id])
        except LibraryError as error:
            self._tell(str(error))
            return
        self._tell(f"Saved {len(ids)} to the library.")

    def default_party(self, ruleset_id: str) -> list[Combatant]:
        """The default party of ``ruleset_id`` as combatants (none when it cannot be read,
        and the GM is told why)."""
        if self._library is None:
            return []
        try:
            return [template.combatant() for template in self._library.default_party(ruleset_id)]
        except LibraryError as error:
            self._tell(f"The default party could not be read: {error}")
            return []
