"""A name cut short to a width without losing what tells it apart: a numbered copy keeps its
number at the end ("Bandit Capt… 2"), since two copies cut at the right would read alike."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF


def elided_name(metrics: QFontMetricsF, text: str, width: float, spare: str = "") -> str:
    """``text`` and then ``spare`` as they fit ``width`` in ``metrics``' font: whole, else
    ``text`` alone ("Vex acts", then "Vex"), else ``text`` cut short with "…". A text ending in a
    number (and maybe marks after it: "Bandit 2 ⚠") keeps that end and cuts the words before
    it; where not even "…" and that end fit, the end is kept ("…n 2")."""
    if spare and metrics.horizontalAdvance(text + spare) <= width:
        return text + spare
    if metrics.horizontalAdvance(text) <= width:
        return text
    words, number = _numbered(text)
    if not number:
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
    room = width - metrics.horizontalAdvance(number)
    base = metrics.elidedText(words, Qt.TextElideMode.ElideRight, room)
    if not base:
        return metrics.elidedText(text, Qt.TextElideMode.ElideLeft, width)
    if base.endswith(" …"):  # cut after a word: no space is left before "…"
        base = base[:-2] + "…"
    return base + number


def _numbered(text: str) -> tuple[str, str]:
    """``text`` split before its final number and any marks after it ("Bandit 2 ⚠" gives
    "Bandit" and " 2 ⚠"); the end is empty when there is no such number."""
    words, marks = text, ""
    while True:
        words_before, _, last = words.rpartition(" ")
        if not words_before.strip():
            return text, ""
        if last.isascii() and last.isdigit():
            return words_before, f" {last}{marks}"
        if not last or any(character.isalnum() for character in last):
            return text, ""
        words, marks = words_before, f" {last}{marks}"
