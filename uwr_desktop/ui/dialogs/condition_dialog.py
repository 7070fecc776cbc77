"""The condition dialog: a name (the round system's named conditions offered with their rules,
or any name typed), how long it lasts (some rounds, until removed, or until the start or the
end of a combatant's next turn), the number a named condition counts, and a note.

It works for every round system: the presets are what the ruleset's ``rule_conditions`` gives,
handed in by the window, and the condition carries the key of the preset whose name it has, so
the rules find it by that key.
"""

from collections.abc import Sequence

from PySide6.QtCore import Qt
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

from uwr_desktop.core.encounter import Condition, Lasting
from uwr_desktop.core.limits import (
    MAX_CONDITION_ROUNDS,
    MAX_COUNT,
    MAX_NAME_LENGTH,
    MAX_TEXT_LENGTH,
)
from uwr_desktop.core.rulesets.base import ConditionPreset
from uwr_desktop.core.session import Session
from uwr_desktop.ui.widgets.dialog_parts import (
    modal_answer,
    ok_cancel,
    problem_label,
    say_problem,
)
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
"""Free conditions offered after the presets (those a preset names are left out); the GM may
type any other name."""

LASTING_CHOICES: tuple[tuple[str, Lasting], ...] = (
    ("Until removed", Lasting.UNTIL_REMOVED),
    ("Some rounds", Lasting.ROUNDS),
    ("Until the start of the next turn of", Lasting.TURN_START),
    ("Until the end of the next turn of", Lasting.TURN_END),
)
"""The kinds of duration offered, in order. The first two follow the rounds typed: 0 rounds is
until removed, and a number of them is some rounds."""


