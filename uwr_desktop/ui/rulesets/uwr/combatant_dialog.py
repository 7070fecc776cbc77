"""The combatant editor: a whole sheet (attributes, health, skills, weapons) in one dialog.

The dialog builds the :class:`~uwr_desktop.core.encounter.Combatant` on every change and
validates it exactly as a file or the library would, so OK is enabled only while the sheet is
valid; the reason it is not is shown beside the buttons. Each weapon shows its Uses Per Round this
round as the rules core computes it from the current pool.
"""

from fractions import Fraction

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.common import Bounded
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings, upr_table, weapon_uses
from uwr_desktop.core.rulesets.uwr.sheet import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_NAMES,
    STAMINA,
    STAMINA_MAX,
    VITALITY,
    VITALITY_MAX,
    Attributes,
    UwrSheet,
    Weapon,
    sheet_of,
)
from uwr_desktop.core.rulesets.uwr.upr import (
    UprTable,
    default_upr_table,
    format_upr,
    preparation_rounds,
)
from uwr_desktop.ui.rulesets.sheet_dialog import SheetDialog, run_sheet_dialog
from uwr_desktop.ui.rulesets.uwr.sheet_tables import SheetError, SheetTables, clean, count_box
from uwr_desktop.ui.widgets import dialog_parts
from uwr_desktop.ui.widgets.build import buddy_label
from uwr_desktop.ui.widgets.number_box import (
    DecimalBox,
    NumberBox,
    first_problem,
    typed_changes,
)
from uwr_desktop.ui.widgets.screen_room import screen_room

WEAPON_NAME_CHARS = 14
"""The room a weapon's name keeps beside the weapons table's choices, in average characters."""


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


def _health_box(field: Bounded, value: int, name: str) -> NumberBox:
    box = count_box(field.low, field.high, value, name, field.label)
    box.setAccessibleName(field.label)
    return box


