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
from uwr_desktop.core.rulesets.hands.sheet import INTERFERENCE_ROLL, sheet_of
from uwr_desktop.core.rulesets.hands.state import Phase, Place, part_of
from uwr_desktop.core.rulesets.hands.view import turn_title
from uwr_desktop.core.session import Change
from uwr_desktop.ui.dice.tray import DiceTray
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, PanelButton, PanelList
from uwr_desktop.ui.rulesets.hands.row import (
    NAME_CHARS,
    NAME_PREFIX,
    PIP_POINTS,
    RowWidgets,
    drop_widget,
    pip_holder,
    pip_marks,
)
from uwr_desktop.ui.rulesets.hands.row_parts import (
    CHOICE_HEADINGS,
    HESITATE_ANY,
    OUTCOME_WORDS,
    OUTCOMES,
    SPEND_ANY,
    InterferenceLine,
    TypedRows,
    against_items,
    mark_pip,
    outreach_label,
    refill,
    retype,
    show_outreach,
    target_items,
    weapon_items,
)
from uwr_desktop.ui.rulesets.system_panel import SystemPanel
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.elided_label import ElidedLabel
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.status_label import StatusLabel

CHOICE_COLUMNS = (2, 3, 4)
"""The grid columns of a row's weapon, target and interference choices (under them its points,
Spend and Hesitate), headed by :data:`CHOICE_HEADINGS`."""

SPEND_TIP = "Spend the points typed, with the choices of the row"
HESITATE_TIP = "Do nothing this turn: one ready point moves to used"
NEXT_TURN_TIP = "End the turn: whoever spent nothing hesitates"


def _idle() -> None:
    """What the turn's buttons do while nobody is on turn (they are hidden then)."""


