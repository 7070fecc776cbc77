"""What the dialogs asking the GM something share: OK and Cancel, the line saying why the form
cannot be accepted, and the modal run that reads the answer."""

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
)

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.theme import problem_palette
from uwr_desktop.ui.widgets.screen_room import screen_room
from uwr_desktop.ui.widgets.swatch import side_swatch
from uwr_desktop.ui.widgets.wheel import ChoiceBox

T = TypeVar("T")


def combatant_dialog_title(combatant: Combatant | None) -> str:
    """A combatant dialog's title in every round system: the command that opened it for a new
    one ("Add Combatant"), the combatant's name for an edit."""
    return "Add Combatant" if combatant is None else f"Edit {combatant.name}"


NAMELESS = "The combatant needs a name."
"""Why every combatant dialog refuses OK while the name is blank."""

NAME_FIELD_CHARS = 30
"""The least width of a combatant dialog's name field, in average characters."""


def name_field(combatant: Combatant | None) -> QLineEdit:
    """Every combatant dialog's name field: ``combatant``'s name (empty for a new one) shown
    from its start, at most as long as the fight takes a name, and wide enough to read one."""
    field = QLineEdit(combatant.name if combatant is not None else "")
    field.setObjectName("name")
    field.setAccessibleName("Name")
    field.setMaxLength(MAX_NAME_LENGTH)
    field.setMinimumWidth(NAME_FIELD_CHARS * field.fontMetrics().averageCharWidth())
    field.setCursorPosition(0)
    return field


def side_box(combatant: Combatant | None) -> ChoiceBox:
    """Every combatant dialog's side chooser: each side by its colour and name, on
    ``combatant``'s side (a new combatant is an enemy, as most newcomers to a fight are)."""
    box = ChoiceBox()
    box.setObjectName("side")
    box.setAccessibleName("Side")
    for side in Side:
        box.addItem(side_swatch(side), side.value.capitalize(), side)
    box.setCurrentIndex(box.findData(combatant.side if combatant is not None else Side.ENEMY))
    return box


def hidden_box(combatant: Combatant | None) -> QCheckBox:
    """Every combatant dialog's "Hidden from players", ticked as ``combatant`` is (a new one
    is seen): a combatant added hidden never shows on the players' screens."""
    box = QCheckBox("Hidden from players")
    box.setObjectName("hidden")
    box.setToolTip("The player view and the page shared with the players leave it out")
    box.setChecked(combatant is not None and combatant.hidden)
    return box


def notes_field(combatant: Combatant | None) -> QPlainTextEdit:
    """Every combatant dialog's notes for the GM, a few lines high (Tab leaves them)."""
    notes = QPlainTextEdit(combatant.notes if combatant is not None else "")
    notes.setObjectName("notes")
    notes.setAccessibleName("Notes")
    notes.setTabChangesFocus(True)
    notes.setPlaceholderText("Notes for the GM")
    notes.setMaximumHeight(64)
    return notes


def widen_about_centre(dialog: QDialog, width: int) -> None:
    """Widen ``dialog`` to ``width`` about its centre, as it was placed, within its screen: a
    dialog that finds at its showing that it needs more room stays centred on its window."""
    placed = dialog.geometry()
    grow = width - placed.width()
    if grow <= 0:
        return
    room = screen_room(dialog)
    left = max(room.left(), min(placed.left() - grow // 2, room.right() + 1 - width))
    dialog.setGeometry(left, placed.top(), width, placed.height())


def ok_cancel(
    dialog: QDialog, accept: Callable[[], object] | None = None, *, ok_default: bool = True
) -> QDialogButtonBox:
    """OK and Cancel: Cancel rejects ``dialog``, OK calls ``accept`` (by default the dialog's
    own, which accepts it; a form's own checks first, then accepts). OK is the default button
    unless ``ok_default`` is off (a form whose OK waits for a valid sheet leaves Return to the
    button that has the focus)."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept if accept is None else accept)
    buttons.rejected.connect(dialog.reject)
    if ok_default:
        buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)
    return buttons


def problem_label() -> QLabel:
    """The red line under a form saying why it cannot be accepted (hidden while nothing is
    wrong)."""
    label = QLabel()
    label.setObjectName("problemLabel")
    label.setWordWrap(True)
    label.setPalette(problem_palette(label))
    label.hide()
    return label


def say_problem(label: QLabel, text: str) -> None:
    """Show ``text`` on a :func:`problem_label`, hidden while there is nothing to say."""
    label.setText(text)
    label.setVisible(bool(text))


def modal_answer(dialog: QDialog, answer: Callable[[], T]) -> T | None:
    """Run ``dialog`` modally: what ``answer`` reads off it once accepted, ``None`` when the
    GM cancels; the dialog is deleted either way."""
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return answer()
    finally:
        dialog.deleteLater()
