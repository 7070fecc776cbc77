"""The mouse wheel changes a drop-down or a number box only while it has the keyboard focus;
the app's drop-down (:class:`ChoiceBox`) also ends a choice too long for it in "…".

Qt lets the wheel change any combo box or spin box under the pointer, and gives it the focus on
the way: a GM scrolling the Dice dock past the attack's target changed the target. The app's
drop-downs (:class:`ChoiceBox`) and number boxes (:mod:`~uwr_desktop.ui.widgets.number_box`)
take the focus by a click or Tab only, and leave a wheel they do not have the focus for to what
holds them, so the dock, the dialog or the log under the pointer scrolls as it would over a
label.

This is done in the two classes rather than by an event filter on the application: a filter
written in Python is called for every event of every object, and made start-up a fifth more
work.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent, QWheelEvent
from PySide6.QtWidgets import QComboBox, QWidget

_LABEL_MARGIN = 4
"""Pixels kept clear beside a drop-down's icon."""
_FRAME_ROOM = 48
"""Pixels a style takes at the most for a drop-down's frame and arrow: a choice that leaves
this much of the box free is drawn whole by Qt's own painting."""


def focus_without_wheel(widget: QWidget) -> None:
    """Let ``widget`` take the keyboard focus by a click or Tab, never by the wheel."""
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


def wheel_is_for(widget: QWidget, event: QWheelEvent) -> bool:
    """Whether ``widget`` may act on the wheel: only while it has the focus. Otherwise the
    event is ignored, and Qt offers it to the widgets that hold ``widget``."""
    if widget.hasFocus():
        return True
    event.ignore()
    return False


class ChoiceBox(QComboBox):
    """A drop-down the wheel changes only while it has the keyboard focus, whose text ends in
    "…" when it is too long for the box."""

    def __init__(self, parent: QWidget | None = None) -> None:
        """An empty drop-down."""
        super().__init__(parent)
        focus_without_wheel(self)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        """Change the choice only with the focus; else let what holds the box scroll."""
        if wheel_is_for(self, event):
            super().wheelEvent(event)

    def shown_text(self) -> str:
        """The choice as the closed box shows it: ending in "…" when the box is too narrow
        (Qt would cut a long name off mid-letter, with nothing to say it goes on)."""
        if self._fits():
            return self.currentText()
        from uwr_desktop.ui.widgets.choice_painting import elided_choice

        return elided_choice(self)

    def _fits(self) -> bool:
        """Whether the choice clearly fits, so that Qt's own painting shows it whole."""
        # Sized to its contents, a box as wide as its size hint has room for every choice.
        sized = self.sizeAdjustPolicy() == QComboBox.SizeAdjustPolicy.AdjustToContents
        if sized and self.width() >= self.sizeHint().width():
            return True
        room = self.width() - _FRAME_ROOM
        if not self.itemIcon(self.currentIndex()).isNull():
            room -= self.iconSize().width() + _LABEL_MARGIN
        return self.fontMetrics().horizontalAdvance(self.currentText()) <= room

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        """Paint the box as Qt does, with :meth:`shown_text` for its text."""
        if self.isEditable() or self._fits():
            super().paintEvent(event)
            return
        from uwr_desktop.ui.widgets.choice_painting import paint_elided

        paint_elided(self)
