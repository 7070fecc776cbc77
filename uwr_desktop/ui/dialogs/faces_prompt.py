"""The prompt for dice rolled by hand: it says exactly what to roll and takes the faces from the
keyboard (``7 3 10 5 2 9 1``, the total alone where only the total counts) or from clicks on die
faces, refusing impossible faces with the reason before the roll goes on."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.dice import DiceError
from uwr_desktop.core.dice_requests import DiceRequest
from uwr_desktop.core.hand_dice import read_faces
from uwr_desktop.ui.document import APP_ROLLS, FacesAnswer
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.dialog_parts import problem_label

MOST_FACE_BUTTONS = 20
"""Dice of up to this many sides get a button per face (larger ones are typed)."""

FACE_COLUMNS = 10
"""Face buttons per row."""


def request_heading(request: DiceRequest, who: str) -> str:
    """What to roll, in one line: "Kakita: roll 7 d10, keep 3 — 10s roll again"."""
    return f"{who}: roll {request.dice or request.plain}"


def request_detail(request: DiceRequest) -> str:
    """What the roll is for and why these dice: "for the attack · 1 d10: die 3 showed 10..."."""
    parts = [f"for {request.by.what}"] if request.by.what else []
    if request.note:
        parts.append(f"now {request.plain}: {request.note}")
    if request.total_only and request.count > 1:
        parts.append("each face, or the total alone")
    return " · ".join(parts)


def placeholder(request: DiceRequest) -> str:
    """What the empty box asks for: "Type the 4 faces, spaces between"."""
    if request.count == 1:
        return "Type the face"
    total = ", or their total" if request.total_only else ""
    return f"Type the {request.count} faces, spaces between{total}"


class FacesPrompt(QDialog):
    """Asks for the faces of one :class:`DiceRequest`; :attr:`answer` once accepted."""

    def __init__(self, request: DiceRequest, who: str, parent: QWidget | None = None) -> None:
        """Build the prompt for ``request``, rolled by ``who``."""
        super().__init__(parent)
        self.setObjectName("facesPrompt")
        self.setWindowTitle("Rolled by Hand")
        self._request = request
        self.answer: FacesAnswer = None
        heading = QLabel(request_heading(request, who))
        heading.setObjectName("facesHeading")
        heading.setWordWrap(True)
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        heading.setFont(font)
        detail = QLabel(request_detail(request))
        detail.setObjectName("facesDetail")
        detail.setWordWrap(True)
        self.faces = QLineEdit()
        self.faces.setObjectName("facesTyped")
        self.faces.setPlaceholderText(placeholder(request))
        self.faces.setAccessibleName(f"Faces of {request.plain}")
        self.problem = problem_label()
        self.faces.textChanged.connect(lambda _: self.problem.hide())
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(detail)
        layout.addWidget(self.faces)
        if request.sides <= MOST_FACE_BUTTONS:
            layout.addLayout(self._face_buttons())
        layout.addWidget(self.problem)
        layout.addWidget(self._buttons())
        self.setMinimumWidth(420)
        self.faces.setFocus()

    @property
    def request(self) -> DiceRequest:
        """The dice asked for."""
        return self._request

    def _face_buttons(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setSpacing(4)
        for face in range(1, self._request.sides + 1):
            button = QPushButton(str(face))
            button.setObjectName(f"face{face}")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setAutoDefault(False)
            button.setToolTip(f"Add a {face}")
            button.clicked.connect(lambda _=False, shown=face: self.add_face(shown))
            grid.addWidget(button, (face - 1) // FACE_COLUMNS, (face - 1) % FACE_COLUMNS)
        return grid

    def _buttons(self) -> QDialogButtonBox:
        buttons = QDialogButtonBox()
        take = buttons.addButton("Use These Faces", QDialogButtonBox.ButtonRole.AcceptRole)
        take.setObjectName("useFaces")
        take.setDefault(True)
        app = named(
            buttons.addButton("Let the App Roll", QDialogButtonBox.ButtonRole.ActionRole),
            "appRolls",
            tip="Roll these dice with the app's random dice instead, this time",
        )
        app.setAutoDefault(False)
        app.clicked.connect(self.let_the_app_roll)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        return buttons

    def add_face(self, face: int) -> None:
        """Add ``face`` to the faces typed (a click on a die face)."""
        text = self.faces.text().rstrip()
        self.faces.setText(f"{text} {face}".strip())
        self.faces.setFocus()

    def let_the_app_roll(self) -> None:
        """Let the app roll these dice after all."""
        self.answer = APP_ROLLS
        super().accept()

    def accept(self) -> None:
        """Take the faces typed, or say why they cannot be."""
        try:
            self.answer = read_faces(self.faces.text(), self._request)
        except DiceError as error:
            self.problem.setText(str(error))
            self.problem.show()
            self.faces.setFocus()
            self.faces.selectAll()
            return
        super().accept()


def ask_faces(parent: QWidget | None, request: DiceRequest, who: str) -> FacesAnswer:
    """Ask the GM for the faces of ``request`` (``None``: cancelled)."""
    prompt = FacesPrompt(request, who, parent)
    prompt.exec()
    return prompt.answer if prompt.result() == QDialog.DialogCode.Accepted else None
