"""A tactical fight at the table: what Declare would do shown before it, AP left told alike by
the table, the panel and the timeline, and the panel's commands in the window's menus."""

import textwrap

import pytest
from app_process import run_app_script
from countdown_fight import two_actions_each
from fight_window import shown_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QSpinBox

from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    NextTurn,
    StartFight,
)
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet, sheet_of
from uwr_desktop.core.rulesets.tactical.state import part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import AxisKind
from uwr_desktop.ui.rulesets.tactical.countdown_panel import CountdownPanel
from uwr_desktop.ui.table.model import RESOURCES_COLUMN
from uwr_desktop.ui.timeline import lane_paint
from uwr_desktop.ui.widgets.name_elide import elided_name
from uwr_desktop.ui.window.help_menu import shortcut_rows


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=7)


def fight(window, bases):
    """A tactical fight started with one combatant per base initiative, named A, B, C..."""
    window.document.new("tactical")
    session = window.document.session
    names = [chr(ord("A") + i) for i in range(len(bases))]
    session.do(
        AddCombatants(
            tuple(
                Combatant(
                    id=name.lower(),
                    name=name,
                    side=Side(("player", "enemy")[i % 2]),
                    sheet=TacticalSheet(),
                )
                for i, name in enumerate(names)
            )
        )
    )
    session.do(StartFight())
    for name, base in zip(names, bases, strict=True):
        session.do(EditCell(name.lower(), "initiative", base))
    return session, window.findChild(CountdownPanel)


def cell(window, combatant_id, key):
    model = window.table_model
    index = model.index(model.row_of(combatant_id), model.column_of(key))
    return model.data(index, Qt.ItemDataRole.DisplayRole)


def test_the_panel_shows_the_resolve_count_and_penalty_before_declare(window, qtbot):
    session, panel = fight(window, [15, 10])
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 35
    panel.actor.setCurrentIndex(panel.actor.findData("a"))
    panel.action.setCurrentIndex(panel.action.findData("Melee attack"))
    panel.ap.setValue(3)
    assert "Melee attack resolves on 20, penalty -25" in panel.preview.text()
    panel.ap.setValue(2)
    assert "Melee attack resolves on 25, penalty -50" in panel.preview.text()
    assert session.state.combatants["a"].sheet.now.action is None
    qtbot.mouseClick(panel.declare, Qt.MouseButton.LeftButton)
    action = session.state.combatants["a"].sheet.now.action
    assert (action.resolves_at, action.shortening_penalty) == (25, -50)


def test_the_panel_says_why_a_declaration_would_be_refused(window, qtbot):
    _session, panel = fight(window, [15, 10])
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    panel.actor.setCurrentIndex(panel.actor.findData("b"))
    panel.action.setCurrentIndex(panel.action.findData("Melee attack"))
    assert "B declares on count 30; the count is 35" in panel.preview.text()


def test_ap_left_agrees_in_the_table_the_panel_and_the_timeline_after_a_wait(window, qtbot):
    session, panel = fight(window, [15, 10])
    for _ in range(3):
        qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 25
    panel.actor.setCurrentIndex(panel.actor.findData("a"))
    assert cell(window, "a", "ap") == "2/4"
    assert "AP left 2/4 (2 lost waiting)" in panel.preview.text()
    assert "AP 2/4" in cell(window, "a", RESOURCES_COLUMN)
    lane = next(lane for lane in window.timeline.axis().lanes if lane.combatant_id == "a")
    assert lane.tag == "AP 2/4"
    assert "AP 2/4 (2 lost waiting)" in lane.detail


