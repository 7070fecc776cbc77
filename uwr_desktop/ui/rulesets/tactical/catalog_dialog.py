"""The action catalog and pace table editor: two tables the GM edits for this fight.

Each row of the catalog is a name, a kind and its AP range; each row of the pace table a name
and its penalty. OK builds the intent; a row the rules refuse (a range running backwards, two
actions of one name) is explained and the dialog stays open.
"""

from typing import cast

import msgspec
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.limits import MAX_COUNT, MAX_INITIATIVE
from uwr_desktop.core.rulesets.tactical.catalog import ActionKind, ActionType, Pace
from uwr_desktop.core.rulesets.tactical.intents import TacticalEditCatalog
from uwr_desktop.ui.widgets.build import named, table_widget
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.wheel import ChoiceBox

ACTION_COLUMNS = ("Action", "Kind", "Min AP", "Max AP")
PACE_COLUMNS = ("Pace", "Penalty")


def _spin(low: int, high: int, value: int, what: str) -> NumberBox:
    box = NumberBox(low, high, what=what)
    box.setValue(value)
    return box


class CatalogDialog(QDialog):
    """Edit the fight's action catalog and pace table."""

    def __init__(
        self, actions: tuple[ActionType, ...], paces: tuple[Pace, ...], parent: QWidget | None
    ) -> None:
        """Start from the tables in force."""
        super().__init__(parent)
        self.setWindowTitle("Action Catalog and Paces")
        self.action_rows = table_widget("catalogActions", ACTION_COLUMNS, accessible="Actions")
        self.pace_rows = table_widget("catalogPaces", PACE_COLUMNS, accessible="Paces")
        for table in (self.action_rows, self.pace_rows):
            table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            table.setTabKeyNavigation(False)  # Tab leaves the table; the arrows move in it
        for entry in actions:
            self.add_action(entry)
        for pace in paces:
            self.add_pace(pace)
        self.message = named(QLabel(), "catalogMessage")
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        for table, add, words in (
            (self.action_rows, self.add_action, ("Add &action", "Re&move action")),
            (self.pace_rows, self.add_pace, ("Add &pace", "Remo&ve pace")),
        ):
            layout.addWidget(table)
            row = QHBoxLayout()
            plus = QPushButton(words[0])
            plus.clicked.connect(lambda _=False, add=add: add(None))
            minus = QPushButton(words[1])
            minus.setToolTip("Remove the selected rows (else the last)")
            minus.clicked.connect(lambda _=False, table=table: self._remove(table))
            row.addWidget(plus)
            row.addWidget(minus)
            row.addStretch()
            layout.addLayout(row)
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        restore = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.setText("Shipped tables")
        restore.clicked.connect(self._restore)
        layout.addWidget(self.buttons)
        self.resize(560, 620)
        self._intent: TacticalEditCatalog | None = None

    def add_action(self, entry: ActionType | None) -> None:
        """Add a catalog row (``None``: a new one-AP action)."""
        entry = entry or ActionType(name="New action", min_ap=1, max_ap=1)
        row = self.action_rows.rowCount()
        self.action_rows.insertRow(row)
        self.action_rows.setItem(row, 0, QTableWidgetItem(entry.name))
        kind = ChoiceBox()
        kind.setAccessibleName(f"Action {row + 1} kind")
        for value in ActionKind:
            kind.addItem(value.value, value)
        kind.setCurrentIndex(kind.findData(entry.kind))
        self.action_rows.setCellWidget(row, 1, kind)
        for column, what, count in ((2, "Min AP", entry.min_ap), (3, "Max AP", entry.max_ap)):
            box = _spin(0, MAX_COUNT, count, what)
            box.setAccessibleName(f"Action {row + 1} {what}")
            self.action_rows.setCellWidget(row, column, box)

    def add_pace(self, pace: Pace | None) -> None:
        """Add a pace row (``None``: a new pace with no penalty)."""
        pace = pace or Pace("New pace", 0)
        row = self.pace_rows.rowCount()
        self.pace_rows.insertRow(row)
        self.pace_rows.setItem(row, 0, QTableWidgetItem(pace.name))
        penalty = _spin(-MAX_INITIATIVE, 0, pace.penalty, "A pace penalty")
        penalty.setAccessibleName(f"Pace {row + 1} penalty")
        penalty.setToolTip("0 or below, like -10")
        self.pace_rows.setCellWidget(row, 1, penalty)

    def _remove(self, table: QTableWidget) -> None:
        rows = sorted({index.row() for index in table.selectedIndexes()}, reverse=True)
        for row in rows or [table.rowCount() - 1]:
            if row >= 0:
                table.removeRow(row)

    def _restore(self) -> None:
        self._intent = TacticalEditCatalog()
        self.accept()

    def _text(self, table: QTableWidget, row: int) -> str:
        item = table.item(row, 0)
        return item.text().strip() if item is not None else ""

    def _boxes(self) -> list[NumberBox]:
        cells = [(self.action_rows, 2), (self.action_rows, 3), (self.pace_rows, 1)]
        return [
            cast(NumberBox, table.cellWidget(row, column))
            for table, column in cells
            for row in range(table.rowCount())
        ]

    def _accept(self) -> None:
        # Every row counts, scrolled out of sight or not.
        problem = next((box.problem() for box in self._boxes() if box.problem()), "")
        if problem:
            self.message.setText(f"Not saved: {problem}")
            return
        try:
            actions = tuple(
                msgspec.convert(
                    {
                        "name": self._text(self.action_rows, row),
                        "kind": cast(QComboBox, self.action_rows.cellWidget(row, 1)).currentData(),
                        "min_ap": cast(NumberBox, self.action_rows.cellWidget(row, 2)).value(),
                        "max_ap": cast(NumberBox, self.action_rows.cellWidget(row, 3)).value(),
                    },
                    ActionType,
                )
                for row in range(self.action_rows.rowCount())
            )
            paces = tuple(
                Pace(
                    self._text(self.pace_rows, row),
                    cast(NumberBox, self.pace_rows.cellWidget(row, 1)).value(),
                )
                for row in range(self.pace_rows.rowCount())
            )
        except (msgspec.ValidationError, ValueError) as error:
            self.message.setText(f"Not saved: {error}")
            return
        self._intent = TacticalEditCatalog(actions, paces)
        self.accept()

    def intent(self) -> TacticalEditCatalog | None:
        """What OK asked for (``None``: cancelled)."""
        return self._intent
