"""The condition dialog: the round system's named conditions offered with their rules, and a
duration until the start or the end of a combatant's next turn, chosen with the keyboard; in
the window, such a condition goes on, shows in words, ends on its turn, and undoes."""

import pytest
from fight_window import shown_window, table_cell, when_modal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QLabel, QLineEdit, QSpinBox
from uwr_fighters import swordsman

from uwr_desktop.core.encounter import Condition, Lasting, TurnEdge, TurnTie
from uwr_desktop.core.intents import AddCombatants, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dialogs.condition_dialog import ConditionDialog
from uwr_desktop.ui.dialogs.condition_editor import ConditionEditor
from uwr_desktop.ui.table.model import CONDITIONS_COLUMN

FIGHTERS = [("ana", "Ana"), ("bryn", "Bryn"), ("cy", "Cy")]


def tactical_dialog(qtbot, target="bryn"):
    dialog = ConditionDialog(make_ruleset("tactical").rule_conditions(), FIGHTERS, target)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def child(dialog, kind, name):
    return dialog.findChild(kind, name)


def labelled(dialog):
    """The dialog's labels that name a field, each with its Alt key."""
    return [label for label in dialog.findChildren(QLabel) if label.buddy() is not None]


def ok(dialog):
    return dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)


def test_the_presets_come_first_with_their_rules_then_the_free_names(qtbot):
    dialog = tactical_dialog(qtbot)
    names = child(dialog, QComboBox, "conditionName")
    offered = [names.itemText(i) for i in range(names.count())]
    assert offered[:6] == [
        "Dazed",
        "Stunned",
        "Stunned and unable to parry",
        "Staggered",
        "Bleeding",
        "Defeated",
    ]
    assert offered[6:] == ["Off Guard", "Prone", "Blinded", "Grappled", "Frightened"]
    assert "upkeep" in names.itemData(1, Qt.ItemDataRole.ToolTipRole)
    assert all("&" in label.text() for label in labelled(dialog))
    assert len({label.text().split("&")[1][0].lower() for label in labelled(dialog)}) == 6


def test_stunned_until_the_end_of_someones_next_turn_chosen_with_the_keyboard(qtbot):
    dialog = tactical_dialog(qtbot)
    names = child(dialog, QComboBox, "conditionName")
    names.lineEdit().selectAll()
    qtbot.keyClicks(names.lineEdit(), "stunned")
    about = child(dialog, QLabel, "conditionAbout")
    assert about.isVisibleTo(dialog) and "upkeep" in about.text()
    rounds = child(dialog, QSpinBox, "conditionRounds")
    assert rounds.value() == 1, "the preset's usual duration is offered"
    # Every field has a label with its Alt key; the turn kinds follow Some rounds.
    keys = {label.text(): label.buddy().objectName() for label in labelled(dialog)}
    assert keys["&Lasts"] == "conditionLasts" and keys["&Whose turn"] == "conditionTurnOf"
    lasts = child(dialog, QComboBox, "conditionLasts")
    qtbot.keyClick(lasts, Qt.Key.Key_Down)
    qtbot.keyClick(lasts, Qt.Key.Key_Down)
    assert lasts.currentText() == "Until the end of the next turn of"
    turn_of = child(dialog, QComboBox, "conditionTurnOf")
    assert turn_of.isEnabled() and not rounds.isEnabled()
    assert turn_of.currentText() == "Bryn", "the target's own turn first"
    qtbot.keyClick(turn_of, Qt.Key.Key_Down)
    assert dialog.condition() == Condition(
        "stunned", preset="stunned", until=TurnTie(TurnEdge.END, "cy")
    )


def test_bleeding_asks_for_its_number(qtbot):
    dialog = tactical_dialog(qtbot)
    names = child(dialog, QComboBox, "conditionName")
    amount = dialog.findChild(QSpinBox, "conditionAmount")
    assert not amount.isVisibleTo(dialog)
    names.setCurrentIndex(names.findText("Bleeding"))
    assert amount.isVisibleTo(dialog)
    amount.lineEdit().selectAll()
    qtbot.keyClicks(amount, "3")
    assert dialog.condition() == Condition("Bleeding", preset="bleeding", amount=3)
    names.lineEdit().selectAll()
    qtbot.keyClicks(names.lineEdit(), "Bleeding badly")
    assert not amount.isVisibleTo(dialog)
    assert dialog.condition() == Condition("Bleeding badly")


def test_a_turn_needs_someone_in_the_fight(qtbot):
    dialog = ConditionDialog()
    qtbot.addWidget(dialog)
    lasts = child(dialog, QComboBox, "conditionLasts")
    lasts.setCurrentIndex(lasts.findData(Lasting.TURN_START.value))
    assert not ok(dialog).isEnabled()
    with pytest.raises(ValueError, match="Nobody is in the fight yet"):
        dialog.condition()


