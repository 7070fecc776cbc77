"""Slots gliding to new places: after an update, each moved slot starts where it was drawn and
glides to its new place while slots that appeared fade in."""

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRectF

if TYPE_CHECKING:
    from PySide6.QtCore import QVariantAnimation

MOVE_ANIMATION_MS = 200
"""How long a card takes to glide to its new place."""


class Glide:
    """The glide of the slots of one timeline; ``on_frame`` is called at every step."""

    def __init__(self, owner: QObject, on_frame: Callable[[], None]) -> None:
        """Nothing gliding yet; the animation is made (as a child of ``owner``) on first use."""
        self._owner = owner
        self._on_frame = on_frame
        self._offsets: dict[str, float] = {}
        self._appearing: set[str] = set()
        self._progress = 0.0
        self.milliseconds = MOVE_ANIMATION_MS
        # Made when cards first glide: the window's first frame has nothing to animate, and
        # Qt's animation types cost start-up time to load.
        self._animation: QVariantAnimation | None = None

    def offset(self, key: str) -> float:
        """How far (x) the slot ``key`` is drawn from its place now."""
        return self._offsets.get(key, 0.0) * self._progress

    def opacity(self, key: str) -> float:
        """The slot's opacity now: slots that appeared fade in."""
        return 1.0 - self._progress if key in self._appearing else 1.0

    def stop(self) -> None:
        """Stop where it is (the slots are about to move again)."""
        if self._animation is not None:
            self._animation.stop()

    def start(self, old_x: dict[str, float], targets: dict[str, QRectF], *, shown: bool) -> None:
        """Glide each slot from ``old_x`` (where it was drawn) to its place in ``targets`` and
        fade in the slots that appeared; at once when nothing moved, the timeline is not
        ``shown`` or the duration is 0."""
        self._offsets = {
            key: old_x[key] - rect.x()
            for key, rect in targets.items()
            if key in old_x and abs(old_x[key] - rect.x()) > 0.5
        }
        self._appearing = set(targets) - set(old_x) if old_x else set()
        if (self._offsets or self._appearing) and shown and self.milliseconds > 0:
            self._progress = 1.0
            self._made().start()
        else:
            self._clear()

    def is_running(self) -> bool:
        """Whether slots are still gliding."""
        animation = self._animation
        return animation is not None and animation.state() == animation.State.Running

    def set_duration(self, milliseconds: int) -> None:
        """How long a glide lasts from now on (0: none)."""
        self.milliseconds = milliseconds
        if self._animation is not None:
            self._animation.setDuration(milliseconds)

    def _made(self) -> "QVariantAnimation":
        if self._animation is None:
            from PySide6.QtCore import QEasingCurve, QVariantAnimation  # loaded on first glide

            self._animation = QVariantAnimation(self._owner)
            self._animation.setObjectName("timelineMoveAnimation")
            self._animation.setStartValue(1.0)
            self._animation.setEndValue(0.0)
            self._animation.setEasingCurve(QEasingCurve.Type.OutCubic)
            self._animation.valueChanged.connect(self._on_progress)
            self._animation.finished.connect(self._on_finished)
        self._animation.setDuration(self.milliseconds)
        return self._animation

    def _on_progress(self, value: float) -> None:
        self._progress = float(value)
        self._on_frame()

    def _on_finished(self) -> None:
        self._clear()
        self._on_frame()

    def _clear(self) -> None:
        self._progress = 0.0
        self._offsets = {}
        self._appearing = set()
