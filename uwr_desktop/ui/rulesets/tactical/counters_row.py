"""The GM's environmental counters in the countdown panel: what each stands at, and one row to
set a counter (a new one, or one chosen from the list, filled with what it holds) or remove it.

Set and Remove are greyed, saying why, whenever the rules would refuse them; the rules' own
check (:func:`~uwr_desktop.core.rulesets.tactical.counters.set_refusal`) decides.
"""

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QWidget

from uwr_desktop.core.intents import Intent
from uwr_desktop.core.limits import MAX_COUNT, MAX_NAME_LENGTH
from uwr_desktop.core.rulesets.tactical.counters import counter_text, find_counter, set_refusal
from uwr_desktop.core.rulesets.tactical.intents import TacticalRemoveCounter, TacticalSetCounter
from uwr_desktop.core.rulesets.tactical.state import Counter
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem
from uwr_desktop.ui.widgets.wheel import ChoiceBox

SHOWN_COUNTERS = 3
"""Counters listed in the panel's line before "and N more" (the tooltip lists them all)."""

NO_COUNTERS = "No counters: name one, give its value and what each upkeep adds, then Set."
"""The panel's line while the fight has no counter: how to add one."""

SET_TIP = "Add the counter named, or change the one of that name"
"""What Set does, when the rules would take it."""
REMOVE_TIP = "Remove the counter named"
"""What Remove does, when there is a counter of that name."""


def counters_line(counters: tuple[Counter, ...]) -> str:
    """The counters as the panel lists them: the first few, then how many more."""
    if not counters:
        return NO_COUNTERS
    shown = " · ".join(counter_text(c) for c in counters[:SHOWN_COUNTERS])
    more = len(counters) - SHOWN_COUNTERS
    return f"Counters: {shown}" + (f" and {more} more" if more > 0 else "")


class CountersRow:
    """The counters' line and their editing row, for the panel to lay out."""

    def __init__(self, do: Callable[[Intent], bool], say: Callable[[str], None]) -> None:
        """``do`` hands an intent to the session (``True`` once done); ``say`` shows why a
        number typed cannot be used."""
        self._do = do
        self._say = say
        self._counters: tuple[Counter, ...] = ()
        self.line = named(QLabel(NO_COUNTERS), "tacticalCounters")
        self.line.setWordWrap(True)
        self.name = named(ChoiceBox(), "tacticalCounterName", accessible="Counter name")
        edit = QLineEdit()
        edit.setMaxLength(MAX_NAME_LENGTH)
        edit.setPlaceholderText("Counter")
        self.name.setLineEdit(edit)
        self.name.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.name.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.name.setMinimumContentsLength(8)
        self.value = named(
            NumberBox(-MAX_COUNT, MAX_COUNT, what="A counter's value"),
            "tacticalCounterValue",
            accessible="Counter value",
            tip="What the counter stands at now",
        )
        self.step = named(
            NumberBox(-MAX_COUNT, MAX_COUNT, what="A counter's step"),
            "tacticalCounterStep",
            accessible="Added each upkeep",
            tip="What each round's upkeep adds to the counter (below 0: takes away)",
        )
        self.step_label = QLabel("each upkeep adds")
        self.step_label.setBuddy(self.step)
        self.step.setValue(1)
        self.set_button = named(QPushButton("Set"), "tacticalSetCounter", tip=SET_TIP)
        self.remove_button = named(QPushButton("Remove"), "tacticalRemoveCounter", tip=REMOVE_TIP)
        self.name.currentIndexChanged.connect(self._chosen)
        edit.textEdited.connect(self._refresh_buttons)
        self.value.valueChanged.connect(self._refresh_buttons)
        self.step.valueChanged.connect(self._refresh_buttons)
        self.set_button.clicked.connect(self._set)
        # Enter in the row sets the counter, as Set does.
        for typed in (edit, self.value.lineEdit(), self.step.lineEdit()):
            typed.returnPressed.connect(self._enter)
        self.remove_button.clicked.connect(self._remove)
        self._refresh_buttons()

    def naming(self) -> tuple[QWidget, ...]:
        """The first editing row, left to right: the name, Set and Remove."""
        return (self.name, self.set_button, self.remove_button)

    def numbers(self) -> tuple[QWidget, ...]:
        """The second editing row, left to right: the value and the step."""
        return (self.value, self.step_label, self.step)

    def show_counters(self, counters: tuple[Counter, ...]) -> None:
        """Follow the fight's counters: the line, the names offered, the buttons."""
        if counters == self._counters:
            return
        self._counters = counters
        self.line.setText(counters_line(counters))
        self.line.setToolTip("\n".join(counter_text(c) for c in counters))
        typed = self.name.currentText()
        self.name.blockSignals(True)
        self.name.clear()
        for counter in counters:
            self.name.addItem(counter.name)
        self.name.setCurrentIndex(-1)
        self.name.setEditText(typed)
        self.name.blockSignals(False)
        self._refresh_buttons()

    def _chosen(self, index: int) -> None:
        """A counter picked from the list fills the row with what it holds."""
        found = find_counter(self._counters, self.name.itemText(index)) if index >= 0 else None
        if found is not None:
            self.value.setValue(found.value)
            self.step.setValue(found.step)
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        name = self.name.currentText()
        refusal = set_refusal(self._counters, name, self.value.value(), self.step.value())
        self.set_button.setEnabled(not refusal)
        self.set_button.setToolTip(refusal or SET_TIP)
        known = find_counter(self._counters, name) is not None
        self.remove_button.setEnabled(known)
        self.remove_button.setToolTip(
            REMOVE_TIP if known else "Choose or type the name of a counter to remove it"
        )

    def _enter(self) -> None:
        if self.set_button.isEnabled():
            self._set()

    def _set(self) -> None:
        problem = first_problem((self.value, self.step))
        if problem:
            self._say(problem)
            return
        self._do(TacticalSetCounter(self.name.currentText(), self.value.value(), self.step.value()))

    def _remove(self) -> None:
        if self._do(TacticalRemoveCounter(self.name.currentText())):
            self.name.setEditText("")
            self._refresh_buttons()
