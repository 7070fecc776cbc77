"""The ``hands`` round system played through the window: New Fight as hands with its settings,
combatants added with its dialog, a round played by clicking pips in the Dice dock, the order
and its reasons on the timeline, a drag that sets surprise, undo and the saved file."""

import re

import pytest
from fight_window import as_on_a_laptop, pick_round_system, shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QToolButton,
)

from uwr_desktop.core.intents import ApplyDamage, EditCell, RemoveCombatants, StartFight
from uwr_desktop.core.rulesets.hands.columns import CARRY_OVER_TURN
from uwr_desktop.core.rulesets.hands.intents import HandsSpend
from uwr_desktop.core.rulesets.hands.ruleset import HandsRuleset
from uwr_desktop.core.rulesets.hands.state import Phase, part_of
from uwr_desktop.core.storage.encounter_file import read_encounter, save_encounter
from uwr_desktop.core.timeline import AxisKind, SlotStatus
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.rulesets.hands.combatant_dialog import HandsCombatantDialog
from uwr_desktop.ui.rulesets.hands.points_panel import PointsPanel
from uwr_desktop.ui.rulesets.hands.row_parts import CHOICE_HEADINGS, CHOICE_KINDS
from uwr_desktop.ui.table.health_column import HEALTH_COLUMN
from uwr_desktop.ui.table.model import RESOURCES_COLUMN
from uwr_desktop.ui.theme import apply_theme
from uwr_desktop.ui.window.layout import DICE_PANEL_CHARS


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=4)


def choose_hands(dialog):
    pick_round_system(dialog, "hands")
    dialog.form().editor("damage_takes").setCurrentIndex(1)
    dialog.accept()


def add(window, name, *, strength, reach, missile=False, keep=0, side="enemy"):
    def fill(dialog):
        dialog.name.setText(name)
        dialog.side.setCurrentIndex(dialog.side.findData(side))
        dialog.strength.setValue(strength)
        dialog.keep.setValue(keep)
        dialog.add_weapon.click()
        row = dialog.weapons.rowCount() - 1
        dialog.weapons.cellWidget(row, 1).setValue(reach)
        dialog.weapons.cellWidget(row, 2).setChecked(missile)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    when_modal(HandsCombatantDialog, fill)
    window.actions_by_key["add_combatant"].trigger()


def started(window, strengths):
    """A hands fight of one-reach fighters, by name and strength bonus, its round started."""
    window.document.new("hands")
    for name, strength in strengths:
        add(window, name, strength=strength, reach=1)
    window.document.session.do(StartFight())
    return window.document.session, ids_by_name(window)


def ids_by_name(window):
    state = window.document.session.state
    return {c.name: cid for cid, c in state.combatants.items()}


def panel(window):
    found = window.findChild(PointsPanel)
    assert found is not None
    return found


def click(qtbot, window, kind, name):
    widget = panel(window).findChild(kind, name)
    assert widget is not None, name
    assert widget.isEnabled(), name
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def turn_now(window):
    """The timeline's column of the turn under way (the last one)."""
    slots = window.timeline.slots()
    return [slot for slot in slots if slot.column == slots[-1].column]


def cell(window, combatant_id, key):
    model = window.table_model
    index = model.index(model.row_of(combatant_id), model.column_of(key))
    return model.data(index, Qt.ItemDataRole.DisplayRole)


