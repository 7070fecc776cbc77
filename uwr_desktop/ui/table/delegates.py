"""Cell editors for the combatant table, chosen by the column's kind and bounded by it.

Whole numbers get a spin box, fractions a decimal spin box stepping by the column's step (0.5
for attributes), choices a combo box, flags a check box and text a line edit. Spin boxes take
no letters, and the value handed to the model is exact (a ``Fraction`` for fraction columns);
the model and the ruleset still check it and refuse a bad one with a message.

A text the model refuses (a name another combatant has) opens its editor again with what was
typed, while the table keeps the focus, so the GM mends it instead of typing it again.

The delegate also measures cells for the table's column fitting, asking the style once per
look of cell instead of once per cell.
"""

import math
from fractions import Fraction

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from uwr_desktop.core.limits import MAX_COUNT, MAX_TEXT_LENGTH
from uwr_desktop.core.rulesets.base import Column, ColumnKind
from uwr_desktop.ui.table.model import COLUMN_ROLE, MEASURE_ROLE
from uwr_desktop.ui.widgets.number_box import DecimalBox, NumberBox

INT_LIMIT = MAX_COUNT
"""The bound a whole-number editor uses where its column sets none."""

TEXT_LIMIT = MAX_TEXT_LENGTH
"""The longest text a text editor accepts where its column sets no length."""

BLANK = "–"  # noqa: RUF001 (the dash the table shows for "no value")
"""What a number editor shows for a cell with no value."""

_ModelIndex = QModelIndex | QPersistentModelIndex


def decimals_for(step: Fraction) -> int:
    """How many decimals show every multiple of ``step`` exactly (0.5 -> 1, 0.25 -> 2)."""
    decimals = 0
    while (step * 10**decimals).denominator != 1 and decimals < 6:
        decimals += 1
    return decimals


def _column(index: _ModelIndex) -> Column | None:
    column = index.data(COLUMN_ROLE)
    return column if isinstance(column, Column) else None