class ConditionDialog(QDialog):
    """Asks for a condition: a name (presets first), how long it lasts, a number for a preset
    that counts one, a note.

    ``presets`` are the round system's named conditions; ``combatants`` the fight's ``(id,
    name)`` pairs a condition may last until a turn of, ``target`` the one chosen first (the
    combatant the condition goes on).
    """

    def __init__(
        self,
        presets: Sequence[ConditionPreset] = (),
        combatants: Sequence[tuple[str, str]] = (),
        target: str = "",
        *,
        parent: QWidget | None = None,
    ) -> None:
        """Create the dialog with the first condition offered suggested."""
        super().__init__(parent)
        self.setObjectName("conditionDialog")
        self.setWindowTitle("Add Condition")
        self.setMinimumWidth(360)
        self._presets = {preset.name.casefold(): preset for preset in presets}
        self._preset: ConditionPreset | None = None
        name_line = QLineEdit()
        self._name = self._name_box(presets, name_line)
        self._about = QLabel()
        self._about.setObjectName("conditionAbout")
        self._about.setWordWrap(True)
        self._amount = NumberBox(1, MAX_COUNT, what="The number")
        self._amount.setObjectName("conditionAmount")
        self._lasts = ChoiceBox()
        self._lasts.setObjectName("conditionLasts")
        for text, lasting in LASTING_CHOICES:
            self._lasts.addItem(text, lasting.value)
        self._rounds = self._rounds_box()
        self._turn_of = ChoiceBox()
        self._turn_of.setObjectName("conditionTurnOf")
        for combatant_id, name in combatants:
            self._turn_of.addItem(name, combatant_id)
        self._turn_of.setCurrentIndex(max(0, self._turn_of.findData(target)))
        self._note = QLineEdit()
        self._note.setObjectName("conditionNote")
        self._note.setMaxLength(MAX_TEXT_LENGTH)
        self._note.setPlaceholderText("Optional reminder")
        self._problem = problem_label()

        self._form = QFormLayout()
        self._form.addRow("&Condition", self._name)
        self._form.addRow("", self._about)
        self._form.addRow("Nu&mber", self._amount)
        self._form.addRow("&Lasts", self._lasts)
        self._form.addRow("&Rounds", self._rounds)
        self._form.addRow("&Whose turn", self._turn_of)
        self._form.addRow("&Note", self._note)
        buttons = ok_cancel(self)
        self._ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(self._form)
        layout.addWidget(self._problem)
        layout.addWidget(buttons)
        self._name.editTextChanged.connect(self._name_changed)
        self._lasts.currentIndexChanged.connect(self._lasts_chosen)
        self._rounds.valueChanged.connect(self._rounds_typed)
        for box in (self._rounds, self._amount):
            box.problemChanged.connect(self._refresh)
        self._name_changed()
        self._name.setFocus()
        name_line.selectAll()

    @staticmethod
    def _rounds_box() -> NumberBox:
        """The rounds a condition lasts; 0: until removed."""
        rounds = NumberBox(0, MAX_CONDITION_ROUNDS, what="Rounds", below=": 0 means until removed")
        rounds.setObjectName("conditionRounds")
        rounds.setSpecialValueText("until removed")
        rounds.setSuffix(" rounds")
        rounds.valueChanged.connect(
            lambda value: rounds.setSuffix(" round" if value == 1 else " rounds")
        )
        return rounds

    @staticmethod
    def _name_box(presets: Sequence[ConditionPreset], line_edit: QLineEdit) -> QComboBox:
        """The name, typed in ``line_edit`` or picked: the presets (their rules as tooltips),
        then the free names no preset has."""
        box = ChoiceBox()
        box.setObjectName("conditionName")
        box.setEditable(True)
        box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        box.setLineEdit(line_edit)
        line_edit.setMaxLength(MAX_NAME_LENGTH)
        line_edit.setPlaceholderText("Condition name")
        for preset in presets:
            box.addItem(preset.name)
            box.setItemData(box.count() - 1, preset.description, Qt.ItemDataRole.ToolTipRole)
        named = {preset.name.casefold() for preset in presets}
        box.addItems([name for name in COMMON_CONDITIONS if name.casefold() not in named])
        return box

    def _typed_name(self) -> str:
        return " ".join(self._name.currentText().split())

    def _name_changed(self) -> None:
        """Follow the preset the name is now: its rules shown, its number asked for, and its
        usual duration offered when it becomes the preset."""
        preset = self._presets.get(self._typed_name().casefold())
        if preset is not self._preset:
            self._preset = preset
            if preset is not None:
                self._rounds.setValue(preset.rounds if preset.lasts is Lasting.ROUNDS else 0)
                self._lasts.setCurrentIndex(self._lasts.findData(preset.lasts.value))
        self._about.setText(preset.description if preset else "")
        self._form.setRowVisible(self._about, preset is not None)
        counts = preset is not None and bool(preset.amount)
        self._form.setRowVisible(self._amount, counts)
        if preset is not None and counts:
            self._amount.setToolTip(preset.amount)
            label = self._form.labelForField(self._amount)
            if isinstance(label, QLabel):
                label.setText(f"Nu&mber: {preset.amount.lower()}")
        self._refresh()

    def _lasts_chosen(self) -> None:
        """Until removed is no rounds, and some rounds at least one."""
        lasting = Lasting(self._lasts.currentData())
        if lasting is Lasting.UNTIL_REMOVED:
            self._rounds.setValue(0)
        elif lasting is Lasting.ROUNDS and self._rounds.value() == 0:
            self._rounds.setValue(1)
        self._refresh()

    def _rounds_typed(self, rounds: int) -> None:
        """A number of rounds typed is some rounds, and 0 of them until removed."""
        if Lasting(self._lasts.currentData()).edge is None:
            wanted = Lasting.ROUNDS if rounds > 0 else Lasting.UNTIL_REMOVED
            self._lasts.setCurrentIndex(self._lasts.findData(wanted.value))

    def _lasting(self) -> Lasting:
        lasting = Lasting(self._lasts.currentData())
        if lasting is Lasting.ROUNDS and self._rounds.value() == 0:
            return Lasting.UNTIL_REMOVED
        return lasting

    def _counts(self) -> bool:
        return self._preset is not None and bool(self._preset.amount)

    def problem(self) -> str:
        """Why the condition entered cannot be given (``""``: it can)."""
        if not self._typed_name():
            return "The condition needs a name."
        tied = self._lasting().edge is not None
        if tied and self._turn_of.count() == 0:
            return "Nobody is in the fight yet whose turn the condition could last until."
        if self._counts() and self._amount.problem():
            return self._amount.problem()
        return "" if tied else self._rounds.problem()

    def _refresh(self) -> None:
        tied = self._lasting().edge is not None
        self._rounds.setEnabled(not tied)
        self._turn_of.setEnabled(tied)
        problem = self.problem()
        say_problem(self._problem, problem)
        self._ok.setEnabled(not problem)

    def condition(self) -> Condition:
        """The condition entered; ``ValueError`` saying why when it cannot be given."""
        problem = self.problem()
        if problem:
            raise ValueError(problem)
        preset = self._preset
        condition = Condition(
            self._typed_name(),
            note=self._note.text().strip(),
            preset=preset.key if preset else "",
            amount=self._amount.value() if self._counts() else None,
        )
        return condition.lasting_as(
            self._lasting(), rounds=self._rounds.value(), turn_of=self._turn_of.currentData() or ""
        )

    def accept(self) -> None:
        """Close with OK, only once the condition can be given."""
        if not self.problem():
            super().accept()


def ask_condition(
    parent: QWidget | None,
    presets: Sequence[ConditionPreset] = (),
    combatants: Sequence[tuple[str, str]] = (),
    target: str = "",
) -> Condition | None:
    """Ask for a condition to add (see :class:`ConditionDialog`); ``None`` when the GM
    cancels."""
    dialog = ConditionDialog(presets, combatants, target, parent=parent)
    return modal_answer(dialog, dialog.condition)


def ask_condition_in(parent: QWidget | None, session: Session, target: str) -> Condition | None:
    """Ask for a condition to put on ``target`` in ``session``'s fight: its round system's
    named conditions offered, and the turn of any combatant fighting to last until
    (``target``'s first)."""
    state = session.state
    fighting = [(cid, state.combatants[cid].name) for cid in state.rows]
    return ask_condition(parent, session.ruleset.rule_conditions(), fighting, target)
