"""A tactical fight at the table: what Declare would do shown before it, AP left told alike by
the table, the panel and the timeline, and the panel's commands in the window's menus."""

import pytest
from fight_window import shown_window
from PySide6.QtCore import Qt

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, EditCell, StartFight
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.tactical.state import part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets.tactical.countdown_panel import CountdownPanel
from uwr_desktop.ui.table.model import RESOURCES_COLUMN


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=7)


def fight(window, bases):
    """A tactical fight started with one combatant per base initiative, named A, B, C..."""
    window.document.new("tactical")
    session = window.document.session
    names = [chr(ord("A") + i) for i in range(len(bases))]
    session.do(
        AddCombatants(
            tuple(
                Combatant(
                    id=name.lower(),
                    name=name,
                    side=Side(("player", "enemy")[i % 2]),
                    sheet=TacticalSheet(),
                )
                for i, name in enumerate(names)
            )
        )
    )
    session.do(StartFight())
    for name, base in zip(names, bases, strict=True):
        session.do(EditCell(name.lower(), "initiative", base))
    return session, window.findChild(CountdownPanel)


def cell(window, combatant_id, key):
    model = window.table_model
    index = model.index(model.row_of(combatant_id), model.column_of(key))
    return model.data(index, Qt.ItemDataRole.DisplayRole)


def test_the_panel_shows_the_resolve_count_and_penalty_before_declare(window, qtbot):
    session, panel = fight(window, [15, 10])
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 35
    panel.actor.setCurrentIndex(panel.actor.findData("a"))
    panel.action.setCurrentIndex(panel.action.findData("Melee attack"))
    panel.ap.setValue(3)
    assert "Melee attack resolves on 20, penalty -25" in panel.preview.text()
    panel.ap.setValue(2)
    assert "Melee attack resolves on 25, penalty -50" in panel.preview.text()
    assert session.state.combatants["a"].sheet.now.action is None
    qtbot.mouseClick(panel.declare, Qt.MouseButton.LeftButton)
    action = session.state.combatants["a"].sheet.now.action
    assert (action.resolves_at, action.shortening_penalty) == (25, -50)


def test_the_panel_says_why_a_declaration_would_be_refused(window, qtbot):
    _session, panel = fight(window, [15, 10])
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    panel.actor.setCurrentIndex(panel.actor.findData("b"))
    panel.action.setCurrentIndex(panel.action.findData("Melee attack"))
    assert "B declares on count 30; the count is 35" in panel.preview.text()


def test_ap_left_agrees_in_the_table_the_panel_and_the_timeline_after_a_wait(window, qtbot):
    session, panel = fight(window, [15, 10])
    for _ in range(3):
        qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 25
    panel.actor.setCurrentIndex(panel.actor.findData("a"))
    assert cell(window, "a", "ap") == "2/4"
    assert "AP left 2/4 (2 lost waiting)" in panel.preview.text()
    assert "AP 2/4" in cell(window, "a", RESOURCES_COLUMN)


def test_f8_and_the_panel_menu_are_enabled_exactly_when_the_panel_buttons_are(window, qtbot):
    session, panel = fight(window, [15, 10])
    resolve = window.actions_by_key["resolve"]
    more = window.panel_commands.more.actions
    buttons = {
        "declare": panel.declare,
        "next_count": panel.next,
        "interrupt": panel.interrupt,
        "move": panel.move_button,
        "parry": panel.parry,
        "catalog": panel.edit_catalog,
    }
    assert set(more) == set(buttons)
    assert more["declare"].shortcut().toString() == "F9"

    def agree():
        assert resolve.isEnabled() == panel.resolve.isEnabled()
        for key, button in buttons.items():
            assert more[key].isEnabled() == button.isEnabled(), key

    agree()
    more["next_count"].trigger()
    assert part_of(session.state).count == 35
    panel.action.setCurrentIndex(panel.action.findData("Melee attack"))
    panel.ap.setValue(2)
    more["declare"].trigger()
    assert session.state.combatants["a"].sheet.now.action is not None
    seen = set()
    while session.state.phase == "resolution":
        agree()
        seen.add(panel.resolve.isEnabled())
        if resolve.isEnabled():
            window.activateWindow()
            qtbot.keyClick(window, Qt.Key.Key_F8)
            assert session.entries[-1].label.startswith("Resolve on 25")
        more["next_count"].trigger()
    assert seen == {True, False}
    window.actions_by_key["undo"].trigger()
    agree()
