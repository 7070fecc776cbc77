"""The table's compact Health column: health now and its maximum ("7/10", from the sheet's
:meth:`~uwr_desktop.core.encounter.Sheet.health`), with - and + buttons in the cell that deal 1
damage or heal 1 through the shared intents (so each is logged and undoable).

Only round systems whose sheets measure health that way get the column.
"""

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QMouseEvent, QPainter, QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from uwr_desktop.core.encounter import Combatant, Sheet, sheet_type
from uwr_desktop.core.rulesets.base import Column, ColumnKind

HEALTH_COLUMN = "_health"
"""The key of the table's own Health column (a ruleset's column keys never start with ``_``)."""
HEALTH = Column(HEALTH_COLUMN, "Health", ColumnKind.TEXT)
DAMAGE_STEP = -1
HEAL_STEP = 1
_BUTTON_MARGIN = 2


def measures_health(ruleset_id: str) -> bool:
    """Whether the sheets of ``ruleset_id`` say their health (``Sheet.health`` is defined)."""
    kind = sheet_type(ruleset_id)
    return kind is not None and kind.health is not Sheet.health


def health_text(combatant: Combatant) -> str:
    """ "7/10", or an empty text for a sheet without health."""
    health = combatant.sheet.health()
    return "" if health is None else f"{health[0]}/{health[1]}"


def health_now(combatant: Combatant) -> int:
    """The health to sort by (0 for a sheet without health)."""
    health = combatant.sheet.health()
    return 0 if health is None else health[0]


def step_rects(cell: QRect) -> tuple[QRect, QRect]:
    """Where the - and + buttons sit in a Health cell: square, at its left and right ends."""
    side = max(cell.height() - 2 * _BUTTON_MARGIN, 8)
    top = cell.top() + (cell.height() - side) // 2
    minus = QRect(cell.left() + _BUTTON_MARGIN, top, side, side)
    plus = QRect(cell.right() - _BUTTON_MARGIN - side + 1, top, side, side)
    return minus, plus


class HealthDelegate(QStyledItemDelegate):
    """Draws the Health cell between a - and a + button; a click on one emits
    ``stepRequested(combatant_id, step)`` with ``DAMAGE_STEP`` or ``HEAL_STEP``."""

    stepRequested = Signal(str, int)  # noqa: N815 (Qt signal naming)

    def __init__(self, id_role: int, parent: QWidget | None = None) -> None:
        """``id_role`` is the model's role giving a row's combatant id."""
        super().__init__(parent)
        self._id_role = id_role

    def initStyleOption(  # noqa: N802 (Qt override)
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        """The value centred between the buttons."""
        super().initStyleOption(option, index)
        option.displayAlignment = Qt.AlignmentFlag.AlignCenter

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        """The cell as the table draws it, a button at each end.

        The buttons are drawn with the palette, not by the style: the first use of ``QStyle``
        in PySide builds all of its enum types, which costs the window's first paint about 7 ms.
        """
        super().paint(painter, option, index)
        if not index.data(Qt.ItemDataRole.DisplayRole):
            return
        palette = option.palette
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for rect, text in zip(step_rects(option.rect), ("\N{MINUS SIGN}", "+"), strict=True):
            painter.setPen(palette.color(QPalette.ColorRole.Mid))
            painter.setBrush(palette.color(QPalette.ColorRole.Button))
            painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), 3.0, 3.0)
            painter.setPen(palette.color(QPalette.ColorRole.ButtonText))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def editorEvent(  # noqa: N802 (Qt override)
        self,
        event: QEvent,
        model: QAbstractItemModel,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        """A click on - or + asks for the step; other clicks select as usual."""
        if not isinstance(event, QMouseEvent) or event.type() not in (
            QEvent.Type.MouseButtonRelease,
            QEvent.Type.MouseButtonPress,
            QEvent.Type.MouseButtonDblClick,
        ):
            return super().editorEvent(event, model, option, index)
        if not index.data(Qt.ItemDataRole.DisplayRole):
            return False
        point = event.position().toPoint()
        minus, plus = step_rects(option.rect)
        step = DAMAGE_STEP if minus.contains(point) else HEAL_STEP if plus.contains(point) else 0
        if step == 0:
            return super().editorEvent(event, model, option, index)
        if event.type() == QEvent.Type.MouseButtonRelease:
            self.stepRequested.emit(str(index.data(self._id_role)), step)
        return True  # the click is the button's: the row's selection stays as it was

    def sizeHint(  # noqa: N802 (Qt override)
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        """The value's room and both buttons'."""
        hint = super().sizeHint(option, index)
        side = hint.height() + 2 * _BUTTON_MARGIN
        return QSize(hint.width() + 2 * side + 4 * _BUTTON_MARGIN, hint.height())
