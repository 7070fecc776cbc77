"""What the parts of the check panel the GM acts through share: the intent chosen, for the
panel to do, and the number typed that cannot be used."""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from uwr_desktop.ui.widgets.build import named


class IntentWidget(QWidget):
    """A part of the check panel that emits ``intentChosen(Intent)`` for the panel to do, and
    ``problemFound(str)`` when a number typed cannot be used (the message says why; nothing
    was done)."""

    intentChosen = Signal(object)  # noqa: N815 (Qt signal naming)
    problemFound = Signal(str)  # noqa: N815 (Qt signal naming)

    def __init__(
        self, name: str, parent: QWidget | None = None, *, accessible: str | None = None
    ) -> None:
        """A widget named ``name``, read aloud as ``accessible`` when given."""
        super().__init__(parent)
        named(self, name, accessible=accessible)
