"""What a key pressed on the timeline asks for: arrows select, Alt+arrows move, Enter opens."""

from enum import StrEnum

from PySide6.QtCore import Qt

from uwr_desktop.core.timeline import SlotStatus, TimelineSlot

KEYS = frozenset(
    {
        Qt.Key.Key_Left,
        Qt.Key.Key_Right,
        Qt.Key.Key_Home,
        Qt.Key.Key_End,
        Qt.Key.Key_Return,
        Qt.Key.Key_Enter,
    }
)
"""The keys the timeline answers (besides Esc during a drag)."""


class Ask(StrEnum):
    """What a key asks for."""

    SELECT = "select"
    MOVE = "move"
    OPEN = "open"


def answer(
    key: int, *, alt: bool, slots: tuple[TimelineSlot, ...], selected: str | None
) -> tuple[Ask, str, int] | None:
    """What ``key`` (one of :data:`KEYS`) asks of the timeline showing ``slots`` with the slot
    ``selected`` selected: the slot it concerns and an index (the slot to select, or the
    selected slot with the place to move it to, or to open); ``None``: nothing."""
    keys = [slot.key for slot in slots]
    index = None if selected is None else keys.index(selected)
    step = -1 if key == Qt.Key.Key_Left else 1
    if alt and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
        if index is not None and 0 <= index + step < len(keys):
            return Ask.MOVE, keys[index], index + step
        return None
    if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        return None if index is None else (Ask.OPEN, keys[index], index)
    if key == Qt.Key.Key_Home:
        target = 0
    elif key == Qt.Key.Key_End:
        target = len(keys) - 1
    elif index is None:
        acting = (i for i, slot in enumerate(slots) if slot.status == SlotStatus.CURRENT)
        target = next(acting, 0)
    else:
        target = min(max(index + step, 0), len(keys) - 1)
    return Ask.SELECT, keys[target], target
