"""The table's filters, beside the round and whoever acts: a Show menu (each side, and the
hidden combatants) and a filter by name (Ctrl+F). Compact, so the line above the timeline
holds them and the table keeps its rows."""

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QMenu, QToolButton, QWidget

from uwr_desktop.core.sides import Side
from uwr_desktop.ui.table.filter import CombatantFilterProxy
from uwr_desktop.ui.widgets.swatch import side_swatch

NAME_FILTER_WIDTH_CHARS = 18
"""The name filter is about this many characters wide."""
NAME_FILTER_NARROWEST_CHARS = 8
"""On a narrow window it gives way, down to this many, for who acts in the header beside it."""


class FilterBar(QWidget):
    """The Show menu and the name filter, both acting on ``proxy``."""

    def __init__(self, proxy: CombatantFilterProxy, parent: QWidget) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.show_button = QToolButton(self)
        self.show_button.setObjectName("showFilter")
        self.show_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.show_button)
        self.side_actions: dict[Side, QAction] = {}
        for side in Side:
            action = menu.addAction(side_swatch(side), side.group.capitalize())
            action.setObjectName(f"sideFilter_{side.value}")
            action.setCheckable(True)
            action.setChecked(True)
            action.setToolTip(f"Show or hide {side.value} combatants")
            action.toggled.connect(lambda on, chosen=side: proxy.set_side_visible(chosen, on))
            action.toggled.connect(self._describe)
            self.side_actions[side] = action
        menu.addSeparator()
        self.show_hidden_action = menu.addAction("Hidden combatants")
        self.show_hidden_action.setObjectName("showHidden")
        self.show_hidden_action.setCheckable(True)
        self.show_hidden_action.setChecked(proxy.show_hidden())
        self.show_hidden_action.setToolTip("Show combatants hidden from the players")
        self.show_hidden_action.toggled.connect(proxy.set_show_hidden)
        self.show_hidden_action.toggled.connect(self._describe)
        self.show_button.setMenu(menu)
        layout.addWidget(self.show_button)
        self.name_filter = QLineEdit(self)
        self.name_filter.setObjectName("nameFilter")
        self.name_filter.setPlaceholderText("Filter (Ctrl+F)")
        self.name_filter.setAccessibleName("Filter the table by name")
        self.name_filter.setClearButtonEnabled(True)
        average = self.fontMetrics().averageCharWidth()
        self.name_filter.setMaximumWidth(average * NAME_FILTER_WIDTH_CHARS)
        self.name_filter.setMinimumWidth(average * NAME_FILTER_NARROWEST_CHARS)
        self.name_filter.textChanged.connect(proxy.set_name_filter)
        layout.addWidget(self.name_filter)
        find = QAction("Filter the Table by Name", parent)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.triggered.connect(self.name_filter.setFocus)
        parent.addAction(find)
        self._describe()

    def _describe(self) -> None:
        """Say on the button whether every row shows, and in its tooltip what is left out."""
        left_out = [s.group.capitalize() for s, a in self.side_actions.items() if not a.isChecked()]
        if not self.show_hidden_action.isChecked():
            left_out.append("hidden combatants")
        self.show_button.setText("Show: all" if not left_out else "Show: filtered")
        self.show_button.setToolTip(
            "Which rows the table shows"
            + (f"; left out: {', '.join(left_out)}" if left_out else ": every side, hidden too")
        )
