"""The ``duel`` panel and dialog, on the window's ruleset UI protocol."""

from msgspec.structs import replace
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from duel.ruleset import Strike
from duel.sheet import DuelSheet
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.session import Change
from uwr_desktop.ui.dice.tray import DiceTray
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, PanelCommand, RoundSystemUi


class StrikePanel(QWidget):
    """Attacker, target and a Strike button above the dice tray, which shows each strike's d20."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.attacker = QComboBox(objectName="duelAttacker")
        self.target = QComboBox(objectName="duelTarget")
        self.strike = QPushButton("Strike", objectName="duelStrike")
        self.tray = DiceTray(document)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.addRow("Attacker", self.attacker)
        form.addRow("Target", self.target)
        layout.addLayout(form)
        layout.addWidget(self.strike)
        layout.addWidget(self.tray)
        self.strike.clicked.connect(self._strike)
        document.sessionReplaced.connect(self._refill)
        document.changed.connect(self._changed)
        self._refill()

    def _changed(self, change: Change) -> None:
        self._refill()

    def _refill(self) -> None:
        state = self._document.session.state
        for box in (self.attacker, self.target):
            chosen = box.currentData()
            box.clear()
            for cid in state.order:
                box.addItem(state.combatants[cid].name, cid)
            if chosen is not None and box.findData(chosen) >= 0:
                box.setCurrentIndex(box.findData(chosen))
        if state.current is not None:
            self.attacker.setCurrentIndex(self.attacker.findData(state.current))

    def focus(self, combatant_id: str | None) -> None:
        """The selected combatant becomes the target."""
        if combatant_id is not None and self.target.findData(combatant_id) >= 0:
            self.target.setCurrentIndex(self.target.findData(combatant_id))

    def _strike(self) -> None:
        try:
            self._document.do(Strike(self.attacker.currentData(), self.target.currentData()))
        except RulesError as error:
            self.strike.setToolTip(str(error))


class DuelDialog(QDialog):
    """Name, hit points, modifier and armor."""

    def __init__(self, parent: QWidget | None, combatant: Combatant | None) -> None:
        super().__init__(parent)
        sheet = combatant.sheet if combatant is not None else DuelSheet()
        assert isinstance(sheet, DuelSheet)
        self._combatant = combatant
        self.name = QLineEdit(combatant.name if combatant else "", objectName="duelName")
        self.hp = QSpinBox(objectName="duelHp", minimum=1, maximum=999, value=sheet.hp_max)
        self.modifier = QSpinBox(objectName="duelModifier", minimum=-20, maximum=20)
        self.modifier.setValue(sheet.modifier)
        self.armor = QSpinBox(objectName="duelArmor", minimum=1, maximum=40, value=sheet.armor)
        form = QFormLayout(self)
        for label, widget in (("Name", self.name), ("Hit points", self.hp)):
            form.addRow(label, widget)
        form.addRow("Modifier", self.modifier)
        form.addRow("Armor", self.armor)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def combatant(self, new_id: str) -> Combatant:
        """The combatant the form describes."""
        sheet = DuelSheet(
            hp=self.hp.value(),
            hp_max=self.hp.value(),
            modifier=self.modifier.value(),
            armor=self.armor.value(),
        )
        if self._combatant is not None:
            return replace(self._combatant, name=self.name.text().strip(), sheet=sheet)
        return Combatant(id=new_id, name=self.name.text().strip(), sheet=sheet)


class DuelUi(RoundSystemUi):
    """The duel's panel and dialogs."""

    ruleset_id = "duel"

    def __init__(self) -> None:
        self._made = 0

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        panel = StrikePanel(document, parent)
        return DicePanel(panel, panel.tray, panel.focus, {PanelCommand.ATTACK: panel.strike})

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        dialog = DuelDialog(parent, combatant)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        self._made += 1
        return dialog.combatant(f"duelist-{self._made}")

    def template_summary(self, combatant: Combatant) -> str:
        sheet = combatant.sheet
        assert isinstance(sheet, DuelSheet)
        return f"{sheet.hp_max} hit points, armor {sheet.armor}"


def make_duel_ui() -> DuelUi:
    """The duel's UI."""
    return DuelUi()
