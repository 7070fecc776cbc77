"""A label showing a status that changes (an outcome, the odds, what a check waits for), which a
screen reader hears as it reads: its accessible name is the words it shows, and what it is
(``role``, "Outcome") is its description, and its name while it shows nothing. A label that
``collapses`` takes no room while it shows nothing."""

from PySide6.QtWidgets import QLabel, QWidget


def plain_words(text: str) -> str:
    """``text`` as plain words (rich text's tags and entities read as they show)."""
    if "<" not in text and "&" not in text:
        return text
    from PySide6.QtGui import QTextDocumentFragment  # only a rich status pays for it

    return QTextDocumentFragment.fromHtml(text).toPlainText()


class StatusLabel(QLabel):
    """A label whose accessible name follows the words it shows; ``role`` says what it is.
    One that ``collapses`` is hidden while it shows nothing, so a panel gives the room of an
    empty line to what is shown."""

    def __init__(
        self, role: str, parent: QWidget | None = None, *, collapses: bool = False
    ) -> None:
        super().__init__(parent)
        self._role = role
        self._collapses = collapses
        self.setAccessibleDescription(role)
        self.setAccessibleName(role)
        if collapses:
            self.hide()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt override)
        """Show ``text`` and have a screen reader read it."""
        super().setText(text)
        self.setAccessibleName(plain_words(text).strip() or self._role)
        if self._collapses:
            self.setHidden(not text)

    def clear(self) -> None:
        """Show nothing; a screen reader reads the label's role."""
        self.setText("")
