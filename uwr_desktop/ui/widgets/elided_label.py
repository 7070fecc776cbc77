"""A one-line label that ends in "…" when it is narrower than its words, instead of cutting the
last letter in half; its text, tooltip and what a screen reader hears stay whole."""

from PySide6.QtGui import QFontMetricsF, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel

from uwr_desktop.ui.widgets.name_elide import elided_name


class ElidedLabel(QLabel):
    """A plain-text label drawn elided at its right end (before a final number) when it does not
    fit its width; a spare ending is left out first."""

    spare_ending = ""
    """Words at the end of the text left out before the rest is cut ("acts" after who acts)."""

    def set_text_and_spare(self, text: str, spare: str) -> None:
        """Show ``text`` followed by ``spare``, which gives way first when they do not fit."""
        self.spare_ending = spare
        self.setText(text + spare)

    def shown_text(self) -> str:
        """The words as drawn now: whole when they fit, else without the spare ending, else cut
        short with "…" (before a final number, which stays: "Next: Bandit Capt… 2")."""
        text, spare = self.text(), self.spare_ending
        if not text.endswith(spare):  # text set since by setText
            spare = ""
        words = text[: len(text) - len(spare)]
        return elided_name(QFontMetricsF(self.font()), words, self.contentsRect().width(), spare)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        """Draw the words, elided, as the style draws a label's text: in the window text colour
        of the label's state (its palette's group). Drawn here, since the first use of
        ``QStyle`` in PySide builds all of its enum types, which a first paint does without."""
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawText(self.contentsRect(), int(self.alignment()), self.shown_text())
