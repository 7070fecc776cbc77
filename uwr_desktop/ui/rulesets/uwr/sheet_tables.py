"""The skills and weapons of a ``uwr`` sheet in the combatant editor: a table of each, with a
row per skill or weapon, Add and Remove buttons, and what the rows hold as the sheet's skills
and weapons (a weapon's governing skill follows the skill rows as they are renamed)."""

import itertools
from collections.abc import Sequence
from typing import TypeVar

import msgspec
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.limits import (
    MAX_NAME_LENGTH,
    MAX_SKILL_RANK,
    MAX_SKILL_REROLLS,
    MAX_SKILLS,
    MAX_WEAPONS,
)
from uwr_desktop.core.rulesets.uwr.sheet import Skill, Weapon, WeaponPool
from uwr_desktop.core.rulesets.uwr.upr import UprTable
from uwr_desktop.ui.icons import icon
from uwr_desktop.ui.widgets.build import table_widget
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.wheel import ChoiceBox

DEFAULT_UPR_TYPE = "Swift"
_NO_SKILL = "(no skill)"


class SheetError(ValueError):
    """The sheet in the editor is not a valid combatant; the message says why."""


def clean(text: str) -> str:
    """Text with its white space folded."""
    return " ".join(text.split())


def count_box(minimum: int, maximum: int, value: int, name: str, what: str) -> NumberBox:
    """A number box named ``name`` (tests and style sheets find it by it) saying ``what`` in
    its refusals."""
    spin = NumberBox(minimum, maximum, what=what)
    spin.setObjectName(name)
    spin.setValue(value)
    spin.setAccelerated(True)
    return spin


def _remove_button(tooltip: str) -> QToolButton:
    button = QToolButton()
    button.setIcon(icon("remove"))
    button.setToolTip(tooltip)
    button.setAutoRaise(True)
    return button


