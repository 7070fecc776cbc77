"""The timeline's axis: how each kind is drawn, title, numeric placement, ruler, spans, the
words of a ruler and of a kind of slot, and a drag's answer in words."""

import msgspec
import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtWidgets import QToolTip

from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import AxisKind, SlotKind, SlotStatus, TimelineAxis, TimelineSlot
from uwr_desktop.ui.theme import Scheme, build_palette, side_color, theme_colors
from uwr_desktop.ui.timeline.widget import InitiativeTimeline

COUNT = TimelineAxis(AxisKind.RULER, "Initiative count")


def _slot(key: str, position: int, side: Side = Side.PLAYER, **kwargs) -> TimelineSlot:
    return TimelineSlot(
        key, f"id-{key}", key.upper(), side, str(position), position=position, **kwargs
    )


def _shown(qtbot, slots, axis=None) -> InitiativeTimeline:
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    widget.setPalette(build_palette(Scheme.LIGHT))
    widget.set_animation_duration(0)
    widget.set_slots(slots, axis)
    widget.resize(widget.sizeHint())
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _gap(widget: InitiativeTimeline, left: str, right: str) -> float:
    return widget.card_rect(right).left() - widget.card_rect(left).right()


@pytest.mark.parametrize("kind", [AxisKind.RULER])
def test_a_numeric_axis_sets_cards_apart_by_their_positions(qtbot, kind):
    slots = [_slot("a", 40), _slot("b", 39), _slot("c", 25)]
    widget = _shown(qtbot, slots, TimelineAxis(kind, "Axis"))
    assert widget.axis().kind is kind
    assert _gap(widget, "b", "c") > _gap(widget, "a", "b") + 40
    ordered = _shown(qtbot, slots, TimelineAxis(AxisKind.ORDER, "Turn order"))
    assert _gap(ordered, "a", "b") == pytest.approx(_gap(ordered, "b", "c"))


def test_a_numeric_axis_adds_a_ruler_under_the_cards(qtbot):
    slots = [_slot("a", 30), _slot("b", 20)]
    ordered = _shown(qtbot, slots)
    counted = _shown(qtbot, slots, COUNT)
    assert counted.sizeHint().height() > ordered.sizeHint().height()
    assert counted.card_rect("a").top() == ordered.card_rect("a").top()


def test_positions_between_and_beyond_the_cards_map_onto_the_axis(qtbot):
    widget = _shown(qtbot, [_slot("a", 35), _slot("b", 15)], COUNT)
    first, last = (widget.card_rect(k).center().x() for k in "ab")
    assert widget.position_x(35) == pytest.approx(first)
    assert widget.position_x(25) == pytest.approx((first + last) / 2)
    assert widget.position_x(5) > last
    assert widget.position_x(45) < first


def test_a_span_is_drawn_from_declare_to_resolve(qtbot):
    plain = [_slot("a", 35, Side.ENEMY), _slot("b", 30, Side.PLAYER)]
    spanning = [_slot("a", 35, Side.ENEMY, span_end=20), _slot("b", 30, Side.PLAYER)]
    widget = _shown(qtbot, plain, COUNT)
    enemy = side_color(Side.ENEMY, Scheme.LIGHT).rgb()
    y = int(widget.card_rect("a").bottom()) + 4

    def enemy_columns() -> set[int]:
        image = widget.grab().toImage()
        return {
            x for x in range(image.width()) for dy in range(4) if image.pixel(x, y + dy) == enemy
        }

    assert not enemy_columns()
    widget.set_slots(spanning)
    widget.resize(widget.sizeHint())
    drawn = enemy_columns()
    declare, resolve = widget.position_x(35), widget.position_x(20)
    assert resolve > widget.card_rect("b").center().x(), "resolves after B's count"
    assert min(drawn) <= declare + 6
    assert max(drawn) >= resolve - 6


def _drag(qtbot, widget: InitiativeTimeline, key: str, to: QPoint) -> None:
    start = widget.card_rect(key).center().toPoint()
    qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 4):
        qtbot.mouseMove(widget, start + QPoint(8 * step, 0))
    qtbot.mouseMove(widget, to)


def test_a_drag_shows_the_answer_beside_the_drop_line_and_the_drop_asks_for_it(qtbot):
    slots = [_slot(k, p) for k, p in (("a", 0), ("b", 1), ("c", 2))]
    widget = _shown(qtbot, slots)
    asked: list[tuple[str, int]] = []

    def answer(key: str, index: int) -> str:
        asked.append((key, index))
        return f"Move {key.upper()} to place {index + 1}" if index != 0 else "No change"

    widget.set_drag_answerer(answer)
    third = widget.card_rect("c")
    accent = QColor(theme_colors(Scheme.LIGHT).accent).rgb()
    line_x = int(third.right())

    def accent_near_line() -> bool:
        image = widget.grab().toImage()
        beside = range(max(line_x - 160, 0), min(line_x + 160, image.width()))
        return accent in {image.pixel(x, y) for x in beside for y in range(2, 20)}

    assert not accent_near_line()
    drop = QPoint(int(third.right()) + 6, int(third.center().y()))
    _drag(qtbot, widget, "a", drop)
    assert widget.drag_text() == "Move A to place 3"
    assert accent_near_line(), "the answer is written beside the drop line"
    with qtbot.waitSignal(widget.slotMoveRequested, timeout=1000) as dropped:
        qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=drop)
    assert dropped.args == ["a", 2]
    assert asked[-1] == ("a", 2)
    assert widget.drag_text() == ""


