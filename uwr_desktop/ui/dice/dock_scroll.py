"""Bringing the dice into view in the scrolling Dice dock without scrolling the GM's inputs away."""

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QRect, Qt, QTimer
from PySide6.QtWidgets import QScrollArea, QWidget


def bring_into_view(scroller: QScrollArea, widget: QWidget, keep: QWidget | None = None) -> None:
    """Scroll ``scroller`` so that ``widget`` shows, but never past the top of ``keep``.

    ``keep`` is the part of the panel the GM works with now (a panel's
    :attr:`~uwr_desktop.ui.rulesets.base.DicePanel.keep_in_view`): when ``widget`` is not wholly
    in view, or the dock was scrolled past ``keep``, the dock scrolls to put the top of ``keep``
    at its own top (whole rows, ``widget`` below them as far as there is room). ``None``: the
    dock scrolls the least that shows ``widget``.
    """
    content = scroller.widget()
    if content is None or not widget.isVisible():
        return
    layout = content.layout()
    if layout is not None:
        # The panel may have just shown or hidden rows (a reaction box, a hit offer).
        layout.activate()
    if keep is None or not keep.isVisible() or not content.isAncestorOf(keep):
        scroller.ensureWidgetVisible(widget, 0, 0)
        return
    bar = scroller.verticalScrollBar()
    top = keep.mapTo(content, QPoint(0, 0)).y()
    placed = QRect(widget.mapTo(content, QPoint(0, 0)), widget.size())
    shown = QRect(0, bar.value(), content.width(), scroller.viewport().height())
    target = bar.value()
    if target > top or not shown.contains(placed):
        target = min(top, bar.maximum())
    # Stop between two rows: a widget beside ``keep``, or above where the dock can scroll to
    # short of its end, is never cut at the top.
    bar.setValue(_between_rows(content, target))


def _between_rows(content: QWidget, limit: int) -> int:
    """The lowest line of ``content`` at or above ``limit`` that cuts none of its widgets."""
    spans = []
    for child in content.findChildren(QWidget):
        inner = child.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if child.isVisible() and not any(grand.isVisible() for grand in inner):
            y = child.mapTo(content, QPoint(0, 0)).y()
            spans.append((y, y + child.height()))
    uncut = [
        y
        for y in (limit, *(start for start, _ in spans if start <= limit))
        if not any(start < y < end for start, end in spans)
    ]
    return max(uncut, default=0)


SETTLING_MS = 250
"""How long after bringing the dice into view the dock still follows the panel's rows settling:
a box shown with the dice may take its final height only once the panel is laid out again."""


class _Settler(QObject):
    """Brings ``widget`` into view again while the dock's range changes; a child of
    ``widget``, so it and its connection go with it."""

    def __init__(
        self, scroller: QScrollArea, widget: QWidget, keep: Callable[[], QWidget | None]
    ) -> None:
        super().__init__(widget)
        self._scroller = scroller
        self._widget = widget
        self._keep = keep
        scroller.verticalScrollBar().rangeChanged.connect(self._again)
        QTimer.singleShot(SETTLING_MS, self, self.deleteLater)

    def bring(self) -> None:
        """Bring the widget into view as the panel is laid out now."""
        bring_into_view(self._scroller, self._widget, self._keep())

    def _again(self) -> None:
        QTimer.singleShot(0, self, self.bring)


def bring_into_view_soon(
    scroller: QScrollArea, widget: QWidget, keep: Callable[[], QWidget | None]
) -> None:
    """:func:`bring_into_view` once the events under way are handled: the panel shows the rows
    of the check it rolled (a reaction box, a hit offer) only after its dice. ``keep`` is asked
    then; nothing happens if ``widget`` is gone by then. While the panel's rows settle (the
    dock's range changes within ``SETTLING_MS``), the dock follows them."""
    QTimer.singleShot(0, widget, lambda: _Settler(scroller, widget, keep).bring())
