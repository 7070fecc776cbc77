"""The initiative timeline: drawing, selection, drag to reorder, keyboard moves, animation."""

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage
from PySide6.QtWidgets import QToolTip

from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import SlotKind, SlotStatus, TimelineSlot
from uwr_desktop.ui.theme import Scheme, build_palette, side_color, theme_colors
from uwr_desktop.ui.timeline import cards, words
from uwr_desktop.ui.timeline.order import WIDEST_CARD
from uwr_desktop.ui.timeline.widget import InitiativeTimeline

DECLARED = SlotKind("Declared action", bar=True)


def _slot(key: str, side: Side = Side.PLAYER, **kwargs) -> TimelineSlot:
    return TimelineSlot(key, f"id-{key}", f"Fighter {key.upper()}", side, f"{ord(key)}", **kwargs)


FIVE = [_slot(key) for key in "abcde"]


@pytest.fixture
def timeline(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    widget.set_slots(FIVE)
    widget.resize(widget.sizeHint())
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _centre(widget: InitiativeTimeline, key: str) -> QPoint:
    return widget.card_rect(key).center().toPoint()


def _keys(widget: InitiativeTimeline) -> list[str]:
    return [slot.key for slot in widget.slots()]


def _start_drag(qtbot, widget: InitiativeTimeline, key: str) -> QPoint:
    start = _centre(widget, key)
    qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 4):
        qtbot.mouseMove(widget, start + QPoint(8 * step, 0))
    assert widget.is_dragging()
    return start


def _settle(qtbot, widget: InitiativeTimeline) -> None:
    qtbot.waitUntil(lambda: not widget.is_animating(), timeout=2000)


def _pixels(image: QImage) -> set[int]:
    return {image.pixel(x, y) for y in range(image.height()) for x in range(image.width())}


def test_dragging_the_first_card_past_the_third_asks_for_index_two(qtbot, timeline):
    _start_drag(qtbot, timeline, "a")
    third = timeline.card_rect("c")
    drop = QPoint(int(third.right()) + 6, int(third.center().y()))
    qtbot.mouseMove(timeline, drop)
    with qtbot.waitSignal(timeline.slotMoveRequested, timeout=1000) as blocker:
        qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=drop)
    assert blocker.args == ["a", 2]
    assert not timeline.is_dragging()
    assert _keys(timeline) == list("abcde"), "the owner reorders, not the widget"


def test_dragging_the_last_card_to_the_front_asks_for_index_zero(qtbot, timeline):
    _start_drag(qtbot, timeline, "e")
    drop = QPoint(int(timeline.card_rect("a").left()) + 4, 40)
    qtbot.mouseMove(timeline, drop)
    with qtbot.waitSignal(timeline.slotMoveRequested, timeout=1000) as blocker:
        qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=drop)
    assert blocker.args == ["e", 0]


def test_the_dragged_card_follows_the_mouse_and_a_drop_line_shows(qtbot, timeline):
    timeline.setPalette(build_palette(Scheme.LIGHT))
    first, third, fourth = (timeline.card_rect(key) for key in "acd")
    stripe = QPoint(int(first.x()) + 3, int(first.center().y()))
    gap = QPoint(int((third.right() + fourth.left()) / 2), int(third.center().y()))
    before = timeline.grab().toImage()
    _start_drag(qtbot, timeline, "a")
    pointer = QPoint(gap.x() + 6, gap.y())
    qtbot.mouseMove(timeline, pointer)
    during = timeline.grab().toImage()
    highlight = QColor(theme_colors(Scheme.LIGHT).accent).rgb()
    player = side_color(Side.PLAYER, Scheme.LIGHT)
    assert before.pixel(stripe) == player.rgb()
    assert during.pixel(stripe) != player.rgb(), "the card left its place"
    assert before.pixel(gap) != highlight
    assert highlight in {during.pixel(gap + QPoint(dx, 0)) for dx in (-1, 0, 1)}
    dragged_stripe = QPoint(pointer.x() - int(first.width() / 2) + 3, pointer.y())
    assert QColor(during.pixel(dragged_stripe)).hue() == pytest.approx(player.hue(), abs=8)
    qtbot.keyClick(timeline, Qt.Key.Key_Escape)