def test_how_long_and_the_rounds_always_say_the_same(qtbot):
    dialog = ConditionDialog(make_ruleset("uwr").rule_conditions())
    qtbot.addWidget(dialog)
    names = child(dialog, QComboBox, "conditionName")
    lasts = child(dialog, QComboBox, "conditionLasts")
    rounds = child(dialog, QSpinBox, "conditionRounds")

    def shown():
        return lasts.currentText(), rounds.text()

    names.setCurrentIndex(names.findText("Off Guard"))  # its rules keep it until removed
    assert shown() == ("Until removed", "until removed")
    rounds.lineEdit().selectAll()
    qtbot.keyClicks(rounds, "3")
    assert shown() == ("Some rounds", "3 rounds")
    assert dialog.condition() == Condition("Off Guard", 3, preset="off_guard")
    lasts.setCurrentIndex(lasts.findText("Until removed"))
    assert shown() == ("Until removed", "until removed")
    lasts.setCurrentIndex(lasts.findText("Some rounds"))
    assert shown() == ("Some rounds", "1 round")
    rounds.lineEdit().selectAll()
    qtbot.keyClicks(rounds, "0")
    assert shown() == ("Until removed", "until removed")
    assert dialog.condition() == Condition("Off Guard", None, preset="off_guard")


# --- in the window --------------------------------------------------------------------------


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=4)


def test_a_condition_until_the_end_of_the_targets_next_turn_added_in_the_window(qtbot, window):
    session = window.document.session
    session.do(
        AddCombatants(
            [
                swordsman("ana", "Ana", Side.PLAYER, initiative=20, vitality=6),
                swordsman("bryn", "Bryn", Side.PLAYER, initiative=15, vitality=6),
                swordsman("cy", "Cy", Side.ENEMY, initiative=10, vitality=6),
            ]
        )
    )
    session.do(StartFight())
    window.table.selectRow(window.proxy.mapFromSource(window.table_model.index(1, 0)).row())
    assert window.selected_ids() == ["bryn"]

    def fill(dialog):
        names = child(dialog, QComboBox, "conditionName")
        names.lineEdit().selectAll()
        qtbot.keyClicks(names.lineEdit(), "Pinned")
        lasts = child(dialog, QComboBox, "conditionLasts")
        lasts.setFocus()
        qtbot.keyClick(lasts, Qt.Key.Key_End)
        assert child(dialog, QComboBox, "conditionTurnOf").currentData() == "bryn"
        qtbot.keyClicks(child(dialog, QLineEdit, "conditionNote"), "under the net")
        qtbot.keyClick(child(dialog, QLineEdit, "conditionNote"), Qt.Key.Key_Return)

    when_modal(ConditionDialog, fill)
    window.actions_by_key["condition"].trigger()
    pinned = Condition("Pinned", note="under the net", until=TurnTie(TurnEdge.END, "bryn"))
    assert session.state.combatants["bryn"].conditions == (pinned,)
    assert table_cell(window, "bryn", CONDITIONS_COLUMN) == "Pinned (until end of Bryn's next turn)"

    def shown_in_words(dialog):
        assert dialog.table.item(0, 1).text() == "until end of Bryn's next turn"
        assert dialog.table.cellWidget(0, 1) is None
        dialog.accept()

    when_modal(ConditionEditor, shown_in_words)
    window.actions_by_key["edit_conditions"].trigger()

    window.actions_by_key["next_turn"].trigger()  # Bryn's turn starts
    assert table_cell(window, "bryn", CONDITIONS_COLUMN) == "Pinned (until end of Bryn's next turn)"
    window.actions_by_key["next_turn"].trigger()  # and ends
    assert table_cell(window, "bryn", CONDITIONS_COLUMN) == ""
    window.actions_by_key["undo"].trigger()
    assert table_cell(window, "bryn", CONDITIONS_COLUMN) == "Pinned (until end of Bryn's next turn)"
    window.actions_by_key["redo"].trigger()
    assert session.state.combatants["bryn"].conditions == ()


def test_the_editors_defeated_mark_carries_its_preset(qtbot, window):
    session = window.document.session
    session.do(AddCombatants([swordsman("ana", "Ana", Side.PLAYER, initiative=20, vitality=6)]))
    window.table.selectRow(0)

    def mark(dialog):
        qtbot.mouseClick(dialog.defeated_button, Qt.MouseButton.LeftButton)
        dialog.accept()

    when_modal(ConditionEditor, mark)
    window.actions_by_key["edit_conditions"].trigger()
    assert session.state.combatants["ana"].conditions == (Condition("Defeated", preset="defeated"),)
    assert session.state.combatants["ana"].down
