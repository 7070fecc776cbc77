"""The player view: a second, read-only window for the players' screen (a TV, a second monitor).

It follows the open fight through the document's signals (no polling) and shows what
:mod:`uwr_desktop.ui.player_view.picture` lets the players see: the round, who acts now and who is
next, the order of battle (:mod:`.board`) on the ruleset's axis, every column of a columned one,
with conditions and health bands, and the last roll with its dice, tumbling like the tray's
unless motion is reduced. Everything is sized from the window's height, so it reads the same
from 1280x720 to 4K. Closing it never touches the fight.
"""

from collections.abc import Callable

import msgspec
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QColor, QKeyEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from uwr_desktop import APP_NAME
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rolls import DiceKind
from uwr_desktop.core.session import Change
from uwr_desktop.ui.dice.shown import keep_dice, pool_dice, sum_dice
from uwr_desktop.ui.dice.shown_die import DIE_SIZE, ShownDie
from uwr_desktop.ui.dice.view import DiceView
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.player_view.board import (
    HIGH_CONTRAST_LOOK,
    MIN_UNIT,
    NORMAL_LOOK,
    Look,
    OrderBoard,
)
from uwr_desktop.ui.player_view.picture import (
    HealthShown,
    PlayerPicture,
    ShownRoll,
    last_roll,
    player_picture,
    rerolled,
)

UNIT_SHARE = 1 / 30
"""The type's unit is this share of the window's height (24 px at 720p, 72 px at 4K)."""
NO_ROLL = "No roll yet"
CLOSE_KEYS = frozenset({Qt.Key.Key_Escape, Qt.Key.Key_F10})
"""Keys that close the view from the view itself (full screen, it may cover the GM's window)."""
LATEST_ROLL_ENTRIES = 50
"""How far back in the journal an opening view looks for the roll to show."""


def shown_dice(roll: ShownRoll) -> list[ShownDie]:
    """The dice of a roll as the canvas shows them to the players (nothing to click)."""
    record = roll.record
    if record.kind is DiceKind.POOL:
        dice = pool_dice(record.pool())
    elif record.kind is DiceKind.KEEP:
        dice = keep_dice(record.keep())
    else:
        dice = sum_dice(record.sum())
    return [msgspec.structs.replace(die, rerollable=False) for die in dice]


