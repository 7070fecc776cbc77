"""The ``tactical`` combatant dialog: name, side, Quickness bonus, current penalty, hits and
bleeding. Editing a combatant mid-fight keeps its initiative and its round (the ruleset sees
to that)."""

from msgspec.structs import replace
from PySide6.QtWidgets import QWidget

from uwr_desktop.core.encounter import Combatant
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
from uwr_desktop.ui.rulesets.sheet_dialog import SheetDialog, run_sheet_dialog
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem, typed_changes


def _spin(name: str, low: int, high: int, value: int, *, what: str, below: str = "") -> NumberBox:
    box = named(NumberBox(low, high, what=what, below=below), name)
    box.setValue(value)
    return box


def _bounded(name: str, field: Bounded, value: int, *, below: str = "") -> NumberBox:
    """A box with the bounds and the name the rules give ``field``."""
    return _spin(name, field.low, field.high, value, what=field.label, below=below)


class TacticalDialog(SheetDialog):
    """Name, side and the numbers of a tactical sheet."""

    def __init__(self, parent: QWidget | None, combatant: Combatant | None) -> None:
        """Edit ``combatant`` (``None``: a new one)."""
        super().__init__(parent, combatant)
        sheet = sheet_of(combatant) if combatant is not None else TacticalSheet()
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
        self.form.addRow("&Quickness bonus", self.quickness)
        self.form.addRow("Current &penalty", self.penalty)
        self.form.addRow("&Hits", self.hits)
        self.form.addRow("&Bleeding per round", self.bleeding)
        self._numbers = [self.quickness, self.penalty, self.hits, self.bleeding]
        self.check_as_typed(*typed_changes(self._numbers))

    def sheet_tab_chain(self) -> list[QWidget]:
        """The numbers, top to bottom."""
        return list(self._numbers)

    def read_sheet(self) -> TacticalSheet:
        """The sheet the numbers say; an edit keeps the hits taken, within the new maximum."""
        problem = first_problem(self._numbers)
        if problem:
            raise ValueError(problem)
        old = sheet_of(self.original) if self.original is not None else TacticalSheet()
        hits_max = self.hits.value()
        kept = old.hits if self.original is not None else hits_max
        return replace(
            old,
            quickness=self.quickness.value(),
            penalty=self.penalty.value(),
            hits_max=hits_max,
            hits=min(kept, hits_max),
            bleeding=self.bleeding.value(),
        )


def edit_combatant(
    parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
) -> Combatant | None:
    """Run the dialog modally; the combatant, or ``None`` when cancelled."""
    return run_sheet_dialog(TacticalDialog(parent, combatant))
