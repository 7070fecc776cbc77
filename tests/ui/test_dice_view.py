import random

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QPalette

from uwr_desktop.ui.dice.shown_die import DIE_SIZE, MARGIN, ShownDie
from uwr_desktop.ui.dice.view import DiceView


def _pool(*faces: int, threshold: int = 5) -> list[ShownDie]:
    return [
        ShownDie(sides=6, label=str(f), value=f, success=f >= threshold, rerollable=f < threshold)
        for f in faces
    ]


@pytest.fixture
def view(qtbot):
    widget = DiceView(rng=random.Random(7))
    widget.resize(640, 200)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_dice_tumble_then_settle_on_the_given_faces(qtbot, view):
    dice = _pool(6, 2, 5, 1, 3)
    seen_during_tumble: set[tuple[str, ...]] = set()
    view.set_dice(dice)
    assert view.is_animating()
    assert view.animating_indices() == frozenset(range(5))
    while view.is_animating():
        seen_during_tumble.add(view.shown_labels())
        qtbot.wait(10)
    assert view.shown_labels() == ("6", "2", "5", "1", "3")
    assert view.dice() == tuple(dice)
    assert view.frames_drawn() > 1
    assert len(seen_during_tumble) > 1, "faces should change while the dice tumble"


def test_settled_is_signalled_once_the_dice_rest(qtbot, view):
    with qtbot.waitSignal(view.settled, timeout=3000):
        view.set_dice(_pool(4, 5))
    assert not view.is_animating()


def test_only_the_chosen_dice_tumble(qtbot, view):
    view.set_reduce_motion(True)
    view.set_dice(_pool(1, 2, 3, 4))
    view.set_reduce_motion(False)
    view.set_dice(_pool(1, 6, 3, 4), animate=[1])
    assert view.animating_indices() == frozenset({1})
    while view.is_animating():
        labels = view.shown_labels()
        assert (labels[0], labels[2], labels[3]) == ("1", "3", "4")
        qtbot.wait(10)
    assert view.shown_labels() == ("1", "6", "3", "4")


def test_a_click_skips_the_animation(qtbot, view):
    view.set_speed(0.05)
    view.set_dice(_pool(6, 6, 1))
    assert view.is_animating()
    with qtbot.waitSignal(view.settled, timeout=1000):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert not view.is_animating()
    assert view.shown_labels() == ("6", "6", "1")


def test_escape_skips_the_animation(qtbot, view):
    view.set_speed(0.05)
    view.set_dice(_pool(2, 3))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not view.is_animating()
    assert view.shown_labels() == ("2", "3")


def test_reduce_motion_shows_the_result_at_once(qtbot, view):
    view.set_reduce_motion(True)
    with qtbot.waitSignal(view.settled, timeout=10):
        view.set_dice(_pool(5, 1, 6))
    assert not view.is_animating()
    assert view.shown_labels() == ("5", "1", "6")


def test_turning_reduce_motion_on_ends_a_running_animation(qtbot, view):
    view.set_speed(0.05)
    view.set_dice(_pool(5, 1))
    view.set_reduce_motion(True)
    assert not view.is_animating()


def test_clicking_a_resting_die_reports_its_index(qtbot, view):
    view.set_reduce_motion(True)
    view.set_dice(_pool(6, 2, 5))
    with qtbot.waitSignal(view.dieClicked, timeout=100) as blocker:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.die_rect(1).center())
    assert blocker.args == [1]
    with qtbot.assertNotEmitted(view.dieClicked):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(630, 190))


def test_dice_wrap_onto_rows_and_each_rect_is_clickable(qtbot, view):
    view.set_reduce_motion(True)
    view.set_dice(_pool(*([3] * 30)))
    rects = [view.die_rect(i) for i in range(30)]
    assert len({r.topLeft().toTuple() for r in rects}) == 30
    assert all(view.rect().contains(r) for r in rects[:10])
    assert view.heightForWidth(640) >= rects[-1].bottom()
    assert [view.index_at(r.center()) for r in rects] == list(range(30))


