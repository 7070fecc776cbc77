"""Two rounds of each round system on a 1366x768 laptop, played by clicks and keys: the acting
combatant's name is never elided, every combatant's conditions are in view without scrolling
sideways, at least ten rows fit, no panel shows the turn before's result after Next Turn or an
undo, and an attack aims at an enemy by default."""

import pytest
from every_system import sheet_for
from fight_window import key_on_table, shown_window
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLabel,
    QStyle,
    QStyleOptionViewItem,
)
from table_cells import cut_cells

from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import AddCombatants, AddCondition
from uwr_desktop.core.rulesets import ruleset_ids
from uwr_desktop.core.sides import Side
from uwr_desktop.core.targets import hostile
from uwr_desktop.ui.table.chips import chips_of, fitted
from uwr_desktop.ui.table.model import CONDITIONS_COLUMN, NAME_COLUMN

LAPTOP = QRect(0, 0, 1366, 728)
"""A 1366x768 screen less its task bar."""
MAXIMIZED = QRect(0, 0, 1366, 700)
"""The window maximized on it, less its title bar."""
CTRL = Qt.KeyboardModifier.ControlModifier
ROUNDS = 2
MOST_KEYS = 80
"""More Next Turns than two rounds of any system here take."""

PLAYERS = ("Captain Aldric Vane", "Sister Morwenna", "Old Tam")
ENEMIES = 9
"""Copies of "Bandit", numbered 1 to 9 as copies are."""


@pytest.fixture(params=ruleset_ids())
def window(request, qtbot, tmp_path):
    windows = shown_window(qtbot, tmp_path, seed=11)
    main = next(windows)
    main.document.new(request.param)
    main.layout_keeper.place_first(LAPTOP)
    main.showNormal()  # the offscreen screen is smaller than the laptop's
    main.setGeometry(MAXIMIZED)
    qtbot.wait(50)
    yield main
    next(windows, None)


def roster(ruleset_id: str) -> list[Combatant]:
    players = [
        Combatant(id=f"p{n}", name=name, side=Side.PLAYER, sheet=sheet_for(ruleset_id))
        for n, name in enumerate(PLAYERS, 1)
    ]
    enemies = [
        Combatant(id=f"e{n}", name=f"Bandit {n}", side=Side.ENEMY, sheet=sheet_for(ruleset_id))
        for n in range(1, ENEMIES + 1)
    ]
    return players + enemies


def roll_typed_dice(qtbot, window, notation="3d6"):
    tray = window.dice_tray
    tray.notation.setFocus()
    tray.notation.selectAll()
    qtbot.keyClicks(tray.notation, notation)
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tray.is_animating(), timeout=3000)


def refusals(window) -> list[str]:
    """The panel's messages shown now (a refusal, a rule's reason)."""
    return [
        f"{label.objectName()}: {label.text()!r}"
        for label in window.dice_panel.widget.findChildren(QLabel)
        if label.objectName().endswith(("Message", "message"))
        and label.objectName() != "diceTrayMessage"  # what the typed dice are: the roll to come
        and label.text()
    ]


def rows_in_view(window) -> float:
    table = window.table
    return table.viewport().height() / table.verticalHeader().defaultSectionSize()


def name_is_whole(window, combatant_id: str) -> bool:
    """The name as the table draws it in its cell (bold for the acting one) is not elided."""
    table, model, proxy = window.table, window.table_model, window.proxy
    index = proxy.mapFromSource(
        model.index(model.row_of(combatant_id), model.column_of(NAME_COLUMN))
    )
    option = QStyleOptionViewItem()
    option.initFrom(table)
    option.rect = table.visualRect(index)
    table.itemDelegateForIndex(index).initStyleOption(option, index)
    text_rect = table.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, table)
    font = QFont(option.font)
    name = str(index.data())
    metrics = QFontMetricsF(font)
    return metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, text_rect.width()) == name


def conditions_in_view(window) -> list[str]:
    """The combatants whose conditions are cut or out of the viewport's width (unscrolled)."""
    table, model, proxy = window.table, window.table_model, window.proxy
    assert table.horizontalScrollBar().value() == 0
    column = proxy.mapFromSource(model.index(0, model.column_of(CONDITIONS_COLUMN))).column()
    left = table.columnViewportPosition(column)
    width = table.columnWidth(column)
    metrics = QFontMetricsF(table.font())
    cut = []
    if left < 0 or left + width > table.viewport().width():
        return ["the column"]
    for row in range(proxy.rowCount()):
        index = proxy.index(row, column)
        chips = chips_of(index)
        widths = [metrics.horizontalAdvance(c) + 10 for c in chips]
        more = metrics.horizontalAdvance(f"+{len(chips)}") + 10
        if chips and fitted(widths, width, more) < len(chips):
            cut.append(str(proxy.index(row, 0).data()))
    return cut


