"""The dice tray: typed dice (``6k3``, ``2d10+5``, ``7d6 f+1 r2``) for a combatant or for
nobody, with their odds, in every round system; above the typed dice a round system may add its
own way of building a roll (:class:`RollBuilder`, ``uwr``'s attribute and skill check, say).

The tray never decides a roll. Typed dice go to the fight's session as a ``RollDice`` intent
(journaled, logged; for nobody the GM's own roll), their rerolls as ``RerollDice``; a roll the
builder made is rolled by the builder's owner. The tray follows the document and shows the rolls
each new journal entry made, as its round system describes them (``Ruleset.rolls``); a panel
that shows its own rolls (``uwr``'s checks with their reactions) claims an entry first with a
presenter. Without a document, :meth:`DiceTray.use_local_roller` lets the tray answer its own
requests, outside any fight.
"""

from collections.abc import Callable
from typing import Protocol

import msgspec
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.dice import DiceError, PoolRoll, PoolSpec, Roller, RollKeepSpec, SumSpec
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.intents import Intent, RerollDice, RollDice, RulesError
from uwr_desktop.core.limits import MAX_NOTATION_LENGTH
from uwr_desktop.core.notation import format_spec, parse_notation
from uwr_desktop.core.session import Change
from uwr_desktop.ui.dice.display import Outcome, RollDisplay
from uwr_desktop.ui.dice.odds_plot import WORKING_TEXT, Odds, OddsPlot
from uwr_desktop.ui.dice.odds_worker import OddsJob, OddsWorker
from uwr_desktop.ui.dice.speeds import SPEEDS
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.theme import problem_palette
from uwr_desktop.ui.widgets.build import named
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem
from uwr_desktop.ui.widgets.status_label import StatusLabel
from uwr_desktop.ui.widgets.wheel import ChoiceBox

__all__ = ["SPEEDS", "TRAY_KEYS", "DiceTray", "NothingToRollError", "RollBuilder", "RollRequest"]

DiceSpec = PoolSpec | RollKeepSpec | SumSpec
NOBODY = "Nobody: the GM's own roll"
TYPED_EXAMPLES = "2d10+5, 6k3, 7d6 f+1 r2"
ROLL_TIP = "Roll the dice (Enter or Ctrl+R)"
"""What Roll does, on it while a roll may be made."""
TRAY_KEYS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("Roll the typed dice", ("Return", "Enter", "Ctrl+R"), "roll"),
    ("Reroll all I may", ("R",), "reroll_all"),
    ("Show the dice at once", ("Esc",), "skip_animation"),
)
"""The tray's own keys, while the keyboard is in it: what they do (as the shortcut sheet says),
the keys, and the method they call. None is a key of the window's commands."""


def _bare(notation: str) -> str:
    """Notation without spaces or capitals, for telling whether two say the same."""
    return "".join(notation.split()).casefold()


class NothingToRollError(DiceError):
    """The inputs describe no roll yet: a hint for the GM rather than a mistake."""


class NothingTypedError(NothingToRollError):
    """No dice typed and no roll built: the typed-dice field's own examples say how, so the
    tray leaves its message line empty (greyed Roll still says it)."""


class RollRequest(msgspec.Struct, frozen=True):
    """A roll the GM asked for.

    A pool may have a ``difficulty`` (successes needed) or a ``reaction`` (an opposing pool);
    a roll-and-keep roll or a sum a ``target_number``. ``built`` says the round system's builder
    made it (and its owner rolls it); ``explained`` is what the tray says of it before the roll.
    """

    spec: DiceSpec
    combatant_id: str | None
    label: str
    difficulty: int | None = None
    reaction: PoolSpec | None = None
    target_number: int | None = None
    built: bool = False
    explained: str = ""


