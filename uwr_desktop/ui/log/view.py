"""The event log panel: every event in words, filtered by combatant, exportable as Markdown.

``EventLog`` shows a :class:`LogModel` in a list that scrolls to the newest event (one line an
event, a long one ending in "…" with its whole text in its tooltip), a combo box
choosing "All combatants" or one combatant (events concerning them, and round boundaries), and
an Export button running the window's Export Log command (the whole log to a Markdown file).
"""

from pathlib import Path

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QListView,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.session import Change, Session
from uwr_desktop.core.storage.atomic_file import write_atomically
from uwr_desktop.ui.log.model import LogModel
from uwr_desktop.ui.table.filter import ChosenValuesFilter
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.wheel import ChoiceBox

ALL_COMBATANTS = "All combatants"
"""The filter choice showing every event."""

_ModelIndex = QModelIndex | QPersistentModelIndex


class LogFilterProxy(ChosenValuesFilter):
    """Keeps the events concerning one combatant (and round boundaries); all when unset."""

    def __init__(self, parent: QObject | None = None) -> None:
        """Show every event."""
        super().__init__(parent)
        self._combatant: str | None = None

    def combatant(self) -> str | None:
        """The combatant whose events are shown; ``None``: everyone's."""
        return self._combatant

    def set_combatant(self, combatant_id: str | None) -> None:
        """Show only the events concerning ``combatant_id`` (``None``: all events)."""
        self._choose("_combatant", combatant_id)

    def filterAcceptsRow(self, source_row: int, source_parent: _ModelIndex) -> bool:  # noqa: N802
        """Keep a line that concerns the chosen combatant."""
        model = self.sourceModel()
        if self._combatant is None or not isinstance(model, LogModel):
            return True
        return model.line(source_row).concerns(self._combatant)


class OneLineDelegate(QStyledItemDelegate):
    """Draws a line of the log on one line, as wide as the list whatever its text's length."""

    def sizeHint(  # noqa: N802 (Qt override)
        self, option: QStyleOptionViewItem, index: _ModelIndex
    ) -> QSize:
        """One line of text high; no width of its own, so the row takes the list's."""
        return QSize(0, super().sizeHint(option, index).height())


class EventLog(QWidget):
    """The log panel over a session; see the module docstring.

    ``model`` holds every event, unfiltered; ``proxy`` filters it for ``list_view``, which
    shows the events; ``filter_combo`` chooses whose events are shown and ``export_button``
    runs ``export`` (the window's Export Log command, so that both ask the same way).
    ``exported(str)`` carries the path of a file just written.
    """

    exported = Signal(str)

    def __init__(self, session: Session, export: QAction, parent: QWidget | None = None) -> None:
        """Show ``session``'s events; :meth:`apply` follows each of its changes."""
        super().__init__(parent)
        self.setObjectName("eventLog")
        self.model = LogModel(session, self)
        self.proxy = LogFilterProxy(self)
        self.proxy.setSourceModel(self.model)

        self.filter_combo = named(
            ChoiceBox(self),
            "eventLogFilter",
            accessible="Show the events of",
            tip="Show the events of one combatant",
        )
        self.filter_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.export_button = named(
            QPushButton("E&xport…", self),
            "eventLogExport",
            tip="Save the whole log as a Markdown file",
        )
        self.list_view = QListView(self)
        # A viewport made here has its Python wrapper from the start; Qt's own, first handed to
        # Python while painting, would make PySide create every widget type to find its class.
        viewport = QWidget()
        viewport.setBackgroundRole(QPalette.ColorRole.Base)  # as Qt's own viewport has it
        viewport.setAutoFillBackground(True)
        self.list_view.setViewport(viewport)
        self.list_view.setUniformItemSizes(True)
        self.list_view.setObjectName("eventLogList")
        self.list_view.setAccessibleName("Event log")
        self.list_view.setModel(self.proxy)
        # One line an event, as wide as the list: a long one ends in "…" (its tooltip holds
        # it whole). Rows share the first row's height, so a wrapped first line would make
        # every row as tall as it and leave a laptop's short log showing blank rows.
        self.list_view.setItemDelegate(OneLineDelegate(self.list_view))
        self.list_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list_view.setAlternatingRowColors(True)
        self.list_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list_view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # Three lines at the least: a laptop gives the table's rows whatever the log can spare.
        self.list_view.setMinimumHeight(3 * self.fontMetrics().lineSpacing() + 6)

        bar = QHBoxLayout()
        bar.addWidget(self.filter_combo)
        bar.addStretch(1)
        bar.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.list_view, 1)

        self.filter_combo.currentIndexChanged.connect(self._filter_chosen)
        self.export_button.clicked.connect(export.trigger)
        self.proxy.rowsInserted.connect(self.list_view.scrollToBottom)
        self._refresh_filter()
        self.list_view.scrollToBottom()

    def set_session(self, session: Session) -> None:
        """Show another session's events (a whole new fight)."""
        self.model.set_session(session)
        self.proxy.set_combatant(None)
        self._refresh_filter()
        self.list_view.scrollToBottom()

    def set_combatant_filter(self, combatant_id: str | None) -> None:
        """Show the events of ``combatant_id`` only (``None``: all); unknown ids show all."""
        found = self.filter_combo.findData(combatant_id) if combatant_id is not None else 0
        self.filter_combo.setCurrentIndex(max(found, 0))

    def visible_lines(self) -> list[str]:
        """The lines shown now, oldest first."""
        return [str(self.proxy.index(row, 0).data()) for row in range(self.proxy.rowCount())]

    def to_markdown(self) -> str:
        """The whole log (unfiltered) as Markdown: a heading, then bullets under each round."""
        return self.model.to_markdown()

    def export_markdown(self, path: str | Path) -> None:
        """Write the log as Markdown to ``path`` atomically; ``OSError`` says what failed."""
        target = str(path)
        try:
            write_atomically(Path(path), self.to_markdown().encode("utf-8"))
        except OSError as error:
            raise OSError(f"Cannot write {target}: {error.strerror or error}") from error
        self.exported.emit(target)

    def _filter_chosen(self, _row: int) -> None:
        chosen = self.filter_combo.currentData()
        self.proxy.set_combatant(chosen if isinstance(chosen, str) else None)
        self.list_view.scrollToBottom()

    def apply(self, change: Change) -> None:
        """Follow one change of the session: its lines, and whom the filter offers."""
        self.model.apply(change)
        self._refresh_filter()

    def _refresh_filter(self) -> None:
        names = self.model.names()
        listed = [
            (self.filter_combo.itemText(i), self.filter_combo.itemData(i))
            for i in range(1, self.filter_combo.count())
        ]
        wanted = [(name, cid) for cid, name in names.items()]
        if self.filter_combo.count() and listed == wanted:
            return
        chosen = self.proxy.combatant()
        self.filter_combo.blockSignals(True)
        self.filter_combo.clear()
        self.filter_combo.addItem(ALL_COMBATANTS, None)
        for name, cid in wanted:
            self.filter_combo.addItem(name, cid)
        found = self.filter_combo.findData(chosen) if chosen is not None else 0
        self.filter_combo.setCurrentIndex(max(found, 0))
        self.filter_combo.blockSignals(False)
        if found < 0:
            self.proxy.set_combatant(None)
