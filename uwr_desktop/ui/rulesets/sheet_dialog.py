"""A combatant dialog's frame and its running, written once for any round system.

A round system's dialog derives from :class:`SheetDialog`: it adds its sheet's rows to
``form`` below the name, the side and "Hidden from players", and hands over how to read the
sheet they describe (a nameless combatant, or a sheet that cannot be read, is refused in the
red line above OK). The system's ``combatant_dialog`` module runs it with
:func:`run_sheet_dialog`; a UI deriving from :class:`SheetDialogUi` instead names the dialog,
which is then run modally for New Combatant and Edit, a new combatant taking the id
:meth:`SheetDialogUi.new_id` gives.
"""

from collections.abc import Callable
from typing import ClassVar, Protocol

from msgspec.structs import replace
from PySide6.QtCore import Qt, SignalInstance
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QVBoxLayout, QWidget

from uwr_desktop.core.encounter import Combatant, Sheet, new_combatant_id
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets.base import RoundSystemUi
from uwr_desktop.ui.widgets import dialog_parts


class SheetDialog(QDialog):
    """The name, the side, "Hidden from players" and the round system's rows (``form``, then
    ``below`` for what is not a row), the red line saying why the combatant cannot be
    accepted, then OK and Cancel.

    ``original`` is the combatant edited (``None`` for a new one); ``read_sheet`` reads the
    sheet the rows describe and raises ``ValueError``, in words for the GM, when they cannot
    be read. OK checks the name, then the sheet, and stays open on a refusal; with
    :meth:`check_as_typed` the check runs at every edit instead, greying OK while it fails.
    """

    def __init__(
        self,
        parent: QWidget | None,
        combatant: Combatant | None,
        read_sheet: Callable[[], Sheet],
    ) -> None:
        """A dialog for ``combatant`` (``None``: a new one)."""
        super().__init__(parent)
        self.setWindowTitle(dialog_parts.combatant_dialog_title(combatant))
        self.original = combatant
        self._read_sheet = read_sheet
        self.name = dialog_parts.name_field(combatant)
        self.side = dialog_parts.side_box(combatant)
        self.hidden = dialog_parts.hidden_box(combatant)
        self.form = QFormLayout()
        self.form.addRow("Name", self.name)
        self.form.addRow("Side", self.side)
        self.form.addRow("", self.hidden)
        self.below = QVBoxLayout()
        self.problem = dialog_parts.problem_label()
        self.buttons = dialog_parts.ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addLayout(self.below)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        """Tab reaches OK and Cancel last, after the rows the round system added."""
        super().showEvent(event)
        last: QWidget = self.name
        widget = self.name.nextInFocusChain()
        while widget is not None and widget is not self.name:
            in_buttons = widget is self.buttons or self.buttons.isAncestorOf(widget)
            if not in_buttons and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
                last = widget
            widget = widget.nextInFocusChain()
        for button in self.buttons.buttons():
            QWidget.setTabOrder(last, button)
            last = button

    def refusal(self) -> str:
        """Why OK would be refused now (``""``: it would not)."""
        try:
            self._name_and_sheet()
        except ValueError as error:
            return str(error)
        return ""

    def _name_and_sheet(self) -> tuple[str, Sheet]:
        name = clean_name(self.name.text())
        if not name:
            raise ValueError(dialog_parts.NAMELESS)
        return name, self._read_sheet()

    def check_as_typed(self, *edited: SignalInstance) -> None:
        """Check the form at each of the ``edited`` signals and at each change of the name,
        now and from here on: the red line says what is wrong while OK is greyed (and not the
        default button, so Return goes to the field that has the focus)."""
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(False)
        for signal in (self.name.textChanged, *edited):
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
        """The combatant the dialog describes: the original with its name, side and sheet as
        edited, or a new one with the id ``new_id`` (a fresh one when not given).
        ``ValueError`` when it cannot be read."""
        name, sheet = self._name_and_sheet()
        side, hidden = Side(self.side.currentData()), self.hidden.isChecked()
        if self.original is not None:
            return replace(self.original, name=name, side=side, hidden=hidden, sheet=sheet)
        made_id = new_id if new_id is not None else new_combatant_id()
        return Combatant(id=made_id, name=name, side=side, hidden=hidden, sheet=sheet)


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
