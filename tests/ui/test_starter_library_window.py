"""The sample foes at the table: a first start's library lists the fight's system's samples."""

import pytest
from every_system import OWN_SYSTEMS
from fight_window import shown_window, when_modal
from PySide6.QtWidgets import QLineEdit, QListWidget

from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.starters import SAMPLE_NOTE
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.core.storage.starter import seed_starters
from uwr_desktop.ui.app import open_stores
from uwr_desktop.ui.dialogs.library import LibraryDialog
from uwr_desktop.ui.widgets.number_box import NumberBox

SYSTEMS = ("uwr", "tactical", "rollkeep", "hands")


@pytest.fixture
def stores(tmp_path):
    opening, library = open_stores(tmp_path / "journal.sqlite3")
    assert library is not None
    yield library
    library.close()
    opening.store.close()


@pytest.fixture
def window(qtbot, tmp_path, stores):
    yield from shown_window(qtbot, tmp_path, seed=2, library=stores)


def _listed(dialog: LibraryDialog) -> list[tuple[str, str]]:
    shown = dialog.findChild(QListWidget, "libraryList")
    return [
        (shown.item(row).text().split("\n")[0], shown.item(row).toolTip())
        for row in range(shown.count())
    ]


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_add_from_library_lists_the_samples_of_the_fights_system(window, ruleset_id):
    window.document.new(ruleset_id)
    seen: list[tuple[str, str]] = []
    second_lines: list[str] = []

    def look(dialog):
        seen.extend(_listed(dialog))
        listed = dialog.findChild(QListWidget, "libraryList")
        second_lines.extend(listed.item(r).text().split("\n")[1] for r in range(listed.count()))
        dialog.reject()

    when_modal(LibraryDialog, look)
    window.actions_by_key["add_from_library"].trigger()
    shipped = sorted(c.name for c in make_ruleset(ruleset_id).starter_templates())
    assert sorted(name for name, _ in seen) == shipped
    assert all(tip.startswith(SAMPLE_NOTE) for _, tip in seen)
    assert all(line.startswith("Sample foe · ") for line in second_lines)


def test_a_sample_joins_the_fight_in_numbered_copies(window, qtbot):
    window.document.new("uwr")

    def add_two_wolves(dialog):
        search = dialog.findChild(QLineEdit, "librarySearch")
        qtbot.keyClicks(search, "wolf")
        dialog.findChild(NumberBox, "copyCount").setValue(2)
        dialog.add_copies()

    when_modal(LibraryDialog, add_two_wolves)
    window.actions_by_key["add_from_library"].trigger()
    names = [c.name for c in window.document.session.state.combatants.values()]
    assert names == ["Wolf 1", "Wolf 2"]


def test_the_test_system_without_samples_keeps_an_empty_library(with_own_systems, tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as library:
        assert seed_starters(library, [OWN_SYSTEMS[0]]) == []
        assert OWN_SYSTEMS[0] in library.seeded_rulesets()
        assert library.search(OWN_SYSTEMS[0]) == []
