"""The ``rollkeep`` answers to the window's :class:`~uwr_desktop.ui.rulesets.base.RulesetUi`."""

from PySide6.QtWidgets import QDialog, QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.rollkeep.rules import armor_tn, sheet_of
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import (
    DicePanel,
    PanelButton,
    PanelCommand,
    PanelList,
    RoundHelp,
    RoundSystemUi,
)

ROUND_HELP = RoundHelp(
    "One Initiative Score for the whole skirmish; the highest yet to act takes the turn, "
    "attacks roll XkY d10 against the target's Armor TN.",
    (
        "Before the skirmish: select a combatant in the table and *Take stance*; *Roll the "
        "ambush* when someone hides.",
        "*Start Fight* ({start_fight}) rolls everyone's Initiative Score and begins round 1.",
        "On a turn: a new stance with *Take stance* (from round 2), or *Delay* to let the next "
        "highest act first (or drag the card later on the timeline).",
        "Pick the weapon, the target and raises (the chance to hit shows before the roll), "
        "then *Attack* ({attack}); a hit rolls damage and fills the target's wound ranks.",
        "*Next Turn* ({next_turn}) passes the turn. A delayer waiting in the Dice dock gets "
        "*Act now*, *Keep waiting* or *Forfeit*.",
        "*End Round* ({end_round}) goes to Reactions: whoever still waits forfeits, and the "
        "next round starts.",
    ),
)
"""How to run a round of this system (Help ▸ Running a Round, F1)."""


class RollkeepUi(RoundSystemUi):
    """The ``rollkeep`` panel and dialogs."""

    ruleset_id = "rollkeep"
    round_help = ROUND_HELP

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The skirmish panel: turn, waiting delayers, attack with odds, the dice tray."""
        from uwr_desktop.ui.rulesets.rollkeep.panel import ACT_NOW, SkirmishPanel

        panel = SkirmishPanel(document, parent)
        more = (
            PanelButton("take_stance", "Take &Stance", panel.take_stance, "F9"),
            PanelButton("delay", "&Delay", panel.delay, "Shift+F9"),
            PanelButton("keep_waiting", "&Keep Waiting", panel.keep_waiting, "F3"),
            PanelButton("forfeit", "&Forfeit", panel.forfeit, "Shift+F3"),
            PanelButton("ambush", "Roll the A&mbush", panel.ambush, "Ctrl+F9"),
        )
        commands = {PanelCommand.ATTACK: panel.attack}
        lists = (PanelList(ACT_NOW, lambda: tuple(panel.act_now_buttons.values())),)
        return DicePanel(panel, panel.tray, panel.focus, commands, more=more, lists=lists)

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