def attack_targets(window) -> list[QComboBox]:
    """The panel's target boxes of an attack, visible now."""
    return [
        combo
        for combo in window.dice_panel.widget.findChildren(QComboBox)
        if combo.objectName().lower().endswith("target") and combo.isVisibleTo(window)
    ]


def click_name(qtbot, window, combatant_id: str) -> None:
    model, proxy, table = window.table_model, window.proxy, window.table
    index = proxy.mapFromSource(model.index(model.row_of(combatant_id), 0))
    table.scrollTo(index)
    qtbot.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(index).center()
    )
    assert window.selected_ids() == [combatant_id]


ONE_ATTACK = ("attack_favor", "attack_extra_dice", "rollkeepRaises")
"""The panels' inputs that belong to one attack (a new turn starts them at 0)."""


def spin_boxes(window):
    panel = window.dice_panel.widget
    return [
        box
        for name in ONE_ATTACK
        for box in panel.findChildren(QAbstractSpinBox, name)
        if box.isVisibleTo(window) and box.isEnabled()
    ]


def test_two_rounds_at_the_table(window, qtbot):
    session = window.document.session
    ruleset_id = session.ruleset.id
    window.do(AddCombatants(roster(ruleset_id)))
    window.do(AddCondition([c for c in session.state.rows], Condition("Stunned", 3)))
    window.do(AddCondition(["p1", "e1"], Condition("Prone", 2)))
    qtbot.wait(20)
    assert rows_in_view(window) >= 10, f"{rows_in_view(window):.1f} rows in {ruleset_id}"
    key_on_table(qtbot, window, Qt.Key.Key_F5)
    state = window.document.session.state
    assert state.round == 1

    turns = 0
    while window.document.session.state.round <= ROUNDS and turns < MOST_KEYS:
        state = window.document.session.state
        acting = window.document.turn_now().acting
        for cid in acting:
            assert name_is_whole(window, cid), f"{state.combatants[cid].name} elided"
        for cid in state.rows:
            assert cut_cells(window, cid) == [], f"{state.combatants[cid].name}'s cells cut"
        assert conditions_in_view(window) == [], "conditions cut"
        for combo in attack_targets(window):
            if combo.isEnabled() and combo.count() and acting:
                attacker = state.combatants[acting[0]]
                target = state.combatants[combo.currentData()]
                assert hostile(attacker.side, target.side), f"{attacker.name} aims at {target.name}"
        if acting:
            # The GM looks at a friend of the actor: the next turn still aims at an enemy.
            side = state.combatants[acting[0]].side
            friends = [
                c
                for c in state.rows
                if c not in acting and not hostile(side, state.combatants[c].side)
            ]
            click_name(qtbot, window, friends[0] if friends else acting[0])
            for box in spin_boxes(window):
                box.setValue(min(box.maximum(), box.minimum() + 1))
            for check in window.dice_panel.widget.findChildren(QCheckBox):
                if check.isVisibleTo(window) and check.isEnabled() and "melee" in check.text():
                    check.setChecked(True)
        tray = window.dice_tray
        if turns % 3 == 1:
            roll_typed_dice(qtbot, window)
            assert tray.current_roll() is not None, "the roll is shown"
            key_on_table(qtbot, window, Qt.Key.Key_Z, CTRL)
            assert tray.current_roll() is None, "an undone roll leaves no dice"
            assert tray.banner_text() == ""
        roll_typed_dice(qtbot, window)
        mine = tray.current_roll()
        assert mine is not None
        key_on_table(qtbot, window, Qt.Key.Key_Return, CTRL)
        # Only a roll Next Turn made itself (a roll-off for the new turn) may show.
        assert tray.current_roll() is not mine, f"after Next Turn in {ruleset_id}"
        if tray.current_roll() is None:
            assert tray.banner_text() == ""
        assert refusals(window) == []
        for box in spin_boxes(window):
            assert box.value() == max(box.minimum(), 0), f"{box.objectName()} is reset"
        for check in window.dice_panel.widget.findChildren(QCheckBox):
            assert not ("melee" in check.text() and check.isChecked()), "melee is per attack"
        turns += 1
    assert window.document.session.state.round == ROUNDS + 1, f"{turns} turns"
