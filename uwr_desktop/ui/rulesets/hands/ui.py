"""What the ``hands`` round system declares for the window: its page of help and its
library templates' summary."""

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.hands.sheet import sheet_of
from uwr_desktop.core.rulesets.hands.view import weapon_text
from uwr_desktop.ui.rulesets.base import RoundHelp

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


def sheet_summary(combatant: Combatant) -> str:
    """A template's sheet in a line: hit points, reach and weapons."""
    sheet = sheet_of(combatant)
    weapons = ", ".join(weapon_text(w) for w in sheet.weapons) or "no weapons"
    return f"{sheet.points_max} hit points · {weapons}"
