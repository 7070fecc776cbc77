"""The player view: a second window that follows the fight and shows only what the GM lets
the players see. Most tests play ``duel`` (a round system of the tests, on the seam alone), so
the view is shown to work from the timeline, the sheet's health and the generic combatant."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from duel.ruleset import Strike
from duel.sheet import DuelSheet
from every_system import everything_shown
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QInputDialog,
    QLineEdit,
)

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition, Sheet
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    NextTurn,
    StartFight,
)
from uwr_desktop.core.rulesets.uwr.intents import ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.player_view.board import place_columns
from uwr_desktop.ui.player_view.control import screen_id
from uwr_desktop.ui.player_view.picture import Band, HealthShown, PlayerColumn, health_band
from uwr_desktop.ui.player_view.window import NO_ROLL, PlayerView, shown_dice
from uwr_desktop.ui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.usefixtures("with_own_systems")


def duelist(cid, name, side=Side.ENEMY, *, hp=10, hp_max=10, modifier=0, hidden=False):
    sheet = DuelSheet(hp=hp, hp_max=hp_max, modifier=modifier, armor=5)
    return Combatant(id=cid, name=name, side=side, sheet=sheet, hidden=hidden)


def make_window(qtbot, tmp_path, store=None):
    document = EncounterDocument(store, roller=Roller(random.Random(11)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.actions_by_key["reduce_motion"].setChecked(True)
    main.timeline.set_animation_duration(0)
    return main


@pytest.fixture
def window(qtbot, tmp_path):
    main = make_window(qtbot, tmp_path)
    main.document.new(
        "duel",
        (
            duelist("ana", "Ana", Side.PLAYER, modifier=9),
            duelist("bo", "Bo", Side.ALLY, modifier=5),
            duelist("orc", "Orc", modifier=1),
        ),
    )
    yield main
    main.document.close()


def open_view(window) -> PlayerView:
    window.player_view.open_action.trigger()
    view = window.player_view.view
    assert view is not None
    return view


def labels(view):
    return [row.label for row in view.picture().rows]


# ---- opening and closing ------------------------------------------------------------------------


def test_view_menu_opens_a_read_only_window_and_closing_it_leaves_the_fight(window, qtbot):
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert window.player_view.open_action in view_menu.actions()
    assert window.player_view.open_action.shortcut().toString() == "F10"
    view = open_view(window)
    assert view.isWindow() and view.isVisible() and view is not window
    assert not view.findChildren(QLineEdit) and not view.findChildren(QAbstractButton)
    window.do(StartFight())
    entries = len(window.document.session.entries)

    view.close()
    assert window.player_view.view is None
    assert not window.player_view.open_action.isChecked()
    assert len(window.document.session.entries) == entries
    assert window.do(NextTurn())  # the fight goes on
    view = open_view(window)
    assert view.picture().round_text == "Round 1"
    qtbot.keyClick(view, Qt.Key.Key_Escape)  # from the view itself, full screen or not
    assert window.player_view.view is None and not window.player_view.open_action.isChecked()
    assert len(window.document.session.entries) == entries + 1


def test_round_now_and_next_follow_turns_undo_and_redo(window):
    view = open_view(window)
    assert view.round_label.text() == "Getting ready"
    window.do(StartFight())
    order = [row.label for row in view.picture().rows]
    assert view.round_label.text() == "Round 1"
    assert view.now_label.text() == f"Now: {order[0]}"
    assert view.next_label.text() == f"Next: {order[1]}"
    assert view.axis_label.text() == "Initiative (d20 + modifier)"
    window.do(NextTurn())
    assert (view.now_label.text(), view.next_label.text()) == (
        f"Now: {order[1]}",
        f"Next: {order[2]}",
    )
    window.do(NextTurn())
    assert view.next_label.text() == "Next: round 2"
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert view.now_label.text() == f"Now: {order[0]}"
    window.undo_stack.redo()
    assert view.now_label.text() == f"Now: {order[1]}"
    current = [row.label for row in view.picture().rows if row.status.value == "current"]
    assert current == [order[1]]


def test_conditions_show_with_the_rounds_left(window):
    view = open_view(window)
    window.do(StartFight())
    window.do(AddCondition(["orc"], Condition("Stunned", 2)))
    window.do(AddCondition(["orc"], Condition("Prone")))
    (orc,) = [row for row in view.picture().rows if row.key == "orc"]
    assert orc.conditions == ("Stunned (2 rounds)", "Prone")
    view.board.grab()
    assert "Stunned (2 rounds) · Prone" in view.board.painted_texts()


def test_long_numbered_names_cut_short_keep_their_numbers(window):
    long_name = "Bandit Captain of the Northern Hills"
    joining = [duelist(f"cap{n}", f"{long_name} {n}") for n in (1, 2)]
    window.do(AddCombatants(joining))
    view = open_view(window)
    view.resize(800, 480)
    view.board.grab()
    shown = [text for text in view.board.painted_texts() if text.startswith("Bandit")]
    assert sorted(text[-3:] for text in shown) == ["… 1", "… 2"], shown
    assert all(" …" not in text for text in shown), "no space is left before the cut"


def test_the_view_follows_a_new_fight_and_a_recovered_one(qtbot, tmp_path):
    path = tmp_path / "journal.sqlite3"
    crashed_store = JournalStore(path)
    crashed = make_window(qtbot, tmp_path / "a", crashed_store)
    crashed.document.new("duel", (duelist("x", "Xena", Side.PLAYER), duelist("y", "Yorick")))
    crashed.do(StartFight())
    crashed_store.close()  # the app dies with the fight open

    with JournalStore(path) as store:
        main = make_window(qtbot, tmp_path / "b", store)
        view = open_view(main)
        main.document.new("duel", (duelist("z", "Zed", Side.PLAYER),))
        assert labels(view) == ["Zed"]
        (summary,) = [s for s in store.recoverable() if s.entry_count == 1]
        main.document.recover(summary.encounter_id)
        assert sorted(labels(view)) == ["Xena", "Yorick"]
        assert view.round_label.text() == "Round 1"
        main.document.close()


# ---- rolls ------------------------------------------------------------------------------------


def test_the_last_roll_names_who_rolled_what_against_whom_and_how_it_went(window):
    view = open_view(window)
    assert view.roll_line.text() == NO_ROLL and not view.dice.isVisibleTo(view)
    window.do(StartFight())
    window.do(EditCell("orc", "alias", "The Brute"))
    window.do(Strike("ana", "orc"))
    shown = view.shown_roll()
    strike = window.document.session.entries[-1].events[0]
    assert shown is not None and shown.combatant_id == "ana"
    assert shown.record == strike.roll, "the strike, its damage told in its words"
    assert [d.value for d in view.dice.dice()] == list(strike.roll.values)
    verdict = f"hit, {strike.damage.total} damage" if strike.damage is not None else "miss"
    line = f"Ana strikes The Brute: {strike.roll.total} against armor 5 — {verdict}"
    assert view.roll_line.text() == line
    assert not view.dice.is_animating()  # reduce motion is on

    window.undo_stack.undo()
    assert view.shown_roll() is None and view.roll_line.text() == NO_ROLL
    window.undo_stack.redo()
    assert view.shown_roll().record == strike.roll and view.roll_line.text() == line


def test_dice_tumble_unless_motion_is_reduced(window, qtbot):
    window.actions_by_key["reduce_motion"].setChecked(False)
    view = open_view(window)
    window.do(StartFight())
    window.do(Strike("ana", "orc"))
    assert view.dice.is_animating()
    window.actions_by_key["reduce_motion"].setChecked(True)
    assert not view.dice.is_animating()
    window.do(Strike("ana", "orc"))
    assert not view.dice.is_animating()


def test_rolls_made_for_the_gm_only_never_reach_the_players(window):
    view = open_view(window)
    window.do(StartFight())
    window.do(Strike("ana", "orc"))
    seen = view.shown_roll()
    badge = window.player_view.gm_only_badge
    window.player_view.gm_only_action.trigger()
    assert window.player_view.gm_only_action.shortcut().toString() == "Ctrl+Shift+G"
    assert badge.isVisibleTo(window)
    window.do(Strike("bo", "orc"))
    assert view.shown_roll() == seen
    window.player_view.gm_only_action.trigger()
    assert not badge.isVisibleTo(window)
    window.undo_stack.undo()
    window.undo_stack.redo()  # a secret roll stays secret when redone
    assert view.shown_roll() == seen
    window.do(Strike("bo", "orc"))
    assert view.shown_roll().combatant_id == "bo"
    assert view.roll_line.text().startswith("Bo strikes Orc: ")


# ---- what the players see -------------------------------------------------------------------


def test_hidden_combatants_are_left_out_and_their_turn_has_no_now(window):
    window.document.new(
        "duel",
        (
            duelist("ana", "Ana", Side.PLAYER, modifier=1),
            duelist("ghost", "Ghost", hidden=True, modifier=19),
            duelist("orc", "Orc", modifier=-5),
        ),
    )
    view = open_view(window)
    window.do(StartFight())  # the ghost acts first
    assert labels(view) == ["Ana", "Orc"]
    assert view.now_label.text() == "" and view.picture().now == ""
    assert not [row for row in view.picture().rows if row.status.value == "current"]
    assert view.next_label.text() == "Next: Ana"
    before = view.shown_roll()
    window.do(Strike("ghost", "ana"))
    assert view.shown_roll() == before and "Ghost" not in view.roll_line.text()
    window.do(Strike("ana", "ghost"))  # names the ghost: not shown either
    assert view.shown_roll() == before
    window.player_view.reveal_action.trigger()  # nobody selected: nothing happens
    assert window.document.session.state.combatants["ghost"].hidden
    assert window.statusBar().currentMessage() == "Select one or more combatants first."
    window.statusBar().clearMessage()
    window.do(EditCell("ghost", "hidden", False))
    assert labels(view) == ["Ghost", "Ana", "Orc"]
    assert view.now_label.text() == "Now: Ghost"
    window.do(Strike("ghost", "ana"))
    assert view.roll_line.text().startswith("Ghost strikes Ana: ")
    window.do(EditCell("ghost", "hidden", True))  # hidden again: its roll goes too
    assert view.shown_roll() is None and view.roll_line.text() == NO_ROLL


def test_the_defeated_are_dimmed_and_never_next(window):
    view = open_view(window)
    window.do(StartFight())
    first, second, third = (row.key for row in view.picture().rows)
    names = {row.key: row.label for row in view.picture().rows}
    window.do(AddCondition([second], Condition("Defeated")))
    rows = {row.key: row for row in view.picture().rows}
    assert rows[second].down and not rows[first].down
    assert view.next_label.text() == f"Next: {names[third]}"
    told = view.board.accessibleDescription().split("; ")
    assert [part.endswith(" down") for part in told] == [False, True, False]
    window.do(ApplyDamage([third], 99))
    assert view.next_label.text() == "Next: round 2"


def select(window, *ids):
    window.table.clearSelection()
    for cid in ids:
        row = window.proxy.mapFromSource(
            window.table_model.index(window.table_model.row_of(cid), 0)
        ).row()
        window.table.selectRow(row)


def test_enemies_added_mid_fight_start_hidden_when_the_gm_wants_an_ambush(window):
    control = window.player_view
    assert control.ambush_action.isChecked()  # the default
    window.do(AddCombatants([duelist("early", "Early")]))
    window.do(StartFight())
    window.do(AddCombatants([duelist("sniper", "Sniper"), duelist("friend", "Friend", Side.ALLY)]))
    combatants = window.document.session.state.combatants
    assert not combatants["early"].hidden
    assert combatants["sniper"].hidden and not combatants["friend"].hidden
    view = open_view(window)
    assert "Sniper" not in labels(view) and "Friend" in labels(view)

    select(window, "sniper")
    control.reveal_action.trigger()
    assert "Sniper" in labels(view)
    control.hide_action.trigger()
    assert "Sniper" not in labels(view)

    control.ambush_action.trigger()
    window.do(AddCombatants([duelist("open", "Open")]))
    assert not window.document.session.state.combatants["open"].hidden


def test_the_menu_sets_an_alias_the_players_see(window, monkeypatch):
    view = open_view(window)
    window.do(AddCombatants([duelist("b2", "Bandit 2")]))
    select(window, "b2")
    monkeypatch.setattr(QInputDialog, "getText", lambda *args, **kw: ("  Bandit ", True))
    window.player_view.alias_action.trigger()
    assert window.document.session.state.combatants["b2"].alias == "Bandit"
    assert "Bandit" in labels(view) and "Bandit 2" not in everything_shown(view)
    pasted = "Masked\n\u202eStranger\t"
    monkeypatch.setattr(QInputDialog, "getText", lambda *args, **kw: (pasted, True))
    window.player_view.alias_action.trigger()
    assert window.document.session.state.combatants["b2"].alias == "Masked Stranger"
    assert "Masked Stranger" in labels(view)
    monkeypatch.setattr(QInputDialog, "getText", lambda *args, **kw: ("", True))
    window.player_view.alias_action.trigger()
    assert "Bandit 2" in labels(view)


@pytest.mark.parametrize(
    ("hp", "band"),
    [(10, Band.UNHURT), (6, Band.HURT), (5, Band.BADLY_HURT), (1, Band.BADLY_HURT), (0, Band.DOWN)],
)
def test_health_bands_from_any_sheet(hp, band):
    assert health_band(duelist("d", "D", hp=hp)) == band
    uwr = UwrSheet(vitality=hp, vitality_max=10)
    assert health_band(Combatant(id="u", name="U", sheet=uwr)) == band


def test_a_sheet_that_tells_no_health_gets_no_band():
    class Silent(Sheet):
        @property
        def down(self):
            return False

    assert health_band(Combatant(id="s", name="S", sheet=Silent())) is None


def test_enemy_health_as_a_band_or_not_at_all(window):
    view = open_view(window)
    window.do(ApplyDamage(["orc", "ana"], 6))
    rows = {row.key: row for row in view.picture().rows}
    assert (rows["orc"].band, rows["ana"].band) == (Band.BADLY_HURT, Band.BADLY_HURT)
    window.player_view.no_health_action.trigger()
    rows = {row.key: row for row in view.picture().rows}
    assert (rows["orc"].band, rows["ana"].band) == (None, Band.BADLY_HURT)
    assert (
        "badly hurt" not in "".join(t for t in view.board.painted_texts() if "Orc" in t)
        and window.player_view.enemy_health() is HealthShown.NONE
    )


def test_nothing_hidden_leaks_into_the_player_view(window):
    """A fight with a hidden ambusher, an aliased enemy, GM-only rolls and hurt enemies: no
    hidden name, no health number and no secret roll reaches the players' screen."""
    window.document.new(
        "duel",
        (
            duelist("ana", "Ana", Side.PLAYER, hp=31, hp_max=33, modifier=9),
            duelist("brute", "Brute Quillon", hp=47, hp_max=53, modifier=2),
        ),
    )
    view = open_view(window)
    window.do(StartFight())
    window.do(AddCombatants([duelist("amb", "Assassin Zyx", hp=71, hp_max=73, modifier=3)]))
    window.do(EditCell("brute", "alias", "Big One"))
    window.do(AddCondition(["amb"], Condition("Invisible", 3)))
    window.do(Strike("amb", "ana"))  # the ambusher's own roll
    window.do(Strike("ana", "amb"))  # a roll naming the ambusher
    window.player_view.gm_only_action.trigger()
    window.do(Strike("brute", "ana"))
    secret = window.document.session.entries[-1].events[0]
    window.player_view.gm_only_action.trigger()
    window.do(ApplyDamage(["brute"], 20))
    window.do(NextTurn())
    window.do(NextTurn())

    shown = everything_shown(view)
    for secret_text in ("Assassin", "Zyx", "Invisible", "Brute", "Quillon"):
        assert secret_text not in shown
    for number in ("31", "33", "47", "27", "53", "71", "73"):
        assert number not in shown
    assert "Big One" in shown and "Ana" in shown and "hurt" in shown
    assert view.shown_roll() is None or view.shown_roll().record not in (
        secret.roll,
        secret.damage,
    )
    window.player_view.no_health_action.trigger()
    everything_shown(view)
    bands = [text for text in view.board.painted_texts() if text.startswith(("●", "○"))]
    assert len(bands) == 1  # Ana's own: the players know their health


