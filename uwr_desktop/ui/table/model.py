"""The combatant table: a Qt item model over the encounter session.

One row per combatant in turn order, one column per column the ruleset declares, and a
"This round" column (right after the name) showing the resources the ruleset names for each
combatant (label and current/maximum; how the GM reads each in the tooltip). The model never
edits state: ``setData`` builds the ruleset's edit intent and hands it to the session, and a
refusal is reported with ``editRefused(message)``. Session changes become precise signals:
``dataChanged`` for each run of neighbouring cells that changed, row inserts and removals for
combatants joining and leaving, and a layout change (persistent indexes kept) when the turn
order moves.
"""

from collections.abc import Iterable, Sequence
from fractions import Fraction

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QIcon, QPixmap

from uwr_desktop.core.bounds_text import out_of_bounds
from uwr_desktop.core.condition_text import condition_chip, condition_text
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.base import CellValue, Column, ColumnKind, Resource, Ruleset
from uwr_desktop.core.session import Change, Session
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.table.health_column import HEALTH, health_now, health_text, measures_health
from uwr_desktop.ui.theme import Scheme, active_scheme, side_color, theme_colors

_ROLE = Qt.ItemDataRole
COMBATANT_ID_ROLE = int(_ROLE.UserRole) + 1
"""Data role giving the row's combatant id (any column)."""
SIDE_ROLE = int(_ROLE.UserRole) + 2
"""Data role giving the row's side as its value, ``"player"`` (any column); ``Side(value)``."""
HIDDEN_ROLE = int(_ROLE.UserRole) + 3
"""Data role telling whether the combatant is hidden from the players (any column)."""
NAME_ROLE = int(_ROLE.UserRole) + 4
"""Data role giving the combatant's name (any column)."""
COLUMN_ROLE = int(_ROLE.UserRole) + 5
"""Data role giving the cell's :class:`Column` (kind, bounds, choices) for editors, with the
bounds the ruleset sets for that combatant's cell."""
SORT_ROLE = int(_ROLE.UserRole) + 6
"""Data role giving the cell's raw value (numbers stay numbers) for sorting."""
CHIPS_ROLE = int(_ROLE.UserRole) + 8
"""Data role giving the words of a chip column's chips (conditions, this round's resources),
one chip each; ``()`` elsewhere."""
MEASURE_ROLE = int(_ROLE.UserRole) + 7
"""Data role giving what a cell's width depends on: ``(text, bold, with_swatch)``, one line of
text in the view's font, made bold or led by the side swatch; ``None`` for a cell the style
must measure itself (a check box, no text, several lines)."""

NAME_COLUMN = "name"
"""The key of the column that carries the side swatch."""
RESOURCES_COLUMN = "_resources"
"""The key of the table's own "This round" column (a ruleset's column keys never start with
``_``)."""
_RESOURCES = Column(RESOURCES_COLUMN, "This round", ColumnKind.TEXT, per_round=True)
CONDITIONS_COLUMN = "_conditions"
"""The key of the table's own Conditions column, a chip per condition."""
_CONDITIONS = Column(CONDITIONS_COLUMN, "Conditions", ColumnKind.TEXT)
CHIP_COLUMNS = frozenset({RESOURCES_COLUMN, CONDITIONS_COLUMN})
"""The table's own columns drawn as chips."""

_NUMERIC = {ColumnKind.INT, ColumnKind.FRACTION}
# Combined once: Qt asks for a cell's flags and alignment each time it measures or paints it,
# and each combination of two flags is a Python enum operation.
_READ_ONLY = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
)
_EDITABLE = _READ_ONLY | Qt.ItemFlag.ItemIsEditable
_CHECKABLE = _EDITABLE | Qt.ItemFlag.ItemIsUserCheckable
_ALIGN_NUMBER = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_ALIGN_TEXT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_VALUE_ROLES = {
    _ROLE.DisplayRole,
    _ROLE.EditRole,
    _ROLE.CheckStateRole,
    _ROLE.ToolTipRole,
    SORT_ROLE,
}
_SWATCH_SIZE = 12
_ModelIndex = QModelIndex | QPersistentModelIndex


