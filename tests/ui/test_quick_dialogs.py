import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QLineEdit,
    QSpinBox,
)

from uwr_desktop.core.encounter import Condition
from uwr_desktop.ui.dialogs.condition_dialog import (
    COMMON_CONDITIONS,
    ConditionDialog,
    ask_condition,
)
from uwr_desktop.ui.dialogs.quick import AmountDialog, ask_amount


def _when_shown(act):
    """Run ``act`` on the modal dialog once it is up; close it if ``act`` did not."""

    def run():
        modal = QApplication.activeModalWidget()
        if modal is None:
            QTimer.singleShot(10, run)
            return
        act(modal)
        if modal.isVisible():
            modal.done(2)

    QTimer.singleShot(0, run)


def _ok(dialog):
    return dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)


def test_ask_amount_returns_the_typed_amount(qtbot):
    def type_seven(dialog):
        spin = dialog.findChild(QSpinBox, "amount")
        qtbot.keyClicks(spin, "7")
        qtbot.keyClick(spin, Qt.Key.Key_Return)

    _when_shown(type_seven)
    assert ask_amount(None, "Damage", "Damage to Vex") == 7


def test_ask_amount_is_none_on_escape(qtbot):
    _when_shown(lambda d: qtbot.keyClick(d.findChild(QSpinBox, "amount"), Qt.Key.Key_Escape))
    assert ask_amount(None, "Heal", "Heal Vex") is None


def test_amount_stays_within_its_bounds(qtbot):
    dialog = AmountDialog("Damage", "Damage", maximum=12)
    qtbot.addWidget(dialog)
    spin = dialog.findChild(QSpinBox, "amount")
    assert dialog.amount() == 1
    qtbot.keyClicks(spin, "50")
    assert dialog.amount() <= 12
    spin.selectAll()
    qtbot.keyClicks(spin, "0")
    assert dialog.amount() >= 1


def test_amount_with_no_room_is_refused_with_a_message():
    with pytest.raises(ValueError, match="at least 1, got 0"):
        AmountDialog("Damage", "Damage", maximum=0)


def test_ask_condition_returns_a_common_condition_with_rounds_and_note(qtbot):
    def fill(dialog):
        name = dialog.findChild(QComboBox, "conditionName")
        name.setCurrentIndex(COMMON_CONDITIONS.index("Bleeding"))
        rounds = dialog.findChild(QSpinBox, "conditionRounds")
        rounds.selectAll()
        qtbot.keyClicks(rounds, "3")
        note = dialog.findChild(QLineEdit, "conditionNote")
        qtbot.keyClicks(note, "1 damage each round")
        qtbot.keyClick(note, Qt.Key.Key_Return)

    _when_shown(fill)
    assert ask_condition(None) == Condition("Bleeding", 3, "1 damage each round")


def test_typed_condition_with_zero_rounds_lasts_until_removed(qtbot):
    dialog = ConditionDialog()
    qtbot.addWidget(dialog)
    name = dialog.findChild(QComboBox, "conditionName")
    name.lineEdit().selectAll()
    qtbot.keyClicks(name.lineEdit(), "  Marked   by the  witch ")
    assert dialog.findChild(QSpinBox, "conditionRounds").text() == "until removed"
    assert dialog.condition() == Condition("Marked by the witch", None, "")


def test_condition_without_a_name_cannot_be_accepted(qtbot):
    dialog = ConditionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    name = dialog.findChild(QComboBox, "conditionName")
    name.lineEdit().clear()
    assert not _ok(dialog).isEnabled()
    qtbot.keyClick(name.lineEdit(), Qt.Key.Key_Return)
    assert dialog.isVisible()
    with pytest.raises(ValueError, match="needs a name"):
        dialog.condition()
    qtbot.keyClicks(name.lineEdit(), "Prone")
    assert _ok(dialog).isEnabled()


def test_ask_condition_is_none_on_cancel(qtbot):
    def cancel(dialog):
        buttons = dialog.findChild(QDialogButtonBox)
        qtbot.mouseClick(
            buttons.button(QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton
        )

    _when_shown(cancel)
    assert ask_condition(None) is None
