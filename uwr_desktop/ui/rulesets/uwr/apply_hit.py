"""The offer after a hit: "Apply N damage to Target" in one click, N editable.

The bar never changes the fight itself: it emits the shared ``ApplyDamage`` intent, which the
check panel hands to the session, so the damage is logged and undone like any other.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from uwr_desktop.core.intents import ApplyDamage
from uwr_desktop.core.limits import MAX_COUNT
from uwr_desktop.ui.rulesets.uwr.intent_widget import IntentWidget
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.number_box import NumberBox


class ApplyHitBar(IntentWidget):
    """Offers the damage of a hit to its target; emits ``intentChosen(ApplyDamage)``.

    Enter in the amount applies it, as the button does.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        """A hidden bar; :meth:`offer` shows it."""
        super().__init__("applyHitBar", parent, accessible="Apply the hit")
        self._target: str | None = None
        self._target_name = ""
        self.heading = QLabel()
        self.heading.setObjectName("applyHitHeading")
        self.amount = NumberBox(
            0, MAX_COUNT, what="Damage", below=": to give Vitality back, use Heal"
        )
        self.amount.setObjectName("applyHitAmount")
        self.amount.setAccessibleName("Damage to apply")
        self.amount.setToolTip("The damage the hit deals (the surviving successes; change it)")
        self.amount.setKeyboardTracking(True)
        self.button = named(
            QPushButton(),
            "applyHitButton",
            tip="Apply the damage to the target (logged; Undo takes it back)",
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.amount)
        layout.addWidget(self.button, 1)
        self.amount.valueChanged.connect(self._update_text)
        self.amount.problemChanged.connect(self._on_problem)
        self.button.clicked.connect(self.apply)
        self.hide()

    def offer(self, target_id: str, target_name: str, amount: int, *, fresh: bool) -> None:
        """Offer ``amount`` damage to the target (``fresh``: a new hit, so the amount is reset;
        otherwise the GM's edit is kept)."""
        self._target = target_id
        self._target_name = target_name
        if fresh:
            self.amount.setValue(amount)
        self.heading.setText(f"Hit {target_name}:")
        self._update_text()
        self.show()

    def withdraw(self) -> None:
        """Hide the offer (applied, undone, or the fight moved on)."""
        self._target = None
        self.hide()

    def offered(self) -> tuple[str, int] | None:
        """The target and amount on offer, or ``None``."""
        if self._target is None or self.isHidden():
            return None
        return self._target, self.amount.value()

    def apply(self) -> None:
        """Emit the damage on offer (nothing when nothing is offered)."""
        offered = self.offered()
        if offered is not None and self.amount.problem():
            self.problemFound.emit(self.amount.problem())
        elif offered is not None:
            target, amount = offered
            self.intentChosen.emit(ApplyDamage([target], amount))

    def _on_problem(self, problem: str) -> None:
        self._update_text()
        if problem:
            self.problemFound.emit(problem)

    def _update_text(self) -> None:
        wrong = bool(self.amount.problem())
        amount = "" if wrong else f" {self.amount.value()}"
        text = f"Apply{amount} damage to {self._target_name}"
        self.button.setEnabled(not wrong)
        self.button.setText(text)
        self.button.setAccessibleName(text)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Enter anywhere in the bar (the amount passes it on) applies the damage."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.apply()
            return
        super().keyPressEvent(event)