def test_a_hands_round_is_played_by_clicking_pips(window, qtbot, tmp_path):
    when_modal(NewFightDialog, choose_hands)
    window.actions_by_key["new"].trigger()
    session = window.document.session
    assert isinstance(session.ruleset, HandsRuleset)
    assert session.ruleset.settings.damage_takes == "used"

    add(window, "Ana", strength=3, reach=1, keep=1, side="player")
    add(window, "Brute", strength=2, reach=3)
    ids = ids_by_name(window)
    ana, brute = ids["Ana"], ids["Brute"]
    assert cell(window, ana, HEALTH_COLUMN) == "4/4"
    assert "Reach" in [
        window.table_model.headerData(c, Qt.Orientation.Horizontal)
        for c in range(window.table_model.columnCount())
    ]

    window.actions_by_key["start_fight"].trigger()
    state = window.document.session.state
    # Ana keeps 1 of her 4 points in place: the carry-over turn comes first.
    assert state.phase == Phase.CARRY_OVER
    assert window.timeline.axis().kind is AxisKind.COLUMNS
    (slot,) = turn_now(window)
    assert slot.kind is CARRY_OVER_TURN and slot.combatant_id == ana
    click(qtbot, window, QToolButton, f"pip:{ana}:carry-over:1")
    assert window.document.session.state.combatants[ana].sheet.used == 1
    click(qtbot, window, QPushButton, "handsNextTurn")

    # Turn 1: both have 3 ready points; Brute's longer reach puts him first.
    state = window.document.session.state
    assert state.phase == Phase.TURNS
    assert [s.combatant_id for s in turn_now(window)] == [brute, ana]
    assert turn_now(window)[0].status is SlotStatus.CURRENT
    reason = panel(window).findChild(QLabel, f"handsReason:{brute}")
    assert reason.text() == "reach"
    assert "longest reach (3 vs 1)" in reason.toolTip()
    outreach = panel(window).findChild(QLabel, f"handsOutreach:{ana}")
    assert outreach.text().startswith("⚠ outreached by Brute: only their weapon")
    assert "Ready 3 " in cell(window, ana, RESOURCES_COLUMN)

    # Brute spends 2 with his weapon: a click on his second ready pip.
    weapon = panel(window).findChild(QComboBox, f"handsWeapon:{brute}")
    weapon.setCurrentIndex(1)
    click(qtbot, window, QToolButton, f"pip:{brute}:ready:2")
    assert window.document.session.state.combatants[brute].sheet.ready == 1
    # Ana interferes with 3 points: refused (at most the 2 it opposes), then 2 typed.
    against = panel(window).findChild(QComboBox, f"handsAgainst:{ana}")
    against.setCurrentIndex(1)
    panel(window).findChild(QSpinBox, f"handsPoints:{ana}").setValue(3)
    click(qtbot, window, QPushButton, f"handsSpend:{ana}")
    assert "at most the 2 points" in panel(window).message.text()
    assert window.document.session.state.combatants[ana].sheet.ready == 3
    panel(window).findChild(QComboBox, f"handsAgainst:{ana}").setCurrentIndex(1)
    panel(window).findChild(QSpinBox, f"handsPoints:{ana}").setValue(2)
    click(qtbot, window, QPushButton, f"handsSpend:{ana}")
    assert window.document.session.state.combatants[ana].sheet.ready == 1
    click(qtbot, window, QPushButton, "handsNextTurn")

    # Turn 2: 1 point each, Brute first by reach; a drag of Ana to the front is a surprise.
    assert part_of(window.document.session.state).turn == 2
    timeline = window.timeline
    timeline.setFocus()
    timeline.select(ana)
    qtbot.keyClick(timeline, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.statusBar().currentMessage().startswith("Surprise: Ana declares first")
    window.statusBar().clearMessage()
    assert [s.combatant_id for s in turn_now(window)] == [ana, brute]
    assert panel(window).findChild(QLabel, f"handsReason:{ana}").text() == "surprise"
    click(qtbot, window, QToolButton, f"pip:{ana}:ready:1")
    click(qtbot, window, QPushButton, f"handsHesitate:{brute}")
    saved = tmp_path / "mid.uwr"
    save_encounter(window.document.session, saved)
    click(qtbot, window, QPushButton, "handsNextTurn")

    # Nobody has ready points: round 2 starts with a fresh split.
    state = window.document.session.state
    assert state.round == 2
    assert state.combatants[ana].sheet.ready == 3
    assert state.combatants[brute].sheet.ready == 3
    window.actions_by_key["undo"].trigger()
    assert window.document.session.state.round == 1
    reopened = read_encounter(saved).session()
    assert reopened.state == window.document.session.state


def test_the_combatant_dialog_refuses_a_nameless_combatant(qtbot):
    dialog = HandsCombatantDialog(None, None)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    assert "name" in dialog.problem.text()
    dialog.name.setText("Vex")
    dialog.strength.setValue(4)
    assert ok.isEnabled()
    assert dialog.maximum.value() == 5
    dialog.own_maximum.setChecked(True)
    dialog.maximum.setValue(9)
    combatant = dialog.combatant()
    assert combatant.sheet.points_max == 9
    assert re.fullmatch("[0-9a-f]{32}", combatant.id), "the same form of id as every system's"
    assert dialog.findChild(QCheckBox, "ownMaximum").isChecked()


def choose(ruleset_id):
    def act(dialog):
        systems = dialog.findChild(QComboBox, "rulesetChoice")
        systems.setCurrentIndex(systems.findData(ruleset_id))
        dialog.accept()

    return act


def test_switching_between_hands_and_uwr_fights_swaps_the_panel(window, qtbot, monkeypatch):
    monkeypatch.setattr(window.files, "maybe_save", lambda: True)
    when_modal(NewFightDialog, choose("hands"))
    window.actions_by_key["new"].trigger()
    add(window, "Ana", strength=2, reach=1)
    window.actions_by_key["start_fight"].trigger()
    assert window.findChild(PointsPanel) is not None
    when_modal(NewFightDialog, choose("uwr"))
    window.actions_by_key["new"].trigger()
    qtbot.waitUntil(lambda: window.findChild(PointsPanel) is None)
    assert window.document.session.ruleset.id == "uwr"
    when_modal(NewFightDialog, choose("hands"))
    window.actions_by_key["new"].trigger()
    assert panel(window).title.text() == "Before the fight"


def test_interference_is_recorded_from_the_panel_and_the_players_see_the_failed_action(
    window, qtbot
):
    session, ids = started(window, (("Ana", 5), ("Bo", 3)))
    session.do(HandsSpend(ids["Ana"], 3, weapon=0))
    session.do(HandsSpend(ids["Bo"], 2, opposes=0))
    line = panel(window).findChild(QLabel, "handsInterference:1")
    assert line.text() == "Bo: 2 against Ana's action: not recorded"
    roll = panel(window).findChild(QLineEdit, "handsRoll:1")
    roll.setText("twelve")
    click(qtbot, window, QPushButton, "handsOutcome:1:Succeeded")
    assert panel(window).message.text() == "The roll must be a whole number, got 'twelve'"
    assert part_of(session.state).actions[1].succeeded is None
    panel(window).findChild(QLineEdit, "handsRoll:1").setText("14")
    click(qtbot, window, QPushButton, "handsOutcome:1:Succeeded")
    line = panel(window).findChild(QLabel, "handsInterference:1")
    assert line.text() == "Bo: 2 against Ana's action: succeeded, roll 14 — Ana's action fails"
    window.player_view.open_action.trigger()
    rows = window.player_view.view.picture().rows
    assert [row.value_text for row in rows if row.key == ids["Ana"]] == [
        "3 · most points · action failed"
    ]
    click(qtbot, window, QPushButton, "handsOutcome:1:Failed")
    assert "action failed" not in slot_text(window, ids["Ana"])


def slot_text(window, cid):
    return next(s.value_text for s in turn_now(window) if s.key == cid)


def test_the_combatant_on_turn_spends_and_hesitates_from_the_menu_keys(window, qtbot):
    from fight_window import key_on_table

    from uwr_desktop.core.encounter import Combatant
    from uwr_desktop.core.intents import AddCombatants
    from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
    from uwr_desktop.core.sides import Side

    window.document.new("hands")
    window.do(
        AddCombatants(
            [
                Combatant(
                    id=cid,
                    name=cid.capitalize(),
                    side=side,
                    sheet=HandsSheet(
                        strength_bonus=3, weapons=(HandsWeapon(name="Blade", reach=1),)
                    ),
                )
                for cid, side in (("ana", Side.PLAYER), ("gob", Side.ENEMY))
            ]
        )
    )
    more = window.panel_commands.more.actions
    assert not more["spend"].isEnabled(), "nobody is on turn before the fight"
    window.do(StartFight())
    state = window.document.session.state
    actor = state.current
    ready = state.combatants[actor].sheet.ready
    qtbot.waitUntil(lambda: more["spend"].isEnabled() and more["hesitate"].isEnabled())
    key_on_table(qtbot, window, Qt.Key.Key_F9)  # Fight ▸ Panel ▸ Spend: 1 point
    assert window.document.session.state.combatants[actor].sheet.ready == ready - 1
    now = window.document.session.state.current
    assert now != actor, "the next combatant is on turn"
    qtbot.waitUntil(more["hesitate"].isEnabled)
    key_on_table(qtbot, window, Qt.Key.Key_F9, Qt.KeyboardModifier.ShiftModifier)
    assert window.document.session.entries[-1].label.startswith(
        window.document.session.state.combatants[now].name
    ), "Fight ▸ Panel ▸ Hesitate: the combatant on turn hesitates"


def test_a_combatant_who_acted_this_turn_leaves_and_the_panel_goes_on_without_it(window, qtbot):
    session, ids = started(window, (("Ana", 5), ("Bo", 4), ("Cy", 3)))
    session.do(HandsSpend(ids["Ana"], 2, weapon=0))
    session.do(HandsSpend(ids["Bo"], 2, opposes=0))
    window.document.do(RemoveCombatants((ids["Ana"],)))
    shown = panel(window)
    for name in ("Bo", "Cy"):
        assert shown.findChild(QPushButton, f"handsSpend:{ids[name]}") is not None, name
    against = shown.findChild(QComboBox, f"handsAgainst:{ids['Cy']}")
    offered = [against.itemText(i) for i in range(against.count())]
    assert offered == ["none", "Bo (2)"]
    assert shown.findChild(QLabel, "handsInterference:1") is None


def test_a_row_keeps_its_weapon_target_and_points_while_the_gm_looks_elsewhere(window, qtbot):
    window.document.new("hands")
    session = window.document.session
    add(window, "Ana", strength=5, reach=2, side="player")
    add(window, "Bo", strength=4, reach=2)
    add(window, "Cy", strength=3, reach=1)
    ids = ids_by_name(window)
    session.do(StartFight())
    row = panel(window)
    row.findChild(QComboBox, f"handsWeapon:{ids['Bo']}").setCurrentIndex(1)
    target = row.findChild(QComboBox, f"handsTarget:{ids['Bo']}")
    target.setCurrentIndex(target.findData(ids["Ana"]))
    row.findChild(QSpinBox, f"handsPoints:{ids['Bo']}").setValue(3)
    window.select_combatant(ids["Bo"])
    session.do(HandsSpend(ids["Ana"], 1))

    def shown(kind, name):
        return row.findChild(kind, f"{name}:{ids['Bo']}")

    assert shown(QComboBox, "handsWeapon").currentText() == "Weapon 1"
    assert shown(QComboBox, "handsTarget").currentText() == "Ana"
    assert shown(QSpinBox, "handsPoints").value() == 3
    click(qtbot, window, QPushButton, f"handsSpend:{ids['Bo']}")
    assert part_of(session.state).actions[-1].target == ids["Ana"]
    assert shown(QComboBox, "handsWeapon").currentText() == "none"
    assert shown(QSpinBox, "handsPoints").value() == 1


def test_a_row_being_typed_in_stays_put_while_another_combatant_spends(window, qtbot):
    window.document.new("hands")
    add(window, "Ana", strength=5, reach=2, side="player")
    add(window, "Bo", strength=4, reach=2)
    add(window, "Cy", strength=3, reach=1)
    window.document.session.do(StartFight())
    state = window.document.session.state
    spender = state.current
    places = [place.combatant_id for place in part_of(state).places]
    typing = next(cid for cid in reversed(places) if cid != spender)
    rows = panel(window).rows

    def row_parts():
        return (
            rows.findChild(QSpinBox, f"handsPoints:{typing}"),
            *(rows.findChild(QComboBox, f"hands{kind}:{typing}") for kind in CHOICE_KINDS),
        )

    before = row_parts()
    points, weapon = before[0], before[1]
    weapon.setCurrentIndex(1)
    points.setValue(2)
    qtbot.wait(10)  # widgets a panel adds to its layout show once events are processed
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    points.setFocus()
    qtbot.waitUntil(points.hasFocus)
    window.document.do(HandsSpend(spender, 1))
    assert part_of(window.document.session.state).actions, "the other combatant spent"
    after = row_parts()
    assert all(a is b for a, b in zip(after, before, strict=True)), "the same widgets"
    assert points.value() == 2
    assert weapon.currentText() == "Weapon 1"
    assert points.hasFocus(), "the GM types on where they were"


def test_choosing_a_row_in_the_table_marks_its_name_and_keeps_the_rows_as_they_are(window):
    window.document.new("hands")
    add(window, "Ana", strength=5, reach=2, side="player")
    add(window, "Bo", strength=4, reach=2)
    ids = ids_by_name(window)
    window.document.session.do(StartFight())
    rows = panel(window).rows
    current = window.document.session.state.current
    other = next(cid for cid in ids.values() if cid != current)
    points = rows.findChild(QSpinBox, f"handsPoints:{other}")
    points.setValue(2)

    def bold(cid):
        return rows.findChild(QLabel, f"handsName:{cid}").font().bold()

    assert bold(current) and not bold(other)
    window.select_combatant(other)
    assert bold(current) and bold(other), "the row chosen in the table, and the one on turn"
    assert panel(window).rows is rows, "the rows are not built again for a look elsewhere"
    assert points.value() == 2
    window.select_combatant(current)
    assert not bold(other)


def test_a_strong_combatant_with_a_long_name_keeps_the_panel_within_the_dock(
    themed_app, window, qtbot
):
    apply_theme(themed_app)
    window.document.new("hands")
    session = window.document.session
    add(window, "Sir Reginald Fortescue-Montmorency of Greater Wibbleshire", strength=23, reach=2)
    add(window, "Bo", strength=4, reach=1, side="player")
    session.do(StartFight())
    qtbot.wait(1)  # the rows are laid out
    chars = window.fontMetrics().averageCharWidth()
    assert window.dice_dock.panel_width() <= DICE_PANEL_CHARS * chars
    ids = ids_by_name(window)
    name = panel(window).findChild(QLabel, f"handsName:{ids['Bo']}")
    assert name.text() == "2. Bo"
    long_name = panel(window).findChild(QLabel, f"handsName:{next(iter(ids.values()))}")
    assert long_name.toolTip() == "Sir Reginald Fortescue-Montmorency of Greater Wibbleshire"
    assert long_name.accessibleName() == (
        "▶ 1. Sir Reginald Fortescue-Montmorency of Greater Wibbleshire"
    )


def _text_room(box: QComboBox) -> int:
    """The width a closed choice box draws its text in."""
    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    field = box.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, box
    )
    return field.width()


