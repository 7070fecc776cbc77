"""Typing into a number box never surprises: Tab selects what it shows, a refused key gets a
hint at the box, a comma is never read as a thousands separator, and bounds read as numbers."""

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QToolTip, QVBoxLayout, QWidget

from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.ui.rulesets.tactical.combatant_dialog import TacticalDialog
from uwr_desktop.ui.rulesets.uwr.combatant_dialog import CombatantDialog
from uwr_desktop.ui.widgets.number_box import DecimalBox, NumberBox
from uwr_desktop.ui.widgets.number_text import (
    number_shape,
    range_problem,
    refusal_hint,
    shown_number,
)


def _shown(qtbot, widget):
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    QApplication.processEvents()
    return widget


def _form(qtbot, box):
    """``box`` below a line edit, as in a form: the form and the line edit (focused)."""
    holder = QWidget()
    layout = QVBoxLayout(holder)
    before = QLineEdit()
    layout.addWidget(before)
    layout.addWidget(box)
    _shown(qtbot, holder)
    before.setFocus()
    QApplication.processEvents()
    return holder, before


def test_tab_into_a_number_box_selects_it_and_typing_replaces_it(qtbot):
    box = NumberBox(0, 20, what="Rank")
    _holder, before = _form(qtbot, box)
    qtbot.keyClick(before, Qt.Key.Key_Tab)
    assert box.hasFocus()
    assert box.lineEdit().selectedText() == "0"
    qtbot.keyClicks(box, "1")
    assert box.value() == 1


def test_tab_into_a_skill_rank_in_the_sheet_selects_it(qtbot):
    dialog = _shown(qtbot, CombatantDialog(make_ruleset("uwr")))
    row = dialog._tables.new_skill_row(focus=True)
    QApplication.processEvents()
    qtbot.keyClick(row.name, Qt.Key.Key_Tab)
    assert row.rank.hasFocus()
    assert row.rank.lineEdit().selectedText() == "0"
    qtbot.keyClicks(row.rank, "1")
    assert row.rank.value() == 1


def test_tab_through_a_dialog_selects_each_number(qtbot):
    dialog = _shown(qtbot, TacticalDialog(None, None))
    dialog.quickness.setFocus(Qt.FocusReason.MouseFocusReason)
    assert dialog.quickness.lineEdit().selectedText() == ""
    qtbot.keyClick(dialog.quickness, Qt.Key.Key_Tab)
    assert dialog.penalty.hasFocus()
    assert dialog.penalty.lineEdit().selectedText() == "0"


def test_a_letter_gets_a_hint_at_the_box_and_changes_nothing(qtbot):
    box = NumberBox(0, 100, what="Damage")
    _holder, _ = _form(qtbot, box)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "4x")
    assert box.text() == "4"
    assert box.hint() == "Numbers only"
    assert QToolTip.isVisible() and QToolTip.text() == "Numbers only"
    qtbot.keyClicks(box, "2")
    assert box.value() == 42 and box.hint() == ""


def test_a_decimal_comma_in_a_whole_number_box_is_kept_and_refused_not_read_as_thousands(
    qtbot,
):
    box = NumberBox(0, 1_000_000, what="Damage")
    _holder, _ = _form(qtbot, box)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "2,")
    assert box.hint() == "Whole numbers only"
    assert QToolTip.isVisible() and QToolTip.text() == "Whole numbers only"
    qtbot.keyClicks(box, "5")
    assert box.text() == "2,5" and box.value() != 25
    assert box.problem() == "Damage must be a whole number, got 2,5."
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "1.")
    assert box.hint() == "Whole numbers only"
    assert box.problem() == "Damage must be a whole number, got 1.."
    qtbot.keyClicks(box, ",")
    assert box.text() == "1." and box.hint() == "Whole numbers only"


