"""A roll-and-keep combatant's health in the GM's words: wounds count up, so what the shared
commands say of its health (a heal refused, the Health column's tooltip, the condition editor's
note on the defeated) speaks of its health, never of "full wounds" or "no wounds"."""

import pytest
from fight_window import shown_window, table_cell
from PySide6.QtCore import Qt

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, ApplyDamage
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet
from uwr_desktop.ui.dialogs.condition_editor import ConditionEditor
from uwr_desktop.ui.table.health_column import HEALTH_COLUMN


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=4)


def test_the_health_of_a_rollkeep_combatant_is_worded_as_health(window, qtbot):
    window.document.new("rollkeep")
    window.do(AddCombatants([Combatant(id="hida", name="Hida", sheet=RollkeepSheet(earth=2))]))
    window.select_combatant("hida")

    window.actions_by_key["heal_one"].trigger()
    assert window.statusBar().currentMessage() == "Hida already at full health"
    assert table_cell(window, "hida", HEALTH_COLUMN, Qt.ItemDataRole.ToolTipRole).startswith(
        "Hida · health: 38/38"
    )

    window.do(ApplyDamage(["hida"], 36))
    assert table_cell(window, "hida", HEALTH_COLUMN, Qt.ItemDataRole.ToolTipRole).startswith(
        "Hida · health: 2/38"
    )
    editor = ConditionEditor(window.document, "hida", window.do)
    qtbot.addWidget(editor)
    assert editor.defeated_button.toolTip() == (
        "Out of the fight by the sheet (no health left): heal to revive"
    )