def test_the_rows_choices_and_interferences_read_whole_on_a_laptop(themed_app, window, qtbot):
    apply_theme(themed_app)
    as_on_a_laptop(window, qtbot)
    window.document.new("hands")
    add(window, "Ana", strength=5, reach=1, side="player")
    add(window, "Brute", strength=6, reach=3)
    add(window, "Goblin", strength=3, reach=2)
    ids = ids_by_name(window)
    session = window.document.session
    session.do(StartFight())
    session.do(HandsSpend(ids["Brute"], 2, weapon=0, target=ids["Ana"]))
    qtbot.wait(20)
    shown = panel(window)
    headings = [shown.findChild(QLabel, f"handsHeading:{word}") for word in CHOICE_HEADINGS]
    assert [heading.text() for heading in headings] == ["Weapon", "Target", "Interferes with"]
    ana_target = shown.findChild(QComboBox, f"handsTarget:{ids['Ana']}")
    ana_against = shown.findChild(QComboBox, f"handsAgainst:{ids['Ana']}")
    assert "Brute ⚠" in [ana_target.itemText(i) for i in range(ana_target.count())]
    assert [ana_against.itemText(i) for i in range(ana_against.count())] == ["none", "Brute (2)"]
    boxes = [box for box in shown.findChildren(QComboBox) if box.objectName().startswith("hands")]
    assert len(boxes) == 3 * 3
    cut = [
        (box.objectName(), box.itemText(i))
        for box in boxes
        for i in range(box.count())
        if box.fontMetrics().horizontalAdvance(box.itemText(i)) > _text_room(box)
    ]
    assert cut == []
    # Two interfering actions: each line's roll and outcomes keep to the rows' width.
    session.do(HandsSpend(ids["Ana"], 2, opposes=0))
    session.do(HandsSpend(ids["Goblin"], 1, opposes=0))
    qtbot.wait(20)
    lines = [panel(window).findChild(QLabel, f"handsInterference:{index}") for index in (1, 2)]
    assert [line.text() for line in lines] == [
        "Ana: 2 against Brute's action: not recorded",
        "Goblin: 1 against Brute's action: not recorded",
    ]
    scroller = window.dice_dock.findChild(QScrollArea, "diceScroller")
    assert scroller.horizontalScrollBar().maximum() == 0, "the panel scrolls sideways"


