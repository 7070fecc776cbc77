"""The timeline's tooltips: a slot told in full, or what the layout says off the slots (a
lane's heading)."""

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip, QWidget

from uwr_desktop.ui.timeline.layout import TimelineLayout


def show_tooltip(
    timeline: QWidget,
    event: QHelpEvent,
    layout: TimelineLayout,
    *,
    scroll: int,
    slot_at: Callable[[QPointF], tuple[str, QRectF] | None],
) -> None:
    """Show the tooltip for the pointer of ``event``: the layout's words at that point (content
    coordinates, the view scrolled by ``scroll``), else the words of the slot ``slot_at``
    finds there (its text and where it is drawn); hide it over nothing."""
    pos = QPointF(event.pos())
    said = layout.tooltip_at(QPointF(pos.x() + scroll, pos.y()), scroll)
    found = slot_at(pos) if said is None else None
    if said is not None:
        QToolTip.showText(event.globalPos(), said, timeline)
    elif found is None:
        QToolTip.hideText()
        event.ignore()
    else:
        text, rect = found
        QToolTip.showText(event.globalPos(), text, timeline, rect.toAlignedRect())