# ---- a screen across the room -------------------------------------------------------------------


def test_type_and_dice_grow_with_the_window_and_high_contrast_is_black_and_white(window):
    view = open_view(window)
    view.resize(1280, 720)
    small = (view.unit(), view.dice.scale())
    view.resize(3840, 2160)
    assert view.unit() == pytest.approx(small[0] * 3)
    assert view.dice.scale() == pytest.approx(small[1] * 3)
    assert view.board.sizeHint().height() > 3 * 200
    window.player_view.contrast_action.trigger()
    assert view.look().background == "#000000" and view.look().text == "#ffffff"
    image = view.grab().toImage()
    assert image.pixelColor(2, image.height() - 2).name() == "#000000"
    assert window.player_view._context.settings.value("player_view/high_contrast", type=bool)


def test_the_view_moves_to_the_screen_chosen_while_open_and_back_to_a_window(window):
    control = window.player_view
    view = open_view(window)
    assert not view.isFullScreen()  # no screen chosen yet: a window
    control.screen_menu.aboutToShow.emit()
    control.screen_menu.actions()[0].trigger()
    assert view.isFullScreen() and view.screen() is QGuiApplication.screens()[0]
    control.set_screen("a screen that is gone")
    assert not view.isFullScreen() and view.isVisible()
    assert (view.width(), view.height()) == (1280, 720)


