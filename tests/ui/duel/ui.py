"""The ``duel`` panel and dialog, on the window's ruleset UI protocol."""

from PySide6.QtWidgets import QFormLayout, QPushButton, QSpinBox, QVBoxLayout, QWidget

from duel.ruleset import Strike
from duel.sheet import DuelSheet, sheet_of
from uwr_desktop.ui.rulesets import kit


class StrikePanel(QWidget):
    """Attacker, target and a Strike button above the dice tray, which shows each strike's d20."""

    def __init__(self, document: kit.EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.attacker = kit.CombatantChoice(document, "duelAttacker", on_turn=True)
        self.target = kit.CombatantChoice(document, "duelTarget")
        self.strike = QPushButton("Strike", objectName="duelStrike")
        self.tray = kit.DiceTray(document)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.addRow("Attacker", self.attacker)
        form.addRow("Target", self.target)
        layout.addLayout(form)
        layout.addWidget(self.strike)
        layout.addWidget(self.tray)
        self.strike.clicked.connect(self._strike)

    def focus(self, combatant_id: str | None) -> None:
        """The selected combatant becomes the target."""
        self.target.choose(combatant_id)

    def _strike(self) -> None:
        try:
            self._document.do(Strike(self.attacker.currentData(), self.target.currentData()))
        except kit.RulesError as error:
            self.strike.setToolTip(str(error))


class DuelDialog(kit.SheetDialog):
    """Name, hit points, modifier and armor."""

    def __init__(self, parent: QWidget | None, combatant: kit.Combatant | None) -> None:
        super().__init__(parent, combatant)
        sheet = sheet_of(combatant) if combatant is not None else DuelSheet()
        self.hp = QSpinBox(objectName="duelHp", minimum=1, maximum=999, value=sheet.hp_max)
        self.modifier = QSpinBox(objectName="duelModifier", minimum=-20, maximum=20)
        self.modifier.setValue(sheet.modifier)
        self.armor = QSpinBox(objectName="duelArmor", minimum=1, maximum=40, value=sheet.armor)
        self.form.addRow("&Hit points", self.hp)
        self.form.addRow("&Modifier", self.modifier)
        self.form.addRow("&Armor", self.armor)

    def sheet_tab_chain(self) -> list[QWidget]:
        return [self.hp, self.modifier, self.armor]

    def read_sheet(self) -> DuelSheet:
        hp = self.hp.value()
        return DuelSheet(hp=hp, hp_max=hp, modifier=self.modifier.value(), armor=self.armor.value())


class DuelUi(kit.SheetDialogUi):
    """The duel's panel and dialogs."""

    ruleset_id = "duel"
    sheet_dialog = DuelDialog

    def __init__(self) -> None:
        self._made = 0

    def new_id(self) -> str:
        self._made += 1
        return f"duelist-{self._made}"

    def dice_panel(
        self, document: kit.EncounterDocument, parent: QWidget | None = None
    ) -> kit.DicePanel:
        panel = StrikePanel(document, parent)
        return kit.DicePanel(
            panel, panel.tray, panel.focus, {kit.PanelCommand.ATTACK: panel.strike}
        )

    def template_summary(self, combatant: kit.Combatant) -> str:
        sheet = sheet_of(combatant)
        return f"{sheet.hp_max} hit points, armor {sheet.armor}"


def make_duel_ui() -> DuelUi:
    """The duel's UI."""
    return DuelUi()
