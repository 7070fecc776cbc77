"""A combatant with a very long name on a 1366x768 laptop: the Name column stops at a bound, so
Health and Conditions stay in view beside it, and the name is elided in the middle with its
whole self in the tooltip; names of usual length still show whole."""

import pytest
from every_system import fighter
from fight_window import shown_window
from msgspec.structs import replace
from PySide6.QtCore import QModelIndex, QSize, Qt

from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.table.health_column import HEALTH_COLUMN
from uwr_desktop.ui.table.model import CONDITIONS_COLUMN, NAME_COLUMN

LAPTOP_WINDOW = QSize(1229, 655)
"""The first-start window on a 1366x768 screen (see test_small_screen.py)."""

LONG_NAME = ("Lord Commander Bartholomew of the Northern Marches " * 4)[:MAX_NAME_LENGTH]


@pytest.fixture
def window(qtbot, tmp_path):
    windows = shown_window(qtbot, tmp_path, seed=3)
    main = next(windows)
    main.showNormal()
    main.resize(LAPTOP_WINDOW)
    qtbot.wait(50)
    yield main
    next(windows, None)


def _right_edge(window, key):
    table, model = window.table, window.table_model
    section = model.column_of(key)
    return table.columnViewportPosition(section) + table.columnWidth(section)


@pytest.mark.parametrize("ruleset_id", ["uwr", "rollkeep"])
def test_a_very_long_name_leaves_health_and_conditions_in_view(window, qtbot, ruleset_id):
    window.document.new(ruleset_id)
    lord = replace(fighter(ruleset_id, 1, Side.ENEMY), name=LONG_NAME)
    window.do(AddCombatants([fighter(ruleset_id, 2, Side.PLAYER), lord]))
    qtbot.wait(20)
    viewport = window.table.viewport().width()
    assert _right_edge(window, HEALTH_COLUMN) < viewport / 2
    assert _right_edge(window, CONDITIONS_COLUMN) < viewport
    model = window.table_model
    index = model.index(model.row_of("f1"), model.column_of(NAME_COLUMN))
    assert model.data(index, Qt.ItemDataRole.ToolTipRole).startswith(LONG_NAME)


def test_a_zoomed_table_keeps_the_bound_on_long_names(window, qtbot):
    window.document.new("uwr")
    lord = replace(fighter("uwr", 1, Side.ENEMY), name=LONG_NAME)
    window.do(AddCombatants([lord]))
    for _ in range(3):
        window.actions_by_key["zoom_in"].trigger()
    qtbot.wait(20)
    assert _right_edge(window, CONDITIONS_COLUMN) < window.table.viewport().width()
    window.actions_by_key["zoom_reset"].trigger()


@pytest.mark.parametrize("ruleset_id", ["uwr", "tactical", "rollkeep", "hands"])
def test_numbered_copies_with_long_names_still_read_apart_in_the_table(window, qtbot, ruleset_id):
    window.document.new(ruleset_id)
    base = "Captain of the Silver Lantern Company of the Northern Marches"
    copies = [replace(fighter(ruleset_id, n, Side.ENEMY), name=f"{base} {n}") for n in (1, 2, 3)]
    window.do(AddCombatants(copies))
    table = window.table
    table.clearSelection()
    table.setCurrentIndex(QModelIndex())
    qtbot.wait(20)
    view_model = table.model()
    name_column = window.table_model.column_of(NAME_COLUMN)
    cells = []
    for row in range(view_model.rowCount()):
        index = view_model.index(row, name_column)
        rect = table.visualRect(index)
        text_width = table.fontMetrics().horizontalAdvance(index.data())
        assert rect.width() < text_width, "the name is cut, not shown whole"
        cells.append(table.viewport().grab(rect).toImage())
    # The first and third rows share their shade of the alternating rows.
    assert len(cells) == 3 and cells[0] != cells[2], "each copy shows its own number"
