"""Fight ▸ Panel: each round system's own panel buttons as menu entries with their keys."""

import pytest
from fight_window import shown_window

from uwr_desktop.core.rulesets.registry import ruleset_ids
from uwr_desktop.ui.window.actions import shortcut_text


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=3)


@pytest.mark.parametrize("ruleset_id", ["uwr", "rollkeep", "hands", "tactical"])
def test_each_panel_entry_follows_its_button_under_a_key_of_its_own(window, ruleset_id):
    assert ruleset_id in ruleset_ids()
    window.document.new(ruleset_id)
    more = window.dice_dock.panel.more
    actions = window.panel_commands.more.actions
    assert set(actions) == {entry.key for entry in more}
    taken = {shortcut_text(a) for a in window.actions_by_key.values() if a.shortcuts()}
    for entry in more:
        action = actions[entry.key]
        assert action in window.panel_commands.more.menu.actions()
        assert shortcut_text(action) not in taken, entry.key
        assert action.isEnabled() == (entry.button.isEnabled() and not entry.button.isHidden())
        entry.button.setEnabled(not entry.button.isEnabled())
        assert action.isEnabled() == (entry.button.isEnabled() and not entry.button.isHidden())
    assert window.panel_commands.more.menu.menuAction().isEnabled() == bool(more)
