"""Columns a round system starts hidden, as its "This round" chips show their values: hidden in
a first fight of that system, shown from View ▸ Table Columns, and the GM's choice kept."""

import pytest
from fight_window import shown_window
from PySide6.QtCore import QSettings, Qt

from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.ui.table.column_prefs import HIDDEN_KEY
from uwr_desktop.ui.table.model import RESOURCES_COLUMN

HIDDEN_AT_FIRST = {
    "hands": {"ready": "Ready", "carry_over": "Carry", "used": "Used"},
    "tactical": {"ap": "AP"},
    "rollkeep": {"armor_tn": "Armor TN"},
    "uwr": {},
}
"""Per round system: the columns hidden at first, and the word of the chip showing each."""


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=4)


def _hidden(window) -> list[str]:
    keys = window.table.column_keys()
    return [key for section, key in enumerate(keys) if window.table.isColumnHidden(section)]


@pytest.mark.parametrize("system", HIDDEN_AT_FIRST)
def test_a_column_its_chips_show_starts_hidden_until_the_gm_shows_it(
    window, qtbot, tmp_path, system
):
    window.document.new(system)
    session = window.document.session
    window.document.do(AddCombatants(session.ruleset.starter_templates()[:1]))
    chips_of = HIDDEN_AT_FIRST[system]
    assert _hidden(window) == list(chips_of)
    model = window.table_model
    chips = model.data(
        model.index(0, model.column_of(RESOURCES_COLUMN)), Qt.ItemDataRole.DisplayRole
    )
    assert all(word in chips for word in chips_of.values()), chips
    prefs = window.column_prefs
    prefs.menu.aboutToShow.emit()
    ticks = {action.text(): action for action in prefs.menu.actions()}
    titles = {
        key: str(model.headerData(model.column_of(key), Qt.Orientation.Horizontal))
        for key in chips_of
    }
    assert [ticks[title].isChecked() for title in titles.values()] == [False] * len(titles)
    assert ticks["Side"].isChecked()
    for key, title in titles.items():
        ticks[title].setChecked(True)
        assert key not in _hidden(window)
    assert _hidden(window) == []
    window.document.new("uwr" if system != "uwr" else "hands")
    window.document.new(system)
    assert _hidden(window) == [], "shown by the GM once, for every later fight of the system"
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert settings.contains(HIDDEN_KEY.format(ruleset=system)) == bool(chips_of)
