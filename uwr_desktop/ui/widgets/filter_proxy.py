"""A filtering proxy model whose filter is a few chosen values, each set the same way."""

from PySide6.QtCore import QSortFilterProxyModel


class ChosenValuesFilter(QSortFilterProxyModel):
    """A proxy model filtering its rows by values the user chooses (attributes of the
    subclass that ``filterAcceptsRow`` reads)."""

    def _choose(self, attribute: str, value: object) -> None:
        """Set the filter's ``attribute`` to ``value``; the rows are filtered again only when
        it changes."""
        if getattr(self, attribute) != value:
            self.beginFilterChange()
            setattr(self, attribute, value)
            self.endFilterChange()
