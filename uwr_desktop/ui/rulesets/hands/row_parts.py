"""The pieces of the ready-points panel's rows: the weapon, target and interference choices, the
outreached mark, the pips, and the lines recording how each interfering action went; what the
GM chose on the rows, kept while they are built again; and the keys the window offers for the
rows' buttons (Fight ▸ Panel)."""

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QToolButton, QWidget

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.rulesets.hands.columns import OUTREACHED_MARK
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet
from uwr_desktop.core.rulesets.hands.state import foiled_by, part_of
from uwr_desktop.ui.rulesets.base import ListKeys
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.wheel import ChoiceBox

SPEND_ANY = ListKeys(
    "spend_any", "Spend or Move (&Any Row)", "Ctrl+1", "Nobody has points to spend now."
)
HESITATE_ANY = ListKeys("hesitate_any", "Hesitate (Any &Row)", "Ctrl+2", "Nobody can hesitate now.")
OUTCOMES = ListKeys(
    "outcomes", "Interference &Outcome", "Ctrl+3", "No action interferes with another this turn."
)
"""The rows' buttons as the window offers them by keys, a list each."""

CHOICE_HEADINGS = ("Weapon", "Target", "Interferes with")
"""The headings over the rows' three choices, in their order."""

NO_CHOICE = "none"
"""A choice box's first item: no weapon, no target, no interference."""

OUTCOME_WORDS = (("Succeeded", True), ("Failed", False), ("Roll", None))
"""The outcome buttons of an interfering action: their words and what they record."""


def choice(name: str, tip: str) -> QComboBox:
    """A narrow choice box (it shrinks to a few characters when the dock is narrow)."""
    box = named(ChoiceBox(), name)
    box.setToolTip(tip)
    box.setAccessibleName(tip.split(" (", maxsplit=1)[0])
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(5)
    return box


def pip(symbol: str, name: str, tip: str, *, clickable: bool, keys: str) -> QToolButton:
    """A point's mark; a clickable one spends (or moves with) the points up to it, as typing
    the number in the row's box named ``keys`` and Spend do by keyboard."""
    made = QToolButton()
    made.setAutoRaise(True)
    made.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    made.setProperty("keyboardWay", keys)
    mark_pip(made, symbol, name, tip, clickable=clickable)
    return made


def mark_pip(made: QToolButton, symbol: str, name: str, tip: str, *, clickable: bool) -> None:
    """Make ``made`` the mark of another point (a row's pips change in place)."""
    made.setObjectName(name)
    made.setText(symbol)
    made.setToolTip(tip)
    made.setAccessibleName(tip)
    made.setEnabled(clickable)
    made.setCursor(Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor)


Item = tuple[str, object, str | None]
"""A choice box's item: its text, its data and its tooltip (``None`` for none)."""