class CombatantDialog(SheetDialog):
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
        super().__init__(parent, combatant)
        self.setObjectName("combatantDialog")
        self._table = ruleset_upr_table(ruleset)
        self._tables = SheetTables(self._table, self)
        self._loading = True
        self.setMinimumWidth(780)
        self.name.setPlaceholderText("Name")
        self._build_sheet()
        self.below.addWidget(self._tables.skills_box, 2)
        self.below.addWidget(self._tables.weapons_box, 3)
        self._load(sheet_of(combatant) if combatant is not None else UwrSheet())
        self._loading = False
        self.check_as_typed()
        self._refresh()
        self.name.setFocus()

    # Building the widgets

    def _build_sheet(self) -> None:
        self._attributes: dict[str, DecimalBox] = {}
        for attribute in ATTRIBUTE_NAMES:
            spin = DecimalBox(0, ATTRIBUTE_MAX, what=attribute.capitalize())
            spin.setObjectName(attribute)
            spin.setSingleStep(0.5)
            spin.setDecimals(1)
            self._attributes[attribute] = spin
        self._vitality_max = _health_box(VITALITY_MAX, 10, "vitalityMax")
        self._vitality = _health_box(VITALITY, 10, "vitality")
        self._stamina_max = _health_box(STAMINA_MAX, 3, "staminaMax")
        self._stamina = _health_box(STAMINA, 3, "stamina")
        self._follow_maximum(self._vitality_max, self._vitality)
        self._follow_maximum(self._stamina_max, self._stamina)

        grid = QGridLayout()
        for column, (attribute, spin) in enumerate(self._attributes.items()):
            grid.addWidget(buddy_label(f"&{attribute.capitalize()}", spin), 0, column * 2)
            grid.addWidget(spin, 0, column * 2 + 1)
        health = (
            ("&Vitality", self._vitality, self._vitality_max),
            ("S&tamina", self._stamina, self._stamina_max),
        )
        for row, (text, current, maximum) in enumerate(health, start=1):
            grid.addWidget(buddy_label(text, current), row, 0)
            grid.addWidget(current, row, 1)
            grid.addWidget(QLabel("of"), row, 2, Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(maximum, row, 3)
        self.form.addRow(grid)

    def _follow_maximum(self, maximum: NumberBox, current: NumberBox) -> None:
        """Keep a full current value full when its maximum changes."""
        previous = [maximum.value()]

        def changed(value: int) -> None:
            if current.value() == previous[0]:
                current.setValue(value)
            previous[0] = value

        maximum.valueChanged.connect(changed)

    def sheet_tab_chain(self) -> list[QWidget]:
        """The attributes, the health boxes, then the skills' and weapons' rows."""
        health = [self._vitality, self._vitality_max, self._stamina, self._stamina_max]
        return [*self._attributes.values(), *health, *self._tables.tab_chain()]

    def _load(self, sheet: UwrSheet) -> None:
        for attribute, spin in self._attributes.items():
            spin.setValue(float(getattr(sheet.attributes, attribute)))
        self._vitality_max.setValue(sheet.vitality_max)
        self._vitality.setValue(sheet.vitality)
        self._stamina_max.setValue(sheet.stamina_max)
        self._stamina.setValue(sheet.stamina)
        for skill in sheet.skills:
            self._tables.new_skill_row(skill)
        for weapon in sheet.weapons:
            self._tables.new_weapon_row(weapon)
        self._tables.rowsChanged.connect(self.retab)
        self._tables.rowsChanged.connect(self._keep_weapon_names_readable)
        counts = (self._vitality_max, self._vitality, self._stamina_max, self._stamina)
        boxes: list[DecimalBox | NumberBox] = [*self._attributes.values(), *counts]
        for edited in (self._tables.changed, *typed_changes(boxes)):
            edited.connect(self._refresh)

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

    def _typed_problem(self) -> str:
        boxes: list[NumberBox | DecimalBox] = [
            *self._attributes.values(),
            self._vitality,
            self._vitality_max,
            self._stamina,
            self._stamina_max,
            *self._tables.number_boxes(),
        ]
        return first_problem(boxes)

    def read_sheet(self) -> UwrSheet:
        """The sheet as typed, each weapon usable by the rules (``SheetError`` says why not)."""
        typed = self._typed_problem()
        if typed:
            raise SheetError(typed)
        base = sheet_of(self.original) if self.original is not None else UwrSheet()
        try:
            sheet = msgspec.structs.replace(
                base,
                attributes=self._attributes_value(),
                skills=self._tables.skills_value(),
                weapons=self._tables.weapons_value(),
                vitality=self._vitality.value(),
                vitality_max=self._vitality_max.value(),
                stamina=self._stamina.value(),
                stamina_max=self._stamina_max.value(),
            )
            holder = Combatant(id="checked", name=clean_name(self.name.text()), sheet=sheet)
            for weapon in sheet.weapons:
                weapon_uses(holder, weapon, self._table)
        except (RulesError, ValueError) as error:
            raise SheetError(f"{error}.") from None
        return sheet

    def _preview_combatant(self) -> Combatant | None:
        """The sheet's pool, for the previews, even while other fields are invalid."""
        try:
            attributes = self._attributes_value()
        except SheetError:
            return None
        skills = self._tables.preview_skills()
        return Combatant(
            id="preview", name="preview", sheet=UwrSheet(attributes=attributes, skills=skills)
        )

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        """Open wide enough for the weapons' names, now that the choices have their size,
        still centred on the window."""
        super().showEvent(event)
        self._keep_weapon_names_readable(showing=True)

    def _keep_weapon_names_readable(self, *, showing: bool = False) -> None:
        """Widen the dialog until the weapons table's name column, which takes what the
        others leave as wide as their contents, keeps room for a name (as far as the screen
        allows)."""
        if not self.isVisible():
            return
        table = self._tables.weapons
        header = table.horizontalHeader()
        others = sum(
            max(header.sectionSizeHint(column), table.sizeHintForColumn(column))
            for column in range(1, table.columnCount())
        )
        name = WEAPON_NAME_CHARS * table.fontMetrics().averageCharWidth()
        around = self.width() - table.viewport().width()
        wanted = min(others + name + around, screen_room(self).width())
        if wanted > self.minimumWidth():
            if showing:
                dialog_parts.widen_about_centre(self, wanted)
            self.setMinimumWidth(wanted)

    def _refresh(self) -> None:
        if self._loading:
            return
        pool_owner = self._preview_combatant()
        for row in self._tables.weapon_rows:
            if pool_owner is None:
                row.preview.setText("—")
                continue
            weapon = self._tables.weapon_from(row, clean(row.name.text()) or "?")
            text = uses_preview(pool_owner, weapon, self._table)
            if weapon.type_override:
                text += f" (overridden for this fight: {weapon.type_override})"
            row.preview.setText(text)
        self._keep_weapon_names_readable()
        self.recheck()


def edit_combatant(
    parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
) -> Combatant | None:
    """Run the editor modally; the edited (or new) combatant, or ``None`` when cancelled."""
    return run_sheet_dialog(CombatantDialog(ruleset, combatant, parent=parent))
