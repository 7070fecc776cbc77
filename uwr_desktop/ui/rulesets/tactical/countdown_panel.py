"""The countdown panel: who acts on the count now, declaring from the action catalog with the
AP chosen, resolving, stepping to the next count, interrupting, movement and parry, the GM's
environmental counters, above the dice tray (which shows the latest initiative roll).

Every button builds an intent and hands it to the session; a refusal is shown in the panel.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.intents import NextTurn
from uwr_desktop.core.limits import MAX_COUNT, MAX_INITIATIVE
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.catalog import ActionKind, ActionType, Pace
from uwr_desktop.core.rulesets.tactical.decide import (
    interrupt_refusal,
    move_refusal,
    parry_refusal,
    resolve_refusal,
)
from uwr_desktop.core.rulesets.tactical.intents import (
    MoveMode,
    TacticalDeclare,
    TacticalInterrupt,
    TacticalMove,
    TacticalParry,
    TacticalResolve,
)
from uwr_desktop.core.rulesets.tactical.preview import declare_preview
from uwr_desktop.core.rulesets.tactical.settings import Interruption, TacticalSettings
from uwr_desktop.core.rulesets.tactical.sheet import sheet_of
from uwr_desktop.core.rulesets.tactical.state import Phase, catalog, pace_table, part_of
from uwr_desktop.core.rulesets.tactical.view import ap_text
from uwr_desktop.core.session import Change
from uwr_desktop.ui.dice.tray import DiceTray
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, PanelButton, PanelCommand
from uwr_desktop.ui.rulesets.system_panel import SystemPanel
from uwr_desktop.ui.rulesets.tactical.counters_row import CountersRow
from uwr_desktop.ui.widgets.build import named, row_of
from uwr_desktop.ui.widgets.listed import listed
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem
from uwr_desktop.ui.widgets.wheel import ChoiceBox

DECLARE_TIP = "Declare the action chosen for the combatant chosen, at this count"
"""What Declare does, when the rules would take it."""

RESOLVE_TIP = "Resolve the actions completing on this count, together"
"""What Resolve does, when the rules would take it."""

NEXT_TIP = "Step to the next count where an action resolves or is declared"
"""What Next count does, when the rules would take it."""

PARRY_TIP = "Declare the round's parry: this much of the attack bonus, against the one chosen"
"""What Parry does, when the rules would take it."""

INTERRUPT_TIP = "Stop the action under way of the combatant chosen: the AP it used stay spent"
"""What Interrupt does, when the rules would take it."""

MOVE_TIP = "Record the pace chosen as the combatant's movement this round"
"""What Move does, when the rules would take it."""


class CountdownPanel(SystemPanel):
    """The tactical Dice dock panel, following one document."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        """Build the panel for ``document``."""
        super().__init__(document, "tactical", parent)
        self._tables: tuple[tuple[ActionType, ...], tuple[Pace, ...]] = ((), ())
        self._roster: tuple[tuple[str, str], ...] | None = None
        self._resolving: list[str] = []
        self._declaring: list[str] = []
        self.status = named(QLabel(), "tacticalStatus")
        self.status.setWordWrap(True)
        # A fixed height: a new text must not lay the whole dock out again at every count.
        self.status.setFixedHeight(3 * self.status.fontMetrics().lineSpacing() + 4)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.actor = named(ChoiceBox(), "tacticalActor")
        self.action = named(ChoiceBox(), "tacticalAction")
        self.ap = named(NumberBox(0, 0, what="AP"), "tacticalAp")
        self.ap.setSuffix(" AP")
        self.penalty = named(
            NumberBox(-MAX_INITIATIVE, 0, what="The concentration penalty"),
            "tacticalConcentrationPenalty",
        )
        self.penalty.setToolTip(
            "The penalty the GM gives a concentration action: 0 or below, like -20"
        )
        self.declare = named(QPushButton("Declare"), "tacticalDeclare")
        self.declare.setToolTip(DECLARE_TIP)
        self.preview = named(QLabel(), "tacticalPreview")
        self.preview.setWordWrap(True)
        self.preview.setToolTip("What Declare would do now, as the rules work it out")
        self.resolve = named(QPushButton("Resolve"), "tacticalResolve")
        self.resolve.setToolTip(RESOLVE_TIP)
        self.next = named(QPushButton("Next count"), "tacticalNext")
        self.next.setToolTip(NEXT_TIP)
        self.interrupt = named(QPushButton("Interrupt"), "tacticalInterrupt")
        self.edit_catalog = named(QPushButton("Catalog…"), "tacticalCatalog")
        self.edit_catalog.setToolTip("Edit this fight's action catalog and pace table")
        self.keep = named(QCheckBox("&keep progress"), "tacticalKeep")
        self.pace = named(ChoiceBox(), "tacticalPace")
        self.mode = named(ChoiceBox(), "tacticalMode")
        for mode in MoveMode:
            self.mode.addItem(mode.value, mode)
        self.move_button = named(QPushButton("Move"), "tacticalMove")
        self.parry_amount = named(
            NumberBox(0, MAX_COUNT, what="The parry amount"), "tacticalParryAmount"
        )
        self.parry_amount.setToolTip("How much of the attack bonus goes to the parry (0 or more)")
        self.parry_against = named(ChoiceBox(), "tacticalParryAgainst")
        self.parry = named(QPushButton("Parry"), "tacticalParry")
        self.counters = CountersRow(self._do, self.message.setText)
        self.tray = DiceTray(document)
        for box in (self.actor, self.action, self.pace, self.mode, self.parry_against):
            # Long catalog names must not widen the Dice dock past a laptop screen.
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(8)
        self._lay_out()
        self._connect(document)
        self._rebuild()

    def _lay_out(self) -> None:
        # Fields sharing a form row with others have no label of their own to be read by.
        for widget, name in (
            (self.ap, "AP the action costs"),
            (self.penalty, "Concentration penalty"),
            (self.pace, "Pace"),
            (self.mode, "Movement"),
            (self.parry_amount, "Parry amount"),
            (self.parry_against, "Parry against"),
        ):
            widget.setAccessibleName(name)
        # A grid, not a form: a form layout keeps the preview's one-line height after its words
        # wrap to a second line in a narrow dock, cutting them under the Pace row.
        form = QGridLayout()
        form.setColumnStretch(1, 1)
        _add_row(form, "Combatant", self.actor)
        _add_row(form, "Action", self.action)
        _add_row(form, "Cost", row_of(self.ap, self.penalty, self.declare))
        form.addWidget(self.preview, form.rowCount(), 0, 1, 2)
        grid = QGridLayout()
        grid.addWidget(self.resolve, 0, 0)
        grid.addWidget(self.next, 0, 1)
        grid.addWidget(self.interrupt, 1, 0)
        grid.addWidget(self.edit_catalog, 1, 1)
        grid.addWidget(self.keep, 2, 0)  # shown only when the GM chooses at each interruption
        _add_row(form, "Pace", row_of(self.pace, self.mode, self.move_button))
        _add_row(form, "Parry", row_of(self.parry_amount, self.parry_against, self.parry))
        counters = QFormLayout()
        counters.addRow(self.counters.line)
        counters.addRow("Counter", row_of(*self.counters.naming()))
        counters.addRow("Value", row_of(*self.counters.numbers()))
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addLayout(form)
        layout.addLayout(grid)
        layout.addLayout(counters)
        layout.addWidget(self.message)
        layout.addWidget(self.tray)

    def _connect(self, document: EncounterDocument) -> None:
        self.action.currentIndexChanged.connect(self._action_chosen)
        self.actor.currentIndexChanged.connect(self._actor_chosen)
        self.parry_against.currentIndexChanged.connect(self._refresh_buttons)
        self.pace.currentIndexChanged.connect(self._refresh_buttons)
        self.mode.currentIndexChanged.connect(self._refresh_buttons)
        self.ap.valueChanged.connect(self._show_preview)
        self.penalty.valueChanged.connect(self._show_preview)
        self.declare.clicked.connect(self._declare)
        self.resolve.clicked.connect(lambda: self._do(TacticalResolve()))
        self.next.clicked.connect(lambda: self._do(NextTurn()))
        self.interrupt.clicked.connect(self._interrupt)
        self.move_button.clicked.connect(self._move)
        self.parry.clicked.connect(self._parry)
        self.edit_catalog.clicked.connect(self._edit_catalog)
        document.sessionReplaced.connect(self._rebuild)
        document.changed.connect(self._changed)

    # ---- following the document ---------------------------------------------------------------

    def _settings(self) -> TacticalSettings:
        settings = self._document.session.ruleset.settings
        return settings if isinstance(settings, TacticalSettings) else TacticalSettings()

    def _rebuild(self, *, afresh: bool = True) -> None:
        """Fill the catalog's and paces' lists again, then show the fight (see
        :meth:`_refresh`)."""
        settings = self._settings()
        self.action.blockSignals(True)
        self.action.clear()
        state = self._document.session.state
        self._tables = (catalog(state), pace_table(state))
        for entry in self._tables[0]:
            if entry.kind is not ActionKind.MOVEMENT:
                self.action.addItem(f"{entry.name} ({entry.cost_text})", entry.name)
        self.action.blockSignals(False)
        self.pace.clear()
        for pace in self._tables[1]:
            self.pace.addItem(f"{pace.name} ({pace.penalty})", pace.name)
        self.keep.setVisible(settings.interruption is Interruption.ASK)
        self._action_chosen()
        self._refresh(afresh=afresh)

    def _changed(self, change: Change) -> None:
        self.message.setText("")
        state = self._document.session.state
        if change.part_changed and (catalog(state), pace_table(state)) != self._tables:
            self._rebuild(afresh=self._document.new_turn)
        else:
            self._refresh(afresh=self._document.new_turn)

    def focus(self, combatant_id: str | None) -> None:
        """The combatant selected in the table becomes the one acting in the panel."""
        self._focus = combatant_id
        if combatant_id is not None and self.actor.findData(combatant_id) >= 0:
            self.actor.setCurrentIndex(self.actor.findData(combatant_id))

    def _refresh(self, *, afresh: bool) -> None:
        """Show the fight now; ``afresh`` (another turn or fight): the inputs start afresh."""
        session = self._document.session
        state = session.state
        order = self._settings().tie_order
        self._resolving = resolving = rules.resolving(state, order)
        self._declaring = declaring = rules.declaring(state, order)
        name = {cid: c.name for cid, c in state.combatants.items()}
        count = part_of(state).count
        if state.phase == Phase.SETUP:
            words = "Add combatants, then Start Fight: base initiative is rolled."
        elif state.phase == Phase.RESOLUTION and count is not None:
            parts = [f"Round {state.round} · count {count}"]
            if resolving:
                parts.append("resolving: " + listed([name[cid] for cid in resolving]))
            if declaring:
                parts.append("declaring: " + listed([name[cid] for cid in declaring]))
            busy = rules.on_own_count(state)
            if busy:
                parts.append("may be interrupted: " + listed([name[cid] for cid in busy]))
            if not resolving and not declaring and not busy:
                parts.append("nothing more on this count")
            words = " — ".join(parts)
        elif state.phase == Phase.UPKEEP:
            words = f"Round {state.round} upkeep done: Next starts round {state.round + 1}."
        else:
            words = f"Round {state.round}: declare parries, then Next starts the countdown."
        self.status.setText(words)
        self.counters.show_counters(part_of(state).counters)
        roster = tuple((cid, name[cid]) for cid in state.rows)
        if roster != self._roster:
            self._roster = roster
            self._fill_names(roster)
        shown = self.actor.currentData()
        wanted = self._wanted_actor(shown)
        self.actor.blockSignals(True)
        self.actor.setCurrentIndex(max(self.actor.findData(wanted), 0))
        self.actor.blockSignals(False)
        if afresh or self.actor.currentData() != shown:
            self._start_afresh()
        self._refresh_buttons()

    def _actor_chosen(self) -> None:
        self._start_afresh()
        self._refresh_buttons()

    def _start_afresh(self) -> None:
        """Another combatant in the box, or a new count, starts its inputs afresh: the action's
        full cost (nothing shortened), no concentration penalty, no parry and against anyone.
        The action chosen stays."""
        entry = self._entry()
        if entry is not None and entry.kind is ActionKind.ACTION:
            self.ap.setValue(entry.max_ap)
        self.penalty.setValue(0)
        self.parry_amount.setValue(0)
        self.parry_against.blockSignals(True)
        self.parry_against.setCurrentIndex(0)
        self.parry_against.blockSignals(False)

    def _fill_names(self, roster: tuple[tuple[str, str], ...]) -> None:
        """Refill the combatant lists (only when someone joins, leaves or is renamed)."""
        for box in (self.actor, self.parry_against):
            chosen = box.currentData()
            box.blockSignals(True)
            box.clear()
            if box is self.parry_against:
                box.addItem("anyone", "")
            for cid, name in roster:
                box.addItem(name, cid)
            box.setCurrentIndex(max(box.findData(chosen), 0))
            box.blockSignals(False)

    def _wanted_actor(self, chosen: str | None) -> str | None:
        for due in (self._resolving, self._declaring):
            if due:
                return chosen if chosen in due else due[0]
        return chosen if chosen is not None else self._focus

    def _refresh_buttons(self) -> None:
        state = self._document.session.state
        cid = self.actor.currentData()
        resolve_refused = resolve_refusal(state, self._settings().tie_order)
        self.resolve.setEnabled(resolve_refused is None)
        self.resolve.setToolTip(resolve_refused or RESOLVE_TIP)
        refused = self._document.session.ruleset.round_refusal(state, NextTurn())
        self.next.setEnabled(refused is None)
        self.next.setToolTip(refused or NEXT_TIP)
        interrupt_refused = (
            "Choose the combatant whose action to stop"
            if cid is None
            else interrupt_refusal(state, cid)
        )
        self.interrupt.setEnabled(interrupt_refused is None)
        self.interrupt.setToolTip(interrupt_refused or INTERRUPT_TIP)
        pace = self.pace.currentData()
        move_refused = (
            "Choose the combatant who moves"
            if cid is None
            else "The pace table is empty: add a pace with Catalog…"
            if pace is None
            else move_refusal(state, cid, pace, self.mode.currentData())
        )
        self.move_button.setEnabled(move_refused is None)
        self.move_button.setToolTip(move_refused or MOVE_TIP)
        parry_refused = (
            "Choose the combatant who parries"
            if cid is None
            else parry_refusal(state, cid, self.parry_against.currentData() or "")
        )
        self.parry.setEnabled(parry_refused is None)
        self.parry.setToolTip(parry_refused or PARRY_TIP)
        self._show_preview()

    def _show_preview(self) -> None:
        """AP left for the combatant chosen and what Declare would do now, both from the
        rules; Declare is greyed, saying why, when the rules would refuse it."""
        state = self._document.session.state
        cid = self.actor.currentData()
        combatant = state.combatants.get(cid) if cid is not None else None
        entry = self._entry()
        preview = None
        if combatant is not None and entry is not None:
            ap = self.ap.value() if entry.ranged else None
            intent = TacticalDeclare(combatant.id, entry.name, ap, self.penalty.value())
            preview = declare_preview(state, self._settings(), intent)
        if combatant is None or state.phase == Phase.SETUP:
            self.preview.setText("")
        else:
            words = [f"AP left {ap_text(sheet_of(combatant), part_of(state).count)}"]
            if preview is not None:
                words.append(preview.words)
            self.preview.setText(" · ".join(words))
        refusal = (
            "Choose the combatant who declares"
            if combatant is None
            else "Choose the action to declare"
            if preview is None
            else preview.words
            if preview.refused
            else None
        )
        self.declare.setEnabled(refusal is None)
        self.declare.setToolTip(refusal or DECLARE_TIP)

    def _entry(self) -> ActionType | None:
        name = self.action.currentData()
        return next((e for e in self._tables[0] if e.name == name), None)

    def _action_chosen(self) -> None:
        entry = self._entry()
        ranged = entry is not None and entry.ranged
        if entry is not None and entry.kind is ActionKind.ACTION:
            self.ap.setRange(entry.min_ap, entry.max_ap)
            self.ap.setValue(entry.max_ap)
        else:
            self.ap.setRange(0, 0)
        self.ap.setEnabled(ranged)
        self.ap.setToolTip("-25 for each AP below the maximum" if ranged else "A fixed cost")
        self.penalty.setVisible(entry is not None and entry.kind is ActionKind.CONCENTRATION)
        self._show_preview()

    # ---- intents ---------------------------------------------------------------------------

    def _refused(self, *boxes: NumberBox) -> bool:
        """Say what is wrong with a number typed in ``boxes`` (nothing is done then)."""
        problem = first_problem(boxes)
        if problem:
            self.message.setText(problem)
        return bool(problem)

    def _declare(self) -> None:
        entry = self._entry()
        cid = self.actor.currentData()
        if entry is None or cid is None:
            return
        if self._refused(self.ap, self.penalty):
            return
        ap = self.ap.value() if entry.ranged else None
        self._do(TacticalDeclare(cid, entry.name, ap, self.penalty.value()))

    def _interrupt(self) -> None:
        cid = self.actor.currentData()
        if cid is not None:
            self._do(TacticalInterrupt(cid, self.keep.isChecked()))

    def _move(self) -> None:
        cid = self.actor.currentData()
        if cid is not None:
            self._do(TacticalMove(cid, self.pace.currentData(), self.mode.currentData()))

    def _parry(self) -> None:
        cid = self.actor.currentData()
        if cid is not None and not self._refused(self.parry_amount):
            self._do(
                TacticalParry(cid, self.parry_amount.value(), self.parry_against.currentData())
            )

    def _edit_catalog(self) -> None:
        from uwr_desktop.ui.rulesets.tactical.catalog_dialog import CatalogDialog
        from uwr_desktop.ui.widgets.dialog_parts import modal_answer

        state = self._document.session.state
        part = part_of(state)
        dialog = CatalogDialog(catalog(state), pace_table(state), self)
        intent = modal_answer(dialog, dialog.intent)
        if intent is not None and (intent.actions, intent.paces) != (part.actions, part.paces):
            self._do(intent)


def dice_panel(document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
    """The countdown panel above the dice tray, with its buttons' keys."""
    panel = CountdownPanel(document, parent)
    more = (
        PanelButton("declare", "&Declare", panel.declare, "F9"),
        PanelButton("next_count", "&Next Count", panel.next, "F4"),
        PanelButton("interrupt", "&Interrupt", panel.interrupt, "Shift+F9"),
        PanelButton("move", "&Move", panel.move_button, "F3"),
        PanelButton("parry", "&Parry", panel.parry, "Shift+F3"),
        PanelButton("catalog", "&Catalog…", panel.edit_catalog, "Ctrl+F9"),
        PanelButton("set_counter", "Set C&ounter", panel.counters.set_button, "Ctrl+F3"),
        PanelButton(
            "remove_counter", "Remo&ve Counter", panel.counters.remove_button, "Ctrl+Shift+F3"
        ),
    )
    commands = {PanelCommand.RESOLVE: panel.resolve}
    return DicePanel(panel, panel.tray, panel.focus, commands, more=more)


def _add_row(grid: QGridLayout, label: str, field: QWidget | QLayout) -> None:
    """A row of ``grid``: ``label`` (the field's buddy, as a form's) and ``field`` beside it."""
    row = grid.rowCount()
    words = QLabel(label)
    grid.addWidget(words, row, 0)
    if isinstance(field, QWidget):
        words.setBuddy(field)
        grid.addWidget(field, row, 1)
    else:
        grid.addLayout(field, row, 1)
