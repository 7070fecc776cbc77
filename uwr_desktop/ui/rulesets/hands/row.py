"""One combatant's row in the ready-points panel: its widgets, kept from change to change while
it takes part in the turn, and its pips."""

from collections.abc import Callable

from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QToolButton, QWidget

from uwr_desktop.core.rulesets.hands.sheet import HandsSheet
from uwr_desktop.ui.rulesets.hands.row_parts import against_box, pip, target_box, weapon_box
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.elided_label import ElidedLabel
from uwr_desktop.ui.widgets.number_box import NumberBox

Slot = Callable[[], None]
"""What a click runs."""

MAX_PIPS = 24
"""Pips drawn per combatant; more points are counted beside them (the number field spends
any number)."""

PIPS_PER_LINE = 6
"""The most pips drawn side by side; more go on further lines, so that many points do not push
the row's buttons out of the dock."""

NAME_CHARS = 12
"""The least width of a row's name, in average characters; a longer name ends in "…" where
the dock is narrow (its tooltip and what a screen reader hears stay whole)."""

READY, CARRY, USED, DAMAGED = "●", "◆", "○", "✕"

NAME_PREFIX = "handsName:"
"""A row's name label is named this and its combatant's id."""

PIP_POINTS = "pipPoints"
"""A pip's property: the points a click on it spends (or moves with)."""

_NOT_NOW = {
    "ready": ": spent from turn 1 on (the carry-over turn moves with carry-over points only)",
    "carry-over": ": stays in place (only the carry-over turn moves with it)",
}
"""Why a ready or carry-over pip cannot be clicked now (the other turn's points)."""

Pip = tuple[str, str, str, bool, int]
"""A pip: its symbol, object name, tooltip, whether a click acts, the points it stands for."""


def pip_marks(cid: str, sheet: HandsSheet, *, carry: bool) -> tuple[list[Pip], int]:
    """The pips of ``cid``'s row, at most :data:`MAX_PIPS`, and the count of those not shown."""
    marks: list[Pip] = []
    kinds = (
        (READY, sheet.ready, "ready", not carry),
        (CARRY, sheet.carry_over, "carry-over", carry),
        (USED, sheet.used, "used", False),
        (DAMAGED, sheet.damage, "damaged", False),
    )
    verb = "move with" if carry else "spend"
    for symbol, count, word, clickable in kinds:
        for number in range(1, count + 1):
            if len(marks) == MAX_PIPS:
                break
            if clickable:
                tip = f"{word} point {number}: {verb} {number}"
            else:
                tip = f"{word} point {number}" + _NOT_NOW.get(word, "")
            marks.append((symbol, f"pip:{cid}:{word}:{number}", tip, clickable, number))
    return marks, sheet.points_max - len(marks)


def pip_places(items: int) -> list[tuple[int, int]]:
    """The line and place on it of each of ``items`` pips (and count): the fewest lines of at
    most :data:`PIPS_PER_LINE`, filled evenly (7 pips are 4 and 3, not 6 and a lone one)."""
    lines = max(1, -(-items // PIPS_PER_LINE))
    shorter, longer = divmod(items, lines)
    lengths = [shorter + 1] * longer + [shorter] * (lines - longer)
    return [(line, place) for line, length in enumerate(lengths) for place in range(length)]


def pip_holder(
    rows: QWidget, cid: str, marks: list[Pip], hidden: int, action: Callable[[QToolButton], Slot]
) -> QWidget:
    """``cid``'s pips, ``marks`` (:func:`pip_marks`), and a count of the ``hidden`` ones, on a
    widget of their own in ``rows``; a click on a pip runs ``action(pip)`` (a kept row's pips
    change in place while their number stays; else they are made again)."""
    holder = QWidget(rows)
    pips = QGridLayout(holder)
    pips.setContentsMargins(0, 0, 0, 0)
    pips.setSpacing(0)
    places = pip_places(len(marks) + (hidden > 0))
    pips.setColumnStretch(max((place for _, place in places), default=-1) + 1, 1)
    for (symbol, name, tip, clickable, number), place in zip(marks, places, strict=False):
        mark = pip(symbol, name, tip, clickable=clickable, keys=f"handsPoints:{cid}")
        mark.setProperty(PIP_POINTS, number)
        mark.clicked.connect(action(mark))
        pips.addWidget(mark, *place)
    if hidden > 0:
        pips.addWidget(QLabel(f"+{hidden}"), *places[-1])
    return holder


def drop_widget(widget: QWidget) -> None:
    """Delete ``widget``, out of findChild's reach at once."""
    widget.hide()
    widget.setParent(None)
    widget.deleteLater()


class RowWidgets:
    """The widgets of one combatant's row in a turn, on the rows' frame, kept while it takes
    part in the turn; the panel places and updates them on each change."""

    def __init__(self, rows: QFrame, cid: str) -> None:
        self.cid = cid
        self.name = named(ElidedLabel(), f"{NAME_PREFIX}{cid}")
        self.reason = named(QLabel(), f"handsReason:{cid}")
        self.outreach = named(QLabel(), f"handsOutreach:{cid}")
        self.outreach.setWordWrap(True)
        self.points = named(NumberBox(1, 1, what="Points to spend"), f"handsPoints:{cid}")
        self.points.setToolTip("Points to spend")
        self.weapon = weapon_box(cid)
        self.target = target_box(cid)
        self.against = against_box(cid)
        for widget in self._widgets():
            widget.setParent(rows)
        # A long name ends in "…" rather than push the row's buttons out of the dock.
        self.name.setMinimumWidth(NAME_CHARS * self.name.fontMetrics().averageCharWidth())
        self.pips: QWidget | None = None
        self.marks: list[Pip] = []
        self.hidden = 0
        """The pips shown and the count of those not shown (:func:`pip_marks`)."""
        self.buttons: tuple[QPushButton, QPushButton] | None = None
        """The row's own Spend and Hesitate (none while it uses the turn's)."""

    def _widgets(self) -> list[QWidget]:
        return [
            self.name,
            self.reason,
            self.outreach,
            self.points,
            self.weapon,
            self.target,
            self.against,
        ]

    def drop_buttons(self) -> None:
        """Delete the row's own Spend and Hesitate (the turn's pair takes their place)."""
        if self.buttons is not None:
            for button in self.buttons:
                drop_widget(button)
            self.buttons = None

    def drop(self) -> None:
        """Delete the row's widgets (its combatant left the turn)."""
        self.drop_buttons()
        for widget in self._widgets():
            drop_widget(widget)
        if self.pips is not None:
            drop_widget(self.pips)
            self.pips = None
