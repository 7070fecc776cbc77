"""The ``hands`` round on the timeline: one column per turn, points as pips a click spends, the
reason for each place on hover, outreached combatants marked where the GM declares."""

import pytest
from fight_window import as_on_a_laptop, pick_round_system, shown_window, when_modal
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QFontMetricsF, QHelpEvent
from PySide6.QtWidgets import QComboBox, QPushButton, QToolTip
from test_hands_window import add, ids_by_name

from uwr_desktop.core.intents import ApplyDamage, NextTurn, RemoveCombatants, StartFight
from uwr_desktop.core.rulesets.hands.intents import HandsSpend
from uwr_desktop.core.rulesets.hands.state import part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import SlotStatus, TimelineSlot
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.player_view.picture import player_picture
from uwr_desktop.ui.rulesets.hands.points_panel import PointsPanel
from uwr_desktop.ui.timeline.cards import measure
from uwr_desktop.ui.timeline.columns import MAX_ROWS, RowFonts, layout, name_width
from uwr_desktop.ui.timeline.widget import InitiativeTimeline
from uwr_desktop.ui.timeline.words import NOBODY_YET


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=4)


def start_hands_fight(window):
    """Ana (4 points, reach 1) against Brute (3 points, reach 3), the fight started."""
    when_modal(NewFightDialog, lambda dialog: (pick_round_system(dialog, "hands"), dialog.accept()))
    window.actions_by_key["new"].trigger()
    add(window, "Ana", strength=3, reach=1, side="player")
    add(window, "Brute", strength=2, reach=3)
    window.actions_by_key["start_fight"].trigger()
    return ids_by_name(window)


def click_pip(qtbot, timeline, key, pip):
    centre = timeline.pip_rect(key, pip).center().toPoint()
    qtbot.mouseClick(timeline, Qt.MouseButton.LeftButton, pos=centre)


def headings(timeline):
    return list(dict.fromkeys(slot.column for slot in timeline.slots()))


def ready(window, cid):
    return window.document.session.state.combatants[cid].sheet.ready


