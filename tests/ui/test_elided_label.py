"""The elided label draws its words as a plain label does, enabled or not, and cuts them with
"…" only when they do not fit, keeping a final number."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QLabel, QWidget

from uwr_desktop.ui.widgets.elided_label import ElidedLabel

WORDS = "Round 3   Captain Aldric Vane acts"


def _picture(label: QWidget) -> QImage:
    return label.grab().toImage()


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("alignment", [Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignCenter])
def test_words_that_fit_look_as_a_plain_label_s(themed_app, qtbot, enabled, alignment):
    pictures = []
    for kind in (ElidedLabel, QLabel):
        label = kind(WORDS)
        qtbot.addWidget(label)
        label.setAlignment(alignment | Qt.AlignmentFlag.AlignVCenter)
        label.setEnabled(enabled)
        label.resize(label.sizeHint().width() + 40, 30)
        pictures.append(_picture(label))
    assert pictures[0] == pictures[1]


def test_words_that_do_not_fit_end_in_an_ellipsis(themed_app, qtbot):
    label = ElidedLabel(WORDS)
    qtbot.addWidget(label)
    label.resize(label.fontMetrics().horizontalAdvance(WORDS) // 2, 30)
    shown = label.shown_text()
    assert shown.endswith("…") and WORDS.startswith(shown[:-1])
    plain = QLabel(shown)
    qtbot.addWidget(plain)
    plain.resize(label.size())
    assert _picture(label) == _picture(plain), "the cut words, drawn as a label draws them"


def test_words_ending_in_a_number_keep_it_when_cut(themed_app, qtbot):
    label = ElidedLabel("Next: Bandit Captain of the Northern Hills 2")
    qtbot.addWidget(label)
    label.resize(label.fontMetrics().horizontalAdvance("Next: Bandit Captain 2"), 30)
    shown = label.shown_text()
    assert shown.startswith("Next: Bandit") and shown.endswith("… 2")
