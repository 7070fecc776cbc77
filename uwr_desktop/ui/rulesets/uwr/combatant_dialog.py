"""The combatant editor: a whole sheet (attributes, health, skills, weapons) in one dialog.

The dialog builds the :class:`~uwr_desktop.core.encounter.Combatant` on every change and
validates it exactly as a file or the library would, so OK is enabled only while the sheet is
valid; the reason it is not is shown above the buttons. Each weapon shows its Uses Per Round this
round as the rules core computes it from the current pool.
"""

import itertools
import uuid
from collections.abc import Sequence
from fractions import Fraction

import msgspec
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import ENCODER, dec_hook
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import (
    MAX_COUNT,
    MAX_NAME_LENGTH,
    MAX_SKILL_RANK,
    MAX_SKILL_REROLLS,
    MAX_SKILLS,
    MAX_TEXT_LENGTH,
    MAX_WEAPONS,
)
from uwr_desktop.core.record_check import readable
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings, upr_table, weapon_uses
from uwr_desktop.core.rulesets.uwr.sheet import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_NAMES,
    Attributes,
    Skill,
    UwrSheet,
    Weapon,
    WeaponPool,
    sheet_of,
)
from uwr_desktop.core.rulesets.uwr.upr import (
    UprTable,
    default_upr_table,
    format_upr,
    preparation_rounds,
)
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.icons import icon
from uwr_desktop.ui.widgets.number_box import DecimalBox, NumberBox, first_problem
from uwr_desktop.ui.widgets.swatch import side_swatch

NAME_LIMIT = MAX_NAME_LENGTH
"""Longest name the core accepts for a combatant, skill or weapon."""

NOTES_LIMIT = MAX_TEXT_LENGTH
"""Longest notes the core accepts."""

HEALTH_LIMIT = MAX_COUNT
"""Highest Vitality or Stamina the core accepts."""

_DEFAULT_UPR_TYPE = "Swift"
_NO_SKILL = "(no skill)"


class SheetError(ValueError):
    """The sheet in the editor is not a valid combatant; the message says why."""


def side_label(side: Side) -> str:
    """The side's name as shown to the GM: ``"Enemy"``."""
    return side.value.capitalize()


def ruleset_upr_table(ruleset: Ruleset) -> UprTable:
    """The UPR types a ruleset's weapons may use: the shipped table plus the fight's extras."""
    settings = ruleset.settings
    return upr_table(settings) if isinstance(settings, UwrSettings) else default_upr_table()


def uses_preview(combatant: Combatant, weapon: Weapon, table: UprTable) -> str:
    """How the GM reads a weapon's uses this round: ``"3 uses"``, ``"0.5 · 1 round to prepare"``.

    Computed by the rules core from the combatant's current pool; an unusable weapon says so.
    """
    try:
        value, uses = weapon_uses(combatant, weapon, table)
    except RulesError as error:
        return str(error).removeprefix(f"{combatant.name}'s {weapon.name}: ")
    if value >= 1:
        return f"{uses} use" if uses == 1 else f"{uses} uses"
    if value == 0:
        return "cannot be used"
    if weapon.prepared:
        return f"{format_upr(value)} · prepared: 1 use"
    rounds = preparation_rounds(value)
    return f"{format_upr(value)} · {rounds} round{'s' if rounds > 1 else ''} to prepare"


def _clean(text: str) -> str:
    return " ".join(text.split())


_WHAT = {
    "vitalityMax": "Maximum Vitality",
    "vitality": "Vitality",
    "staminaMax": "Maximum Stamina",
    "stamina": "Stamina",
    "skillRank": "A skill's rank",
    "skillRerolls": "A skill's rerolls",
}


def _spin(minimum: int, maximum: int, value: int, name: str) -> NumberBox:
    spin = NumberBox(minimum, maximum, what=_WHAT[name])
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


class _SkillRow(msgspec.Struct, eq=False):
    key: int
    name: QLineEdit
    rank: NumberBox
    rerolls: NumberBox
    remove: QToolButton

    def widgets(self) -> list[QWidget]:
        return [self.name, self.rank, self.rerolls, self.remove]


