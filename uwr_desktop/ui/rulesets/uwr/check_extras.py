"""Rows of the check panel: the combatant opposing a check, a result the GM types, and the
GM's say that a penalty may take a pool below 1 die.

:class:`OpponentRow` names who rolls against a check "opposed by a reaction" (an attribute and a
skill of theirs); :class:`ResultRow` types a number of successes over the pending action or
reaction; :func:`below_one_box` is the per-roll choice the attack and check panels offer. None
changes the fight: the panels turn them into intents.
"""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QPushButton,
    QWidget,
)

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.limits import MAX_DICE, MAX_FAVOR
from uwr_desktop.core.rulesets.uwr.intents import TypeResult
from uwr_desktop.core.rulesets.uwr.rules import attribute_dice, half_reroll
from uwr_desktop.core.rulesets.uwr.sheet import ATTRIBUTE_NAMES, sheet_of
from uwr_desktop.core.rulesets.uwr.state import PendingCheck
from uwr_desktop.ui.rulesets.uwr.intent_widget import IntentWidget
from uwr_desktop.ui.widgets.build import buddy_label, named, row_of
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.wheel import ChoiceBox

NOBODY = "Nobody: raw reaction dice"

FAVOR_RANGE = (-MAX_FAVOR, MAX_FAVOR)
"""The net favor a roll may take, as the intents bound it."""

EXTRA_DICE_RANGE = (-MAX_DICE, MAX_DICE)
"""The dice a roll may add (negative: a penalty), as the intents bound them."""

BELOW_ONE_TIP = (
    "The GM says so: a die penalty may take this pool below 1 die (the rules keep at least 1; "
    "the house rule lets every penalty count in full)"
)


def modifier_box(low: int, high: int, name: str, tip: str) -> NumberBox:
    """A signed number box at 0 for a roll's favor or extra dice, read aloud as ``name``."""
    box = NumberBox(low, high, what=name.capitalize(), signed=True)
    box.setValue(0)
    box.setAccessibleName(name)
    box.setToolTip(tip)
    box.setObjectName(name.replace(" ", "_").lower())
    return box


def below_one_box(name: str, whose: str, text: str) -> QCheckBox:
    """A per-roll choice: a die penalty may take ``whose`` pool below 1 die (hidden until the
    check panel offers it, beside a penalty typed); ``text`` is "Below 1 die" with a mnemonic
    of its own in the panel."""
    box = QCheckBox(text)
    box.setObjectName(name)
    box.setAccessibleName(f"{whose}: a penalty may go below 1 die")
    box.setToolTip(BELOW_ONE_TIP)
    box.hide()
    return box


def _combo(name: str, tip: str) -> QComboBox:
    combo = ChoiceBox()
    combo.setObjectName(name)
    combo.setAccessibleName(tip)
    combo.setToolTip(tip)
    return combo


def _lay_out_row(row: QWidget, text: str, *widgets: QWidget) -> None:
    """Lay ``widgets`` out side by side on ``row``, without margins, after a label ``text``
    naming the first."""
    layout = row_of(buddy_label(text, widgets[0]), *widgets, stretch=True)
    layout.setContentsMargins(0, 0, 0, 0)
    row.setLayout(layout)