def test_f8_and_the_panel_menu_are_enabled_exactly_when_the_panel_buttons_are(window, qtbot):
    session, panel = fight(window, [15, 10])
    resolve = window.actions_by_key["resolve"]
    more = window.panel_commands.more.actions
    buttons = {
        "declare": panel.declare,
        "next_count": panel.next,
        "interrupt": panel.interrupt,
        "move": panel.move_button,
        "parry": panel.parry,
        "catalog": panel.edit_catalog,
        "set_counter": panel.counters.set_button,
        "remove_counter": panel.counters.remove_button,
    }
    assert set(more) == set(buttons)
    assert more["declare"].shortcut().toString() == "F9"
    rows = shortcut_rows(window, window.actions_by_key)
    assert ("Declare", "F9") in rows
    assert ("Catalog", "Ctrl+F9") in rows
    assert ("Set Counter", "Ctrl+F3") in rows
    assert ("Remove Counter", "Ctrl+Shift+F3") in rows

    def agree():
        assert resolve.isEnabled() == panel.resolve.isEnabled()
        for key, button in buttons.items():
            assert more[key].isEnabled() == button.isEnabled(), key

    agree()
    more["next_count"].trigger()
    assert part_of(session.state).count == 35
    panel.action.setCurrentIndex(panel.action.findData("Melee attack"))
    panel.ap.setValue(2)
    more["declare"].trigger()
    assert session.state.combatants["a"].sheet.now.action is not None
    seen = set()
    while session.state.phase == "resolution":
        agree()
        seen.add(panel.resolve.isEnabled())
        if resolve.isEnabled():
            window.activateWindow()
            qtbot.keyClick(window, Qt.Key.Key_F8)
            assert session.entries[-1].label.startswith("Resolve on 25")
        more["next_count"].trigger()
    assert seen == {True, False}
    window.actions_by_key["undo"].trigger()
    agree()


def lanes_window(window, qtbot):
    """The six of :mod:`countdown_fight` in a window 1366 pixels wide."""
    window.resize(1366, 768)
    window.document.new("tactical")
    session = window.document.session
    two_actions_each(session)
    timeline = window.timeline
    qtbot.waitUntil(lambda: window.width() == 1366)
    qtbot.waitUntil(lambda: timeline.height() == timeline.sizeHint().height())
    return session, timeline


def test_the_lanes_are_readable_at_1366_pixels_with_six_combatants(window, qtbot):
    session, timeline = lanes_window(window, qtbot)
    axis = timeline.axis()
    assert axis.kind is AxisKind.LANES
    assert [lane.label for lane in axis.lanes][:2] == ["Hauser", "Bandit Captain Varga"]
    assert axis.lanes[1].note == "Stunned (1)"
    assert "Stunned (1 round)" in axis.lanes[1].detail
    assert axis.lanes[3].note == "Prone"
    bars = [slot for slot in timeline.slots() if slot.kind.bar]
    assert len(bars) == 12
    assert timeline.height() < 300, "six lanes fit beside a table of six rows"
    for lane in axis.lanes:
        key = f"{lane.combatant_id}@action"
        timeline.ensure_visible(key)
        bar = timeline.card_rect(key)
        assert bar.top() >= 0 and bar.bottom() <= timeline.height(), lane.label
        labels = timeline.label_rects()
        assert len(labels) >= 8
        assert any(bar.contains(label) for label in labels), f"{lane.label}'s action unnamed"
        for index, rect in enumerate(labels):
            for other in labels[index + 1 :]:
                assert not rect.intersects(other), (rect, other)
        now = timeline.position_x(part_of(session.state).count)
        assert 0 < now < timeline.width()


LAPTOP_NAMES = (
    ("hauser", "Hauser Grimm", 15),
    ("mira", "Mira Stonebrook", 12),
    ("captain", "Bandit Captain", 13),
    ("b1", "Bandit 1", 11),
    ("b2", "Bandit 2", 8),
    ("kakita", "Kakita Aya", 10),
)


def laptop_lanes(window, qtbot):
    """Six combatants with ordinary names, counted down to 26, in a window maximized on a
    1366x768 laptop."""
    window.resize(1366, 705)
    window.document.new("tactical")
    session = window.document.session
    session.do(
        AddCombatants(
            tuple(
                Combatant(id=cid, name=name, side=Side.PLAYER, sheet=TacticalSheet())
                for cid, name, _ in LAPTOP_NAMES
            )
        )
    )
    session.do(StartFight())
    for cid, _, base in LAPTOP_NAMES:
        session.do(EditCell(cid, "initiative", base))
    session.do(AddCondition(["hauser"], Condition("Stunned", 2)))
    while part_of(session.state).count != 26:
        session.do(NextTurn())
    timeline = window.timeline
    qtbot.waitUntil(lambda: window.width() == 1366)
    qtbot.waitUntil(lambda: timeline.height() == timeline.sizeHint().height())
    return session, timeline


