"""The player view: a second, read-only window for the players' screen (a TV, a second monitor).

It follows the open fight through the document's signals (no polling) and shows what
:mod:`uwr_desktop.ui.player_view.picture` lets the players see: the round, who acts now and who is
next, the order of battle (:mod:`.board`) on the ruleset's axis, every column of a columned one,
with conditions and health bands, the defeated dimmed, and the last roll: one line in its
system's words (who rolled, for what, against what, how it went) over its dice, tumbling like
the tray's unless motion is reduced. Everything is sized from the window's height, so it reads
the same from 1280x720 to 4K. Closing it never touches the fight.
"""

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QColor, QKeyEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from uwr_desktop import APP_NAME
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.ui.dice.shown_die import DIE_SIZE
from uwr_desktop.ui.dice.view import DiceView
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.player_view.board import (
    HIGH_CONTRAST_LOOK,
    MIN_UNIT,
    NORMAL_LOOK,
    Look,
    OrderBoard,
)
from uwr_desktop.ui.player_view.feed import PlayerFeed
from uwr_desktop.ui.player_view.picture import HealthShown, PlayerPicture, ShownRoll, shown_dice
from uwr_desktop.ui.widgets.elided_label import ElidedLabel

UNIT_SHARE = 1 / 30
"""The type's unit is this share of the window's height (24 px at 720p, 72 px at 4K)."""
NO_ROLL = "No roll yet"
CLOSE_KEYS = frozenset({Qt.Key.Key_Escape, Qt.Key.Key_F10})
"""Keys that close the view from the view itself (full screen, it may cover the GM's window)."""


def _goes_on(before: ShownRoll, after: ShownRoll) -> bool:
    """Whether ``after`` is the roll ``before`` showed, gone on: the same roller's dice with
    the same first faces (rerolled, reacted to, resolved)."""
    a, b = before.record, after.record
    return before.combatant_id == after.combatant_id and (a.kind, a.dice, a.faces, a.chains) == (
        b.kind,
        b.dice,
        b.faces,
        b.chains,
    )


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
        self.feed = PlayerFeed(document, self, is_secret=is_secret)
        self._high_contrast = False
        self._roll: ShownRoll | None = None

        self.round_label = self._label("playerRound")
        self.now_label = self._elided_label("playerNow")
        self.next_label = self._elided_label("playerNext")
        self.axis_label = self._label("playerAxis")
        self.board = OrderBoard(self)
        self.roll_title = self._label("playerRollTitle")
        self.roll_title.setText("Last roll")
        self.roll_line = self._label("playerRollLine")
        self.roll_line.setWordWrap(True)
        self.dice = DiceView(self)
        self.dice.setObjectName("playerDice")
        self.dice.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._lay_out()
        self.resize(1280, 720)
        self._apply_look()
        self._show_picture()
        self._show_roll(animate=False)
        self.feed.pictureChanged.connect(self._show_picture)
        self.feed.rollChanged.connect(lambda animate: self._show_roll(animate=animate))

    def _label(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        return label

    def _elided_label(self, name: str) -> ElidedLabel:
        """A header label that ends in "…" rather than widen the window past its screen: a
        long name, or several acting at once, must not push the view off the players' TV."""
        label = ElidedLabel(self)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setMinimumWidth(1)
        return label

    def _lay_out(self) -> None:
        # "Now" takes the room that round and "Next" leave (ending in "…" if need be);
        # "Next" keeps its words up to a third of the width.
        self.now_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.now_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        header = QHBoxLayout()
        header.addWidget(self.round_label)
        header.addWidget(self.now_label, 1)
        header.addSpacing(40)
        header.addWidget(self.next_label)
        order = QVBoxLayout()
        order.addWidget(self.axis_label)
        order.addWidget(self.board, 1)
        roll = QVBoxLayout()
        roll.addWidget(self.roll_title)
        roll.addWidget(self.roll_line)
        roll.addWidget(self.dice)
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
        self.feed.set_enemy_health(shown)

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

    def picture(self) -> PlayerPicture:
        """What the players see now."""
        return self.feed.picture()

    def shown_roll(self) -> ShownRoll | None:
        """The roll shown (``None``: none yet)."""
        return self._roll

    # ---- following the fight ------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the fight as it is now."""
        self.feed.refresh()

    def _show_picture(self) -> None:
        picture = self.feed.picture()
        self.round_label.setText(picture.round_text)
        self.now_label.setText(f"Now: {picture.now}" if picture.now else "")
        self.next_label.setText(f"Next: {picture.next}" if picture.next else "")
        self.axis_label.setText(picture.axis_title)
        self.board.set_picture(picture)
        if self._roll is not None:
            self.roll_line.setText(self.feed.roll_line() or "")

    def _show_roll(self, *, animate: bool) -> None:
        """Show the feed's roll: its line and its dice, tumbling when ``animate``; a roll
        going on from the one shown (rerolled, reacted to, resolved) tumbles only the dice
        that changed."""
        before, roll = self._roll, self.feed.shown_roll()
        self._roll = roll
        if roll is None:
            self.dice.clear()
            self.dice.setVisible(False)
            self.roll_line.setText(NO_ROLL)
            return
        self.dice.setVisible(True)
        self.roll_line.setText(self.feed.roll_line() or "")
        dice = shown_dice(roll)
        if not animate:
            self.dice.set_dice(dice, animate=())
        elif before is not None and _goes_on(before, roll):
            shown = self.dice.dice()
            changed = [i for i, (a, b) in enumerate(zip(shown, dice, strict=False)) if a != b]
            self.dice.set_dice(dice, animate=changed)
        else:
            self.dice.set_dice(dice)

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
            f" QLabel#playerRollLine {{ font-size: {round(unit * 1.1)}px; font-weight: bold; }}"
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
        """Size the type to the window; "Next" gets a third of its width at most."""
        self.next_label.setMaximumWidth(max(1, event.size().width() // 3))
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