def test_escape_cancels_a_drag(qtbot, timeline):
    _start_drag(qtbot, timeline, "a")
    drop = QPoint(int(timeline.card_rect("d").center().x()) + 10, 40)
    qtbot.mouseMove(timeline, drop)
    with qtbot.assertNotEmitted(timeline.slotMoveRequested):
        qtbot.keyClick(timeline, Qt.Key.Key_Escape)
        assert not timeline.is_dragging()
        qtbot.mouseMove(timeline, drop + QPoint(20, 0))
        assert not timeline.is_dragging()
        qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=drop)


def test_dropping_a_card_back_on_its_place_asks_for_nothing(qtbot, timeline):
    start = _start_drag(qtbot, timeline, "b")
    with qtbot.assertNotEmitted(timeline.slotMoveRequested):
        qtbot.mouseMove(timeline, start)
        qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=start)
    assert not timeline.is_dragging()


def test_a_click_selects_and_a_double_click_opens(qtbot, timeline):
    with qtbot.waitSignal(timeline.slotActivated, timeout=1000) as activated:
        qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton, pos=_centre(timeline, "c"))
    assert activated.args == ["c"]
    assert timeline.selected_key() == "c"
    with qtbot.waitSignal(timeline.slotOpened, timeout=1000) as opened:
        qtbot.mouseDClick(timeline, Qt.MouseButton.LeftButton, pos=_centre(timeline, "d"))
    assert opened.args == ["d"]


def test_alt_arrows_ask_to_move_the_selected_card_one_place(qtbot, timeline):
    qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton, pos=_centre(timeline, "c"))
    alt = Qt.KeyboardModifier.AltModifier
    with qtbot.waitSignal(timeline.slotMoveRequested, timeout=1000) as left:
        qtbot.keyClick(timeline, Qt.Key.Key_Left, alt)
    assert left.args == ["c", 1]
    with qtbot.waitSignal(timeline.slotMoveRequested, timeout=1000) as right:
        qtbot.keyClick(timeline, Qt.Key.Key_Right, alt)
    assert right.args == ["c", 3]
    assert timeline.selected_key() == "c"


def test_alt_arrows_do_not_move_past_either_end(qtbot, timeline):
    alt = Qt.KeyboardModifier.AltModifier
    timeline.select("a")
    with qtbot.assertNotEmitted(timeline.slotMoveRequested):
        qtbot.keyClick(timeline, Qt.Key.Key_Left, alt)
    timeline.select("e")
    with qtbot.assertNotEmitted(timeline.slotMoveRequested):
        qtbot.keyClick(timeline, Qt.Key.Key_Right, alt)


def test_arrow_keys_move_the_selection_and_enter_opens(qtbot, timeline):
    timeline.select("b")
    with qtbot.waitSignal(timeline.slotActivated, timeout=1000) as activated:
        qtbot.keyClick(timeline, Qt.Key.Key_Right)
    assert activated.args == ["c"]
    qtbot.keyClick(timeline, Qt.Key.Key_End)
    assert timeline.selected_key() == "e"
    qtbot.keyClick(timeline, Qt.Key.Key_Right)
    assert timeline.selected_key() == "e"
    qtbot.keyClick(timeline, Qt.Key.Key_Home)
    assert timeline.selected_key() == "a"
    with qtbot.waitSignal(timeline.slotOpened, timeout=1000) as opened:
        qtbot.keyClick(timeline, Qt.Key.Key_Return)
    assert opened.args == ["a"]


