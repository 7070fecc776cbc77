"""A tactical fight played through the window: chosen in New Fight with its settings, set up
with its combatant dialog, declared from the countdown panel, a declared action's bar dragged
on the count axis to shorten it, and the actions resolved in count order."""

import pytest
from fight_window import pick_round_system, shown_window, when_modal
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, EditCell, StartFight
from uwr_desktop.core.rulesets.tactical.lanes import DECLARED_ACTION
from uwr_desktop.core.rulesets.tactical.ruleset import TacticalRuleset
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.tactical.state import part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import save_encounter
from uwr_desktop.core.timeline import AxisKind, SlotStatus
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.rulesets.tactical import make_ui
from uwr_desktop.ui.rulesets.tactical.catalog_dialog import CatalogDialog
from uwr_desktop.ui.rulesets.tactical.combatant_dialog import TacticalDialog
from uwr_desktop.ui.rulesets.tactical.countdown_panel import NEXT_TIP, PARRY_TIP, CountdownPanel
from uwr_desktop.ui.table.model import RESOURCES_COLUMN


@pytest.fixture
def window(qtbot, tmp_path):
    yield from shown_window(qtbot, tmp_path, seed=7)


def choose_tactical(dialog):
    pick_round_system(dialog, "tactical")
    form = dialog.form()
    assert not form.editor("initiative_every_round").isChecked()
    tie = form.editor("tie_order")
    assert tie.count() == 3
    dialog.accept()


def add(window, name, quickness):
    def fill(dialog):
        dialog.name.setText(name)
        dialog.quickness.setValue(quickness)
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    when_modal(TacticalDialog, fill)
    window.actions_by_key["add_combatant"].trigger()


def fight_on_counts(window, *bases, hidden=()):
    """A new tactical fight through the window of combatants ``(name, quickness, base)`` added
    through the dialog, started with those base initiatives typed, ``hidden`` ones hidden; the
    combatants' ids by name."""
    when_modal(NewFightDialog, choose_tactical)
    window.actions_by_key["new"].trigger()
    for name, quickness, _ in bases:
        add(window, name, quickness)
    ids = {c.name: cid for cid, c in window.document.session.state.combatants.items()}
    window.actions_by_key["start_fight"].trigger()
    session = window.document.session
    for name, _, base in bases:
        session.do(EditCell(ids[name], "initiative", base))
    for name in hidden:
        session.do(EditCell(ids[name], "hidden", True))
    return ids


def cell(window, combatant_id, key):
    model = window.table_model
    index = model.index(model.row_of(combatant_id), model.column_of(key))
    return model.data(index, Qt.ItemDataRole.DisplayRole)


def declare(panel, qtbot, action, ap=None):
    panel.action.setCurrentIndex(panel.action.findData(action))
    if ap is not None:
        panel.ap.setValue(ap)
    qtbot.mouseClick(panel.declare, Qt.MouseButton.LeftButton)
    assert panel.message.text() == ""


