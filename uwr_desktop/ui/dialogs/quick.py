"""Small dialogs the GM answers in a second: an amount of damage or healing."""

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.ui.widgets.dialog_parts import modal_answer, ok_cancel, problem_label
from uwr_desktop.ui.widgets.number_box import NumberBox

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
        self._problem = problem_label()
        buttons = ok_cancel(self)
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


def ask_amount(parent: QWidget | None, title: str, label: str, maximum: int = 999) -> int | None:
    """Ask for an amount from 1 to ``maximum``; ``None`` when the GM cancels."""
    dialog = AmountDialog(title, label, maximum, parent=parent)
    return modal_answer(dialog, dialog.amount)
