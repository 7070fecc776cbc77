"""Which table columns the GM shows and in what order, remembered per round system.

A right click on the table's header lists every column with a check box (the Name column
always stays); columns are dragged by their header to reorder them. Both are kept in the
settings under the fight's round system, by column key, so a ruleset whose columns change
between versions keeps what still applies.
"""

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QHeaderView, QMenu, QTableView

HIDDEN_KEY = "table/{ruleset}/hidden"
"""Settings key: the keys of the columns hidden in fights of ``ruleset``."""
ORDER_KEY = "table/{ruleset}/order"
"""Settings key: the column keys of ``ruleset`` in the order last shown, left to right."""


def _keys(value: object) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    return [str(item) for item in value] if isinstance(value, list) else []


class ColumnPrefs:
    """Lets the GM hide, show and reorder the columns of ``table`` and remembers it.

    ``column_keys`` gives the model's keys by section and ``ruleset_id`` the fight's round
    system; ``fixed`` keys can be neither hidden nor moved; ``hidden_at_first`` gives the keys
    hidden until the GM first chooses in that round system; ``after_change`` runs once the
    columns were rearranged (the window keeps its frozen columns first there).
    """

    def __init__(
        self,
        table: QTableView,
        settings: QSettings,
        column_keys: Callable[[], Sequence[str]],
        ruleset_id: Callable[[], str],
        *,
        fixed: Sequence[str] = (),
        hidden_at_first: Callable[[], Sequence[str]] = tuple,
        after_change: Callable[[], None] = lambda: None,
        more_headers: Sequence[QHeaderView] = (),
    ) -> None:
        """Install the header's menu (also on ``more_headers``, such as a frozen view's) and
        follow section moves."""
        self._table = table
        self._settings = settings
        self._column_keys = column_keys
        self._ruleset_id = ruleset_id
        self._fixed = tuple(fixed)
        self._hidden_at_first = hidden_at_first
        self._after_change = after_change
        self._restoring = False
        header = table.horizontalHeader()
        header.setSectionsMovable(True)
        for shown in (header, *more_headers):
            shown.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            shown.customContextMenuRequested.connect(
                lambda point, at=shown: self._show_menu(at, point)
            )
        header.sectionMoved.connect(lambda *_: self._store_order())
        self.menu = QMenu("Table &Columns", table)
        """The same check boxes as a menu of their own (View ▸ Table Columns), filled as it
        opens."""
        self.menu.setObjectName("columnsMenu")
        self.menu.aboutToShow.connect(lambda: self.fill(self.menu))

    def titles(self) -> list[tuple[str, str]]:
        """(key, title) of every column, by logical section."""
        model = self._table.model()
        return [
            (key, str(model.headerData(section, Qt.Orientation.Horizontal)))
            for section, key in enumerate(self._column_keys())
        ]

    def hidden_keys(self) -> list[str]:
        """The keys hidden in fights of the open round system (those it hides at first, until
        the GM has chosen)."""
        key = HIDDEN_KEY.format(ruleset=self._ruleset_id())
        if not self._settings.contains(key):
            return list(self._hidden_at_first())
        return _keys(self._settings.value(key, []))

    def set_visible(self, key: str, visible: bool) -> None:
        """Show or hide the column ``key`` and remember it (the fixed ones always show)."""
        keys = list(self._column_keys())
        if key in self._fixed or key not in keys:
            return
        self._table.setColumnHidden(keys.index(key), not visible)
        hidden = [k for k in self.hidden_keys() if k != key] + ([] if visible else [key])
        self._settings.setValue(HIDDEN_KEY.format(ruleset=self._ruleset_id()), hidden)
        self._after_change()

    def restore(self) -> None:
        """Show the columns as last chosen for the open round system."""
        keys = list(self._column_keys())
        header = self._table.horizontalHeader()
        hidden = set(self.hidden_keys())
        order = _keys(self._settings.value(ORDER_KEY.format(ruleset=self._ruleset_id()), []))
        self._restoring = True
        try:
            for section, key in enumerate(keys):
                self._table.setColumnHidden(section, key in hidden and key not in self._fixed)
            known = [key for key in order if key in keys]
            for place, key in enumerate(known):
                visual = header.visualIndex(keys.index(key))
                if visual != place:
                    header.moveSection(visual, place)
        finally:
            self._restoring = False
        self._after_change()

    def shown_order(self) -> list[str]:
        """The column keys left to right as the header shows them now (hidden ones too)."""
        keys = list(self._column_keys())
        header = self._table.horizontalHeader()
        return [keys[header.logicalIndex(visual)] for visual in range(len(keys))]

    def _store_order(self) -> None:
        if self._restoring:
            return
        self._after_change()
        self._settings.setValue(ORDER_KEY.format(ruleset=self._ruleset_id()), self.shown_order())

    def fill(self, menu: QMenu) -> None:
        """Make ``menu`` a check box per column (the fixed ones greyed), as they show now."""
        menu.clear()
        for section, (key, title) in enumerate(self.titles()):
            action = menu.addAction(title)
            action.setCheckable(True)
            action.setChecked(not self._table.isColumnHidden(section))
            action.setEnabled(key not in self._fixed)
            action.toggled.connect(lambda on, chosen=key: self.set_visible(chosen, on))

    def _show_menu(self, header: QHeaderView, point: QPoint) -> None:
        menu = QMenu(self._table)
        menu.setObjectName("columnMenu")
        self.fill(menu)
        menu.exec(header.mapToGlobal(point))
        menu.deleteLater()