def test_a_tactical_fight_declared_shortened_by_drag_and_resolved_in_count_order(window, qtbot):
    when_modal(NewFightDialog, choose_tactical)
    window.actions_by_key["new"].trigger()
    session = window.document.session
    assert isinstance(session.ruleset, TacticalRuleset)

    add(window, "Hauser", 1)
    add(window, "Orc", 0)
    ids = {c.name: cid for cid, c in window.document.session.state.combatants.items()}
    hauser, orc = ids["Hauser"], ids["Orc"]
    window.actions_by_key["start_fight"].trigger()
    session = window.document.session
    session.do(EditCell(hauser, "initiative", 15))
    session.do(EditCell(orc, "initiative", 10))
    assert cell(window, hauser, "initiative") == "15"
    assert window.timeline.axis().kind is AxisKind.LANES

    panel = window.findChild(CountdownPanel)
    assert panel is not None
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 35
    assert panel.actor.currentData() == hauser
    assert "declaring: Hauser" in panel.status.text()
    assert window.timeline.axis().title == "Round 1 · count 35"
    assert window.timeline.axis().now == 35
    declare(panel, qtbot, "Melee attack", 4)
    assert cell(window, hauser, "ap") == "0/4"
    assert cell(window, hauser, "action") == "Melee attack 4 AP · 35 → 15"
    assert "AP 0/4" in cell(window, hauser, RESOURCES_COLUMN)

    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 30
    assert panel.actor.currentData() == orc
    declare(panel, qtbot, "Melee attack", 2)
    slots = {slot.key: slot for slot in window.timeline.slots()}
    bar = slots[f"{hauser}@action"]
    assert (bar.kind, bar.position, bar.span_end) == (DECLARED_ACTION, 35, 15)
    assert slots[f"{orc}@action"].value_text == "30 → 20"

    # Drag Hauser's bar so that its resolve end moves from 15 to 25.
    timeline = window.timeline
    card = timeline.card_rect(f"{hauser}@action")
    start = QPoint(int(card.right()) - 20, int(card.center().y()))
    shift = timeline.position_x(25) - timeline.position_x(15)
    qtbot.mousePress(timeline, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 5):
        qtbot.mouseMove(timeline, start + QPoint(int(shift * step / 4), 0))
    assert timeline.drag_value() == 25
    expected = "Shorten Melee attack to 2 AP: resolves on 25, penalty -50"
    assert timeline.drag_text() == expected
    qtbot.mouseRelease(timeline, Qt.MouseButton.LeftButton, pos=start + QPoint(int(shift), 0))
    assert window.statusBar().currentMessage() == expected
    action = session.state.combatants[hauser].sheet.now.action
    assert (action.ap, action.resolves_at) == (2, 25)
    assert cell(window, hauser, "action_penalty") == "-50"
    spans = {slot.key: slot.span_end for slot in window.timeline.slots()}
    assert spans[f"{hauser}@action"] == 25

    resolved = []
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 25
    current = [s.key for s in window.timeline.slots() if s.status is SlotStatus.CURRENT]
    assert current == [f"{hauser}@action"]
    qtbot.mouseClick(panel.resolve, Qt.MouseButton.LeftButton)
    resolved.append(session.entries[-1].label)
    declare(panel, qtbot, "Draw weapon/ammo/item")
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 20
    assert "resolving: Hauser and Orc" in panel.status.text()
    assert not panel.next.isEnabled(), "the actions due on 20 resolve first"
    assert panel.next.toolTip() == (
        "Resolve Hauser's Draw weapon/ammo/item, Orc's Melee attack first (count 20)"
    )
    qtbot.mouseClick(panel.resolve, Qt.MouseButton.LeftButton)
    assert panel.next.isEnabled() and panel.next.toolTip() == NEXT_TIP
    resolved.append(session.entries[-1].label)
    assert resolved == ["Resolve on 25: Hauser", "Resolve on 20: Hauser and Orc"]
    line = session.describe_entry(len(session.entries) - 1)[0]
    assert line == (
        "On 20 together: Hauser's Draw weapon/ammo/item, Orc's Melee attack (-50) resolve"
    )

    window.actions_by_key["undo"].trigger()
    assert "resolving: Hauser and Orc" in panel.status.text()
    window.actions_by_key["redo"].trigger()
    # Nobody declares again: Next steps down the counts where waiting costs them AP, then upkeep.
    counts = []
    while session.state.phase != "upkeep":
        qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
        counts.append(part_of(session.state).count)
    assert counts == [15, None]


def test_the_catalog_is_edited_from_the_panel_and_offered_at_once(window, qtbot):
    window.document.new("tactical")
    panel = window.findChild(CountdownPanel)
    assert panel.action.findData("Cast a spell") < 0

    def refuse_then_fix(dialog):
        dialog.add_action(None)
        row = dialog.action_rows.rowCount() - 1
        dialog.action_rows.item(row, 0).setText("Cast a spell")
        dialog.action_rows.cellWidget(row, 2).setValue(3)
        dialog.action_rows.cellWidget(row, 3).setValue(2)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
        assert "min_ap 3 is above max_ap 2" in dialog.message.text()
        assert dialog.isVisible()
        dialog.action_rows.cellWidget(row, 3).setValue(4)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    when_modal(CatalogDialog, refuse_then_fix)
    qtbot.mouseClick(panel.edit_catalog, Qt.MouseButton.LeftButton)
    assert panel.action.findData("Cast a spell") >= 0
    assert window.document.session.entries[-1].label == "Edit the action catalog and pace table"

    def shipped(dialog):
        dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()

    when_modal(CatalogDialog, shipped)
    qtbot.mouseClick(panel.edit_catalog, Qt.MouseButton.LeftButton)
    assert panel.action.findData("Cast a spell") < 0
    window.actions_by_key["undo"].trigger()
    assert panel.action.findData("Cast a spell") >= 0


