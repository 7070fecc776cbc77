"""The combatant table model, its delegate and its filter proxy over a real uwr session."""

import random
from fractions import Fraction

import pytest
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QSpinBox,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import (
    AddCombatants,
    ApplyDamage,
    EditCell,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import Resource
from uwr_desktop.core.rulesets.uwr.intents import Attack
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.table.delegates import CombatantDelegate, decimals_for
from uwr_desktop.ui.table.filter import CombatantFilterProxy, natural_key
from uwr_desktop.ui.table.health_column import HEALTH_COLUMN
from uwr_desktop.ui.table.model import (
    CHIPS_ROLE,
    COMBATANT_ID_ROLE,
    RESOURCES_COLUMN,
    SIDE_ROLE,
    CombatantTableModel,
    format_resources,
    resources_tooltip,
)


def _fighter(cid, name, side, grace="2", *, hidden=False, vitality=10):
    return Combatant(
        id=cid,
        name=name,
        side=side,
        hidden=hidden,
        sheet=UwrSheet(
            attributes=Attributes(grace=Fraction(grace)),
            weapons=(Weapon(name="Short Bow", upr_type="Swift", pool=WeaponPool.RANGED),),
            vitality=vitality,
            vitality_max=vitality,
        ),
    )


def _roster():
    return [
        _fighter("vex", "Vex", Side.PLAYER, "3.5", vitality=12),
        _fighter("mira", "Mira", Side.ALLY, "3"),
        _fighter("b10", "Bandit 10", Side.ENEMY),
        _fighter("b2", "Bandit 2", Side.ENEMY),
        _fighter("crow", "Crow", Side.NEUTRAL, hidden=True),
    ]


@pytest.fixture
def session():
    return Session(make_ruleset("uwr"), _roster(), roller=Roller(random.Random(4)))


@pytest.fixture
def model(session):
    model = CombatantTableModel(session)
    session.subscribe(model.apply)
    return model


def _ids(model):
    return [model.combatant_id_at(row) for row in range(model.rowCount())]


def _cell(model, cid, key, role=Qt.ItemDataRole.DisplayRole):
    return model.index(model.row_of(cid), model.column_of(key)).data(role)


def test_rows_follow_the_turn_order_and_columns_come_from_the_ruleset(session, model):
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert titles[:6] == ["Name", "Health", "Conditions", "This round", "Side", "Init"]
    assert "Brawn" in titles and "Vitality" in titles
    assert _ids(model) == list(session.state.order)
    assert _cell(model, "vex", "name") == "Vex"
    assert _cell(model, "vex", "grace") == "3.5"
    assert _cell(model, "vex", "grace", Qt.ItemDataRole.EditRole) == 3.5
    assert _cell(model, "vex", "vitality") == "12"
    assert _cell(model, "vex", "name", COMBATANT_ID_ROLE) == "vex"
    assert Side(_cell(model, "mira", "notes", SIDE_ROLE)) is Side.ALLY
    tip = model.headerData(
        model.column_of("brawn"), Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert "0 to 7 in steps of 0.5" in tip
    assert _cell(model, "crow", "hidden", Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert _cell(model, "vex", "name", Qt.ItemDataRole.DecorationRole) is not None
    assert model.row_of("nobody") == -1
    assert model.combatant_id_at(99) is None


def test_model_passes_the_model_tester_before_and_after_changes(qtmodeltester, session, model):
    qtmodeltester.check(model)
    session.do(StartFight())
    session.do(NextTurn())
    session.do(AddCombatants([_fighter("b3", "Bandit 3", Side.ENEMY)]))
    session.do(RemoveCombatants(["mira"]))
    qtmodeltester.check(model)
    proxy = CombatantFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(model.column_of("name"))
    qtmodeltester.check(proxy)
    session.undo()
    session.undo()
    qtmodeltester.check(model)
    qtmodeltester.check(proxy)
    assert _ids(model) == list(session.state.order)


def test_an_edit_signals_only_that_rows_changed_cells(qtbot, session, model):
    row = model.row_of("b2")
    column = model.column_of("vitality")
    spans = []
    model.dataChanged.connect(
        lambda top_left, bottom_right, _roles: spans.append(
            (top_left.row(), bottom_right.row(), top_left.column(), bottom_right.column())
        )
    )
    with (
        qtbot.assertNotEmitted(model.modelReset),
        qtbot.assertNotEmitted(model.layoutChanged),
    ):
        assert model.setData(model.index(row, column), 4)
    # The Vitality cell, and beside the name the Health cell that shows it ("This round"
    # holds only what the round spends).
    health = model.column_of(HEALTH_COLUMN)
    assert sorted(spans) == sorted([(row, row, column, column), (row, row, health, health)])
    assert (
        _cell(model, "b2", HEALTH_COLUMN)
        == f"4/{session.state.combatants['b2'].sheet.vitality_max}"
    )
    assert session.state.combatants["b2"].sheet.vitality == 4
    assert _cell(model, "b2", "vitality") == "4"


def test_damage_and_undo_update_the_cells_without_a_reset(qtbot, session, model):
    with qtbot.assertNotEmitted(model.modelReset), qtbot.waitSignal(model.dataChanged):
        session.do(ApplyDamage(["vex"], 5))
    assert _cell(model, "vex", "vitality") == "7"
    with qtbot.assertNotEmitted(model.modelReset), qtbot.waitSignal(model.dataChanged):
        session.undo()
    assert _cell(model, "vex", "vitality") == "12"


def test_joining_and_leaving_insert_and_remove_rows(qtbot, session, model):
    count = model.rowCount()
    with (
        qtbot.assertNotEmitted(model.modelReset),
        qtbot.waitSignal(model.rowsInserted) as inserted,
    ):
        session.do(AddCombatants([_fighter("b3", "Bandit 3", Side.ENEMY)]))
    assert model.rowCount() == count + 1
    assert inserted.args[1] == inserted.args[2] == model.row_of("b3")
    assert _cell(model, "b3", "name") == "Bandit 3"
    row = model.row_of("mira")
    with (
        qtbot.assertNotEmitted(model.modelReset),
        qtbot.waitSignal(model.rowsRemoved) as removed,
    ):
        session.do(RemoveCombatants(["mira"]))
    assert removed.args[1] == removed.args[2] == row
    assert model.row_of("mira") == -1
    assert _ids(model) == list(session.state.order)


def test_a_refused_edit_says_why_and_changes_nothing(qtbot, session, model):
    before = session.state
    index = model.index(model.row_of("vex"), model.column_of("brawn"))
    with qtbot.waitSignal(model.editRefused) as refused:
        assert not model.setData(index, Fraction(9))
    assert refused.args[0] == "Vex: Brawn can be at most 7 (got 9)"
    assert session.state is before and session.cursor == 0
    assert index.data() == "2"

    vitality = model.index(model.row_of("vex"), model.column_of("vitality"))
    with qtbot.waitSignal(model.editRefused) as refused:
        assert not model.setData(vitality, 20)
    assert refused.args[0] == "Vex: Vitality can be at most 12 (got 20)"

    with qtbot.waitSignal(model.editRefused) as refused:
        assert not model.setData(vitality, "lots")
    assert "Vitality must be a number" in refused.args[0]

    rolled = model.index(model.row_of("vex"), model.column_of("initiative_roll"))
    assert not rolled.flags() & Qt.ItemFlag.ItemIsEditable
    with qtbot.waitSignal(model.editRefused) as refused:
        assert not model.setData(rolled, "20")
    assert "cannot be edited" in refused.args[0]
    assert session.state is before


def test_setting_the_same_value_is_not_an_error(qtbot, session, model):
    index = model.index(model.row_of("vex"), model.column_of("grace"))
    with qtbot.assertNotEmitted(model.editRefused):
        assert model.setData(index, Fraction(7, 2))
    assert session.cursor == 0


def test_a_checkbox_click_toggles_hidden(session, model):
    index = model.index(model.row_of("crow"), model.column_of("hidden"))
    assert index.flags() & Qt.ItemFlag.ItemIsUserCheckable
    assert model.setData(index, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert session.state.combatants["crow"].hidden is False


def test_current_actor_is_bold_and_highlighted_and_follows_next_turn(qtbot, session, model):
    name = model.column_of("name")
    session.do(StartFight())
    first = session.state.current
    assert first is not None and model.row_of(first) == 0
    font = model.index(0, name).data(Qt.ItemDataRole.FontRole)
    assert isinstance(font, QFont) and font.bold()
    assert model.index(0, name).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert model.index(1, name).data(Qt.ItemDataRole.FontRole) is None
    assert model.index(1, name).data(Qt.ItemDataRole.BackgroundRole) is None

    rows = []
    model.dataChanged.connect(lambda tl, br, _roles: rows.append((tl.row(), br.row())))
    with qtbot.assertNotEmitted(model.modelReset):
        session.do(NextTurn())
    second = session.state.current
    assert second != first
    assert (0, 0) in rows and (1, 1) in rows
    assert model.row_of(second) == 1
    assert model.index(0, name).data(Qt.ItemDataRole.FontRole) is None
    assert model.index(1, name).data(Qt.ItemDataRole.FontRole).bold()


def test_a_fallen_combatant_is_dimmed(session, model):
    session.do(ApplyDamage(["b2"], 10))
    index = model.index(model.row_of("b2"), model.column_of("notes"))
    assert index.data(Qt.ItemDataRole.ForegroundRole) is not None
    assert index.data(Qt.ItemDataRole.BackgroundRole) is not None
    assert "down" in model.index(model.row_of("b2"), 0).data(Qt.ItemDataRole.ToolTipRole)


def test_a_reorder_keeps_persistent_indexes_on_their_combatant(qtbot, session, model):
    session.do(StartFight())
    last = session.state.order[-1]
    keep = QPersistentModelIndex(model.index(model.row_of(last), model.column_of("notes")))
    with qtbot.assertNotEmitted(model.modelReset), qtbot.waitSignal(model.layoutChanged):
        session.do(MoveInOrder(last, 0))
    assert model.combatant_id_at(0) == last
    assert keep.row() == 0 and keep.data(COMBATANT_ID_ROLE) == last
    assert _ids(model) == list(session.state.order)


def test_set_session_resets_once(qtbot, model):
    other = Session(make_ruleset("uwr"), _roster()[:2], roller=Roller(random.Random(1)))
    with qtbot.waitSignal(model.modelReset):
        model.set_session(other)
    other.subscribe(model.apply)
    assert model.rowCount() == 2
    with qtbot.waitSignal(model.dataChanged):
        other.do(ApplyDamage(["vex"], 1))
    assert _cell(model, "vex", "vitality") == "11"


def _editor(delegate, model, index):
    parent = QWidget()
    editor = delegate.createEditor(parent, QStyleOptionViewItem(), index)
    delegate.setEditorData(editor, index)
    return parent, editor


def test_delegate_picks_a_bounded_editor_per_column_kind(qapp, model):
    delegate = CombatantDelegate()
    row = model.row_of("vex")
    kinds = {
        "brawn": QDoubleSpinBox,
        "vitality": QSpinBox,
        "side": QComboBox,
        "hidden": QCheckBox,
        "notes": QLineEdit,
    }
    for key, kind in kinds.items():
        _parent, editor = _editor(delegate, model, model.index(row, model.column_of(key)))
        assert isinstance(editor, kind), key
    _parent, brawn = _editor(delegate, model, model.index(row, model.column_of("brawn")))
    assert (brawn.minimum(), brawn.maximum(), brawn.singleStep()) == (0.0, 7.0, 0.5)
    assert brawn.value() == 2.0
    _parent, side = _editor(delegate, model, model.index(row, model.column_of("side")))
    assert side.currentText() == "player" and side.count() == len(Side)
    _parent, vitality = _editor(delegate, model, model.index(row, model.column_of("vitality")))
    assert vitality.minimum() == 0 and vitality.value() == 12
    assert decimals_for(Fraction(1, 4)) == 2


def test_a_current_health_editor_stops_at_the_combatants_own_maximum(qapp, session, model):
    delegate = CombatantDelegate()
    row = model.row_of("vex")
    _parent, vitality = _editor(delegate, model, model.index(row, model.column_of("vitality")))
    assert vitality.maximum() == 12
    session.do(EditCell("vex", "vitality_max", 8))
    _parent, vitality = _editor(delegate, model, model.index(row, model.column_of("vitality")))
    assert (vitality.maximum(), vitality.value()) == (8, 8)
    _parent, most = _editor(delegate, model, model.index(row, model.column_of("vitality_max")))
    assert most.maximum() == 1_000_000  # a maximum is bounded by its column alone


def test_delegate_commits_exact_fractions_through_the_proxy(qtbot, session, model):
    proxy = CombatantFilterProxy()
    proxy.setSourceModel(model)
    delegate = CombatantDelegate()
    index = proxy.mapFromSource(model.index(model.row_of("vex"), model.column_of("grace")))
    _parent, editor = _editor(delegate, proxy, index)
    editor.setValue(4.5)
    delegate.setModelData(editor, proxy, index)
    assert session.state.combatants["vex"].sheet.attributes.grace == Fraction(9, 2)

    side = proxy.mapFromSource(model.index(model.row_of("mira"), model.column_of("side")))
    _parent, combo = _editor(delegate, proxy, side)
    combo.setCurrentText("enemy")
    delegate.setModelData(combo, proxy, side)
    assert session.state.combatants["mira"].side is Side.ENEMY


def test_typing_into_the_table_view_renames_a_combatant(qtbot, session, model):
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setItemDelegate(CombatantDelegate(view))
    view.show()
    index = model.index(model.row_of("b10"), model.column_of("name"))
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.findChild(QLineEdit, "nameEditor")
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, "Bandit Chief")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session.state.combatants["b10"].name == "Bandit Chief")
    assert index.data() == "Bandit Chief"


def _renaming_view(qtbot, model):
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setItemDelegate(CombatantDelegate(view))
    view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    view.setFocus()
    index = model.index(model.row_of("b10"), model.column_of("name"))
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.findChild(QLineEdit, "nameEditor")
    editor.selectAll()
    qtbot.keyClicks(editor, "Vex the Second")
    return view, editor


def test_a_refused_name_opens_its_cell_again_with_what_was_typed(qtbot, session, model):
    view, editor = _renaming_view(qtbot, model)
    editor.setText("vex")
    with qtbot.waitSignal(model.editRefused) as refused:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert refused.args[0] == "Vex is already fighting: give Bandit 10 another name"

    def typed_again():
        again = view.findChild(QLineEdit, "nameEditor")
        return again is not None and again.isVisible() and again.text() == "vex"

    qtbot.waitUntil(typed_again)
    again = view.findChild(QLineEdit, "nameEditor")
    again.setText("Vexa")
    qtbot.keyClick(again, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session.state.combatants["b10"].name == "Vexa")
    assert session.state.combatants["vex"].name == "Vex"


def test_a_refused_name_left_by_a_click_elsewhere_is_not_reopened(qtbot, session, model):
    view, editor = _renaming_view(qtbot, model)
    elsewhere = QLineEdit()
    qtbot.addWidget(elsewhere)
    elsewhere.show()
    editor.setText("Vex")
    with qtbot.waitSignal(model.editRefused):
        elsewhere.activateWindow()
        elsewhere.setFocus()
        view.commitData(editor)
        view.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
    qtbot.wait(20)
    reopened = view.findChild(QLineEdit, "nameEditor")
    assert reopened is None or not reopened.isVisible()
    assert session.state.combatants["b10"].name == "Bandit 10"


def test_initiative_editor_keeps_a_blank_cell_blank(qtbot, session, model):
    delegate = CombatantDelegate()
    index = model.index(model.row_of("mira"), model.column_of("initiative"))
    assert index.data() == "–"  # noqa: RUF001
    _parent, editor = _editor(delegate, model, index)
    assert editor.text() == "–"  # noqa: RUF001
    with qtbot.assertNotEmitted(model.editRefused):
        delegate.setModelData(editor, model, index)
    assert session.cursor == 0
    editor.setValue(15)
    delegate.setModelData(editor, model, index)
    assert session.state.combatants["mira"].sheet.initiative.value == 15
    assert _cell(model, "mira", "initiative") == "15"
    assert model.row_of("mira") == 0


def test_delegate_spin_box_refuses_letters(qtbot, model):
    delegate = CombatantDelegate()
    _parent, editor = _editor(
        delegate, model, model.index(model.row_of("vex"), model.column_of("vitality"))
    )
    editor.lineEdit().selectAll()
    qtbot.keyClicks(editor, "abc")
    assert editor.value() == 12


def test_refusal_from_the_delegate_reaches_edit_refused(qtbot, session, model):
    delegate = CombatantDelegate()
    index = model.index(model.row_of("vex"), model.column_of("grace"))
    _parent, editor = _editor(delegate, model, index)
    editor.setDecimals(2)
    editor.setValue(3.25)
    with qtbot.waitSignal(model.editRefused) as refused:
        delegate.setModelData(editor, model, index)
    assert "steps of 0.5" in refused.args[0]
    assert session.state.combatants["vex"].sheet.attributes.grace == Fraction(7, 2)


def test_proxy_filters_by_side_name_and_hidden(qtbot, model):
    proxy = CombatantFilterProxy()
    proxy.setSourceModel(model)

    def shown():
        return sorted(
            proxy.index(row, 0).data(COMBATANT_ID_ROLE) for row in range(proxy.rowCount())
        )

    assert shown() == ["b10", "b2", "crow", "mira", "vex"]
    proxy.set_visible_sides({Side.ENEMY})
    assert shown() == ["b10", "b2"]
    proxy.set_side_visible(Side.NEUTRAL, True)
    assert shown() == ["b10", "b2", "crow"]
    proxy.set_show_hidden(False)
    assert shown() == ["b10", "b2"]
    proxy.set_visible_sides(Side)
    proxy.set_name_filter("  BANDIT ")
    assert shown() == ["b10", "b2"]
    proxy.set_name_filter("")
    assert shown() == ["b10", "b2", "mira", "vex"]
    assert proxy.visible_sides() == frozenset(Side)


def test_the_name_filter_finds_a_name_pasted_with_characters_that_show_nothing(qtbot):
    roster = [
        _fighter("orc", "Orc War\u00adchief", Side.ENEMY),
        _fighter("vex", "Vex\u200b the\ufeff Bold", Side.PLAYER),
        _fighter("kit", "Kit", Side.PLAYER),
    ]
    proxy = CombatantFilterProxy()
    proxy.setSourceModel(CombatantTableModel(Session(make_ruleset("uwr"), roster)))

    def shown(typed):
        proxy.set_name_filter(typed)
        return [proxy.index(row, 0).data(COMBATANT_ID_ROLE) for row in range(proxy.rowCount())]

    assert shown("warchief") == ["orc"]
    assert shown("WAR\u00adCHIEF") == ["orc"]
    assert shown("vex the  bold") == ["vex"]
    assert shown("x t") == ["vex"]


def test_proxy_sorts_names_and_numbers_naturally(model):
    proxy = CombatantFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(model.column_of("name"))
    names = [proxy.index(r, model.column_of("name")).data() for r in range(proxy.rowCount())]
    assert names == ["Bandit 2", "Bandit 10", "Crow", "Mira", "Vex"]
    proxy.sort(model.column_of("grace"), Qt.SortOrder.DescendingOrder)
    assert proxy.index(0, 0).data(COMBATANT_ID_ROLE) == "vex"
    assert natural_key("item 9") < natural_key("Item 10") < natural_key(None)
    assert natural_key(Fraction(5, 2)) < natural_key(3) < natural_key("2")


def test_proxy_follows_session_changes(session, model):
    proxy = CombatantFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_show_hidden(False)
    session.do(EditCell("crow", "hidden", False))
    ids = {proxy.index(r, 0).data(COMBATANT_ID_ROLE) for r in range(proxy.rowCount())}
    assert "crow" in ids
    assert proxy.mapToSource(QModelIndex()).isValid() is False


def _resources_cell(model, cid, role=Qt.ItemDataRole.DisplayRole):
    return _cell(model, cid, RESOURCES_COLUMN, role)


def test_this_round_shows_each_resource_the_ruleset_names(session, model):
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert titles.count("This round") == 1
    shown = _resources_cell(model, "vex")
    assert shown.startswith("Stamina ") and "Vitality" not in shown, "Health shows Vitality"
    assert "Short Bow " in shown
    chips = _resources_cell(model, "vex", CHIPS_ROLE)
    assert " · ".join(chips) == shown and chips[0].startswith("Stamina ")
    tip = _resources_cell(model, "vex", Qt.ItemDataRole.ToolTipRole).splitlines()
    assert tip[0] == "Vex · this round"
    wanted = session.ruleset.resources(session.state, "vex")
    assert tip[1:] == [f"{r.label}: {r.text}" for r in wanted]
    assert not model.flags(model.index(model.row_of("vex"), model.column_of(RESOURCES_COLUMN))) & (
        Qt.ItemFlag.ItemIsEditable
    )


def test_this_round_follows_damage_and_spent_uses_precisely(qtbot, session, model):
    session.do(StartFight())
    attacker = session.state.current
    target = next(
        cid
        for cid, c in session.state.combatants.items()
        if c.side is not session.state.combatants[attacker].side
    )
    bow = session.state.combatants[attacker].sheet.weapons[0]
    resources = model.column_of(RESOURCES_COLUMN)
    spans = []
    model.dataChanged.connect(
        lambda top_left, bottom_right, _roles: spans.append(
            (top_left.row(), top_left.column(), bottom_right.column())
        )
    )
    with qtbot.assertNotEmitted(model.modelReset), qtbot.assertNotEmitted(model.layoutChanged):
        session.do(Attack(attacker_id=attacker, weapon=0, target_id=target))
    uses = f"Short Bow {bow.uses_left - 1}/{bow.uses_max}"
    assert uses in _resources_cell(model, attacker)
    row = model.row_of(attacker)
    assert any(r == row and first <= resources <= last for r, first, last in spans)
    assert all(r == row for r, _first, _last in spans)  # nobody else's row was touched
    session.undo()
    assert f"Short Bow {bow.uses_left}/{bow.uses_max}" in _resources_cell(model, attacker)
    session.do(ApplyDamage(["vex"], 5))
    assert _cell(model, "vex", HEALTH_COLUMN) == "7/12"


def test_resources_are_worded_with_and_without_a_maximum():
    ready = Resource("ready", "Ready", 3, None, "3 ready points")
    uses = Resource("weapon:0", "Sword", 0, 2, "0/2 · Swift")
    assert format_resources([ready, uses]) == "Ready 3 · Sword 0/2"
    assert format_resources([]) == "–"  # noqa: RUF001 (the table's dash for nothing)
    assert resources_tooltip("Ash", [uses]) == "Ash · this round\nSword: 0/2 · Swift"
    assert resources_tooltip("Ash", []) == "Ash: nothing to track"
