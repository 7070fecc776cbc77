"""What the round systems' Dice dock panels share: the document they follow, the combatant
selected in the table, and a message line saying why the GM's last intent was refused."""

from PySide6.QtWidgets import QWidget

from uwr_desktop.core.intents import Intent
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.widgets.status_label import StatusLabel


class SystemPanel(QWidget):
    """A round system's panel over the Dice dock's tray, following one document."""

    def __init__(
        self, document: EncounterDocument, system: str, parent: QWidget | None = None
    ) -> None:
        """A panel named ``<system>Panel`` following ``document``, with its message line
        ``<system>Message`` (empty until an intent is refused)."""
        super().__init__(parent)
        self.setObjectName(f"{system}Panel")
        self._document = document
        self._focus: str | None = None
        """The combatant selected in the table (``None``: nobody)."""
        self.message = StatusLabel("Refusal", self, collapses=True)
        self.message.setObjectName(f"{system}Message")
        self.message.setWordWrap(True)

    def _do(self, intent: Intent) -> bool:
        """Do ``intent`` through the document: ``True`` once done (the message line emptied),
        ``False`` when refused (the message line saying why)."""
        if not self._document.do_or_say(intent, self.message.setText):
            return False
        self.message.clear()
        return True
