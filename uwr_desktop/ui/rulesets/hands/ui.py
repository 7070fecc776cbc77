"""The ``hands`` answers to the window's :class:`~uwr_desktop.ui.rulesets.base.RulesetUi`."""

from PySide6.QtWidgets import QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.hands.sheet import sheet_of
from uwr_desktop.core.rulesets.hands.view import weapon_text
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import (
    DicePanel,
    PanelButton,
    PanelList,
    RoundHelp,
    RoundSystemUi,
)

ROUND_HELP = RoundHelp(
    "Hit points are also actions: each round the undamaged points become ready, and every "
    "turn each combatant spends at least one; who declares first is decided anew each turn.",
    (
        "Set the points a combatant keeps in place in the table's Keep column; *Start Fight* "
        "({start_fight}) starts round 1, with a carry-over turn first when someone kept points "
        "(*Move* only).",
        "The Dice dock and the timeline list the turn in declare-first order, with the reason "
        "for each place; drag a row to the top of its column for a surprise.",
        "Click a ready pip to spend the points up to it, or type a number and *Spend* with a "
        "weapon, a target or against an earlier action; *Hesitate* books one point as used.",
        "For an interfering action, record how it went: *Succeeded*, *Failed* or *Roll*. "
        "Damage ({damage}) empties the pools.",
        "*Next turn* in the dock, or *Next Turn* ({next_turn}), ends the turn; whoever spent "
        "nothing hesitates. When nobody has ready points the round ends; *End Round* "
        "({end_round}) ends it at once.",
    ),
)
"""How to run a round of this system (Help ▸ Running a Round, F1)."""


class HandsUi(RoundSystemUi):
    """The ``hands`` panels and dialogs."""

    ruleset_id = "hands"
    round_help = ROUND_HELP

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The ready-points panel above the dice tray."""
        from uwr_desktop.ui.rulesets.hands.points_panel import PointsPanel
        from uwr_desktop.ui.rulesets.hands.row_parts import HESITATE_ANY, OUTCOMES, SPEND_ANY

        panel = PointsPanel(document, parent)
        more = (
            PanelButton("spend", "&Spend (Combatant on Turn)", panel.turn_spend, "F9"),
            PanelButton(
                "hesitate", "&Hesitate (Combatant on Turn)", panel.turn_hesitate, "Shift+F9"
            ),
            PanelButton("next_turn", "&Next Turn of the Round", panel.next_turn, "F4"),
        )
        lists = (
            PanelList(SPEND_ANY, lambda: panel.spend_buttons),
            PanelList(HESITATE_ANY, lambda: panel.hesitate_buttons),
            PanelList(OUTCOMES, lambda: panel.outcome_buttons),
        )
        return DicePanel(panel, panel.tray, panel.set_focus_combatant, more=more, lists=lists)

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