def test_between_turns_the_header_says_so_and_the_players_next_is_the_next_turn(window, qtbot):
    session, ids = started(window, (("Ana", 5), ("Bo", 3), ("Cy", 4)))
    window.player_view.open_action.trigger()
    view = window.player_view.view
    header = window.turn_header.actor_label
    session.do(HandsSpend(ids["Ana"], 2))
    session.do(HandsSpend(ids["Cy"], 5))  # all Cy has
    # Bo declares last in this turn; Ana and Bo still have points for turn 2.
    assert header.text() == "Bo acts"
    assert (view.now_label.text(), view.next_label.text()) == ("Now: Bo", "Next: a new turn")
    session.do(HandsSpend(ids["Bo"], 1))
    assert header.text() == "Turn 1: all declared"
    assert (view.now_label.text(), view.next_label.text()) == ("", "Next: a new turn")
    # The players are told nothing of points only an unseen combatant has left.
    session.do(EditCell(ids["Bo"], "hidden", True))
    session.do(ApplyDamage((ids["Ana"],), 99))
    assert view.next_label.text() == "Next: round 2"
    session.do(EditCell(ids["Bo"], "hidden", False))
    assert view.next_label.text() == "Next: a new turn"
    qtbot.mouseClick(panel(window).next_turn, Qt.MouseButton.LeftButton)
    assert header.text() == "Bo acts"