CHILD = """
import random, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from uwr_desktop.core.dice import Roller
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import MainWindow
from uwr_desktop.ui.player_view.control import SCREEN_KEY
app = QApplication(sys.argv[:1])
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
settings.setValue(SCREEN_KEY, sys.argv[2])
window = MainWindow(EncounterDocument(None, roller=Roller(random.Random(1))), settings)
window.show()
window.player_view.open_action.trigger()
view = window.player_view.view
app.processEvents()
print(view.screen().name(), view.isFullScreen(), view.geometry().x(), view.geometry().width())
"""


def test_the_view_leaves_full_screen_when_its_screen_is_unplugged(window):
    control = window.player_view
    screen = QGuiApplication.screens()[0]
    control.set_screen(screen_id(screen))
    view = open_view(window)
    assert view.isFullScreen()
    QGuiApplication.instance().screenRemoved.emit(screen)
    assert not view.isFullScreen() and view.isVisible()
    assert control.chosen_screen() == screen_id(screen)
    QGuiApplication.instance().screenAdded.emit(screen)  # plugged in again
    assert view.isFullScreen() and view.screen() is screen


def test_with_two_screens_the_view_opens_on_the_one_chosen_and_remembers_it(tmp_path):
    config = tmp_path / "screens.json"
    config.write_text(
        json.dumps(
            {
                "screens": [
                    {"name": "Laptop", "x": 0, "y": 0, "width": 1366, "height": 768},
                    {"name": "TV", "x": 1366, "y": 0, "width": 1920, "height": 1080},
                ]
            }
        )
    )
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}"}

    def open_on(screen: str) -> list[str]:
        return subprocess.run(
            [sys.executable, "-c", CHILD, str(tmp_path / "settings.ini"), screen],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout.split()

    assert open_on("TV") == ["TV", "True", "1366", "1920"]
    assert open_on("Laptop") == ["Laptop", "True", "0", "1366"]
    gone = open_on("Projector")  # remembered, but not connected now: a window
    assert (gone[1], gone[3]) == ("False", "1280")


def test_the_screen_menu_lists_the_screens_and_a_window(window):
    control = window.player_view
    control.screen_menu.aboutToShow.emit()
    texts = [a.text() for a in control.screen_menu.actions()]
    assert texts[-1] == "In a Window" and len(texts) == len(QGuiApplication.screens()) + 1
    control.screen_menu.actions()[0].trigger()
    assert control.chosen_screen() == screen_id(QGuiApplication.screens()[0])


def test_shown_dice_of_a_pool_cannot_be_clicked():
    from uwr_desktop.core.dice import PoolRoll, PoolSpec
    from uwr_desktop.core.rolls import RollRecord
    from uwr_desktop.core.rulesets.base import RollShown
    from uwr_desktop.ui.player_view.picture import ShownRoll, result_words

    record = RollRecord.of_pool(PoolRoll.from_faces(PoolSpec(3, 0, 2), (1, 5, 6)))
    dice = shown_dice(ShownRoll(RollShown("ana", "rolls 3d6", record)))
    assert [d.value for d in dice] == [1, 5, 6] and not any(d.rerollable for d in dice)
    assert result_words(record) == "2 successes"
    assert QApplication.instance() is not None


def test_a_view_opened_later_shows_the_latest_roll_the_players_may_see(window, tmp_path):
    window.do(StartFight())
    window.do(Strike("ana", "orc"))
    seen = window.document.session.entries[-1].events[0]
    window.player_view.gm_only_action.trigger()
    window.do(Strike("bo", "orc"))  # secret, though no view was open
    window.player_view.gm_only_action.trigger()
    window.do(NextTurn())
    view = open_view(window)
    assert view.shown_roll().combatant_id == "ana"
    assert view.shown_roll().record in (seen.roll, seen.damage)
    assert not view.dice.is_animating()
    view.close()

    path = tmp_path / "fight.uwr"
    window.document.save(path)
    window.document.open(path)  # nobody can tell which of a file's rolls were secret
    assert open_view(window).shown_roll() is None


def uwr_window(qtbot, tmp_path, *combatants):
    main = make_window(qtbot, tmp_path)
    main.document.new("uwr", combatants)
    return main


def uwr_fighter(cid, name, side=Side.ENEMY, **fields):
    from uwr_desktop.core.rulesets.uwr.sheet import Weapon

    sheet = UwrSheet(weapons=(Weapon(name="Sword", upr_type="Swift"),))
    return Combatant(id=cid, name=name, side=side, sheet=sheet, **fields)


def test_rerolled_dice_and_a_hidden_targets_reaction_in_a_uwr_fight(qtbot, tmp_path):
    from uwr_desktop.core.rulesets.uwr.intents import Attack, FreeRoll, React, Reaction, Reroll

    main = uwr_window(
        qtbot,
        tmp_path,
        uwr_fighter("vex", "Vex", Side.PLAYER),
        uwr_fighter("spy", "Spy", hidden=True),
    )
    view = open_view(main)
    main.do(StartFight())
    assert main.do(FreeRoll("vex", 8, 0, 3))
    first = view.shown_roll()
    assert first.combatant_id == "vex" and not first.record.rerolls_taken
    assert view.roll_line.text().startswith("Vex rolls 8 dice: ")
    assert main.do(Reroll())
    again = view.shown_roll()
    assert again.record.faces == first.record.faces and again.record.rerolls_taken
    assert [d.value for d in view.dice.dice()] == list(again.record.values)
    assert any(die.rerolled for die in view.dice.dice())
    successes = again.record.total
    assert view.roll_line.text().startswith(f"Vex rolls 8 dice: {successes} success")
    main.do(ResolveCheck())

    main.document.session.do(Attack("vex", 0, "spy"))  # names the spy: not shown
    assert view.shown_roll().record == again.record
    main.document.session.do(React(Reaction.DODGE))  # the spy's dodge: not shown either
    assert view.shown_roll().record == again.record
    main.document.close()


def test_a_uwr_attack_is_told_with_its_reaction_and_the_hit_not_the_dodge_alone(qtbot, tmp_path):
    from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction

    main = uwr_window(
        qtbot,
        tmp_path,
        uwr_fighter("bandit", "Bandit 2"),
        uwr_fighter("bryn", "Bryn", Side.PLAYER, alias="Bryn the Bold"),
    )
    view = open_view(main)
    main.do(StartFight())
    main.document.session.do(Attack("bandit", 0, "bryn"))
    attack = view.shown_roll().record
    assert view.roll_line.text() == f"Bandit 2 attacks Bryn the Bold: {words(attack.total)}"
    main.document.session.do(React(Reaction.DODGE))
    assert view.shown_roll().record == attack, "the attack, with the dodge against it"
    dodge = view.shown_roll().roll.against
    line = f"Bandit 2 attacks Bryn the Bold: {words(attack.total)} against"
    line += f" Bryn the Bold's dodge {dodge.total}"
    assert view.roll_line.text() == line
    if main.document.session.state.part.pending is not None:
        main.document.session.do(ResolveCheck())
    verdict = "hit" if attack.total > dodge.total else "miss"
    assert view.roll_line.text() == f"{line} — {verdict}"
    assert [d.value for d in view.dice.dice()] == list(attack.values)
    main.document.close()


def words(successes: int) -> str:
    return "1 success" if successes == 1 else f"{successes} successes"


def test_the_stored_health_choices_are_the_pictures_own():
    from uwr_desktop.ui.player_view.control import HEALTH_BAND, HEALTH_NONE
    from uwr_desktop.ui.player_view.picture import HealthShown

    assert (HealthShown.BAND.value, HealthShown.NONE.value) == (HEALTH_BAND, HEALTH_NONE)


def test_columns_that_do_not_fit_leave_out_the_earliest_and_keep_the_one_under_way():
    columns = [PlayerColumn(f"Turn {turn}", (), under_way=turn == 5) for turn in range(1, 7)]
    unit = 24.0
    placed, left_out = place_columns(columns, 32 * unit, unit)
    headings = [column.heading for column, _, _ in placed]
    assert "Turn 5" in headings and left_out == 4 - headings.index("Turn 5")
    assert headings == sorted(headings), "left to right in turn order"
    widths = {column.heading: width for column, _, width in placed}
    assert widths["Turn 5"] > 2 * max(w for h, w in widths.items() if h != "Turn 5")
    lefts = [x for _, x, _ in placed]
    rights = [x + width for _, x, width in placed]
    assert all(right <= left for right, left in zip(rights, lefts[1:], strict=False))
    assert rights[-1] <= 32 * unit
    everything, none_out = place_columns(columns, 80 * unit, unit)
    assert len(everything) == 6 and none_out == 0


def test_a_hands_card_telling_of_a_hidden_rival_shows_its_name_alone():
    """Ana and the hidden Bo tie on points and roll off: "5 · roll-off" on Ana's card would
    tell of Bo, and so would the roll-off's dice."""
    from uwr_desktop.core.rulesets import make_ruleset
    from uwr_desktop.core.rulesets.base import TurnNow
    from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
    from uwr_desktop.core.session import Session
    from uwr_desktop.ui.player_view.picture import last_roll, player_picture

    sheet = HandsSheet(max_points=5, weapons=(HandsWeapon(name="Blade", reach=1),))
    roster = (
        Combatant(id="ana", name="Ana", side=Side.PLAYER, sheet=sheet),
        Combatant(id="bo", name="Bo", sheet=sheet, hidden=True),
    )
    session = Session(make_ruleset("hands"), roster, roller=Roller(random.Random(2)))
    session.do(StartFight())
    state, ruleset = session.state, session.ruleset
    slots = ruleset.timeline(state)
    (ana_slot,) = [slot for slot in slots if slot.key == "ana"]
    assert "roll-off" in ana_slot.value_text and "bo" in ana_slot.tells
    picture = player_picture(state, slots, ruleset.timeline_axis(state), ruleset.turn_now(state))
    rows = {row.key: row for row in picture.rows}
    assert list(rows) == ["ana"]
    assert (rows["ana"].label, rows["ana"].value_text, rows["ana"].pips) == ("Ana", "", 5)
    assert last_roll(session.entry_view(0).rolls, state) is None
    session.do(EditCell("bo", "hidden", False))
    state = session.state
    shown = last_roll(session.entry_view(0).rolls, state)
    assert shown is not None and "rolls off to declare first: " in (shown.line(state) or "")
    picture = player_picture(
        state, ruleset.timeline(state), ruleset.timeline_axis(state), TurnNow()
    )
    assert {row.key: row.value_text for row in picture.rows}["ana"] == ana_slot.value_text


def test_long_names_now_and_next_stay_on_the_players_screen(window, qtbot):
    long_name = "Captain Aldric Vane of the Silver Lantern Company, Sworn Shield of Westmarch"
    window.document.new(
        "duel",
        (
            duelist("cap", long_name, Side.PLAYER, modifier=19),
            duelist("orc", f"{long_name}'s Shadow", modifier=-5),
        ),
    )
    view = open_view(window)
    window.do(StartFight())
    view.showNormal()
    view.resize(1280, 720)
    qtbot.waitUntil(lambda: view.width() == 1280)
    assert view.minimumSizeHint().width() <= 1280
    assert view.now_label.text() == f"Now: {long_name}"
    assert view.next_label.text() == f"Next: {long_name}'s Shadow"
    for label in (view.round_label, view.now_label, view.next_label):
        assert view.rect().contains(label.geometry())
    assert view.now_label.shown_text().endswith("…")
    assert view.next_label.shown_text().endswith("…")
    assert view.round_label.geometry().right() < view.now_label.geometry().left()
    assert view.now_label.geometry().right() < view.next_label.geometry().left()
