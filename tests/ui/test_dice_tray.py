import random
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt

from uwr_desktop.core.dice import (
    PoolRoll,
    PoolSpec,
    Roller,
    RollKeepSpec,
    SumSpec,
    direct_check,
)
from uwr_desktop.core.odds import check_probability, opposed_distribution, pool_distribution
from uwr_desktop.ui.dice.odds_plot import percent
from uwr_desktop.ui.dice.tray import CheckSource, DiceTray, RollRequest

SEED = 20240611

KIT = CheckSource(
    combatant_id="kit",
    name="Kit",
    attributes={
        "Brawn": Fraction(2),
        "Grace": Fraction(7, 2),
        "Mettle": Fraction(3),
        "Savvy": Fraction(1),
    },
    skills={"Acrobatics": (2, 1), "Balance": (0, 2)},
)
ORC = CheckSource("orc", "Orc", {"Brawn": Fraction(5)}, {})


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


@pytest.fixture
def tray(qtbot):
    widget = DiceTray(roller=Roller(random.Random(SEED)))
    widget.set_sources([KIT, ORC])
    widget.set_animation_speed(4.0)
    return _shown(qtbot, widget)


def _wait_settled(qtbot, tray):
    qtbot.waitUntil(lambda: not tray.is_animating(), timeout=3000)


def _build_grace_acrobatics(qtbot, tray):
    """Kit, Grace 3.5 + Acrobatics (2 dice, +1 reroll), +1 extra die: 6 dice, 2 rerolls."""
    _select(qtbot, tray.combatant, "Kit")
    _select(qtbot, tray.attribute, "Grace")
    _select(qtbot, tray.skill, "Acrobatics")
    qtbot.keyClick(tray.extra_dice, Qt.Key.Key_Up)


def test_a_check_built_by_clicking_rolls_the_cores_dice(qtbot, tray):
    _build_grace_acrobatics(qtbot, tray)
    assert tray.message_text() == "Grace 3 (+1 reroll) + Acrobatics +2 + 1 die = 6d6 r2"
    with qtbot.waitSignal(tray.rollRequested, timeout=1000) as blocker:
        qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    request = blocker.args[0]
    spec = PoolSpec(6, favor=0, rerolls=2)
    assert request == RollRequest(spec, "kit", "Kit: Grace + Acrobatics", difficulty=1)
    expected = Roller(random.Random(SEED)).roll_pool(spec)
    assert tray.is_animating()
    _wait_settled(qtbot, tray)
    assert tray.view.shown_labels() == tuple(str(face) for face in expected.faces)
    assert [d.success for d in tray.view.dice()] == [
        expected.is_success(i) for i in range(len(expected.dice))
    ]
    outcome = direct_check(expected.successes, 1)
    verdict = "Pass" if outcome.passed else "Fail"
    noun = "success" if expected.successes == 1 else "successes"
    assert tray.banner_text() == f"{verdict}: {expected.successes} {noun} vs 1"


def test_clicking_a_failed_die_rerolls_that_die_alone(qtbot, tray):
    _build_grace_acrobatics(qtbot, tray)
    tray.roll()
    _wait_settled(qtbot, tray)
    first = tray.current_roll()
    failed = first.rerollable_indices
    assert failed, "the seeded roll should have a failure to reroll"
    index = failed[0]
    before = tray.view.shown_labels()
    with qtbot.waitSignal(tray.rerollRequested, timeout=1000) as blocker:
        qtbot.mouseClick(
            tray.view, Qt.MouseButton.LeftButton, pos=tray.view.die_rect(index).center()
        )
    assert blocker.args == [[index]]
    assert tray.view.animating_indices() == frozenset({index})
    while tray.is_animating():
        now = tray.view.shown_labels()
        assert [now[i] for i in range(len(now)) if i != index] == [
            before[i] for i in range(len(before)) if i != index
        ]
        qtbot.wait(5)
    replay = Roller(random.Random(SEED))
    expected = replay.reroll(replay.roll_pool(first.spec), [index])
    assert tray.current_roll() == expected
    assert tray.view.dice()[index].rerolled
    assert tray.view.dice()[index].first_face == first.faces[index]
    assert tray.view.shown_labels() == tuple(str(face) for face in expected.faces)


