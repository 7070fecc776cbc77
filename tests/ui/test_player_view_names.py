"""The players read every combatant's name on the order of battle, in every round system: a row
too narrow for its name, value and health band writes the band under the name and narrows the
value; a long name keeps its copy's number, and the words after it ("Ana: Melee attack") give
way first."""

import random

import pytest
from countdown_fight import two_actions_each
from every_system import fighter
from PySide6.QtCore import QSettings

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import EditCell, NextTurn, StartFight
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.player_view.window import PlayerView
from uwr_desktop.ui.window.main_window import MainWindow

SYSTEMS = ("uwr", "tactical", "rollkeep", "hands")
LONG_NAME = "Captain of the Silver Lantern Company"


@pytest.fixture
def window(qtbot, tmp_path):
    document = EncounterDocument(None, roller=Roller(random.Random(11)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.actions_by_key["reduce_motion"].setChecked(True)
    yield main
    document.close()


def _painted(window: MainWindow) -> tuple[PlayerView, list[str]]:
    window.player_view.open_action.trigger()
    view = window.player_view.view
    assert view is not None
    view.showNormal()
    view.resize(1366, 768)
    view.board.grab()
    return view, list(view.board.painted_texts())


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_row_shows_its_combatant_s_name(window, system):
    roster = tuple(fighter(system, n, Side.PLAYER if n % 2 else Side.ENEMY) for n in range(4))
    window.document.new(system, roster)
    window.do(StartFight())
    window.do(NextTurn())
    window.do(NextTurn())
    view, painted = _painted(window)
    columns = view.picture().columns()
    assert system != "hands" or len(columns) > 1, "a columned board: narrow columns beside"
    if len(columns) > 1:
        wide = next((c for c in columns if c.under_way), columns[-1])
        in_wide = painted[painted.index(wide.heading) :]
        for row in wide.rows:
            assert row.label in in_wide, (row.label, in_wide)
        bands = [text for text in in_wide if text.startswith(("●", "○"))]
        assert len(bands) == sum(row.band is not None for row in wide.rows), "no band lost"
    for combatant in roster:
        assert combatant.shown_name in painted, (combatant.shown_name, painted)


def test_long_numbered_names_with_actions_under_way_still_read_apart(window):
    window.document.new("tactical", ())
    two_actions_each(window.document.session)
    state = window.document.session.state
    for number, cid in enumerate(state.rows, 1):
        window.do(EditCell(cid, "name", f"{LONG_NAME} {number}"))
    view, painted = _painted(window)
    labels = [row.label for row in view.board.rows()]
    assert any(": " in label for label in labels), "rows tell their action after the name"
    shown = [text for text in painted if text.startswith("Captain")]
    assert len(shown) == len(labels)
    ends = [text.rsplit(" ", 1)[1] for text in shown]
    assert all(end.isdigit() for end in ends), shown
    assert {int(end) for end in ends} == set(range(1, len(state.rows) + 1))
