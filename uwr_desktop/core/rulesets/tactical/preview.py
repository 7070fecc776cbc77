"""What a declaration would do, worked out by the rules before it is made: the count the action
would resolve on and the penalty it would take, or why it would be refused.

The countdown panel shows this beside *Declare*; it runs the very step that decides the
declaration on a copy of the state, so the panel never works the countdown out itself.
"""

import msgspec

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.tactical import decide, events, rules
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare
from uwr_desktop.core.rulesets.tactical.ruleset import TacticalRuleset
from uwr_desktop.core.rulesets.tactical.settings import TacticalSettings
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of


class DeclarePreview(msgspec.Struct, frozen=True):
    """A declaration as it would go: ``resolves_at`` the count its action resolves on
    (``None``: at once, next round, or refused), ``penalty`` the action's total penalty
    (``None`` when refused), ``words`` all of it as the GM reads it (the reason, when
    ``refused``)."""

    words: str
    resolves_at: int | None = None
    penalty: int | None = None
    refused: bool = False


def _signed(number: int) -> str:
    return f"{number:+}" if number else "0"


def declare_preview(
    state: EncounterState, settings: TacticalSettings, intent: TacticalDeclare
) -> DeclarePreview:
    """What ``intent`` would do if declared now: its resolve count and penalty, or the
    refusal's reason."""
    builder = TacticalRuleset(settings).builder(state, Roller())
    try:
        decide.declare(builder, intent)
    except RulesError as error:
        return DeclarePreview(str(error), refused=True)
    sheet = sheet_of(builder.state.combatants[intent.combatant_id])
    for event in builder.events:
        match event:
            case events.Declared(action=action):
                penalty = rules.action_penalty(sheet)
                end = action.resolves_at
                when = "goes on next round" if end is None else f"resolves on {end}"
                return DeclarePreview(
                    f"{action.name} {when}, penalty {_signed(penalty)}", end, penalty
                )
            case events.InstantTaken(name=name, cost=cost):
                paid = "free" if cost == 0 else "1 AP"
                return DeclarePreview(f"{name} at once ({paid})")
            case events.Concentrating(name=name, penalty=penalty):
                return DeclarePreview(
                    f"{name} for the round, penalty {_signed(penalty)}", None, penalty
                )
    return DeclarePreview("Nothing would change")
