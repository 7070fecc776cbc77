"""The generic dice tray: typed dice for a combatant or for nobody in every round system,
journaled, logged and shown; rerolls of a typed pool; what the tray says before a roll; the
dice's own controls (skip, reduce motion, speed); a tray outside any fight."""

import random

import pytest
from PySide6.QtCore import QPoint, Qt

from uwr_desktop.core.dice import PoolSpec, Roller, RollKeepSpec, SumSpec
from uwr_desktop.core.encounter import DEFEATED_CONDITION, Combatant, Condition, sheet_type
from uwr_desktop.core.events import DiceRerolled, DiceRolled
from uwr_desktop.core.intents import AddCombatants, AddCondition
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.ui.dice.tray import NOBODY, DiceTray
from uwr_desktop.ui.document import EncounterDocument

SEED = 20240611


def _select(qtbot, combo, text):
    """Pick the item starting with ``text`` with the arrow keys, as a GM could."""
    index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, f"{text!r} not offered"
    while combo.currentIndex() != index:
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def _shown(qtbot, widget):
    widget.resize(700, 700)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _document(ruleset_id: str) -> EncounterDocument:
    document = EncounterDocument(None, roller=Roller(random.Random(SEED)))
    document.new(ruleset_id)
    sheet = sheet_type(ruleset_id)
    assert sheet is not None
    document.session.do(
        AddCombatants(
            [
                Combatant(id="ana", name="Ana", sheet=sheet()),
                Combatant(id="bo", name="Bo", sheet=sheet()),
            ]
        )
    )
    return document


@pytest.fixture(params=ruleset_ids())
def fight(request, qtbot):
    make_ruleset(request.param)
    document = _document(request.param)
    tray = _shown(qtbot, DiceTray(document))
    tray.set_reduce_motion(True)
    return document, tray


@pytest.fixture
def tray(qtbot):
    widget = DiceTray(roller=Roller(random.Random(SEED)))
    widget.set_animation_speed(4.0)
    return _shown(qtbot, widget)


def _latest(document):
    session = document.session
    return session.entries[session.cursor - 1]


def test_typed_dice_for_a_combatant_are_journaled_logged_and_shown(qtbot, fight):
    document, tray = fight
    _select(qtbot, tray.combatant, "Bo")
    qtbot.keyClicks(tray.notation, "2d10+5")
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    (rolled,) = _latest(document).events
    assert isinstance(rolled, DiceRolled)
    assert (rolled.combatant_id, rolled.notation) == ("bo", "2d10+5")
    assert tray.view.shown_labels() == tuple(str(face) for face in rolled.roll.faces)
    assert tray.banner_text() == f"Total {rolled.roll.total}"
    (line,) = document.session.describe_entry(document.session.cursor - 1)
    assert line.startswith("Bo rolls 2d10+5: [")


def test_typed_dice_for_nobody_are_the_gms_own_roll(qtbot, fight):
    document, tray = fight
    assert tray.combatant.currentText() == NOBODY
    qtbot.keyClicks(tray.notation, "6k3")
    qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    (rolled,) = _latest(document).events
    assert isinstance(rolled, DiceRolled) and rolled.combatant_id is None
    kept = set(rolled.roll.keep().kept_indices)
    assert [d.kept for d in tray.view.dice()] == [i in kept for i in range(6)]
    (line,) = document.session.describe_entry(document.session.cursor - 1)
    assert line.startswith("The GM rolls 6k3: [")


