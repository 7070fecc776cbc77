"""The ``rollkeep`` answers to the window's :class:`~uwr_desktop.ui.rulesets.base.RulesetUi`."""

from PySide6.QtWidgets import QDialog, QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.rollkeep.rules import armor_tn, sheet_of
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, PanelCommand, RoundSystemUi


class RollkeepUi(RoundSystemUi):
    """The ``rollkeep`` panel and dialogs."""

    ruleset_id = "rollkeep"

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The skirmish panel: turn, waiting delayers, attack with odds, the dice tray."""
        from uwr_desktop.ui.rulesets.rollkeep.panel import SkirmishPanel

        panel = SkirmishPanel(document, parent)
        return DicePanel(panel, panel.tray, panel.focus, {PanelCommand.ATTACK: panel.attack})

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        """The combatant dialog, run modally."""
        from uwr_desktop.ui.rulesets.rollkeep.dialog import RollkeepDialog

        dialog = RollkeepDialog(parent, combatant)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.result_combatant()

    def template_summary(self, combatant: Combatant) -> str:
        """Side, Reflexes, Earth, Void, Insight Rank, Armor TN and weapons."""
        sheet = sheet_of(combatant)
        weapons = ", ".join(w.name for w in sheet.weapons) or "no weapons"
        return (
            f"{combatant.side.value.capitalize()} · Reflexes {sheet.reflexes} · Earth {sheet.earth}"
            f" · Void {sheet.void} · Insight {sheet.insight_rank} · Armor TN {armor_tn(sheet)}"
            f" · {weapons}"
        )
