"""A screen reader is told, through Qt's accessibility announcements, what the dice rolled, when a
round or a turn changes, and why something was refused, in every round system."""

import pytest
from every_system import sheet_for
from fight_window import shown_window
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, ApplyDamage, Heal, RollDice
from uwr_desktop.core.rulesets import ruleset_ids
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.window.turn_header import acting_text

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def posted(monkeypatch):
    """The announcement events handed to Qt's accessibility, as (message, assertive)."""
    events: list[tuple[str, bool]] = []
    assertive = QAccessible.AnnouncementPoliteness.Assertive

    def update(event):
        events.append((event.message(), event.politeness() == assertive))

    monkeypatch.setattr(QAccessible, "updateAccessibility", update)
    return events


@pytest.fixture(params=ruleset_ids())
def window(request, qtbot, tmp_path):
    windows = shown_window(qtbot, tmp_path, seed=7)
    main = next(windows)
    main.document.new(request.param)
    main.do(
        AddCombatants(
            (
                Combatant(id="b", name="Bryn", side=Side.PLAYER, sheet=sheet_for(request.param)),
                Combatant(id="x", name="Bandit", side=Side.ENEMY, sheet=sheet_for(request.param)),
            )
        )
    )
    yield main
    next(windows, None)


def _heard(window, qtbot, act) -> list[str]:
    heard: list[str] = []
    window.announcer.announced.connect(heard.append)
    act()
    window.announcer.announced.disconnect(heard.append)
    return heard


def test_the_start_tells_the_round_and_who_acts_and_the_dice(qtbot, window, posted):
    heard = _heard(window, qtbot, lambda: qtbot.keyClick(window, Qt.Key.Key_F5))
    assert len(heard) == 1
    words = heard[0]
    assert "Round 1." in words
    state = window.document.session.state
    acting = acting_text(state, window.document.turn_now())
    if acting:
        assert words.endswith(f"{acting}.")
    assert posted == [(words, False)], "handed to Qt's accessibility, politely"


def test_next_turn_tells_who_acts_now(qtbot, window, posted):
    qtbot.keyClick(window, Qt.Key.Key_F5)
    for _ in range(6):  # until someone acts (a countdown may start with declarations)
        acting = acting_text(window.document.session.state, window.document.turn_now())
        if acting:
            break
        window.table.setFocus()
        qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    heard = _heard(window, qtbot, lambda: qtbot.keyClick(window, Qt.Key.Key_Return, CTRL))
    now = acting_text(window.document.session.state, window.document.turn_now())
    assert heard, "a turn change is told"
    if now:
        assert heard[-1].endswith(f"{now}.")


def test_when_everyone_is_down_the_header_and_the_reader_say_so(qtbot, window, posted):
    qtbot.keyClick(window, Qt.Key.Key_F5)

    def all_down_then_next_turn():
        window.do(ApplyDamage(("b", "x"), 10_000))
        qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)

    heard = _heard(window, qtbot, all_down_then_next_turn)
    assert all(c.down for c in window.document.session.state.combatants.values())
    assert window.turn_header.actor_label.text() == "Everyone is down"
    assert heard and heard[-1].endswith("Everyone is down.")
    window.do(Heal(("b",), 10_000))
    assert window.turn_header.actor_label.text() != "Everyone is down", "Bryn stands again"


def test_dice_landing_are_told_with_the_roller_and_result(qtbot, window, posted):
    qtbot.keyClick(window, Qt.Key.Key_F5)
    heard = _heard(window, qtbot, lambda: window.do(RollDice("b", "2d6")))
    entry = window.document.session.entry_view(window.document.session.cursor - 1)
    total = entry.rolls[0].record.total
    assert heard and heard[0].startswith("Bryn rolls 2d6: ")
    assert str(total) in heard[0]


def test_a_refusal_is_told_at_once_and_once(qtbot, window, posted):
    heard = _heard(window, qtbot, lambda: qtbot.keyClick(window, Qt.Key.Key_Return, CTRL))
    shown = window.statusBar().currentMessage()
    assert shown, "the refusal is in the status bar"
    assert heard == [shown]
    assert posted == [(shown, True)], "a refusal cuts in"


def test_a_refusal_in_the_table_is_told(qtbot, window, posted):
    window.show_refusal("Bryn: Side cannot be edited")
    assert posted == [("Bryn: Side cannot be edited", True)]
