"""The ``hands`` answers to the window's :class:`~uwr_desktop.ui.rulesets.base.RulesetUi`."""

from PySide6.QtWidgets import QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.hands.sheet import sheet_of
from uwr_desktop.core.rulesets.hands.view import weapon_text
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, RoundSystemUi


class HandsUi(RoundSystemUi):
    """The ``hands`` panels and dialogs."""

    ruleset_id = "hands"

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The ready-points panel above the dice tray."""
        from uwr_desktop.ui.rulesets.hands.points_panel import PointsPanel

        panel = PointsPanel(document, parent)
        return DicePanel(panel, panel.tray, panel.set_focus_combatant)

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        """The combatant dialog, run modally."""
        from uwr_desktop.ui.rulesets.hands.combatant_dialog import edit_combatant

        return edit_combatant(parent, combatant)

    def template_summary(self, combatant: Combatant) -> str:
        """One line about a template: side, hit points, reach and weapons."""
        sheet = sheet_of(combatant)
        weapons = ", ".join(weapon_text(w) for w in sheet.weapons) or "no weapons"
        return f"{combatant.side.value.capitalize()} · {sheet.points_max} hit points · {weapons}"
