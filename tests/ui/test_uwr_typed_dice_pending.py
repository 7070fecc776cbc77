"""Typed dice in a uwr fight while a check is pending: any roll the Dice tray would make, for a
combatant or for nobody, d6 pool or not, waits, with Roll and F7 greyed in the rules' words,
and the tray keeps showing the pending check that Resolve (F8) will resolve. The wait is told in
the tray's usual colour: red is kept for dice typed wrong."""

import pytest
from fight_window import key_on_table, shown_window
from PySide6.QtCore import Qt
from uwr_fighters import swordsman

from uwr_desktop.core.events import DiceRolled
from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.rulesets.uwr.events import CheckResolved
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.sides import Side

PENDING = "Resolve (or undo) the pending check first"


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=3)


def roll_typed(qtbot, window, combatant_id, notation):
    """Type ``notation`` in the tray for ``combatant_id`` (``None``: nobody) and press F7."""
    tray = window.dice_tray
    tray.set_combatant(combatant_id)
    tray.notation.setText(notation)
    key_on_table(qtbot, window, Qt.Key.Key_F7)


def test_a_typed_roll_waits_for_the_pending_check(qtbot, window):
    session = window.document.session
    session.do(
        AddCombatants(
            [
                swordsman("ana", "Ana", Side.PLAYER, initiative=20),
                swordsman("orc", "Orc", Side.ENEMY, initiative=5),
            ]
        )
    )
    key_on_table(qtbot, window, Qt.Key.Key_F5)
    panel = window.dice_panel.widget
    tray = window.dice_tray

    roll_typed(qtbot, window, "ana", "7d6 f+1 r2")
    pending = part_of(session.state).pending
    assert pending is not None and pending.check.title == "7d6 f+1 r2"
    dice = tray.view.shown_labels()
    banner = tray.banner_text()
    cursor = session.cursor

    for combatant_id, notation in (("ana", "6k3"), ("orc", "2d10+5"), (None, "6k3")):
        roll_typed(qtbot, window, combatant_id, notation)
        assert session.cursor == cursor, f"{notation} is not rolled"
        assert tray.message_text() == PENDING
    roll_typed(qtbot, window, None, "7d6")
    assert tray.message_text() == PENDING
    assert tray.message.property("error") is False, "the fight's state, not a mistake: not red"
    assert not tray.roll_button.isEnabled() and tray.roll_button.toolTip() == PENDING
    assert not window.actions_by_key["roll"].isEnabled(), "F7 is greyed while the check waits"
    assert window.statusBar().currentMessage() == f"Roll is not possible now: {PENDING}"
    assert tray.view.shown_labels() == dice and tray.banner_text() == banner
    assert panel.shown_check().pending == pending, "the tray still shows the pending check"

    key_on_table(qtbot, window, Qt.Key.Key_F8)
    assert any(isinstance(e, CheckResolved) for e in session.entries[-1].events)
    assert part_of(session.state).pending is None
    assert tray.roll_button.isEnabled(), "rolls may be made again"
    resolution = window.event_log.visible_lines()[-1]
    assert resolution.startswith("Round 1 · Ana's 7d6 f+1 r2: "), "F8 resolved the check shown"
    roll_typed(qtbot, window, "ana", "6k3")
    (rolled,) = session.entries[-1].events
    assert isinstance(rolled, DiceRolled) and rolled.notation == "6k3"
    assert len(tray.view.shown_labels()) == 6 and tray.banner_text().startswith("Total ")
    assert panel.shown_check() is None, "the tray shows the typed roll, no check"
