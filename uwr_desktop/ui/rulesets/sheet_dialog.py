"""A combatant dialog's frame and its running, written once for any round system.

A round system's dialog derives from :class:`SheetDialog`: it adds its sheet's rows to
``form`` below the name, the side and "Hidden from players", and hands over how to read the
sheet they describe (a nameless combatant, or a sheet that cannot be read, is refused in the
red line beside OK). The system's ``combatant_dialog`` module runs it with
:func:`run_sheet_dialog`; a UI deriving from :class:`SheetDialogUi` instead names the dialog,
which is then run modally for New Combatant and Edit, a new combatant taking the id
:meth:`SheetDialogUi.new_id` gives.
"""

import itertools
from typing import ClassVar, Protocol

from msgspec.structs import replace
from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant, Sheet, new_combatant_id
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_TEXT_LENGTH
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.record_check import checked_roster
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets.base import RoundSystemUi
from uwr_desktop.ui.widgets import dialog_parts
from uwr_desktop.ui.widgets.build import buddy_label, row_of


class SheetDialog(QDialog):
    """The name, the side with "Hidden from players", the round system's rows (``form``, then
    ``below`` for what is not a row), the notes, then the red line saying why the combatant
    cannot be accepted beside OK and Cancel.

    ``original`` is the combatant edited (``None`` for a new one); the round system's
    :meth:`read_sheet` reads the sheet the rows describe and raises ``ValueError``, in words
    for the GM, when they cannot be read. OK checks the name, the sheet, the notes and that a
    saved fight would read the combatant back, and stays open on a refusal; with
    :meth:`check_as_typed` the check runs at every edit instead, greying OK while it fails.
    """

    def __init__(self, parent: QWidget | None, combatant: Combatant | None) -> None:
        """A dialog for ``combatant`` (``None``: a new one)."""
        super().__init__(parent)
        self.setWindowTitle(dialog_parts.combatant_dialog_title(combatant))
        self.original = combatant
        self.name = dialog_parts.name_field(combatant)
        self.side = dialog_parts.side_box(combatant)
        self.hidden = dialog_parts.hidden_box(combatant)
        self.notes = dialog_parts.notes_field(combatant)
        self.form = QFormLayout()
        self.form.addRow(buddy_label("&Name", self.name), self.name)
        side_row = row_of(self.side, self.hidden, stretch=True)
        self.form.addRow(buddy_label("Si&de", self.side), side_row)
        self.below = QVBoxLayout()
        self.problem = dialog_parts.problem_label()
        self.buttons = dialog_parts.ok_cancel(self)
        self._layout = QVBoxLayout(self)
        self._layout.addLayout(self.form)
        self._layout.addLayout(self.below)
        self._layout.addWidget(buddy_label("N&otes", self.notes))
        self._layout.addWidget(self.notes)
        # Why OK is refused stands beside it: a line less, so a long sheet fits a laptop.
        last = QHBoxLayout()
        last.addWidget(self.problem, 1)
        last.addWidget(self.buttons)
        self._layout.addLayout(last)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        """What the round system added below the rows takes the room the dialog is given;
        the Tab order is set."""
        super().showEvent(event)
        self._layout.setStretchFactor(self.below, 1 if self.below.count() else 0)
        self.retab()

    def sheet_tab_chain(self) -> list[QWidget]:
        """The round system's controls in the order Tab visits them, between "Hidden from
        players" and the notes (each a round system adds belongs here)."""
        return []

    def retab(self) -> None:
        """Tab goes through the name, the side, "Hidden", :meth:`sheet_tab_chain`, then the
        notes, OK and Cancel: at the showing, and again whenever the round system's rows
        change.

        The order is set from this list, never read from Qt's focus chain: PySide records a
        widget ``nextInFocusChain()`` returns as owned by the widget it was asked of, and a
        dialog collected later took widgets still in use down with it."""
        chain = [self.name, self.side, self.hidden, *self.sheet_tab_chain(), self.notes]
        for first, second in itertools.pairwise([*chain, *self.buttons.buttons()]):
            QWidget.setTabOrder(first, second)

    def read_sheet(self) -> Sheet:
        """The sheet the round system's rows describe; ``ValueError``, in words for the GM,
        when they cannot be read."""
        raise NotImplementedError

    def refusal(self) -> str:
        """Why OK would be refused now (``""``: it would not)."""
        try:
            self.combatant(_CHECKED)
        except ValueError as error:
            return str(error)
        return ""

    def check_as_typed(self, *edited: SignalInstance) -> None:
        """Check the form at each of the ``edited`` signals and at each change of the name,
        the side, the notes and "Hidden", now and from here on: the red line says what is
        wrong while OK is greyed (and not the default button, so Return goes to the field
        that has the focus)."""
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(False)
        ours = (self.side.currentIndexChanged, self.hidden.toggled, self.notes.textChanged)
        for signal in (self.name.textChanged, *ours, *edited):
            signal.connect(self.recheck)
        self.recheck()

    def recheck(self) -> None:
        """Say at once what is wrong, if anything, and grey OK while it is."""
        problem = self.refusal()
        dialog_parts.say_problem(self.problem, problem)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not problem)
        ok.setToolTip(problem)

    def accept(self) -> None:
        """Close only once the combatant can be read; otherwise say why and stay."""
        problem = self.refusal()
        dialog_parts.say_problem(self.problem, problem)
        if not problem:
            super().accept()

    def combatant(self, new_id: str | None = None) -> Combatant:
        """The combatant the dialog describes, as a saved fight reads it back: the original
        with its name, side, notes and sheet as edited, or a new one with the id ``new_id``
        (a fresh one when not given). ``ValueError`` says why it cannot be read."""
        name = clean_name(self.name.text())
        if not name:
            raise ValueError(dialog_parts.NAMELESS)
        sheet = self.read_sheet()
        notes = self.notes.toPlainText()
        if len(notes) > MAX_TEXT_LENGTH:
            raise ValueError(
                f"The notes are {len(notes)} characters long; at most {MAX_TEXT_LENGTH} fit."
            )
        made_id = new_id if new_id is not None else new_combatant_id()
        base = self.original
        if base is None:
            base = Combatant(id=made_id, name=name, sheet=sheet)
        side, hidden = Side(self.side.currentData()), self.hidden.isChecked()
        built = replace(base, name=name, side=side, hidden=hidden, notes=notes, sheet=sheet)
        try:
            (read_back,) = checked_roster((built,))
        except RulesError as error:
            raise ValueError(f"Not a valid combatant: {error}.") from None
        return read_back


_CHECKED = "checked"
"""The id a combatant is built with only to check it."""


def run_sheet_dialog(dialog: SheetDialog, new_id: str | None = None) -> Combatant | None:
    """Run ``dialog`` modally: the combatant it describes once accepted (a new one taking
    ``new_id``, else a fresh id), ``None`` when the GM cancels."""
    return dialog_parts.modal_answer(dialog, lambda: dialog.combatant(new_id))


class MakeSheetDialog(Protocol):
    """A round system's :class:`SheetDialog` class: made with the parent and the combatant
    edited (``None``: a new one)."""

    def __call__(self, parent: QWidget | None, combatant: Combatant | None) -> SheetDialog:
        """The dialog."""
        ...


class SheetDialogUi(RoundSystemUi):
    """A round system's UI whose combatant dialog is its ``sheet_dialog``."""

    sheet_dialog: ClassVar["MakeSheetDialog"]
    """The dialog's class."""

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        """The dialog, run modally: the combatant it describes, or ``None`` when cancelled."""
        return run_sheet_dialog(self.sheet_dialog(parent, combatant), self.new_id())

    def new_id(self) -> str:
        """A new combatant's id: unique."""
        return new_combatant_id()