def _attribute_box(qtbot, locale: str = "C") -> tuple[QWidget, DecimalBox]:
    box = DecimalBox(0, 7, what="Grace")
    box.setDecimals(1)
    box.setSingleStep(0.5)
    box.setLocale(QLocale(locale))
    holder, _ = _form(qtbot, box)
    box.setFocus()
    box.lineEdit().selectAll()
    return holder, box


def test_a_decimal_comma_is_read_as_the_point_and_the_box_says_so(qtbot):
    _holder, box = _attribute_box(qtbot)
    qtbot.keyClicks(box, "2,")
    assert box.hint() == "Comma read as the decimal point"
    assert QToolTip.isVisible() and QToolTip.text() == "Comma read as the decimal point"
    qtbot.keyClicks(box, "5")
    assert box.text() == "2.5" and box.value() == 2.5
    assert box.problem() == "" and box.hint() == ""


def test_where_the_comma_is_the_point_a_point_is_read_as_it(qtbot):
    _holder, box = _attribute_box(qtbot, "de_DE")
    qtbot.keyClicks(box, "2.5")
    assert box.text() == "2,5" and box.value() == 2.5


def test_a_decimal_box_refuses_letters_and_a_decimal_too_many(qtbot):
    _holder, box = _attribute_box(qtbot)
    qtbot.keyClicks(box, "2.55")
    assert box.text() == "2.5"
    assert box.hint() == "At most 1 decimal"
    qtbot.keyClicks(box, "q")
    assert box.hint() == "Numbers only"


def test_a_comma_after_a_point_asks_for_the_point(qtbot):
    _holder, box = _attribute_box(qtbot)
    qtbot.keyClicks(box, "2.,")
    assert box.text() == "2."
    assert box.hint() == "Use a point: 2.5"


def test_a_bound_of_a_million_reads_as_a_number(qtbot):
    box = NumberBox(0, 1_000_000, what="Damage")
    _holder, _ = _form(qtbot, box)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "2000000")
    assert box.problem() == "Damage can be at most 1000000 (got 2000000)."


@pytest.mark.parametrize(
    ("number", "words"),
    [(1_000_000, "1000000"), (-5, "-5"), (2.5, "2.5"), (0.125, "0.125"), (7.0, "7")],
)
def test_shown_number_never_uses_an_exponent(number, words):
    assert shown_number(number) == words


@pytest.mark.parametrize(
    ("text", "decimals", "shaped"),
    [
        ("", 0, True),
        ("-", 0, True),
        ("-12", 0, True),
        ("1.", 0, False),
        ("1.5", 1, True),
        ("1.55", 1, False),
        ("+.5", 1, True),
        ("1e5", 1, False),
        ("²", 0, False),
    ],
)
def test_number_shape(text, decimals, shaped):
    assert number_shape(text, decimals) is shaped


@pytest.mark.parametrize(
    ("text", "decimals", "point", "hint"),
    [
        ("4x", 0, ".", "Numbers only"),
        ("2,", 0, ".", "Whole numbers only"),
        ("2.", 0, ".", "Whole numbers only"),
        ("2.,", 1, ".", "Use a point: 2.5"),
        ("2,.", 1, ",", "Use a comma: 2,5"),
        ("2.55", 1, ".", "At most 1 decimal"),
        ("2.555", 2, ".", "At most 2 decimals"),
        ("-+", 1, ".", "Numbers only"),
    ],
)
def test_refusal_hint(text, decimals, point, hint):
    assert refusal_hint(text, decimals=decimals, point=point) == hint


def test_range_problem_reads_either_mark_but_wants_a_whole_number_without_one():
    assert range_problem("2,5", 0, 7, "Grace", "", whole=False) == ""
    assert range_problem("1,000", 0, 10, "Damage", "", whole=True) == (
        "Damage must be a whole number, got 1,000."
    )


def test_range_problem_words_a_bound_as_a_number():
    assert range_problem("0", 1, 1_000_000, "Maximum Vitality", "", whole=True) == (
        "Maximum Vitality cannot be below 1 (got 0)."
    )
