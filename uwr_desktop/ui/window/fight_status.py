"""The status bar: its lasting labels (who acts, the round, and the round system in force, its
tooltip listing the house rules changed from the rules) and its passing messages, a refusal
among them until the fight next changes."""

from PySide6.QtWidgets import QLabel, QStatusBar

from uwr_desktop.core.encounter import SETUP_PHASE, EncounterState
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import Ruleset, TurnNow

STATUS_MESSAGE_MS = 6000
"""How long a passing message stays in the status bar."""


class FightStatus:
    """The labels, added to ``bar`` as permanent widgets."""

    def __init__(self, bar: QStatusBar) -> None:
        self._bar = bar
        self._refusal = ""
        self.actor = QLabel(bar)
        self.actor.setObjectName("statusActor")
        self.round = QLabel(bar)
        self.round.setObjectName("statusRound")
        self.ruleset = QLabel(bar)
        self.ruleset.setObjectName("statusRuleset")
        self.ruleset.setContentsMargins(12, 0, 4, 0)
        for label in (self.actor, self.round, self.ruleset):
            bar.addPermanentWidget(label)

    def tell(self, message: str) -> None:
        """Show a passing message."""
        self._bar.showMessage(message, STATUS_MESSAGE_MS)

    def refuse(self, message: str) -> None:
        """Show why something was refused, until its time is up or the fight next changes."""
        self.tell(message)
        self._refusal = message

    def fight_changed(self) -> None:
        """Something the GM did went through: a refusal still shown speaks of what came before,
        and goes."""
        if self._refusal and self._bar.currentMessage() == self._refusal:
            self._bar.clearMessage()
        self._refusal = ""

    def show_state(self, state: EncounterState, turn: TurnNow) -> None:
        """The round (or setting up) and who acts now (``turn``, as the rules say)."""
        if state.phase == SETUP_PHASE:
            self.round.setText("Setting up: add combatants, then Start Fight (F5)")
        else:
            self.round.setText(f"Round {state.round}")
        names = ", ".join(state.combatants[cid].name for cid in turn.acting)
        self.actor.setText(f"Acting: {names}" if names else "")

    def show_ruleset(self, ruleset: Ruleset) -> None:
        """Name the fight's round system; its tooltip lists the settings off the defaults."""
        defaults = make_ruleset(ruleset.id).settings
        changed: list[str] = []
        if ruleset.settings != defaults:
            from uwr_desktop.ui.dialogs.settings_form import changed_settings  # with New Fight

            changed = changed_settings(ruleset.settings, defaults)
        self.ruleset.setText(f"{ruleset.title}{' · house rules' if changed else ''}")
        lines = [f"Round system: {ruleset.title}"]
        if changed:
            lines += ["Settings changed from the rules:", *(f"  {line}" for line in changed)]
        else:
            lines.append("Every setting as the rules have it.")
        self.ruleset.setToolTip("\n".join(lines))