def test_lane_headings_show_ordinary_names_whole_on_a_laptop(window, qtbot, monkeypatch):
    _session, timeline = laptop_lanes(window, qtbot)
    painted: list[str] = []
    paint_text = lane_paint.paint_text

    def noting(painter, rect, text, font, color):
        painted.append(elided_name(QFontMetricsF(font), text, rect.width()))
        paint_text(painter, rect, text, font, color)

    monkeypatch.setattr(lane_paint, "paint_text", noting)
    timeline.grab()
    for _, name, _ in LAPTOP_NAMES:
        assert name in painted, f"{name} cut short: {painted}"
    assert "Stunned (2)" in painted


def test_the_count_now_covers_no_number_of_the_ruler(window, qtbot):
    session, timeline = laptop_lanes(window, qtbot)
    for count in (26, 25, 23):
        while part_of(session.state).count != count:
            session.do(NextTurn())
        timeline.grab()
        now = timeline.position_x(count)
        lanes_top = min(timeline.card_rect(slot.key).top() for slot in timeline.slots())
        ruler = [r for r in timeline.label_rects() if r.bottom() <= lanes_top]
        assert any(r.left() <= now <= r.right() for r in ruler), "the count now is shown"
        assert len(ruler) >= 5, "the ruler keeps its numbers"
        for index, rect in enumerate(ruler):
            for other in ruler[index + 1 :]:
                assert not rect.intersects(other), (count, rect, other)


def test_the_current_count_stays_in_view_on_a_narrow_timeline(window, qtbot):
    session, timeline = lanes_window(window, qtbot)
    window.resize(600, 768)
    qtbot.waitUntil(lambda: timeline.width() < 500)
    assert timeline.sizeHint().width() > timeline.width()  # the lanes scroll sideways
    while session.state.phase == "resolution":
        window.actions_by_key["next_turn"].trigger()
        if rules.resolving(session.state, session.ruleset.settings.tie_order):
            session.do(TacticalResolve())
        count = part_of(session.state).count
        if count is not None:
            assert 0 < timeline.position_x(count) < timeline.width()


def test_dragging_a_bars_end_shortens_the_action_with_its_count_and_penalty(window, qtbot):
    window.resize(1366, 768)
    session, panel = fight(window, [15, 10])
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    session.do(TacticalDeclare("a", "Melee attack", 4))
    timeline = window.timeline
    bar = timeline.card_rect("a@action")
    assert timeline.slots()[0].caption == "Melee attack"
    # Grab the bar near its resolve end (15) and pull that end back toward 35, to 25.
    start = QPoint(int(timeline.position_x(15)) - 3, int(bar.center().y()))
    shift = timeline.position_x(25) - timeline.position_x(15)
    qtbot.mousePress(timeline, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 5):
        qtbot.mouseMove(timeline, start + QPoint(int(shift * step / 4), 0))
    assert timeline.drag_value() == 25
    assert timeline.drag_text() == "Shorten Melee attack to 2 AP: resolves on 25, penalty -50"
    assert session.state.combatants["a"].sheet.now.action.ap == 4
    qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=start + QPoint(int(shift), 0))
    action = session.state.combatants["a"].sheet.now.action
    assert (action.ap, action.resolves_at, action.shortening_penalty) == (2, 25, -50)
    assert {s.key: s.span_end for s in timeline.slots()}["a@action"] == 25
    window.actions_by_key["undo"].trigger()
    action = session.state.combatants["a"].sheet.now.action
    assert (action.ap, action.resolves_at) == (4, 15)


def test_the_hits_editor_stops_at_the_combatants_own_maximum(window, qtbot):
    session, _panel = fight(window, [15, 10])
    session.do(EditCell("a", "hits", 30))
    session.do(EditCell("a", "hits_max", 40))
    model, table = window.table_model, window.table
    index = window.proxy.mapFromSource(model.index(model.row_of("a"), model.column_of("hits")))
    table.edit(index)
    editor = table.focusWidget()
    assert isinstance(editor, QSpinBox)
    assert (editor.minimum(), editor.maximum(), editor.value()) == (0, 40, 30)


