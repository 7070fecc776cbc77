"""What the ``tactical`` round system declares for the window: its page of help and its
library templates' summary."""

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of
from uwr_desktop.ui.rulesets.base import RoundHelp

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


def sheet_summary(combatant: Combatant) -> str:
    """A template's sheet in a line: Quickness bonus, penalty and hits."""
    sheet = sheet_of(combatant)
    penalty = f" · penalty {sheet.penalty}" if sheet.penalty else ""
    return f"Qu {sheet.quickness:+}{penalty} · {sheet.hits_max} hits"
