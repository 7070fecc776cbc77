"""The conditions of one combatant, edited during the fight: a new one, rounds left, removal,
Defeated. A condition lasting until a combatant's turn shows that in words instead of rounds
left.

Every change is an intent done at once through the ``do`` callable the window gives (so it is
logged and undone like any other): "Add…" asks for a condition as the window's Add Condition
does and puts it on this combatant, removing a condition is ``RemoveCondition``, new rounds
put the condition on again with them (``AddCondition`` replaces one of the same name), and
"Mark defeated" puts on the :data:`~uwr_desktop.core.encounter.DEFEATED_CONDITION` that takes a
combatant out of the turn ("Revive" takes it off). The dialog works for every round system.
"""

from collections.abc import Callable

from msgspec.structs import replace
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.condition_text import lasting_text
from uwr_desktop.core.encounter import DEFEATED_CONDITION, DEFEATED_PRESET, Combatant, Condition
from uwr_desktop.core.intents import AddCondition, Intent, RemoveCondition
from uwr_desktop.core.limits import MAX_CONDITION_ROUNDS
from uwr_desktop.core.session import Change
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.widgets.build import named, row_of, table_widget
from uwr_desktop.ui.widgets.dialog_parts import problem_label, say_problem
from uwr_desktop.ui.widgets.number_box import NumberBox

UNTIL_REMOVED = "until removed"
"""How a condition without a count of rounds reads in the Rounds column."""