def test_a_typed_pools_rerolls_go_through_the_journal(qtbot, fight):
    document, tray = fight
    qtbot.keyClicks(tray.notation, "8d6 r2")
    tray.roll()
    (rolled,) = _latest(document).events
    failed = rolled.roll.pool().rerollable_indices
    assert len(failed) >= 2, "the seed rolls at least two failures"
    assert tray.reroll_button.isVisible() and tray.reroll_button.isEnabled()
    assert tray.rerolls_left_text() == "2 rerolls left"
    with qtbot.assertNotEmitted(tray.rerollRequested):
        qtbot.mouseClick(
            tray.view, Qt.MouseButton.LeftButton, pos=tray.view.die_rect(failed[0]).center()
        )
    (rerolled,) = _latest(document).events
    assert isinstance(rerolled, DiceRerolled)
    assert [index for index, _ in rerolled.rerolls] == [failed[0]]
    assert tray.view.dice()[failed[0]].rerolled
    qtbot.mouseClick(tray.reroll_button, Qt.MouseButton.LeftButton)
    assert document.session.state.typed_roll.record.pool().rerolls_left == 0
    assert tray.rerolls_left_text() == "no rerolls left"
    document.session.undo()
    assert tray.rerolls_left_text() == "1 reroll left", "undo shows the roll as it was"


def test_reroll_all_is_offered_only_for_a_pool_with_rerolls(qtbot, fight):
    _, tray = fight
    qtbot.keyClicks(tray.notation, "2d10+5")
    tray.roll()
    assert not tray.reroll_button.isVisible()
    tray.notation.setText("5d6")
    tray.roll()
    assert not tray.reroll_button.isVisible()


def test_undo_takes_the_roll_off_the_tray(qtbot, fight):
    document, tray = fight
    qtbot.keyClicks(tray.notation, "3d6")
    tray.roll()
    assert tray.view.dice()
    document.session.undo()
    assert not tray.view.dice() and tray.banner_text() == ""
    document.session.redo()
    assert len(tray.view.dice()) == 3


def test_the_tray_offers_the_fights_combatants_and_marks_the_defeated(qtbot, fight):
    document, tray = fight
    offered = [tray.combatant.itemText(i) for i in range(tray.combatant.count())]
    assert offered == [NOBODY, "Ana", "Bo"]
    document.session.do(AddCondition(["bo"], Condition(DEFEATED_CONDITION)))
    assert tray.combatant.itemText(2) == "Bo (defeated)"


def test_notation_errors_are_shown_inline_and_block_the_roll(qtbot, tray):
    qtbot.keyClicks(tray.notation, "7d6 q")
    assert tray.has_error()
    assert "unknown option 'q'" in tray.message_text()
    assert tray.message.property("error") is True
    assert not tray.roll_button.isEnabled()
    assert tray.odds_text() == ""
    with qtbot.assertNotEmitted(tray.rollRequested):
        qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    qtbot.keyClick(tray.notation, Qt.Key.Key_Backspace)
    qtbot.keyClicks(tray.notation, "f+1")
    assert not tray.has_error()
    assert tray.message_text() == "7d6 f+1", "what was typed, not said twice"
    assert tray.roll_button.isEnabled()
    qtbot.keyClicks(tray.notation, " r0")
    assert tray.message_text() == "7d6 f+1 r0 = 7d6 f+1", "how the dice were read"


def test_an_empty_tray_says_how_to_roll_once_in_its_field(qtbot, tray):
    assert tray.has_error()
    assert "2d10+5, 6k3, 7d6 f+1 r2" in tray.notation.placeholderText()
    assert tray.message_text() == "", "the field's examples are not said a second time"
    assert tray.message.isHidden(), "an empty line takes no room"
    assert not tray.roll_button.isEnabled()
    assert tray.roll_button.toolTip() == "Type dice to roll: 2d10+5, 6k3, 7d6 f+1 r2."


def test_roll_and_keep_with_a_target_number(qtbot, tray):
    qtbot.keyClicks(tray.notation, "6k3")
    assert tray.target_number.isVisibleTo(tray)
    tray.target_number.setValue(20)
    tray.set_reduce_motion(True)
    qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    expected = Roller(random.Random(SEED)).roll_keep(RollKeepSpec(6, 3))
    kept = set(expected.kept_indices)
    assert [d.kept for d in tray.view.dice()] == [i in kept for i in range(6)]
    assert tray.view.shown_labels() == tuple("+".join(map(str, c)) for c in expected.chains)
    word = "≥ TN 20: hit" if expected.total >= 20 else "< TN 20: miss"
    assert tray.banner_text() == f"Total {expected.total} {word}"


