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
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QWidget

_LABEL_MARGIN = 4
"""Pixels the style keeps clear around a drop-down's text."""
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
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return self._elided(option)

    def _fits(self) -> bool:
        """Whether the choice clearly fits, so that Qt's painting shows it whole (asked first:
        a ``QStyle`` enum used from Python builds all of them, which a first frame does
        without)."""
        room = self.width() - _FRAME_ROOM
        if not self.itemIcon(self.currentIndex()).isNull():
            room -= self.iconSize().width() + _LABEL_MARGIN
        return self.fontMetrics().horizontalAdvance(self.currentText()) <= room

    def _elided(self, option: QStyleOptionComboBox) -> str:
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        room = field.width() - _LABEL_MARGIN
        if not option.currentIcon.isNull():
            room -= option.iconSize.width() + _LABEL_MARGIN
        return self.fontMetrics().elidedText(option.currentText, Qt.TextElideMode.ElideRight, room)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        """Paint the box as Qt does, with :meth:`shown_text` for its text."""
        if self.isEditable() or self._fits():
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self._elided(option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)
