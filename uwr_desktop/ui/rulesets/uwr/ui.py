"""What the ``uwr`` round system declares for the window: its page of help and its
library templates' summary."""

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.uwr.sheet import ATTRIBUTE_NAMES, format_half, sheet_of
from uwr_desktop.ui.rulesets.base import RoundHelp

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


def sheet_summary(combatant: Combatant) -> str:
    """A template's sheet in a line: attributes, health and weapons."""
    sheet = sheet_of(combatant)
    attributes = " ".join(
        f"{name[0].upper()}{format_half(getattr(sheet.attributes, name))}"
        for name in ATTRIBUTE_NAMES
    )
    weapons = ", ".join(f"{w.name} ({w.upr_type})" for w in sheet.weapons) or "no weapons"
    return f"{attributes} · Vitality {sheet.vitality_max} · {weapons}"
