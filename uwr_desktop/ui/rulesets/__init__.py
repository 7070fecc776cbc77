"""Ruleset UIs: each round system's panels and dialogs, found by ruleset id.

``ruleset_ui("uwr")`` gives the :class:`RulesetUi` the window asks for its Dice dock panel, its
combatant dialog and its library summaries. Each ruleset's UI is a package here, found by
:mod:`.registry` on first lookup (importing this package loads none of them).
"""

from uwr_desktop.ui.rulesets.base import DicePanel, PanelCommand, RoundHelp, RulesetUi
from uwr_desktop.ui.rulesets.registry import (
    RulesetUiError,
    RulesetUiFactory,
    load_uis,
    register_ui,
    ruleset_ui,
    ui_ruleset_ids,
)

__all__ = [
    "DicePanel",
    "PanelCommand",
    "RoundHelp",
    "RulesetUi",
    "RulesetUiError",
    "RulesetUiFactory",
    "load_uis",
    "register_ui",
    "ruleset_ui",
    "ui_ruleset_ids",
]
