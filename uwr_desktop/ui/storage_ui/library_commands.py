"""The window's commands on the combatant library: add from the library, save to it, the
default party of a new fight, and saved parties (Combatant ▸ Add Party)."""

from collections.abc import Mapping, Sequence

from PySide6.QtGui import QAction

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.naming import copies_join
from uwr_desktop.core.storage.library import CombatantLibrary, LibraryError
from uwr_desktop.ui.command_context import CommandContext
from uwr_desktop.ui.storage_ui.party_menu import PartyCommands

UNAVAILABLE = "The combatant library is not available."

LIBRARY_ACTIONS = ("add_from_library", "save_to_library", "save_party")
"""The window's commands (keys of its action table) that need the library."""

Library = CombatantLibrary
"""The combatant library the window's commands use (kept beside the autosave journal)."""


class LibraryCommands:
    """What the window does with ``library`` (``None``: the library could not be opened, and
    every command says so)."""

    def __init__(self, context: CommandContext, library: CombatantLibrary | None) -> None:
        self._context = context
        self._library = library
        self.parties = PartyCommands(context, library)

    def grey_without_library(self, actions: Mapping[str, QAction]) -> None:
        """With no library, grey its commands among ``actions``, their tooltips saying why
        (the menus and the tool bar then offer nothing that cannot work)."""
        if self._library is not None:
            return
        for key in LIBRARY_ACTIONS:
            action = actions[key]
            action.setEnabled(False)
            action.setToolTip(f"{action.text().replace('&', '').rstrip('…')}: {UNAVAILABLE}")

    def add_from_library(self) -> None:
        """Pick templates from the library and add numbered copies."""
        from uwr_desktop.ui.dialogs.library import LibraryDialog

        if self._library is None:
            self._context.tell(UNAVAILABLE)
            return
        session = self._context.document.session
        names = [c.name for c in session.state.combatants.values()]
        dialog = LibraryDialog(
            self._library, session.ruleset.id, names, parent=self._context.window
        )
        if dialog.exec() and dialog.chosen_combatants():
            fighting = session.state.combatants.values()
            self._context.do(copies_join(dialog.chosen_combatants(), fighting))

    def save_to_library(self, ids: Sequence[str]) -> None:
        """Keep the combatants ``ids`` as library templates."""
        if self._library is None:
            self._context.tell(UNAVAILABLE)
            return
        session = self._context.document.session
        try:
            for combatant_id in ids:
                self._library.save(session.ruleset.id, session.state.combatants[combatant_id])
        except LibraryError as error:
            self._context.tell(str(error))
            return
        self._context.tell(f"Saved {len(ids)} to the library.")

    def default_party(self, ruleset_id: str) -> list[Combatant]:
        """The default party of ``ruleset_id`` as combatants (none when it cannot be read,
        and the GM is told why)."""
        if self._library is None:
            return []
        try:
            return [template.combatant() for template in self._library.default_party(ruleset_id)]
        except LibraryError as error:
            self._context.tell(f"The default party could not be read: {error}")
            return []
