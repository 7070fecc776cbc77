"""Sorting and filtering the combatant table: by column, by side, by name, hidden or not.

Sorting is natural ("Bandit 2" before "Bandit 10", numbers by value, empty cells last). With
no sort column the rows keep the model's turn order.
"""

import re
from collections.abc import Iterable
from fractions import Fraction

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel

from uwr_desktop.core.naming import name_key
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.table.model import HIDDEN_ROLE, NAME_ROLE, SIDE_ROLE, SORT_ROLE

_ModelIndex = QModelIndex | QPersistentModelIndex
_DIGITS = re.compile(r"(\d+)")

NaturalKey = tuple[int, tuple[tuple[int, Fraction | int | str], ...]]


def natural_key(value: object) -> NaturalKey:
    """A sort key putting numbers by value and text with numbers in natural order.

    Numbers come before text and empty cells (``None``) last; text compares without case, its
    runs of digits as numbers: ``"Bandit 2" < "Bandit 10"``.
    """
    if value is None:
        return (2, ())
    if isinstance(value, bool | int | Fraction | float):
        return (0, ((0, Fraction(value)),))
    parts = _DIGITS.split(str(value).casefold())
    key: list[tuple[int, Fraction | int | str]] = []
    for position, part in enumerate(parts):
        if position % 2:
            key.append((0, int(part)))
        elif part:
            key.append((1, part))
    return (1, tuple(key))


class ChosenValuesFilter(QSortFilterProxyModel):
    """A proxy model filtering its rows by values the user chooses (attributes of the
    subclass that ``filterAcceptsRow`` reads): the table's sides, hidden and name, the event
    log's combatant."""

    def _choose(self, attribute: str, value: object) -> None:
        """Set the filter's ``attribute`` to ``value``; the rows are filtered again only when
        it changes."""
        if getattr(self, attribute) != value:
            self.beginFilterChange()
            setattr(self, attribute, value)
            self.endFilterChange()


class CombatantFilterProxy(ChosenValuesFilter):
    """Shows the combatants of the chosen sides whose name matches, hidden ones on request."""

    def __init__(self, parent: QObject | None = None) -> None:
        """Every side shown, hidden combatants shown, no name filter, natural sorting."""
        super().__init__(parent)
        self._sides: frozenset[Side] = frozenset(Side)
        self._show_hidden = True
        self._name_filter = ""
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)

    def visible_sides(self) -> frozenset[Side]:
        """The sides shown."""
        return self._sides

    def set_visible_sides(self, sides: Iterable[Side]) -> None:
        """Show only combatants of ``sides``."""
        self._choose("_sides", frozenset(Side(side) for side in sides))

    def set_side_visible(self, side: Side, visible: bool) -> None:
        """Show or hide one side."""
        self.set_visible_sides(self._sides | {side} if visible else self._sides - {side})

    def show_hidden(self) -> bool:
        """Whether combatants hidden from the players are shown."""
        return self._show_hidden

    def set_show_hidden(self, show: bool) -> None:
        """Show or leave out combatants hidden from the players."""
        self._choose("_show_hidden", show)

    def name_filter(self) -> str:
        """The text names must contain (any case)."""
        return self._name_filter

    def set_name_filter(self, text: str) -> None:
        """Show only combatants whose name contains ``text`` (names compared as
        :func:`~uwr_desktop.core.naming.name_key` does: any case, characters that show nothing
        left out; blank: all)."""
        self._choose("_name_filter", name_key(text))

    def filterAcceptsRow(self, source_row: int, source_parent: _ModelIndex) -> bool:  # noqa: N802
        """Keep a row whose side is shown, whose name matches and that is not hidden away."""
        model = self.sourceModel()
        if model is None:
            return False
        index = model.index(source_row, 0, source_parent)
        # A StrEnum member hashes and compares as its value, which is what the role gives.
        if index.data(SIDE_ROLE) not in self._sides:
            return False
        if not self._show_hidden and index.data(HIDDEN_ROLE):
            return False
        name = index.data(NAME_ROLE)
        return not self._name_filter or self._name_filter in name_key(str(name))

    def lessThan(self, left: _ModelIndex, right: _ModelIndex) -> bool:  # noqa: N802
        """Natural order of the raw cell values."""
        return natural_key(left.data(SORT_ROLE)) < natural_key(right.data(SORT_ROLE))
