"""The ``tactical`` answers to the window's :class:`~uwr_desktop.ui.rulesets.base.RulesetUi`."""

from PySide6.QtWidgets import QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, PanelCommand, RoundSystemUi


class TacticalUi(RoundSystemUi):
    """The ``tactical`` panels and dialogs."""

    ruleset_id = "tactical"

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The countdown panel above the dice tray."""
        from uwr_desktop.ui.rulesets.tactical.countdown_panel import CountdownPanel

        panel = CountdownPanel(document, parent)
        return DicePanel(panel, panel.tray, panel.focus, {PanelCommand.RESOLVE: panel.resolve})

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        """The combatant dialog, run modally."""
        from uwr_desktop.ui.rulesets.tactical.combatant_dialog import edit_combatant

        return edit_combatant(parent, combatant)

    def template_summary(self, combatant: Combatant) -> str:
        """One line about a template: Quickness bonus, penalty and hits."""
        sheet = sheet_of(combatant)
        penalty = f" · penalty {sheet.penalty}" if sheet.penalty else ""
        side = combatant.side.value.capitalize()
        return f"{side} · Qu {sheet.quickness:+}{penalty} · {sheet.hits_max} hits"
