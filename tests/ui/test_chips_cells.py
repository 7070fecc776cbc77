"""Chip cells: the view's own cell (its selection and focus) under a row of chips, never the
cell's text, which the chips show."""

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage, QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QTableView

from uwr_desktop.ui.table.chips import ChipsDelegate
from uwr_desktop.ui.table.model import CHIPS_ROLE

CHIPS = ("Stunned (1 round)", "Prone")


@pytest.fixture
def table(themed_app, qtbot):
    model = QStandardItemModel(2, 1)
    for row in range(2):
        item = QStandardItem(", ".join(CHIPS))
        item.setData(CHIPS, CHIPS_ROLE)
        model.setItem(row, 0, item)
    view = QTableView()
    view.setModel(model)
    view.setItemDelegateForColumn(0, ChipsDelegate(tinted=True, parent=view))
    view.setColumnWidth(0, 400)
    view.resize(460, 120)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


def _cell(view: QTableView, row: int) -> QImage:
    rect = view.visualRect(view.model().index(row, 0))
    return view.viewport().grab(rect).toImage()


def test_a_chip_cell_never_draws_its_text(table):
    before = _cell(table, 0)
    table.model().item(0, 0).setText("Words the chips do not show")
    assert _cell(table, 0) == before


def test_a_chip_cell_shows_its_row_s_selection_beyond_the_chips(table):
    table.selectRow(0)
    table.clearFocus()
    palette = table.palette()
    end = table.visualRect(table.model().index(0, 0)).width() - 6
    selected = _cell(table, 0).pixelColor(QPoint(end, 10))
    plain = _cell(table, 1).pixelColor(QPoint(end, 10))
    assert selected != plain
    highlight = palette.color(QPalette.ColorGroup.Inactive, QPalette.ColorRole.Highlight)
    assert selected in (highlight, palette.color(QPalette.ColorRole.Highlight))
    assert plain == palette.color(QPalette.ColorRole.Base)
