"""No Tab trap: Tab leaves the combatant table (the arrows move inside it), every sheet tabs from
its first field through every row to OK, F6 and Shift+F6 go round the table, timeline, Dice dock
and event log, and the timeline's cards take the focus and move by keys. Keys only."""

import pytest
from every_system import sheet_for
from fight_window import shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QPlainTextEdit,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, RemoveCombatants, StartFight
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import SlotStatus
from uwr_desktop.ui.rulesets import ruleset_ui
from uwr_desktop.ui.theme import scheme_for_palette, theme_colors

TAB, BACKTAB = Qt.Key.Key_Tab, Qt.Key.Key_Backtab
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
NAMES = ("Bryn", "Bandit 1", "Bandit 2")


@pytest.fixture(params=ruleset_ids())
def window(request, qtbot, tmp_path):
    windows = shown_window(qtbot, tmp_path, seed=3)
    main = next(windows)
    main.document.new(request.param)
    sides = (Side.PLAYER, Side.ENEMY, Side.ENEMY)
    main.do(
        AddCombatants(
            tuple(
                Combatant(id=f"c{n}", name=name, side=side, sheet=sheet_for(request.param))
                for n, (name, side) in enumerate(zip(NAMES, sides, strict=True))
            )
        )
    )
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    yield main
    next(windows, None)


def _focused() -> QWidget | None:
    return QApplication.focusWidget()


def _press(qtbot, key, modifier=Qt.KeyboardModifier.NoModifier) -> QWidget | None:
    focused = _focused()
    assert focused is not None, "nothing has the focus"
    qtbot.keyClick(focused, key, modifier)
    return _focused()


def _within(widget: QWidget | None, pane: QWidget) -> bool:
    return widget is not None and (widget is pane or pane.isAncestorOf(widget))


def test_tab_leaves_the_table_and_the_arrows_move_inside_it(qtbot, window):
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus)
    _press(qtbot, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert _press(qtbot, Qt.Key.Key_Down) is window.table
    assert window.table.currentIndex().row() == 1
    after_tab = _press(qtbot, TAB)
    assert not _within(after_tab, window.table), "Tab left the table"
    back = _press(qtbot, BACKTAB, SHIFT)
    assert back is window.table, "Shift+Tab came back to it"


def test_f6_and_shift_f6_go_round_the_panes(qtbot, window):
    panes = [window.table, window.timeline, window.dice_dock, window.log_dock]
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus)
    reached = []
    for _ in range(len(panes)):
        focused = _press(qtbot, Qt.Key.Key_F6)
        reached.append(next(i for i, pane in enumerate(panes) if _within(focused, pane)))
    assert reached == [1, 2, 3, 0]
    backwards = []
    for _ in range(len(panes)):
        focused = _press(qtbot, Qt.Key.Key_F6, SHIFT)
        backwards.append(next(i for i, pane in enumerate(panes) if _within(focused, pane)))
    assert backwards == [3, 2, 1, 0]


def test_going_round_the_panes_leaves_the_window_whole(qtbot, window):
    """F6 once looked for a pane's first field by walking Qt's focus chain from Python, and
    PySide took each widget it passed as owned by the one before it: once the panel rebuilt
    its rows, the status bar's Python side went with them and the next refusal crashed."""
    window.do(StartFight())
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus)
    for _ in range(4):
        _press(qtbot, Qt.Key.Key_F6)
    for _ in range(4):
        _press(qtbot, Qt.Key.Key_F6, SHIFT)
    for _ in range(3):
        window.actions_by_key["next_turn"].trigger()
        qtbot.wait(10)  # the panel's old rows are deleted
    window.do(RemoveCombatants(("nobody",)))
    assert "nobody" in window.statusBar().currentMessage()
    assert _within(_press(qtbot, Qt.Key.Key_F6), window.timeline)


def test_f6_skips_a_closed_dock(qtbot, window):
    window.dice_dock.hide()
    window.timeline.setFocus()
    qtbot.waitUntil(window.timeline.hasFocus)
    assert _within(_press(qtbot, Qt.Key.Key_F6), window.log_dock)
    assert _within(_press(qtbot, Qt.Key.Key_F6, SHIFT), window.timeline)