def test_clicking_a_success_does_not_reroll(qtbot, tray):
    _build_grace_acrobatics(qtbot, tray)
    tray.set_reduce_motion(True)
    tray.roll()
    roll = tray.current_roll()
    successes = [i for i in range(len(roll.dice)) if roll.is_success(i)]
    assert successes
    with qtbot.assertNotEmitted(tray.rerollRequested):
        qtbot.mouseClick(
            tray.view, Qt.MouseButton.LeftButton, pos=tray.view.die_rect(successes[0]).center()
        )
    assert tray.current_roll() == roll


def test_reroll_all_uses_as_many_rerolls_as_allowed(qtbot, tray):
    _build_grace_acrobatics(qtbot, tray)
    tray.set_reduce_motion(True)
    tray.roll()
    first = tray.current_roll()
    allowed = first.rerollable_indices[: first.rerolls_left]
    with qtbot.waitSignal(tray.rerollRequested, timeout=1000) as blocker:
        qtbot.mouseClick(tray.reroll_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [list(allowed)]
    replay = Roller(random.Random(SEED))
    assert tray.current_roll() == replay.reroll_all(replay.roll_pool(first.spec))
    assert tray.current_roll().rerolls_used == min(2, len(first.rerollable_indices))
    assert not tray.reroll_button.isEnabled() or tray.current_roll().rerolls_left > 0
    with qtbot.assertNotEmitted(tray.rerollRequested):
        qtbot.mouseClick(tray.reroll_button, Qt.MouseButton.LeftButton)


def test_r_rerolls_all_from_the_keyboard(qtbot, tray):
    _build_grace_acrobatics(qtbot, tray)
    tray.set_reduce_motion(True)
    tray.roll()
    first = tray.current_roll()
    tray.view.setFocus()
    qtbot.keyClick(tray.view, Qt.Key.Key_R)
    assert tray.current_roll().rerolls_used == min(
        first.rerolls_left, len(first.rerollable_indices)
    )


def test_the_owner_answers_and_the_tray_only_shows(qtbot):
    tray = _shown(qtbot, DiceTray())
    tray.set_reduce_motion(True)
    answers = []

    def answer(request):
        answers.append(request)
        tray.show_pool_roll(PoolRoll.from_faces(request.spec, [5, 6, 1, 2]))

    tray.rollRequested.connect(answer)
    qtbot.keyClicks(tray.notation, "4d6 r1")
    _select(qtbot, tray.against, "Difficult")
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert answers == [RollRequest(PoolSpec(4, rerolls=1), None, "4d6 r1", difficulty=2)]
    assert tray.banner_text() == "Pass: 2 successes vs 2"
    with qtbot.waitSignal(tray.rerollRequested, timeout=1000) as blocker:
        qtbot.mouseClick(tray.view, Qt.MouseButton.LeftButton, pos=tray.view.die_rect(3).center())
    assert blocker.args == [[3]]
    assert tray.current_roll().faces == (5, 6, 1, 2), "only the owner changes the roll"
    tray.show_reroll(tray.current_roll().with_reroll(3, 4), [3])
    assert tray.view.dice()[3].rerolled
    assert tray.banner_text() == "Pass: 2 successes vs 2"


@pytest.mark.parametrize(
    ("difficulty", "faces", "banner"),
    [
        ("Difficult", [5, 6, 1], "Pass: 2 successes vs 2"),
        ("Extreme", [5, 6, 1], "Fail: 2 successes vs 3"),
        ("Normal", [1, 2, 3], "Fail: 0 successes vs 1"),
        ("Easy", [4, 1, 1], "Pass: 1 success vs 1"),
    ],
)
def test_direct_check_banner(qtbot, difficulty, faces, banner):
    tray = _shown(qtbot, DiceTray())
    tray.set_reduce_motion(True)
    tray.rollRequested.connect(
        lambda request: tray.show_pool_roll(PoolRoll.from_faces(request.spec, faces))
    )
    tray.set_sources([ORC])
    _select(qtbot, tray.combatant, "Orc")
    qtbot.keyClick(tray.extra_dice, Qt.Key.Key_Down)
    qtbot.keyClick(tray.extra_dice, Qt.Key.Key_Down)
    _select(qtbot, tray.against, difficulty)
    tray.roll()
    assert tray.banner_text() == banner


@pytest.mark.parametrize(
    ("action", "reaction", "banner"),
    [
        ([5, 6, 6], [6, 1], "Action wins with 2"),
        ([5, 6, 1], [6, 5], "Reaction wins (2 vs 2)"),
        ([1, 2, 3], [1, 1], "Reaction wins (0 vs 0)"),
    ],
)
def test_opposed_check_banner(qtbot, action, reaction, banner):
    tray = _shown(qtbot, DiceTray())
    tray.set_reduce_motion(True)

    def answer(request):
        tray.show_pool_roll(
            PoolRoll.from_faces(request.spec, action),
            PoolRoll.from_faces(request.reaction, reaction),
        )

    tray.rollRequested.connect(answer)
    qtbot.keyClicks(tray.notation, "3d6")
    _select(qtbot, tray.against, "Opposed")
    tray.reaction_dice.setValue(2)
    tray.roll()
    assert tray.banner_text() == banner
    assert tray.reaction_view.isVisibleTo(tray)
    assert tray.reaction_view.shown_labels() == tuple(str(f) for f in reaction)


def test_local_opposed_roll_spends_the_reactions_rerolls(qtbot, tray):
    qtbot.keyClicks(tray.notation, "5d6")
    _select(qtbot, tray.against, "Opposed")
    tray.reaction_dice.setValue(4)
    tray.reaction_rerolls.setValue(1)
    tray.set_reduce_motion(True)
    tray.roll()
    replay = Roller(random.Random(SEED))
    action = replay.roll_pool(PoolSpec(5))
    reaction = replay.reroll_all(replay.roll_pool(PoolSpec(4, rerolls=1)))
    assert tray.current_roll() == action
    assert tray.reaction_view.shown_labels() == tuple(str(f) for f in reaction.faces)
    if action.successes > reaction.successes:
        assert tray.banner_text() == f"Action wins with {action.successes - reaction.successes}"
    else:
        assert tray.banner_text().startswith("Reaction wins")


def test_odds_follow_the_inputs(qtbot, tray):
    _build_grace_acrobatics(qtbot, tray)
    assert tray.odds_text() == f"Chance to pass: {percent(check_probability(6, 1, 0, 2))}"
    qtbot.keyClick(tray.favor, Qt.Key.Key_Down)
    assert tray.odds_text() == f"Chance to pass: {percent(check_probability(6, 1, -1, 2))}"
    _select(qtbot, tray.against, "Extreme")
    assert tray.odds_text() == f"Chance to pass: {percent(check_probability(6, 3, -1, 2))}"
    _select(qtbot, tray.against, "Easy")
    assert tray.odds_text() == f"Chance to pass: {percent(check_probability(6, 1, 0, 2))}"


def test_opposed_odds_are_the_cores(qtbot, tray):
    qtbot.keyClicks(tray.notation, "6d6 f+1 r1")
    _select(qtbot, tray.against, "Opposed")
    tray.reaction_dice.setValue(5)
    tray.reaction_rerolls.setValue(2)
    surviving = opposed_distribution(pool_distribution(6, 1, 1), pool_distribution(5, 0, 2))
    assert tray.odds_text() == f"Chance the action wins: {percent(sum(surviving[1:]))}"


def test_notation_errors_are_shown_inline_and_block_the_roll(qtbot, tray):
    qtbot.keyClicks(tray.notation, "7d6 q")
    assert tray.has_error()
    assert "unknown option 'q'" in tray.message_text()
    assert not tray.roll_button.isEnabled()
    assert tray.odds_text() == ""
    with qtbot.assertNotEmitted(tray.rollRequested):
        qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    qtbot.keyClick(tray.notation, Qt.Key.Key_Backspace)
    qtbot.keyClicks(tray.notation, "f+1")
    assert not tray.has_error()
    assert tray.message_text() == "7d6 f+1: 7d6 f+1"
    assert tray.roll_button.isEnabled()


def test_an_empty_check_explains_how_to_build_one(qtbot, tray):
    assert tray.combatant.currentData() is None
    assert tray.has_error()
    assert "Pick an attribute or raise Dice" in tray.message_text()
    assert tray.message.property("error") is False
    assert not tray.roll_button.isEnabled()
    qtbot.keyClick(tray.extra_dice, Qt.Key.Key_Up)
    assert tray.roll_button.isEnabled()
    assert not tray.has_error()
    assert tray.message_text() == "+1 die = 1d6"


def test_a_penalty_leaves_at_least_one_die(qtbot, tray):
    _select(qtbot, tray.combatant, "Kit")
    _select(qtbot, tray.attribute, "Savvy")
    qtbot.keyClick(tray.extra_dice, Qt.Key.Key_Down)
    qtbot.keyClick(tray.extra_dice, Qt.Key.Key_Down)
    assert tray.build_request().spec == PoolSpec(1)
    assert "at least 1 die" in tray.message_text()


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


def test_a_sum_shows_its_total(qtbot, tray):
    qtbot.keyClicks(tray.notation, "2d10+5")
    tray.set_reduce_motion(True)
    tray.roll()
    expected = Roller(random.Random(SEED)).roll_sum(SumSpec(2, 10, 5))
    assert tray.view.shown_labels() == tuple(str(f) for f in expected.faces)
    assert tray.banner_text() == f"Total {expected.total}"


def test_enter_and_ctrl_r_roll(qtbot, tray):
    qtbot.keyClicks(tray.notation, "3d6")
    tray.set_reduce_motion(True)
    with qtbot.waitSignal(tray.rollRequested, timeout=500):
        qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    tray.favor.setFocus()
    with qtbot.waitSignal(tray.rollRequested, timeout=500):
        qtbot.keyClick(tray.favor, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    with qtbot.waitSignal(tray.rollRequested, timeout=500):
        qtbot.keyClick(tray.favor, Qt.Key.Key_Return)


def test_typing_r_in_the_notation_does_not_reroll(qtbot, tray):
    qtbot.keyClicks(tray.notation, "5d6")
    tray.set_reduce_motion(True)
    tray.roll()
    tray.notation.clear()
    with qtbot.assertNotEmitted(tray.rerollRequested):
        qtbot.keyClicks(tray.notation, "5d6 r2")
    assert tray.notation.text() == "5d6 r2"


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


def test_a_click_on_the_dice_skips_the_animation(qtbot, tray):
    tray.set_animation_speed(0.5)
    qtbot.keyClicks(tray.notation, "8d6 r3")
    tray.roll()
    assert tray.is_animating()
    with qtbot.assertNotEmitted(tray.rerollRequested):
        qtbot.mouseClick(tray.view, Qt.MouseButton.LeftButton, pos=tray.view.die_rect(0).center())
    assert not tray.is_animating()


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
        tray.attribute,
        tray.skill,
        tray.extra_dice,
        tray.favor,
        tray.rerolls,
        tray.against,
        tray.notation,
        tray.roll_button,
        tray.reroll_button,
        tray.skip_button,
    ):
        assert widget.accessibleName(), widget
        assert widget.toolTip(), widget


def test_a_tray_without_pool_inputs_still_rolls_typed_dice(qtbot):
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.show()
    tray.set_pool_inputs_visible(False)
    for widget in (tray.combatant, tray.attribute, tray.skill, tray.favor, tray.against):
        assert not widget.isVisible()
    assert tray.notation.isVisible()
    assert tray.message_text() == "Type dice to roll: 6k3, 7k4+5, 2d10+5."
    assert not tray.roll_button.isEnabled()
    tray.notation.setText("6k3")
    requests = []
    tray.rollRequested.connect(requests.append)
    tray.roll()
    assert [(r.spec.rolled, r.spec.kept) for r in requests] == [(6, 3)]
    tray.set_pool_inputs_visible(True)
    assert tray.attribute.isVisible() and tray.against.isVisible()
