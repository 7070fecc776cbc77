"""The main window on a 1366x768 laptop: Name and Health frozen at the left, the Health
column's minus and plus, columns the GM hides or moves remembered per round system, the dice panel's
inputs in view during an attack, the round and turn shown large above the table, and the event
log's lines one line high."""

import random

import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QWidget
from table_cells import cut_cells

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import EditCell, NextTurn
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.rulesets.uwr.intents import Attack
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.table.column_prefs import HIDDEN_KEY
from uwr_desktop.ui.table.health_column import HEALTH_COLUMN, step_rects
from uwr_desktop.ui.table.model import CONDITIONS_COLUMN, NAME_COLUMN
from uwr_desktop.ui.window.layout import first_dice_dock_width
from uwr_desktop.ui.window.main_window import MainWindow
from uwr_desktop.ui.window.turn_header import TurnHeader

LAPTOP_WINDOW = QSize(1229, 655)
"""The first-start window on a 1366x768 screen (see test_small_screen.py)."""


def _window(qtbot, tmp_path, size=LAPTOP_WINDOW):
    document = EncounterDocument(None, roller=Roller(random.Random(5)))
    document.open_copy(resource_path("samples", "sample-fight.uwr"), "Sample fight")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.actions_by_key["reduce_motion"].setChecked(True)
    main.timeline.set_animation_duration(0)
    main.showNormal()  # the offscreen screen is small: a first start would fill it
    main.resize(size)
    qtbot.waitExposed(main)
    qtbot.wait(50)
    return main


@pytest.fixture
def window(qtbot, tmp_path):
    main = _window(qtbot, tmp_path)
    yield main
    main.statusBar().clearMessage()
    main.document.close()


def _placed(widget: QWidget, within: QWidget) -> QRect:
    return QRect(widget.mapTo(within, QPoint(0, 0)), widget.size())


def _cell_rect(window, combatant_id, key):
    """The view showing the cell (the frozen one once the table scrolls), the cell, its rect."""
    model = window.table_model
    index = window.proxy.mapFromSource(
        model.index(model.row_of(combatant_id), model.column_of(key))
    )
    view = window.table.frozen if window.table.frozen.isVisible() else window.table
    return view, index, view.visualRect(index)