def spoken_name(combatant: Combatant, *, acting: bool) -> str:
    """A name cell as a screen reader reads it: the name, and in words what the table shows by
    its look ("Bandit 2, acting now", "Bryn, defeated, hidden from the players")."""
    return ", ".join([combatant.name, *_marks(combatant, acting=acting, down="defeated")])


def _marks(combatant: Combatant, *, acting: bool, down: str) -> list[str]:
    """In words, what the table shows of ``combatant`` by its look; ``down`` says defeated."""
    marks = (
        (acting, "acting now"),
        (combatant.down, down),
        (combatant.hidden, "hidden from the players"),
    )
    return [words for shown, words in marks if shown]


def format_cell(value: CellValue) -> str:
    """Show a cell value as text: halves as ``"3.5"``, nothing as a dash, yes/no for flags."""
    if value is None:
        return "–"  # noqa: RUF001 (the dash the ruleset also shows for "none")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{float(value):g}"
    return str(value)


def resource_badges(resources: Iterable[Resource]) -> tuple[str, ...]:
    """Each resource as a short badge: ``"Stamina 2/3"``, ``"AP 3"``."""
    return tuple(
        f"{r.label} {r.current}" if r.maximum is None else f"{r.label} {r.current}/{r.maximum}"
        for r in resources
    )


def format_resources(resources: Iterable[Resource]) -> str:
    """The resources in a cell: ``"Stamina 2/3 · Short Bow 1/1"`` (a dash for none)."""
    return " · ".join(resource_badges(resources)) or format_cell(None)


def conditions_tooltip(
    combatant: Combatant, state: EncounterState, rule_states: Iterable[str] = ()
) -> str:
    """Each state the rules made and each condition on a line of its own, with its note (a
    combatant whose turn one lasts until is named from ``state``)."""
    lines = [*rule_states]
    lines += [
        condition_text(c, state) + (f": {c.note}" if c.note else "") for c in combatant.conditions
    ]
    return "\n".join(
        [f"{combatant.name} · conditions", *lines]
        if lines
        else [f"{combatant.name}: no conditions"]
    )


def resources_tooltip(name: str, resources: Iterable[Resource]) -> str:
    """Each resource on a line of its own, as the ruleset words it for the GM."""
    lines = [f"{r.label}: {r.text}" for r in resources]
    return "\n".join([f"{name} · this round", *lines] if lines else [f"{name}: nothing to track"])


def table_columns(ruleset: Ruleset, state: EncounterState) -> tuple[Column, ...]:
    """The columns of the table: the ruleset's, with Health (where its sheets say their
    health), Conditions and "This round" right after the name (last when the ruleset has no
    name column)."""
    columns = ruleset.columns(state)
    at = next((i + 1 for i, c in enumerate(columns) if c.key == NAME_COLUMN), len(columns))
    health = (HEALTH,) if measures_health(ruleset.id) else ()
    return (*columns[:at], *health, _CONDITIONS, _RESOURCES, *columns[at:])


def _bounds_text(column: Column) -> str:
    if column.kind in _NUMERIC and (column.minimum is not None or column.maximum is not None):
        low = "" if column.minimum is None else format_cell(column.minimum)
        high = "" if column.maximum is None else format_cell(column.maximum)
        step = ""
        if column.step is not None and column.step != 1:
            step = f" in steps of {format_cell(column.step)}"
        if low and high:
            return f"{low} to {high}{step}"
        return f"at least {low}{step}" if low else f"at most {high}{step}"
    if column.kind is ColumnKind.CHOICE and column.choices:
        return "one of " + ", ".join(column.choices)
    return ""


