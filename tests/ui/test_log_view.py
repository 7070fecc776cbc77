"""The event log model and panel over a real uwr session with seeded dice."""

import random
import re
from fractions import Fraction

import pytest
from PySide6.QtGui import QAction

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import (
    AddCombatants,
    ApplyDamage,
    EditCell,
    NextTurn,
    RemoveCombatants,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.events import CheckRolled
from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction, ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.log.model import COMBATANT_IDS_ROLE, ROUND_ROLE, LogModel
from uwr_desktop.ui.log.view import ALL_COMBATANTS, EventLog

ROUND_LINE = re.compile(r"^Round \d+ (starts|ends)")


def _log(session: Session) -> EventLog:
    """The log over ``session``, its Export button tied to an Export Log command of its own."""
    export = QAction("Export Log")
    log = EventLog(session, export)
    export.setParent(log)
    return log


def _fighter(cid, name, side, grace="2"):
    return Combatant(
        id=cid,
        name=name,
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(grace=Fraction(grace)),
            weapons=(Weapon(name="Short Bow", upr_type="Swift", pool=WeaponPool.RANGED),),
        ),
    )


@pytest.fixture
def session():
    roster = [
        _fighter("vex", "Vex", Side.PLAYER, "3.5"),
        _fighter("mira", "Mira", Side.ALLY, "3"),
        _fighter("b2", "Bandit 2", Side.ENEMY),
    ]
    return Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(11)))


def _fight(session):
    """Start the fight and have Vex shoot Bandit 2, who dodges."""
    session.do(StartFight())
    session.do(Attack("vex", 0, "b2"))
    session.do(React(Reaction.DODGE))
    session.do(ResolveCheck())


def _texts(model):
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def _faces(record):
    return " ".join(str(face) for face in record.faces)


def test_log_words_each_event_with_its_round_and_dice(session):
    model = LogModel(session)
    session.subscribe(model.apply)
    _fight(session)
    texts = _texts(model)
    assert texts[0].startswith("Initiative: ") and "Vex" in texts[0]
    assert "Round 1 starts" in texts
    first = session.state.combatants[session.state.order[0]].name
    assert f"Round 1 · {first}'s turn" in texts

    rolled = next(e for e in session.entries[1].events if isinstance(e, CheckRolled))
    attack = f"Round 1 · Vex attacks Bandit 2 with Short Bow: [{_faces(rolled.roll)}] "
    assert any(text.startswith(attack) for text in texts)
    assert any(text.startswith("Round 1 · Bandit 2 dodges: [") for text in texts)
    resolved = texts[-1]
    assert re.fullmatch(
        r"Round 1 · Vex attacks Bandit 2 with Short Bow: \d+ vs dodge \d+, "
        r"(hits with \d+|misses)",
        resolved,
    )
    assert all(not text.startswith("Round 1 · Round") for text in texts)
    row = len(texts) - 1
    assert model.index(row, 0).data(ROUND_ROLE) == 1
    assert set(model.index(row, 0).data(COMBATANT_IDS_ROLE)) == {"vex", "b2"}


def test_undo_drops_rows_and_redo_adds_them_back(qtbot, session):
    model = LogModel(session)
    session.subscribe(model.apply)
    _fight(session)
    before = _texts(model)
    with (
        qtbot.assertNotEmitted(model.modelReset),
        qtbot.waitSignal(model.rowsRemoved) as removed,
    ):
        session.undo()
    assert _texts(model) == before[:-1]
    assert removed.args[1] == removed.args[2] == len(before) - 1
    with (
        qtbot.assertNotEmitted(model.modelReset),
        qtbot.waitSignal(model.rowsInserted) as inserted,
    ):
        session.redo()
    assert _texts(model) == before
    assert inserted.args[1] == len(before) - 1


def test_the_log_follows_a_new_branch_after_undo_like_a_fresh_log(session):
    model = LogModel(session)
    session.subscribe(model.apply)
    _fight(session)
    session.undo()
    session.undo()
    session.do(ResolveCheck())
    session.do(ApplyDamage(["mira"], 3))
    session.do(NextTurn())
    assert model.lines() == LogModel(session).lines()
    assert "Round 1 · Mira takes 3 damage (Vitality 10 → 7)" in _texts(model)


def test_log_model_passes_the_model_tester(qtmodeltester, session):
    model = LogModel(session)
    session.subscribe(model.apply)
    qtmodeltester.check(model)
    _fight(session)
    session.undo()
    session.undo()
    session.do(ResolveCheck())
    session.do(NextTurn())
    qtmodeltester.check(model)
    log = _log(session)
    session.subscribe(log.apply)
    log.set_combatant_filter("mira")
    qtmodeltester.check(log.proxy)


def test_filter_by_combatant_keeps_their_events_and_round_boundaries(qtbot, session):
    log = _log(session)
    session.subscribe(log.apply)
    qtbot.addWidget(log)
    _fight(session)
    combo = log.filter_combo
    assert [combo.itemText(i) for i in range(combo.count())] == [
        ALL_COMBATANTS,
        "Vex",
        "Mira",
        "Bandit 2",
    ]
    everything = log.visible_lines()
    combo.setCurrentIndex(combo.findData("mira"))
    shown = log.visible_lines()
    assert shown and len(shown) < len(everything)
    assert all("Mira" in line or ROUND_LINE.match(line) for line in shown)
    assert not any("attacks" in line for line in shown)
    log.set_combatant_filter("b2")
    shown = log.visible_lines()
    assert any("dodges" in line for line in shown)
    assert sum("attacks Bandit 2" in line for line in shown) == 2
    log.set_combatant_filter(None)
    assert log.visible_lines() == everything


