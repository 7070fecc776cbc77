"""Number boxes that never drop what the GM typed.

A plain ``QSpinBox`` whose range starts at 0 swallows the minus key, so typing "-5" leaves 5;
a digit that would leave the range is swallowed too, and a half-typed value is put back to the
previous one when the box loses focus. :class:`NumberBox` and :class:`DecimalBox` keep every
sign and digit typed, say what is wrong in plain words (:meth:`NumberBox.problem`, the
``problemChanged`` signal, a red frame and the tooltip) and leave the text alone until it is
fixed. Forms read :meth:`NumberBox.problem` before they act and refuse with that message.
"""

import re
from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QValidator, QWheelEvent
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox, QWidget

from uwr_desktop.ui.widgets.wheel import focus_without_wheel, wheel_is_for

_NUMBER = re.compile(r"^[+\-−]?\d*([.,]\d*)?$")  # noqa: RUF001 (the minus sign is accepted too)
_PROBLEM_STYLE = "border: 1px solid #c0392b;"


def _bare(text: str, prefix: str, suffix: str) -> str:
    if prefix and text.startswith(prefix):
        text = text[len(prefix) :]
    if suffix and text.endswith(suffix):
        text = text[: -len(suffix)]
    return text.strip().replace("−", "-").replace(",", ".")  # noqa: RUF001


def _shown(number: float) -> str:
    return f"{number:g}"


def range_problem(
    text: str, minimum: float, maximum: float, what: str, below: str, *, whole: bool
) -> str:
    """What is wrong with ``text`` in a box from ``minimum`` to ``maximum`` (``""``: nothing).

    ``below`` is said after a value under the minimum (for a sign: what to use instead).
    """
    if text in {"", "+", "-", ".", "+.", "-."}:
        return f"{what} needs a number." if text else ""
    try:
        number = float(text)
    except ValueError:
        return f"{what} must be a number, got {text!r}."
    if whole and not number.is_integer():
        return f"{what} must be a whole number, got {text}."
    if number < minimum:
        if number < 0 <= minimum:
            return f"{what} cannot be negative (got {text}){below}."
        return f"{what} cannot be below {_shown(minimum)} (got {text}){below}."
    if number > maximum:
        return f"{what} can be at most {_shown(maximum)} (got {text})."
    return ""


class NumberBox(QSpinBox):
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
        self._what = what
        self._below = below
        self._problem = ""
        focus_without_wheel(self)
        self.setRange(minimum, maximum)
        self.lineEdit().textEdited.connect(self._check)
        self.valueChanged.connect(self._check)

    def problem(self) -> str:
        """What is wrong with the text typed (``""`` when it is a number in range)."""
        return self._problem

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
        """Keep any number typed, in range or not (out of range is intermediate, not invalid)."""
        result = super().validate(text, pos)
        if result[0] == QValidator.State.Invalid and self._could_be_number(text):
            return (QValidator.State.Intermediate, text, pos)
        return result

    def _could_be_number(self, text: str) -> bool:
        bare = _bare(text, self.prefix(), self.suffix())
        return bool(_NUMBER.match(bare)) and "." not in bare

    def _check(self) -> None:
        text = self.lineEdit().text()
        if self.specialValueText() and text == self.specialValueText():
            found = ""
        else:
            bare = _bare(text, self.prefix(), self.suffix())
            found = range_problem(
                bare, self.minimum(), self.maximum(), self._what, self._below, whole=True
            )
        _show_problem(self, found)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        """Step only with the focus; else let what holds the box scroll."""
        if wheel_is_for(self, event):
            super().wheelEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Leave a wrong number as typed (Qt would put the previous value back unseen)."""
        if self._problem:
            QWidget.focusOutEvent(self, event)
            return
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Enter on a wrong number says why instead of reverting it (the form stays open)."""
        if self._problem and event.text() in {"\r", "\n"}:
            self.problemChanged.emit(self._problem)
            event.accept()
            return
        super().keyPressEvent(event)


class DecimalBox(QDoubleSpinBox):
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
        self._what = what
        self._below = below
        self._problem = ""
        focus_without_wheel(self)
        self.setRange(minimum, maximum)
        self.lineEdit().textEdited.connect(self._check)
        self.valueChanged.connect(self._check)

    def problem(self) -> str:
        """What is wrong with the text typed (``""`` when it is a number in range)."""
        return self._problem

    def setValue(self, value: float) -> None:  # noqa: N802 (Qt naming)
        """Show ``value``; a problem with the text it replaces is gone."""
        super().setValue(value)
        self._check()

    def setRange(self, minimum: float, maximum: float) -> None:  # noqa: N802 (Qt naming)
        """A new range; the text shown is checked against it."""
        super().setRange(minimum, maximum)
        self._check()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """Keep any number typed, in range or not."""
        result = super().validate(text, pos)
        bare = _bare(text, self.prefix(), self.suffix())
        if result[0] == QValidator.State.Invalid and _NUMBER.match(bare):
            return (QValidator.State.Intermediate, text, pos)
        return result

    def _check(self) -> None:
        bare = _bare(self.lineEdit().text(), self.prefix(), self.suffix())
        found = range_problem(
            bare, self.minimum(), self.maximum(), self._what, self._below, whole=False
        )
        _show_problem(self, found)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 (Qt override)
        """Step only with the focus; else let what holds the box scroll."""
        if wheel_is_for(self, event):
            super().wheelEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt override)
        """Leave a wrong number as typed."""
        if self._problem:
            QWidget.focusOutEvent(self, event)
            return
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        """Enter on a wrong number says why instead of reverting it."""
        if self._problem and event.text() in {"\r", "\n"}:
            self.problemChanged.emit(self._problem)
            event.accept()
            return
        super().keyPressEvent(event)


def _show_problem(box: NumberBox | DecimalBox, found: str) -> None:
    if found == box._problem:
        return
    if not box._problem:
        box.setProperty("plainToolTip", box.toolTip())
    box._problem = found
    box.setStyleSheet(_PROBLEM_STYLE if found else "")
    box.setToolTip(found or str(box.property("plainToolTip") or ""))
    box.problemChanged.emit(found)


def first_problem(boxes: Sequence[NumberBox | DecimalBox]) -> str:
    """The first problem among ``boxes`` that are shown (``""``: none)."""
    for box in boxes:
        if box.problem() and not box.isHidden():
            return box.problem()
    return ""
