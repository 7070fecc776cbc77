"""Number boxes that never drop what the GM typed, nor read it other than as meant.

A plain ``QSpinBox`` whose range starts at 0 swallows the minus key, so typing "-5" leaves 5;
a digit that would leave the range is swallowed too, and a half-typed value is put back to the
previous one when the box loses focus. :class:`NumberBox` and :class:`DecimalBox` keep every
sign and digit typed, say what is wrong in plain words (:meth:`NumberBox.problem`, the
``problemChanged`` signal, a red frame and the tooltip) and leave the text alone until it is
fixed. Forms read :meth:`NumberBox.problem` before they act and refuse with that message.

A key a box cannot take (a letter) is refused with a hint at the box for a moment ("Numbers
only", :meth:`NumberBox.hint`). No box reads a comma or a point as a thousands separator, as
Qt would ("2,5" as 25): a whole-number box keeps "2,5" as typed, says "Whole numbers only" at
the box and refuses it as not whole; a decimal box takes the other mark for its decimal point
("2,5" is 2.5 where the point is "."), since it shows no thousands either, and says so at the
box. Coming in by the keyboard (Tab, a label's key) selects the text, so typing replaces it.
The wheel steps a box only while it has the focus (:mod:`~uwr_desktop.ui.widgets.wheel`).
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRect, Qt, Signal, SignalInstance
from PySide6.QtGui import QFocusEvent, QKeyEvent, QValidator, QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox, QToolTip, QWidget

from uwr_desktop.ui.widgets.number_text import (
    DECIMAL_MARKS,
    WHOLE_NUMBERS_ONLY,
    bare,
    number_shape,
    other_mark,
    range_problem,
    read_as_point_hint,
    refusal_hint,
)
from uwr_desktop.ui.widgets.wheel import focus_without_wheel, wheel_is_for

_PROBLEM_STYLE = "border: 1px solid #c0392b;"
HINT_SHOWN_MS = 3000
"""How long a hint stays at the box (the next key hides it sooner)."""
_SELECTING_REASONS = (
    Qt.FocusReason.TabFocusReason,
    Qt.FocusReason.BacktabFocusReason,
    Qt.FocusReason.ShortcutFocusReason,
    Qt.FocusReason.OtherFocusReason,
)
"""Ways in that select the text: the keyboard, or a form (or a table's cell) moving the focus."""
_ENTER = frozenset({"\r", "\n"})
_Refused = QValidator.State.Invalid

# The shared behaviour is a plain mixin at run time (PySide6 takes one Qt base per class); the
# type checker reads it as the spin box it always sits on.
if TYPE_CHECKING:
    _SpinBox = QAbstractSpinBox
else:
    _SpinBox = object


class _KeptTyping(_SpinBox):
    """What both boxes do with the keyboard, the wheel and the focus; a box words its own
    problems (``_check``) and hints (``_key_hint``)."""

    _what: str
    _below: str
    _problem: str
    _hint: str
    _refused: str | None
    problemChanged: Signal  # noqa: N815 (Qt signal naming)

    def problem(self) -> str:
        """What is wrong with the text typed (``""`` when it is a number in range)."""
        return self._problem

    def hint(self) -> str:
        """The hint shown at the box for the last key (``""`` once a plain key is taken)."""
        return self._hint

    if TYPE_CHECKING:

        def _check(self) -> None:
            """Show what is wrong with the text now (each box words it)."""

        def _key_hint(self, refused: str | None, key: str) -> str:
            """The hint for a key the box refused (``refused``: the text it would have made)
            or took with a meaning of its own (``""``: none)."""

    def _start(self, what: str, below: str) -> None:
        """Set up a new box: nothing wrong yet, the wheel only with the focus; ``what`` names
        the number in a problem, ``below`` says why a smaller one is refused."""
        self._what = what
        self._below = below
        self._problem = ""
        self._hint = ""
        self._refused = None
        focus_without_wheel(self)

    def _edited(self) -> None:
        self._hint = ""
        self._check()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        """Step only with the focus; else let what holds the box scroll."""
        if wheel_is_for(self, event):
            super().wheelEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Select the text when the keyboard or a form brings the focus (not a click)."""
        super().focusInEvent(event)
        if event.reason() in _SELECTING_REASONS:
            self.selectAll()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Leave a wrong number as typed (Qt would put the previous value back unseen)."""
        self._hint = ""
        if self._problem:
            QWidget.focusOutEvent(self, event)
            return
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Enter on a wrong number says why instead of reverting it (the form stays open); a
        key the box refuses gets a hint at the box."""
        if self._problem and event.text() in _ENTER:
            self.problemChanged.emit(self._problem)
            event.accept()
            return
        self._refused = None
        super().keyPressEvent(event)
        refused, self._refused = self._refused, None
        hint = self._key_hint(refused, event.text())
        if hint:
            self._hint = hint
            show_hint(self, hint)


class NumberBox(_KeptTyping, QSpinBox):
    """A whole-number box that keeps a sign or digit it cannot take and says why.

    ``what`` names the number in messages ("Damage"); ``below`` is added after a value under the
    minimum (": to give health back, use Heal"). ``signed`` shows the sign of a positive value
    too ("+2", "-1", "0"), for modifiers.
    """

    problemChanged = Signal(str)  # noqa: N815 (Qt signal naming)

    def __init__(
        self,
        minimum: int,
        maximum: int,
        *,
        what: str,
        below: str = "",
        signed: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        """A box from ``minimum`` to ``maximum``."""
        super().__init__(parent)
        self._signed = signed
        self._start(what, below)
        self.setRange(minimum, maximum)
        self.lineEdit().textEdited.connect(self._edited)
        self.valueChanged.connect(self._check)

    def setValue(self, value: int) -> None:  # noqa: N802 (Qt naming)
        """Show ``value``; a problem with the text it replaces is gone (Qt says nothing when
        the value itself does not change)."""
        super().setValue(value)
        self._check()

    def setRange(self, minimum: int, maximum: int) -> None:  # noqa: N802 (Qt naming)
        """A new range; the text shown is checked against it."""
        super().setRange(minimum, maximum)
        self._check()

    def setMinimum(self, minimum: int) -> None:  # noqa: N802 (Qt naming)
        """A new minimum; the text shown is checked against it."""
        super().setMinimum(minimum)
        self._check()

    def setMaximum(self, maximum: int) -> None:  # noqa: N802 (Qt naming)
        """A new maximum; the text shown is checked against it."""
        super().setMaximum(maximum)
        self._check()

    def textFromValue(self, value: int) -> str:  # noqa: N802 (Qt override)
        """``+2`` for a signed box's positive value, else the plain number."""
        return f"{value:+d}" if self._signed and value > 0 else str(value)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """Keep any number typed, in range or not (out of range is intermediate, not invalid);
        keep a decimal one as typed too, to be refused as not whole: Qt would read its comma
        or point as a thousands separator ("2,5" as 25)."""
        typed = bare(text, self.prefix(), self.suffix())
        if "," in typed or "." in typed:
            shaped = number_shape(typed.replace(",", "."), len(typed))
            result = (QValidator.State.Intermediate if shaped else _Refused, text, pos)
        else:
            result = super().validate(text, pos)
            if result[0] == _Refused and number_shape(typed, 0):
                return (QValidator.State.Intermediate, text, pos)
        if result[0] == _Refused:
            self._refused = typed
        return result

    def _check(self) -> None:
        text = self.lineEdit().text()
        if self.specialValueText() and text == self.specialValueText():
            found = ""
        else:
            typed = bare(text, self.prefix(), self.suffix())
            found = range_problem(
                typed, self.minimum(), self.maximum(), self._what, self._below, whole=True
            )
        _show_problem(self, found)

    def _key_hint(self, refused: str | None, key: str) -> str:
        if refused is not None:
            return refusal_hint(refused, decimals=0, point=".")
        return WHOLE_NUMBERS_ONLY if key in DECIMAL_MARKS else ""


class DecimalBox(_KeptTyping, QDoubleSpinBox):
    """:class:`NumberBox` for numbers with decimals (attributes in half steps)."""

    problemChanged = Signal(str)  # noqa: N815 (Qt signal naming)

    def __init__(
        self,
        minimum: float,
        maximum: float,
        *,
        what: str,
        below: str = "",
        parent: QWidget | None = None,
    ) -> None:
        """A box from ``minimum`` to ``maximum``."""
        super().__init__(parent)
        self._start(what, below)
        self.setRange(minimum, maximum)
        self.lineEdit().textEdited.connect(self._edited)
        self.valueChanged.connect(self._check)

    def setValue(self, value: float) -> None:  # noqa: N802 (Qt naming)
        """Show ``value``; a problem with the text it replaces is gone."""
        super().setValue(value)
        self._check()

    def setRange(self, minimum: float, maximum: float) -> None:  # noqa: N802 (Qt naming)
        """A new range; the text shown is checked against it."""
        super().setRange(minimum, maximum)
        self._check()

    def _point(self) -> str:
        return self.locale().decimalPoint()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """Keep any number typed, in range or not, with the other decimal mark read as this
        box's point ("2,5" is 2.5); refuse more decimals than the box shows."""
        point = self._point()
        other = other_mark(point)
        if other in text and point not in text and text.count(other) == 1:
            text = text.replace(other, point)
        typed = bare(text, self.prefix(), self.suffix())
        if other in typed:
            result = (_Refused, text, pos)
        else:
            result = super().validate(text, pos)
            if result[0] == _Refused and number_shape(typed.replace(point, "."), self.decimals()):
                return (QValidator.State.Intermediate, text, pos)
        if result[0] == _Refused:
            self._refused = typed
        return result

    def _check(self) -> None:
        typed = bare(self.lineEdit().text(), self.prefix(), self.suffix())
        found = range_problem(
            typed, self.minimum(), self.maximum(), self._what, self._below, whole=False
        )
        _show_problem(self, found)

    def _key_hint(self, refused: str | None, key: str) -> str:
        point = self._point()
        if refused is not None:
            return refusal_hint(refused, decimals=self.decimals(), point=point)
        return read_as_point_hint(point) if key == other_mark(point) else ""


def show_hint(box: QWidget, text: str) -> None:
    """Show ``text`` in a balloon just under ``box`` for a moment (the next key hides it)."""
    QToolTip.showText(box.mapToGlobal(QPoint(0, box.height())), text, box, QRect(), HINT_SHOWN_MS)


def _show_problem(box: NumberBox | DecimalBox, found: str) -> None:
    if found == box._problem:
        return
    if not box._problem:
        box.setProperty("plainToolTip", box.toolTip())
    box._problem = found
    box.setStyleSheet(_PROBLEM_STYLE if found else "")
    box.setToolTip(found or str(box.property("plainToolTip") or ""))
    box.problemChanged.emit(found)


def typed_changes(boxes: Sequence[NumberBox | DecimalBox]) -> list[SignalInstance]:
    """What a form follows to check ``boxes`` as the GM types: each one's value changing, and
    the problem it shows appearing or going."""
    return [signal for box in boxes for signal in (box.valueChanged, box.problemChanged)]


def first_problem(boxes: Sequence[NumberBox | DecimalBox]) -> str:
    """The first problem among ``boxes`` that are shown (``""``: none)."""
    for box in boxes:
        if box.problem() and not box.isHidden():
            return box.problem()
    return ""
