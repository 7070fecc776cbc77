"""A combatant dialog's frame and its running, written once for any round system.

A round system's dialog derives from :class:`SheetDialog`: it adds its sheet's rows to
``form`` below the name, the side and "Hidden from players", and hands over how to read the
sheet they describe (a nameless combatant is refused in the red line above OK); its UI derives
from :class:`SheetDialogUi` and names the dialog, which is then run modally for New Combatant
and Edit, a new combatant taking the id :meth:`SheetDialogUi.new_id` gives.
"""

from collections.abc import Callable
from typing import ClassVar, Protocol

from msgspec.structs import replace
from PySide6.QtWidgets import QDialog, QFormLayout, QVBoxLayout, QWidget

from uwr_desktop.core.encounter import Combatant, Sheet, new_combatant_id
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets.base import RoundSystemUi
from uwr_desktop.ui.widgets import dialog_parts


class SheetDialog(QDialog):
    """The name, the side, the round system's rows (``form``), then OK and Cancel;
    ``original`` is the combatant edited (``None`` for a new one), ``read_sheet`` reads the
    sheet the rows say."""

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
        self.problem = dialog_parts.problem_label()
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.problem)
        layout.addWidget(dialog_parts.ok_cancel(self, self._accept))

    def _accept(self) -> None:
        """Close only once the combatant has a name; otherwise say so and stay."""
        if not clean_name(self.name.text()):
            self.problem.setText(dialog_parts.NAMELESS)
            self.problem.show()
            return
        self.accept()

    def combatant(self, new_id: str) -> Combatant:
        """The combatant the dialog describes: the original with its name and sheet as
        edited, or a new one with the id ``new_id``."""
        name, sheet = clean_name(self.name.text()), self._read_sheet()
        side, hidden = Side(self.side.currentData()), self.hidden.isChecked()
        if self.original is not None:
            return replace(self.original, name=name, side=side, hidden=hidden, sheet=sheet)
        return Combatant(id=new_id, name=name, side=side, hidden=hidden, sheet=sheet)


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
        dialog = self.sheet_dialog(parent, combatant)
        return dialog_parts.modal_answer(dialog, lambda: dialog.combatant(self.new_id()))

    def new_id(self) -> str:
        """A new combatant's id: unique."""
        return new_combatant_id()
