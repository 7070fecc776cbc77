"""Fitted columns are as wide as the style makes them, while the style measures few cells."""

import random

import pytest
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTableView

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, Skill, Weapon, WeaponKind
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.app import sample_fight_path
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.table.delegates import CombatantDelegate
from uwr_desktop.ui.table.model import MEASURE_ROLE, CombatantTableModel

NAMES = ("Mira", "Bandit Captain of the Black Road", "Oda", "W", "Wyrm 🐉", "Zoe\u0308 the Sheriff")


def _sheets(ruleset_id):
    return {
        "tactical": lambda i: TacticalSheet(quickness=i),
        "rollkeep": lambda i: RollkeepSheet(
            reflexes=2 + i,
            skills=(Skill("Kenjutsu", 2),),
            weapons=(
                Weapon(name="Katana", kind=WeaponKind.MELEE, skill="Kenjutsu", damage_rolled=3),
            ),
        ),
        "hands": lambda i: HandsSheet(
            max_points=3 + i, weapons=(HandsWeapon(name="Halberd of the long watch", reach=2),)
        ),
    }[ruleset_id]


def _document(ruleset_id):
    document = EncounterDocument(None, roller=Roller(random.Random(5)))
    if ruleset_id == "uwr":
        document.open_copy(sample_fight_path(), "Sample fight")
    else:
        sheet = _sheets(ruleset_id)
        sides = (Side.PLAYER, Side.ENEMY, Side.ALLY, Side.NEUTRAL) * 2
        roster = [
            Combatant(id=f"c{i}", name=name, side=sides[i], sheet=sheet(i))
            for i, name in enumerate(NAMES)
        ]
        document.new(ruleset_id, roster)
        document.session.do(StartFight())
    return document


def _fitted_widths(model, delegate, font):
    view = QTableView()
    view.setFont(font)
    view.setModel(model)
    view.setItemDelegate(delegate)
    view.resizeColumnsToContents()
    return [view.horizontalHeader().sectionSize(c) for c in range(model.columnCount())]


@pytest.mark.parametrize("ruleset_id", ["uwr", "tactical", "rollkeep", "hands"])
@pytest.mark.parametrize("point_size", [9, 13])
def test_columns_fit_as_wide_as_the_style_alone_makes_them(qapp, ruleset_id, point_size):
    document = _document(ruleset_id)
    model = CombatantTableModel(document.session)
    document.session.subscribe(model.apply)
    font = QFont(qapp.font())
    font.setPointSize(point_size)

    fitted = _fitted_widths(model, CombatantDelegate(), font)

    assert fitted == _fitted_widths(model, QStyledItemDelegate(), font)
    document.close()


@pytest.mark.parametrize("ruleset_id", ["uwr", "tactical", "rollkeep", "hands"])
def test_every_cell_is_given_the_room_the_style_gives_it(qapp, ruleset_id):
    document = _document(ruleset_id)
    model = CombatantTableModel(document.session)
    document.session.subscribe(model.apply)
    view = QTableView()
    view.setModel(model)
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    fast, style = CombatantDelegate(), QStyledItemDelegate()

    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            assert fast.sizeHint(option, index) == style.sizeHint(option, index), index.data()
    document.close()


def test_the_acting_row_is_measured_bold_and_the_name_with_its_swatch(qapp):
    document = _document("uwr")
    model = CombatantTableModel(document.session)
    document.session.subscribe(model.apply)
    acting = model.row_of(document.session.state.current)
    other = next(row for row in range(model.rowCount()) if row != acting)
    name = model.column_of("name")

    text, bold, with_swatch = model.index(acting, name).data(MEASURE_ROLE)
    assert (bold, with_swatch) == (True, True)
    assert text == document.session.state.combatants[document.session.state.current].name
    assert model.index(other, name).data(MEASURE_ROLE)[1:] == (False, True)
    assert model.index(other, model.column_of("side")).data(MEASURE_ROLE)[1:] == (False, False)
    assert model.index(other, model.column_of("hidden")).data(MEASURE_ROLE) is None
    document.close()


def test_the_style_measures_one_cell_per_look_not_every_cell(qapp, monkeypatch):
    document = _document("uwr")
    model = CombatantTableModel(document.session)
    document.session.subscribe(model.apply)
    measured = []
    original = QStyledItemDelegate.sizeHint

    def counting(self, option, index):
        measured.append(index.column())
        return original(self, option, index)

    monkeypatch.setattr(QStyledItemDelegate, "sizeHint", counting)
    _fitted_widths(model, CombatantDelegate(), QFont(qapp.font()))

    cells = model.rowCount() * model.columnCount()
    assert 0 < len(measured) < cells / 2
    document.close()