class ConditionEditor(QDialog):
    """Edit the conditions of the combatant ``combatant_id`` of ``document``'s fight.

    ``do`` hands an intent to the session and tells whether it was done (the window's ``do``,
    which shows a refusal).
    """

    def __init__(
        self,
        document: EncounterDocument,
        combatant_id: str,
        do: Callable[[Intent], bool],
        parent: QWidget | None = None,
    ) -> None:
        """Show the combatant's conditions now, and follow the fight while open."""
        super().__init__(parent)
        self.setObjectName("conditionEditor")
        self._document = document
        self._id = combatant_id
        self._do = do
        self._shown: tuple[Condition, ...] | None = None
        self.table = table_widget(
            "conditionsTable", ("Condition", "Rounds left", ""), accessible="Conditions"
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.installEventFilter(self)
        self.empty = named(QLabel("No conditions."), "noConditions")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint = QLabel(
            "Rounds left: 0 means until removed. Delete removes the selected condition."
        )
        self.hint.setWordWrap(True)
        self.add_button = named(QPushButton("&Add…"), "addConditionButton")
        self.add_button.clicked.connect(self._add)
        self.problem = named(problem_label(), "conditionProblem")
        self.defeated_button = named(QPushButton(), "defeatedButton")
        self.defeated_button.clicked.connect(self._toggle_defeated)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.accept)
        # Enter in a Rounds box sets the rounds; it must not press a button as well.
        for button in (close, self.add_button, self.defeated_button):
            button.setAutoDefault(False)
        bottom = row_of(self.add_button, self.defeated_button, stretch=True)
        bottom.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.problem)
        layout.addLayout(bottom)
        self.resize(460, 320)
        self._following = True
        document.changed.connect(self._on_changed)
        self._refresh()

    def _combatant(self) -> Combatant | None:
        return self._document.session.state.combatants.get(self._id)

    def _on_changed(self, _change: Change) -> None:
        self._refresh()

    def done(self, result: int) -> None:
        """Close, and stop following the fight."""
        if self._following:
            self._following = False
            self._document.changed.disconnect(self._on_changed)
        super().done(result)

    def _refresh(self) -> None:
        combatant = self._combatant()
        if combatant is None:
            if self._following:
                self.reject()  # the combatant left the fight
            return
        self.setWindowTitle(f"Conditions of {combatant.name}")
        self.add_button.setToolTip(f"Put a condition on {combatant.name}")
        defeated = combatant.down
        self.defeated_button.setText("&Revive" if defeated else "Mark &defeated")
        marked = self._has(combatant, DEFEATED_CONDITION)
        if marked:
            tip = f"Take the {DEFEATED_CONDITION} condition off: the turn comes back to them"
        elif defeated:
            health = combatant.sheet.health_name
            tip = f"Out of the fight by the sheet (no {health} left): heal to revive"
        else:
            tip = (
                f"Put the {DEFEATED_CONDITION} condition on: out of the fight, skipped by the turn"
            )
        self.defeated_button.setToolTip(tip)
        self.defeated_button.setEnabled(marked or not defeated)
        if combatant.conditions == self._shown:
            return
        self._shown = combatant.conditions
        self.table.setRowCount(len(combatant.conditions))
        for row, condition in enumerate(combatant.conditions):
            name = QTableWidgetItem(condition.name)
            name.setToolTip(condition.note or condition.name)
            self.table.setItem(row, 0, name)
            if condition.until is not None:
                self.table.removeCellWidget(row, 1)
                self.table.setItem(row, 1, QTableWidgetItem(self._tied_text(condition)))
            else:
                self.table.setCellWidget(row, 1, self._rounds_box(row, condition))
            remove = QPushButton("Remove")
            remove.setAutoDefault(False)
            remove.setObjectName(f"remove_{row}")
            remove.setAccessibleName(f"Remove {condition.name}")
            remove.clicked.connect(lambda _=False, kept=condition: self._remove(kept))
            self.table.setCellWidget(row, 2, remove)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setVisible(bool(combatant.conditions))
        self.hint.setVisible(bool(combatant.conditions))
        self.empty.setVisible(not combatant.conditions)

    def _rounds_box(self, row: int, condition: Condition) -> NumberBox:
        """The rounds left of a condition that lasts rounds (or until removed), set on Enter."""
        rounds = NumberBox(
            0,
            MAX_CONDITION_ROUNDS,
            what=f"Rounds left of {condition.name}",
            below=": 0 means until removed",
        )
        rounds.setObjectName(f"rounds_{row}")
        rounds.setAccessibleName(f"Rounds left of {condition.name}")
        rounds.problemChanged.connect(lambda text: say_problem(self.problem, text))
        rounds.setSpecialValueText(UNTIL_REMOVED)
        rounds.setValue(condition.rounds or 0)
        rounds.editingFinished.connect(
            lambda spin=rounds, kept=condition: self._set_rounds(kept, spin.value())
        )
        return rounds

    def _tied_text(self, condition: Condition) -> str:
        """How long a condition tied to a turn lasts, in words."""
        state = self._document.session.state
        return lasting_text(condition, lambda cid: state.combatants[cid].name)

    @staticmethod
    def _has(combatant: Combatant, name: str) -> bool:
        return any(c.name.casefold() == name.casefold() for c in combatant.conditions)

    def _add(self) -> None:
        """Ask for a condition, the round system's named ones offered, and put it on."""
        from uwr_desktop.ui.dialogs.condition_dialog import ask_condition_in

        condition = ask_condition_in(self, self._document.session, self._id)
        if condition is not None:
            self._do(AddCondition([self._id], condition))

    def _remove(self, condition: Condition) -> None:
        self._do(RemoveCondition([self._id], condition.name))

    def _set_rounds(self, condition: Condition, rounds: int) -> None:
        wanted = rounds or None
        if wanted == condition.rounds:
            return
        self._do(AddCondition([self._id], replace(condition, rounds=wanted)))

    def _toggle_defeated(self) -> None:
        combatant = self._combatant()
        if combatant is None:
            return
        if self._has(combatant, DEFEATED_CONDITION):
            self._do(RemoveCondition([self._id], DEFEATED_CONDITION))
        else:
            defeated = Condition(DEFEATED_CONDITION, preset=DEFEATED_PRESET)
            self._do(AddCondition([self._id], defeated))

    def remove_selected(self) -> None:
        """Remove the condition of the selected row (nothing when none is selected)."""
        rows = self.table.selectionModel().selectedRows()
        if rows and self._shown is not None:
            self._remove(self._shown[rows[0].row()])

    def eventFilter(self, watched: object, event: object) -> bool:  # noqa: N802 (Qt override)
        """Delete in the table removes the selected condition (never a combatant: the key is
        claimed from the window's Remove)."""
        if (
            watched is self.table
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)
        ):
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()
                return True
            if event.type() == QEvent.Type.KeyPress:
                self.remove_selected()
                return True
        return super().eventFilter(watched, event)  # type: ignore[arg-type]


def edit_conditions(
    parent: QWidget, document: EncounterDocument, combatant_id: str, do: Callable[[Intent], bool]
) -> None:
    """Run the editor modally for one combatant."""
    dialog = ConditionEditor(document, combatant_id, do, parent)
    try:
        dialog.exec()
    finally:
        dialog.deleteLater()
