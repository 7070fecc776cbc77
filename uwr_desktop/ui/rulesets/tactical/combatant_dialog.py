"""The ``tactical`` combatant dialog: name, side, Quickness bonus, current penalty, hits and
bleeding. Editing a combatant mid-fight keeps its initiative and its round (the ruleset sees
to that)."""

from msgspec.structs import replace
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant, new_combatant_id
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.common import Bounded
from uwr_desktop.core.rulesets.tactical.sheet import (
    BLEEDING,
    CURRENT_PENALTY,
    HITS,
    MAX_HITS,
    QUICKNESS,
    TacticalSheet,
    sheet_of,
)
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.widgets import dialog_parts
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem


def _spin(name: str, low: int, high: int, value: int, *, what: str, below: str = "") -> NumberBox:
    box = named(NumberBox(low, high, what=what, below=below), name)
    box.setValue(value)
    return box


def _bounded(name: str, field: Bounded, value: int, *, below: str = "") -> NumberBox:
    """A box with the bounds and the name the rules give ``field``."""
    return _spin(name, field.low, field.high, value, what=field.label, below=below)


class TacticalDialog(QDialog):
    """Name, side and the numbers of a tactical sheet."""

    def __init__(self, parent: QWidget | None, combatant: Combatant | None) -> None:
        """Edit ``combatant`` (``None``: a new one)."""
        super().__init__(parent)
        self.setWindowTitle(dialog_parts.combatant_dialog_title(combatant))
        sheet = sheet_of(combatant) if combatant is not None else TacticalSheet()
        self._original = combatant
        self.name = dialog_parts.name_field(combatant)
        self.side = dialog_parts.side_box(combatant)
        self.hidden = dialog_parts.hidden_box(combatant)
        self.quickness = _bounded("tacticalQuickness", QUICKNESS, sheet.quickness)
        self.penalty = _bounded("tacticalPenalty", CURRENT_PENALTY, sheet.penalty)
        self.penalty.setToolTip(
            "Current penalty (wounds, fatigue), 0 or below: -1 to base initiative per 10"
        )
        self.hits = _spin(
            "tacticalHits", MAX_HITS.low, MAX_HITS.high, sheet.hits_max, what=HITS.label
        )
        self.bleeding = _bounded(
            "tacticalBleeding", BLEEDING, sheet.bleeding, below=": it is the hits lost each round"
        )
        self.bleeding.setToolTip("Hits lost at each upkeep")
        self.message = dialog_parts.problem_label()
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Side", self.side)
        form.addRow("", self.hidden)
        form.addRow("Quickness bonus", self.quickness)
        form.addRow("Current penalty", self.penalty)
        form.addRow("Hits", self.hits)
        form.addRow("Bleeding per round", self.bleeding)
        form.addRow(self.message)
        self.buttons = dialog_parts.ok_cancel(self, self._accept)
        form.addRow(self.buttons)

    def _accept(self) -> None:
        problem = first_problem([self.quickness, self.penalty, self.hits, self.bleeding])
        if not problem and not clean_name(self.name.text()):
            problem = dialog_parts.NAMELESS
        self.message.setText(problem)
        self.message.setVisible(bool(problem))
        if not problem:
            self.accept()

    def combatant(self) -> Combatant:
        """The combatant the form describes."""
        old = sheet_of(self._original) if self._original is not None else TacticalSheet()
        hits_max = self.hits.value()
        kept = old.hits if self._original is not None else hits_max
        sheet = replace(
            old,
            quickness=self.quickness.value(),
            penalty=self.penalty.value(),
            hits_max=hits_max,
            hits=min(kept, hits_max),
            bleeding=self.bleeding.value(),
        )
        name = clean_name(self.name.text())
        side = Side(self.side.currentData())
        hidden = self.hidden.isChecked()
        if self._original is not None:
            return replace(self._original, name=name, side=side, hidden=hidden, sheet=sheet)
        return Combatant(id=new_combatant_id(), name=name, side=side, hidden=hidden, sheet=sheet)


def edit_combatant(
    parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
) -> Combatant | None:
    """Run the dialog modally; the combatant, or ``None`` when cancelled."""
    dialog = TacticalDialog(parent, combatant)
    return dialog_parts.modal_answer(dialog, dialog.combatant)