def refill(box: QComboBox, items: list[Item]) -> None:
    """Offer ``items`` in ``box`` (left alone when it offers them already), the first chosen."""
    held = [
        (box.itemText(i), box.itemData(i), box.itemData(i, Qt.ItemDataRole.ToolTipRole))
        for i in range(box.count())
    ]
    if held != items:
        box.clear()
        for text, data, tip in items:
            box.addItem(text, data)
            if tip is not None:
                box.setItemData(box.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
    box.setCurrentIndex(0)


def target_box(cid: str) -> QComboBox:
    """An empty box of whom ``cid``'s action attacks (:func:`target_items`)."""
    return choice(
        f"handsTarget:{cid}",
        "Whom the action attacks (⚠: outreaches this combatant; it may attack only that "
        "opponent's weapon, when it attacks)",
    )


def target_items(state: EncounterState, cid: str) -> list[Item]:
    """Whom the action attacks; an opponent that outreaches the row's combatant is marked
    (the rules check such an attack)."""
    items: list[Item] = [(NO_CHOICE, None, None)]
    part = part_of(state)
    for other in state.rows:
        if other == cid or state.combatants[other].down:
            continue
        name = state.combatants[other].name
        if part.outreaches(cid, other):
            items.append(
                (
                    f"{name} {OUTREACHED_MARK}",
                    other,
                    f"{name} outreaches {state.combatants[cid].name}: only its weapon, "
                    "when it attacks",
                )
            )
        else:
            items.append((name, other, None))
    return items


def weapon_box(cid: str) -> QComboBox:
    """An empty box of the weapon ``cid``'s points go with (:func:`weapon_items`)."""
    return choice(f"handsWeapon:{cid}", "The weapon the points go with (each weapon once a turn)")


def weapon_items(state: EncounterState, cid: str, sheet: HandsSheet) -> list[Item]:
    """The weapons the row's combatant has not used this turn."""
    items: list[Item] = [(NO_CHOICE, None, None)]
    used = {a.weapon for a in part_of(state).actions if a.actor == cid}
    for index, weapon in enumerate(sheet.weapons):
        if index not in used:
            items.append((weapon.name, index, None))
    return items


def against_box(cid: str) -> QComboBox:
    """An empty box of the actions ``cid`` may interfere with (:func:`against_items`)."""
    return choice(
        f"handsAgainst:{cid}",
        "Interfere with an earlier action of this turn (at most its points)",
    )


def against_items(state: EncounterState, cid: str) -> list[Item]:
    """The earlier actions of the turn the row's combatant may interfere with (not those of
    a combatant who has left the fight)."""
    items: list[Item] = [(NO_CHOICE, None, None)]
    for index, action in enumerate(part_of(state).actions):
        if action.actor != cid and action.actor in state.combatants:
            actor = state.combatants[action.actor].name
            items.append((f"{actor} ({action.points})", index, None))
    return items


OUTREACH_TIP = (
    "Shorter reach and no missile weapon: it may attack only the opponent's weapon, "
    "and only when that opponent attacks it (unless the attacking weapon's reach is "
    "shorter than its own)."
)


def outreach_words(state: EncounterState, cid: str) -> str:
    """Who outreaches the row's combatant (``""`` when nobody does)."""
    by = [state.combatants[b].name for who, b in part_of(state).outreached if who == cid]
    if not by:
        return ""
    return f"⚠ outreached by {', '.join(by)}: only their weapon, when they attack"


def show_outreach(label: QLabel, state: EncounterState, cid: str) -> None:
    """Say on ``label``, a row's, who outreaches its combatant (hidden when nobody does)."""
    words = outreach_words(state, cid)
    label.setText(words)
    label.setToolTip(OUTREACH_TIP if words else "")
    label.setHidden(not words)


def outreach_label(state: EncounterState, cid: str) -> QLabel:
    """Who outreaches the row's combatant (hidden when nobody does)."""
    label = named(QLabel(), f"handsOutreach:{cid}")
    label.setWordWrap(True)
    words = outreach_words(state, cid)
    if words:
        label.setText(words)
        label.setToolTip(OUTREACH_TIP)
    else:
        label.hide()
    return label


class InterferenceLine:
    """One interfering action of the turn: what it opposes and how it went (and whether that
    action fails), a box for its roll and the buttons recording its outcome, in
    :data:`OUTCOME_WORDS` order."""

    def __init__(self, state: EncounterState, index: int, first_number: int) -> None:
        """The line of the turn's action ``index``; its buttons are numbered from
        ``first_number`` in :data:`OUTCOMES`."""
        actions = part_of(state).actions
        action = actions[index]
        assert action.opposes is not None
        said = {True: "succeeded", False: "failed", None: "not recorded"}[action.succeeded]
        if action.roll is not None:
            said += f", roll {action.roll}"
        opposed = state.combatants[actions[action.opposes].actor].name
        name = state.combatants[action.actor].name
        text = f"{name}: {action.points} against {opposed}'s action: {said}"
        if foiled_by(actions, action.opposes) is action:
            text += f" — {opposed}'s action fails"
        self.label = named(QLabel(text), f"handsInterference:{index}")
        self.label.setWordWrap(True)
        self.roll = named(QLineEdit(), f"handsRoll:{index}")
        self.roll.setPlaceholderText("roll")
        self.roll.setToolTip("The interfering action's roll (optional)")
        self.roll.setAccessibleName(f"Roll of {name}'s interference")
        if action.roll is not None:
            self.roll.setText(str(action.roll))
        self.buttons: list[QPushButton] = []
        for number, (word, _succeeded) in enumerate(OUTCOME_WORDS, first_number):
            button = named(QPushButton(word), f"handsOutcome:{index}:{word}")
            button.setAccessibleName(f"{word}: {name} against {opposed}")
            tip = "Record the roll alone" if word == "Roll" else f"Record: {word.lower()}"
            button.setToolTip(OUTCOMES.tip(tip, number))
            self.buttons.append(button)


CHOICE_KINDS = ("Weapon", "Target", "Against")
"""A row's choice boxes, by the middle of their names (``handsWeapon:<id>``)."""

Typed = tuple[object, ...]
"""A row's choices, in :data:`CHOICE_KINDS` order, then its number of points."""


class TypedRows:
    """What the GM chose on the rows (weapon, target, interference, points), kept while the
    panel builds its rows again, for each row that stays as it was: the same turn, and a
    combatant that has not changed since (it has not spent)."""

    def __init__(self) -> None:
        self._built: tuple[int, int, Mapping[str, Combatant]] | None = None

    def take(self, rows: QWidget, state: EncounterState) -> dict[str, Typed]:
        """The choices on ``rows`` that still hold in ``state``, the rows about to be built
        for; ``state`` is remembered as theirs."""
        built, self._built = self._built, (state.round, part_of(state).turn, state.combatants)
        if built is None or built[:2] != self._built[:2]:
            return {}
        kept: dict[str, Typed] = {}
        for cid, combatant in built[2].items():
            if state.combatants.get(cid) is not combatant:
                continue
            boxes = [rows.findChild(QComboBox, f"hands{kind}:{cid}") for kind in CHOICE_KINDS]
            points = rows.findChild(NumberBox, f"handsPoints:{cid}")
            if points is not None and all(box is not None for box in boxes):
                kept[cid] = (*(box.currentData() for box in boxes if box), points.value())
        return kept


def retype(rows: QWidget, cid: str, typed: Typed) -> None:
    """Choose again on ``cid``'s row in ``rows`` what was chosen on its row before (a choice
    no longer offered is left as the row starts)."""
    *chosen, points = typed
    for kind, data in zip(CHOICE_KINDS, chosen, strict=True):
        box = rows.findChild(QComboBox, f"hands{kind}:{cid}")
        if box is not None and box.findData(data) >= 0:
            box.setCurrentIndex(box.findData(data))
    number = rows.findChild(NumberBox, f"handsPoints:{cid}")
    if number is not None and isinstance(points, int):
        number.setValue(points)