class PlayerView(QWidget):
    """The players' window over the open fight of ``document``.

    ``closed`` is emitted when the window is closed (by the GM or the window manager).
    """

    closed = Signal()

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        *,
        is_secret: Callable[[JournalEntry], bool] = lambda _entry: False,
    ) -> None:
        """Build the window and show the fight as it is now, with its latest roll.

        ``is_secret`` tells the journal entries whose rolls the players must not see (made
        while the GM rolled for the GM only).
        """
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("playerView")
        self.setWindowTitle(f"Player View — {APP_NAME}")
        self.setAccessibleName("Player view")
        self._document = document
        self._enemy_health = HealthShown.BAND
        self._is_secret = is_secret
        self._high_contrast = False
        self._roll: ShownRoll | None = None
        self._roll_entry: JournalEntry | None = None
        self._picture: PlayerPicture | None = None

        self.round_label = self._label("playerRound")
        self.now_label = self._label("playerNow")
        self.next_label = self._label("playerNext")
        self.axis_label = self._label("playerAxis")
        self.board = OrderBoard(self)
        self.roll_title = self._label("playerRollTitle")
        self.roll_title.setText("Last roll")
        self.roll_who = self._label("playerRollWho")
        self.roll_outcome = self._label("playerRollOutcome")
        self.dice = DiceView(self)
        self.dice.setObjectName("playerDice")
        self.dice.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._lay_out()
        self._show_roll(None, None)

        document.changed.connect(self._on_change)
        document.sessionReplaced.connect(self._on_session_replaced)
        self.resize(1280, 720)
        self._apply_look()
        self.refresh()
        self._show_latest_roll()

    def _label(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        return label

    def _lay_out(self) -> None:
        header = QHBoxLayout()
        header.addWidget(self.round_label)
        header.addStretch(1)
        header.addWidget(self.now_label)
        header.addSpacing(40)
        header.addWidget(self.next_label)
        order = QVBoxLayout()
        order.addWidget(self.axis_label)
        order.addWidget(self.board, 1)
        roll = QVBoxLayout()
        roll.addWidget(self.roll_title)
        roll.addWidget(self.roll_who)
        roll.addWidget(self.dice)
        roll.addWidget(self.roll_outcome)
        roll.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(order, 3)
        body.addLayout(roll, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addLayout(body, 1)

    # ---- settings -----------------------------------------------------------------------------

    def set_enemy_health(self, shown: HealthShown) -> None:
        """Show enemies' health as a band or not at all."""
        self._enemy_health = HealthShown(shown)
        self.refresh()

    def set_reduce_motion(self, on: bool) -> None:
        """Show dice at rest at once, without tumbling."""
        self.dice.set_reduce_motion(on)

    def set_high_contrast(self, on: bool) -> None:
        """Black and white with a yellow mark for whoever acts now."""
        self._high_contrast = on
        self._apply_look()

    def high_contrast(self) -> bool:
        """Whether the high-contrast look is on."""
        return self._high_contrast

    def look(self) -> Look:
        """The colours in use."""
        return HIGH_CONTRAST_LOOK if self._high_contrast else NORMAL_LOOK

    def unit(self) -> float:
        """The type's unit in pixels, from the window's height."""
        return max(MIN_UNIT, self.height() * UNIT_SHARE)

    def picture(self) -> PlayerPicture | None:
        """What the players see now."""
        return self._picture

    def shown_roll(self) -> ShownRoll | None:
        """The roll shown (``None``: none yet)."""
        return self._roll

    # ---- following the fight ------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the fight as it is now."""
        state = self._document.session.state
        turn = self._document.turn_now()
        picture = player_picture(state, *self._document.timeline(), turn, self._enemy_health)
        self._picture = picture
        self.round_label.setText(picture.round_text)
        self.now_label.setText(f"Now: {picture.now}" if picture.now else "")
        self.next_label.setText(f"Next: {picture.next}" if picture.next else "")
        self.axis_label.setText(picture.axis_title)
        self.board.set_picture(picture)
        if self._roll is not None:
            who = self._roll.who(state)
            if who is None:
                self._show_roll(None, None)
            else:
                self.roll_who.setText(who)

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
        state = self._document.session.state
        if change.kind == "undo":
            if entry is self._roll_entry:
                self._show_roll(None, None)
            return
        if self._is_secret(entry):
            return
        found = last_roll(entry.events, state)
        if found is not None:
            self._show_roll(found, entry)
        elif self._roll is not None and change.part_changed:
            again = rerolled(self._roll, state)
            if again is not None:
                self._show_reroll(again)

    def _show_latest_roll(self) -> None:
        """Show the latest roll the players may see among the last entries, at rest."""
        session = self._document.session
        first = max(0, session.cursor - LATEST_ROLL_ENTRIES)
        for entry in reversed(session.entries[first : session.cursor]):
            found = None if self._is_secret(entry) else last_roll(entry.events, session.state)
            if found is not None:
                self._show_roll(found, entry, animate=False)
                return

    def _show_roll(
        self, roll: ShownRoll | None, entry: JournalEntry | None, *, animate: bool = True
    ) -> None:
        self._roll, self._roll_entry = roll, entry
        if roll is None:
            self.dice.clear()
            self.dice.setVisible(False)
            self.roll_who.setText(NO_ROLL)
            self.roll_outcome.setText("")
            return
        self.dice.setVisible(True)
        self.roll_who.setText(roll.who(self._document.session.state) or "")
        self.roll_outcome.setText(roll.outcome_text())
        self.dice.set_dice(shown_dice(roll), animate=None if animate else ())

    def _show_reroll(self, roll: ShownRoll) -> None:
        before = self.dice.dice()
        after = shown_dice(roll)
        self._roll = roll
        self.roll_outcome.setText(roll.outcome_text())
        changed = [i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b]
        self.dice.set_dice(after, animate=changed)

    def _on_session_replaced(self) -> None:
        self._show_roll(None, None)
        self.refresh()

    # ---- looks --------------------------------------------------------------------------------

    def _apply_look(self) -> None:
        look, unit = self.look(), self.unit()
        self.setStyleSheet(
            f"QWidget#playerView {{ background: {look.background}; }}"
            f" QLabel {{ color: {look.text}; }}"
            f" QLabel#playerRound, QLabel#playerNow {{ font-size: {round(unit * 1.6)}px;"
            " font-weight: bold; }"
            f" QLabel#playerNow {{ color: {look.accent}; }}"
            f" QLabel#playerNext {{ font-size: {round(unit * 1.2)}px; }}"
            f" QLabel#playerAxis, QLabel#playerRollTitle {{ font-size: {round(unit * 0.8)}px;"
            f" color: {look.dim}; }}"
            f" QLabel#playerRollWho {{ font-size: {round(unit)}px; font-weight: bold; }}"
            f" QLabel#playerRollOutcome {{ font-size: {round(unit * 1.4)}px; font-weight: bold;"
            f" color: {look.accent}; }}"
        )
        self.board.set_look(look, unit)
        self.dice.set_scale(unit * 2.4 / DIE_SIZE)
        palette = self.dice.palette()
        roles = QPalette.ColorRole
        for role, color in (
            (roles.Window, look.background),
            (roles.WindowText, look.text),
            (roles.Button, look.card),
            (roles.ButtonText, look.text),
            (roles.Mid, look.border),
            (roles.Highlight, look.accent),
            (roles.HighlightedText, look.accent_text),
        ):
            palette.setColor(role, QColor(color))
        self.dice.setPalette(palette)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        """Size the type to the window."""
        self._apply_look()
        super().resizeEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Esc or F10 closes the view."""
        if event.key() in CLOSE_KEYS:
            self.close()
            event.accept()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        """Say the window is closed; the fight goes on untouched."""
        self.closed.emit()
        super().closeEvent(event)