def test_reordering_glides_the_cards_and_leaves_nothing_running(qtbot, timeline):
    start_x = timeline.card_rect("a").x()
    timeline.set_slots(list(reversed(FIVE)))
    assert timeline.is_animating()
    seen = [timeline.card_rect("a").x()]
    while timeline.is_animating():
        qtbot.wait(10)
        seen.append(timeline.card_rect("a").x())
    end_x = timeline.card_rect("a").x()
    assert end_x > start_x
    assert seen[0] == pytest.approx(start_x, abs=1)
    assert any(start_x + 1 < x < end_x - 1 for x in seen), seen
    assert seen == sorted(seen), "the card moves one way only"
    assert _keys(timeline) == list("edcba")


def test_without_animation_cards_jump_at_once(qtbot, timeline):
    timeline.set_animation_duration(0)
    timeline.set_slots(list(reversed(FIVE)))
    assert not timeline.is_animating()
    assert timeline.card_rect("a").x() > timeline.card_rect("e").x()


def test_a_negative_animation_duration_is_refused(timeline):
    with pytest.raises(ValueError, match="-5 ms"):
        timeline.set_animation_duration(-5)


@pytest.mark.parametrize("scheme", list(Scheme))
def test_each_side_shows_its_stripe_colour(qtbot, scheme):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    widget.setPalette(build_palette(scheme))
    widget.set_slots([_slot(key, side) for key, side in zip("abcd", Side, strict=True)])
    widget.resize(widget.sizeHint())
    pixels = _pixels(widget.grab().toImage())
    for side in Side:
        assert side_color(side, scheme).rgb() in pixels, side


