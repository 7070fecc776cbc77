"""The table's side of dice rolled by hand in GUI tests: whatever prompt for faces opens is
answered from the keyboard, as a GM types what the players rolled."""

import random
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel

from uwr_desktop.core.dice_requests import DiceRequest
from uwr_desktop.ui.dialogs.faces_prompt import FacesPrompt


class Table:
    """Answers every prompt for faces: first each of ``tries`` (typed, or made from the request
    by a function, and entered; its refusal, ``""`` when taken, kept in :attr:`refusals`),
    then the faces ``rng`` gives, drawn as the app would have drawn them, so the fight goes
    exactly as if the app had rolled. :attr:`asked` lists what the prompts asked for and
    :attr:`headings` their first lines."""

    def __init__(
        self,
        qtbot,
        rng: random.Random,
        tries: tuple[str | Callable[[DiceRequest], str], ...] = (),
    ) -> None:
        self.asked: list[DiceRequest] = []
        self.headings: list[str] = []
        self.refusals: list[str] = []
        self._qtbot = qtbot
        self._rng = rng
        self._tries = list(tries)
        self._seen: FacesPrompt | None = None
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._answer)
        self._timer.start()

    def stop(self) -> None:
        """Answer no more prompts."""
        self._timer.stop()

    def _type(self, prompt: FacesPrompt, text: str) -> None:
        prompt.faces.clear()
        self._qtbot.keyClicks(prompt.faces, text)
        self._qtbot.keyClick(prompt.faces, Qt.Key.Key_Return)

    def _answer(self) -> None:
        prompt = QApplication.activeModalWidget()
        if not isinstance(prompt, FacesPrompt):
            return
        if prompt is not self._seen:
            self._seen = prompt
            self.asked.append(prompt.request)
            self.headings.append(prompt.findChild(QLabel, "facesHeading").text())
        if self._tries:
            tried = self._tries.pop(0)
            self._type(prompt, tried if isinstance(tried, str) else tried(prompt.request))
            self.refusals.append(prompt.problem.text() if not prompt.problem.isHidden() else "")
            return
        request = prompt.request
        faces = [self._rng.randint(1, request.sides) for _ in range(request.count)]
        self._type(prompt, " ".join(map(str, faces)))
