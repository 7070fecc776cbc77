"""Start Fight, Next Turn and End Round as the window offers them: each does its intent, and is
greyed, the rules' reason on it, while the round system would refuse it (before the fight, once
it started, while a check or an action due is to be settled); the key of a greyed one says why
(:class:`GreyedKeys`)."""

from collections.abc import Callable, Mapping

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from uwr_desktop.core.intents import EndRound, Intent, NextTurn, StartFight
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.actions import tip_with_shortcut
from uwr_desktop.ui.window.greyed_keys import GreyedKeys

ROUND_COMMANDS: tuple[tuple[str, Intent], ...] = (
    ("start_fight", StartFight()),
    ("next_turn", NextTurn()),
    ("end_round", EndRound()),
)
"""The window's round commands: each action's key and the intent it does."""


class RoundCommands:
    """Connects the round commands of ``actions`` to ``do`` and keeps them greyed exactly
    when the rules of ``document``'s fight would refuse them."""

    def __init__(
        self,
        actions: Mapping[str, QAction],
        document: EncounterDocument,
        do: Callable[[Intent], object],
        refuse: Callable[[str], None],
        window: QWidget,
    ) -> None:
        """Connect each action, and its keys while greyed to ``refuse`` with the reason, in
        ``window``; call :meth:`sync` once the fight is shown, and on changes."""
        self._document = document
        self._actions = {key: actions[key] for key, _ in ROUND_COMMANDS}
        self._tips = {key: action.toolTip() for key, action in self._actions.items()}
        self._greyed_keys = {
            key: GreyedKeys(action, window, refuse) for key, action in self._actions.items()
        }
        for key, intent in ROUND_COMMANDS:
            self._actions[key].triggered.connect(lambda _=False, chosen=intent: do(chosen))

    def sync(self) -> None:
        """Enable each command the rules would take now; grey the others, saying why."""
        session = self._document.session
        for key, intent in ROUND_COMMANDS:
            action = self._actions[key]
            refusal = session.ruleset.round_refusal(session.state, intent)
            action.setEnabled(refusal is None)
            said = None if refusal is None else f"{action.text().replace('&', '')}: {refusal}"
            self._greyed_keys[key].update(said)
            action.setToolTip(self._tips[key] if said is None else tip_with_shortcut(said, action))