def test_a_pool_has_no_target_number(qtbot, tray):
    qtbot.keyClicks(tray.notation, "5d6")
    assert not tray.target_number.isVisibleTo(tray)


def test_a_sum_shows_its_total(qtbot, tray):
    qtbot.keyClicks(tray.notation, "2d10+5")
    tray.set_reduce_motion(True)
    tray.roll()
    expected = Roller(random.Random(SEED)).roll_sum(SumSpec(2, 10, 5))
    assert tray.view.shown_labels() == tuple(str(f) for f in expected.faces)
    assert tray.banner_text() == f"Total {expected.total}"


def test_a_local_pool_rerolls_the_die_clicked_alone(qtbot, tray):
    qtbot.keyClicks(tray.notation, "8d6 r2")
    tray.roll()
    qtbot.waitUntil(lambda: not tray.is_animating(), timeout=3000)
    first = tray.current_roll()
    index = first.rerollable_indices[0]
    before = tray.view.shown_labels()
    qtbot.mouseClick(tray.view, Qt.MouseButton.LeftButton, pos=tray.view.die_rect(index).center())
    assert tray.view.animating_indices() == frozenset({index})
    while tray.is_animating():
        now = tray.view.shown_labels()
        assert [now[i] for i in range(len(now)) if i != index] == [
            before[i] for i in range(len(before)) if i != index
        ]
        qtbot.wait(5)
    replay = Roller(random.Random(SEED))
    assert tray.current_roll() == replay.reroll(replay.roll_pool(first.spec), [index])


def test_r_rerolls_all_from_the_keyboard(qtbot, tray):
    qtbot.keyClicks(tray.notation, "8d6 r2")
    tray.set_reduce_motion(True)
    tray.roll()
    first = tray.current_roll()
    tray.view.setFocus()
    qtbot.keyClick(tray.view, Qt.Key.Key_R)
    assert tray.current_roll().rerolls_used == min(2, len(first.rerollable_indices))


def test_enter_and_ctrl_r_roll(qtbot, tray):
    qtbot.keyClicks(tray.notation, "3d6")
    tray.set_reduce_motion(True)
    with qtbot.waitSignal(tray.rollRequested, timeout=500):
        qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    tray.combatant.setFocus()
    with qtbot.waitSignal(tray.rollRequested, timeout=500):
        qtbot.keyClick(tray.combatant, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)


def test_typing_r_in_the_notation_does_not_reroll(qtbot, tray):
    qtbot.keyClicks(tray.notation, "5d6 r1")
    tray.set_reduce_motion(True)
    tray.roll()
    tray.notation.clear()
    before = tray.current_roll()
    qtbot.keyClicks(tray.notation, "5d6 r2")
    assert tray.notation.text() == "5d6 r2"
    assert tray.current_roll() == before


def test_escape_skips_the_animation(qtbot, tray):
    tray.set_animation_speed(0.5)
    qtbot.keyClicks(tray.notation, "8d6")
    tray.roll()
    assert tray.is_animating()
    assert tray.banner_text() == "Rolling…"
    qtbot.keyClick(tray.notation, Qt.Key.Key_Escape)
    assert not tray.is_animating()
    expected = Roller(random.Random(SEED)).roll_pool(PoolSpec(8))
    assert tray.view.shown_labels() == tuple(str(f) for f in expected.faces)
    assert tray.banner_text() != "Rolling…"