def _table_widget(name: str, headers: Sequence[str]) -> QTableWidget:
    table = table_widget(name, headers)
    table.verticalHeader().setVisible(False)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    # Tab goes through the rows' widgets and on out of the table, not from cell to cell.
    table.setTabKeyNavigation(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, len(headers)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table


ROWS_AT_LEAST = 2
"""The rows the skills and weapons tables keep in view however small the dialog: more scroll,
so that the whole dialog fits a laptop's screen."""


def _rows_high(table: QTableWidget, rows: int) -> int:
    """The height that shows ``table``'s header and ``rows`` rows."""
    header = table.horizontalHeader().sizeHint().height()
    return header + rows * table.verticalHeader().defaultSectionSize() + 2 * table.frameWidth()


def _box(title: str, table: QTableWidget, add: QPushButton) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.addWidget(table)
    line = QHBoxLayout()
    line.addWidget(add)
    line.addStretch(1)
    layout.addLayout(line)
    return box


def _add_button(text: str, name: str) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAutoDefault(False)
    return button


class SkillRow(msgspec.Struct, eq=False):
    """One skill's widgets; ``key`` stays while the skill is renamed."""

    key: int
    name: QLineEdit
    rank: NumberBox
    rerolls: NumberBox
    remove: QToolButton

    def widgets(self) -> list[QWidget]:
        """The row's widgets, in Tab order."""
        return [self.name, self.rank, self.rerolls, self.remove]


class WeaponRow(msgspec.Struct, eq=False):
    """One weapon's widgets, and the weapon it was loaded from (its fight state is kept)."""

    name: QLineEdit
    upr_type: QComboBox
    pool: QComboBox
    skill: QComboBox
    prepared: QCheckBox
    preview: QLabel
    remove: QToolButton
    original: Weapon | None = None

    def widgets(self) -> list[QWidget]:
        """The row's widgets, in Tab order."""
        return [self.name, self.upr_type, self.pool, self.skill, self.prepared, self.remove]


Row = TypeVar("Row", SkillRow, WeaponRow)


class SheetTables(QObject):
    """The skills and weapons tables of one sheet: ``changed`` whenever a row or a value in
    them changes, ``rowsChanged`` when rows come or go (the dialog's Tab order follows them)."""

    changed = Signal()
    rowsChanged = Signal()  # noqa: N815 (Qt signal naming)

    def __init__(self, table: UprTable, parent: QWidget) -> None:
        super().__init__(parent)
        self._table = table
        self._keys = itertools.count(1)
        self.skill_rows: list[SkillRow] = []
        self.weapon_rows: list[WeaponRow] = []
        self.skills = _table_widget("skillsTable", ["Skill", "Rank", "Extra rerolls", ""])
        self.add_skill = _add_button("Add s&kill", "addSkill")
        self.add_skill.clicked.connect(lambda: self.new_skill_row(focus=True))
        self.skills_box = _box("Skills", self.skills, self.add_skill)
        self.weapons = _table_widget(
            "weaponsTable",
            ["Weapon", "UPR type", "Pool", "Governing skill", "Prepared", "This round", ""],
        )
        self.add_weapon = _add_button("Add &weapon", "addWeapon")
        self.add_weapon.clicked.connect(lambda: self.new_weapon_row(focus=True))
        self.weapons_box = _box("Weapons", self.weapons, self.add_weapon)
        for shown in (self.skills, self.weapons):
            shown.setMinimumHeight(_rows_high(shown, ROWS_AT_LEAST))
        self.skills.setAccessibleName("Skills")
        self.weapons.setAccessibleName("Weapons")
        self.rowsChanged.connect(self._name_rows)

    def _name_rows(self) -> None:
        """Each row's widgets named for a screen reader by what they hold and the row's
        number, which changes as rows above are removed."""
        for number, skill_row in enumerate(self.skill_rows, start=1):
            for widget, what in zip(
                skill_row.widgets(), ("name", "rank", "extra rerolls"), strict=False
            ):
                widget.setAccessibleName(f"Skill {number} {what}")
            skill_row.remove.setAccessibleName(f"Remove skill {number}")
        for number, weapon_row in enumerate(self.weapon_rows, start=1):
            parts = ("name", "UPR type", "pool", "governing skill", "prepared")
            for widget, what in zip(weapon_row.widgets(), parts, strict=False):
                widget.setAccessibleName(f"Weapon {number} {what}")
            weapon_row.preview.setAccessibleName(f"Weapon {number} uses this round")
            weapon_row.remove.setAccessibleName(f"Remove weapon {number}")

    def tab_chain(self) -> list[QWidget]:
        """Every widget of the tables, in Tab order, each table's Add button after its rows."""
        chain: list[QWidget] = []
        for skill_row in self.skill_rows:
            chain += skill_row.widgets()
        chain.append(self.add_skill)
        for weapon_row in self.weapon_rows:
            chain += weapon_row.widgets()
        chain.append(self.add_weapon)
        return chain

    def new_skill_row(self, skill: Skill | None = None, *, focus: bool = False) -> SkillRow:
        """Add a row for ``skill`` (an empty one: a new skill)."""
        name = QLineEdit(skill.name if skill else "")
        name.setMaxLength(MAX_NAME_LENGTH)
        name.setPlaceholderText("Skill name")
        rank = count_box(
            0, MAX_SKILL_RANK, skill.rank if skill else 0, "skillRank", "A skill's rank"
        )
        rerolls = count_box(
            0, MAX_SKILL_REROLLS, skill.rerolls if skill else 0, "skillRerolls", "A skill's rerolls"
        )
        row = SkillRow(next(self._keys), name, rank, rerolls, _remove_button("Remove this skill"))
        self._place(self.skills, self.skill_rows, row, row.widgets())
        name.textChanged.connect(self._skills_changed)
        for box in (rank, rerolls):
            box.valueChanged.connect(self.changed)
            box.problemChanged.connect(self.changed)
        row.remove.clicked.connect(lambda: self._remove(self.skills, self.skill_rows, row))
        self._skills_changed()
        if focus:
            name.setFocus()
        return row

    def new_weapon_row(self, weapon: Weapon | None = None, *, focus: bool = False) -> WeaponRow:
        """Add a row for ``weapon`` (an empty one: a new weapon)."""
        name = QLineEdit(weapon.name if weapon else "")
        name.setMaxLength(MAX_NAME_LENGTH)
        name.setPlaceholderText("Weapon name")
        upr_type = ChoiceBox()
        upr_type.setObjectName("uprType")
        upr_type.addItems(list(self._table))
        wanted = weapon.upr_type if weapon else DEFAULT_UPR_TYPE
        if upr_type.findText(wanted, Qt.MatchFlag.MatchFixedString) < 0:
            upr_type.addItem(wanted)
        upr_type.setCurrentIndex(upr_type.findText(wanted, Qt.MatchFlag.MatchFixedString))
        pool = ChoiceBox()
        pool.setObjectName("pool")
        pool.addItem("Melee (Brawn)", WeaponPool.MELEE)
        pool.addItem("Ranged (Grace)", WeaponPool.RANGED)
        pool.setCurrentIndex(pool.findData(weapon.pool if weapon else WeaponPool.MELEE))
        prepared = QCheckBox()
        prepared.setObjectName("prepared")
        prepared.setChecked(weapon.prepared if weapon else True)
        prepared.setToolTip("A weapon below 1 use per round must be prepared before it is used")
        preview = QLabel()
        preview.setObjectName("usesPreview")
        skill = ChoiceBox()
        skill.setObjectName("governingSkill")
        remove = _remove_button("Remove this weapon")
        row = WeaponRow(name, upr_type, pool, skill, prepared, preview, remove, weapon)
        self._fill_skill_combo(skill, self._skill_choice(weapon.skill if weapon else ""))
        cells = [name, upr_type, pool, skill, prepared, preview, remove]
        self._place(self.weapons, self.weapon_rows, row, cells)
        name.textChanged.connect(self.changed)
        for combo in (upr_type, pool, skill):
            combo.currentIndexChanged.connect(self.changed)
        prepared.toggled.connect(self.changed)
        remove.clicked.connect(lambda: self._remove(self.weapons, self.weapon_rows, row))
        self.changed.emit()
        if focus:
            name.setFocus()
        return row

    def _place(
        self, table: QTableWidget, rows: list[Row], row: Row, cells: Sequence[QWidget]
    ) -> None:
        index = len(rows)
        rows.append(row)
        table.insertRow(index)
        for column, widget in enumerate(cells):
            table.setCellWidget(index, column, widget)
        for widget in row.widgets():
            widget.installEventFilter(self)
        self._limit_rows()
        self.rowsChanged.emit()

    def _remove(self, table: QTableWidget, rows: list[Row], row: Row) -> None:
        index = rows.index(row)
        del rows[index]
        table.removeRow(index)
        if isinstance(row, SkillRow):
            self._skills_changed()
        self._limit_rows()
        self.changed.emit()
        self.rowsChanged.emit()

    def _skill_choice(self, skill_name: str) -> int | str | None:
        """The combo data for a weapon's skill: a skill row's key, a missing name, or none."""
        if not skill_name.strip():
            return None
        key = skill_name.strip().casefold()
        for row in self.skill_rows:
            if row.name.text().strip().casefold() == key:
                return row.key
        return skill_name

    def _fill_skill_combo(self, combo: QComboBox, chosen: int | str | None) -> None:
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(_NO_SKILL, None)
        for row in self.skill_rows:
            combo.addItem(row.name.text().strip() or "(unnamed skill)", row.key)
        if isinstance(chosen, str):
            combo.addItem(f"{chosen} (not among the skills)", chosen)
        index = combo.findData(chosen)
        combo.setCurrentIndex(max(index, 0))
        combo.blockSignals(False)

    def _skills_changed(self) -> None:
        for row in self.weapon_rows:
            self._fill_skill_combo(row.skill, row.skill.currentData())
        self.changed.emit()

    def _limit_rows(self) -> None:
        """A sheet holds at most ``MAX_SKILLS`` skills and ``MAX_WEAPONS`` weapons."""
        for button, count, limit, what in (
            (self.add_skill, len(self.skill_rows), MAX_SKILLS, "skills"),
            (self.add_weapon, len(self.weapon_rows), MAX_WEAPONS, "weapons"),
        ):
            button.setEnabled(count < limit)
            button.setToolTip("" if count < limit else f"A combatant has at most {limit} {what}")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """Scroll a table so the cell being tabbed into is in view."""
        if event.type() == QEvent.Type.FocusIn and isinstance(watched, QWidget):
            cells: list[tuple[QTableWidget, int, list[QWidget]]] = [
                *((self.skills, i, row.widgets()) for i, row in enumerate(self.skill_rows)),
                *((self.weapons, i, row.widgets()) for i, row in enumerate(self.weapon_rows)),
            ]
            for table, index, widgets in cells:
                if watched in widgets:
                    table.scrollTo(table.model().index(index, 0))
        return super().eventFilter(watched, event)

    def number_boxes(self) -> list[NumberBox]:
        """The skills' number boxes, whose typed text must be valid."""
        return [box for row in self.skill_rows for box in (row.rank, row.rerolls)]

    def skills_value(self) -> tuple[Skill, ...]:
        """The skills the rows hold; ``SheetError`` for an unnamed or doubled one."""
        names = _row_names(self.skill_rows, "skill")
        return tuple(
            Skill(name, row.rank.value(), row.rerolls.value())
            for name, row in zip(names, self.skill_rows, strict=True)
        )

    def preview_skills(self) -> tuple[Skill, ...]:
        """The skills as typed so far, named or not (for the weapons' previews)."""
        return tuple(
            Skill(clean(row.name.text()) or " ", row.rank.value(), row.rerolls.value())
            for row in self.skill_rows
        )

    def weapon_from(self, row: WeaponRow, name: str) -> Weapon:
        """The weapon ``row`` holds, called ``name``."""
        choice = row.skill.currentData()
        if isinstance(choice, int):
            skill = next(clean(r.name.text()) for r in self.skill_rows if r.key == choice)
        else:
            skill = choice or ""
        base = row.original or Weapon(name=name, upr_type=DEFAULT_UPR_TYPE)
        return msgspec.structs.replace(
            base,
            name=name,
            upr_type=clean(row.upr_type.currentText()),
            pool=WeaponPool(row.pool.currentData()),
            skill=skill,
            prepared=row.prepared.isChecked(),
        )

    def weapons_value(self) -> tuple[Weapon, ...]:
        """The weapons the rows hold; ``SheetError`` for an unnamed or doubled one."""
        names = _row_names(self.weapon_rows, "weapon")
        return tuple(
            self.weapon_from(row, name) for name, row in zip(names, self.weapon_rows, strict=True)
        )


def _row_names(rows: Sequence[SkillRow | WeaponRow], what: str) -> list[str]:
    """The names typed in ``rows`` of ``what`` ("skill"); ``SheetError`` for an unnamed or a
    doubled one (names differing only in case are the same)."""
    names: list[str] = []
    seen: set[str] = set()
    for number, row in enumerate(rows, start=1):
        name = clean(row.name.text())
        if not name:
            raise SheetError(f"{what.capitalize()} {number} needs a name (or remove the row).")
        if name.casefold() in seen:
            raise SheetError(f"Two {what}s are named {name!r}; {what} names must differ.")
        seen.add(name.casefold())
        names.append(name)
    return names
