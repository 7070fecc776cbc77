"""What the combatant table shows of its cells, as the GM sees them."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

from uwr_desktop.ui.table.model import MEASURE_ROLE


def cut_cells(window, combatant_id: str) -> list[str]:
    """The shown columns whose text the table cuts in the combatant's row (bold for the acting
    one)."""
    table, model, proxy = window.table, window.table_model, window.proxy
    cut = []
    for column in range(model.columnCount()):
        if table.isColumnHidden(column):
            continue
        source = model.index(model.row_of(combatant_id), column)
        if source.data(MEASURE_ROLE) is None:
            continue  # chips, drawn by their own delegate, and check boxes
        index = proxy.mapFromSource(source)
        option = QStyleOptionViewItem()
        option.initFrom(table)
        option.rect = table.visualRect(index)
        table.itemDelegateForIndex(index).initStyleOption(option, index)
        style = table.style()
        text_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, table)
        text = str(index.data())
        metrics = QFontMetricsF(QFont(option.font))
        if metrics.elidedText(text, table.textElideMode(), text_rect.width()) != text:
            cut.append(model.headerData(column, Qt.Orientation.Horizontal))
    return cut
