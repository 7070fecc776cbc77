"""The ``hands`` combatant dialog: name, side, hit points, the carry-over kept, the action
bonus and the weapons with their reach.

The dialog reads the sheet at every change and validates it as a file would, so OK is enabled
only while the combatant is valid; the reason it is not is shown beside the buttons.
"""

import msgspec
from msgspec.structs import replace
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QCheckBox, QHeaderView, QLineEdit, QPushButton, QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import convert
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_NAME_LENGTH, MAX_WEAPONS
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.common import Bounded
from uwr_desktop.core.rulesets.hands.rules import check_carry_plan
from uwr_desktop.core.rulesets.hands.sheet import (
    ACTION_BONUS,
    CARRY_PLAN,
    MAX_POINTS,
    REACH,
    STRENGTH_BONUS,
    HandsSheet,
    HandsWeapon,
    sheet_of,
)
from uwr_desktop.ui.rulesets.sheet_dialog import SheetDialog, run_sheet_dialog
from uwr_desktop.ui.widgets.build import buddy_label, row_of, table_widget
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem, typed_changes


def _spin(name: str, field: Bounded, value: int, *, what: str = "", below: str = "") -> NumberBox:
    """A box with ``field``'s bounds, named as the rules name it (or ``what``)."""
    spin = NumberBox(field.low, field.high, what=what or field.label, below=below)
    spin.setObjectName(name)
    spin.setValue(value)
    return spin