def check_value(column: Column, value: object) -> str | None:
    """Say what is wrong with ``value`` for ``column`` (kind and bounds), or ``None`` if fine.

    The ruleset checks every edit again; this catches a bad type or an out-of-range number with
    a message naming the column, before the intent is built.
    """
    if column.kind in _NUMERIC:
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, int | float | Fraction | str):
            return f"{column.title} must be a number, got {value!r}"
        try:
            number = Fraction(str(value).strip()) if isinstance(value, str | float) else value
        except (ValueError, ZeroDivisionError):
            return f"{column.title} must be a number, got {value!r}"
        if column.kind is ColumnKind.INT and Fraction(number).denominator != 1:
            return f"{column.title} must be a whole number, got {format_cell(Fraction(number))}"
        return out_of_bounds(column.title, number, column.minimum, column.maximum, format_cell)
    if column.kind is ColumnKind.BOOL and not isinstance(value, bool):
        return f"{column.title} must be yes or no, got {value!r}"
    if column.kind is ColumnKind.CHOICE and column.choices and value not in column.choices:
        return f"{column.title} must be {_bounds_text(column)}, got {value!r}"
    if column.kind is ColumnKind.TEXT and not isinstance(value, str):
        return f"{column.title} must be text, got {value!r}"
    return None


def _unchanged(column: Column, value: object, current: CellValue) -> bool:
    if column.kind in _NUMERIC and current is not None and value not in (None, ""):
        number = Fraction(str(value).strip()) if isinstance(value, str | float) else value
        return bool(number == current)
    return type(value) is type(current) and value == current


def _edit_value(column: Column, value: CellValue) -> object:
    if isinstance(value, Fraction):
        return value.numerator if column.kind is ColumnKind.INT else float(value)
    return value


def _runs(sections: Iterable[int]) -> list[tuple[int, int]]:
    """The sections as runs of neighbours: ``[1, 2, 5]`` gives ``[(1, 2), (5, 5)]``."""
    runs: list[tuple[int, int]] = []
    for section in sorted(set(sections)):
        if runs and runs[-1][1] == section - 1:
            runs[-1] = (runs[-1][0], section)
        else:
            runs.append((section, section))
    return runs


