"""Every round system's combatant dialog is titled alike: by the command that opened it for a
new combatant, by the combatant's name for an edit."""

import pytest
from every_system import SYSTEMS, sheet_for
from fight_window import when_modal
from PySide6.QtWidgets import QDialog

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.ui.rulesets import ruleset_ui

pytestmark = pytest.mark.usefixtures("own_systems_in_module")


def _title(ruleset_id: str, combatant: Combatant | None) -> str:
    seen: list[str] = []

    def read(dialog: QDialog) -> None:
        seen.append(dialog.windowTitle())
        dialog.reject()

    when_modal(QDialog, read)
    assert ruleset_ui(ruleset_id).edit_combatant(None, make_ruleset(ruleset_id), combatant) is None
    return seen[0]


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_combatant_dialog_is_titled_by_its_command_or_by_the_combatant(qtbot, ruleset_id):
    assert _title(ruleset_id, None) == "Add Combatant"
    bryn = Combatant(id="b", name="Bryn of the Long Road 2", sheet=sheet_for(ruleset_id))
    assert _title(ruleset_id, bryn) == "Edit Bryn of the Long Road 2"
