"""Saved parties in the window: keep the fight's players as a named party, and add a saved party
to any fight in one step (Combatant ▸ Add Party ▸ its name). The members join in one undoable
action; a name already fighting gets a number.
"""

from collections.abc import Callable

from PySide6.QtWidgets import QMenu, QWidget

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.naming import copies_join
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary, LibraryError, Party, party_copies
from uwr_desktop.ui.command_context import CommandContext
from uwr_desktop.ui.dialogs.prompts import confirm


def players_of(state: EncounterState) -> list[Combatant]:
    """The fight's players, in table order."""
    return [c for c in state.combatants.values() if c.side is Side.PLAYER]


def ask_party_name(parent: QWidget, suggested: str = "") -> str | None:
    """Ask for the party's name; ``None`` when cancelled."""
    from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit  # when first asked: start-up

    prompt = QInputDialog(parent)
    prompt.setObjectName("partyNamePrompt")
    prompt.setWindowTitle("Save Players as Party")
    prompt.setLabelText("Name of the party:")
    prompt.setInputMode(QInputDialog.InputMode.TextInput)
    prompt.setTextValue(suggested)
    line = prompt.findChild(QLineEdit)
    if line is not None:
        line.setMaxLength(MAX_NAME_LENGTH)
    if prompt.exec() != QDialog.DialogCode.Accepted:
        return None
    return prompt.textValue()


def save_players_as_party(
    parent: QWidget,
    library: CombatantLibrary,
    ruleset_id: str,
    state: EncounterState,
    *,
    ask_name: Callable[[QWidget, str], str | None] = ask_party_name,
) -> tuple[Party | None, str]:
    """Ask for a name and keep the fight's players as that party (asking before replacing a
    party of the same name). Returns the party saved (``None``: nothing saved) and what to tell
    the GM."""
    players = players_of(state)
    if not players:
        return None, "There are no players in this fight to save as a party."
    name = ask_name(parent, "Players")
    if name is None:
        return None, ""
    try:
        party = library.save_party(ruleset_id, name, players)
    except LibraryError as error:
        if "already has a party" not in str(error):
            return None, str(error)
        if not confirm(
            parent,
            "Replace party",
            f"A party named “{' '.join(name.split())}” is saved already. Replace its members "
            "with this fight's players?",
            "Replace",
        ):
            return None, ""
        try:
            party = library.save_party(ruleset_id, name, players, replace=True)
        except LibraryError as again:
            return None, str(again)
    count = len(players)
    return party, f"Saved {count} player{'s' if count != 1 else ''} as the party {party.name}."


def fill_party_menu(
    menu: QMenu,
    library: CombatantLibrary | None,
    ruleset_id: str,
    add: Callable[[Party], object],
    forget: Callable[[Party], object] | None = None,
) -> None:
    """List the saved parties of ``ruleset_id`` in ``menu``: choosing one calls ``add``; with
    ``forget``, a Delete Party submenu too."""
    menu.clear()
    try:
        parties = library.parties(ruleset_id) if library is not None else []
    except LibraryError as error:
        menu.addAction(f"The parties cannot be read: {error}").setEnabled(False)
        return
    for party in parties:
        action = menu.addAction(party.name)
        action.triggered.connect(lambda _=False, chosen=party: add(chosen))
    if not parties:
        menu.addAction("No saved parties: save the players as a party first").setEnabled(False)
        return
    if forget is not None:
        menu.addSeparator()
        doomed = menu.addMenu("Delete Party")
        for party in parties:
            action = doomed.addAction(party.name)
            action.triggered.connect(lambda _=False, chosen=party: forget(chosen))


def party_to_add(party: Party, state: EncounterState) -> tuple[list[Combatant], str]:
    """The members of ``party`` ready to join ``state``'s fight, or none and the reason."""
    try:
        members = party_copies(party, [c.name for c in state.combatants.values()])
    except LibraryError as error:
        return [], str(error)
    return members, ""


class PartyCommands:
    """The window's Save Players as Party and Add Party: ``save_action`` asks and saves, and
    :attr:`menu` lists the saved parties of the open fight's round system; the members of a
    party join the open fight in one undoable action."""

    def __init__(self, context: CommandContext, library: CombatantLibrary | None) -> None:
        """Build the Add Party menu (filled each time it opens)."""
        self._context = context
        self._library = library
        self.menu = QMenu("Add &Party", context.window)
        self.menu.setObjectName("addPartyMenu")
        self.menu.aboutToShow.connect(self.fill)

    def _fight(self) -> tuple[str, EncounterState]:
        session = self._context.document.session
        return session.ruleset.id, session.state

    def fill(self) -> None:
        """List the saved parties (as the menu opens)."""
        fill_party_menu(self.menu, self._library, self._fight()[0], self.add, self.forget)

    def save(self) -> None:
        """Ask for a name and keep the fight's players as a party."""
        if self._library is None:
            self._context.tell("The combatant library is not available.")
            return
        ruleset_id, state = self._fight()
        _party, message = save_players_as_party(
            self._context.window, self._library, ruleset_id, state
        )
        if message:
            self._context.tell(message)

    def add(self, party: Party) -> bool:
        """Add ``party``'s members to the open fight in one undoable action."""
        members, problem = party_to_add(party, self._fight()[1])
        if problem:
            self._context.tell(problem)
            return False
        fighting = self._context.document.session.state.combatants.values()
        if not self._context.do(copies_join(members, fighting)):
            return False
        self._context.tell(f"The party {party.name} joined: {', '.join(m.name for m in members)}.")
        return True

    def forget(self, party: Party) -> None:
        """Delete a saved party after asking."""
        if self._library is None:
            return
        if not confirm(
            self._context.window,
            "Delete party",
            f"Delete the saved party “{party.name}”? Fights it joined keep their combatants.",
            "Delete",
        ):
            return
        try:
            self._library.delete_party(party.party_id)
        except LibraryError as error:
            self._context.tell(str(error))