class RollBuilder(Protocol):
    """A round system's own inputs for building a roll, shown in the tray above the typed dice
    (``ui/rulesets/<id>/`` provides it through its panel)."""

    @property
    def widget(self) -> QWidget:
        """The inputs, laid out by the builder."""

    def follow(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` whenever an input changes (the tray then weighs the roll again)."""

    def set_combatant(self, combatant_id: str | None) -> None:
        """The tray's combatant changed (``None``: nobody): offer what it can roll."""

    def request(self, combatant_id: str | None, typed: DiceSpec | None) -> RollRequest | None:
        """The roll the inputs describe, ``built``; ``typed`` dice replace a built pool.
        ``None``: the builder adds nothing (the tray rolls the typed dice itself).
        ``DiceError`` says what is wrong (:class:`NothingToRollError`: what to do)."""

    def answer(self, request: RollRequest) -> None:
        """Roll ``request`` (one the builder made)."""


Presenter = Callable[[Change], bool]
"""Shows a change's rolls its own way; ``True``: it did (the tray shows nothing of it)."""


def _choice_text(combatant: Combatant) -> str:
    return f"{combatant.name} (defeated)" if combatant.down else combatant.name


class DiceTray(RollDisplay):
    """Typed dice, a round system's builder, odds, and the dice; see the module's description.

    ``rollRequested(RollRequest)`` is emitted for every roll asked for; ``rerollRequested(list)``
    for rerolls of a roll the tray did not make itself (a panel's own).
    """

    rollRequested = Signal(object)  # noqa: N815 (Qt signal naming)

    def __init__(
        self,
        document: EncounterDocument | None = None,
        parent: QWidget | None = None,
        roller: Roller | None = None,
    ) -> None:
        super().__init__(parent)
        named(self, "diceTray", accessible="Dice tray")
        self._document = document
        self._builder: RollBuilder | None = None
        self._presenter: Presenter | None = None
        self._request: RollRequest | None = None
        self._refusal: str | None = None
        """Why the rules make rolls wait now (``None``: they do not)."""
        self._local_roller = roller
        self._own_roll = False
        self._build_inputs()
        self._lay_out()
        self._connect()
        if document is not None:
            document.changed.connect(self._on_changed)
            document.sessionReplaced.connect(self._on_session_replaced)
            self._on_session_replaced()
        self._refresh()

    # ---- building ---------------------------------------------------------------------------

    def _build_inputs(self) -> None:
        self.combatant = named(
            ChoiceBox(),
            "trayCombatant",
            accessible="Combatant",
            tip="Whose roll this is: it is kept in the fight's journal and log",
        )
        self.combatant.addItem(NOBODY, None)
        self.notation = QLineEdit()
        self.notation.setObjectName("diceNotation")
        self.notation.setMaxLength(MAX_NOTATION_LENGTH)
        self.notation.setAccessibleName("Dice notation")
        self.notation.setPlaceholderText(f"type dice: {TYPED_EXAMPLES}")
        self.notation.setToolTip(
            "Typed dice: 2d10+5 (a sum), 6k3+5 (roll and keep), 7d6 f+1 r2 (d6 pool with favor "
            "and rerolls)"
        )
        self.target_number = named(
            NumberBox(0, 999, what="Target number"),
            "target_number",
            accessible="Target number",
            tip="TN of a roll and keep or a sum",
        )
        self.target_number.setSpecialValueText("no TN")
        self.target_number.setPrefix("TN ")
        self.message = StatusLabel("Check summary", self, collapses=True)
        self.message.setObjectName("diceTrayMessage")
        self.message.setWordWrap(True)
        self.odds_label = StatusLabel("Odds", self, collapses=True)
        self.odds_label.setObjectName("oddsText")
        self.chart_button = QToolButton()
        self.chart_button.setText("Ch&art")
        self.chart_button.setCheckable(True)
        self.chart_button.setAccessibleName("Show odds chart")
        self.chart_button.setToolTip("Show a chart of the results to expect")
        self.odds_plot = OddsPlot()
        self.odds_plot.hide()
        self.odds_worker = OddsWorker(self)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setAccessibleName("Roll")
        self.roll_button.setToolTip(ROLL_TIP)

    def _lay_out(self) -> None:
        self._form = QGridLayout()
        for_label = QLabel("F&or")
        for_label.setBuddy(self.combatant)
        self._form.addWidget(for_label, 0, 0)
        self._form.addWidget(self.combatant, 0, 1, 1, 3)
        self._builder_row = QVBoxLayout()
        self._builder_row.setContentsMargins(0, 0, 0, 0)
        dice_label = QLabel("&Dice")
        dice_label.setBuddy(self.notation)
        self._form.addLayout(self._builder_row, 1, 0, 1, 4)
        self._form.addWidget(dice_label, 2, 0)
        # One row, so the typed dice take the TN box's room while a pool (no TN) hides it.
        typed_row = QHBoxLayout()
        typed_row.addWidget(self.notation, 1)
        typed_row.addWidget(self.target_number)
        self._form.addLayout(typed_row, 2, 1, 1, 3)
        buttons = self.dice_buttons()
        buttons.insertWidget(0, self.roll_button)
        buttons.insertWidget(buttons.count() - 1, self.chart_button)  # beside Animation
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)  # in line with the panel around it
        layout.addLayout(self._form)
        layout.addWidget(self.message)
        layout.addWidget(self.odds_label)
        layout.addWidget(self.odds_plot)
        layout.addLayout(buttons)
        self.add_dice(layout)

    def _connect(self) -> None:
        self.combatant.currentIndexChanged.connect(self._on_combatant)
        for typed in (
            self.target_number.valueChanged,
            self.target_number.problemChanged,
            self.notation.textChanged,
        ):
            typed.connect(self._refresh)
        for roll_asked in (self.notation.returnPressed, self.roll_button.clicked):
            roll_asked.connect(self.roll)
        self.odds_worker.ready.connect(self._show_odds)
        self.odds_worker.failed.connect(lambda text: self._show_message(text, error=True))
        self.chart_button.toggled.connect(self.odds_plot.setVisible)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for _words, sequences, method in TRAY_KEYS:
            for keys in sequences:
                shortcut = QShortcut(QKeySequence(keys), self)
                shortcut.setContext(context)
                shortcut.activated.connect(getattr(self, method))

    def set_builder(self, builder: RollBuilder) -> None:
        """Put a round system's own roll inputs above the typed dice."""
        self._builder = builder
        self._builder_row.addWidget(builder.widget)
        builder.follow(self._refresh)
        builder.set_combatant(self.combatant.currentData())
        self.notation.setPlaceholderText(f"or type dice: {TYPED_EXAMPLES}")
        self._refresh()

    def set_presenter(self, presenter: Presenter) -> None:
        """Let a panel show the rolls of the entries it claims its own way."""
        self._presenter = presenter

    # ---- whose roll -------------------------------------------------------------------------

    def set_combatant(self, combatant_id: str | None) -> None:
        """Roll for ``combatant_id`` (one the tray offers; ``None``: nobody)."""
        found = self.combatant.findData(combatant_id)
        if found >= 0:
            self.combatant.setCurrentIndex(found)

    def _fill_combatants(self, state: EncounterState) -> None:
        chosen = self.combatant.currentData()
        self.combatant.blockSignals(True)
        self.combatant.clear()
        self.combatant.addItem(NOBODY, None)
        for cid in state.rows:
            self.combatant.addItem(_choice_text(state.combatants[cid]), cid)
        self.combatant.setCurrentIndex(max(self.combatant.findData(chosen), 0))
        self.combatant.blockSignals(False)
        if self.combatant.currentData() != chosen:
            self._on_combatant()

    def _follow_combatants(self, change: Change, state: EncounterState) -> None:
        """List the combatants again when they came, went or moved; else retitle only those
        the change touched (a defeat, a new name)."""
        if change.added or change.removed or change.rows_changed:
            self._fill_combatants(state)
            return
        for cid in change.changed:
            index = self.combatant.findData(cid)
            combatant = state.combatants.get(cid)
            if index >= 0 and combatant is not None:
                text = _choice_text(combatant)
                if self.combatant.itemText(index) != text:
                    self.combatant.setItemText(index, text)

    def _roll_for_the_actor(self) -> None:
        """Roll for the first of those the rules say act now (a turn, a countdown's count);
        with nobody acting, the choice stays."""
        assert self._document is not None
        acting = self._document.turn_now().acting
        if acting:
            self.set_combatant(acting[0])

    def _on_combatant(self) -> None:
        if self._builder is not None:
            self._builder.set_combatant(self.combatant.currentData())
        self._refresh()

    # ---- the request ------------------------------------------------------------------------

    def build_request(self) -> RollRequest:
        """The roll the inputs describe now; ``DiceError`` says what is wrong."""
        combatant_id = self.combatant.currentData()
        text = self.notation.text().strip()
        typed = parse_notation(text) if text else None
        if self._builder is not None:
            built = self._builder.request(combatant_id, typed)
            if built is not None:
                return built
        if typed is None:
            raise NothingTypedError(f"Type dice to roll: {TYPED_EXAMPLES}.")
        problem = first_problem([self.target_number])
        if problem:
            raise DiceError(problem)
        who = self.combatant.currentText() if combatant_id is not None else ""
        label = f"{who}: {text}" if who else text
        tn = self.target_number.value() or None
        read = format_spec(typed)
        # How the dice were read, when it says more than what was typed ("7d6 f1 r0" is 7d6 f+1).
        explained = label if _bare(read) == _bare(text) else f"{label} = {read}"
        if isinstance(typed, PoolSpec):
            return RollRequest(typed, combatant_id, label, explained=explained)
        return RollRequest(typed, combatant_id, label, target_number=tn, explained=explained)

    def _refresh(self) -> None:
        try:
            request = self.build_request()
        except DiceError as error:
            self._request = None
            said = "" if isinstance(error, NothingTypedError) else str(error)
            self._show_message(said, error=not isinstance(error, NothingToRollError))
            self.odds_worker.cancel()
            self.odds_label.clear()
            self.odds_plot.set_odds(None)
            self.roll_button.setEnabled(False)
            self.roll_button.setToolTip(str(error))
            self.target_number.setVisible(False)
            return
        self._request = request
        refusal = self._refusal
        self.roll_button.setEnabled(refusal is None)
        self.roll_button.setToolTip(refusal or ROLL_TIP)
        self.target_number.setVisible(not isinstance(request.spec, PoolSpec) and not request.built)
        # Why the rules hold the roll back is the fight's state, not a mistake: not in red.
        self._show_message(refusal or request.explained or request.label, error=False)
        odds = self.odds_worker.request(
            OddsJob(request.spec, request.difficulty, request.reaction, request.target_number)
        )
        if odds is None:
            self.odds_label.setText(WORKING_TEXT)
            self.odds_plot.set_working()
        else:
            self._show_odds(odds)

    def _show_odds(self, odds: Odds) -> None:
        self.odds_label.setText(odds.headline)
        self.odds_plot.set_odds(odds)

    def _show_message(self, text: str, *, error: bool) -> None:
        self.message.setPalette(problem_palette(self) if error else self.palette())
        self.message.setText(text)
        self.message.setProperty("error", error)

    def message_text(self) -> str:
        """The line under the inputs: what the roll is, or what is wrong with it."""
        return self.message.text()

    def has_error(self) -> bool:
        """Whether the inputs cannot be rolled as they are (the message says why)."""
        return self._request is None

    def odds_text(self) -> str:
        """The odds shown for the inputs as they are."""
        return self.odds_label.text()

    # ---- rolling ----------------------------------------------------------------------------

    def roll(self) -> None:
        """Roll what the inputs describe (nothing happens while they are in error or the rules
        make rolls wait: the message says why)."""
        self._refresh()
        request = self._request
        if request is None or self._refusal is not None:
            return
        self.skip_animation()
        self.expect(Outcome(request.spec, request.difficulty, request.target_number))
        self.rollRequested.emit(request)
        if request.built and self._builder is not None:
            self._builder.answer(request)
        elif self._document is not None:
            self._do(RollDice(request.combatant_id, format_spec(request.spec)))
        elif self._local_roller is not None:
            self._roll_locally(request)

    def _do(self, intent: Intent) -> bool:
        assert self._document is not None
        try:
            self._document.do(intent)
        except RulesError as error:
            self._show_message(str(error), error=True)
            return False
        return True

    def _ask_reroll(self, indices: list[int]) -> None:
        if self._own_roll and self._document is not None:
            self._do(RerollDice(indices))
        elif self._own_roll and self._local_roller is not None:
            roll = self.current_roll()
            if isinstance(roll, PoolRoll):
                try:
                    self.show_reroll(self._local_roller.reroll(roll, indices), indices)
                except DiceError as error:
                    self._show_message(str(error), error=True)
        else:
            self.rerollRequested.emit(indices)

    # ---- following the fight ----------------------------------------------------------------

    def _weigh_refusal(self) -> None:
        """Ask the rules whether rolls wait now; weigh the roll again when that changed."""
        assert self._document is not None
        session = self._document.session
        refusal = session.ruleset.roll_refusal(session.state)
        if refusal != self._refusal:
            self._refusal = refusal
            self._refresh()

    def _on_session_replaced(self) -> None:
        assert self._document is not None
        state = self._document.session.state
        self._weigh_refusal()
        self._fill_combatants(state)
        self._roll_for_the_actor()
        self._own_roll = False
        self.clear_roll()
        self._show_entry(animate=False)

    def _on_changed(self, change: Change) -> None:
        assert self._document is not None
        state = self._document.session.state
        self._weigh_refusal()
        self._follow_combatants(change, state)
        new_turn = self._document.new_turn
        if new_turn:
            self._roll_for_the_actor()
        if self._presenter is not None and self._presenter(change):
            self._own_roll = False
            return
        # An entry that rolled nothing leaves the roll shown, unless it starts a new turn or was
        # undone or redone (the tray shows what the journal holds).
        shown = self._show_entry(animate=change.kind == "do")
        if not shown and (change.kind != "do" or new_turn):
            self._clear()

    def _clear(self) -> None:
        self._own_roll = False
        self.clear_roll()

    def _show_entry(self, *, animate: bool) -> bool:
        """Show the first roll the latest entry made; ``False`` when it made none, or when it
        started a new turn (a new turn starts with a clear tray)."""
        assert self._document is not None
        session = self._document.session
        if session.cursor == 0:
            return False
        rolls = session.entry_view(session.cursor - 1).rolls
        if not rolls:
            return False
        before = session.state_at(session.cursor - 1)
        if self._document.turn_key(before) != self._document.turn_key(session.state):
            return False
        shown = rolls[0]
        self.show_rolled(shown, animate=animate)
        typed = session.state.typed_roll
        self._own_roll = typed is not None and typed.record == shown.record
        return True

    # ---- outside a fight --------------------------------------------------------------------

    def use_local_roller(self, roller: Roller) -> None:
        """Answer the tray's own requests with ``roller`` when it follows no fight; an opposing
        reaction rolls its pool and spends all its rerolls on its failed dice."""
        self._local_roller = roller

    def _roll_locally(self, request: RollRequest) -> None:
        roller = self._local_roller
        assert roller is not None
        spec = request.spec
        if isinstance(spec, PoolSpec):
            action = roller.roll_pool(spec)
            reaction = None
            if request.reaction is not None:
                reaction = roller.reroll_all(roller.roll_pool(request.reaction))
            self.show_pool_roll(action, reaction)
        elif isinstance(spec, RollKeepSpec):
            self.show_keep_roll(roller.roll_keep(spec))
        else:
            self.show_sum_roll(roller.roll_sum(spec))
        self._own_roll = True

    def show_pool_roll(self, roll: PoolRoll, reaction: PoolRoll | None = None) -> None:
        """Show a d6 pool (and the reaction that opposed it) and animate it; its rerolls are
        asked of whoever handed it (``rerollRequested``)."""
        self._own_roll = False
        super().show_pool_roll(roll, reaction)
