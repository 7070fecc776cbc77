"""The combatant table as the window shows it: one row per combatant, Name and Health frozen
at the left, rows selected whole, cells edited in place, columns fitted to their contents on
demand (a header that resizes itself reads every row on every change, which a fight of a
thousand combatants cannot afford)."""

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QItemSelectionModel, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QWidget

from uwr_desktop.ui.table.chips import ChipsDelegate
from uwr_desktop.ui.table.delegates import CombatantDelegate
from uwr_desktop.ui.table.filter import CombatantFilterProxy
from uwr_desktop.ui.table.frozen import FrozenColumnTable
from uwr_desktop.ui.table.health_column import HEALTH_COLUMN, HealthDelegate
from uwr_desktop.ui.table.model import (
    COMBATANT_ID_ROLE,
    CONDITIONS_COLUMN,
    NAME_COLUMN,
    RESOURCES_COLUMN,
    CombatantTableModel,
)

RESIZE_PRECISION_ROWS = 50
NAME_FIT_CHARS = 30
"""The Name column, frozen at the left, is fitted to at most about this many characters (a longer
name is elided in the middle, its tooltip gives it whole), so that Health and Conditions stay in
view beside it."""
RESOURCES_FIT_CHARS = 34
"""The "This round" column is fitted to at most about this many characters (its tooltip shows
it all), so that the columns after it stay in view."""
CONDITIONS_FIT_CHARS = 36
"""The Conditions column, frozen at the left, is fitted to at most about this many characters
(more conditions end in a "+N" chip; the tooltip lists them all)."""
CONDITIONS_MIN_CHARS = 12
"""The Conditions column is at least this wide, so a first condition shows without a refit."""
ROW_PADDING = 8
"""Pixels a row has beyond a line of text: compact, so a laptop shows ten rows and more."""

_CHIP_BOUNDS = (
    (RESOURCES_COLUMN, 0, RESOURCES_FIT_CHARS),
    (CONDITIONS_COLUMN, CONDITIONS_MIN_CHARS, CONDITIONS_FIT_CHARS),
)
"""The chip columns with the least and most characters they are fitted to."""


class CombatantTable(FrozenColumnTable):
    """The table over ``proxy`` (a filter over ``model``); the Health column's - and + call
    ``step_health(combatant_id, step)``."""

    def __init__(
        self,
        model: CombatantTableModel,
        proxy: CombatantFilterProxy,
        step_health: Callable[[str, int], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(lambda: [c.key for c in model.columns()], parent)
        self._model = model
        self._proxy = proxy
        self.setObjectName("combatantTable")
        self.setAccessibleName("Combatants")
        self.setModel(proxy)
        self.setItemDelegate(CombatantDelegate(self))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setAlternatingRowColors(True)
        self.setSortingEnabled(True)
        self.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.verticalHeader().setVisible(False)
        # The arrows move among the cells; Tab leaves the table for the next pane's controls.
        self.setTabKeyNavigation(False)
        self._fit_rows()
        for view in (self, self.frozen):
            view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setResizeContentsPrecision(RESIZE_PRECISION_ROWS)
        header.setStretchLastSection(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        health = HealthDelegate(COMBATANT_ID_ROLE, self)
        health.stepRequested.connect(step_health)
        self.set_column_delegate(HEALTH_COLUMN, health)
        self.set_column_delegate(CONDITIONS_COLUMN, ChipsDelegate(tinted=True, parent=self))
        self.set_column_delegate(RESOURCES_COLUMN, ChipsDelegate(parent=self))
        self.set_frozen_keys((NAME_COLUMN, HEALTH_COLUMN, CONDITIONS_COLUMN))

    def _fit_rows(self) -> None:
        row_height = self.fontMetrics().height() + ROW_PADDING
        for view in (self, self.frozen):
            view.verticalHeader().setDefaultSectionSize(row_height)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """Rows and columns follow the text's size when the window is zoomed."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_rows()
            self.fit_columns()

    def _bold_extra(self) -> int:
        """How much wider the widest name gets in bold than it is in the table's font."""
        plain = self.fontMetrics()
        bold_font = QFont(self.font())
        bold_font.setBold(True)
        bold = QFontMetrics(bold_font)
        names = self._model.names()[:RESIZE_PRECISION_ROWS]
        return max(
            (bold.horizontalAdvance(n) - plain.horizontalAdvance(n) for n in names), default=0
        )

    def selected_ids(self) -> list[str]:
        """Ids of the selected combatants, in table order."""
        rows = sorted(index.row() for index in self.selectionModel().selectedRows())
        return [str(self._proxy.index(row, 0).data(COMBATANT_ID_ROLE)) for row in rows]

    def select_combatant(self, combatant_id: str) -> None:
        """Select the combatant's row alone and scroll it into view (if it is shown)."""
        row = self._model.row_of(combatant_id)
        if row < 0:
            return
        index = self._proxy.mapFromSource(self._model.index(row, 0))
        if index.isValid():
            self.selectionModel().select(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            self.scrollTo(index)

    def fit_columns(self) -> None:
        """Fit the columns to their contents; the name and the chip columns within bounds
        (their tooltips show the whole name and every chip)."""
        self.resizeColumnsToContents()
        header = self.horizontalHeader()
        char = self.fontMetrics().averageCharWidth()
        name = self._model.column_of(NAME_COLUMN)
        if name >= 0:
            # Whoever acts is shown bold: the column keeps room for any name in bold.
            fitted = header.sectionSize(name) + self._bold_extra()
            header.resizeSection(name, min(fitted, NAME_FIT_CHARS * char))
        for key, low, high in _CHIP_BOUNDS:
            section = self._model.column_of(key)
            if section >= 0:
                size = header.sectionSize(section)
                header.resizeSection(section, min(max(size, low * char), high * char))

    def widen_conditions_for(self, combatant_ids: Iterable[str]) -> None:
        """Widen the Conditions column (within its bound, never narrower) so that the
        conditions of ``combatant_ids`` show whole: a condition given mid-fight is seen at once,
        and the other columns do not jump when one ends."""
        section = self._model.column_of(CONDITIONS_COLUMN)
        if section < 0:
            return
        needed = 0
        for cid in combatant_ids:
            row = self._model.row_of(cid)
            if row >= 0:
                index = self._proxy.mapFromSource(self._model.index(row, section))
                if index.isValid():
                    needed = max(needed, self.sizeHintForIndex(index).width())
        header = self.horizontalHeader()
        most = CONDITIONS_FIT_CHARS * self.fontMetrics().averageCharWidth()
        if needed > header.sectionSize(section):
            header.resizeSection(section, min(needed, most))
