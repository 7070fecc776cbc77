"""What the ``rollkeep`` round system declares for the window: its page of help and its
library templates' summary."""

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.rollkeep.rules import armor_tn, sheet_of
from uwr_desktop.ui.rulesets.base import RoundHelp

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


def sheet_summary(combatant: Combatant) -> str:
    """A template's sheet in a line: Reflexes, Earth, Void, Insight Rank, Armor TN, weapons."""
    sheet = sheet_of(combatant)
    weapons = ", ".join(w.name for w in sheet.weapons) or "no weapons"
    return (
        f"Reflexes {sheet.reflexes} · Earth {sheet.earth} · Void {sheet.void}"
        f" · Insight {sheet.insight_rank} · Armor TN {armor_tn(sheet)} · {weapons}"
    )
