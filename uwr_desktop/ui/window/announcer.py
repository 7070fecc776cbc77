"""What a screen reader is told as the fight goes on, without the GM moving the focus: the dice
that land ("Bandit 2 attacks Bryn: 3 successes against Bryn's dodge 1 — hit"), a new round or
turn ("Round 2. Vex acts."), and a refusal. Everything goes through :meth:`Announcer.say`,
which posts Qt's accessibility announcement (polite; assertive for a refusal) and emits
``announced`` with the words. It reads only what every round system gives (the entry's
``RollShown``s, the rules' ``TurnNow``), so it knows none of them."""

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal

from uwr_desktop.core.encounter import SETUP_PHASE, EncounterState
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.session import Change
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.turn_header import acting_text

TOLD_ROLLS = 3
"""Rolls of one entry told one by one (a start of the fight rolls everyone's initiative); the
rest are counted."""


def roll_words(rolls: Sequence[RollShown], state: EncounterState) -> list[str]:
    """The rolls an entry made, each in one line with the GM's names (``state``: after it); a
    roll told in the words of the one before (an ``aside``) is left out."""
    # The player view's words, loaded with the first roll told rather than at start.
    from uwr_desktop.ui.player_view.picture import BY_HAND_MARK, THE_GM, result_words

    lines: list[str] = []
    for roll in rolls:
        if roll.aside:
            continue
        roller = state.combatants.get(roll.combatant_id or "")
        who = THE_GM if roll.combatant_id is None else (roller.name if roller else "Someone")
        outcome = roll.outcome or result_words(roll.record)
        lines.append(f"{who} {roll.title}: {outcome}{BY_HAND_MARK if roll.by_hand else ''}.")
    if len(lines) > TOLD_ROLLS:
        more = len(lines) - TOLD_ROLLS
        lines[TOLD_ROLLS:] = [f"And {more} more roll{'s' * (more > 1)}."]
    return lines


class Announcer(QObject):
    """Tells a screen reader, through ``speaker`` (the widget the announcements come from),
    what each change of ``document``'s fight rolled and whose turn it is when that changes,
    and every refusal the document or :meth:`refuse` gives."""

    announced = Signal(str)

    def __init__(self, document: EncounterDocument, speaker: QObject) -> None:
        super().__init__(speaker)
        self._document = document
        self._speaker = speaker
        self._turn = self._turn_words()
        document.changed.connect(self._on_change)
        document.sessionReplaced.connect(self._forget_turn)
        document.refused.connect(self.refuse)

    def say(self, text: str, *, assertive: bool = False) -> None:
        """Tell ``text`` to a screen reader (``assertive``: at once, cutting in)."""
        if not text:
            return
        # Qt's accessibility types bring many enums with them: loaded with the first words told.
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        event = QAccessibleAnnouncementEvent(self._speaker, text)
        politeness = QAccessible.AnnouncementPoliteness
        event.setPoliteness(politeness.Assertive if assertive else politeness.Polite)
        QAccessible.updateAccessibility(event)
        self.announced.emit(text)

    def refuse(self, message: str) -> None:
        """Tell a refusal at once."""
        self.say(message, assertive=True)

    def _turn_words(self) -> tuple[int, str]:
        state = self._document.session.state
        if state.phase == SETUP_PHASE:
            return 0, ""
        return state.round, acting_text(state, self._document.turn_now())

    def _forget_turn(self) -> None:
        self._turn = self._turn_words()

    def _on_change(self, change: Change) -> None:
        session = self._document.session
        parts: list[str] = []
        if change.kind == "do" and session.cursor:
            parts += roll_words(session.entry_view(session.cursor - 1).rolls, session.state)
        turn = self._turn_words()
        (old_round, old_acting), (new_round, acting) = self._turn, turn
        self._turn = turn
        if new_round != old_round and new_round:
            parts.append(f"Round {new_round}.")
        if acting and (acting != old_acting or new_round != old_round):
            parts.append(f"{acting}.")
        self.say(" ".join(parts))