def test_filter_lists_newcomers_and_keeps_the_choice(qtbot, session):
    log = _log(session)
    session.subscribe(log.apply)
    qtbot.addWidget(log)
    log.set_combatant_filter("vex")
    session.do(AddCombatants([_fighter("b3", "Bandit 3", Side.ENEMY)]))
    combo = log.filter_combo
    assert combo.findText("Bandit 3") > 0
    assert combo.currentData() == "vex"
    session.do(EditCell("vex", "name", "Vex the Swift"))
    assert combo.currentText() == "Vex the Swift"
    session.do(RemoveCombatants(["mira"]))
    assert combo.findText("Mira") > 0


def test_the_filter_is_as_wide_as_its_names_and_export_stands_at_the_right(qtbot, session):
    log = _log(session)
    qtbot.addWidget(log)
    log.resize(700, 160)
    log.show()
    qtbot.waitExposed(log)
    combo = log.filter_combo
    assert combo.width() == combo.sizeHint().width() < 300
    export = log.export_button
    assert export.geometry().right() == log.list_view.geometry().right()


def test_the_list_scrolls_to_the_newest_event(qtbot, session):
    log = _log(session)
    session.subscribe(log.apply)
    qtbot.addWidget(log)
    log.resize(300, 120)
    log.show()
    session.do(StartFight())
    for _ in range(12):
        session.do(NextTurn())
    bar = log.list_view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    newest = log.proxy.index(log.proxy.rowCount() - 1, 0)
    assert log.list_view.visualRect(newest).intersects(log.list_view.viewport().rect())


def test_markdown_export_groups_events_by_round(qtbot, session, tmp_path):
    log = _log(session)
    session.subscribe(log.apply)
    qtbot.addWidget(log)
    _fight(session)
    session.do(EditCell("b2", "name", "Bandit *boss*"))
    text = log.to_markdown()
    lines = text.splitlines()
    assert lines[0] == "# Event log"
    assert lines.index("## Before the fight") < lines.index("## Round 1")
    first = session.state.combatants[session.state.order[0]].name
    round_part = lines[lines.index("## Round 1") :]
    assert "- Round 1 starts" in round_part
    assert f"- {first}'s turn" in round_part
    assert any(line.startswith("- Vex attacks Bandit 2 with Short Bow: [") for line in round_part)
    assert "- Bandit 2 renamed to Bandit \\*boss\\*" in round_part
    bullets = [line for line in lines if line.startswith("- ")]
    assert len(bullets) == log.model.rowCount()

    path = tmp_path / "fight.md"
    with qtbot.waitSignal(log.exported) as exported:
        log.export_markdown(path)
    assert exported.args == [str(path)]
    assert path.read_text(encoding="utf-8") == text


def test_the_export_button_runs_the_export_log_command(qtbot, session):
    export = QAction("Export Log")
    log = EventLog(session, export)
    qtbot.addWidget(log)
    with qtbot.waitSignal(export.triggered):
        log.export_button.click()


def test_export_to_a_missing_folder_says_why(session, tmp_path):
    log = _log(session)
    session.subscribe(log.apply)
    with pytest.raises(OSError, match="Cannot write"):
        log.export_markdown(tmp_path / "missing" / "log.md")


def test_an_empty_log_exports_a_readable_file(session):
    assert LogModel(session).to_markdown() == "# Event log\n\nNothing has happened yet.\n"


def test_set_session_shows_the_new_fight(qtbot, session):
    log = _log(session)
    followed = session.subscribe(log.apply)
    qtbot.addWidget(log)
    _fight(session)
    other = Session(
        make_ruleset("uwr"), [_fighter("ash", "Ash", Side.PLAYER)], roller=Roller(random.Random(2))
    )
    with qtbot.waitSignal(log.model.modelReset):
        log.set_session(other)
    followed()
    other.subscribe(log.apply)
    assert log.visible_lines() == []
    assert log.filter_combo.count() == 2
    other.do(StartFight())
    assert log.visible_lines()[0].startswith("Initiative: Ash")
    session.do(NextTurn())
    assert all("Vex" not in line for line in log.visible_lines())


def test_names_list_those_present_then_those_who_left_latest_first(session):
    model = LogModel(session)
    session.subscribe(model.apply)
    session.do(RemoveCombatants(["mira"]))
    session.do(EditCell("b2", "name", "Bandit Chief"))
    session.do(RemoveCombatants(["b2"]))
    assert model.names() == {"vex": "Vex", "b2": "Bandit Chief", "mira": "Mira"}
    session.undo()
    assert model.names() == {"vex": "Vex", "b2": "Bandit Chief", "mira": "Mira"}
    assert list(model.names())[:2] == ["vex", "b2"]
    session.undo()
    session.undo()
    assert model.names() == {"vex": "Vex", "mira": "Mira", "b2": "Bandit 2"}
    assert list(model.names()) == ["vex", "mira", "b2"]
