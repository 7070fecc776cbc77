"""A round of each round system played from the keyboard alone: New Fight (Ctrl+N), two
combatants added through their sheets (Ctrl+Shift+N), the fight started (F5), the one on turn
acting, the next turn (Ctrl+Enter), and the fight saved (Ctrl+S, the file dialog answered by
typing). Only key events reach the app: no clicks, no calls doing what a key should; the test
reads the window to know where the focus is, as a GM looks at the screen. At each step every
control shown has a name a screen reader reads."""

from collections.abc import Callable

import pytest
from accessible_walk import described, unnamed
from fight_window import shown_window, when_modal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QPushButton, QTableWidget, QWidget

from uwr_desktop.core.encounter import SETUP_PHASE
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import decode_encounter

NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
K = Qt.Key


def focused() -> QWidget:
    widget = QApplication.focusWidget() or QApplication.activeWindow()
    assert widget is not None, "nothing has the focus"
    return widget


def press(qtbot, key: K, modifier=NONE, times: int = 1) -> None:
    """Press ``key`` where the focus is, ``times`` times."""
    for _ in range(times):
        qtbot.keyClick(focused(), key, modifier)


def type_in(qtbot, text: str) -> None:
    """Type ``text`` where the focus is."""
    qtbot.keyClicks(focused(), text)


def tab_until(qtbot, wanted: Callable[[QWidget], bool], what: str, presses: int = 80) -> None:
    """Press Tab until the focus is on a widget that is ``wanted``, as a GM tabs along looking
    at where the ring is."""
    for _ in range(presses):
        if wanted(focused()):
            return
        press(qtbot, K.Key_Tab)
    raise AssertionError(f"Tab never reached {what}; last {described(focused())}")


def choose(qtbot, text: str) -> None:
    """Pick the choice starting with ``text`` in the drop-down with the focus, by arrows."""
    combo = focused()
    wanted = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert wanted >= 0, f"{text!r} is not offered"
    press(qtbot, K.Key_Home)
    press(qtbot, K.Key_Down, times=wanted)
    assert combo.currentIndex() == wanted


def back_to(qtbot, window) -> None:
    """The window active again once a dialog has closed (the desktop gives it back)."""
    if QApplication.activeWindow() is not window:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def in_dialog(qtbot, window, key: K, modifier, answer: Callable[[QDialog], None]) -> None:
    """Press ``key`` on the window and answer the dialog it opens with ``answer``."""
    seen: list[str] = []  # words only: Qt deletes a dialog's widgets with it

    def run(dialog: QDialog) -> None:
        seen.append(dialog.objectName())
        qtbot.waitUntil(lambda: focused().window() is dialog)
        assert not unnamed(dialog), "every field of the dialog is named"
        answer(dialog)

    when_modal(QDialog, run)
    back_to(qtbot, window)
    press(qtbot, key, modifier)
    assert seen, "the key opened a dialog"
    back_to(qtbot, window)


def new_fight(qtbot, window, title: str) -> None:
    def answer(dialog: QDialog) -> None:
        choose(qtbot, title)
        press(qtbot, K.Key_Return)

    in_dialog(qtbot, window, K.Key_N, CTRL, answer)


def add_combatant(qtbot, window, fill: Callable[[str, Side], None], name: str, side: Side):
    def answer(dialog: QDialog) -> None:
        fill(name, side)
        tab_until(qtbot, lambda w: isinstance(w, QPushButton) and w.text() == "OK", "OK")
        press(qtbot, K.Key_Space)

    in_dialog(qtbot, window, K.Key_N, CTRL | SHIFT, answer)


def name_and_side(qtbot, name: str, side: Side) -> None:
    """The sheet's first field is the name; Tab to the side and choose it."""
    type_in(qtbot, name)
    tab_until(qtbot, lambda w: "side" in w.objectName().casefold(), "the side")
    choose(qtbot, side.value.capitalize())


def save(qtbot, window, target) -> None:
    def answer(dialog: QDialog) -> None:
        assert isinstance(dialog, QFileDialog)
        type_in(qtbot, str(target))
        press(qtbot, K.Key_Return)

    in_dialog(qtbot, window, K.Key_S, CTRL, answer)


def named_throughout(qtbot, window) -> None:
    qtbot.wait(10)  # widgets a panel adds to its layout show once events are processed
    assert not unnamed(window)


