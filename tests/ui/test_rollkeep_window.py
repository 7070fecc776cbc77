"""A roll-and-keep skirmish played through the window: New Fight as ``rollkeep``, samurai added
with its dialog, a drag that delays, "Act now" from the waiting lane, an attack with its odds
shown, and the end of the round."""

import pytest
from fight_window import pick_round_system, shown_window, when_modal
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from uwr_desktop.core.rulesets.rollkeep.events import AmbushRolled, Attacked
from uwr_desktop.core.rulesets.rollkeep.rules import sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import Stance, WeaponKind
from uwr_desktop.core.storage.encounter_file import read_encounter, save_encounter
from uwr_desktop.core.timeline import AxisKind, SlotStatus
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.rulesets.rollkeep.combatant_dialog import RollkeepDialog
from uwr_desktop.ui.rulesets.rollkeep.panel import SkirmishPanel
from uwr_desktop.ui.table.model import RESOURCES_COLUMN


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=11)


def choose_rollkeep(dialog):
    pick_round_system(dialog, "rollkeep")
    dialog.form().editor("leftover_die_counts").setChecked(True)
    dialog.accept()


def add(window, name, side, reflexes, weapons, stance=Stance.ATTACK):
    def fill(dialog):
        dialog.name.setText(name)
        dialog.side.setCurrentIndex(dialog.side.findData(side))
        dialog.traits["reflexes"].setValue(reflexes)
        dialog.traits["agility"].setValue(3)
        dialog.stance.setCurrentIndex(dialog.stance.findData(stance))
        dialog.skills.setText("Kenjutsu 2, Kyujutsu 2, Defense 1")
        dialog.weapons.setPlainText(weapons)
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    when_modal(RollkeepDialog, fill)
    window.actions_by_key["add_combatant"].trigger()


def cell(window, combatant_id, key):
    model = window.table_model
    index = model.index(model.row_of(combatant_id), model.column_of(key))
    return model.data(index, Qt.ItemDataRole.DisplayRole)


def drag(qtbot, timeline, start, end):
    qtbot.mousePress(timeline, Qt.MouseButton.LeftButton, pos=start)
    seen = []
    for step in range(1, 11):
        point = start + (end - start) * step / 10
        qtbot.mouseMove(timeline, QPoint(int(point.x()), int(point.y())))
        seen.append(timeline.drag_text())
    qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=end)
    return seen


