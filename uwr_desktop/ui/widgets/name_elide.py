"""A name cut short to a width without losing what tells it apart: a numbered copy keeps its
number at the end ("Bandit Capt… 2"), since two copies cut at the right would read alike."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF


def elided_name(metrics: QFontMetricsF, text: str, width: float) -> str:
    """``text`` as it fits ``width`` in ``metrics``' font: whole, or cut short with "…". A text
    ending in a number keeps the number and cuts the words before it; where not even "…" and the
    number fit, the end is kept ("…n 2")."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words, _, last = text.rpartition(" ")
    if not (words.strip() and last.isascii() and last.isdigit()):
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    number = f" {last}"
    room = width - metrics.horizontalAdvance(number)
    base = metrics.elidedText(words, Qt.TextElideMode.ElideRight, room)
    if not base:
        return metrics.elidedText(text, Qt.TextElideMode.ElideLeft, width)
    if base.endswith(" …"):  # cut after a word: no space is left before "…"
        base = base[:-2] + "…"
    return base + number
