"""The combatant forms refuse a sheet no fight can hold with the reason, in the words and at the
bounds the rules use (read from the same definitions): no health at all, health above its
maximum, a negative count of dice."""

from fight_window import retype
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QLineEdit, QSpinBox

from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.hands.sheet import MAX_POINTS
from uwr_desktop.core.rulesets.tactical.sheet import MAX_HITS
from uwr_desktop.core.rulesets.uwr.sheet import HEALTH_FIELDS
from uwr_desktop.ui.rulesets.hands.combatant_dialog import HandsCombatantDialog
from uwr_desktop.ui.rulesets.tactical.combatant_dialog import TacticalDialog
from uwr_desktop.ui.rulesets.uwr.combatant_dialog import CombatantDialog

UWR_BOXES = {
    "vitality": "vitality",
    "vitalityMax": "vitality_max",
    "stamina": "stamina",
    "staminaMax": "stamina_max",
}


def _shown(qtbot, dialog):
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _ok(dialog) -> bool:
    buttons = dialog.findChild(QDialogButtonBox)
    return buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def _uwr_problem(dialog) -> str:
    return dialog.findChild(QLabel, "problemLabel").text()


def test_the_uwr_sheet_takes_its_health_bounds_from_the_rules(qtbot):
    dialog = _shown(qtbot, CombatantDialog(make_ruleset("uwr")))
    for name, key in UWR_BOXES.items():
        box = dialog.findChild(QSpinBox, name)
        field = HEALTH_FIELDS[key]
        assert (box.minimum(), box.maximum()) == (field.low, field.high), name


def test_the_uwr_sheet_refuses_vitality_0_of_0(qtbot):
    dialog = _shown(qtbot, CombatantDialog(make_ruleset("uwr")))
    dialog.findChild(QLineEdit, "name").setText("Ghost")
    retype(qtbot, dialog.findChild(QSpinBox, "vitality"), "0")
    retype(qtbot, dialog.findChild(QSpinBox, "vitalityMax"), "0")
    QApplication.processEvents()
    assert _uwr_problem(dialog) == "Maximum Vitality cannot be below 1 (got 0)."
    assert not _ok(dialog)


def test_the_uwr_sheet_refuses_vitality_above_its_maximum(qtbot):
    dialog = _shown(qtbot, CombatantDialog(make_ruleset("uwr")))
    dialog.findChild(QLineEdit, "name").setText("Ogre")
    retype(qtbot, dialog.findChild(QSpinBox, "vitality"), "11")
    QApplication.processEvents()
    assert _uwr_problem(dialog) == "Vitality 11 is above its maximum 10."
    assert not _ok(dialog)


def test_the_uwr_sheet_refuses_a_negative_skill_rank(qtbot):
    dialog = _shown(qtbot, CombatantDialog(make_ruleset("uwr")))
    dialog.findChild(QLineEdit, "name").setText("Ana")
    row = dialog._tables.new_skill_row(focus=True)
    row.name.setText("Blades")
    retype(qtbot, row.rank, "-1")
    QApplication.processEvents()
    assert "cannot be negative (got -1)" in _uwr_problem(dialog)
    assert not _ok(dialog)


def test_the_tactical_sheet_refuses_no_hits_at_all(qtbot):
    dialog = _shown(qtbot, TacticalDialog(None, None))
    assert (dialog.hits.minimum(), dialog.hits.maximum()) == (MAX_HITS.low, MAX_HITS.high)
    dialog.name.setText("Ghost")
    retype(qtbot, dialog.hits, "0")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.problem.text() == "Hits cannot be below 1 (got 0)."
    assert dialog.isVisible()


def test_the_hands_sheet_refuses_no_hit_points_at_all(qtbot):
    dialog = _shown(qtbot, HandsCombatantDialog(None, None))
    dialog.name.setText("Ghost")
    dialog.own_maximum.setChecked(True)
    assert dialog.maximum.minimum() == MAX_POINTS.low
    retype(qtbot, dialog.maximum, "0")
    QApplication.processEvents()
    assert dialog.problem.text() == "Maximum hit points cannot be below 1 (got 0)."
    assert not _ok(dialog)
