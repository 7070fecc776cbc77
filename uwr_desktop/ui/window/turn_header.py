"""The strip above the table that shows the round and whose turn it is, in large type."""

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from uwr_desktop.core.encounter import SETUP_PHASE, EncounterState
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.ui.widgets.build import enlarge
from uwr_desktop.ui.widgets.elided_label import ElidedLabel

SCALE = 1.5
"""How much larger than the window's text the strip's words are."""

ACTOR_CHARS = 8
"""The room kept for who acts on a narrow window (the filter field gives way first)."""


class TurnHeader(QWidget):
    """ "Round 3" and "Vex acts" (or the set-up hint) for the open fight."""

    def __init__(self, parent: QWidget | None = None) -> None:
        """An empty strip; :meth:`show_state` fills it."""
        super().__init__(parent)
        self.setObjectName("turnHeader")
        self.round_label = QLabel(self)
        self.round_label.setObjectName("turnHeaderRound")
        self.actor_label = ElidedLabel(self)
        self.actor_label.setObjectName("turnHeaderActor")
        self._enlarge()
        # A long name ends in "…" at the window's edge rather than widening the window.
        self.actor_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 0, 2, 0)
        layout.addWidget(self.round_label)
        layout.addSpacing(18)
        layout.addWidget(self.actor_label, 1)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """Keep the words larger than the window's text when it is zoomed."""
        if event.type() == QEvent.Type.FontChange:
            self._enlarge()
        super().changeEvent(event)

    def _enlarge(self) -> None:
        enlarge((self.round_label, self.actor_label), self.font(), SCALE)
        average = self.actor_label.fontMetrics().averageCharWidth()
        self.actor_label.setMinimumWidth(ACTOR_CHARS * average)

    def show_state(self, state: EncounterState, turn: TurnNow) -> None:
        """Show ``state``'s round and who acts now (``turn``, as the rules say)."""
        if state.phase == SETUP_PHASE:
            self.round_label.setText("Setting up")
            self.actor_label.set_text_and_spare("", "")
            self.actor_label.setToolTip("")
            return
        self.round_label.setText(f"Round {state.round}")
        self.actor_label.set_text_and_spare(*acting_words(state, turn))
        self.actor_label.setToolTip(self.actor_label.text())


def acting_words(state: EncounterState, turn: TurnNow) -> tuple[str, str]:
    """Who acts and the verb after them, which a narrow header leaves out: ("Vex", " acts"),
    ("Vex, Ana", " act") for a tie acting together; ("Everyone is down", "") when nobody acts
    because nobody is standing (rounds still go by, for what counts them); between turns, where
    the rules say the round stands ("Nobody acts on count 37")."""
    names = [state.combatants[cid].name for cid in turn.acting]
    if names:
        return ", ".join(names), " acts" if len(names) == 1 else " act"
    return ("Everyone is down" if state.everyone_down() else turn.waiting_for), ""


def acting_text(state: EncounterState, turn: TurnNow) -> str:
    """ "Vex acts", "Vex, Ana act", "Everyone is down", where the round stands between turns or
    nothing: see :func:`acting_words`."""
    return "".join(acting_words(state, turn))
