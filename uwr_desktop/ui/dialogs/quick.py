"""Small dialogs the GM answers in a second: an amount of damage or healing, and a condition."""

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.encounter import Condition
from uwr_desktop.core.limits import MAX_CONDITION_ROUNDS, MAX_NAME_LENGTH, MAX_TEXT_LENGTH
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.wheel import ChoiceBox

COMMON_CONDITIONS: tuple[str, ...] = (
    "Off Guard",
    "Prone",
    "Stunned",
    "Bleeding",
    "Blinded",
    "Grappled",
    "Frightened",
)
"""Conditions offered in the condition dialog; the GM may type any other name."""

CONDITION_NAME_LIMIT = MAX_NAME_LENGTH
"""Longest condition name the core accepts."""

CONDITION_NOTE_LIMIT = MAX_TEXT_LENGTH
"""Longest condition note the core accepts."""

ROUNDS_LIMIT = MAX_CONDITION_ROUNDS
"""Longest duration in rounds the core accepts."""


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)
    return buttons


def _problem_label() -> QLabel:
    label = QLabel()
    label.setObjectName("problemLabel")
    label.setWordWrap(True)
    label.setStyleSheet("color: #c0392b;")
    label.hide()
    return label


_OPPOSITE = {"Damage": ": to give health back, use Heal", "Heal": ": to take health, use Damage"}


class AmountDialog(QDialog):
    """Asks for a whole amount from 1 to ``maximum``; typing replaces the suggested 1.

    A negative or out-of-range amount is kept as typed and refused with a message (OK stays
    disabled): "-5" never becomes 5.
    """

    def __init__(
        self, title: str, label: str, maximum: int = 999, *, parent: QWidget | None = None
    ) -> None:
        """Create the dialog; ``ValueError`` when ``maximum`` is below 1."""
        if maximum < 1:
            raise ValueError(f"The largest amount must be at least 1, got {maximum}.")
        super().__init__(parent)
        self.setObjectName("amountDialog")
        self.setWindowTitle(title)
        self.setMinimumWidth(280)
        self._spin = NumberBox(
            1, maximum, what=f"The amount ({title})", below=_OPPOSITE.get(title, "")
        )
        self._spin.setObjectName("amount")
        self._spin.setAccelerated(True)
        prompt = QLabel(label)
        prompt.setBuddy(self._spin)
        prompt.setWordWrap(True)
        self._problem = _problem_label()
        buttons = _buttons(self)
        self._ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addWidget(prompt)
        layout.addWidget(self._spin)
        layout.addWidget(self._problem)
        layout.addWidget(buttons)
        self._spin.problemChanged.connect(self._show_problem)
        self._spin.setFocus()
        self._spin.selectAll()

    def _show_problem(self, text: str) -> None:
        self._problem.setText(text)
        self._problem.setVisible(bool(text))
        self._ok.setEnabled(not text)

    def problem(self) -> str:
        """Why the amount typed cannot be used (``""``: it can)."""
        return self._spin.problem()

    def amount(self) -> int:
        """The amount entered."""
        return self._spin.value()

    def accept(self) -> None:
        """Close with OK, only while the amount typed is a number in range."""
        if self._spin.problem():
            self._show_problem(self._spin.problem())
            return
        super().accept()


class ConditionDialog(QDialog):
    """Asks for a condition: a name (common ones offered), rounds (0: until removed), a note."""

    def __init__(self, *, parent: QWidget | None = None) -> None:
        """Create the dialog with the first common condition suggested."""
        super().__init__(parent)
        self.setObjectName("conditionDialog")
        self.setWindowTitle("Add condition")
        self.setMinimumWidth(320)
        self._name = ChoiceBox()
        self._name.setObjectName("conditionName")
        self._name.setEditable(True)
        self._name.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        line_edit = QLineEdit()
        self._name.setLineEdit(line_edit)
        self._name.addItems(list(COMMON_CONDITIONS))
        line_edit.setMaxLength(CONDITION_NAME_LIMIT)
        line_edit.setPlaceholderText("Condition name")
        self._rounds = NumberBox(0, ROUNDS_LIMIT, what="Rounds", below=": 0 means until removed")
        self._rounds.setObjectName("conditionRounds")
        self._rounds.setSpecialValueText("until removed")
        self._rounds.setSuffix(" rounds")
        self._rounds.valueChanged.connect(
            lambda value: self._rounds.setSuffix(" round" if value == 1 else " rounds")
        )
        self._note = QLineEdit()
        self._note.setObjectName("conditionNote")
        self._note.setMaxLength(CONDITION_NOTE_LIMIT)
        self._note.setPlaceholderText("Optional reminder")
        self._problem = QLabel()
        self._problem.setObjectName("problemLabel")
        self._problem.setStyleSheet("color: #c0392b;")

        form = QFormLayout()
        form.addRow("&Condition", self._name)
        form.addRow("&Lasts", self._rounds)
        form.addRow("&Note", self._note)
        buttons = _buttons(self)
        self._ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self._problem)
        layout.addWidget(buttons)
        self._name.editTextChanged.connect(self._refresh)
        self._rounds.problemChanged.connect(self._refresh)
        self._refresh()
        self._name.setFocus()
        line_edit.selectAll()

    def _refresh(self) -> None:
        empty = not self._name.currentText().strip()
        problem = "The condition needs a name." if empty else self._rounds.problem()
        self._problem.setText(problem)
        self._problem.setVisible(bool(problem))
        self._ok.setEnabled(not problem)

    def condition(self) -> Condition:
        """The condition entered; ``ValueError`` when the name is empty."""
        name = " ".join(self._name.currentText().split())
        if not name:
            raise ValueError("The condition needs a name.")
        rounds = self._rounds.value()
        return Condition(name, rounds or None, self._note.text().strip())

    def accept(self) -> None:
        """Close with OK, only once the condition has a name and a number of rounds."""
        if self._name.currentText().strip() and not self._rounds.problem():
            super().accept()


def ask_amount(parent: QWidget | None, title: str, label: str, maximum: int = 999) -> int | None:
    """Ask for an amount from 1 to ``maximum``; ``None`` when the GM cancels."""
    dialog = AmountDialog(title, label, maximum, parent=parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.amount()
    finally:
        dialog.deleteLater()


def ask_condition(parent: QWidget | None) -> Condition | None:
    """Ask for a condition to add; ``None`` when the GM cancels."""
    dialog = ConditionDialog(parent=parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.condition()
    finally:
        dialog.deleteLater()
