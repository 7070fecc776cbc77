"""With no combatant library (its file could not be opened), its commands are greyed, each
saying why, rather than offered and then refused; with one, they are offered."""

import pytest
from fight_window import shown_window

from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.storage_ui.library_commands import LIBRARY_ACTIONS, UNAVAILABLE


@pytest.fixture
def without_library(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=1)


def test_without_a_library_its_commands_are_greyed_and_say_why(without_library):
    for key in LIBRARY_ACTIONS:
        action = without_library.actions_by_key[key]
        assert not action.isEnabled(), key
        assert action.toolTip().endswith(f": {UNAVAILABLE}"), key
    assert without_library.actions_by_key["add_from_library"].toolTip() == (
        f"Add from Library: {UNAVAILABLE}"
    )


def test_with_a_library_its_commands_are_offered(qtbot, tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as library:
        windows = shown_window(qtbot, tmp_path, seed=1, library=library)
        window = next(windows)
        assert all(window.actions_by_key[key].isEnabled() for key in LIBRARY_ACTIONS)
        next(windows, None)
