"""The timeline's sideways scrolling: a scroll bar along its bottom edge, shown only when the
slots are wider than the timeline, moved by the wheel, by a drag near an edge and to bring a
slot into view."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QScrollBar, QWidget

from uwr_desktop.ui.timeline.cards import MARGIN

EDGE_ZONE = 36.0
"""How near an edge a dragged slot scrolls the timeline."""
EDGE_STEP = 24


class Scroller:
    """The scroll bar of ``owner`` (which repaints when it moves)."""

    def __init__(self, owner: QWidget) -> None:
        """A hidden scroll bar at 0."""
        self._owner = owner
        self.bar = QScrollBar(Qt.Orientation.Horizontal, owner)
        self.bar.setObjectName("timelineScrollBar")
        self.bar.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.bar.hide()
        self.bar.valueChanged.connect(owner.update)

    def x(self) -> int:
        """How far the content is scrolled."""
        return self.bar.value()

    def bar_height(self) -> int:
        """The scroll bar's height."""
        return self.bar.sizeHint().height()

    def fit(self, content_width: float, step: float) -> None:
        """Follow the owner's size: the bar along its bottom, over the content's overflow."""
        owner = self._owner
        overflow = int(content_width - owner.width() + 0.5)
        bar_height = self.bar_height()
        self.bar.setGeometry(
            int(MARGIN),
            owner.height() - bar_height - 2,
            int(owner.width() - 2 * MARGIN),
            bar_height,
        )
        if overflow > 0:
            self.bar.setRange(0, overflow)
            self.bar.setPageStep(max(1, owner.width()))
            self.bar.setSingleStep(int(step))
            self.bar.show()
        else:
            self.bar.setValue(0)
            self.bar.setRange(0, 0)
            self.bar.hide()

    def show_span(self, left: float, right: float) -> None:
        """Scroll so that ``left`` to ``right`` (content coordinates) is in view."""
        scroll = self.x()
        if left < scroll:
            self.bar.setValue(int(left))
        elif right > scroll + self._owner.width():
            self.bar.setValue(int(right - self._owner.width() + 1))

    def near_edge(self, x: float) -> None:
        """Scroll a step towards the edge a dragged slot at ``x`` (widget coordinates) is near."""
        if x < EDGE_ZONE:
            self.bar.setValue(self.x() - EDGE_STEP)
        elif x > self._owner.width() - EDGE_ZONE:
            self.bar.setValue(self.x() + EDGE_STEP)

    def wheel(self, event: QWheelEvent, step: float) -> None:
        """Scroll ``step`` per notch of either wheel direction (ignored when nothing scrolls)."""
        if not self.bar.isVisible():
            event.ignore()
            return
        delta = event.angleDelta()
        notches = (delta.x() or delta.y()) / 120
        self.bar.setValue(int(self.x() - notches * step))
        event.accept()