def test_name_and_health_stay_at_the_left_when_the_table_scrolls(window, qtbot):
    table = window.table
    frozen = table.frozen
    keys = table.column_keys()
    shown = [keys[s] for s in range(len(keys)) if not frozen.isColumnHidden(s)]
    assert shown == [NAME_COLUMN, HEALTH_COLUMN, CONDITIONS_COLUMN]
    header = table.horizontalHeader()
    assert [keys[header.logicalIndex(v)] for v in (0, 1, 2)] == [
        NAME_COLUMN,
        HEALTH_COLUMN,
        CONDITIONS_COLUMN,
    ]
    assert not frozen.isVisible(), "unscrolled, the table's own first columns are the frozen"
    assert table.columnViewportPosition(header.logicalIndex(0)) == 0
    bar = table.horizontalScrollBar()
    assert bar.maximum() > 0, "the laptop table has more columns than fit"
    bar.setValue(bar.maximum())
    qtbot.wait(20)
    assert frozen.isVisible()
    _, _index, rect = _cell_rect(window, "vex", NAME_COLUMN)
    assert frozen.viewport().rect().contains(rect), "Vex's name stays in view"
    assert frozen.geometry().left() <= table.frameWidth() + 1
    last = header.logicalIndex(header.count() - 1)
    assert table.columnViewportPosition(last) >= table.frozen_width(), "not under the names"
    # One selection for both views: a click on a frozen name selects the whole row.
    qtbot.mouseClick(frozen.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.selected_ids() == ["vex"]


def test_the_health_buttons_deal_one_and_heal_one_undoably(window, qtbot):
    vitality = lambda: window.document.session.state.combatants["vex"].sheet.vitality  # noqa: E731
    before = vitality()
    frozen, index, rect = _cell_rect(window, "vex", HEALTH_COLUMN)
    assert index.data() == f"{before}/{before}"
    minus, plus = step_rects(rect)
    qtbot.mouseClick(frozen.viewport(), Qt.MouseButton.LeftButton, pos=minus.center())
    assert vitality() == before - 1
    assert index.data() == f"{before - 1}/{before}"
    assert "1 damage" in window.document.session.entries[-1].label.lower() or (
        "Vex" in window.document.session.entries[-1].label
    )
    qtbot.mouseClick(frozen.viewport(), Qt.MouseButton.LeftButton, pos=minus.center())
    qtbot.mouseClick(frozen.viewport(), Qt.MouseButton.LeftButton, pos=plus.center())
    assert vitality() == before - 1
    window.actions_by_key["undo"].trigger()
    assert vitality() == before - 2
    # The keyboard's Deal 1 Damage acts on the selected rows, like the menu's Apply Damage.
    window.table.selectRow(index.row())
    window.actions_by_key["damage_one"].trigger()
    assert vitality() == before - 3
    window.actions_by_key["heal_one"].trigger()
    assert vitality() == before - 2


def test_hidden_and_moved_columns_are_remembered_for_the_round_system(window, qtbot, tmp_path):
    prefs = window.column_prefs
    menu = prefs.menu  # View ▸ Table Columns, filled as it opens
    assert menu.menuAction() in window.menuBar().actions()[4].menu().actions()
    menu.aboutToShow.emit()
    titles = [a.text() for a in menu.actions()]
    assert "Side" in titles and "Health" in titles
    assert not menu.actions()[titles.index("Name")].isEnabled(), "the name always shows"
    menu.actions()[titles.index("Side")].setChecked(False)
    keys = window.table.column_keys()
    assert window.table.isColumnHidden(keys.index("side"))
    header = window.table.horizontalHeader()
    init = keys.index("initiative") if "initiative" in keys else keys.index("init")
    header.moveSection(header.visualIndex(init), 3)
    order = prefs.shown_order()
    frozen = [NAME_COLUMN, HEALTH_COLUMN, CONDITIONS_COLUMN]
    assert order[:3] == frozen, "frozen columns stay first"
    assert order[3] == keys[init]
    # Dragging a column before the frozen ones puts them back first.
    header.moveSection(header.visualIndex(keys.index("notes")), 0)
    assert prefs.shown_order()[:3] == frozen
    chosen = prefs.shown_order()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert settings.value(HIDDEN_KEY.format(ruleset="uwr")) in (["side"], "side")
    window.document.close()

    again = _window(qtbot, tmp_path)
    again_keys = again.table.column_keys()
    assert again.table.isColumnHidden(again_keys.index("side"))
    assert again.column_prefs.shown_order() == chosen
    again.document.close()


def test_the_dice_inputs_stay_in_view_during_an_attack_on_a_laptop(window, qtbot):
    state = window.document.session.state
    attacker = state.combatants[state.current]
    target = next(c for c in state.combatants.values() if c.side not in (attacker.side, Side.ALLY))
    window.do(Attack(attacker.id, 0, target.id))
    scroller = window.dice_dock.findChild(QScrollArea, "diceScroller")
    # The dock as the first start on the laptop makes it (the test screen is smaller).
    tray_width = window.dice_panel.widget.minimumSizeHint().width()
    wanted = first_dice_dock_width(
        window.width(), tray_width + scroller.verticalScrollBar().sizeHint().width()
    )
    window.resizeDocks([window.dice_dock], [wanted], Qt.Orientation.Horizontal)
    qtbot.wait(20)
    scroller.verticalScrollBar().setValue(0)
    viewport = scroller.viewport()
    tray = window.dice_tray
    for widget in (tray.combatant, tray.notation, tray.roll_button):
        assert viewport.rect().contains(_placed(widget, viewport)), widget.accessibleName()
    for label in window.dice_panel.widget.findChildren(QLabel):
        if label.isVisible() and label.text() and not label.wordWrap():
            assert label.width() >= label.sizeHint().width(), f"{label.text()!r} is cut"


def test_the_round_and_the_acting_combatant_show_large_above_the_table(window):
    header = window.turn_header
    state = window.document.session.state
    actor = state.combatants[state.current].name
    assert header.round_label.text() == f"Round {state.round}"
    assert header.actor_label.text() == f"{actor} acts"
    status = window.statusBar().findChild(QLabel, "statusRound")
    assert header.round_label.font().pointSizeF() >= 1.4 * status.font().pointSizeF()
    assert (
        header.isVisible() and header.y() < window.table.mapTo(window.centralWidget(), QPoint()).y()
    )
    window.do(NextTurn())
    state = window.document.session.state
    assert header.actor_label.text() == f"{state.combatants[state.current].name} acts"


def test_a_name_too_long_for_the_header_ends_in_an_ellipsis_and_stays_whole(qtbot):
    header = TurnHeader()
    qtbot.addWidget(header)
    header.actor_label.setText("Bandit Captain of the Ninth Company acts")
    header.resize(200, header.sizeHint().height())
    header.show()
    qtbot.waitExposed(header)
    shown = header.actor_label.shown_text()
    assert shown.endswith("…") and shown != header.actor_label.text()
    assert header.actor_label.text() == "Bandit Captain of the Ninth Company acts"
    assert shown.removesuffix("…") in header.actor_label.text()
    header.resize(1200, header.height())
    qtbot.waitUntil(lambda: header.actor_label.shown_text() == header.actor_label.text())


def test_a_new_turn_order_keeps_the_column_widths(qtbot, tmp_path):
    from fight_window import shown_window
    from test_check_panel import bandit, vex

    from uwr_desktop.core.intents import AddCombatants, StartFight

    windows = shown_window(qtbot, tmp_path, seed=8)
    main = next(windows)
    main.do(AddCombatants([bandit(1), bandit(2), vex()]))
    widths = [main.table.columnWidth(s) for s in range(main.table_model.columnCount())]
    order = list(main.document.session.state.rows)
    main.do(StartFight())
    assert list(main.document.session.state.order) != order, "the rows were reordered"
    after = [main.table.columnWidth(s) for s in range(len(widths))]
    # No column narrows; one widens only for a value rolled wider than it was.
    assert all(now >= then for now, then in zip(after[:-1], widths[:-1], strict=True))
    assert all(cut_cells(main, cid) == [] for cid in main.document.session.state.rows)
    next(windows, None)


def test_a_right_click_on_either_header_offers_the_columns(window, qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMenu

    seen = []

    def untick_side():
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(10, untick_side)
            return
        seen.append([a.text() for a in menu.actions()])
        next(a for a in menu.actions() if a.text() == "Side").trigger()
        menu.close()

    for header in (window.table.frozen.horizontalHeader(), window.table.horizontalHeader()):
        QTimer.singleShot(0, untick_side)
        header.customContextMenuRequested.emit(QPoint(5, 5))
    assert len(seen) == 2 and "Health" in seen[0]
    side = window.table.column_keys().index("side")
    assert not window.table.isColumnHidden(side), "hidden by the first menu, shown by the second"
    assert window.column_prefs.hidden_keys() == []


def test_a_click_on_a_frozen_header_sorts_the_table(window, qtbot):
    bar = window.table.horizontalScrollBar()
    bar.setValue(bar.maximum())
    frozen = window.table.frozen
    assert frozen.isVisible()
    header = frozen.horizontalHeader()
    name = window.table.column_keys().index(NAME_COLUMN)
    qtbot.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(header.sectionViewportPosition(name) + 10, header.height() // 2),
    )
    shown = [window.proxy.index(row, name).data() for row in range(window.proxy.rowCount())]
    assert shown == sorted(shown, key=str.casefold)
    assert header.sortIndicatorSection() == name
    assert window.table.horizontalHeader().sortIndicatorSection() == name


@pytest.mark.parametrize("size", [LAPTOP_WINDOW, QSize(2400, 655)], ids=["scrolling", "wide"])
def test_the_frozen_columns_cover_the_table_down_to_its_scroll_bar(qtbot, tmp_path, size):
    main = _window(qtbot, tmp_path, size)
    table = main.table
    bar = table.horizontalScrollBar()
    scrolls = bar.maximum() > 0
    assert scrolls == (size == LAPTOP_WINDOW)
    if not scrolls:
        assert not table.frozen.isVisible(), "nothing scrolls under the first columns"
        main.document.close()
        return
    bar.setValue(1)
    frozen = _placed(table.frozen, table)
    viewport = _placed(table.viewport(), table)
    assert frozen.top() == table.frameWidth(), "the frozen header lies over the table's header"
    assert frozen.bottom() == viewport.bottom(), "down to the scroll bar, not over it"
    # Above the scrolling cells: the widget at the frozen Name cell is the frozen view's.
    _, _index, rect = _cell_rect(main, "vex", NAME_COLUMN)
    point = table.frozen.viewport().mapTo(table, rect.center())
    assert table.childAt(point) is table.frozen.viewport()
    main.document.close()


def _right_click_menu(qtbot, view, point) -> list[str]:
    """The commands of the menu a right-click at ``point`` in ``view`` pops up."""
    seen: list[str] = []

    def read_and_close() -> None:
        menu = QApplication.activePopupWidget()
        if menu is None:
            QTimer.singleShot(10, read_and_close)
            return
        seen.extend(a.text() for a in menu.actions() if a.isVisible() and not a.isSeparator())
        menu.close()

    QTimer.singleShot(0, read_and_close)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, view.mapToGlobal(point))
    QApplication.sendEvent(view, event)
    qtbot.waitUntil(lambda: bool(seen))
    return seen


def test_a_right_click_on_name_or_health_offers_the_combatant_commands(window, qtbot):
    table = window.table
    _, _, name_rect = _cell_rect(window, "vex", NAME_COLUMN)
    from_name = _right_click_menu(qtbot, table.viewport(), name_rect.center())
    for command in ("Hide from Players", "Player Alias…", "Apply Damage…", "Add Condition…"):
        assert any(command.replace("&", "") == t.replace("&", "") for t in from_name), command
    _, _, health_rect = _cell_rect(window, "vex", HEALTH_COLUMN)
    assert _right_click_menu(qtbot, table.viewport(), health_rect.center()) == from_name
    # Scrolled sideways, the frozen Name and Health offer the very same.
    table.horizontalScrollBar().setValue(table.horizontalScrollBar().maximum())
    qtbot.wait(20)
    frozen, _, frozen_name = _cell_rect(window, "vex", NAME_COLUMN)
    assert frozen is table.frozen
    assert _right_click_menu(qtbot, frozen.viewport(), frozen_name.center()) == from_name
    _, _, frozen_health = _cell_rect(window, "vex", HEALTH_COLUMN)
    assert _right_click_menu(qtbot, frozen.viewport(), frozen_health.center()) == from_name


def test_every_log_line_is_one_line_tall_however_long_the_first(qtbot, tmp_path):
    window = _window(qtbot, tmp_path, QSize(683, 740))  # snapped to half the screen
    log = window.event_log
    view, proxy = log.list_view, log.proxy
    first = proxy.index(0, 0)
    rows = [proxy.index(row, 0) for row in range(proxy.rowCount())]
    # The sample fight's first line is longer than the log is wide.
    assert view.fontMetrics().horizontalAdvance(first.data()) > view.viewport().width()
    line = view.fontMetrics().lineSpacing()
    assert rows and all(view.visualRect(index).height() < 2 * line for index in rows)
    assert view.visualRect(first).width() == view.viewport().width()
    assert not view.horizontalScrollBar().isVisible()
    assert first.data() in str(first.data(Qt.ItemDataRole.ToolTipRole))
    window.document.close()


def test_a_value_grown_mid_fight_widens_its_column_and_a_shrunk_one_keeps_it(window):
    name = window.table_model.column_of(NAME_COLUMN)
    header = window.table.horizontalHeader()
    before = header.sectionSize(name)
    window.do(EditCell("oda", "name", "Oda of the Western Marches"))
    assert header.sectionSize(name) > before
    assert cut_cells(window, "oda") == []
    widened = header.sectionSize(name)
    window.do(EditCell("oda", "name", "Oda"))
    assert header.sectionSize(name) == widened, "no jump back"
