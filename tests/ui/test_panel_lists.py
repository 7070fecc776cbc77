"""Fight ▸ Panel's lists: the buttons a panel makes one per row (uwr's slow weapons, rollkeep's
delayed turns, hands' rows of points and interference outcomes) reached by keys alone, the list's
key then the row's number, each entry saying whose row it is and greyed when its button is."""

from fractions import Fraction

import pytest
from every_system import fighter
from fight_window import shown_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.sides import Side

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=5)


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    """A key where the GM's keyboard is: the table."""
    window.table.setFocus()
    qtbot.keyClick(window.table, key, modifier)


def open_list(qtbot, window, key) -> QMenu:
    """The list the key opens, as a popup beside the panel."""
    press(qtbot, window, key, CTRL)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    popup = QApplication.activePopupWidget()
    assert popup is not None
    return popup


def entries(menu: QMenu) -> list[tuple[str, bool]]:
    return [(a.text(), a.isEnabled()) for a in menu.actions()]


def test_a_slow_weapon_is_prepared_by_its_list_key_then_its_number(window, qtbot):
    from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon, sheet_of

    archer = Combatant(
        id="vex",
        name="Vex",
        side=Side.PLAYER,
        sheet=UwrSheet(
            attributes=Attributes(grace=Fraction(7)),
            weapons=(Weapon(name="Crossbow", upr_type="Extremely Slow", prepared=False),),
        ),
    )
    window.document.new("uwr", (archer, fighter("uwr", 2, Side.ENEMY)))
    window.document.session.do(StartFight())
    popup = open_list(qtbot, window, Qt.Key.Key_1)
    assert entries(popup) == [("&1 Prepare: Crossbow", True), ("&2 Mark prepared: Crossbow", True)]
    qtbot.keyClick(popup, Qt.Key.Key_1)
    weapon = sheet_of(window.document.session.state.combatants["vex"]).weapons[0]
    assert weapon.preparing_left > 0
    bar = window.dice_dock.panel.widget.prepare
    assert [b.text() for b in bar.buttons()] == ["Stop preparing"]
    assert "Ctrl+1, then 1" in bar.buttons()[0].toolTip()


def test_a_delayed_turn_is_taken_by_keys_when_it_is_offered(window, qtbot):
    from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of

    sides = ((1, Side.PLAYER), (2, Side.ENEMY), (3, Side.ENEMY))
    window.document.new("rollkeep", tuple(fighter("rollkeep", n, side) for n, side in sides))
    window.document.session.do(StartFight())
    first = window.document.session.state.current
    press(qtbot, window, Qt.Key.Key_F9, SHIFT)  # Delay
    assert sheet_of(window.document.session.state.combatants[first]).delaying
    popup = open_list(qtbot, window, Qt.Key.Key_1)
    name = window.document.session.state.combatants[first].name
    assert entries(popup) == [(f"&1 Act now: {name}", False)]
    popup.close()
    window.actions_by_key["next_turn"].trigger()
    popup = open_list(qtbot, window, Qt.Key.Key_1)
    assert entries(popup) == [(f"&1 Act now: {name}", True)]
    qtbot.keyClick(popup, Qt.Key.Key_1)
    state = window.document.session.state
    assert state.current == first and not sheet_of(state.combatants[first]).delaying


def test_any_row_of_points_spends_or_hesitates_by_keys(window, qtbot):
    from uwr_desktop.core.rulesets.hands.sheet import sheet_of

    roster = tuple(fighter("hands", n, side) for n, side in ((1, Side.PLAYER), (2, Side.ENEMY)))
    window.document.new("hands", roster)
    window.document.session.do(StartFight())
    state = window.document.session.state
    names = [state.combatants[cid].name for cid in _places(state)]
    popup = open_list(qtbot, window, Qt.Key.Key_1)
    assert [text for text, _ in entries(popup)] == [
        f"&{n} Spend: {name}" for n, name in enumerate(names, 1)
    ]
    second = _places(state)[1]
    ready = sheet_of(state.combatants[second]).ready
    qtbot.keyClick(popup, Qt.Key.Key_2)
    assert sheet_of(window.document.session.state.combatants[second]).ready == ready - 1
    popup = open_list(qtbot, window, Qt.Key.Key_2)
    assert [text for text, _ in entries(popup)] == [
        f"&{n} Hesitate: {name}" for n, name in enumerate(names, 1)
    ]
    popup.close()


def test_a_list_with_nothing_in_it_says_so_and_opens_nothing(window, qtbot):
    window.document.new("hands", (fighter("hands", 1, Side.PLAYER),))
    press(qtbot, window, Qt.Key.Key_3, CTRL)
    assert QApplication.activePopupWidget() is None
    assert "No action interferes with another this turn." in window.statusBar().currentMessage()


@pytest.mark.parametrize("ruleset_id", ["uwr", "rollkeep", "hands"])
def test_every_list_is_a_panel_submenu_showing_its_key(window, ruleset_id):
    window.document.new(ruleset_id)
    lists = window.dice_dock.panel.lists
    assert lists
    submenus = window.panel_commands.more.lists.menus
    for listed in lists:
        submenu = submenus[listed.keys.key]
        assert submenu.menuAction() in window.panel_commands.more.menu.actions()
        assert submenu.title().endswith("\tCtrl+" + listed.keys.shortcut.split("+")[-1])


def _places(state):
    from uwr_desktop.core.rulesets.hands.state import part_of

    return [place.combatant_id for place in part_of(state).places]
