"""A drop-down too narrow for its choice shows it ending in "…" (before a final number, which
stays), never cut off mid-letter."""

from PySide6.QtWidgets import QComboBox

from uwr_desktop.ui.widgets.wheel import ChoiceBox

LONG = "Captain Aldric Vane of the Silver Lantern Company"


def shown(qtbot, width: int, choice: str = LONG) -> str:
    box = ChoiceBox()
    qtbot.addWidget(box)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(8)
    box.addItem(choice, "vane")
    box.setFixedWidth(width)
    box.show()
    qtbot.waitExposed(box)
    return box.shown_text()


def test_a_long_choice_in_a_narrow_box_ends_in_an_ellipsis(qtbot):
    text = shown(qtbot, 160)
    assert text.endswith("…")
    assert LONG.startswith(text[:-1])
    assert len(text) < len(LONG)


def test_a_choice_that_fits_is_shown_whole(qtbot):
    assert shown(qtbot, 600) == LONG


def test_a_box_sized_to_its_choices_shows_the_longest_whole(qtbot):
    box = ChoiceBox()
    qtbot.addWidget(box)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    box.addItems(["All combatants", LONG])
    box.setCurrentIndex(1)
    box.show()
    qtbot.waitExposed(box)
    assert box.shown_text() == LONG


def test_a_numbered_choice_cut_short_keeps_its_number(qtbot):
    text = shown(qtbot, 160, f"{LONG} 2")
    assert text.startswith("Captain") and text.endswith("… 2")