def test_speed_must_be_positive(view):
    with pytest.raises(ValueError, match="above 0"):
        view.set_speed(0)


def test_describe_names_the_state_of_a_die():
    die = ShownDie(sides=6, label="5", value=5, success=True, rerolled=True, first_face=2)
    assert die.describe() == "d6 showing 5, success, rerolled from 2"
    kept = ShownDie(sides=10, label="10+7", value=17, kept=True)
    assert kept.describe() == "d10 showing 10+7, kept"


def test_accessible_description_follows_the_dice(view):
    view.set_reduce_motion(True)
    view.set_dice(_pool(6, 1))
    assert view.accessibleDescription() == (
        "Die 2 chosen, Space rerolls it. d6 showing 6, success; d6 showing 1, failed, click to "
        "reroll"
    )


def test_the_keyboard_chooses_a_die_and_space_rerolls_it_as_a_click_does(view, qtbot):
    view.set_reduce_motion(True)
    view.set_dice(_pool(6, 1, 2))
    assert view.chosen() == 1, "the keyboard starts on the first die that may be rerolled"
    clicked = []
    view.dieClicked.connect(clicked.append)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.chosen() == 2
    assert view.accessibleDescription().startswith("Die 3 chosen, Space rerolls it.")
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.chosen() == 0, "Right wraps round to the first die"
    assert view.accessibleDescription().startswith("Die 1 chosen. ")
    qtbot.keyClick(view, Qt.Key.Key_End)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    qtbot.keyClick(view, Qt.Key.Key_Home)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert clicked == [2] and view.chosen() == 2
    view.clear()
    assert view.chosen() is None


@pytest.mark.parametrize("dark", [False, True])
def test_successes_are_painted_in_the_highlight_colour(view, dark):
    palette = QPalette(view.palette())
    if dark:
        palette.setColor(QPalette.ColorRole.Button, QColor("#2b2b2b"))
        palette.setColor(QPalette.ColorRole.ButtonText, QColor("#e0e0e0"))
        palette.setColor(QPalette.ColorRole.Highlight, QColor("#3d7dd8"))
        palette.setColor(QPalette.ColorRole.Window, QColor("#1e1e1e"))
    view.setPalette(palette)
    view.set_reduce_motion(True)
    view.set_dice(_pool(6, 1))
    image = view.grab().toImage()
    highlight = palette.color(QPalette.ColorRole.Highlight)

    def body_colour(index: int) -> QColor:
        centre = view.die_rect(index).center()
        ratio = image.devicePixelRatio()
        return image.pixelColor(int(centre.x() * ratio), int((centre.y() - 18) * ratio))

    def distance(a: QColor, b: QColor) -> int:
        return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())

    assert distance(body_colour(0), highlight) < 20
    assert distance(body_colour(1), highlight) > 60


def test_a_scaled_view_draws_larger_dice_where_a_click_finds_them(qtbot, view):
    view.set_dice(_pool(6, 2, 5))
    view.skip()
    small = view.die_rect(1)
    hint = view.sizeHint()
    view.set_scale(2.5)
    view.resize(1600, 500)
    large = view.die_rect(1)
    assert (large.width(), large.x()) == (round(small.width() * 2.5), round(small.x() * 2.5))
    assert view.sizeHint().width() == pytest.approx(hint.width() * 2.5, abs=1)
    clicked = []
    view.dieClicked.connect(clicked.append)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=large.center())
    assert clicked == [1]
    image = view.grab().toImage()  # the six, a success, is painted in the highlight
    six, six_small = view.die_rect(0), QRect(MARGIN, MARGIN, DIE_SIZE, DIE_SIZE)
    inside_large_only = QPoint(six.right() - 4, six.center().y())
    assert not six_small.contains(inside_large_only)
    assert image.pixelColor(inside_large_only) != image.pixelColor(QPoint(2, 2))
    with pytest.raises(ValueError, match="above 0"):
        view.set_scale(0)