def test_the_dialog_edits_a_combatant_and_the_library_summarises_it(qtbot):
    hurt = Combatant(
        id="orc", name="Orc", side=Side.ENEMY, sheet=TacticalSheet(hits=12, hits_max=30)
    )
    dialog = TacticalDialog(None, hurt)
    qtbot.addWidget(dialog)
    assert dialog.hits.value() == 30
    dialog.quickness.setValue(2)
    dialog.penalty.setValue(-20)
    dialog.hits.setValue(10)
    edited = dialog.combatant()
    assert edited.id == "orc"
    assert (edited.sheet.quickness, edited.sheet.penalty) == (2, -20)
    assert (edited.sheet.hits, edited.sheet.hits_max) == (10, 10)
    dialog.name.setText("  ")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.problem.text() == "The combatant needs a name."
    assert make_ui().template_summary(edited) == "Enemy · Qu +2 · penalty -20 · 10 hits"


def test_interrupting_from_the_panel_keeps_the_progress_when_the_gm_says_so(window, qtbot):
    window.document.new("tactical")
    assert not window.findChild(CountdownPanel).keep.isVisibleTo(window.findChild(CountdownPanel))
    window.document.new("tactical", settings={"interruption": "ask"})
    session = window.document.session
    bran = Combatant(id="bran", name="Bran", sheet=TacticalSheet(initiative_override=10))
    session.do(AddCombatants([bran]))
    session.do(StartFight())
    panel = window.findChild(CountdownPanel)
    assert panel.keep.isVisibleTo(panel)
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    declare(panel, qtbot, "Load light crossbow")
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert part_of(session.state).count == 10  # his own count: the load may be interrupted
    assert panel.interrupt.isEnabled()
    assert panel.status.text() == "Round 1 · count 10 — may be interrupted: Bran"
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert session.state.phase == "upkeep"
    assert not panel.interrupt.isEnabled()
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # round 2
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 10, where it would resolve
    assert part_of(session.state).count == 10
    panel.keep.setChecked(True)
    qtbot.mouseClick(panel.interrupt, Qt.MouseButton.LeftButton)
    kept = session.state.combatants["bran"].sheet.progress
    assert (kept.name, kept.paid) == ("Load light crossbow", 8)


def test_the_header_and_player_view_name_who_acts_on_the_count_and_who_arrives_next(window, qtbot):
    fight_on_counts(window, ("Hauser", 1, 15), ("Orc", 0, 10), ("Ghost", 0, 5), hidden=("Ghost",))
    window.player_view.open_action.trigger()
    view = window.player_view.view
    assert (view.now_label.text(), view.next_label.text()) == ("", "Next: Hauser")
    assert window.turn_header.actor_label.text() == "Parries, then the countdown"

    panel = window.findChild(CountdownPanel)
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 35: Hauser declares
    assert (view.now_label.text(), view.next_label.text()) == ("Now: Hauser", "Next: Orc")
    assert window.turn_header.actor_label.text() == "Hauser acts"
    declare(panel, qtbot, "Melee attack", 4)
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 30: the Orc
    heard: list[str] = []
    window.announcer.announced.connect(heard.append)
    declare(panel, qtbot, "Melee attack", 4)
    assert heard[-1].endswith("Nobody acts on count 30."), "a screen reader hears it too"
    # The hidden Ghost arrives on 25 and is never named; Hauser's attack resolves on 15.
    assert (view.now_label.text(), view.next_label.text()) == ("", "Next: Hauser")
    assert window.turn_header.actor_label.text() == "Nobody acts on count 30"
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 25: the Ghost
    assert view.now_label.text() == ""  # nothing tells the players an unseen one acts
    assert view.axis_label.text() == "Round 1 · countdown"  # nor where
    assert window.turn_header.actor_label.text() == "Ghost acts"  # the GM sees who


def test_the_players_cannot_tell_a_hidden_turn_from_a_pause_by_the_count(window, qtbot):
    fight_on_counts(window, ("Hauser", 1, 15), ("Ghost", 0, 10), hidden=("Ghost",))
    window.player_view.open_action.trigger()
    view = window.player_view.view
    panel = window.findChild(CountdownPanel)
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 35: Hauser
    assert view.axis_label.text() == "Round 1 · count 35"
    declare(panel, qtbot, "Melee attack", 4)  # resolves on 15
    pause = (view.now_label.text(), view.axis_label.text())
    assert pause == ("", "Round 1 · countdown")
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 30: the Ghost alone
    assert window.turn_header.actor_label.text() == "Ghost acts"
    assert (view.now_label.text(), view.axis_label.text()) == pause
    declare(panel, qtbot, "Melee attack", 4)  # the Ghost's, resolving on 10
    assert (view.now_label.text(), view.axis_label.text()) == pause, "30 is the Ghost's count"
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 15: Hauser's attack
    assert view.axis_label.text() == "Round 1 · count 15"


