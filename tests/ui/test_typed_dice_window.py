"""Typed dice through the window in every round system, the test-only one included: F7 rolls
what the Dice dock's tray holds for the combatant chosen, it is journaled and logged, Shift+F7
takes its rerolls, undo takes it back."""

import pytest
from every_system import SYSTEMS
from PySide6.QtCore import Qt

from tests.ui.fight_window import shown_window
from uwr_desktop.core.encounter import Combatant, sheet_type
from uwr_desktop.core.events import DiceRolled
from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.rulesets import make_ruleset

pytestmark = pytest.mark.usefixtures("own_systems_in_module")


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=11)


def _fight(window, ruleset_id):
    make_ruleset(ruleset_id)
    window.document.new(ruleset_id)
    sheet = sheet_type(ruleset_id)
    assert sheet is not None
    window.do(AddCombatants([Combatant(id="ana", name="Ana", sheet=sheet())]))


def _activate(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_f7_rolls_typed_dice_for_the_chosen_combatant_and_logs_them(qtbot, window, ruleset_id):
    _fight(window, ruleset_id)
    tray = window.dice_tray
    assert tray is not None
    tray.set_combatant("ana")
    tray.notation.setText("2d10+5")
    _activate(qtbot, window)
    assert window.actions_by_key["roll"].isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_F7)
    session = window.document.session
    (rolled,) = session.entries[-1].events
    assert isinstance(rolled, DiceRolled) and rolled.combatant_id == "ana"
    assert tray.view.shown_labels() == tuple(str(face) for face in rolled.roll.faces)
    assert window.event_log.visible_lines()[-1].startswith("Ana rolls 2d10+5: [")
    window.actions_by_key["undo"].trigger()
    assert not tray.view.dice()


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_shift_f7_takes_a_typed_pools_rerolls(qtbot, window, ruleset_id):
    _fight(window, ruleset_id)
    tray = window.dice_tray
    tray.set_combatant("ana")
    tray.notation.setText("8d6 r2")
    _activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F7)
    session = window.document.session
    first = tray.current_roll()
    failed = len(first.rerollable_indices)
    assert window.actions_by_key["reroll"].isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_F7, Qt.KeyboardModifier.ShiftModifier)
    rolls = session.entry_view(session.cursor - 1).rolls
    assert sum(len(shown.rerolled) for shown in rolls) == min(2, failed)
    assert tray.current_roll().rerolls_used == min(2, failed)
    assert not window.actions_by_key["reroll"].isEnabled(), "no rerolls are left"


def test_roll_is_greyed_with_the_reason_while_the_tray_holds_no_dice(window):
    _fight(window, "tactical")
    roll = window.actions_by_key["roll"]
    assert not roll.isEnabled()
    assert "Type dice to roll" in roll.toolTip()
    window.dice_tray.notation.setText("2d10+5")
    assert roll.isEnabled()