def test_a_round_is_played_by_clicking_pips_on_the_timeline(window, qtbot):
    ids = start_hands_fight(window)
    ana, brute = ids["Ana"], ids["Brute"]
    timeline = window.timeline
    assert headings(timeline) == ["Turn 1 · now"]
    # Ana has the most points: she declares first, the reason on hover.
    assert [s.combatant_id for s in timeline.slots()] == [ana, brute]
    centre = timeline.card_rect(ana).center().toPoint()
    QToolTip.hideText()
    event = QHelpEvent(QEvent.Type.ToolTip, centre, timeline.mapToGlobal(centre))
    assert timeline.event(event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    assert "ahead of Brute: most ready points (4 vs 3)" in QToolTip.text()
    QToolTip.hideText()

    click_pip(qtbot, timeline, ana, 3)
    assert ready(window, ana) == 1
    click_pip(qtbot, timeline, brute, 1)
    assert ready(window, brute) == 2
    (ana_now,) = [s for s in timeline.slots() if s.key == ana]
    assert (ana_now.pips, ana_now.spent_pips) == (1, 3)

    window.findChild(PointsPanel).findChild(QPushButton, "handsNextTurn").click()
    # Turn 2: Brute has more points left and declares first; turn 1 stays as a column.
    assert headings(timeline) == ["Turn 1", "Turn 2 · now"]
    assert [s.key for s in timeline.slots()] == [f"turn1:{ana}", f"turn1:{brute}", brute, ana]
    past = timeline.card_rect(f"turn1:{ana}")
    assert past.right() < timeline.card_rect(brute).left()
    assert timeline.card_rect(brute).left() == timeline.card_rect(ana).left()
    assert timeline.card_rect(brute).top() < timeline.card_rect(ana).top()
    # A finished turn's pips are not for clicking.
    with qtbot.assertNotEmitted(timeline.slotPipClicked):
        click_pip(qtbot, timeline, f"turn1:{ana}", 1)
    assert (ready(window, ana), ready(window, brute)) == (1, 2)
    click_pip(qtbot, timeline, brute, 2)
    click_pip(qtbot, timeline, ana, 1)
    window.findChild(PointsPanel).findChild(QPushButton, "handsNextTurn").click()
    assert window.document.session.state.round == 2
    assert headings(timeline) == ["Turn 1 · now"]


def test_outreached_combatants_are_marked_and_an_attack_out_of_turn_refused(window, qtbot):
    ids = start_hands_fight(window)
    ana, brute = ids["Ana"], ids["Brute"]
    (ana_slot,) = [s for s in window.timeline.slots() if s.key == ana]
    assert ana_slot.label == "Ana ⚠"
    assert "outreached by Brute" in ana_slot.detail
    panel = window.findChild(PointsPanel)
    target = panel.findChild(QComboBox, f"handsTarget:{ana}")
    target.setCurrentIndex(target.findData(brute))
    assert target.currentText() == "Brute ⚠"
    tip = target.itemData(target.currentIndex(), Qt.ItemDataRole.ToolTipRole)
    assert tip == "Brute outreaches Ana: only its weapon, when it attacks"
    panel.findChild(QPushButton, f"handsSpend:{ana}").click()
    assert "Ana is outreached by Brute" in panel.message.text()
    assert ready(window, ana) == 4
    # Once Brute attacks her, she may interfere with that attack (at his weapon).
    brute_target = panel.findChild(QComboBox, f"handsTarget:{brute}")
    brute_target.setCurrentIndex(brute_target.findData(ana))
    panel.findChild(QPushButton, f"handsSpend:{brute}").click()
    assert part_of(window.document.session.state).actions[0].target == ana
    panel.findChild(QComboBox, f"handsAgainst:{ana}").setCurrentIndex(1)
    panel.findChild(QPushButton, f"handsSpend:{ana}").click()
    assert panel.message.text() == ""
    assert ready(window, ana) == 3


def _row(key, column, pips=0, **kwargs):
    return TimelineSlot(
        key, key, key.capitalize(), Side.PLAYER, "", column=column, pips=pips, **kwargs
    )


@pytest.fixture
def columns_timeline(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    widget.set_animation_duration(0)
    widget.set_slots(
        [
            _row("a1", "Turn 1", 2, spent_pips=1, status=SlotStatus.DONE),
            _row("b1", "Turn 1", 1, spent_pips=2, status=SlotStatus.DONE),
            _row("a", "Turn 2", 2, pip_action=True, status=SlotStatus.CURRENT),
            _row("b", "Turn 2", 1, pip_action=True),
            _row("c", "Turn 2", 3, pip_action=True),
        ]
    )
    widget.resize(widget.sizeHint())
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_a_pip_click_on_the_timeline_asks_for_that_pip(qtbot, columns_timeline):
    with qtbot.waitSignal(columns_timeline.slotPipClicked) as clicked:
        click_pip(qtbot, columns_timeline, "c", 2)
    assert clicked.args == ["c", 2]
    assert columns_timeline.selected_key() == "c"
    # A click on the row beside its pips selects it and asks for no pip.
    with qtbot.assertNotEmitted(columns_timeline.slotPipClicked):
        qtbot.mouseClick(
            columns_timeline,
            Qt.MouseButton.LeftButton,
            pos=columns_timeline.card_rect("a1").center().toPoint(),
        )
    assert columns_timeline.selected_key() == "a1"


def test_a_row_dragged_below_another_in_its_column_asks_for_that_place(qtbot, columns_timeline):
    widget = columns_timeline
    start = widget.card_rect("a").center().toPoint()
    start.setX(int(widget.card_rect("a").left()) + 12)
    target = widget.card_rect("b")
    qtbot.mousePress(widget, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(widget, start + QPoint(0, 6 * step))
    drop = QPoint(start.x(), int(target.bottom()) - 2)
    qtbot.mouseMove(widget, drop)
    assert widget.is_dragging()
    with qtbot.waitSignal(widget.slotMoveRequested) as moved:
        qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=drop)
    # Index 3 of the whole list (counted without "a"): after b, in Turn 2 only.
    assert moved.args == ["a", 3]


def test_a_heading_wider_than_its_one_short_row_shows_whole(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    fonts = RowFonts(widget.font(), widget.font())
    laid = layout((_row("ana", "Carry-over · now", 1),), fonts, 0.0, 0.0)
    (column,) = laid.columns
    heading = QFontMetricsF(fonts.heading)
    assert heading.elidedText(column.heading, Qt.TextElideMode.ElideRight, column.rect.width()) == (
        "Carry-over · now"
    )
    assert laid.targets["ana"].width() == column.rect.width(), "the row as wide as its column"


def test_a_long_column_goes_on_in_a_second_block_under_one_heading(qtbot):
    widget = InitiativeTimeline()
    qtbot.addWidget(widget)
    many = [_row(f"r{n}", "Turn 1", 1) for n in range(MAX_ROWS + 2)]
    widget.set_slots(many)
    first, wrapped = widget.card_rect("r0"), widget.card_rect(f"r{MAX_ROWS}")
    assert wrapped.top() == first.top()
    assert wrapped.left() > first.right()
    assert widget.sizeHint().height() < 2 * MAX_ROWS * first.height()


def test_when_everyone_is_down_the_timeline_and_the_players_say_so(window, qtbot):
    ids = start_hands_fight(window)
    window.player_view.open_action.trigger()
    view = window.player_view.view
    view.resize(1280, 720)
    window.do(ApplyDamage(tuple(ids.values()), 100))
    window.actions_by_key["next_turn"].trigger()
    assert window.timeline.slots() == ()
    said = "Everyone is down: nobody is on the timeline."
    assert window.timeline.accessibleDescription() == said
    view.board.grab()
    assert "Everyone is down" in view.board.painted_texts()
    window.do(RemoveCombatants(tuple(ids.values())))
    assert window.timeline.accessibleDescription() == NOBODY_YET
    view.board.grab()
    assert "Nobody in the fight yet" in view.board.painted_texts()


def test_the_players_see_every_column_of_the_round(window, qtbot):
    ids = start_hands_fight(window)
    ana, brute = ids["Ana"], ids["Brute"]
    click_pip(qtbot, window.timeline, ana, 1)
    window.findChild(PointsPanel).findChild(QPushButton, "handsNextTurn").click()
    session = window.document.session
    slots = session.ruleset.timeline(session.state)
    axis = session.ruleset.timeline_axis(session.state)
    turn = session.ruleset.turn_now(session.state)
    picture = player_picture(session.state, slots, axis, turn)
    assert [(c.heading, c.under_way) for c in picture.columns()] == [
        ("Turn 1", False),
        ("Turn 2 · now", True),
    ]
    turn_1, turn_2 = picture.columns()
    assert [(row.key, row.pips, row.spent_pips) for row in turn_1.rows] == [
        (f"turn1:{ana}", 3, 1),
        (f"turn1:{brute}", 2, 1),
    ]
    assert [row.key for row in turn_2.rows] == [ana, brute]
    assert (picture.now, picture.next) == ("Ana", "Brute")


def test_the_player_view_draws_every_column_but_never_a_hidden_combatant(window, qtbot):
    ids = start_hands_fight(window)
    click_pip(qtbot, window.timeline, ids["Ana"], 1)
    click_pip(qtbot, window.timeline, ids["Brute"], 1)
    window.findChild(PointsPanel).findChild(QPushButton, "handsNextTurn").click()
    window.player_view.open_action.trigger()
    view = window.player_view.view
    view.resize(1280, 720)
    view.board.grab()
    painted = view.board.painted_texts()
    assert {"Turn 1", "Turn 2 · now", "Ana", "Brute"} <= set(painted)
    window.do(window.document.session.ruleset.edit_intent(ids["Brute"], "hidden", True))
    view.board.grab()
    painted = view.board.painted_texts()
    assert {"Turn 1", "Turn 2 · now", "Ana"} <= set(painted)
    assert not any("Brute" in text for text in painted)
    assert "Brute" not in view.board.accessibleDescription()
    assert [row.key for row in view.picture().rows] == [f"turn1:{ids['Ana']}", ids["Ana"]]
    window.do(window.document.session.ruleset.edit_intent(ids["Ana"], "alias", "Lady"))
    for size in ((1280, 720), (3840, 2160)):
        view.resize(*size)
        view.board.grab()
        painted = view.board.painted_texts()
        assert {"Turn 1", "Turn 2 · now", "Lady"} <= set(painted)
        assert not any("Ana" in text or "Brute" in text for text in painted)
    view.close()


def test_the_names_of_the_turn_under_way_read_whole_on_a_laptop(window, qtbot):
    as_on_a_laptop(window, qtbot)
    window.document.new("hands")
    for name, strength, side in (
        ("Anastasia Vell", 5, "player"),
        ("Vex", 4, "player"),
        ("Bandit Captain", 6, "enemy"),
        ("Goblin Archer", 3, "enemy"),
        ("Bandit 1", 2, "enemy"),
    ):
        add(window, name, strength=strength, reach=1, side=side)
    ids = ids_by_name(window)
    window.do(StartFight())
    for name, points in (("Bandit Captain", 7), ("Vex", 2), ("Anastasia Vell", 2)):
        window.do(HandsSpend(ids[name], points))
    window.do(NextTurn())
    qtbot.wait(20)
    timeline = window.timeline
    assert headings(timeline) == ["Turn 1", "Turn 2 · now"]
    metrics = measure(timeline.font())
    fonts = RowFonts(metrics.name_font, metrics.note_font)
    names = QFontMetricsF(fonts.name)
    under_way = [slot for slot in timeline.slots() if slot.column == "Turn 2 · now"]
    assert {slot.combatant_id for slot in under_way} == set(ids.values()) - {ids["Bandit Captain"]}
    for slot in under_way:
        room = name_width(fonts, timeline.card_rect(slot.key), slot)
        assert names.horizontalAdvance(slot.label) <= room, f"{slot.label} is cut"
    assert timeline.card_rect(under_way[0].key).right() < timeline.width()