def test_skip_is_live_only_while_dice_tumble(qtbot, tray):
    assert not tray.skip_button.isEnabled(), "no dice yet: nothing to skip"
    assert "No dice are rolling" in tray.skip_button.toolTip()
    tray.set_animation_speed(0.5)
    qtbot.keyClicks(tray.notation, "8d6")
    tray.roll()
    assert tray.skip_button.isEnabled()
    assert "at rest at once" in tray.skip_button.toolTip()
    qtbot.mouseClick(tray.skip_button, Qt.MouseButton.LeftButton)
    assert not tray.is_animating()
    assert not tray.skip_button.isEnabled()
    assert "No dice are rolling" in tray.skip_button.toolTip()
    tray.set_animation_speed(4.0)
    tray.roll()
    assert tray.skip_button.isEnabled()
    qtbot.waitUntil(lambda: not tray.is_animating(), timeout=3000)
    assert not tray.skip_button.isEnabled(), "dice that came to rest by themselves"


def test_a_click_on_the_dice_skips_the_animation(qtbot, tray):
    tray.set_animation_speed(0.5)
    qtbot.keyClicks(tray.notation, "8d6 r3")
    tray.roll()
    assert tray.is_animating()
    before = tray.current_roll()
    qtbot.mouseClick(tray.view, Qt.MouseButton.LeftButton, pos=tray.view.die_rect(0).center())
    assert not tray.is_animating()
    assert tray.current_roll() == before, "a click while rolling rerolls nothing"


def test_reduce_motion_shows_the_result_at_once(qtbot, tray):
    tray.reduce_motion_action.trigger()
    qtbot.keyClicks(tray.notation, "4d6")
    with qtbot.waitSignal(tray.settled, timeout=50):
        tray.roll()
    assert not tray.is_animating()
    assert tray.view.frames_drawn() == 0
    assert tray.banner_text() != "Rolling…"


def test_speed_menu_sets_the_speed(qtbot, tray):
    next(a for a in tray.animation_button.menu().actions() if a.text() == "Speed 2x").trigger()
    assert tray.view.speed() == 2.0
    assert tray.reaction_view.speed() == 2.0


def test_controls_have_accessible_names_and_tooltips(tray):
    for widget in (
        tray.combatant,
        tray.notation,
        tray.target_number,
        tray.roll_button,
        tray.reroll_button,
        tray.skip_button,
    ):
        assert widget.accessibleName(), widget
        assert widget.toolTip(), widget


def test_a_chosen_die_is_rerolled_from_the_keyboard(qtbot, fight):
    document, tray = fight
    qtbot.keyClicks(tray.notation, "8d6 r1")
    qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    (rolled,) = _latest(document).events
    failed = rolled.roll.pool().rerollable_indices
    assert len(failed) >= 2, "the seed rolls at least two failures"
    tray.view.setFocus()
    assert tray.view.chosen() == failed[0]
    qtbot.keyClick(tray.view, Qt.Key.Key_Right)
    while tray.view.chosen() != failed[1]:
        qtbot.keyClick(tray.view, Qt.Key.Key_Right)
    qtbot.keyClick(tray.view, Qt.Key.Key_Space)
    (rerolled,) = _latest(document).events
    assert isinstance(rerolled, DiceRerolled)
    assert [index for index, _ in rerolled.rerolls] == [failed[1]]


def test_typed_dice_take_the_tn_box_s_room_while_it_is_hidden(qtbot, tray):
    """The typed-dice field reaches as far as the combatant choice while there is no TN to
    ask (its examples are read whole); a sum or roll-and-keep shows the TN box beside it."""

    def right(widget):
        return widget.mapTo(tray, widget.rect().topRight()).x()

    assert tray.target_number.isHidden()
    assert right(tray.notation) == right(tray.combatant)
    tray.notation.setText("2d10+5")
    assert tray.target_number.isVisibleTo(tray)
    qtbot.waitUntil(lambda: right(tray.target_number) == right(tray.combatant))
    assert right(tray.notation) < tray.target_number.mapTo(tray, QPoint(0, 0)).x()
