"""What the players may see of the open fight, kept in step with it: the picture and the roll.

A feed follows the document's signals (no polling) and holds the players' picture
(:func:`~uwr_desktop.ui.player_view.picture.player_picture`) and the last roll they may see
(:func:`~uwr_desktop.ui.player_view.picture.last_roll`): the roll of the latest entry done,
unless it was made while rolls were for the GM only (``is_secret``); gone when that entry is
undone or when the roll now concerns someone hidden. The player-view window and the page shared
with the players' own devices each show a feed, so what they show cannot drift apart.
"""

import threading
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Signal

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.session import Change
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.player_view.picture import (
    HealthShown,
    PlayerPicture,
    ShownRoll,
    last_roll,
    player_picture,
)

LATEST_ROLL_ENTRIES = 50
"""How far back in the journal a new feed looks for the roll to show."""


class PictureInputs:
    """What one picture is worked out from: a state of the fight (never changed once made),
    its timeline, its turn and the GM's choice of enemy health. The picture is worked out
    when first asked for, once, from any thread."""

    def __init__(
        self,
        state: EncounterState,
        slots: Sequence[TimelineSlot],
        axis: TimelineAxis,
        turn: TurnNow,
        enemy_health: HealthShown,
    ) -> None:
        """Keep the inputs; nothing is worked out yet."""
        self.state = state
        self._args = (state, slots, axis, turn, enemy_health)
        self._picture: PlayerPicture | None = None
        self._lock = threading.Lock()

    def picture(self) -> PlayerPicture:
        """The players' picture of these inputs."""
        with self._lock:
            if self._picture is None:
                self._picture = player_picture(*self._args)
            return self._picture


class PlayerFeed(QObject):
    """The players' picture and last roll of ``document``'s fight.

    ``pictureChanged`` is emitted when the picture changes (the roll's line may
    have changed with it: an alias, a hiding); ``rollChanged(animate)`` after another roll (or
    none) is shown, ``animate`` off for a roll found when the feed starts or the fight is
    replaced. ``is_secret`` tells the journal entries whose rolls the players must not see.
    """

    pictureChanged = Signal()  # noqa: N815 (Qt signal naming)
    rollChanged = Signal(bool)  # noqa: N815 (Qt signal naming)

    def __init__(
        self,
        document: EncounterDocument,
        parent: QObject | None = None,
        *,
        is_secret: Callable[[JournalEntry], bool] = lambda _entry: False,
    ) -> None:
        """Work out the picture now, with the latest roll the players may see."""
        super().__init__(parent)
        self._document = document
        self._is_secret = is_secret
        self._enemy_health = HealthShown.BAND
        self._roll: ShownRoll | None = None
        self._roll_entry: JournalEntry | None = None
        self._inputs = self._take_inputs()
        self._show_latest_roll()
        document.changed.connect(self._on_change)
        document.sessionReplaced.connect(self._on_session_replaced)

    def picture(self) -> PlayerPicture:
        """What the players see of the fight now."""
        return self._inputs.picture()

    def inputs(self) -> PictureInputs:
        """What the picture now is worked out from (for another thread to work it out)."""
        return self._inputs

    def shown_roll(self) -> ShownRoll | None:
        """The roll the players see (``None``: none yet)."""
        return self._roll

    def roll_line(self) -> str | None:
        """The shown roll in one line with today's names (``None``: no roll shown)."""
        if self._roll is None:
            return None
        return self._roll.line(self._document.session.state)

    def set_enemy_health(self, shown: HealthShown) -> None:
        """Show enemies' health as a band or not at all."""
        self._enemy_health = HealthShown(shown)
        self.refresh()

    def refresh(self) -> None:
        """Take the fight as it is now (the picture is worked out when first asked for); a
        roll that now concerns someone hidden goes."""
        self._inputs = self._take_inputs()
        if self._roll is not None and self.roll_line() is None:
            self._set_roll(None, None, animate=True)
        self.pictureChanged.emit()

    def _take_inputs(self) -> PictureInputs:
        document = self._document
        state, turn = document.session.state, document.turn_now()
        return PictureInputs(state, *document.timeline(), turn, self._enemy_health)

    def _on_change(self, change: Change) -> None:
        if (
            change.changed
            or change.added
            or change.removed
            or change.order_changed
            or change.round_changed
            or change.phase_changed
            or change.timeline_changed
        ):
            self.refresh()
        self._follow_rolls(change)

    def _follow_rolls(self, change: Change) -> None:
        entry = change.entry
        if change.kind == "undo":
            if entry is self._roll_entry:
                self._set_roll(None, None, animate=True)
            return
        if self._is_secret(entry):
            return
        session = self._document.session
        found = last_roll(session.entry_view(session.cursor - 1).rolls, session.state)
        if found is not None:
            self._set_roll(found, entry, animate=True)

    def _show_latest_roll(self) -> None:
        """Take the latest roll the players may see among the last entries, at rest."""
        session = self._document.session
        first = max(0, session.cursor - LATEST_ROLL_ENTRIES)
        views = session.entry_views(first, session.cursor)
        for entry, view in zip(
            reversed(session.entries[first : session.cursor]), reversed(views), strict=True
        ):
            found = None if self._is_secret(entry) else last_roll(view.rolls, session.state)
            if found is not None:
                self._set_roll(found, entry, animate=False)
                return

    def _set_roll(
        self, roll: ShownRoll | None, entry: JournalEntry | None, *, animate: bool
    ) -> None:
        self._roll, self._roll_entry = roll, entry
        self.rollChanged.emit(animate)

    def _on_session_replaced(self) -> None:
        self._set_roll(None, None, animate=False)
        self.refresh()
