"""The dice canvas: dice painted with QPainter that tumble, then settle on the faces rolled.

The view only shows dice. The faces it settles on are given to it (the rules core decides
them before the animation starts); the faces seen while the dice tumble come from a random
source owned by the view alone, so the animation never touches the core's dice.
"""

import math
import random
from collections.abc import Callable, Collection, Sequence

import msgspec
from PySide6.QtCore import (
    QElapsedTimer,
    QEvent,
    QPoint,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QRegion,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from uwr_desktop.ui.dice import placing
from uwr_desktop.ui.dice.die_painter import Pose, paint_die, paint_focus_ring
from uwr_desktop.ui.dice.shown_die import ShownDie
from uwr_desktop.ui.theme import FOCUS_WIDTH

BASE_DURATION_MS = 600.0
FRAME_MS = 1000.0 / 60.0
# The share of the animation, at its end, during which a tumbling die already shows its final face.
SETTLE_SHARE = 0.2
FACE_CHANGE_MS = 55.0
# How far beyond its resting rect a tumbling die can reach (rotated corners, hop, ring).
TUMBLE_PAD = 30


_MOVES: dict[int, Callable[[int, int], int]] = {
    Qt.Key.Key_Left.value: lambda at, count: (at - 1) % count,
    Qt.Key.Key_Right.value: lambda at, count: (at + 1) % count,
    Qt.Key.Key_Home.value: lambda _at, _count: 0,
    Qt.Key.Key_End.value: lambda _at, count: count - 1,
}
"""The keys that choose a die: from the die chosen and the count of dice, the die chosen next."""

DICE_KEYS = (
    ("Choose a die (on the dice)", "Left, Right, Home, End"),
    ("Reroll the chosen die, as a click does (on the dice)", "Space"),
)
"""The dice's own keys while they have the focus, as the shortcut sheet lists them."""


def _positive(value: float, what: str) -> float:
    """``value``, which must be above 0 (``ValueError`` naming ``what`` otherwise)."""
    if not value > 0:
        raise ValueError(f"{what} must be above 0, not {value}")
    return value


class _Tumble(msgspec.Struct):
    spin: float
    hop: float
    bounces: float
    face_seed: int


class DiceView(QWidget):
    """Paints a row of dice and animates the ones just rolled.

    Signals: ``diceShown`` when new dice are put down (before any tumbling); ``settled`` when the
    dice come to rest (after an animation, a skip or at once under reduce motion);
    ``dieClicked(int)`` when a settled die is clicked.
    """

    diceShown = Signal()  # noqa: N815 (Qt signal naming)
    settled = Signal()
    dieClicked = Signal(int)  # noqa: N815 (Qt signal naming)

    def __init__(self, parent: QWidget | None = None, rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self._dice: tuple[ShownDie, ...] = ()
        self._tumbles: dict[int, _Tumble] = {}
        self._rng = rng if rng is not None else random.Random()
        self._speed = 1.0
        self._reduce_motion = False
        self._scale = 1.0
        self._duration_ms = BASE_DURATION_MS
        self._clock = QElapsedTimer()
        self._progress = 1.0
        self._frames = 0
        self._timer = QTimer(self)
        self._timer.setObjectName("diceAnimationTimer")
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._on_frame)
        self.setObjectName("diceView")
        self._title = "Dice"
        self._result = ""
        self._chosen: int | None = None
        self.setAccessibleName(self._title)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setMouseTracking(True)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    # ---- settings ---------------------------------------------------------------------------

    def speed(self) -> float:
        """The animation speed multiplier (1 = about 0.6 s per roll)."""
        return self._speed

    def set_speed(self, multiplier: float) -> None:
        """Set the animation speed multiplier; must be positive."""
        self._speed = _positive(multiplier, "animation speed")

    def reduce_motion(self) -> bool:
        """True when dice are shown at rest at once, without any animation."""
        return self._reduce_motion

    def set_reduce_motion(self, on: bool) -> None:
        """Turn reduce motion on or off; turning it on ends a running animation."""
        self._reduce_motion = on
        if on:
            self.skip()

    def scale(self) -> float:
        """How much larger than usual the dice are drawn (1: the tray's size)."""
        return self._scale

    def set_scale(self, factor: float) -> None:
        """Draw the dice ``factor`` times their usual size (a screen across the room)."""
        self._scale = _positive(factor, "the dice scale")
        self.updateGeometry()
        self.update()

    # ---- the dice ---------------------------------------------------------------------------

    def dice(self) -> tuple[ShownDie, ...]:
        """The dice as they are once settled (the faces the core decided)."""
        return self._dice

    def shown_labels(self) -> tuple[str, ...]:
        """What each die shows right now: a random face while it tumbles, else its own."""
        return tuple(self._label_now(i) for i in range(len(self._dice)))

    def is_animating(self) -> bool:
        """True while some dice are still tumbling."""
        return self._timer.isActive()

    def animating_indices(self) -> frozenset[int]:
        """The indices of the dice tumbling now (empty when all are at rest)."""
        return frozenset(self._tumbles) if self.is_animating() else frozenset()

    def frames_drawn(self) -> int:
        """How many animation frames the last (or current) animation has stepped through."""
        return self._frames

    def set_dice(self, dice: Sequence[ShownDie], animate: Collection[int] | None = None) -> None:
        """Show these dice; the dice at ``animate`` (all when None) tumble before settling."""
        self._stop()
        self._dice = tuple(dice)
        self._chosen = self._first_rerollable()
        targets = range(len(self._dice)) if animate is None else animate
        self._tumbles = {i: self._new_tumble() for i in targets if 0 <= i < len(self._dice)}
        self.updateGeometry()
        self._update_description()
        self.diceShown.emit()
        if self._reduce_motion or not self._tumbles:
            self._tumbles = {}
            self._progress = 1.0
            self.update()
            self.settled.emit()
            return
        self._duration_ms = BASE_DURATION_MS / self._speed
        self._progress = 0.0
        self._frames = 0
        self._clock.start()
        self._timer.start(round(FRAME_MS))
        self.update()

    def update_dice(self, dice: Sequence[ShownDie]) -> None:
        """Change how the dice are marked without moving them (same count, no animation)."""
        if len(dice) != len(self._dice):
            raise ValueError(f"expected {len(self._dice)} dice, got {len(dice)}")
        self._dice = tuple(dice)
        self._update_description()
        self.update()

    def clear(self) -> None:
        """Remove all dice."""
        self._stop()
        self._dice = ()
        self._chosen = None
        self._tumbles = {}
        self.updateGeometry()
        self._update_description()
        self.update()

    def set_title(self, title: str) -> None:
        """What a screen reader calls the dice ("Reaction dice"), before their result."""
        self._title = title
        self._name()

    def set_result(self, words: str) -> None:
        """The result the dice show in words ("3 successes"; ``""``: none yet), heard with
        the dice's title ("Dice: 3 successes"); each die's face is in the description."""
        self._result = words
        self._name()

    def _name(self) -> None:
        self.setAccessibleName(f"{self._title}: {self._result}" if self._result else self._title)

    def skip(self) -> None:
        """Stop a running animation and show the dice at rest."""
        if not self._timer.isActive():
            return
        self._finish()

    def die_rect(self, index: int) -> QRect:
        """Where die ``index`` rests, in widget coordinates."""
        return placing.scaled_rect(index, self.width(), self._scale)

    def index_at(self, point: QPoint) -> int | None:
        """The die under ``point``, or None."""
        for i in range(len(self._dice)):
            if self.die_rect(i).adjusted(-3, -3, 3, 3).contains(point):
                return i
        return None

    # ---- geometry ---------------------------------------------------------------------------

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        """The height needed grows with the number of rows of dice."""
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        """Height that fits every die at this width."""
        return placing.height_for(len(self._dice), width, self._scale)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """Room for ten dice a row."""
        width = placing.preferred_width(self._scale)
        return QSize(width, placing.height_for(len(self._dice), width, self._scale))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """Room for one die."""
        return placing.least_size(self._scale)

    # ---- animation --------------------------------------------------------------------------

    def _new_tumble(self) -> _Tumble:
        rng = self._rng
        return _Tumble(
            spin=rng.choice((-1.0, 1.0)) * rng.uniform(300.0, 620.0),
            hop=rng.uniform(6.0, 14.0),
            bounces=rng.uniform(2.0, 3.0),
            face_seed=rng.randrange(1 << 30),
        )

    def _on_frame(self) -> None:
        elapsed = self._clock.nsecsElapsed() / 1e6
        self._progress = min(1.0, elapsed / self._duration_ms)
        self._frames += 1
        if self._progress >= 1.0:
            self._finish()
            return
        # Re-aim each tick at the 1/60 s boundary after the nearest one, so frames keep an even
        # 60 Hz rhythm though timer intervals are whole milliseconds, and a tick that comes a
        # little early is not followed by one a millisecond later.
        next_frame = (round(elapsed / FRAME_MS) + 1) * FRAME_MS
        self._timer.setInterval(max(1, round(next_frame - elapsed)))
        self.update(self._tumbling_region())

    def _tumbling_region(self) -> QRegion:
        """Where tumbling dice may be drawn: their rects grown by the spin, hop and ring."""
        region = QRegion()
        pad = math.ceil(TUMBLE_PAD * self._scale)
        for index in self._tumbles:
            region += self.die_rect(index).adjusted(-pad, -pad, pad, pad)
        return region

    def _finish(self) -> None:
        self._stop()
        self._tumbles = {}
        self._progress = 1.0
        self.update()
        self.settled.emit()

    def _stop(self) -> None:
        self._timer.stop()

    def _tumbling(self, index: int) -> _Tumble | None:
        if not self._timer.isActive():
            return None
        return self._tumbles.get(index)

    def _label_now(self, index: int) -> str:
        die = self._dice[index]
        tumble = self._tumbling(index)
        if tumble is None or self._progress >= 1.0 - SETTLE_SHARE:
            return die.label
        step = int(self._progress * self._duration_ms / FACE_CHANGE_MS)
        face = random.Random(tumble.face_seed + step).randint(1, die.sides)
        return str(face)

    # ---- events -----------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """A click skips a running animation, or reports the die clicked."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        if self.is_animating():
            self.skip()
            event.accept()
            return
        index = self.index_at(event.position().toPoint())
        if index is not None:
            self.dieClicked.emit(index)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        """Show a pointing hand over dice that can be rerolled."""
        index = self.index_at(event.position().toPoint())
        if index is not None and self._dice[index].rerollable and not self.is_animating():
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.unsetCursor()
        super().mouseMoveEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Ring the dice while they have the focus."""
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Take the ring away with the focus."""
        self.update()
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Esc skips the animation; Left, Right, Home and End choose a die, and Space does
        to it what a click does (rerolls it, where a reroll is left)."""
        key = event.key()
        if key == Qt.Key.Key_Escape and self.is_animating():
            self.skip()
        elif key in _MOVES and self._dice:
            self.choose(_MOVES[key](self._chosen or 0, len(self._dice)))
        elif key == Qt.Key.Key_Space and self._chosen is not None and not self.is_animating():
            self.dieClicked.emit(self._chosen)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def chosen(self) -> int | None:
        """The die the keyboard has chosen (``None``: no dice)."""
        return self._chosen

    def choose(self, index: int) -> None:
        """Choose die ``index`` for the keyboard (ringed while the dice have the focus)."""
        if 0 <= index < len(self._dice):
            self._chosen = index
            self._update_description()
            self.update()

    def _first_rerollable(self) -> int | None:
        """The die the keyboard starts on: the first that may be rerolled, else the first."""
        if not self._dice:
            return None
        return next((i for i, die in enumerate(self._dice) if die.rerollable), 0)

    def event(self, event: QEvent) -> bool:
        """Tooltips name the die under the pointer."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.index_at(event.pos())
            if index is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self._dice[index].describe(), self)
            return True
        return super().event(event)

    def _update_description(self) -> None:
        if not self._dice:
            self.setAccessibleDescription("No dice rolled")
            return
        every = "; ".join(d.describe() for d in self._dice)
        chosen = self._chosen
        if chosen is None:
            self.setAccessibleDescription(every)
            return
        action = ", Space rerolls it" if self._dice[chosen].rerollable else ""
        self.setAccessibleDescription(f"Die {chosen + 1} chosen{action}. {every}")

    # ---- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        """Draw every die, tumbling or at rest."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        palette = self.palette()
        if not self._dice:
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No dice rolled yet")
            painter.end()
            if self.hasFocus():
                self._paint_focus()
            return
        painter.scale(self._scale, self._scale)
        exposed = QRectF(event.rect())
        exposed = QRectF(
            exposed.x() / self._scale,
            exposed.y() / self._scale,
            exposed.width() / self._scale,
            exposed.height() / self._scale,
        ).adjusted(-20, -20, 20, 20)
        for index, die in enumerate(self._dice):
            rect = QRectF(placing.unscaled_rect(index, self.width(), self._scale))
            if not rect.intersects(exposed):
                continue
            self._paint_die(painter, palette, index, die, rect)
        painter.end()
        if self.hasFocus():
            self._paint_focus()
            if self._chosen is not None:
                self._paint_chosen(self._chosen)

    def _paint_chosen(self, index: int) -> None:
        """A ring in the focus colour around the die the keyboard has chosen."""
        paint_focus_ring(self, QRectF(self.die_rect(index)).adjusted(-5, -5, 5, 5))

    def _paint_focus(self) -> None:
        """The theme's focus ring around the dice, drawn as the style rings other widgets."""
        inset = FOCUS_WIDTH / 2
        paint_focus_ring(self, QRectF(self.rect()).adjusted(inset, inset, -inset, -inset))

    def _paint_die(
        self, painter: QPainter, palette: QPalette, index: int, die: ShownDie, rect: QRectF
    ) -> None:
        tumble = self._tumbling(index)
        angle = 0.0
        lift = 0.0
        if tumble is not None:
            rest = 1.0 - self._progress
            angle = tumble.spin * rest * rest
            lift = tumble.hop * abs(math.sin(math.pi * tumble.bounces * self._progress)) * rest
        label = self._label_now(index)
        pose = Pose(label, angle, lift, settled=tumble is None)
        paint_die(painter, palette, die, rect, pose, font=self.font())