class PointsPanel(SystemPanel):
    """The ``hands`` Dice dock: the turn's declare-first order with pips, above the dice tray."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, "hands", parent)
        self.title = named(QLabel(), "handsTurn")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.hint = named(QLabel(), "handsHint")
        self.hint.setWordWrap(True)
        self.rows = named(QFrame(), "handsRows")
        self._grid = _rows_grid(self.rows)
        # The row of the combatant on turn keeps the same Spend and Hesitate buttons from
        # change to change, so that the window's menu entries can follow them.
        self.turn_spend = QPushButton("Spend")
        self.turn_hesitate = QPushButton("Hesitate")
        self._turn_actions: tuple[Callable[[], None], Callable[[], None]] = (_idle, _idle)
        self.spend_buttons: list[QPushButton] = []
        self.hesitate_buttons: list[QPushButton] = []
        self.outcome_buttons: list[QPushButton] = []
        # A turn's rows (not the carry-over turn's) are kept from change to change and
        # updated in place: building each row's widgets again made every click slow.
        self._kept: dict[str, RowWidgets] = {}
        self._keeping = False
        self._headings: list[QLabel] = []
        self._lines: list[QWidget] = []
        self.turn_spend.clicked.connect(self._spend_on_turn)
        self.turn_hesitate.clicked.connect(self._hesitate_on_turn)
        self._park_turn_buttons()
        self.idle = named(StatusLabel("Not in this turn", self, collapses=True), "handsIdle")
        self.idle.setWordWrap(True)
        self.message.setStyleSheet("color: palette(link);")
        self.next_turn = named(QPushButton("Next turn"), "handsNextTurn")
        self.next_turn.setToolTip(NEXT_TURN_TIP)
        self.tray = DiceTray(document)
        self._typed = TypedRows()
        layout = QVBoxLayout(self)
        self._body = layout
        heading = QHBoxLayout()  # Next turn beside the turn it ends, a line less to scroll
        heading.addWidget(self.title, 1)
        heading.addWidget(self.next_turn)
        layout.addLayout(heading)
        layout.addWidget(self.hint)
        layout.addWidget(self.rows)
        layout.addWidget(self.idle)
        layout.addWidget(self.message)
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
        """Mark the row of the combatant selected in the table (in bold, as the one on turn)."""
        self._focus = combatant_id
        current = self._document.session.state.current
        for name in self.rows.findChildren(ElidedLabel):
            if name.objectName().startswith(NAME_PREFIX):
                self._embolden(name, name.objectName().removeprefix(NAME_PREFIX), current)

    def _embolden(self, name: ElidedLabel, cid: str, current: str | None) -> None:
        """Bold ``cid``'s name while it is on turn or chosen in the table."""
        font = name.font()
        font.setBold(cid in {current, self._focus})
        name.setFont(font)

    def _show_name(
        self, name: ElidedLabel, reason: QLabel, state: EncounterState, index: int, place: Place
    ) -> None:
        """A row's name (marked on turn, numbered in declare-first order) and its reason."""
        cid = place.combatant_id
        marker = "▶ " if cid == state.current else ""
        name.setText(f"{marker}{index + 1}. {state.combatants[cid].name}")
        name.setToolTip(state.combatants[cid].name)
        name.setAccessibleName(name.text())
        self._embolden(name, cid, state.current)
        reason.setText(REASON_WORDS[place.reason])
        reason.setToolTip(place.text)
        reason.setAccessibleDescription(place.text)

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
        self.spend_buttons, self.hesitate_buttons, self.outcome_buttons = [], [], []
        old = self.rows
        self.rows = named(QFrame(), "handsRows")
        self._grid = _rows_grid(self.rows)
        self._body.replaceWidget(old, self.rows)
        old.hide()
        old.setParent(None)  # out of findChild's reach until it is deleted
        old.deleteLater()
        self._kept, self._headings, self._lines = {}, [], []

    def _empty_grid(self) -> None:
        """Take the kept rows' widgets out of the grid, to be placed again (they stay on the
        rows' frame); the interference lines go."""
        self.spend_buttons, self.hesitate_buttons, self.outcome_buttons = [], [], []
        while self._grid.count():
            self._grid.takeAt(0)
        for widget in self._lines:
            drop_widget(widget)
        self._lines = []

    def _rebuild(self) -> None:
        state = self._document.session.state
        typed = self._typed.take(self.rows, state)
        keeping = state.phase == Phase.TURNS
        if keeping and self._keeping:
            self._empty_grid()
        else:
            self._clear_rows()
        self._keeping = keeping
        self.title.setText(turn_title(state))
        refusal = self._document.session.ruleset.round_refusal(state, NextTurn())
        self.next_turn.setEnabled(refusal is None)
        self.next_turn.setToolTip(NEXT_TURN_TIP if refusal is None else refusal)
        if state.phase == Phase.SETUP:
            self.hint.setText(
                "Start the fight: at each round start every undamaged hit point becomes ready "
                "(those a combatant keeps in place stay as carry-over)."
            )
            self.idle.setText("")
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
        places = part_of(state).places
        if carry:
            for index, place in enumerate(places):
                self._add_carry_row(state, index, place)
        else:
            self._place_rows(state, places)
        for place in places:
            if place.combatant_id in typed:
                retype(self.rows, place.combatant_id, typed[place.combatant_id])
        self._add_interference(state, 1 + 3 * len(places))
        taking_part = {place.combatant_id for place in places}
        idle = [state.combatants[cid].name for cid in state.rows if cid not in taking_part]
        self.idle.setText(f"Not in this turn: {', '.join(idle)}" if idle else "")

    # ---- one row per combatant ---------------------------------------------------------------

    def _place_rows(self, state: EncounterState, places: tuple[Place, ...]) -> None:
        """The turn's rows under the headings, in declare-first order: each combatant's kept
        widgets updated (made for one new to the rows), those of one no longer listed gone."""
        listed = {place.combatant_id for place in places}
        for cid in [cid for cid in self._kept if cid not in listed]:
            self._kept.pop(cid).drop()
        if not self._headings:
            for heading in CHOICE_HEADINGS:
                label = named(QLabel(heading), f"handsHeading:{heading}")
                label.setParent(self.rows)
                self._headings.append(label)
        for column, label in zip(CHOICE_COLUMNS, self._headings, strict=True):
            self._grid.addWidget(label, 0, column)
        for index, place in enumerate(places):
            self._place_row(state, index, place)
        if state.current not in listed:
            self._park_turn_buttons()

    def _place_row(self, state: EncounterState, index: int, place: Place) -> None:
        """Three grid rows under the headings: name, reason and choices; pips, number and
        buttons; the outreached mark (hidden when none)."""
        cid = place.combatant_id
        combatant = state.combatants[cid]
        sheet = sheet_of(combatant)
        row = self._kept.get(cid)
        if row is None:
            row = self._kept[cid] = RowWidgets(self.rows, cid)
        top_row = 1 + 3 * index
        self._show_name(row.name, row.reason, state, index, place)
        show_outreach(row.outreach, state, cid)
        marks, hidden = pip_marks(cid, sheet, carry=False)
        if row.pips is None or (len(marks), hidden) != (len(row.marks), row.hidden):
            if row.pips is not None:
                drop_widget(row.pips)
            row.pips = pip_holder(
                self.rows, cid, marks, hidden, lambda mark: self._pip_action(cid, mark, carry=False)
            )
        else:
            shown = row.pips.findChildren(QToolButton)
            for button, old, new in zip(shown, row.marks, marks, strict=True):
                if old != new:
                    symbol, name, tip, clickable, number = new
                    mark_pip(button, symbol, name, tip, clickable=clickable)
                    button.setProperty(PIP_POINTS, number)
        row.marks, row.hidden = marks, hidden
        row.points.setRange(1, max(sheet.ready, 1))
        row.points.setValue(1)
        row.points.setEnabled(sheet.ready > 0)
        row.points.setAccessibleName(f"{combatant.name}: points to spend")
        refill(row.weapon, weapon_items(state, cid, sheet))
        refill(row.target, target_items(state, cid))
        refill(row.against, against_items(state, cid))
        for widget, what in (
            (row.weapon, "weapon"),
            (row.target, "target"),
            (row.against, "interferes"),
        ):
            widget.setAccessibleName(f"{combatant.name}: {what}")
        spend, hesitate = self._spend_buttons(
            row, combatant.name, on_turn=cid == state.current, ready=sheet.ready
        )
        self._grid.addWidget(row.name, top_row, 0)
        self._grid.addWidget(row.reason, top_row, 1)
        self._grid.addWidget(row.weapon, top_row, 2)
        self._grid.addWidget(row.target, top_row, 3)
        self._grid.addWidget(row.against, top_row, 4)
        self._grid.addWidget(row.pips, top_row + 1, 0, 1, 2)
        self._grid.addWidget(row.points, top_row + 1, 2)
        self._grid.addWidget(spend, top_row + 1, 3)
        self._grid.addWidget(hesitate, top_row + 1, 4)
        self._grid.addWidget(row.outreach, top_row + 2, 0, 1, 5)

    def _add_carry_row(self, state: EncounterState, index: int, place: Place) -> None:
        """A row of the carry-over turn, built anew on each change: name and reason; pips,
        number and Move; the outreached mark (empty when none)."""
        cid = place.combatant_id
        combatant = state.combatants[cid]
        sheet = sheet_of(combatant)
        top_row = 1 + 3 * index
        name = named(ElidedLabel(), f"{NAME_PREFIX}{cid}")
        # A long name ends in "…" rather than push the row's buttons out of the dock.
        name.setMinimumWidth(NAME_CHARS * name.fontMetrics().averageCharWidth())
        reason = named(QLabel(), f"handsReason:{cid}")
        self._show_name(name, reason, state, index, place)
        self._grid.addWidget(name, top_row, 0)
        self._grid.addWidget(reason, top_row, 1)
        marks, hidden = pip_marks(cid, sheet, carry=True)
        holder = pip_holder(
            self.rows, cid, marks, hidden, lambda mark: self._pip_action(cid, mark, carry=True)
        )
        self._grid.addWidget(holder, top_row + 1, 0, 1, 2)
        self._grid.addWidget(outreach_label(state, cid), top_row + 2, 0, 1, 5)
        top = sheet.carry_over
        points = named(NumberBox(0, max(top, 1), what="Points to move with"), f"handsPoints:{cid}")
        points.setValue(min(1, top))
        points.setEnabled(top > 0)
        points.setToolTip("Points to move with")
        points.setAccessibleName(f"{combatant.name}: points to move with")
        self._grid.addWidget(points, top_row + 1, 2)
        move = named(QPushButton("Move"), f"handsSpend:{cid}")
        move.setAccessibleName(f"Move: {combatant.name}")
        move.setToolTip(SPEND_ANY.tip("Move with the points typed", len(self.spend_buttons) + 1))
        move.setEnabled(cid not in state.acted)
        self.spend_buttons.append(move)
        move.clicked.connect(lambda: self._do_typed(points, lambda n: HandsMove(cid, n)))
        self._grid.addWidget(move, top_row + 1, 3)

    def _spend_buttons(
        self, row: RowWidgets, name: str, *, on_turn: bool, ready: int
    ) -> tuple[QPushButton, QPushButton]:
        """The row's Spend and Hesitate (the turn's own pair for the combatant on turn, else
        the row's, kept), named for ``name``, usable while it has ``ready`` points, each the
        next in its list of keys."""
        cid = row.cid

        def spend_now() -> None:
            self._do_typed(row.points, lambda n: self._spend_intent(cid, n))

        def hesitate_now() -> None:
            self._do(HandsHesitate(cid))

        if on_turn:
            row.drop_buttons()
            spend, hesitate = self.turn_spend, self.turn_hesitate
            self._turn_actions = (spend_now, hesitate_now)
            spend.show()
            hesitate.show()
        else:
            if row.buttons is None:
                row.buttons = (QPushButton("Spend", self.rows), QPushButton("Hesitate", self.rows))
                row.buttons[0].clicked.connect(spend_now)
                row.buttons[1].clicked.connect(hesitate_now)
            spend, hesitate = row.buttons
        for button, word, keys, tip, listed in (
            (spend, "Spend", SPEND_ANY, SPEND_TIP, self.spend_buttons),
            (hesitate, "Hesitate", HESITATE_ANY, HESITATE_TIP, self.hesitate_buttons),
        ):
            button.setAccessibleName(f"{word}: {name}")
            button.setEnabled(ready > 0)
            button.setToolTip(keys.tip(tip, len(listed) + 1))
            listed.append(button)
        return named(spend, f"handsSpend:{cid}"), named(hesitate, f"handsHesitate:{cid}")

    def _spend_on_turn(self) -> None:
        self._turn_actions[0]()

    def _hesitate_on_turn(self) -> None:
        self._turn_actions[1]()

    def _add_interference(self, state: EncounterState, first_row: int) -> None:
        """Two grid rows per interfering action of the turn (:class:`InterferenceLine`), but
        for one whose outcome cannot be recorded: a combatant of it has left the fight."""
        row = first_row
        actions = part_of(state).actions
        for index, action in enumerate(actions):
            if action.opposes is None:
                continue
            if {action.actor, actions[action.opposes].actor} - state.combatants.keys():
                continue
            line = InterferenceLine(state, index, len(self.outcome_buttons) + 1)
            # The words across the row, the roll and the outcomes under them: the line keeps
            # to the rows' five columns, so the panel never scrolls sideways for it.
            self._grid.addWidget(line.label, row, 0, 1, 5)
            self._grid.addWidget(line.roll, row + 1, 0, 1, 2)
            self._lines += [line.label, line.roll, *line.buttons]
            for column, (button, (_word, succeeded)) in zip(
                CHOICE_COLUMNS, zip(line.buttons, OUTCOME_WORDS, strict=True), strict=True
            ):
                button.clicked.connect(self._outcome_action(index, succeeded, line.roll))
                self._grid.addWidget(button, row + 1, column)
            self.outcome_buttons += line.buttons
            row += 2

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

    def _pip_action(self, cid: str, mark: QToolButton, *, carry: bool) -> Callable[[], None]:
        def act() -> None:
            number = int(mark.property(PIP_POINTS))
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


def _rows_grid(rows: QFrame) -> QGridLayout:
    """The grid of the panel's rows, whose choice columns take the room the names and pips
    leave, so that a chosen weapon, target or interference shows whole where the dock allows."""
    grid = QGridLayout(rows)
    grid.setContentsMargins(0, 0, 0, 0)
    for column in CHOICE_COLUMNS:
        grid.setColumnStretch(column, 1)
    return grid


def dice_panel(document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
    """The ready-points panel above the dice tray, with its buttons' keys."""
    panel = PointsPanel(document, parent)
    more = (
        PanelButton("spend", "&Spend (Combatant on Turn)", panel.turn_spend, "F9"),
        PanelButton("hesitate", "&Hesitate (Combatant on Turn)", panel.turn_hesitate, "Shift+F9"),
        PanelButton("next_turn", "&Next Turn of the Round", panel.next_turn, "F4"),
    )
    lists = (
        PanelList(SPEND_ANY, lambda: panel.spend_buttons),
        PanelList(HESITATE_ANY, lambda: panel.hesitate_buttons),
        PanelList(OUTCOMES, lambda: panel.outcome_buttons),
    )
    return DicePanel(panel, panel.tray, panel.set_focus_combatant, more=more, lists=lists)
