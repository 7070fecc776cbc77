"""The ``tactical`` answers to the window's :class:`~uwr_desktop.ui.rulesets.base.RulesetUi`."""

from PySide6.QtWidgets import QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import (
    DicePanel,
    PanelButton,
    PanelCommand,
    RoundHelp,
    RoundSystemUi,
)

ROUND_HELP = RoundHelp(
    "Every combatant has 4 AP a round; the round counts down from the highest initiative, "
    "actions are declared on one count and resolve on a later one.",
    (
        "*Start Fight* ({start_fight}) rolls base initiative (2d10 + Quickness bonus). Type a "
        "base over it in the table and declare parries before the countdown.",
        "*Next count* in the Dice dock, or *Next Turn* ({next_turn}), starts the countdown and "
        "steps to the next count where something happens.",
        "On a combatant's count pick its action and AP, then *Declare*: the timeline draws it "
        "as a bar to the count it resolves on (drag the bar to shorten it, at -25 per AP).",
        "When the countdown reaches an action, *Resolve* ({resolve}); apply its result with "
        "*Apply Damage* ({damage}) and *Add Condition* ({condition}).",
        "*Interrupt* stops an action under way; *Move* records the round's pace; *Catalog…* "
        "edits the actions and paces for this fight.",
        "When no count is left the round goes to upkeep (bleeding, conditions and stuns tick); "
        "*Next Turn* ({next_turn}) starts the next round. *End Round* ({end_round}) goes to "
        "upkeep at once.",
    ),
)
"""How to run a round of this system (Help ▸ Running a Round, F1)."""


class TacticalUi(RoundSystemUi):
    """The ``tactical`` panels and dialogs."""

    ruleset_id = "tactical"
    round_help = ROUND_HELP

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The countdown panel above the dice tray."""
        from uwr_desktop.ui.rulesets.tactical.countdown_panel import CountdownPanel

        panel = CountdownPanel(document, parent)
        more = (
            PanelButton("declare", "&Declare", panel.declare, "F9"),
            PanelButton("next_count", "&Next Count", panel.next, "F4"),
            PanelButton("interrupt", "&Interrupt", panel.interrupt, "Shift+F9"),
            PanelButton("move", "&Move", panel.move_button, "F3"),
            PanelButton("parry", "&Parry", panel.parry, "Shift+F3"),
            PanelButton("catalog", "&Catalog…", panel.edit_catalog, "Ctrl+F9"),
        )
        commands = {PanelCommand.RESOLVE: panel.resolve}
        return DicePanel(panel, panel.tray, panel.focus, commands, more=more)

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