def last_done(window) -> str:
    """What the fight's journal says was done last (as the log shows it)."""
    return window.document.session.entries[-1].label


def acting_name(window) -> str:
    """The name of the one acting now, as the turn header shows it."""
    state = window.document.session.state
    return state.combatants[window.document.turn_now().acting[0]].name


# ---- each round system's sheet and turn -----------------------------------------------------


def uwr_sheet(qtbot, name: str, side: Side) -> None:
    name_and_side(qtbot, name, side)
    weapons = focused().window().findChild(QTableWidget, "weaponsTable")
    press(qtbot, K.Key_W, ALT)  # Add weapon: the new row's name takes the focus
    qtbot.waitUntil(lambda: weapons.rowCount() == 1)  # a mnemonic clicks its button shortly
    qtbot.waitUntil(lambda: focused().parentWidget() is weapons.viewport())
    type_in(qtbot, "Sword")


def uwr_turn(qtbot, window) -> None:
    acting = acting_name(window)
    press(qtbot, K.Key_F11)  # Attack
    assert last_done(window).startswith(f"{acting} attacks ")
    named_throughout(qtbot, window)
    press(qtbot, K.Key_F9, CTRL)  # No reaction: the attack stands as rolled
    assert last_done(window) == "Resolve attack"
    named_throughout(qtbot, window)


def plain_sheet(qtbot, name: str, side: Side) -> None:
    name_and_side(qtbot, name, side)


def rollkeep_sheet(qtbot, name: str, side: Side) -> None:
    name_and_side(qtbot, name, side)
    tab_until(qtbot, lambda w: w.objectName() == "rollkeepSkills", "the skills")
    type_in(qtbot, "Kenjutsu 2")
    tab_until(qtbot, lambda w: w.objectName() == "rollkeepWeapons", "the weapons")
    type_in(qtbot, "Katana, melee, Kenjutsu, 3k2")


def tactical_turn(qtbot, window) -> None:
    press(qtbot, K.Key_Return, CTRL)  # the parries declared (none), the countdown starts
    assert "count" in last_done(window)
    press(qtbot, K.Key_F9)  # Declare the action chosen for the one declaring
    named_throughout(qtbot, window)
    assert last_done(window).startswith(f"{acting_name(window)}: ")


def hands_turn(qtbot, window) -> None:
    acting = acting_name(window)
    press(qtbot, K.Key_F9)  # Spend (Combatant on Turn)
    assert last_done(window) == f"{acting} spends 1 point"


def rollkeep_turn(qtbot, window) -> None:
    acting = acting_name(window)
    press(qtbot, K.Key_F11)  # Attack
    assert last_done(window).startswith(f"{acting} attacks ")


SYSTEMS = {
    "uwr": ("Us Who Remain", uwr_sheet, uwr_turn),
    "tactical": ("Tactical", plain_sheet, tactical_turn),
    "hands": ("Hack", plain_sheet, hands_turn),
    "rollkeep": ("Roll and keep", rollkeep_sheet, rollkeep_turn),
}


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=21)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_round_by_keys_alone(qtbot, window, tmp_path, ruleset_id):
    title, sheet, turn = SYSTEMS[ruleset_id]
    new_fight(qtbot, window, title)
    assert window.document.session.ruleset.id == ruleset_id
    for name, side in (("Bryn", Side.PLAYER), ("Bandit", Side.ENEMY)):
        add_combatant(qtbot, window, lambda n, s: sheet(qtbot, n, s), name, side)
    state = window.document.session.state
    assert sorted(c.name for c in state.combatants.values()) == ["Bandit", "Bryn"]
    named_throughout(qtbot, window)
    press(qtbot, K.Key_F5)
    assert window.document.session.state.phase != SETUP_PHASE
    named_throughout(qtbot, window)
    entries = len(window.document.session.entries)
    turn(qtbot, window)
    assert len(window.document.session.entries) > entries, "the one on turn acted"
    before = window.document.turn_key(window.document.session.state)
    press(qtbot, K.Key_Return, CTRL)
    assert window.document.turn_key(window.document.session.state) != before, "next turn"
    named_throughout(qtbot, window)
    target = tmp_path / f"{ruleset_id}.uwr"
    save(qtbot, window, target)
    assert window.document.path == target and not window.document.modified
    saved = decode_encounter(target.read_bytes())
    assert len(saved.entries) == len(window.document.session.entries)