def test_a_drag_back_to_its_place_shows_the_no_change_answer(qtbot):
    widget = _shown(qtbot, [_slot(k, p) for k, p in (("a", 0), ("b", 1))])
    widget.set_drag_answerer(lambda key, index: "No change" if index == 0 else "Move")
    start = widget.card_rect("a").center().toPoint()
    _drag(qtbot, widget, "a", start)
    assert widget.drag_text() == "No change"
    with qtbot.assertNotEmitted(widget.slotMoveRequested):
        qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=start)


def test_without_an_answerer_a_drag_shows_no_words(qtbot):
    widget = _shown(qtbot, [_slot(k, p) for k, p in (("a", 0), ("b", 1))])
    _drag(qtbot, widget, "a", widget.card_rect("b").center().toPoint() + QPoint(40, 0))
    assert widget.is_dragging()
    assert widget.drag_text() == ""
    qtbot.keyClick(widget, Qt.Key.Key_Escape)


def test_a_long_axis_title_uses_the_width_in_view_and_is_elided_not_cut(qtbot):
    title = "Initiative Score (Insight Rank + Reflexes k Reflexes) " * 4
    widget = _shown(qtbot, [_slot("a", 30), _slot("b", 20)], TimelineAxis(AxisKind.RULER, title))
    widget.resize(500, widget.sizeHint().height())
    image = widget.grab().toImage()
    background = image.pixel(1, 1)
    inked = [
        x
        for x in range(image.width())
        for y in range(2, int(widget.card_rect("a").top()) - 2)
        if image.pixel(x, y) != background
    ]
    assert max(inked) > widget.width() * 0.8, "the title runs on past the left half"
    assert max(inked) < widget.width() - 4, "and ends, elided, inside the widget"


def test_the_axis_kind_alone_decides_how_the_same_slots_are_drawn(qtbot):
    slots = [_slot("a", 40), _slot("b", 39), _slot("c", 25)]
    ordered = _shown(qtbot, slots, TimelineAxis(AxisKind.ORDER, "Order"))
    ruled = _shown(qtbot, slots, TimelineAxis(AxisKind.RULER, "Ruler"))
    columned = _shown(qtbot, slots, TimelineAxis(AxisKind.COLUMNS, "Columns"))
    for widget in (ordered, ruled):
        assert len({widget.card_rect(key).top() for key in "abc"}) == 1, "one row of cards"
    assert _gap(ordered, "a", "b") == pytest.approx(_gap(ordered, "b", "c"))
    assert _gap(ruled, "b", "c") > _gap(ruled, "a", "b")
    rows = [columned.card_rect(key) for key in "abc"]
    assert len({rect.left() for rect in rows}) == 1, "one column of rows"
    assert rows[0].bottom() < rows[1].top() < rows[2].top()
    assert ruled.height() > ordered.height(), "only the ruler has a ruler"


def test_a_ruler_tells_a_screen_reader_its_unit_its_span_and_where_it_stands_now(qtbot):
    axis = TimelineAxis(AxisKind.RULER, "Ticks of the round", now=30, unit="Tick")
    widget = _shown(qtbot, [_slot("a", 40), _slot("b", 25, status=SlotStatus.CURRENT)], axis)
    described = widget.accessibleDescription()
    assert "Tick 40 to 25, highest first. Now at 30." in described
    assert "Acting now: B (25)." in described
    accent = QColor(theme_colors(Scheme.LIGHT).accent).rgb()
    image = widget.grab().toImage()
    x = round(widget.position_x(30))
    below_cards = range(int(widget.card_rect("a").bottom()) + 2, image.height() - 2)
    assert any(image.pixel(x, y) == accent for y in below_cards), "the value now is marked"


def test_a_new_kind_of_slot_is_drawn_and_worded_from_its_description(qtbot):
    readied = SlotKind("Readied action", bar=True, set_apart=True)
    plain_bar = SlotKind("Readied action", bar=True)
    axis = TimelineAxis(AxisKind.RULER, "Ticks", unit="Tick")
    slots = [_slot("a", 40), _slot("b", 35, Side.ENEMY, kind=readied, span_end=20)]
    widget = _shown(qtbot, slots, axis)
    assert widget.card_rect("b").width() > 1.8 * widget.card_rect("a").width()
    assert widget.position_x(20) > widget.card_rect("b").center().x()
    pos = widget.card_rect("b").center().toPoint()
    widget.event(QHelpEvent(QEvent.Type.ToolTip, pos, widget.mapToGlobal(pos)))
    assert "Readied action · Waiting" in QToolTip.text()
    QToolTip.hideText()
    hatched = widget.grab(widget.card_rect("b").toRect()).toImage()
    widget.set_slots([slots[0], msgspec.structs.replace(slots[1], kind=plain_bar)])
    plain = widget.grab(widget.card_rect("b").toRect()).toImage()
    assert hatched != plain, "a set-apart slot is drawn apart"


def test_rows_word_their_points_with_the_axis_unit(qtbot):
    axis = TimelineAxis(AxisKind.COLUMNS, "Round 1", unit="Ready points")
    rows = [_slot("a", 3, column="Turn 1", pips=2, spent_pips=1), _slot("b", 1, column="Turn 1")]
    widget = _shown(qtbot, rows, axis)
    widget.select("a")
    assert "Selected: A, 3, Waiting, Ready points: 2, 1 spent." in widget.accessibleDescription()
    pos = widget.card_rect("a").center().toPoint()
    widget.event(QHelpEvent(QEvent.Type.ToolTip, pos, widget.mapToGlobal(pos)))
    assert "Ready points: 2, 1 spent" in QToolTip.text()
    QToolTip.hideText()
