"""A combatant dialog's frame and its running, written once for any round system.

A round system's dialog derives from :class:`SheetDialog`: it adds its sheet's rows to
``form`` below the name and says the sheet the rows describe (:meth:`SheetDialog.sheet`); its
UI derives from :class:`SheetDialogUi` and names the dialog, which is then run modally for
New Combatant and Edit, a new combatant taking the id :meth:`SheetDialogUi.new_id` gives.
"""

import uuid
from typing import ClassVar

from msgspec.structs import replace
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant, Sheet
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.ui.rulesets.base import RoundSystemUi


class SheetDialog(QDialog):
    """The name, the round system's rows (``form``), then OK and Cancel; ``original`` is the
    combatant edited (``None`` for a new one)."""

    def __init__(self, parent: QWidget | None, combatant: Combatant | None) -> None:
        """A dialog for ``combatant`` (``None``: a new one)."""
        super().__init__(parent)
        self.original = combatant
        self.name = QLineEdit(combatant.name if combatant is not None else "")
        self.name.setObjectName("sheetName")
        self.form = QFormLayout()
        self.form.addRow("Name", self.name)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(buttons)

    def sheet(self) -> Sheet:
        """The sheet the rows describe."""
        raise NotImplementedError

    def combatant(self, new_id: str) -> Combatant:
        """The combatant the dialog describes: the original with its name and sheet as
        edited, or a new one with the id ``new_id``."""
        name = self.name.text().strip()
        if self.original is not None:
            return replace(self.original, name=name, sheet=self.sheet())
        return Combatant(id=new_id, name=name, sheet=self.sheet())


class SheetDialogUi(RoundSystemUi):
    """A round system's UI whose combatant dialog is its ``sheet_dialog``."""

    sheet_dialog: ClassVar[type[SheetDialog]]

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        """The dialog, run modally: the combatant it describes, or ``None`` when cancelled."""
        dialog = self.sheet_dialog(parent, combatant)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.combatant(self.new_id())

    def new_id(self) -> str:
        """A new combatant's id: unique."""
        return uuid.uuid4().hex
