"""The combatant table as the window shows it: one row per combatant, Name and Health frozen
at the left, rows selected whole, cells edited in place, columns fitted to their contents on
demand (a header that resizes itself reads every row on every change, which a fight of a
thousand combatants cannot afford)."""

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QWidget

from uwr_desktop.ui.table.chips import ChipsDelegate
from uwr_desktop.ui.table.delegates import CombatantDelegate
from uwr_desktop.ui.table.filter import CombatantFilterProxy
from uwr_desktop.ui.table.frozen import FrozenColumnTable
from uwr_desktop.ui.table.health_column import HEALTH_COLUMN, HealthDelegate
from uwr_desktop.ui.table.model import (
    COMBATANT_ID_ROLE,
    CONDITIONS_COLUMN,
    MEASURE_ROLE,
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

_FIT_BOUNDS = {
    NAME_COLUMN: (0, NAME_FIT_CHARS),
    RESOURCES_COLUMN: (0, RESOURCES_FIT_CHARS),
    CONDITIONS_COLUMN: (CONDITIONS_MIN_CHARS, CONDITIONS_FIT_CHARS),
}
"""The columns fitted within bounds: the least and most characters they are fitted to."""


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
        self._delegate = CombatantDelegate(self)
        self.setItemDelegate(self._delegate)
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
            # Rows are one line high: a wrapped name would show its first line cut at the end
            # ("Captain of the Silver …" for every copy), where one line cut in the middle keeps
            # the copy's number ("Captain of…pany 5").
            view.setWordWrap(False)
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

    def _bounded(self, key: str, size: int) -> int:
        """``size`` within the column's bounds, if it has any."""
        if key not in _FIT_BOUNDS:
            return size
        char = self.fontMetrics().averageCharWidth()
        low, high = _FIT_BOUNDS[key]
        return min(max(size, low * char), high * char)

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

    def _room_for(self, source: QModelIndex, key: str, font: QFont, *, chips: bool) -> int:
        """The width a cell of the model needs to show whole, in bold too (whoever acts is
        shown bold); 0 for a check box, and for conditions unless ``chips``."""
        measure = self._model.data(source, MEASURE_ROLE)
        if not isinstance(measure, tuple) and not (chips and key == CONDITIONS_COLUMN):
            return 0
        if isinstance(measure, tuple):
            width = self._delegate.bold_width(measure, font)
            if width is not None:
                return width
        index = self._proxy.mapFromSource(source)
        if not index.isValid():
            return 0
        # Measured through the style once, a look is known to the delegate from then on.
        width = self.sizeHintForIndex(index).width()
        bold = self._delegate.bold_width(measure, font) if isinstance(measure, tuple) else None
        return width if bold is None else bold

    def fit_columns(self) -> None:
        """Fit the columns to their contents, in bold too (whoever acts is shown bold); the
        name and the chip columns within bounds (their tooltips show the whole name and every
        chip)."""
        self.resizeColumnsToContents()
        header = self.horizontalHeader()
        for section, key in enumerate(self.column_keys()):
            header.resizeSection(section, self._bounded(key, header.sectionSize(section)))
        # The style has just measured every cell as drawn: only the text in bold is left.
        self._widen(range(min(self._model.rowCount(), RESIZE_PRECISION_ROWS)), chips=False)

    def widen_for(self, combatant_ids: Iterable[str]) -> None:
        """Widen the columns (within their bounds, never narrower) so that the cells of
        ``combatant_ids`` show whole, in bold too: a value that grows mid-fight (a score
        rolled, a condition given) is seen at once, and the columns do not jump back when it
        shrinks. The "This round" column, changing every turn, keeps its fitted width (its
        tooltip shows it all)."""
        rows = [row for row in map(self._model.row_of, combatant_ids) if row >= 0]
        self._widen(rows, chips=True)

    def _widen(self, rows: Sequence[int], *, chips: bool) -> None:
        """Widen the columns (within their bounds, never narrower) to the cells of ``rows``,
        their conditions' chips too if ``chips``."""
        header = self.horizontalHeader()
        font = self.font()
        grid = 1 if self.showGrid() else 0  # a cell is its section less the grid's line
        for section, key in enumerate(self.column_keys()):
            if key == RESOURCES_COLUMN or header.isSectionHidden(section):
                continue
            needed = 0
            for row in rows[:RESIZE_PRECISION_ROWS]:
                room = self._room_for(self._model.index(row, section), key, font, chips=chips)
                needed = max(needed, room + grid if room else 0)
            wider = self._bounded(key, needed)
            if wider > header.sectionSize(section):
                header.resizeSection(section, wider)