class HandsCombatantDialog(SheetDialog):
    """Edit (or create) a ``hands`` combatant."""

    def __init__(self, parent: QWidget | None, combatant: Combatant | None) -> None:
        super().__init__(parent, combatant)
        self.setObjectName("handsCombatantDialog")
        sheet = sheet_of(combatant) if combatant is not None else HandsSheet()
        self.strength = _spin(
            "strengthBonus",
            STRENGTH_BONUS,
            sheet.strength_bonus,
            below=": hit points are the bonus + 1, so set the maximum by hand",
        )
        self.own_maximum = QCheckBox("Set by hand")
        self.own_maximum.setObjectName("ownMaximum")
        self.own_maximum.setChecked(sheet.max_points is not None)
        self.maximum = _spin("maxPoints", MAX_POINTS, sheet.points_max)
        self.maximum.setAccessibleName("Maximum hit points")
        self.keep = _spin("carryPlan", CARRY_PLAN, sheet.carry_plan)
        self.keep.setToolTip(
            "Points kept in place as carry-over at each round start (at most half, rounded "
            "down, of the undamaged points)"
        )
        self.bonus = _spin("bonus", ACTION_BONUS, sheet.bonus)
        self.bonus.setToolTip("Bonus for the intended action: breaks ties in who declares first")
        self.weapons = table_widget(
            "weapons", ("Weapon", "Reach / range", "Missile"), accessible="Weapons"
        )
        header = self.weapons.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the name: what is left
        # The rows' fields take the focus, in the dialog's Tab order; the table itself does not.
        self.weapons.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.weapons.setTabKeyNavigation(False)
        self.add_weapon = QPushButton("Add &weapon")
        self.add_weapon.setObjectName("addWeapon")
        self.remove_weapon = QPushButton("Re&move weapon")
        self.remove_weapon.setObjectName("removeWeapon")
        self.remove_weapon.setToolTip(
            "Remove the weapon whose row was clicked or last had the keyboard (else the last)"
        )
        self._lay_out()
        for weapon in sheet.weapons:
            self._new_weapon(weapon)
        self._connect()

    def _lay_out(self) -> None:
        self.form.addRow("&Strength bonus", self.strength)
        maximum = buddy_label("Ma&ximum hit points", self.maximum)
        self.form.addRow(maximum, row_of(self.maximum, self.own_maximum))
        self.form.addRow("Carr&y-over kept", self.keep)
        self.form.addRow("&Action bonus", self.bonus)
        self.below.addWidget(self.weapons)
        self.below.addLayout(row_of(self.add_weapon, self.remove_weapon, stretch=True))

    def _connect(self) -> None:
        self.strength.valueChanged.connect(self._follow_strength)
        self.own_maximum.toggled.connect(self._follow_strength)
        self._follow_strength()
        numbers = [self.strength, self.maximum, self.keep, self.bonus]
        self.check_as_typed(self.own_maximum.toggled, *typed_changes(numbers))
        self.add_weapon.clicked.connect(lambda: self._new_weapon(None))
        self.remove_weapon.clicked.connect(self._remove_weapon)

    def _follow_strength(self) -> None:
        """The maximum is the strength bonus + 1 unless the GM sets it by hand."""
        self.maximum.setEnabled(self.own_maximum.isChecked())
        if not self.own_maximum.isChecked():
            self.maximum.blockSignals(True)
            self.maximum.setValue(self.strength.value() + 1)
            self.maximum.blockSignals(False)

    def _new_weapon(self, weapon: HandsWeapon | None) -> None:
        row = self.weapons.rowCount()
        self.weapons.insertRow(row)
        name = QLineEdit(weapon.name if weapon else f"Weapon {row + 1}")
        name.setMaxLength(MAX_NAME_LENGTH)
        reach = _spin(
            f"reach{row}",
            REACH,
            weapon.reach if weapon else 1,
            what=f"The reach of weapon {row + 1}",
        )
        missile = QCheckBox()
        missile.setChecked(weapon.missile if weapon else False)
        for column, widget in enumerate((name, reach, missile)):
            self.weapons.setCellWidget(row, column, widget)
            widget.installEventFilter(self)
        self._renumber()
        for edited in (name.textChanged, reach.valueChanged, reach.problemChanged):
            edited.connect(self.recheck)
        missile.toggled.connect(self.recheck)
        self.recheck()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """A weapon row's field taking the focus makes its row the one Remove weapon removes."""
        if event.type() == QEvent.Type.FocusIn:
            for row, fields in enumerate(self._row_widgets()):
                if watched in fields:
                    self.weapons.setCurrentCell(row, fields.index(watched))
        return super().eventFilter(watched, event)

    def _remove_weapon(self) -> None:
        row = self.weapons.currentRow()
        if row < 0:
            row = self.weapons.rowCount() - 1
        if row >= 0:
            self.weapons.removeRow(row)
        self._renumber()
        self.recheck()

    def _row_widgets(self) -> list[tuple[QWidget, ...]]:
        return [
            tuple(self.weapons.cellWidget(row, column) for column in range(3))
            for row in range(self.weapons.rowCount())
        ]

    def _renumber(self) -> None:
        """Name each weapon row's fields by the row's number, and put them in the Tab order."""
        for number, (name, reach, missile) in enumerate(self._row_widgets(), start=1):
            name.setAccessibleName(f"Weapon {number} name")
            reach.setAccessibleName(f"Weapon {number} reach or range")
            missile.setAccessibleName(f"Weapon {number} is a missile")
        self.retab()

    def sheet_tab_chain(self) -> list[QWidget]:
        """The sheet's fields, each weapon row's fields, then Add and Remove weapon."""
        chain: list[QWidget] = [self.strength, self.maximum, self.own_maximum, self.keep]
        chain.append(self.bonus)
        for fields in self._row_widgets():
            chain += fields
        return [*chain, self.add_weapon, self.remove_weapon]

    def _weapon_rows(self) -> list[dict[str, object]]:
        weapons: list[dict[str, object]] = []
        for row in range(self.weapons.rowCount()):
            name = self.weapons.cellWidget(row, 0)
            reach = self.weapons.cellWidget(row, 1)
            missile = self.weapons.cellWidget(row, 2)
            assert isinstance(name, QLineEdit)
            assert isinstance(reach, NumberBox)
            if reach.problem():
                raise ValueError(reach.problem())
            assert isinstance(missile, QCheckBox)
            weapons.append(
                {
                    "name": name.text().strip(),
                    "reach": reach.value(),
                    "missile": missile.isChecked(),
                }
            )
        return weapons

    def read_sheet(self) -> HandsSheet:
        """The sheet the form describes; ``ValueError`` says why it is not valid. An edit keeps
        the damage taken, within the new maximum."""
        boxes = [self.strength, self.keep, self.bonus]
        if self.own_maximum.isChecked():
            boxes.append(self.maximum)
        problem = first_problem(boxes)
        if problem:
            raise ValueError(problem)
        weapons = self._weapon_rows()
        if len(weapons) > MAX_WEAPONS:
            raise ValueError(f"A combatant carries at most {MAX_WEAPONS} weapons")
        old = sheet_of(self.original) if self.original is not None else HandsSheet()
        raw = {
            "ruleset": "hands",
            "strength_bonus": self.strength.value(),
            "max_points": self.maximum.value() if self.own_maximum.isChecked() else None,
            "carry_plan": self.keep.value(),
            "bonus": self.bonus.value(),
            "weapons": weapons,
        }
        try:
            sheet: HandsSheet = convert(raw, HandsSheet)
        except (msgspec.ValidationError, ValueError) as error:
            raise ValueError(f"Weapons: {error}") from None
        if sheet.damage > sheet.points_max:
            raise ValueError("Damage is above the maximum hit points")
        if self.original is not None:
            sheet = replace(sheet, damage=min(old.damage, sheet.points_max))
        if self.original is None or sheet.carry_plan != old.carry_plan:
            try:
                check_carry_plan(clean_name(self.name.text()), sheet)
            except RulesError as error:
                raise ValueError(str(error)) from None
        return sheet


def edit_combatant(
    parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
) -> Combatant | None:
    """Run the dialog modally; the combatant, or ``None`` when cancelled."""
    return run_sheet_dialog(HandsCombatantDialog(parent, combatant))
