"""The ready-points panel: who declares first this turn, each combatant's points as pips.

One row per combatant taking part in the turn, in declare-first order, with the reason for its
place and the opponents that outreach it. A click on a ready pip spends the points up to it
(in the carry-over turn, a carry-over pip moves with them); the number field and Spend do the
same for a typed number, with a weapon (each once a turn) or against an earlier action of the
turn. Each interfering action gets a line recording how it went (succeeded, failed, or only
its roll) and saying when the action it opposes fails. Hesitate books one point as used; Next
turn ends the turn. Every click is an intent for the session; a refusal shows its reason under
the rows.
"""

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.intents import Intent, NextTurn, RulesError
from uwr_desktop.core.rulesets.hands.columns import REASON_WORDS
from uwr_desktop.core.rulesets.hands.intents import (
    HandsHesitate,
    HandsMove,
    HandsRecordOutcome,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.sheet import INTERFERENCE_ROLL, HandsSheet, sheet_of
from uwr_desktop.core.rulesets.hands.state import Phase, Place, foiled_by, part_of
from uwr_desktop.core.rulesets.hands.view import turn_title
from uwr_desktop.core.session import Change
from uwr_desktop.ui.dice.tray import DiceTray
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.wheel import ChoiceBox

MAX_PIPS = 24
"""Pips drawn per combatant; more points are counted beside them (the number field spends
any number)."""

READY, CARRY, USED, DAMAGED = "●", "◆", "○", "✕"


W = TypeVar("W", bound=QWidget)


def _named(widget: W, name: str) -> W:
    widget.setObjectName(name)
    return widget


def _choice(name: str, tip: str) -> QComboBox:
    """A narrow choice box (it shrinks to a few characters when the dock is narrow)."""
    box = _named(ChoiceBox(), name)
    box.setToolTip(tip)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(6)
    return box


def _pip(symbol: str, name: str, tip: str, *, clickable: bool) -> QToolButton:
    pip = _named(QToolButton(), name)
    pip.setText(symbol)
    pip.setToolTip(tip)
    pip.setAccessibleName(tip)
    pip.setAutoRaise(True)
    pip.setEnabled(clickable)
    pip.setCursor(Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor)
    return pip


def _idle() -> None:
    """What the turn's buttons do while nobody is on turn (they are hidden then)."""


class PointsPanel(QWidget):
    """The ``hands`` Dice dock: the turn's declare-first order with pips, above the dice tray."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handsPanel")
        self._document = document
        self._focus: str | None = None
        self.title = _named(QLabel(), "handsTurn")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.hint = _named(QLabel(), "handsHint")
        self.hint.setWordWrap(True)
        self.rows = _named(QFrame(), "handsRows")
        self._grid = QGridLayout(self.rows)
        self._grid.setContentsMargins(0, 0, 0, 0)
        # The row of the combatant on turn keeps the same Spend and Hesitate buttons from
        # change to change, so that the window's menu entries can follow them.
        self.turn_spend = QPushButton("Spend")
        self.turn_hesitate = QPushButton("Hesitate")
        self._turn_actions: tuple[Callable[[], None], Callable[[], None]] = (_idle, _idle)
        self.turn_spend.clicked.connect(self._spend_on_turn)
        self.turn_hesitate.clicked.connect(self._hesitate_on_turn)
        self._park_turn_buttons()
        self.idle = _named(QLabel(), "handsIdle")
        self.idle.setWordWrap(True)
        self.message = _named(QLabel(), "handsMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: palette(link);")
        self.next_turn = _named(QPushButton("Next turn"), "handsNextTurn")
        self.next_turn.setToolTip("End the turn: whoever spent nothing hesitates")
        self.tray = DiceTray(document)
        layout = QVBoxLayout(self)
        self._body = layout
        layout.addWidget(self.title)
        layout.addWidget(self.hint)
        layout.addWidget(self.rows)
        layout.addWidget(self.idle)
        layout.addWidget(self.message)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.next_turn)
        layout.addLayout(buttons)
        layout.addWidget(self.tray, 1)
        self.next_turn.clicked.connect(lambda: self._do(NextTurn()))
        document.sessionReplaced.connect(self._rebuild)
        document.changed.connect(self._changed)
        self._rebuild()

    # ---- following the session --------------------------------------------------------------

    def _changed(self, change: Change) -> None:
        self.message.setText("")
        self._rebuild()

    def set_focus_combatant(self, combatant_id: str | None) -> None:
        """Mark the row of the combatant selected in the table."""
        self._focus = combatant_id
        self._rebuild()

    def _do(self, intent: Intent) -> None:
        try:
            self._document.do(intent)
        except RulesError as error:
            self.message.setText(str(error))
            return
        self.message.setText("")

    def _do_typed(self, points: NumberBox, intent: Callable[[int], Intent]) -> None:
        """Act on the number typed, or say why it cannot be used (nothing is done then)."""
        if points.problem():
            self.message.setText(points.problem())
            return
        self._do(intent(points.value()))

    def _park_turn_buttons(self) -> None:
        """Keep the turn's buttons out of the grid, hidden (their menu entries disabled)."""
        for button in (self.turn_spend, self.turn_hesitate):
            button.setParent(self)
            button.hide()

    def _clear_rows(self) -> None:
        """A fresh grid: the old rows' widgets go with their frame (the turn's buttons stay)."""
        self._park_turn_buttons()
        old = self.rows
        self.rows = _named(QFrame(), "handsRows")
        self._grid = QGridLayout(self.rows)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._body.replaceWidget(old, self.rows)
        old.hide()
        old.setParent(None)  # out of findChild's reach until it is deleted
        old.deleteLater()

    def _rebuild(self) -> None:
        state = self._document.session.state
        self._clear_rows()
        self.title.setText(turn_title(state))
        if state.phase == Phase.SETUP:
            self.hint.setText(
                "Start the fight: at each round start every undamaged hit point becomes ready "
                "(those a combatant keeps in place stay as carry-over)."
            )
            self.idle.setText("")
            self.next_turn.setEnabled(False)
            return
        carry = state.phase == Phase.CARRY_OVER
        if carry:
            self.hint.setText(
                "Carry-over turn, movement only: click a carry-over pip (◆) to move with the "
                "points up to it. Movement not taken now is lost."
            )
        else:
            self.hint.setText(
                "Click a ready pip (●) to spend the points up to it, or type a number. "
                "Whoever spends nothing hesitates at Next turn."
            )
        self.next_turn.setEnabled(True)
        places = part_of(state).places
        for index, place in enumerate(places):
            self._add_row(state, index, place, carry=carry)
        self._add_interference(state, 3 * len(places))
        taking_part = {place.combatant_id for place in places}
        idle = [state.combatants[cid].name for cid in state.rows if cid not in taking_part]
        self.idle.setText(f"Not in this turn: {', '.join(idle)}" if idle else "")

    # ---- one row per combatant ---------------------------------------------------------------

    def _add_row(self, state: EncounterState, index: int, place: Place, *, carry: bool) -> None:
        """Three grid rows: name, reason and choices; pips, number and buttons; the outreached
        mark (empty when none)."""
        cid = place.combatant_id
        combatant = state.combatants[cid]
        sheet = sheet_of(combatant)
        top_row = 3 * index
        name = _named(QLabel(), f"handsName:{cid}")
        marker = "▶ " if cid == state.current else ""
        name.setText(f"{marker}{index + 1}. {combatant.name}")
        font = name.font()
        font.setBold(cid in {state.current, self._focus})
        name.setFont(font)
        reason = _named(QLabel(REASON_WORDS[place.reason]), f"handsReason:{cid}")
        reason.setToolTip(place.text)
        reason.setAccessibleDescription(place.text)
        self._grid.addWidget(name, top_row, 0)
        self._grid.addWidget(reason, top_row, 1)
        self._grid.addLayout(self._pips(cid, sheet, carry=carry), top_row + 1, 0, 1, 2)
        self._grid.addWidget(self._outreach(state, cid), top_row + 2, 0, 1, 5)
        top = sheet.carry_over if carry else sheet.ready
        points = _named(
            NumberBox(
                0 if carry else 1,
                max(top, 1),
                what=f"Points to {'move with' if carry else 'spend'}",
            ),
            f"handsPoints:{cid}",
        )
        points.setValue(min(1, top) if carry else 1)
        points.setEnabled(top > 0)
        points.setToolTip("Points to " + ("move with" if carry else "spend"))
        points.setAccessibleName(f"{combatant.name}: points to {'move with' if carry else 'spend'}")
        self._grid.addWidget(points, top_row + 1, 2)
        if carry:
            move = _named(QPushButton("Move"), f"handsSpend:{cid}")
            move.setAccessibleName(f"Move: {combatant.name}")
            move.setEnabled(cid not in state.acted)
            move.clicked.connect(lambda: self._do_typed(points, lambda n: HandsMove(cid, n)))
            self._grid.addWidget(move, top_row + 1, 3)
            return
        weapon = self._weapon_choice(state, cid, sheet)
        against = self._against_choice(state, cid)
        target = self._target_choice(state, cid)

        spend, hesitate = self._spend_buttons(cid, points, on_turn=cid == state.current)
        for widget, what in ((weapon, "weapon"), (target, "target"), (against, "interferes")):
            widget.setAccessibleName(f"{combatant.name}: {what}")
        spend.setAccessibleName(f"Spend: {combatant.name}")
        hesitate.setAccessibleName(f"Hesitate: {combatant.name}")
        spend.setEnabled(sheet.ready > 0)
        hesitate.setEnabled(sheet.ready > 0)
        self._grid.addWidget(weapon, top_row, 2)
        self._grid.addWidget(target, top_row, 3)
        self._grid.addWidget(against, top_row, 4)
        self._grid.addWidget(spend, top_row + 1, 3)
        self._grid.addWidget(hesitate, top_row + 1, 4)

    def _spend_buttons(
        self, cid: str, points: NumberBox, *, on_turn: bool
    ) -> tuple[QPushButton, QPushButton]:
        """The row's Spend and Hesitate (the turn's own pair for the combatant on turn)."""

        def spend_now() -> None:
            self._do_typed(points, lambda n: self._spend_intent(cid, n))

        def hesitate_now() -> None:
            self._do(HandsHesitate(cid))

        if on_turn:
            spend, hesitate = self.turn_spend, self.turn_hesitate
            self._turn_actions = (spend_now, hesitate_now)
            spend.show()
            hesitate.show()
        else:
            spend, hesitate = QPushButton("Spend"), QPushButton("Hesitate")
            spend.clicked.connect(spend_now)
            hesitate.clicked.connect(hesitate_now)
        hesitate.setToolTip("Do nothing this turn: one ready point to used")
        return _named(spend, f"handsSpend:{cid}"), _named(hesitate, f"handsHesitate:{cid}")

    def _spend_on_turn(self) -> None:
        self._turn_actions[0]()

    def _hesitate_on_turn(self) -> None:
        self._turn_actions[1]()

    def _add_interference(self, state: EncounterState, first_row: int) -> None:
        """One grid row per interfering action of the turn: what it opposes, how it went
        (and whether that action fails), a roll and the buttons recording its outcome."""
        actions = part_of(state).actions
        row = first_row
        for index, action in enumerate(actions):
            if action.opposes is None:
                continue
            said = {True: "succeeded", False: "failed", None: "not recorded"}[action.succeeded]
            if action.roll is not None:
                said += f", roll {action.roll}"
            opposed = state.combatants[actions[action.opposes].actor].name
            name = state.combatants[action.actor].name
            text = f"{name}: {action.points} against {opposed}'s action: {said}"
            if foiled_by(actions, action.opposes) is action:
                text += f" — {opposed}'s action fails"
            label = _named(QLabel(text), f"handsInterference:{index}")
            label.setWordWrap(True)
            roll = _named(QLineEdit(), f"handsRoll:{index}")
            roll.setPlaceholderText("roll")
            roll.setToolTip("The interfering action's roll (optional)")
            roll.setAccessibleName(f"Roll of {name}'s interference")
            if action.roll is not None:
                roll.setText(str(action.roll))
            self._grid.addWidget(label, row, 0, 1, 2)
            self._grid.addWidget(roll, row, 2)
            for column, (word, succeeded) in enumerate(
                (("Succeeded", True), ("Failed", False), ("Roll", None)), 3
            ):
                button = _named(QPushButton(word), f"handsOutcome:{index}:{word}")
                button.setAccessibleName(f"{word}: {name}'s interference")
                button.clicked.connect(self._outcome_action(index, succeeded, roll))
                self._grid.addWidget(button, row, column)
            row += 1

    def _outcome_action(
        self, index: int, succeeded: bool | None, roll: QLineEdit
    ) -> Callable[[], None]:
        def record() -> None:
            text = roll.text().strip()
            try:
                number = INTERFERENCE_ROLL.read(text) if text else None
            except RulesError as error:
                self.message.setText(str(error))
                return
            self._do(HandsRecordOutcome(index, succeeded, number))

        return record

    def _outreach(self, state: EncounterState, cid: str) -> QLabel:
        by = [state.combatants[b].name for who, b in part_of(state).outreached if who == cid]
        label = _named(QLabel(), f"handsOutreach:{cid}")
        if by:
            label.setText(f"⚠ outreached by {', '.join(by)}: only their weapon, when they attack")
            label.setToolTip(
                "Shorter reach and no missile weapon: it may attack only the opponent's weapon, "
                "and only when that opponent attacks it (unless the attacking weapon's reach is "
                "shorter than its own)."
            )
        else:
            label.hide()
        return label

    def _pips(self, cid: str, sheet: HandsSheet, *, carry: bool) -> QHBoxLayout:
        pips = QHBoxLayout()
        pips.setSpacing(0)
        shown = 0
        kinds = (
            (READY, sheet.ready, "ready", not carry),
            (CARRY, sheet.carry_over, "carry-over", carry),
            (USED, sheet.used, "used", False),
            (DAMAGED, sheet.damage, "damaged", False),
        )
        for symbol, count, word, clickable in kinds:
            for number in range(1, count + 1):
                if shown == MAX_PIPS:
                    break
                shown += 1
                verb = "move with" if carry else "spend"
                tip = f"{word} point {number}" + (f": {verb} {number}" if clickable else "")
                pip = _pip(symbol, f"pip:{cid}:{word}:{number}", tip, clickable=clickable)
                if clickable:
                    pip.clicked.connect(self._pip_action(cid, number, carry=carry))
                pips.addWidget(pip)
        hidden = sheet.points_max - shown
        if hidden > 0:
            pips.addWidget(QLabel(f"+{hidden}"))
        pips.addStretch(1)
        return pips

    def _pip_action(self, cid: str, number: int, *, carry: bool) -> Callable[[], None]:
        def act() -> None:
            if carry:
                self._do(HandsMove(cid, number))
                return
            self._do(self._spend_intent(cid, number))

        return act

    def _spend_intent(self, cid: str, points: int) -> HandsSpend:
        """Spend ``points`` with the weapon, target and interference chosen on the row."""

        def chosen(kind: str) -> str | int | None:
            box = self.findChild(QComboBox, f"hands{kind}:{cid}")
            return box.currentData() if box is not None else None

        weapon, against, target = chosen("Weapon"), chosen("Against"), chosen("Target")
        return HandsSpend(
            cid,
            points,
            weapon if isinstance(weapon, int) else None,
            against if isinstance(against, int) else None,
            target=target if isinstance(target, str) else None,
        )

    def _target_choice(self, state: EncounterState, cid: str) -> QComboBox:
        """Whom the action attacks; an opponent that outreaches the row's combatant is marked
        (the rules check such an attack)."""
        box = _choice(
            f"handsTarget:{cid}",
            "Whom the action attacks (⚠: outreaches this combatant; it may attack only that "
            "opponent's weapon, when it attacks)",
        )
        box.addItem("no target", None)
        part = part_of(state)
        for other in state.rows:
            if other == cid or state.combatants[other].down:
                continue
            name = state.combatants[other].name
            if part.outreaches(cid, other):
                box.addItem(f"at {name} ⚠ outreaches", other)
            else:
                box.addItem(f"at {name}", other)
        return box

    def _weapon_choice(self, state: EncounterState, cid: str, sheet: HandsSheet) -> QComboBox:
        box = _choice(
            f"handsWeapon:{cid}", "The weapon the points go with (each weapon once a turn)"
        )
        box.addItem("no weapon", None)
        used = {a.weapon for a in part_of(state).actions if a.actor == cid}
        for index, weapon in enumerate(sheet.weapons):
            if index not in used:
                box.addItem(weapon.name, index)
        return box

    def _against_choice(self, state: EncounterState, cid: str) -> QComboBox:
        box = _choice(
            f"handsAgainst:{cid}",
            "Interfere with an earlier action of this turn (at most its points)",
        )
        box.addItem("no interference", None)
        for index, action in enumerate(part_of(state).actions):
            if action.actor != cid:
                actor = state.combatants[action.actor].name
                box.addItem(f"against {actor} ({action.points})", index)
        return box
