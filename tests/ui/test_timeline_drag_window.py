"""A move on the window's timeline, by drag or by keyboard, does what the ruleset answers."""

import random

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, EditCell, StartFight
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import MainWindow


@pytest.fixture
def window(qtbot, tmp_path):
    document = EncounterDocument(None, roller=Roller(random.Random(2)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    main.files.maybe_save = lambda: True
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    main.timeline.set_animation_duration(0)
    session = document.session
    session.do(
        AddCombatants(
            [
                Combatant(id="ana", name="Ana", side=Side.PLAYER, sheet=UwrSheet()),
                Combatant(id="gob", name="Goblin", sheet=UwrSheet()),
            ]
        )
    )
    session.do(StartFight())
    session.do(EditCell("ana", "initiative", 15))
    session.do(EditCell("gob", "initiative", 9))
    yield main
    main.statusBar().clearMessage()  # its timeout timer would outlive the test
    document.close()


def test_dragging_shows_the_rulesets_answer_and_the_drop_does_it(qtbot, window):
    timeline = window.timeline
    rolled = window.document.session.state.combatants["gob"].sheet.initiative.rolled
    start = timeline.card_rect("gob").center().toPoint()
    qtbot.mousePress(timeline, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 4):
        qtbot.mouseMove(timeline, start - QPoint(8 * step, 0))
    assert timeline.drag_text() == "No change"
    drop = QPoint(int(timeline.card_rect("ana").left()) + 4, start.y())
    qtbot.mouseMove(timeline, drop)
    expected = f"Move Goblin before Ana: manual order, initiative 9 (rolled {rolled}) kept"
    assert timeline.drag_text() == expected
    qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=drop)
    assert window.document.session.state.order == ("gob", "ana")
    assert window.statusBar().currentMessage() == expected
    assert [slot.key for slot in timeline.slots()] == ["gob", "ana"]


def test_alt_arrow_moves_through_the_same_answer(qtbot, window):
    timeline = window.timeline
    timeline.setFocus()
    timeline.select("ana")
    qtbot.keyClick(timeline, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.document.session.state.order == ("gob", "ana")
    assert window.statusBar().currentMessage().startswith("Move Ana to the end, after Goblin")
    qtbot.keyClick(timeline, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.document.session.state.order == ("gob", "ana"), "no place further right"