class CombatantDelegate(QStyledItemDelegate):
    """Edits a combatant cell with the editor its column's kind calls for."""

    def __init__(self, parent: QObject | None = None) -> None:
        """A delegate for any view over :class:`CombatantTableModel` (or a proxy of it)."""
        super().__init__(parent)
        self._metrics: dict[tuple[str, bool], QFontMetricsF] = {}
        self._room: dict[tuple[str, bool, bool], tuple[int, int]] = {}
        self._refused_text: tuple[QPersistentModelIndex, str] | None = None

    def sizeHint(  # noqa: N802 (Qt override)
        self, option: QStyleOptionViewItem, index: _ModelIndex
    ) -> QSize:
        """The room the style gives the cell.

        Measured through the style, a cell costs seven questions to the model and a text
        layout, for every cell of every column whenever the columns are fitted. Cells of one
        look (font, bold or not, with a swatch or not) differ only by their text's width, so
        the style measures one of them and the others add their own text's width to the room
        it left around that text.
        """
        measure = index.data(MEASURE_ROLE)
        if not isinstance(measure, tuple):
            return super().sizeHint(option, index)
        text, bold, with_swatch = measure
        font = option.font
        width = self._text_width(text, font, bold)
        look = (font.key(), bold, with_swatch)
        room = self._room.get(look)
        if room is None:
            hint = super().sizeHint(option, index)
            self._room[look] = (hint.width() - width, hint.height())
            return hint
        return QSize(width + room[0], room[1])

    def bold_width(self, measure: tuple[str, bool, bool], font: QFont) -> int | None:
        """The room a cell measured ``measure`` (``MEASURE_ROLE``) in a view of ``font`` takes
        with its text in bold, without asking the style; ``None`` until a cell of its look has
        been measured through the style."""
        text, _, with_swatch = measure
        key = font.key()
        room = self._room.get((key, True, with_swatch)) or self._room.get((key, False, with_swatch))
        if room is None:
            return None
        return self._text_width(text, font, True) + room[0]

    def _text_width(self, text: str, font: QFont, bold: bool) -> int:
        key = (font.key(), bold)
        metrics = self._metrics.get(key)
        if metrics is None:
            shown = QFont(font)
            shown.setBold(bold or font.bold())
            metrics = self._metrics[key] = QFontMetricsF(shown)
        # A line of text is as wide as its advance plus whatever its last glyph reaches past
        # its own advance (Qt's text layout keeps room for that overhang).
        overhang = max(0.0, -metrics.rightBearing(text[-1]))
        return math.ceil(metrics.horizontalAdvance(text) + overhang)

    def createEditor(  # noqa: N802
        self, parent: QWidget, option: QStyleOptionViewItem, index: _ModelIndex
    ) -> QWidget:
        """A spin box, decimal spin box, combo box, check box or line edit, bounded."""
        column = _column(index)
        if column is None:
            return super().createEditor(parent, option, index)
        editor: QWidget
        if column.kind is ColumnKind.INT:
            low = -INT_LIMIT if column.minimum is None else int(column.minimum)
            high = INT_LIMIT if column.maximum is None else int(column.maximum)
            spin = NumberBox(low, high, what=column.title, parent=parent)
            if index.data(Qt.ItemDataRole.EditRole) is None:
                # A cell with no value yet (initiative not rolled) gets a blank slot below the
                # range, so opening and closing the editor leaves it blank.
                spin.setSpecialValueText(BLANK)
                spin.setMinimum(low - 1)
            spin.setSingleStep(1 if column.step is None else max(1, int(column.step)))
            spin.setAlignment(Qt.AlignmentFlag.AlignRight)
            editor = spin
        elif column.kind is ColumnKind.FRACTION:
            step = column.step if column.step is not None else Fraction(1, 2)
            bottom = -INT_LIMIT if column.minimum is None else float(column.minimum)
            top = INT_LIMIT if column.maximum is None else float(column.maximum)
            double = DecimalBox(bottom, top, what=column.title, parent=parent)
            double.setDecimals(decimals_for(step))
            double.setSingleStep(float(step))
            double.setAlignment(Qt.AlignmentFlag.AlignRight)
            editor = double
        elif column.kind is ColumnKind.CHOICE:
            combo = QComboBox(parent)
            combo.addItems(list(column.choices))
            editor = combo
        elif column.kind is ColumnKind.BOOL:
            box = QCheckBox(column.title, parent)
            box.setAutoFillBackground(True)
            editor = box
        else:
            line = QLineEdit(parent)
            line.setMaxLength(column.max_length or TEXT_LIMIT)
            editor = line
        editor.setObjectName(f"{column.key}Editor")
        return editor

    def setEditorData(self, editor: QWidget, index: _ModelIndex) -> None:  # noqa: N802
        """Show the cell's current value in the editor (or the text just refused in it)."""
        refused = self._refused_text
        if refused is not None and isinstance(editor, QLineEdit) and refused[0] == index:
            self._refused_text = None
            editor.setText(refused[1])
            return
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox):
            editor.setValue(editor.minimum() if value is None else int(value))
        elif isinstance(editor, QDoubleSpinBox):
            editor.setValue(0.0 if value is None else float(value))
        elif isinstance(editor, QComboBox):
            found = editor.findText(str(value))
            editor.setCurrentIndex(max(found, 0))
        elif isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QLineEdit):
            editor.setText("" if value is None else str(value))
        else:
            super().setEditorData(editor, index)

    def setModelData(  # noqa: N802
        self, editor: QWidget, model: QAbstractItemModel, index: _ModelIndex
    ) -> None:
        """Hand the editor's value to the model, exact (a ``Fraction`` for fractions)."""
        value: object
        if isinstance(editor, NumberBox | DecimalBox) and editor.problem():
            # Hand over what was typed ("-5"), not the value Qt kept: the model refuses it
            # with a message naming the column and its bounds.
            typed = editor.cleanText().strip()
            if typed in {"", "-", "+"}:
                return
            model.setData(index, typed, Qt.ItemDataRole.EditRole)
            return
        if isinstance(editor, QSpinBox | QDoubleSpinBox):
            editor.interpretText()
        if isinstance(editor, QSpinBox):
            blank = editor.specialValueText() and editor.value() == editor.minimum()
            value = None if blank else editor.value()
        elif isinstance(editor, QDoubleSpinBox):
            value = Fraction(f"{editor.value():.{editor.decimals()}f}")
        elif isinstance(editor, QComboBox):
            value = editor.currentText()
        elif isinstance(editor, QCheckBox):
            value = editor.isChecked()
        elif isinstance(editor, QLineEdit):
            if not model.setData(index, editor.text(), Qt.ItemDataRole.EditRole):
                self._edit_again(editor, index)
            return
        else:
            super().setModelData(editor, model, index)
            return
        model.setData(index, value, Qt.ItemDataRole.EditRole)

    def _edit_again(self, editor: QLineEdit, index: _ModelIndex) -> None:
        """Once ``editor`` has closed, open the cell's editor again holding its refused text,
        unless the GM has left the table (clicked elsewhere) meanwhile."""
        viewport = editor.parentWidget()
        view = viewport.parentWidget() if viewport is not None else None
        if not isinstance(view, QAbstractItemView):
            return
        refused = (QPersistentModelIndex(index), editor.text())

        def reopen() -> None:
            focus = QApplication.focusWidget()
            cell = refused[0]
            if cell.isValid() and focus is not None and (focus is view or view.isAncestorOf(focus)):
                self._refused_text = refused
                view.edit(cell)
            self._refused_text = None

        QTimer.singleShot(0, view, reopen)
