"""A table whose first columns stay at the left while the others scroll (Qt's "frozen column"
pattern): a second view over the same model and selection lies on top of the table's left
edge and shows only the frozen columns, once the table is scrolled sideways (unscrolled, the
table's own first columns are those columns).

Columns are named by key (``column_keys`` gives the model's keys by section). The frozen ones
are moved to the front of the table's header, stay there when others are dragged, and keep their
widths in both views; a delegate can be given per key, and follows its column when the model's
columns change.
"""

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QActionEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QFrame,
    QTableView,
    QWidget,
)


class FrozenColumnTable(QTableView):
    """A table view with ``frozen`` columns (by key) pinned to its left edge."""

    def __init__(
        self, column_keys: Callable[[], Sequence[str]], parent: QWidget | None = None
    ) -> None:
        """``column_keys`` gives the model's column keys, by logical section."""
        super().__init__(parent)
        self.column_keys = column_keys
        self._frozen_keys: tuple[str, ...] = ()
        self._delegates: dict[str, QAbstractItemDelegate] = {}
        self.frozen = QTableView(self)
        self.frozen.setObjectName("frozenColumns")
        self.frozen.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.frozen.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.frozen.verticalHeader().hide()
        self.frozen.setFrameShape(QFrame.Shape.NoFrame)
        self.frozen.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.frozen.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.frozen.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.frozen.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.frozen.horizontalHeader().setSectionsMovable(False)
        # Made last, the frozen view already lies above the table's viewport and headers; raised
        # rather than stacking the viewport under it, since the first viewport() call in PySide
        # builds some seventy enum types (about 10 ms of start-up).
        self.frozen.raise_()
        self.horizontalHeader().sectionResized.connect(self._section_resized)
        self.frozen.horizontalHeader().sectionResized.connect(self._frozen_section_resized)
        self.horizontalHeader().sectionMoved.connect(self._keep_frozen_first)
        self.verticalHeader().sectionResized.connect(self._row_resized)
        self.frozen.verticalScrollBar().valueChanged.connect(self.verticalScrollBar().setValue)
        self.verticalScrollBar().valueChanged.connect(self.frozen.verticalScrollBar().setValue)
        self.horizontalScrollBar().valueChanged.connect(self._show_frozen_when_scrolled)
        frozen_header = self.frozen.horizontalHeader()
        frozen_header.setSectionsClickable(True)
        frozen_header.setSortIndicatorShown(True)
        frozen_header.sectionClicked.connect(self._sort_from_frozen)
        self.horizontalHeader().sortIndicatorChanged.connect(self._show_sort_indicator)

    def actionEvent(self, event: QActionEvent) -> None:  # noqa: N802 (Qt override)
        """The frozen columns offer the row commands the table offers (a right-click on a
        frozen name works as one on any other cell)."""
        super().actionEvent(event)
        action = event.action()
        if event.type() == event.Type.ActionAdded:
            self.frozen.insertAction(event.before(), action)
        elif event.type() == event.Type.ActionRemoved:
            self.frozen.removeAction(action)

    def _show_frozen_when_scrolled(self, value: int) -> None:
        # Unscrolled, the table's own first columns are the frozen ones, with the same widths:
        # the frozen view is only needed once the others scroll under it, and showing it only
        # then spares the window's first paint drawing those columns twice.
        self.frozen.setVisible(bool(self.frozen_sections()) and value > 0)
        self._place_frozen()

    def _show_sort_indicator(self, section: int, order: Qt.SortOrder) -> None:
        # A method, not the header's setSortIndicator itself: that is no Qt slot, and PySide
        # warns on every start when it is connected directly.
        self.frozen.horizontalHeader().setSortIndicator(section, order)

    # ---- model and columns -------------------------------------------------------------------

    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802 (Qt override)
        """Show ``model`` in both views, with one selection."""
        super().setModel(model)
        self.frozen.setModel(model)
        self.frozen.setSelectionModel(self.selectionModel())
        if model is not None:
            for signal in (model.modelReset, model.layoutChanged, model.columnsInserted):
                signal.connect(self.sync_columns)
        self.sync_columns()

    def setSelectionModel(self, selection: QItemSelectionModel) -> None:  # noqa: N802
        """Share ``selection`` with the frozen view."""
        super().setSelectionModel(selection)
        if self.frozen.model() is selection.model():
            self.frozen.setSelectionModel(selection)

    def set_frozen_keys(self, keys: Sequence[str]) -> None:
        """Pin the columns ``keys`` (those the model has, in that order) to the left."""
        self._frozen_keys = tuple(keys)
        self.sync_columns()

    def set_column_delegate(self, key: str, delegate: QAbstractItemDelegate) -> None:
        """Draw and edit the column ``key`` with ``delegate`` in both views."""
        self._delegates[key] = delegate
        self.sync_columns()

    def frozen_sections(self) -> list[int]:
        """The logical sections frozen now (shown ones only), left to right."""
        keys = list(self.column_keys())
        sections = (keys.index(key) for key in self._frozen_keys if key in keys)
        return [section for section in sections if not self.isColumnHidden(section)]

    def sync_columns(self) -> None:
        """Put the frozen columns first, show only them in the frozen view, match widths."""
        model = self.model()
        if model is None:
            return
        frozen = self.frozen_sections()
        header = self.horizontalHeader()
        blocked = header.blockSignals(True)
        for place, section in enumerate(frozen):
            visual = header.visualIndex(section)
            if visual != place:
                header.moveSection(visual, place)
        header.blockSignals(blocked)
        keys = list(self.column_keys())
        self.frozen.setSelectionBehavior(self.selectionBehavior())
        self.frozen.setSelectionMode(self.selectionMode())
        self.frozen.setEditTriggers(self.editTriggers())
        self.frozen.setAlternatingRowColors(self.alternatingRowColors())
        self.frozen.setItemDelegate(self.itemDelegate())
        for section in range(model.columnCount()):
            self.frozen.setColumnHidden(section, section not in frozen)
            if section in frozen:
                self.frozen.setColumnWidth(section, self.columnWidth(section))
            delegate = self._delegates.get(keys[section]) if section < len(keys) else None
            for view in (self, self.frozen):
                view.setItemDelegateForColumn(section, delegate)  # type: ignore[arg-type]
        self._show_frozen_when_scrolled(self.horizontalScrollBar().value())
        self._place_frozen()

    def frozen_width(self) -> int:
        """How wide the frozen columns are together."""
        return sum(self.columnWidth(section) for section in self.frozen_sections())

    # ---- keeping the two views in step ---------------------------------------------------------

    def _section_resized(self, section: int, _old: int, size: int) -> None:
        if section in self.frozen_sections():
            self.frozen.setColumnWidth(section, size)
            self._place_frozen()

    def _frozen_section_resized(self, section: int, _old: int, size: int) -> None:
        # Only the frozen columns: the others are hidden there, and a model's layout change
        # makes the frozen header report sizes for them that are not the table's.
        if section in self.frozen_sections() and self.columnWidth(section) != size:
            self.setColumnWidth(section, size)

    def _row_resized(self, row: int, _old: int, size: int) -> None:
        self.frozen.setRowHeight(row, size)

    def _keep_frozen_first(self, _section: int, _old: int, _new: int) -> None:
        """A dragged column never goes before or between the frozen ones."""
        self.sync_columns()

    def _sort_from_frozen(self, section: int) -> None:
        if not self.isSortingEnabled():
            return
        header = self.horizontalHeader()
        same = header.sortIndicatorSection() == section
        ascending = header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
        order = Qt.SortOrder.DescendingOrder if same and ascending else Qt.SortOrder.AscendingOrder
        self.sortByColumn(section, order)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        """Keep the frozen view over the left edge."""
        super().resizeEvent(event)
        self._place_frozen()

    def updateGeometries(self) -> None:  # noqa: N802 (Qt override)
        """Keep the frozen view over the left edge when headers or scroll bars change."""
        super().updateGeometries()
        self._place_frozen()

    def _place_frozen(self) -> None:
        frame = self.frameWidth()
        header_height = self.horizontalHeader().height()
        self.frozen.horizontalHeader().setFixedHeight(header_height)
        bar = self.horizontalScrollBar()
        # Down to the horizontal scroll bar: the viewport's height plus the header's.
        self.frozen.setGeometry(
            self.verticalHeader().width() + frame,
            frame,
            self.frozen_width(),
            self.height() - 2 * frame - (bar.height() if bar.isVisible() else 0),
        )

    def scrollTo(  # noqa: N802 (Qt override)
        self,
        index: QModelIndex | QPersistentModelIndex,
        hint: QAbstractItemView.ScrollHint = QAbstractItemView.ScrollHint.EnsureVisible,
    ) -> None:
        """Scroll so that a cell of a scrolling column is not hidden under the frozen ones."""
        if index.column() in self.frozen_sections():
            row_only = self.model().index(index.row(), self.horizontalHeader().logicalIndexAt(0))
            super().scrollTo(row_only if row_only.isValid() else index, hint)
            return
        super().scrollTo(index, hint)
        left = self.columnViewportPosition(index.column())
        covered = self.frozen_width()
        if left < covered:
            bar = self.horizontalScrollBar()
            bar.setValue(bar.value() + left - covered)