class OpponentRow(QWidget):
    """Who opposes the check: a combatant, its attribute and skill (or nobody: raw dice)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        """An empty row; :meth:`set_state` offers the combatants."""
        super().__init__(parent)
        self.setObjectName("opponentRow")
        self._state: EncounterState | None = None
        self.combatant = _combo("opponent", "The combatant who rolls against the check")
        self.attribute = _combo("opponentAttribute", "The attribute the opponent rolls")
        for name in ATTRIBUTE_NAMES:
            self.attribute.addItem(name.capitalize(), name)
        self.skill = _combo("opponentSkill", "A skill of the opponent's that adds to the roll")
        _lay_out_row(self, "Opposed by", self.combatant, self.attribute, self.skill)
        self.combatant.currentIndexChanged.connect(self._on_combatant)
        self.attribute.currentIndexChanged.connect(self.changed)
        self.skill.currentIndexChanged.connect(self.changed)

    def set_state(self, state: EncounterState, acting: str | None) -> None:
        """Offer every combatant but ``acting``; keep the choice while it is still there."""
        self._state = state
        wanted = self.combatant.currentData()
        self.combatant.blockSignals(True)
        self.combatant.clear()
        self.combatant.addItem(NOBODY, None)
        for cid in state.rows:
            if cid != acting:
                self.combatant.addItem(state.combatants[cid].name, cid)
        found = self.combatant.findData(wanted)
        self.combatant.setCurrentIndex(max(found, 0))
        self.combatant.blockSignals(False)
        self._on_combatant()

    def _on_combatant(self) -> None:
        state, cid = self._state, self.combatant.currentData()
        wanted = self.skill.currentData()
        self.skill.blockSignals(True)
        self.skill.clear()
        self.skill.addItem("No skill", "")
        if state is not None and cid in state.combatants:
            for skill in sheet_of(state.combatants[cid]).skills:
                self.skill.addItem(f"{skill.name} +{skill.rank}", skill.name)
        self.skill.setCurrentIndex(max(self.skill.findData(wanted), 0))
        self.skill.blockSignals(False)
        chosen = cid is not None
        self.attribute.setEnabled(chosen)
        self.skill.setEnabled(chosen)
        self.changed.emit()

    def choice(self) -> tuple[str, str, str] | None:
        """(combatant id, attribute, skill) of the opponent, or ``None`` for raw dice."""
        cid = self.combatant.currentData()
        if self._state is None or cid not in self._state.combatants:
            return None
        return cid, self.attribute.currentData(), self.skill.currentData() or ""

    def pool(self) -> tuple[int, int] | None:
        """The opponent's dice and rerolls (attribute and skill), for the odds shown."""
        chosen = self.choice()
        if chosen is None or self._state is None:
            return None
        cid, attribute, skill_name = chosen
        sheet = sheet_of(self._state.combatants[cid])
        value = getattr(sheet.attributes, attribute)
        skill = sheet.skill(skill_name) if skill_name else None
        dice = attribute_dice(value) + (skill.rank if skill else 0)
        return dice, half_reroll(value) + (skill.rerolls if skill else 0)


class ResultRow(IntentWidget):
    """Type a number of successes over the pending action or reaction; emits ``intentChosen``
    with a :class:`TypeResult`, or ``problemFound`` when the number typed cannot be used."""

    def __init__(self, parent: QWidget | None = None) -> None:
        """A hidden row; :meth:`set_pending` shows it while a check is pending."""
        super().__init__("resultRow", parent)
        self.successes = named(
            NumberBox(0, MAX_DICE, what="A typed result"),
            "typedSuccesses",
            accessible="Typed successes",
        )
        self.successes.setSuffix(" successes")
        self.whose = _combo("typedWhose", "Whose roll the typed result replaces")
        self.button = named(
            QPushButton("Type result"),
            "typeResultButton",
            tip="The GM's number replaces the rolled successes (logged, undoable)",
        )
        _lay_out_row(self, "GM result", self.successes, self.whose, self.button)
        self.button.clicked.connect(self.type_result)
        self.hide()

    def set_pending(self, state: EncounterState, pending: PendingCheck | None) -> None:
        """Offer the pending check's rolls (hidden with none)."""
        self.setVisible(pending is not None)
        if pending is None:
            return
        actor, target = pending.check.actor, pending.check.target
        items = [(f"for {state.combatants[actor].name}'s roll", False)]
        if pending.reaction is not None and target is not None:
            items.append((f"for {state.combatants[target].name}'s roll", True))
        if [self.whose.itemData(i) for i in range(self.whose.count())] != [i[1] for i in items]:
            self.whose.clear()
            for text, of_reaction in items:
                self.whose.addItem(text, of_reaction)
        else:
            for index, (text, _) in enumerate(items):
                self.whose.setItemText(index, text)

    def type_result(self) -> None:
        """Emit the typed result (or say why the number cannot be used)."""
        if self.successes.problem():
            self.problemFound.emit(self.successes.problem())
            return
        of_reaction = bool(self.whose.currentData())
        self.intentChosen.emit(TypeResult(self.successes.value(), of_reaction=of_reaction))
