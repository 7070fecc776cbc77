"""Every control of the main window, the player view and each round system's panel and sheet has
a name a screen reader reads it by, and Tab reaches every one that takes the focus; status labels
are read as what they show, the dice by their faces and result, the table's rows say in words who
acts and who is defeated."""

import pytest
from accessible_walk import spoken_name, tab_cycle, unnamed, unreachable
from every_system import sheet_for
from fight_window import shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, ApplyDamage, RollDice, StartFight
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.rulesets import ruleset_ui
from uwr_desktop.ui.table.model import NAME_COLUMN
from uwr_desktop.ui.widgets.status_label import StatusLabel


@pytest.fixture(params=ruleset_ids())
def window(request, qtbot, tmp_path):
    windows = shown_window(qtbot, tmp_path, seed=5)
    main = next(windows)
    main.document.new(request.param)
    sheet = sheet_for(request.param)
    main.do(
        AddCombatants(
            (
                Combatant(id="b", name="Bryn", side=Side.PLAYER, sheet=sheet),
                Combatant(id="x", name="Bandit", side=Side.ENEMY, sheet=sheet),
            )
        )
    )
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    yield main
    next(windows, None)


def test_every_control_of_the_window_is_named_and_reached_by_tab(qtbot, window):
    assert not unnamed(window), "before the fight"
    window.do(StartFight())
    qtbot.wait(10)  # widgets a panel adds to its layout show once events are processed
    assert not unnamed(window), "in the round"
    window.table.setFocus()
    qtbot.waitUntil(window.table.hasFocus)
    cycle = tab_cycle(qtbot, window.table)
    assert not unreachable(window, cycle)
    assert cycle[1] is not window.table, "Tab leaves the table at once"


def test_the_player_view_is_named_throughout(qtbot, window):
    window.do(StartFight())
    window.player_view.open_action.trigger()
    view = window.player_view.view
    qtbot.waitUntil(view.isVisible)
    assert view.accessibleName() == "Player view"
    assert not unnamed(view)
    view.close()


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_field_of_every_sheet_is_named(qtbot, ruleset_id):
    found = {}

    def walk(dialog: QDialog) -> None:
        found["unnamed"] = unnamed(dialog)
        dialog.reject()

    combatant = Combatant(id="x", name="Bryn", sheet=sheet_for(ruleset_id))
    when_modal(QDialog, walk)
    ruleset_ui(ruleset_id).edit_combatant(None, make_ruleset(ruleset_id), combatant)
    assert found["unnamed"] == []


def test_status_labels_are_read_as_what_they_show(qtbot, window):
    window.do(StartFight())
    window.do(RollDice("b", "3d6"))
    tray = window.dice_tray
    qtbot.waitUntil(lambda: not tray.is_animating())
    labels = [label for label in tray.findChildren(StatusLabel) if label.text()]
    assert labels, "the roll shows an outcome"
    for label in labels:
        assert spoken_name(label) == label.text().strip()
        assert label.accessibleDescription(), "and says what it is"


def test_the_dice_are_reached_and_read_by_faces_and_result(qtbot, window):
    window.do(StartFight())
    window.do(RollDice("b", "3d6"))
    tray = window.dice_tray
    qtbot.waitUntil(lambda: not tray.is_animating())
    view = tray.view
    assert view.focusPolicy() & Qt.FocusPolicy.TabFocus
    faces = [str(face) for face in tray.current_roll().faces]
    described = view.accessibleDescription()
    assert all(f"d6 showing {face}" in described for face in faces)
    assert view.accessibleName().startswith("Dice: ")
    assert tray.banner_text().split()[0] in view.accessibleName()


def test_table_rows_say_acting_and_defeated_in_words(qtbot, window):
    window.do(StartFight())
    window.do(ApplyDamage(["x"], 999))
    model = window.table_model
    column = model.column_of(NAME_COLUMN)
    role = Qt.ItemDataRole.AccessibleTextRole
    acting = window.document.session.state.current
    spoken = {cid: model.index(model.row_of(cid), column).data(role) for cid in ("b", "x")}
    assert "defeated" in spoken["x"]
    if acting is not None:
        assert spoken[acting].endswith("acting now") or "acting now," in spoken[acting]
    index = window.proxy.mapFromSource(model.index(model.row_of("x"), column))
    assert index.data(role) == spoken["x"], "the table shown reads the words"


@pytest.mark.parametrize("action", ["condition", "damage", "heal", "edit_conditions"])
def test_the_shared_dialogs_are_named(qtbot, window, action):
    window.table.select_combatant("b")
    found: list[str] = []

    def walk(dialog: QDialog) -> None:
        qtbot.waitUntil(dialog.isVisible)
        found.extend([dialog.objectName(), *unnamed(dialog)])
        dialog.reject()

    when_modal(QDialog, walk)
    window.actions_by_key[action].trigger()
    assert len(found) == 1 and found[0], f"unnamed: {found[1:]}"