class CombatantTableModel(QAbstractTableModel):
    """The combatants of a session as a table; see the module docstring.

    ``editRefused(str)`` carries the reason an edit was refused, ready for the status bar.
    """

    editRefused = Signal(str)  # noqa: N815 (Qt signal naming)

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        """Show ``session``'s combatants; :meth:`apply` follows each of its changes."""
        super().__init__(parent)
        self._session = session
        self._state = session.state
        self._columns = table_columns(session.ruleset, self._state)
        self._ids = list(session.ruleset.table_rows(self._state))
        self._rows = {cid: row for row, cid in enumerate(self._ids)}
        self._swatches: dict[tuple[Side, Scheme], QIcon] = {}
        self._resource_texts: dict[str, tuple[tuple[object, ...], str]] = {}

    def set_session(self, session: Session) -> None:
        """Show another session (a whole new fight): one model reset."""
        self.beginResetModel()
        self._session = session
        self._state = session.state
        self._resource_texts.clear()
        self._columns = table_columns(session.ruleset, self._state)
        self._set_ids(session.ruleset.table_rows(self._state))
        self.endResetModel()

    def columns(self) -> tuple[Column, ...]:
        """The columns shown, left to right."""
        return self._columns

    def hidden_at_first(self) -> list[str]:
        """The keys of the columns the round system hides until the GM shows them."""
        return [column.key for column in self._columns if column.hidden_at_first]

    def column_of(self, key: str) -> int:
        """The section of the column ``key``; ``-1`` if the ruleset has none."""
        return next((i for i, column in enumerate(self._columns) if column.key == key), -1)

    def combatant_id_at(self, row: int) -> str | None:
        """The id of the combatant on ``row``; ``None`` outside the table."""
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def row_of(self, combatant_id: str) -> int:
        """The row of ``combatant_id``; ``-1`` if it is not in the table."""
        return self._rows.get(combatant_id, -1)

    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        """One row per combatant."""
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        """One column per ruleset column, and "This round"."""
        return 0 if parent.isValid() else len(self._columns)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = _ROLE.DisplayRole
    ) -> object:
        """Column titles and tooltips; row numbers down the side."""
        if orientation == Qt.Orientation.Vertical:
            if role == _ROLE.DisplayRole and 0 <= section < len(self._ids):
                return str(section + 1)
            return None
        if not 0 <= section < len(self._columns):
            return None
        column = self._columns[section]
        if role == _ROLE.DisplayRole:
            return column.title
        if role == _ROLE.ToolTipRole:
            bounds = _bounds_text(column)
            how = "editable" if column.editable else "read only"
            return f"{column.title}: {how}" + (f", {bounds}" if bounds else "")
        if role == _ROLE.TextAlignmentRole and column.kind in _NUMERIC:
            return _ALIGN_NUMBER
        return None

    def flags(self, index: _ModelIndex) -> Qt.ItemFlag:
        """Selectable, and editable where the ruleset allows (flags are checkable)."""
        cell = self._cell(index)
        if cell is None:
            return Qt.ItemFlag.NoItemFlags
        column = self._columns[cell[1]]
        if not column.editable:
            return _READ_ONLY
        return _CHECKABLE if column.kind is ColumnKind.BOOL else _EDITABLE

    def data(self, index: _ModelIndex, role: int = _ROLE.DisplayRole) -> object:
        """The cell's text, edit value, tooltip, alignment, font, colours and swatch."""
        cell = self._cell(index)
        if cell is None:
            return None
        cid = self._ids[cell[0]]
        column = self._columns[cell[1]]
        combatant = self._state.combatants[cid]
        if role == COMBATANT_ID_ROLE:
            return cid
        if role == SIDE_ROLE:
            return combatant.side.value
        if role == HIDDEN_ROLE:
            return combatant.hidden
        if role == NAME_ROLE:
            return combatant.name
        if role == COLUMN_ROLE:
            return self._session.ruleset.cell_column(self._state, cid, column)
        if role == _ROLE.TextAlignmentRole:
            return _ALIGN_NUMBER if column.kind in _NUMERIC else _ALIGN_TEXT
        if role == MEASURE_ROLE:
            return self._measure(combatant, column)
        if role == CHIPS_ROLE:
            return self._chips(combatant, column)
        if role not in _VALUE_ROLES:
            return self._look(combatant, column, role)
        if column is HEALTH and role in (SORT_ROLE, _ROLE.ToolTipRole):
            return (
                health_now(combatant)
                if role == SORT_ROLE
                else f"{combatant.name} · {combatant.sheet.health_name}: "
                f"{health_text(combatant)} (- deals 1 damage, + heals 1)"
            )
        if column is _RESOURCES and role == _ROLE.ToolTipRole:
            return resources_tooltip(
                combatant.name, self._session.ruleset.resources(self._state, cid)
            )
        if column is _CONDITIONS and role == _ROLE.ToolTipRole:
            return conditions_tooltip(
                combatant, self._state, self._session.ruleset.rule_states(self._state, cid)
            )
        value = self._value(self._state, cid, column)
        if role == _ROLE.DisplayRole:
            return None if column.kind is ColumnKind.BOOL else format_cell(value)
        if role == _ROLE.EditRole:
            return _edit_value(column, value)
        if role == SORT_ROLE:
            return value
        if role == _ROLE.CheckStateRole:
            if column.kind is not ColumnKind.BOOL:
                return None
            return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        return self._tooltip(combatant, column, value)

    def setData(  # noqa: N802
        self, index: _ModelIndex, value: object, role: int = _ROLE.EditRole
    ) -> bool:
        """Ask the session to set the cell; ``False`` and ``editRefused`` if that is refused."""
        cell = self._cell(index)
        if cell is None:
            return False
        cid = self._ids[cell[0]]
        column = self._columns[cell[1]]
        if role == _ROLE.CheckStateRole and column.kind is ColumnKind.BOOL:
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != _ROLE.EditRole:
            return False
        name = self._state.combatants[cid].name
        if not column.editable:
            self.editRefused.emit(f"{name}: {column.title} cannot be edited")
            return False
        problem = check_value(self._session.ruleset.cell_column(self._state, cid, column), value)
        if problem is not None:
            self.editRefused.emit(f"{name}: {problem}")
            return False
        if _unchanged(column, value, self._value(self._state, cid, column)):
            return True
        try:
            self._session.do(self._session.ruleset.edit_intent(cid, column.key, value))
        except (RulesError, ValueError) as error:
            message = str(error)
            self.editRefused.emit(message if name in message else f"{name}: {message}")
            return False
        return True

    def _value(self, state: EncounterState, cid: str, column: Column) -> CellValue:
        ruleset = self._session.ruleset
        if column is _RESOURCES:
            # Qt asks for each cell in several roles and measures every row; the words only
            # change with the combatant, the ruleset's part or the round.
            key = (ruleset, state.combatants[cid], state.part, state.round, state.phase)
            known = self._resource_texts.get(cid)
            if known is not None and all(a is b for a, b in zip(known[0], key, strict=True)):
                return known[1]
            text = format_resources(ruleset.resources(state, cid))
            self._resource_texts[cid] = (key, text)
            return text
        if column is HEALTH:
            return health_text(state.combatants[cid])
        if column is _CONDITIONS:
            return " · ".join(
                (
                    *self._session.ruleset.rule_states(state, cid),
                    *(condition_text(c, state) for c in state.combatants[cid].conditions),
                )
            )
        return ruleset.cell_value(state, cid, column.key)

    def _chips(self, combatant: Combatant, column: Column) -> tuple[str, ...]:
        if column is _CONDITIONS:
            return (
                *self._session.ruleset.rule_states(self._state, combatant.id),
                *(condition_chip(c, self._state) for c in combatant.conditions),
            )
        if column is _RESOURCES:
            return resource_badges(self._session.ruleset.resources(self._state, combatant.id))
        return ()

    def _cell(self, index: _ModelIndex) -> tuple[int, int] | None:
        """The row and column of a cell of this table, or ``None``.

        A valid index of a table model never has a parent (``QAbstractTableModel.parent`` is
        final), so it is not asked for: ``data`` runs for every cell Qt measures or paints.
        """
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if 0 <= row < len(self._ids) and 0 <= column < len(self._columns):
            return row, column
        return None

    def _tooltip(self, combatant: Combatant, column: Column, value: CellValue) -> str:
        if column.key != NAME_COLUMN:
            return f"{combatant.name} · {column.title}: {format_cell(value)}"
        acting = combatant.id == self._state.current
        down = "down: out of the fight, skipped by the turn"
        marks = _marks(combatant, acting=acting, down=down)
        return " · ".join([f"{combatant.name} ({combatant.side.value})", *marks])

    def _measure(self, combatant: Combatant, column: Column) -> tuple[str, bool, bool] | None:
        if column.kind is ColumnKind.BOOL or column.key in CHIP_COLUMNS:
            return None
        text = format_cell(self._value(self._state, combatant.id, column))
        if not text or "\n" in text:
            return None
        font = self._look(combatant, column, _ROLE.FontRole)
        bold = isinstance(font, QFont) and font.bold()
        return text, bold, self._look(combatant, column, _ROLE.DecorationRole) is not None

    def _look(self, combatant: Combatant, column: Column, role: int) -> object:
        current = combatant.id == self._state.current
        if role == _ROLE.FontRole:
            struck = combatant.down and column.key == NAME_COLUMN
            if not current and not struck:
                return None
            font = QFont()
            font.setBold(current)
            font.setStrikeOut(struck)
            return font
        if role == _ROLE.BackgroundRole:
            if current:
                return QColor(theme_colors().card_current)
            if combatant.down:
                return QColor(theme_colors().alternate_base)
            return None
        if role == _ROLE.ForegroundRole:
            if combatant.down:
                return QColor(theme_colors().muted_text)
            if combatant.hidden:
                return QColor(theme_colors().muted_text)
            return None
        if role == _ROLE.DecorationRole and column.key == NAME_COLUMN:
            return self._swatch(combatant.side)
        if role == _ROLE.AccessibleTextRole and column.key == NAME_COLUMN:
            return spoken_name(combatant, acting=current)
        return None

    def _swatch(self, side: Side) -> QIcon:
        key = (side, active_scheme())
        icon = self._swatches.get(key)
        if icon is None:
            pixmap = QPixmap(_SWATCH_SIZE, _SWATCH_SIZE)
            pixmap.fill(side_color(side, key[1]))
            icon = QIcon(pixmap)
            self._swatches[key] = icon
        return icon

    def _set_ids(self, ids: Sequence[str]) -> None:
        self._ids = list(ids)
        self._rows = {cid: row for row, cid in enumerate(self._ids)}

    def apply(self, change: Change) -> None:
        """Follow one change of the session: rows in, out and moved, and the cells it touched
        repainted (a new round, phase or part of the fight repaints the per-round columns)."""
        old, new = self._state, self._session.state
        columns = table_columns(self._session.ruleset, new)
        if columns != self._columns:
            self.beginResetModel()
            self._state, self._columns = new, columns
            self._set_ids(self._session.ruleset.table_rows(new))
            self.endResetModel()
            return
        target = self._session.ruleset.table_rows(new)
        gone = set(change.removed) | (set(self._ids) - set(new.combatants))
        self._remove_rows(gone)
        self._state = new
        present = set(self._ids)
        self._reorder([cid for cid in target if cid in present])
        self._insert_rows(target)
        fight_wide = change.round_changed or change.phase_changed or change.part_changed
        self._emit_changes(old, new, change.changed, fight_wide=fight_wide)

    def _remove_rows(self, gone: set[str]) -> None:
        rows = sorted((self._rows[cid] for cid in gone if cid in self._rows), reverse=True)
        while rows:
            last = first = rows.pop(0)
            while rows and rows[0] == first - 1:
                first = rows.pop(0)
            self.beginRemoveRows(QModelIndex(), first, last)
            self._set_ids(self._ids[:first] + self._ids[last + 1 :])
            self.endRemoveRows()

    def _reorder(self, order: list[str]) -> None:
        if order == self._ids:
            return
        self.layoutAboutToBeChanged.emit()
        before = self.persistentIndexList()
        moved_ids = [self._ids[index.row()] for index in before]
        self._set_ids(order)
        after = [
            self.index(self._rows[cid], index.column())
            for cid, index in zip(moved_ids, before, strict=True)
        ]
        self.changePersistentIndexList(before, after)
        self.layoutChanged.emit()

    def _insert_rows(self, target: Sequence[str]) -> None:
        position = 0
        pending: list[str] = []
        for cid in [*target, None]:
            if cid is not None and cid not in self._rows:
                pending.append(cid)
                continue
            if pending:
                self.beginInsertRows(QModelIndex(), position, position + len(pending) - 1)
                self._set_ids(self._ids[:position] + pending + self._ids[position:])
                self.endInsertRows()
                position += len(pending)
                pending = []
            position += 1

    def _emit_changes(
        self,
        old: EncounterState,
        new: EncounterState,
        changed: frozenset[str],
        *,
        fight_wide: bool,
    ) -> None:
        whole = {cid for cid in (old.current, new.current) if cid is not None}
        spans: dict[int, list[tuple[int, int]]] = {}
        if fight_wide:
            self._emit_per_round()
        for cid in changed | whole:
            row = self._rows.get(cid, -1)
            if row < 0 or cid not in old.combatants:
                continue
            before, after = old.combatants[cid], new.combatants[cid]
            if (cid in whole and old.current != new.current) or before.down != after.down:
                spans[row] = [(0, len(self._columns) - 1)]
                continue
            touched = [
                section
                for section, column in enumerate(self._columns)
                if self._cell_differs(old, new, cid, column)
            ]
            if before.side != after.side or before.hidden != after.hidden:
                touched.append(self.column_of(NAME_COLUMN))
            touched = [section for section in touched if section >= 0]
            if touched:
                spans[row] = _runs(touched)
        for row in sorted(spans):
            for first, last in spans[row]:
                self.dataChanged.emit(self.index(row, first), self.index(row, last), [])

    def _emit_per_round(self) -> None:
        """Repaint the per-round cells of every row (one signal a column: the views repaint
        what they show)."""
        if not self._ids:
            return
        last = len(self._ids) - 1
        for section, column in enumerate(self._columns):
            if column.per_round:
                self.dataChanged.emit(self.index(0, section), self.index(last, section), [])

    def _cell_differs(
        self, old: EncounterState, new: EncounterState, cid: str, column: Column
    ) -> bool:
        before = self._value(old, cid, column)
        after = self._value(new, cid, column)
        return type(before) is not type(after) or before != after
