"""The bar across the main window that stays while the autosave cannot store the fight.

It says why (a full disk, a folder that cannot be written), offers "Save As…" to keep the fight
in a file meanwhile, and "Try Again". It also tries again by itself every
``RETRY_SECONDS`` and hides once every change is stored.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from uwr_desktop.core.storage.guarded_autosave import KEPT_IN_MEMORY

if TYPE_CHECKING:
    from uwr_desktop.core.storage.startup import DamageReport

RETRY_SECONDS = 10
"""How often a failing autosave is tried again without the GM doing anything."""

_STYLE = """
QFrame#autosaveBar { background: #fff3cd; border: 1px solid #d39e00; border-radius: 4px; }
QFrame#autosaveBar QLabel { color: #533f03; }
"""


def autosave_off_text(reason: str) -> str:
    """The bar's text when no autosave file could be opened at start."""
    return f"Autosave is off: {reason} {KEPT_IN_MEMORY} Use Save As… to keep it in a file."


def damage_text(report: "DamageReport") -> str:
    """What the GM is told at start about a damaged autosave file and what came back."""
    lines = ["The autosave file was damaged. Whatever could be read from it was saved."]
    for fight in report.fights:
        recovered = "1 entry" if fight.recovered == 1 else f"{fight.recovered} entries"
        lost = "nothing lost" if fight.lost == 0 else f"{fight.lost} lost"
        lines.append(f"• “{fight.title}”: {recovered} recovered, {lost}.")
    if not report.fights:
        lines.append("No unfinished fight was found in it.")
    if report.moved_to is not None:
        lines.append(
            f"The damaged file was kept as {report.moved_to}; a fresh one was started beside it."
        )
    lines.append(f"What was wrong: {report.problem}")
    return "\n\n".join(lines)


class AutosaveBar(QFrame):
    """A warning bar with the autosave's problem, "Try Again" and "Save As…".

    ``retryRequested`` asks the window to try storing again (the button or the timer);
    ``saveAsRequested`` asks for Save As.
    """

    retryRequested = Signal()  # noqa: N815 (Qt signal naming)
    saveAsRequested = Signal()  # noqa: N815 (Qt signal naming)

    def __init__(self, parent: QWidget | None = None) -> None:
        """Build the bar, hidden."""
        super().__init__(parent)
        self.setObjectName("autosaveBar")
        self.setStyleSheet(_STYLE)
        self._label = QLabel(self)
        self._label.setObjectName("autosaveMessage")
        self._label.setWordWrap(True)
        self._retry = QPushButton("&Try Again", self)
        self._retry.setObjectName("autosaveRetry")
        save_as = QPushButton("Save &As…", self)
        save_as.setObjectName("autosaveSaveAs")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self._label, 1)
        layout.addWidget(self._retry)
        layout.addWidget(save_as)
        self._timer = QTimer(self)
        self._timer.setObjectName("autosaveRetryTimer")
        self._timer.setSingleShot(True)
        self._timer.setInterval(RETRY_SECONDS * 1000)
        self._timer.timeout.connect(self.retryRequested)
        self._retry.clicked.connect(self.retryRequested)
        save_as.clicked.connect(self.saveAsRequested)
        self.hide()

    def message(self) -> str:
        """The text shown."""
        return self._label.text()

    def show_problem(self, text: str, *, can_retry: bool = True) -> None:
        """Show ``text`` until :meth:`clear`; with ``can_retry``, try again now and then."""
        self._label.setText(text)
        self._retry.setVisible(can_retry)
        self.show()
        if can_retry:
            self._timer.start()

    def clear(self) -> None:
        """Hide the bar: everything is stored again."""
        self._timer.stop()
        self.hide()
