"""Where the words of one lane go so that none overlap: each slot's label inside its bar when
the bar is wide enough (cut short to it), else beside it, in the first row of the lane with
room; what finds no room is cut short (its tooltip tells the rest).

Pure geometry on plain numbers, so the layout can fit a thousand lanes quickly.
"""

from collections.abc import Callable

import msgspec

LABEL_PAD = 6.0
"""Room either side of a label's text."""
SPACING = 6.0
"""The least room between two things in one row of a lane."""
MIN_LABEL = 14.0
"""A label cut shorter than this is left out."""
INSIDE = 56.0
"""A bar at least this wide keeps its label inside, cut short when it does not fit."""


class Item(msgspec.Struct):
    """One slot in a lane: its bar from ``left`` to ``right`` (a mark: both its x), its
    ``text`` and, once fitted, its ``row`` and label box (``label_left``, ``label_width``;
    width 0: no label) and whether the label sits ``inside`` the bar."""

    key: str
    left: float
    right: float
    text: str
    bar: bool
    row: int = 0
    label_left: float = 0.0
    label_width: float = 0.0
    inside: bool = False

    @property
    def end(self) -> float:
        """Where the item (its bar or mark, and its label) ends on the right."""
        return max(self.right, self.label_left + self.label_width)


def fit(items: list[Item], width_of: Callable[[str], float], rows: int) -> int:
    """Give each of ``items`` (left to right) a row among ``rows`` and a label box that
    overlaps nothing else in that row; return the rows used."""
    ends: list[tuple[float, float]] = []
    """Per row: where its last bar or mark ends, and where the row is free from (its labels
    and marks kept ``SPACING`` apart; a bar may start where a bar ends)."""
    for item in items:
        text_width = width_of(item.text) + 2 * LABEL_PAD if item.text else 0.0
        bar_width = item.right - item.left
        if item.bar and (text_width <= bar_width or bar_width >= INSIDE):
            item.inside, item.label_left = True, item.left
            item.label_width = min(text_width, bar_width)
        else:
            gap = 8.0 if item.bar else 10.0
            item.label_left, item.label_width = item.right + gap, text_width
        start = item.left - (0.0 if item.bar else 7.0)

        def fits(row: tuple[float, float], start: float = start, bar: bool = item.bar) -> bool:
            bar_end, free_from = row
            return free_from <= start and (bar_end <= start + 0.5 if bar else True)

        free = next((index for index, row in enumerate(ends) if fits(row)), None)
        if free is None and len(ends) < rows:
            free = len(ends)
            ends.append((-1e9, -1e9))
        if free is None:
            free = min(range(len(ends)), key=lambda index: ends[index][1])
        item.row = free
        spaced = item.end + SPACING if not item.inside else item.right
        ends[free] = (max(ends[free][0], item.right), max(ends[free][1], spaced))
    _cut_short(items)
    return max(1, len(ends))


def _cut_short(items: list[Item]) -> None:
    """Shorten any label that would reach the next thing in its row (drop it when too
    short)."""
    by_row: dict[int, list[Item]] = {}
    for item in items:
        by_row.setdefault(item.row, []).append(item)
    for row in by_row.values():
        row.sort(key=lambda item: item.left)
        for index, item in enumerate(row):
            if not item.label_width:
                continue
            later = [other.left - (0.0 if other.bar else 7.0) for other in row[index + 1 :]]
            later += [
                other.label_left
                for other in row
                if other is not item and other.label_width and other.label_left > item.label_left
            ]
            limit = min(later, default=float("inf")) - SPACING
            if item.label_left + item.label_width > limit:
                item.label_width = max(0.0, limit - item.label_left)
                item.inside = item.inside and item.label_width > 0
            if item.label_width < MIN_LABEL:
                item.label_width = 0.0