def test_the_timeline_shows_the_card_with_the_keys_and_moves_it(qtbot, window):
    timeline = window.timeline
    window.do(StartFight())
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus)
    assert _press(qtbot, Qt.Key.Key_F6) is timeline
    keys = [slot.key for slot in timeline.slots()]
    acting = [slot for slot in timeline.slots() if slot.status is SlotStatus.CURRENT]
    first = (acting or list(timeline.slots()))[0]
    assert timeline.selected_key() == first.key, "the focus starts on the acting card"
    assert f"Selected: {first.label}" in timeline.accessibleDescription()
    qtbot.keyClick(timeline, Qt.Key.Key_Home)
    assert timeline.selected_key() == keys[0]
    qtbot.keyClick(timeline, Qt.Key.Key_Right)
    assert timeline.selected_key() == keys[1]
    qtbot.keyClick(timeline, Qt.Key.Key_Left)
    assert timeline.selected_key() == keys[0]
    requested = []
    timeline.slotMoveRequested.connect(lambda key, index: requested.append((key, index)))
    qtbot.keyClick(timeline, Qt.Key.Key_Right, ALT)
    assert requested == [(keys[0], 1)]


def _tab_chain(qtbot, dialog: QDialog, ok: QAbstractButton) -> list[QWidget]:
    """The widgets Tab visits from the dialog's first field until OK (at most 80 presses)."""
    chain = [_focused()]
    for _ in range(80):
        if chain[-1] is ok:
            return chain
        chain.append(_press(qtbot, TAB))
    raise AssertionError(f"OK never reached: {[w.objectName() for w in chain[:20]]}")


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_sheet_tabs_through_every_row_to_ok(qtbot, ruleset_id):
    # Only words leave the dialog: Qt deletes its widgets with it.
    missed: list[str] = []

    def walk(dialog: QDialog) -> None:
        buttons = dialog.findChild(QDialogButtonBox)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.waitUntil(lambda: _focused() is not None and _focused().window() is dialog)
        chain = _tab_chain(qtbot, dialog, ok)
        missed.extend(
            widget.objectName() or widget.accessibleName()
            for widget in dialog.findChildren(QWidget)
            if widget.isVisible()
            and widget.isEnabled()
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
            and widget.focusProxy() is None
            and widget.window() is dialog
            and not buttons.isAncestorOf(widget)
            and widget not in chain
        )
        missed.append("done")
        dialog.reject()

    combatant = Combatant(id="x", name="Bryn", sheet=sheet_for(ruleset_id))
    when_modal(QDialog, walk)
    ruleset_ui(ruleset_id).edit_combatant(None, make_ruleset(ruleset_id), combatant)
    assert missed == ["done"], f"Tab never reaches {missed[:-1]}"


def test_the_rollkeep_weapons_box_passes_tab_on(qtbot):
    seen = {}

    def tab_from_weapons(dialog: QDialog) -> None:
        weapons = dialog.findChild(QPlainTextEdit, "rollkeepWeapons")
        weapons.setFocus()
        qtbot.waitUntil(weapons.hasFocus)
        text = weapons.toPlainText()
        after = _press(qtbot, TAB)
        seen["next"] = after.text() if isinstance(after, QAbstractButton) else after.objectName()
        seen["kept"] = weapons.toPlainText() == text
        dialog.reject()

    combatant = Combatant(id="x", name="Kakita", sheet=sheet_for("rollkeep"))
    when_modal(QDialog, tab_from_weapons)
    ruleset_ui("rollkeep").edit_combatant(None, make_ruleset("rollkeep"), combatant)
    assert seen["kept"], "no tab typed into the weapons"
    assert seen["next"] == "notes", "Tab goes on to the notes below"


def _focus_pixels(timeline, key: str) -> int:
    """How many pixels around and on the slot ``key`` are in the theme's focus colour."""
    focus = QColor(theme_colors(scheme_for_palette(timeline.palette())).focus).rgb()
    image = timeline.grab().toImage()
    around = timeline.card_rect(key).adjusted(-6, -6, 6, 6).toRect()
    return sum(
        image.pixel(x, y) == focus
        for x in range(max(around.left(), 0), min(around.right(), image.width()))
        for y in range(max(around.top(), 0), min(around.bottom(), image.height()))
    )


def test_the_card_with_the_keys_is_ringed_in_the_focus_colour(qtbot, window):
    timeline = window.timeline
    window.do(StartFight())
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus)
    _press(qtbot, Qt.Key.Key_F6)
    qtbot.keyClick(timeline, Qt.Key.Key_End)
    key = timeline.selected_key()
    ringed = _focus_pixels(timeline, key)
    _press(qtbot, Qt.Key.Key_F6)
    assert not timeline.hasFocus()
    assert ringed > _focus_pixels(timeline, key) + 40, "the ring goes with the focus"
