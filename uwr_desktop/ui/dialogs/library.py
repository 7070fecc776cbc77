"""The library picker: find saved combatants and add numbered copies, or a party.

The GM types to search (live, any case), picks a template, chooses how many copies and adds
them; copies are numbered after the names already in the fight ("Bandit 3" when "Bandit 1" and
"Bandit 2" are fighting). Add Party offers the saved parties (and the default party, when one
is set). Templates can be renamed or deleted here too, and imported from or exported to a
template file.
"""

import contextlib
from collections.abc import Callable, Collection
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.rulesets.starters import is_sample
from uwr_desktop.core.storage.library import (
    CombatantLibrary,
    LibraryError,
    Party,
    Template,
    copies,
    party_copies,
)
from uwr_desktop.core.storage.sqlite_db import StoreError
from uwr_desktop.core.storage.starter import seed_starters
from uwr_desktop.core.storage.template_file import (
    TEMPLATE_SUFFIX,
    TemplateFileError,
    import_templates,
    read_template_file,
    write_template_file,
)
from uwr_desktop.ui.dialogs.prompts import ask_open_path, ask_save_path
from uwr_desktop.ui.icons import icon
from uwr_desktop.ui.rulesets import RulesetUi, RulesetUiError, ruleset_ui
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.dialog_parts import problem_label, say_problem, widen_about_centre
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.screen_room import screen_room

MAX_COPIES = 50
"""Most copies of one template added at once."""

_TEMPLATE_ROLE = Qt.ItemDataRole.UserRole
TEMPLATE_FILTER = f"UWR templates (*{TEMPLATE_SUFFIX});;All files (*)"


SCREEN_SHARE_AT_MOST = 90
"""The most of the screen's width the dialog opens to, in per cent, to show whole summaries."""


