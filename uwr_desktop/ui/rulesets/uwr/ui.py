"""The ``uwr`` answers to the window's :class:`~uwr_desktop.ui.rulesets.base.RulesetUi`."""

from PySide6.QtWidgets import QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.uwr.sheet import ATTRIBUTE_NAMES, format_half, sheet_of
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, PanelCommand, RoundSystemUi


class UwrUi(RoundSystemUi):
    """The ``uwr`` panels and dialogs."""

    ruleset_id = "uwr"

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The check panel: the attack panel above the dice tray."""
        from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel

        panel = CheckPanel(document, parent)
        commands = {
            PanelCommand.ATTACK: panel.attack.attack_button,
            PanelCommand.ROLL: panel.tray.roll_button,
            PanelCommand.RESOLVE: panel.attack.resolve_button,
        }
        return DicePanel(
            panel, panel.tray, panel.set_focus_combatant, commands, panel.inputs_in_use
        )

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        """The combatant dialog, run modally."""
        from uwr_desktop.ui.rulesets.uwr.combatant_dialog import edit_combatant

        return edit_combatant(parent, ruleset, combatant)

    def template_summary(self, combatant: Combatant) -> str:
        """One line about a template: side, attributes, health and weapons."""
        from uwr_desktop.ui.rulesets.uwr.combatant_dialog import side_label

        sheet = sheet_of(combatant)
        attributes = " ".join(
            f"{name[0].upper()}{format_half(getattr(sheet.attributes, name))}"
            for name in ATTRIBUTE_NAMES
        )
        weapons = ", ".join(f"{w.name} ({w.upr_type})" for w in sheet.weapons) or "no weapons"
        health = f"Vitality {sheet.vitality_max}"
        return f"{side_label(combatant.side)} · {attributes} · {health} · {weapons}"