def test_parry_is_greyed_with_why_when_the_rules_would_refuse_it(window, qtbot):
    when_modal(NewFightDialog, choose_tactical)
    window.actions_by_key["new"].trigger()
    add(window, "Hauser", 1)
    add(window, "Orc", 0)
    ids = {c.name: cid for cid, c in window.document.session.state.combatants.items()}
    panel = window.findChild(CountdownPanel)
    panel.actor.setCurrentIndex(panel.actor.findData(ids["Hauser"]))
    assert not panel.parry.isEnabled()
    assert panel.parry.toolTip() == (
        "A parry is declared at the start of a round, or when melee begins"
    )
    window.actions_by_key["start_fight"].trigger()
    panel.actor.setCurrentIndex(panel.actor.findData(ids["Hauser"]))
    panel.parry_against.setCurrentIndex(panel.parry_against.findData(ids["Hauser"]))
    assert not panel.parry.isEnabled()
    assert panel.parry.toolTip() == "Hauser cannot parry themself"
    panel.parry_against.setCurrentIndex(panel.parry_against.findData(ids["Orc"]))
    assert panel.parry.isEnabled() and panel.parry.toolTip() == PARRY_TIP
    panel.parry_amount.setValue(5)
    qtbot.mouseClick(panel.parry, Qt.MouseButton.LeftButton)
    assert window.document.session.entries[-1].label == "Hauser: parry 5"


def test_declare_resolve_interrupt_and_move_are_greyed_with_why(window, qtbot):
    window.document.new("tactical")
    session = window.document.session
    bran = Combatant(id="bran", name="Bran", sheet=TacticalSheet(initiative_override=10))
    session.do(AddCombatants([bran]))
    panel = window.findChild(CountdownPanel)
    buttons = (panel.declare, panel.resolve, panel.interrupt, panel.move_button)
    assert [(b.isEnabled(), b.toolTip()) for b in buttons] == [(False, "Start the fight first")] * 4

    session.do(StartFight())  # parries first: the countdown has not started
    assert panel.move_button.isEnabled()
    starts = "during the countdown: Next count starts it"
    assert [(b.isEnabled(), b.toolTip()) for b in buttons[:3]] == [
        (False, f"Actions are declared {starts}"),
        (False, f"Actions resolve {starts}"),
        (False, f"Actions are interrupted {starts}"),
    ]

    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    count = part_of(session.state).count  # Bran declares: nothing under way yet
    assert panel.declare.isEnabled()
    assert (panel.resolve.isEnabled(), panel.resolve.toolTip()) == (
        False,
        f"No action completes on count {count}",
    )
    assert (panel.interrupt.isEnabled(), panel.interrupt.toolTip()) == (
        False,
        "Bran has no action under way",
    )
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_F8)
    assert window.statusBar().currentMessage() == (
        f"Resolve is not possible now: No action completes on count {count}"
    )
    qtbot.keyClick(window.table, Qt.Key.Key_F9, Qt.KeyboardModifier.ShiftModifier)
    assert window.statusBar().currentMessage() == (
        "Interrupt is not possible now: Bran has no action under way"
    )

    for _ in range(5):
        if session.state.phase != "upkeep":
            qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
    assert session.state.phase == "upkeep"
    assert [(b.isEnabled(), b.toolTip()) for b in buttons] == [
        (False, "Actions are declared during the countdown"),
        (False, "Actions resolve during the countdown"),
        (False, "Actions are interrupted during the countdown"),
        (False, "Movement is recorded during a round"),
    ]


def test_the_dice_tray_rolls_for_whoever_acts_on_the_count(window, qtbot, tmp_path):
    """Each count that gives someone a turn puts the tray's "For" on them, as a turn does in
    the other systems; a choice the GM makes within the count stays, and a fight opened on a
    count starts on its actor."""
    ids = fight_on_counts(window, ("Hauser", 1, 15), ("Orc", 0, 10))
    session = window.document.session
    tray = window.dice_tray
    assert tray is not None
    panel = window.findChild(CountdownPanel)
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 15: Hauser declares
    assert tray.combatant.currentData() == ids["Hauser"]
    tray.set_combatant(None)
    declare(panel, qtbot, "Melee attack", 4)
    assert tray.combatant.currentData() is None, "the GM's choice holds within the count"
    qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)  # count 10: the Orc declares
    assert tray.combatant.currentData() == ids["Orc"]

    path = tmp_path / "on count 10.uwr"
    save_encounter(session, path)
    tray.set_combatant(None)
    window.document.open_copy(path, "On count 10")
    assert window.dice_tray is not None
    assert window.dice_tray.combatant.currentData() == ids["Orc"]
