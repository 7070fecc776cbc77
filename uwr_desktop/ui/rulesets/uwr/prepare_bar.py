"""Prepare / Unprepare for slow weapons (below 1 use per round), one line per such weapon.

The bar never changes the fight: it emits ``PrepareWeapon`` (start preparing: Off Guard
meanwhile) or ``SetPrepared`` (the GM marks the weapon prepared or not, stopping any
preparation), and the owner hands the intent to the session. Prepare is greyed, the reason on
it, when the rules would refuse it (the weapon was used this round).
"""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import Intent
from uwr_desktop.core.rulesets.uwr.decide import prepare_refusal
from uwr_desktop.core.rulesets.uwr.intents import PrepareWeapon, SetPrepared
from uwr_desktop.core.rulesets.uwr.sheet import Weapon, sheet_of
from uwr_desktop.ui.rulesets.base import ListKeys

SLOW_WEAPONS = ListKeys(
    "slow_weapons",
    "Slow &Weapons",
    "Ctrl+1",
    "The attacker has no slow weapon to prepare or unprepare.",
)
"""The bar's buttons as the window offers them by keys (Fight ▸ Panel)."""

_TIPS = {
    "Prepare": "Start preparing {}: Off Guard meanwhile",
    "Mark prepared": "Mark {} prepared, as the GM rules",
    "Stop preparing": "Stop preparing {}",
    "Unprepare": "Mark {} not prepared",
}

Line = tuple[str, tuple[tuple[str, Intent, str | None], ...]]
"""One weapon's line: the words, then each button's text, intent and why the rules would refuse
it now (``None``: they would not)."""


def _rounds(count: int) -> str:
    return "1 round" if count == 1 else f"{count} rounds"


def weapon_line(combatant: Combatant, index: int, weapon: Weapon) -> Line | None:
    """What the bar shows for a weapon (``None``: it needs no preparing, or its uses this round
    are not known yet)."""
    if weapon.upr is None or not 0 < weapon.upr < 1:
        return None
    cid, name = combatant.id, weapon.name
    if weapon.preparing_left:
        words = f"{name}: preparing, {_rounds(weapon.preparing_left)} left (Off Guard)"
        return words, (("Stop preparing", SetPrepared(cid, index, prepared=False), None),)
    if weapon.prepared:
        return f"{name}: prepared", (("Unprepare", SetPrepared(cid, index, prepared=False), None),)
    return f"{name}: not prepared", (
        ("Prepare", PrepareWeapon(cid, index), prepare_refusal(combatant, weapon)),
        ("Mark prepared", SetPrepared(cid, index, prepared=True), None),
    )


class PrepareBar(QWidget):
    """The slow weapons of one combatant and their Prepare / Unprepare buttons; emits
    ``intentChosen(Intent)``. Hidden when the combatant has none."""

    intentChosen = Signal(object)  # noqa: N815 (Qt signal naming)

    def __init__(self, parent: QWidget | None = None) -> None:
        """An empty, hidden bar; :meth:`show_combatant` fills it."""
        super().__init__(parent)
        self.setObjectName("prepareBar")
        self.setAccessibleName("Slow weapons")
        self._lines: tuple[Line, ...] = ()
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.hide()

    def show_combatant(self, combatant: Combatant | None) -> None:
        """Show ``combatant``'s slow weapons (``None``: nobody)."""
        lines: list[Line] = []
        if combatant is not None:
            for index, weapon in enumerate(sheet_of(combatant).weapons):
                line = weapon_line(combatant, index, weapon)
                if line is not None:
                    lines.append(line)
        if tuple(lines) == self._lines:
            return
        self._lines = tuple(lines)
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        number = 0
        for row, (words, buttons) in enumerate(lines):
            label = QLabel(words)
            label.setWordWrap(True)
            self._grid.addWidget(label, row, 0)
            weapon_name = words.split(":")[0]
            for column, (text, intent, refusal) in enumerate(buttons, start=1):
                number += 1
                button = QPushButton(text)
                button.setObjectName(f"prepare_{row}_{column}")
                button.setAccessibleName(f"{text}: {weapon_name}")
                button.setEnabled(refusal is None)
                tip = refusal or _TIPS[text].format(weapon_name)
                button.setToolTip(SLOW_WEAPONS.tip(tip, number))
                button.clicked.connect(
                    lambda _=False, chosen=intent: self.intentChosen.emit(chosen)
                )
                self._grid.addWidget(button, row, column)
        self._grid.setColumnStretch(0, 1)
        self.setVisible(bool(lines))

    def buttons(self) -> list[QPushButton]:
        """The bar's buttons, line by line."""
        found = []
        for position in range(self._grid.count()):
            item = self._grid.itemAt(position)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QPushButton):
                found.append(widget)
        return found