def test_a_rollkeep_skirmish_through_the_window(window, qtbot, tmp_path):
    when_modal(NewFightDialog, choose_rollkeep)
    window.actions_by_key["new"].trigger()
    session = lambda: window.document.session  # noqa: E731
    assert session().ruleset.id == "rollkeep"
    assert session().ruleset.settings.leftover_die_counts
    label = window.statusBar().findChild(QLabel, "statusRuleset")
    assert label.text().startswith("Roll and keep")

    add(window, "Hida", "player", 3, "Tetsubo, melee, Kenjutsu, 3k3")
    add(window, "Kakita", "player", 4, "Katana, melee, Kenjutsu, 3k2", Stance.DEFENSE)
    add(window, "Archer", "enemy", 2, "Yumi, bow 3, Kyujutsu, 2k2")
    state = session().state
    assert [c.name for c in state.combatants.values()] == ["Hida", "Kakita", "Archer"]
    archer = next(c for c in state.combatants.values() if c.name == "Archer")
    assert sheet_of(archer).weapons[0].kind is WeaponKind.BOW
    kakita = next(c.id for c in state.combatants.values() if c.name == "Kakita")
    headers = [
        window.table_model.headerData(column, Qt.Orientation.Horizontal)
        for column in range(window.table_model.columnCount())
    ]
    assert {"Stance", "Armor TN", "Wounds", "Wound rank"} <= set(headers)
    # Kakita in Defense: Reflexes 4 x 5 + 5 + Air 2 + Defense 1.
    assert cell(window, kakita, "armor_tn") == "28"
    assert cell(window, kakita, "stance") == "Defense"
    assert "Armor TN 28" in cell(window, kakita, RESOURCES_COLUMN)

    # The archer hides: Stealth / Agility against the first player's Investigation.
    panel = window.findChild(SkirmishPanel)
    assert panel is not None and panel.ambush_box.isVisible()
    qtbot.mouseClick(panel.ambush, Qt.MouseButton.LeftButton)
    ambush = session().entries[session().cursor - 1].events[0]
    assert isinstance(ambush, AmbushRolled)
    assert [r.combatant_id for r in ambush.ambushers] == [archer.id]
    assert len(ambush.unaware) == 1
    won = ambush.ambushers[0].roll.total > ambush.unaware[0].roll.total
    players = [c for c in session().state.combatants.values() if c.side == "player"]
    assert all(sheet_of(c).ambushed == won for c in players)
    assert panel.tray.banner_text().startswith("Stealth ")
    assert not panel.ambush_box.isVisible()

    window.actions_by_key["start_fight"].trigger()
    state = session().state
    assert state.phase == "turns" and state.round == 1
    assert session().ruleset.timeline_axis(state).kind is AxisKind.RULER
    order = list(state.order)
    slots = window.timeline.slots()
    assert [s.combatant_id for s in slots] == order
    assert [s.position for s in slots] == sorted((s.position for s in slots), reverse=True)
    first, second = order[0], order[1]
    assert state.current == first

    # Drag the card on turn past the next one: a delay, said before the drop.
    timeline = window.timeline
    qtbot.waitUntil(lambda: not timeline.is_animating(), timeout=2000)
    start = timeline.card_rect(first).center()
    end = timeline.card_rect(second).center() + QPoint(40, 0)
    seen = drag(qtbot, timeline, start.toPoint(), end.toPoint())
    name = {cid: c.name for cid, c in state.combatants.items()}
    assert f"Delay {name[first]}: {name[second]} takes the next turn" in seen[-1]
    state = session().state
    assert state.current == second
    assert sheet_of(state.combatants[first]).delaying
    statuses = {s.key: s.status for s in window.timeline.slots()}
    assert statuses[first] is SlotStatus.DELAYED and statuses[second] is SlotStatus.CURRENT

    # The waiting lane lists the delayer; Act now waits until the turn under way ends.
    assert list(panel.act_now_buttons) == [first]
    assert not panel.act_now_buttons[first].isEnabled()
    window.actions_by_key["next_turn"].trigger()
    assert session().state.current == first
    qtbot.mouseClick(panel.act_now_buttons[first], Qt.MouseButton.LeftButton)
    state = session().state
    assert state.current == first and not sheet_of(state.combatants[first]).delaying
    assert panel.act_now_buttons == {}

    # The attack shows its odds before the roll, then the tray shows the roll.
    target = panel.target.currentData()
    assert target is not None and target != first
    assert "to hit" in panel.odds.text() and "%" in panel.odds.text()
    panel.raises.setValue(1)
    assert "1 raise TN +5" in panel.odds.text()
    qtbot.mouseClick(panel.attack, Qt.MouseButton.LeftButton)
    entry = session().entries[session().cursor - 1]
    attack = next(e for e in entry.events if isinstance(e, Attacked))
    assert attack.raises == 1
    shown = panel.tray.current_roll()
    assert shown is not None and shown.total == attack.roll.total
    qtbot.waitUntil(lambda: not panel.tray.is_animating(), timeout=3000)
    assert panel.tray.banner_text().startswith(f"{attack.roll.total} against TN {attack.tn} — ")

    # End the round: the third has not acted and loses nothing but this round's turn.
    window.actions_by_key["end_round"].trigger()
    state = session().state
    assert state.round == 2 and state.current == order[0]
    assert not any(sheet_of(c).delaying for c in state.combatants.values())

    window.actions_by_key["undo"].trigger()
    assert session().state.round == 1
    window.actions_by_key["redo"].trigger()
    path = tmp_path / "skirmish.uwr"
    save_encounter(session(), path)
    assert read_encounter(path).session().state == session().state
