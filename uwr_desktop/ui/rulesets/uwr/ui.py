"""The ``uwr`` answers to the window's :class:`~uwr_desktop.ui.rulesets.base.RulesetUi`."""

from PySide6.QtWidgets import QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.uwr.sheet import ATTRIBUTE_NAMES, format_half, sheet_of
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
    "Turns in initiative order; each weapon has its Uses Per Round, refilled at the start of "
    "every round, and Stamina refills at the start of the combatant's own turn.",
    (
        "*Start Fight* ({start_fight}) rolls initiative (Grace d6, summed) and begins round 1; "
        "drag a card on the timeline to change the order by hand.",
        "In the Dice dock the attack follows the turn: whoever acts attacks, the nearest enemy "
        "is the target. Pick the weapon, then *Attack* ({attack}).",
        "Click a failed die to spend a reroll on it, or *Reroll All I May* ({reroll}).",
        "The target reacts: *Dodge*, *Parry* (a melee weapon with a use left) or "
        "*No reaction*; then *Resolve* ({resolve}) opposes the two rolls.",
        "After a hit, *Apply N damage* takes it off the target's Vitality. Slow "
        "weapons get *Prepare* in the panel; other checks roll from the form below with "
        "*Roll* ({roll}).",
        "*Next Turn* ({next_turn}) passes to the next combatant standing; after the last "
        "turn, or with *End Round* ({end_round}), conditions tick and the next round starts.",
    ),
)
"""How to run a round of this system (Help ▸ Running a Round, F1)."""


class UwrUi(RoundSystemUi):
    """The ``uwr`` panels and dialogs."""

    ruleset_id = "uwr"
    round_help = ROUND_HELP

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The check panel: the attack panel above the dice tray."""
        from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel
        from uwr_desktop.ui.rulesets.uwr.prepare_bar import SLOW_WEAPONS

        panel = CheckPanel(document, parent)
        commands = {
            PanelCommand.ATTACK: panel.attack.attack_button,
            PanelCommand.ROLL: panel.tray.roll_button,
            PanelCommand.RESOLVE: panel.attack.resolve_button,
        }
        reaction = panel.attack.reaction
        more = (
            PanelButton("dodge", "&Dodge", reaction.dodge_button, "F9"),
            PanelButton("parry", "&Parry", reaction.parry_button, "Shift+F9"),
            PanelButton("no_reaction", "No Rea&ction", reaction.no_reaction_button, "Ctrl+F9"),
            PanelButton(
                "reroll_reaction",
                "Reroll the Reac&tion",
                panel.attack.reroll_reaction_button,
                "Ctrl+F7",
            ),
            PanelButton("apply_hit", "Apply the &Hit", panel.apply_hit.button, "F3"),
            PanelButton("type_result", "T&ype the Result", panel.result.button, "Shift+F3"),
        )
        lists = (PanelList(SLOW_WEAPONS, panel.prepare.buttons),)
        return DicePanel(
            panel, panel.tray, panel.set_focus_combatant, commands, panel.inputs_in_use, more, lists
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
