"""The row above the table: show or hide each side and the hidden combatants, and filter by
name (Ctrl+F)."""

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from uwr_desktop.core.sides import Side
from uwr_desktop.ui.table.filter import CombatantFilterProxy
from uwr_desktop.ui.theme import side_color

SIDE_LABELS = {
    Side.PLAYER: "Players",
    Side.ALLY: "Allies",
    Side.NEUTRAL: "Neutrals",
    Side.ENEMY: "Enemies",
}


class FilterBar(QWidget):
    """Side toggles, the Hidden toggle and the name filter, all acting on ``proxy``."""

    def __init__(self, proxy: CombatantFilterProxy, parent: QWidget) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Show:", self))
        self.side_buttons: dict[Side, QToolButton] = {}
        for side in Side:
            button = QToolButton(self)
            button.setObjectName(f"sideFilter_{side.value}")
            button.setText(SIDE_LABELS[side])
            button.setCheckable(True)
            button.setChecked(True)
            button.setToolTip(f"Show or hide {side.value} combatants")
            button.setStyleSheet(
                f"QToolButton:checked {{ border-bottom: 3px solid {side_color(side).name()}; }}"
            )
            button.toggled.connect(lambda on, chosen=side: proxy.set_side_visible(chosen, on))
            layout.addWidget(button)
            self.side_buttons[side] = button
        self.show_hidden_button = QToolButton(self)
        self.show_hidden_button.setObjectName("showHidden")
        self.show_hidden_button.setText("Hidden")
        self.show_hidden_button.setCheckable(True)
        self.show_hidden_button.setChecked(proxy.show_hidden())
        self.show_hidden_button.setToolTip("Show combatants hidden from the table")
        self.show_hidden_button.toggled.connect(proxy.set_show_hidden)
        layout.addWidget(self.show_hidden_button)
        layout.addStretch(1)
        self.name_filter = QLineEdit(self)
        self.name_filter.setObjectName("nameFilter")
        self.name_filter.setPlaceholderText("Filter by name (Ctrl+F)")
        self.name_filter.textChanged.connect(proxy.set_name_filter)
        layout.addWidget(self.name_filter)
        find = QAction(parent)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.triggered.connect(self.name_filter.setFocus)
        parent.addAction(find)