class LibraryDialog(QDialog):
    """Pick templates from the library; :meth:`chosen_combatants` gives the copies to add."""

    def __init__(
        self,
        library: CombatantLibrary,
        ruleset_id: str,
        existing_names: Collection[str],
        *,
        parent: QWidget | None = None,
    ) -> None:
        """Show the templates of ``ruleset_id``; copies are numbered after ``existing_names``.

        Each template's summary line and icon come from the ruleset's UI.
        """
        super().__init__(parent)
        self.setObjectName("libraryDialog")
        self.setWindowTitle("Add from Library")
        self.setMinimumSize(560, 460)
        self._library = library
        self._ruleset = ruleset_id
        self._ui: RulesetUi | None
        try:
            self._ui = ruleset_ui(ruleset_id)
        except RulesetUiError:
            self._ui = None  # the templates are still listed, by name
        self._existing = list(existing_names)
        self._chosen: list[Combatant] = []
        self._shown: list[Template] = []
        # A library first shown in a round system gets its sample foes now, not at start.
        with contextlib.suppress(StoreError):  # no samples this time: the next opening tries
            seed_starters(library, [ruleset_id])
        self._make_widgets()
        self._lay_out()
        self._connect()
        self.refresh()
        self._search.setFocus()

    def _make_widgets(self) -> None:
        self._search = named(QLineEdit(), "librarySearch", accessible="Search the library")
        self._search.setPlaceholderText("Search by name")
        self._search.setClearButtonEnabled(True)
        self._search.installEventFilter(self)
        self._list = named(QListWidget(), "libraryList", accessible="Templates")
        self._list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._list.setAlternatingRowColors(True)
        self._empty = QLabel()
        self._empty.setObjectName("libraryEmpty")
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._empty.setWordWrap(True)
        self._stack = QStackedWidget()
        self._stack.addWidget(self._list)
        self._stack.addWidget(self._empty)
        self._message = named(problem_label(), "libraryMessage")

        self._count = NumberBox(1, MAX_COPIES, what="The number of copies")
        self._count.setObjectName("copyCount")
        self._add = QPushButton(icon("add-from-library"), "")
        self._add.setObjectName("addCopies")
        self._party = QPushButton("Add &party")
        self._party.setObjectName("addParty")
        self._party.setAutoDefault(False)
        self._party_menu = QMenu(self._party)
        self._party_menu.setObjectName("libraryPartyMenu")
        self._party.setMenu(self._party_menu)
        self._import = named(
            QPushButton("&Import…"),
            "importTemplates",
            tip="Add the templates of a template file to the library",
        )
        self._import.setAutoDefault(False)
        self._export = named(
            QPushButton("E&xport…"),
            "exportTemplates",
            tip="Write the templates listed to a template file",
        )
        self._export.setAutoDefault(False)
        self._rename = named(QPushButton("&Rename…"), "renameTemplate")
        self._rename.setAutoDefault(False)
        self._delete = named(QPushButton(icon("remove"), "&Delete…"), "deleteTemplate")
        self._delete.setAutoDefault(False)
        self._close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self._close.rejected.connect(self.reject)
        self._close.button(QDialogButtonBox.StandardButton.Close).setAutoDefault(False)

    def _lay_out(self) -> None:
        manage = QHBoxLayout()
        manage.addWidget(self._rename)
        manage.addWidget(self._delete)
        manage.addStretch(1)
        manage.addWidget(self._import)
        manage.addWidget(self._export)
        add_line = QHBoxLayout()
        count_label = QLabel("&Copies")
        count_label.setBuddy(self._count)
        add_line.addWidget(count_label)
        add_line.addWidget(self._count)
        add_line.addWidget(self._add)
        add_line.addStretch(1)
        add_line.addWidget(self._party)
        layout = QVBoxLayout(self)
        layout.addWidget(self._search)
        layout.addWidget(self._stack, 1)
        layout.addLayout(manage)
        layout.addWidget(self._message)
        layout.addLayout(add_line)
        layout.addWidget(self._close)

    def _connect(self) -> None:
        self._search.textChanged.connect(self.refresh)
        for choice_changed in (self._list.currentItemChanged, self._count.valueChanged):
            choice_changed.connect(self._update_buttons)
        for add_asked in (self._list.itemActivated, self._add.clicked):
            add_asked.connect(self.add_copies)
        self._count.problemChanged.connect(self._show_message)
        self._import.clicked.connect(self._ask_import)
        self._export.clicked.connect(self._ask_export)
        self._rename.clicked.connect(self._ask_rename)
        self._delete.clicked.connect(self._ask_delete)
        self._add.setDefault(True)

    # Listing

    def refresh(self) -> None:
        """Search the library again for the text in the search field, keeping the selection."""
        kept = self.selected_template()
        text = self._search.text()
        self._list.clear()
        try:
            found = self._library.search(self._ruleset, text)
            party = self._library.default_party(self._ruleset)
            parties = self._library.parties(self._ruleset)
        except LibraryError as error:
            self._show_message(str(error))
            found, party, parties = [], [], []
        self._shown = found
        for template in found:
            self._list.addItem(self._item(template))
        if found:
            self._stack.setCurrentWidget(self._list)
            wanted = next(
                (
                    row
                    for row, template in enumerate(found)
                    if kept is not None and template.template_id == kept.template_id
                ),
                0,
            )
            self._list.setCurrentRow(wanted)
        else:
            self._empty.setText(
                f"Nothing in the library matches “{text.strip()}”."
                if text.strip()
                else "The library has no combatants for this ruleset yet.\n"
                "Save a combatant from a fight to the library to reuse it here."
            )
            self._stack.setCurrentWidget(self._empty)
        self._fill_party_menu(party, parties)
        self._export.setEnabled(bool(found))
        self._update_buttons()

    def _fill_party_menu(self, default: list[Template], parties: list[Party]) -> None:
        menu = self._party_menu
        menu.clear()
        if default:
            action = menu.addAction(f"Default party ({len(default)})")
            action.setToolTip(", ".join(t.name for t in default))
            action.triggered.connect(self.add_default_party)
        for party in parties:
            action = menu.addAction(party.name)
            action.triggered.connect(lambda _=False, chosen=party: self.add_party(chosen))
        self._party.setEnabled(bool(default or parties))
        self._party.setToolTip(
            "Add every member of a saved party"
            if default or parties
            else "No party is saved: use Combatant ▸ Save Players as Party in a fight"
        )

    def _item(self, template: Template) -> QListWidgetItem:
        item = QListWidgetItem()
        item.setData(_TEMPLATE_ROLE, template)
        try:
            combatant = template.combatant()
        except LibraryError as error:
            item.setText(f"{template.name}\n{error}")
            item.setToolTip(str(error))
            return item
        marks = "Sample foe" if is_sample(combatant) else ""
        if self._ui is None:
            item.setText(f"{template.name}\n{marks}" if marks else template.name)
        else:
            summary = self._ui.template_summary(combatant)
            item.setText(f"{template.name}\n{f'{marks} · ' if marks else ''}{summary}")
            item.setIcon(self._ui.template_icon(combatant))
        if combatant.notes:
            item.setToolTip(combatant.notes)
        return item

    def _update_buttons(self) -> None:
        template = self.selected_template()
        count = self._count.value()
        self._add.setText(f"&Add {count} cop{'y' if count == 1 else 'ies'}")
        self._add.setEnabled(template is not None)
        self._rename.setEnabled(template is not None)
        self._delete.setEnabled(template is not None)

    def selected_template(self) -> Template | None:
        """The template selected in the list, if any."""
        item = self._list.currentItem()
        if item is None:
            return None
        template = item.data(_TEMPLATE_ROLE)
        return template if isinstance(template, Template) else None

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        """Open wide enough for the longest summary line, as far as the screen allows, still
        centred on the window."""
        super().showEvent(event)
        around = self.width() - self._list.viewport().width()
        wanted = self._list.sizeHintForColumn(0) + around
        room = screen_room(self).width() * SCREEN_SHARE_AT_MOST // 100
        widen_about_centre(self, min(wanted, room))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """Let the arrow keys in the search field move through the list."""
        if (
            watched is self._search
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down)
            and self._list.count()
        ):
            step = 1 if event.key() == Qt.Key.Key_Down else -1
            row = min(max(self._list.currentRow() + step, 0), self._list.count() - 1)
            self._list.setCurrentRow(row)
            return True
        return super().eventFilter(watched, event)

    def _show_message(self, text: str) -> None:
        say_problem(self._message, text)

    # Adding

    def add_copies(self) -> None:
        """Make the chosen number of copies of the selected template and close."""
        template = self.selected_template()
        if template is None:
            return
        if self._count.problem():
            self._show_message(self._count.problem())
            return
        try:
            self._chosen = copies(template, self._count.value(), self._existing)
        except LibraryError as error:
            self._show_message(str(error))
            return
        self.accept()

    def add_default_party(self) -> None:
        """Make one copy of each default party member and close."""
        made: list[Combatant] = []
        names = list(self._existing)
        try:
            for template in self._library.default_party(self._ruleset):
                copy = copies(template, 1, names)[0]
                made.append(copy)
                names.append(copy.name)
        except LibraryError as error:
            self._show_message(str(error))
            return
        if not made:
            self._show_message("No default party is set for this ruleset.")
            return
        self._chosen = made
        self.accept()

    def add_party(self, party: Party) -> None:
        """Make one copy of each member of a saved party and close."""
        try:
            made = party_copies(party, self._existing)
        except LibraryError as error:
            self._show_message(str(error))
            return
        self._chosen = made
        self.accept()

    def chosen_combatants(self) -> list[Combatant]:
        """The combatants to add (fresh ids, numbered names); empty when nothing was chosen."""
        return list(self._chosen)

    # Managing templates

    def rename_template(self, template_id: int, name: str) -> bool:
        """Rename a template; a refused name is explained in the dialog and gives ``False``."""
        return self._managed(lambda: self._library.rename(template_id, name))

    def delete_template(self, template_id: int) -> bool:
        """Delete a template without asking; a failure is explained and gives ``False``."""
        return self._managed(lambda: self._library.delete(template_id))

    def _managed(self, change: Callable[[], object]) -> bool:
        """Make ``change`` to the library and list the templates anew; a failure is explained
        in the dialog and gives ``False``."""
        try:
            change()
        except LibraryError as error:
            self._show_message(str(error))
            return False
        self._show_message("")
        self.refresh()
        return True

    def _ask_rename(self) -> None:
        template = self.selected_template()
        if template is None:
            return
        prompt = QInputDialog(self)
        prompt.setObjectName("renamePrompt")
        prompt.setWindowTitle("Rename Template")
        prompt.setLabelText("New name:")
        prompt.setInputMode(QInputDialog.InputMode.TextInput)
        prompt.setTextValue(template.name)
        line = prompt.findChild(QLineEdit)
        if line is not None:
            line.setMaxLength(MAX_NAME_LENGTH)
        if prompt.exec() == QDialog.DialogCode.Accepted:
            self.rename_template(template.template_id, prompt.textValue())

    def _ask_delete(self) -> None:
        template = self.selected_template()
        if template is None:
            return
        answer = QMessageBox.question(
            self,
            "Delete template",
            f"Delete “{template.name}” from the library? Fights it was added to keep their copies.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.delete_template(template.template_id)

    # Template files

    def import_file(self, path: Path) -> bool:
        """Add the templates of the file at ``path``; a bad file is explained, nothing added."""
        try:
            loaded = read_template_file(path)
        except TemplateFileError as error:
            self._show_message(f"Could not import {path.name}: {error}")
            return False
        if loaded.ruleset != self._ruleset:
            self._show_message(
                f"{path.name} holds {loaded.ruleset} templates; this fight follows "
                f"{self._ruleset}. Import it in a {loaded.ruleset} fight."
            )
            return False
        try:
            saved = import_templates(self._library, loaded)
        except LibraryError as error:
            self._show_message(f"Could not import {path.name}: {error}")
            self.refresh()
            return False
        self._show_message("")
        self.refresh()
        self._notice(f"Imported {len(saved)} template{'s' if len(saved) != 1 else ''}.")
        return True

    def export_file(self, path: Path) -> bool:
        """Write the templates listed now to ``path``."""
        try:
            count = write_template_file(path, self._ruleset, self._shown)
        except TemplateFileError as error:
            self._show_message(str(error))
            return False
        self._notice(f"Exported {count} template{'s' if count != 1 else ''} to {path.name}.")
        return True

    def _notice(self, text: str) -> None:
        self._message.setText(text)
        self._message.setStyleSheet("")
        self._message.setVisible(True)

    def _ask_import(self) -> None:
        path = ask_open_path(self, "Import Templates", str(Path.home()), TEMPLATE_FILTER)
        if path is not None:
            self.import_file(path)

    def _ask_export(self) -> None:
        suggested = str(Path.home() / f"{self._ruleset}-templates{TEMPLATE_SUFFIX}")
        path = ask_save_path(self, "Export Templates", suggested, TEMPLATE_FILTER)
        if path is None:
            return
        if not path.suffix:
            path = path.with_suffix(TEMPLATE_SUFFIX)
        self.export_file(path)