class _WeaponRow(msgspec.Struct, eq=False):
    name: QLineEdit
    upr_type: QComboBox
    pool: QComboBox
    skill: QComboBox
    prepared: QCheckBox
    preview: QLabel
    remove: QToolButton
    original: Weapon | None = None

    def widgets(self) -> list[QWidget]:
        return [self.name, self.upr_type, self.pool, self.skill, self.prepared, self.remove]


class CombatantDialog(QDialog):
    """Create a combatant or edit one; :meth:`combatant` gives the result after ``accept()``.

    Editing keeps the combatant's id and its fight state (conditions, initiative, each
    weapon's uses); a new combatant gets a fresh id.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        combatant: Combatant | None = None,
        *,
        parent: QWidget | None = None,
    ) -> None:
        """Open the editor on ``combatant``, or on a new enemy with every attribute at 2."""
        super().__init__(parent)
        self.setObjectName("combatantDialog")
        self._original = combatant
        self._new_id = uuid.uuid4().hex
        self._table = ruleset_upr_table(ruleset)
        self._keys = itertools.count(1)
        self._skill_rows: list[_SkillRow] = []
        self._weapon_rows: list[_WeaponRow] = []
        self._loading = True
        self.setWindowTitle("New combatant" if combatant is None else f"Edit {combatant.name}")
        self.setMinimumSize(780, 720)

        self._build_sheet()
        self._build_tables()
        self._notes = QPlainTextEdit()
        self._notes.setObjectName("notes")
        self._notes.setTabChangesFocus(True)
        self._notes.setPlaceholderText("Notes for the GM")
        self._notes.setMaximumHeight(64)
        self._problem = QLabel()
        self._problem.setObjectName("problemLabel")
        self._problem.setWordWrap(True)
        self._problem.setStyleSheet("color: #c0392b;")
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        self._ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        self._ok.setDefault(True)

        layout = QVBoxLayout(self)
        layout.addWidget(self._sheet_box)
        layout.addWidget(self._skills_box, 2)
        layout.addWidget(self._weapons_box, 3)
        self._skills.setMinimumHeight(110)
        self._weapons.setMinimumHeight(150)
        layout.addWidget(QLabel("Notes"))
        layout.addWidget(self._notes)
        layout.addWidget(self._problem)
        layout.addWidget(self._buttons)

        self._load(combatant)
        self._loading = False
        self._refresh()
        self._name.setFocus()

    # Building the widgets

    def _build_sheet(self) -> None:
        self._name = QLineEdit()
        self._name.setObjectName("name")
        self._name.setMaxLength(NAME_LIMIT)
        self._name.setPlaceholderText("Name")
        self._side = QComboBox()
        self._side.setObjectName("side")
        for side in Side:
            self._side.addItem(side_swatch(side), side_label(side), side)
        self._hidden = QCheckBox("Hidden from players")
        self._hidden.setObjectName("hidden")
        self._attributes: dict[str, DecimalBox] = {}
        for attribute in ATTRIBUTE_NAMES:
            spin = DecimalBox(0, ATTRIBUTE_MAX, what=attribute.capitalize())
            spin.setObjectName(attribute)
            spin.setSingleStep(0.5)
            spin.setDecimals(1)
            self._attributes[attribute] = spin
        self._vitality_max = _spin(0, HEALTH_LIMIT, 10, "vitalityMax")
        self._vitality = _spin(0, HEALTH_LIMIT, 10, "vitality")
        self._stamina_max = _spin(0, HEALTH_LIMIT, 3, "staminaMax")
        self._stamina = _spin(0, HEALTH_LIMIT, 3, "stamina")
        self._follow_maximum(self._vitality_max, self._vitality)
        self._follow_maximum(self._stamina_max, self._stamina)

        self._sheet_box = QGroupBox("Sheet")
        grid = QGridLayout(self._sheet_box)
        top = QFormLayout()
        top.addRow("&Name", self._name)
        side_line = QHBoxLayout()
        side_line.addWidget(self._side)
        side_line.addWidget(self._hidden)
        side_line.addStretch(1)
        side_label_widget = QLabel("&Side")
        side_label_widget.setBuddy(self._side)
        top.addRow(side_label_widget, side_line)
        grid.addLayout(top, 0, 0, 1, 8)
        for column, (attribute, spin) in enumerate(self._attributes.items()):
            label = QLabel(f"&{attribute.capitalize()}")
            label.setBuddy(spin)
            grid.addWidget(label, 1, column * 2)
            grid.addWidget(spin, 1, column * 2 + 1)
        health = (
            ("&Vitality", self._vitality, self._vitality_max),
            ("S&tamina", self._stamina, self._stamina_max),
        )
        for row, (text, current, maximum) in enumerate(health, start=2):
            label = QLabel(text)
            label.setBuddy(current)
            grid.addWidget(label, row, 0)
            grid.addWidget(current, row, 1)
            grid.addWidget(QLabel("of"), row, 2, Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(maximum, row, 3)

    def _follow_maximum(self, maximum: NumberBox, current: NumberBox) -> None:
        """Keep a full current value full when its maximum changes."""
        previous = [maximum.value()]

        def changed(value: int) -> None:
            if current.value() == previous[0]:
                current.setValue(value)
            previous[0] = value

        maximum.valueChanged.connect(changed)

    def _build_tables(self) -> None:
        self._skills = self._table_widget("skillsTable", ["Skill", "Rank", "Extra rerolls", ""])
        self._add_skill = QPushButton("Add s&kill")
        self._add_skill.setObjectName("addSkill")
        self._add_skill.setAutoDefault(False)
        self._add_skill.clicked.connect(lambda: self._new_skill_row(focus=True))
        self._skills_box = self._box("Skills", self._skills, self._add_skill)

        self._weapons = self._table_widget(
            "weaponsTable",
            ["Weapon", "UPR type", "Pool", "Governing skill", "Prepared", "This round", ""],
        )
        self._add_weapon = QPushButton("Add &weapon")
        self._add_weapon.setObjectName("addWeapon")
        self._add_weapon.setAutoDefault(False)
        self._add_weapon.clicked.connect(lambda: self._new_weapon_row(focus=True))
        self._weapons_box = self._box("Weapons", self._weapons, self._add_weapon)

    def _table_widget(self, name: str, headers: Sequence[str]) -> QTableWidget:
        table = QTableWidget(0, len(headers))
        table.setObjectName(name)
        table.setHorizontalHeaderLabels(list(headers))
        table.verticalHeader().setVisible(False)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(headers)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        return table

    def _box(self, title: str, table: QTableWidget, add: QPushButton) -> QGroupBox:
        box = QGroupBox(title)
        layout = QVBoxLayout(box)
        layout.addWidget(table)
        line = QHBoxLayout()
        line.addWidget(add)
        line.addStretch(1)
        layout.addLayout(line)
        return box

    # Rows

    def _new_skill_row(self, skill: Skill | None = None, *, focus: bool = False) -> _SkillRow:
        name = QLineEdit(skill.name if skill else "")
        name.setMaxLength(NAME_LIMIT)
        name.setPlaceholderText("Skill name")
        row = _SkillRow(
            key=next(self._keys),
            name=name,
            rank=_spin(0, MAX_SKILL_RANK, skill.rank if skill else 0, "skillRank"),
            rerolls=_spin(0, MAX_SKILL_REROLLS, skill.rerolls if skill else 0, "skillRerolls"),
            remove=_remove_button("Remove this skill"),
        )
        index = len(self._skill_rows)
        self._skill_rows.append(row)
        self._skills.insertRow(index)
        for column, widget in enumerate(row.widgets()):
            self._skills.setCellWidget(index, column, widget)
        name.textChanged.connect(self._skills_changed)
        row.rank.valueChanged.connect(self._refresh)
        row.rerolls.valueChanged.connect(self._refresh)
        row.rank.problemChanged.connect(self._refresh)
        row.rerolls.problemChanged.connect(self._refresh)
        row.remove.clicked.connect(lambda: self._remove_skill_row(row))
        self._watch(row.widgets())
        self._skills_changed()
        self._limit_rows()
        if focus:
            name.setFocus()
        return row

    def _new_weapon_row(self, weapon: Weapon | None = None, *, focus: bool = False) -> _WeaponRow:
        name = QLineEdit(weapon.name if weapon else "")
        name.setMaxLength(NAME_LIMIT)
        name.setPlaceholderText("Weapon name")
        upr_type = QComboBox()
        upr_type.setObjectName("uprType")
        upr_type.addItems(list(self._table))
        wanted = weapon.upr_type if weapon else _DEFAULT_UPR_TYPE
        if upr_type.findText(wanted, Qt.MatchFlag.MatchFixedString) < 0:
            upr_type.addItem(wanted)
        upr_type.setCurrentIndex(upr_type.findText(wanted, Qt.MatchFlag.MatchFixedString))
        pool = QComboBox()
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
        skill = QComboBox()
        skill.setObjectName("governingSkill")
        row = _WeaponRow(
            name=name,
            upr_type=upr_type,
            pool=pool,
            skill=skill,
            prepared=prepared,
            preview=preview,
            remove=_remove_button("Remove this weapon"),
            original=weapon,
        )
        self._fill_skill_combo(skill, self._skill_choice(weapon.skill if weapon else ""))
        index = len(self._weapon_rows)
        self._weapon_rows.append(row)
        self._weapons.insertRow(index)
        cells = [name, upr_type, pool, skill, prepared, preview, row.remove]
        for column, widget in enumerate(cells):
            self._weapons.setCellWidget(index, column, widget)
        name.textChanged.connect(self._refresh)
        upr_type.currentIndexChanged.connect(self._refresh)
        pool.currentIndexChanged.connect(self._refresh)
        skill.currentIndexChanged.connect(self._refresh)
        prepared.toggled.connect(self._refresh)
        row.remove.clicked.connect(lambda: self._remove_weapon_row(row))
        self._watch(row.widgets())
        self._refresh()
        self._limit_rows()
        if focus:
            name.setFocus()
        return row

    def _remove_skill_row(self, row: _SkillRow) -> None:
        index = self._skill_rows.index(row)
        del self._skill_rows[index]
        self._skills.removeRow(index)
        self._skills_changed()
        self._limit_rows()

    def _remove_weapon_row(self, row: _WeaponRow) -> None:
        index = self._weapon_rows.index(row)
        del self._weapon_rows[index]
        self._weapons.removeRow(index)
        self._refresh()
        self._limit_rows()

    def _skill_choice(self, skill_name: str) -> int | str | None:
        """The combo data for a weapon's skill: a skill row's key, a missing name, or none."""
        if not skill_name.strip():
            return None
        key = skill_name.strip().casefold()
        for row in self._skill_rows:
            if row.name.text().strip().casefold() == key:
                return row.key
        return skill_name

    def _fill_skill_combo(self, combo: QComboBox, chosen: int | str | None) -> None:
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(_NO_SKILL, None)
        for row in self._skill_rows:
            combo.addItem(row.name.text().strip() or "(unnamed skill)", row.key)
        if isinstance(chosen, str):
            combo.addItem(f"{chosen} (not among the skills)", chosen)
        index = combo.findData(chosen)
        combo.setCurrentIndex(max(index, 0))
        combo.blockSignals(False)

    def _skills_changed(self) -> None:
        for row in self._weapon_rows:
            self._fill_skill_combo(row.skill, row.skill.currentData())
        self._refresh()

    def _limit_rows(self) -> None:
        """A sheet holds at most ``MAX_SKILLS`` skills and ``MAX_WEAPONS`` weapons."""
        for button, count, limit, what in (
            (self._add_skill, len(self._skill_rows), MAX_SKILLS, "skills"),
            (self._add_weapon, len(self._weapon_rows), MAX_WEAPONS, "weapons"),
        ):
            button.setEnabled(count < limit)
            button.setToolTip("" if count < limit else f"A combatant has at most {limit} {what}")

    def _watch(self, widgets: Sequence[QWidget]) -> None:
        for widget in widgets:
            widget.installEventFilter(self)
        self._fix_tab_order()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """Scroll a table so the cell being tabbed into is in view."""
        if event.type() == QEvent.Type.FocusIn and isinstance(watched, QWidget):
            cells: list[tuple[QTableWidget, int, list[QWidget]]] = [
                *((self._skills, i, row.widgets()) for i, row in enumerate(self._skill_rows)),
                *((self._weapons, i, row.widgets()) for i, row in enumerate(self._weapon_rows)),
            ]
            for table, index, widgets in cells:
                if watched in widgets:
                    table.scrollTo(table.model().index(index, 0))
        return super().eventFilter(watched, event)

    def _fix_tab_order(self) -> None:
        chain: list[QWidget] = [
            self._name,
            self._side,
            self._hidden,
            *self._attributes.values(),
            self._vitality,
            self._vitality_max,
            self._stamina,
            self._stamina_max,
        ]
        for skill_row in self._skill_rows:
            chain += skill_row.widgets()
        chain.append(self._add_skill)
        for weapon_row in self._weapon_rows:
            chain += weapon_row.widgets()
        chain += [self._add_weapon, self._notes, self._buttons]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    # Loading and building the combatant

    def _load(self, combatant: Combatant | None) -> None:
        shown = (
            combatant
            if combatant is not None
            else Combatant(id=self._new_id, name="New combatant", sheet=UwrSheet())
        )
        self._name.setText(combatant.name if combatant else "")
        self._side.setCurrentIndex(self._side.findData(shown.side))
        self._hidden.setChecked(shown.hidden)
        for attribute, spin in self._attributes.items():
            spin.setValue(float(getattr(sheet_of(shown).attributes, attribute)))
        self._vitality_max.setValue(sheet_of(shown).vitality_max)
        self._vitality.setValue(sheet_of(shown).vitality)
        self._stamina_max.setValue(sheet_of(shown).stamina_max)
        self._stamina.setValue(sheet_of(shown).stamina)
        self._notes.setPlainText(shown.notes)
        for skill in sheet_of(shown).skills:
            self._new_skill_row(skill)
        for weapon in sheet_of(shown).weapons:
            self._new_weapon_row(weapon)
        self._name.textChanged.connect(self._refresh)
        self._notes.textChanged.connect(self._refresh)
        self._side.currentIndexChanged.connect(self._refresh)
        self._hidden.toggled.connect(self._refresh)
        for spin in self._attributes.values():
            spin.valueChanged.connect(self._refresh)
            spin.problemChanged.connect(self._refresh)
        for count in (self._vitality_max, self._vitality, self._stamina_max, self._stamina):
            count.valueChanged.connect(self._refresh)
            count.problemChanged.connect(self._refresh)
        self._fix_tab_order()

    def _attributes_value(self) -> Attributes:
        values: dict[str, Fraction] = {}
        for attribute, spin in self._attributes.items():
            value = Fraction(str(round(spin.value(), 1)))
            if (value * 2).denominator != 1:
                raise SheetError(
                    f"{attribute.capitalize()} must be in steps of 0.5, got {float(value)}."
                )
            values[attribute] = value
        try:
            return Attributes(**values)
        except ValueError as error:
            raise SheetError(str(error)) from None

    def _skills_value(self) -> tuple[Skill, ...]:
        skills: list[Skill] = []
        seen: set[str] = set()
        for number, row in enumerate(self._skill_rows, start=1):
            name = _clean(row.name.text())
            if not name:
                raise SheetError(f"Skill {number} needs a name (or remove the row).")
            if name.casefold() in seen:
                raise SheetError(f"Two skills are named {name!r}; skill names must differ.")
            seen.add(name.casefold())
            skills.append(Skill(name, row.rank.value(), row.rerolls.value()))
        return tuple(skills)

    def _weapon_from(self, row: _WeaponRow, name: str) -> Weapon:
        choice = row.skill.currentData()
        if isinstance(choice, int):
            skill = next(_clean(r.name.text()) for r in self._skill_rows if r.key == choice)
        else:
            skill = choice or ""
        base = row.original or Weapon(name=name, upr_type=_DEFAULT_UPR_TYPE)
        return msgspec.structs.replace(
            base,
            name=name,
            upr_type=_clean(row.upr_type.currentText()),
            pool=WeaponPool(row.pool.currentData()),
            skill=skill,
            prepared=row.prepared.isChecked(),
        )

    def _weapon_value(self, number: int, row: _WeaponRow) -> Weapon:
        name = _clean(row.name.text())
        if not name:
            raise SheetError(f"Weapon {number} needs a name (or remove the row).")
        return self._weapon_from(row, name)

    def _weapons_value(self) -> tuple[Weapon, ...]:
        weapons: list[Weapon] = []
        seen: set[str] = set()
        for number, row in enumerate(self._weapon_rows, start=1):
            weapon = self._weapon_value(number, row)
            if weapon.name.casefold() in seen:
                raise SheetError(
                    f"Two weapons are named {weapon.name!r}; weapon names must differ."
                )
            seen.add(weapon.name.casefold())
            weapons.append(weapon)
        return tuple(weapons)

    def _typed_problem(self) -> str:
        boxes: list[NumberBox | DecimalBox] = [
            *self._attributes.values(),
            self._vitality,
            self._vitality_max,
            self._stamina,
            self._stamina_max,
        ]
        for row in self._skill_rows:
            boxes.extend((row.rank, row.rerolls))
        return first_problem(boxes)

    def _build(self) -> Combatant:
        typed = self._typed_problem()
        if typed:
            raise SheetError(typed)
        name = _clean(self._name.text())
        if not name:
            raise SheetError("The combatant needs a name.")
        notes = self._notes.toPlainText()
        if len(notes) > NOTES_LIMIT:
            raise SheetError(
                f"The notes are {len(notes)} characters long; at most {NOTES_LIMIT} fit."
            )
        base = self._original or Combatant(id=self._new_id, name=name, sheet=UwrSheet())
        try:
            sheet = msgspec.structs.replace(
                sheet_of(base),
                attributes=self._attributes_value(),
                skills=self._skills_value(),
                weapons=self._weapons_value(),
                vitality=self._vitality.value(),
                vitality_max=self._vitality_max.value(),
                stamina=self._stamina.value(),
                stamina_max=self._stamina_max.value(),
            )
            built = msgspec.structs.replace(
                base,
                name=name,
                side=Side(self._side.currentData()),
                sheet=sheet,
                hidden=self._hidden.isChecked(),
                notes=notes,
            )
            for weapon in sheet_of(built).weapons:
                weapon_uses(built, weapon, self._table)
        except (RulesError, ValueError) as error:
            raise SheetError(f"{error}.") from None
        try:
            return msgspec.json.decode(ENCODER.encode(built), type=Combatant, dec_hook=dec_hook)
        except msgspec.ValidationError as error:
            raise SheetError(f"Not a valid combatant: {readable(error)}.") from None
        except (msgspec.EncodeError, UnicodeEncodeError) as error:
            raise SheetError(f"Not a valid combatant: {error}") from None

    def _preview_combatant(self) -> Combatant | None:
        """The sheet's pool, for the previews, even while other fields are invalid."""
        try:
            attributes = self._attributes_value()
        except SheetError:
            return None
        skills = tuple(
            Skill(_clean(row.name.text()) or " ", row.rank.value(), row.rerolls.value())
            for row in self._skill_rows
        )
        return Combatant(
            id="preview", name="preview", sheet=UwrSheet(attributes=attributes, skills=skills)
        )

    def _refresh(self) -> None:
        if self._loading:
            return
        pool_owner = self._preview_combatant()
        for row in self._weapon_rows:
            if pool_owner is None:
                row.preview.setText("—")
                continue
            weapon = self._weapon_from(row, _clean(row.name.text()) or "?")
            text = uses_preview(pool_owner, weapon, self._table)
            if weapon.type_override:
                text += f" (overridden for this fight: {weapon.type_override})"
            row.preview.setText(text)
        try:
            self._build()
        except SheetError as problem:
            self._problem.setText(str(problem))
            self._problem.show()
            self._ok.setEnabled(False)
            self._ok.setToolTip(str(problem))
        else:
            self._problem.clear()
            self._problem.hide()
            self._ok.setEnabled(True)
            self._ok.setToolTip("")

    # Public API

    def problem(self) -> str | None:
        """Why the sheet cannot be accepted now, or ``None`` when it is valid."""
        try:
            self._build()
        except SheetError as problem:
            return str(problem)
        return None

    def combatant(self) -> Combatant:
        """The combatant as edited; ``SheetError`` (a ``ValueError``) if the sheet is invalid."""
        return self._build()

    def accept(self) -> None:
        """Close with OK, only while the sheet is valid."""
        if self.problem() is None:
            super().accept()


def edit_combatant(
    parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
) -> Combatant | None:
    """Run the editor modally; the edited (or new) combatant, or ``None`` when cancelled."""
    dialog = CombatantDialog(ruleset, combatant, parent=parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.combatant()
    finally:
        dialog.deleteLater()