def test_declare_is_greyed_with_the_rules_reason_and_back_when_they_would_take_it(window, qtbot):
    session, panel = fight(window, [15, 10])
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    panel.action.setCurrentIndex(panel.action.findData("Melee attack"))
    panel.actor.setCurrentIndex(panel.actor.findData("b"))
    reason = "B declares on count 30; the count is 35"
    assert not panel.declare.isEnabled()
    assert reason in panel.declare.toolTip()
    assert not window.panel_commands.more.actions["declare"].isEnabled()
    panel.actor.setCurrentIndex(panel.actor.findData("a"))
    assert panel.declare.isEnabled()
    window.do(ApplyDamage(["a"], 100))
    assert sheet_of(session.state.combatants["a"]).down
    assert not panel.declare.isEnabled()
    assert panel.declare.toolTip() in panel.preview.text()


def test_the_next_combatant_starts_with_the_full_cost_and_no_parry_or_penalty_typed(window, qtbot):
    session, panel = fight(window, [15, 10])
    panel.parry_amount.setValue(15)  # A's parry, typed while the parries are declared
    panel.parry_against.setCurrentIndex(panel.parry_against.findData("b"))
    panel.actor.setCurrentIndex(panel.actor.findData("b"))
    assert (panel.parry_amount.value(), panel.parry_against.currentData()) == (0, "")

    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 35: A
    panel.action.setCurrentIndex(panel.action.findData("Melee attack"))
    panel.ap.setValue(2)
    qtbot.mouseClick(panel.declare, Qt.MouseButton.LeftButton)
    assert session.state.combatants["a"].sheet.now.action.ap == 2
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 30: B
    assert panel.actor.currentData() == "b"
    assert panel.action.currentData() == "Melee attack"
    assert panel.ap.value() == 4, "A's shortening is not B's"
    assert panel.preview.text().endswith("Melee attack resolves on 10, penalty 0")
    qtbot.mouseClick(panel.declare, Qt.MouseButton.LeftButton)
    assert session.state.combatants["b"].sheet.now.action.ap == 4

    panel.action.setCurrentIndex(panel.action.findData("Hold position (swim/climb)"))
    panel.penalty.setValue(-20)
    panel.actor.setCurrentIndex(panel.actor.findData("a"))
    assert panel.penalty.value() == 0
    window.actions_by_key["undo"].trigger()  # B's attack: on count 30 again, B chosen
    assert panel.actor.currentData() == "b"
    assert session.state.combatants["b"].sheet.now.action is None


PREVIEW_ON_A_LAPTOP = textwrap.dedent(
    """
    import random, sys, tempfile
    from pathlib import Path
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from uwr_desktop.core.dice import Roller
    from uwr_desktop.core.encounter import Combatant
    from uwr_desktop.core.intents import AddCombatants, StartFight
    from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
    from uwr_desktop.core.sides import Side
    from uwr_desktop.ui.document import EncounterDocument
    from uwr_desktop.ui.rulesets.tactical.countdown_panel import CountdownPanel
    from uwr_desktop.ui.theme import create_themed_application
    from uwr_desktop.ui.window.main_window import MainWindow

    app = create_themed_application(sys.argv[:1])
    folder = Path(tempfile.mkdtemp())
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    document = EncounterDocument(None, roller=Roller(random.Random(7)))
    document.new("tactical")
    window = MainWindow(document, settings)
    window.actions_by_key["reduce_motion"].setChecked(True)
    window.show()
    window.resize(1366, 705)  # maximised on the GM's laptop
    for _ in range(6):
        app.processEvents()
    people = (("h", "Hauser Grimm", Side.PLAYER), ("c", "Bandit Captain", Side.ENEMY))
    sheet = TacticalSheet(quickness=1, hits=30, hits_max=30)
    document.session.do(
        AddCombatants([Combatant(id=c, name=n, side=s, sheet=sheet) for c, n, s in people])
    )
    document.session.do(StartFight())
    for _ in range(6):
        app.processEvents()
    preview = window.findChild(CountdownPanel).preview
    lines = preview.fontMetrics().lineSpacing()
    print(preview.height(), preview.heightForWidth(preview.width()), lines, flush=True)
    window.files.maybe_save = lambda: True
    window.close()
    document.close()
    """
)


def test_a_preview_of_two_lines_shows_both_on_a_laptop(tmp_path):
    printed = run_app_script(PREVIEW_ON_A_LAPTOP, tmp_path / "home", screen=(1366, 768))
    height, needed, line = (int(word) for word in printed.split())
    assert needed >= 2 * line, "the preview's words take two lines in a laptop's dock"
    assert height >= needed, "both lines show, the second not cut under the Pace row"