def test_a_done_card_is_greyed_yet_reads_well(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    widget.setPalette(build_palette(Scheme.LIGHT))
    widget.set_slots([_slot("a", Side.ENEMY, status=SlotStatus.DONE), _slot("b", Side.ALLY)])
    widget.resize(widget.sizeHint())
    image = widget.grab().toImage()
    pixels = _pixels(image)
    colors = theme_colors(Scheme.LIGHT)
    assert side_color(Side.ENEMY, Scheme.LIGHT).rgb() in pixels, "its side stays as marked"
    assert QColor(colors.muted_text).rgb() in pixels, "its words in a grey that reads at 4.5:1"
    done, waiting = widget.card_rect("a"), widget.card_rect("b")
    inside = QColor(image.pixel(int(done.right()) - 4, int(done.bottom()) - 4))
    assert inside == QColor(colors.card_done)
    assert QColor(image.pixel(int(waiting.right()) - 4, int(waiting.bottom()) - 4)) == QColor(
        colors.card
    )


def test_the_current_card_is_kept_in_view_when_cards_overflow(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    slots = [_slot(chr(ord("a") + i)) for i in range(14)]
    widget.resize(500, widget.sizeHint().height())
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_slots([*slots[:11], _slot("l", status=SlotStatus.CURRENT), *slots[12:]])
    rect = widget.card_rect("l")
    assert rect.left() >= 0
    assert rect.right() <= widget.width()
    assert widget.card_rect("a").right() < 0, "the first cards scrolled out of view"


def test_a_short_row_of_cards_widens_them_into_the_room_left_within_a_limit(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    widget.set_animation_duration(0)
    measured = cards.measure(widget.font()).unit_width
    widget.set_slots(FIVE[:3])
    widget.resize(900, widget.sizeHint().height())
    widget.show()
    qtbot.waitExposed(widget)
    widths = {widget.card_rect(key).width() for key in "abc"}
    assert len(widths) == 1
    assert measured < widths.pop() <= WIDEST_CARD * measured
    assert widget.card_rect("c").right() < widget.width(), "the row still fits"
    widget.resize(3000, widget.height())
    assert widget.card_rect("a").width() == pytest.approx(WIDEST_CARD * measured)
    widget.resize(500, widget.height())
    widget.set_slots(FIVE)
    assert widget.card_rect("a").width() == measured, "a row that overflows keeps its width"


def test_a_card_s_note_gives_its_room_to_the_detail_its_mark_does_not_tell():
    blinded = "Blinded (1 round)"
    assert words.note(_slot("a", status=SlotStatus.CURRENT, detail=blinded)) == blinded
    assert words.note(_slot("a", status=SlotStatus.DONE, detail=blinded)) == blinded
    assert words.note(_slot("a", status=SlotStatus.CURRENT)) == "Acting now"
    assert words.note(_slot("a", status=SlotStatus.DELAYED)) == "Delayed"
    assert words.note(_slot("a")) == "", "a waiting card says nothing"
    set_apart = _slot("a", status=SlotStatus.DONE, kind=DECLARED, detail="3 AP")
    assert words.note(set_apart) == "3 AP"


def test_declared_actions_span_wider_cards(timeline):
    timeline.set_animation_duration(0)
    timeline.set_slots([_slot("a"), _slot("b", kind=DECLARED, detail="Melee attack · 3 AP")])
    assert timeline.card_rect("b").width() > 1.8 * timeline.card_rect("a").width()


def test_the_tooltip_tells_the_whole_slot(qtbot, timeline):
    timeline.set_animation_duration(0)
    timeline.set_slots(
        [
            _slot("a"),
            TimelineSlot(
                "x",
                "orc",
                "Orc <Chief>",
                Side.ENEMY,
                "35 → 20",
                kind=DECLARED,
                status=SlotStatus.DELAYED,
                detail="Charge · 4 AP",
            ),
        ]
    )
    pos = _centre(timeline, "x")
    event = QHelpEvent(QEvent.Type.ToolTip, pos, timeline.mapToGlobal(pos))
    timeline.event(event)
    text = QToolTip.text()
    QToolTip.hideText()
    for part in ("Orc &lt;Chief&gt;", "Enemy", "35 → 20", "Declared action", "Delayed", "Charge"):
        assert part in text


def test_accessible_description_names_who_acts_now(qtbot, timeline):
    timeline.set_slots([_slot("a"), _slot("b", status=SlotStatus.CURRENT)])
    _settle(qtbot, timeline)
    timeline.select("a")
    description = timeline.accessibleDescription()
    assert "Acting now: Fighter B" in description
    assert "Selected: Fighter A" in description
    assert timeline.accessibleName() == "Initiative timeline"
    assert timeline.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_removing_the_selected_slot_clears_the_selection(qtbot, timeline):
    timeline.select("c")
    timeline.set_slots([slot for slot in FIVE if slot.key != "c"])
    _settle(qtbot, timeline)
    assert timeline.selected_key() is None
    with pytest.raises(ValueError, match="'c'"):
        timeline.card_rect("c")


def test_duplicate_keys_are_refused_with_the_key_named(timeline):
    with pytest.raises(ValueError, match="'a'"):
        timeline.set_slots([_slot("a"), _slot("a")])
    assert _keys(timeline) == list("abcde")


def test_the_size_hint_fits_one_row_of_all_cards(timeline):
    hint = timeline.sizeHint()
    last = timeline.card_rect("e")
    assert hint.width() >= last.right()
    assert last.bottom() < hint.height() < 2 * last.height()


def test_an_empty_timeline_draws_a_hint_not_a_crash(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    widget.resize(widget.sizeHint())
    image = widget.grab().toImage()
    assert len(_pixels(image)) > 2, "some placeholder text is drawn"
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    assert widget.selected_key() is None


def test_cards_are_drawn_at_full_resolution_on_high_dpi_screens(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    widget.setPalette(build_palette(Scheme.LIGHT))
    widget.set_slots([_slot("a", Side.ENEMY)])
    widget.resize(widget.sizeHint())
    image = QImage(widget.size() * 2, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(2.0)
    widget.render(image)
    enemy = side_color(Side.ENEMY, Scheme.LIGHT).rgb()
    row = int(widget.card_rect("a").center().y() * 2)
    stripe = [x for x in range(image.width()) if image.pixel(x, row) == enemy]
    assert len(stripe) >= 10, "the 6 px stripe covers about 12 device pixels"
