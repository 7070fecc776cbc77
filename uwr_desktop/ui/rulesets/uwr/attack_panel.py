"""The attack panel: attacker, weapon, target and modifiers, then the target's reaction.

The panel never changes the encounter. It reads the state it is given and emits the intent
the GM chose (:attr:`AttackPanel.intentChosen`); the owner hands it to the session and shows
any refusal.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.rulesets.uwr.decide import in_round, no_pending, reroll_refusal
from uwr_desktop.core.rulesets.uwr.intents import Attack, Reroll, ResolveCheck
from uwr_desktop.core.rulesets.uwr.rules import roll_of
from uwr_desktop.core.rulesets.uwr.sheet import Weapon, sheet_of
from uwr_desktop.core.rulesets.uwr.state import PendingCheck, part_of
from uwr_desktop.core.targets import default_target, targets
from uwr_desktop.ui.rulesets.uwr.check_extras import (
    EXTRA_DICE_RANGE,
    FAVOR_RANGE,
    below_one_box,
    modifier_box,
)
from uwr_desktop.ui.rulesets.uwr.intent_widget import IntentWidget
from uwr_desktop.ui.rulesets.uwr.reaction_box import ReactionBox
from uwr_desktop.ui.widgets.build import button, named, set_items
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem
from uwr_desktop.ui.widgets.status_label import StatusLabel
from uwr_desktop.ui.widgets.wheel import ChoiceBox

REROLL_REACTION_TIP = "Reroll as many failed reaction dice as its rerolls allow (or click one)"
"""What the reaction's reroll button does, on it while its rerolls may be taken."""

RESOLVE_TIP = "Make the pending roll final"
"""What Resolve does, on it while a check is pending."""
NOTHING_TO_RESOLVE = "No check is waiting to be resolved"
"""Why Resolve is greyed while no check is pending."""


def _rounds(count: int) -> str:
    return "1 round" if count == 1 else f"{count} rounds"


def _successes(count: int) -> str:
    return "1 success" if count == 1 else f"{count} successes"


def weapon_choice(weapon: Weapon) -> tuple[str, str | None]:
    """How a weapon is offered: ``"Short Bow · 2/3 left"``, and why it cannot attack now
    (``None`` when it can; before the fight its uses are not known yet and it is offered)."""
    name = weapon.name
    if weapon.upr is None:
        return name, None
    if weapon.preparing_left:
        left = _rounds(weapon.preparing_left)
        return f"{name} · preparing, {left} left", f"{name} is being prepared ({left} left)"
    if weapon.upr == 0:
        return f"{name} · unusable", f"{name} gives 0 uses per round with this pool"
    if weapon.upr < 1 and not weapon.prepared and weapon.uses_left < 1:
        return f"{name} · not prepared", f"{name} is not prepared; prepare it first"
    text = f"{name} · {weapon.uses_left}/{weapon.uses_max} left"
    if weapon.uses_left < 1:
        return text, f"No uses of {name} left this round"
    return text, None


def pending_text(state: EncounterState, pending: PendingCheck) -> str:
    """What the pending check is and what it waits for."""
    check = pending.check
    actor = state.combatants[check.actor].name
    action = pending.action_successes()
    if check.kind == "opposed" and check.target is not None:
        target = state.combatants[check.target].name
        return (
            f"{actor}'s {check.title} against {target}: "
            f"{action} vs {pending.reaction_successes()}. Reroll, or resolve when done."
        )
    if check.kind != "attack" or check.target is None:
        goal = f" (needs {check.difficulty})" if check.difficulty else ""
        return f"{actor}'s {check.title}{goal}: {_successes(action)}. Resolve when done."
    target = state.combatants[check.target].name
    text = f"{actor} attacks {target} with {check.title}: {_successes(action)}"
    if pending.reaction is None:
        return f"{text}. How does {target} react?"
    reaction = pending.reaction_successes() or 0
    verb = "parries" if pending.reaction.reaction == "parry" else "dodges"
    return f"{text}; {target} {verb}: {_successes(reaction)}."


def round_refusal(state: EncounterState) -> str | None:
    """Why the rules take no attack from anyone now, in their words (before the fight, or
    while a check is pending); ``None`` when they may."""
    try:
        in_round(state)
        no_pending(state)
    except RulesError as error:
        return str(error)
    return None


def no_attacker_reason(state: EncounterState, on_turn: str | None) -> str:
    """Why the panel chose no attacker: nobody may attack now, whoever is on turn cannot,
    nobody is, or nobody is standing."""
    refusal = round_refusal(state)
    if refusal is not None:
        return refusal
    if state.everyone_down():
        return "Everyone is down: nobody can attack"
    acting = state.combatants.get(on_turn) if on_turn is not None else None
    if acting is not None and acting.down:
        return f"{acting.name} is down: choose who attacks"
    return "Nobody acts now: choose who attacks"


class AttackPanel(IntentWidget):
    """Choose an attack and the target's reaction; emits ``intentChosen(Intent)``.

    The window's Attack (F11) clicks :attr:`attack_button`; the panel claims no key of its own.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        """An empty panel; :meth:`refresh` fills it from a state."""
        super().__init__("attackPanel", parent, accessible="Attack")
        self._state: EncounterState | None = None
        self._ruleset: Ruleset | None = None
        self._default_attacker: str | None = None
        self._no_attacker = "Choose who attacks"
        self._awaiting_reaction = False
        self._targets_for: str | None = None
        self._weapons_for: str | None = None
        self._attack_shown: PendingCheck | None = None
        self._build()
        self._connect()
        self._update_buttons()

    def _build(self) -> None:
        self.attacker = named(ChoiceBox(), "attacker", accessible="Attacker")
        self.attacker.setToolTip(
            "Who attacks: whose turn it is (pick another to attack out of turn)"
        )
        self.attacker.setPlaceholderText("Choose who attacks")
        self.weapon = named(
            ChoiceBox(),
            "weapon",
            accessible="Weapon",
            tip="The weapon and its uses left this round",
        )
        self.target = named(ChoiceBox(), "target", accessible="Target", tip="Who is attacked")
        self.favor = modifier_box(*FAVOR_RANGE, "Attack favor", "Net favor: +1 lets a 4 succeed")
        self.extra_dice = modifier_box(
            *EXTRA_DICE_RANGE, "Attack extra dice", "Dice added to the pool (negative: a penalty)"
        )
        self.below_one = below_one_box("attackBelowOne", "Attack", "&Below 1 die")
        self.attack_button = button("Attack", "attackButton", "Roll the attack")
        self.attacker_info = named(
            StatusLabel("Attacker's Stamina and Vitality"),
            "attackerInfo",
            tip="An attack, a dodge or a parry spends 1 Stamina",
        )
        self.attacker_info.setWordWrap(True)
        self.status = StatusLabel("Pending check")
        self.status.setObjectName("pendingStatus")
        self.status.setWordWrap(True)
        self.reaction = ReactionBox()
        self.reroll_reaction_button = button(
            "Reroll the reaction's failed dice", "rerollReactionButton", REROLL_REACTION_TIP
        )
        self.resolve_button = button("Resolve", "resolveButton", NOTHING_TO_RESOLVE)
        self._lay_out()

    def _lay_out(self) -> None:
        form = QGridLayout()
        cells: tuple[tuple[str, QWidget, int, int], ...] = (
            ("Attacker", self.attacker, 0, 0),
            ("Weapon", self.weapon, 0, 2),
            ("Target", self.target, 1, 0),
            ("Favor", self.favor, 1, 2),
            ("Extra dice", self.extra_dice, 2, 0),
        )
        for text, widget, row, column in cells:
            label = QLabel(text)
            label.setBuddy(widget)
            form.addWidget(label, row, column)
            form.addWidget(widget, row, column + 1)
        form.addWidget(self.below_one, 2, 2)
        form.addWidget(self.attack_button, 2, 3)
        form.addWidget(self.attacker_info, 3, 0, 1, 3)
        form.addWidget(self.resolve_button, 3, 3)
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 1)
        finish = QHBoxLayout()
        finish.addWidget(self.reroll_reaction_button)
        finish.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addWidget(self.reaction)
        layout.addLayout(finish)

    def _connect(self) -> None:
        self.attacker.currentIndexChanged.connect(self._on_attacker)
        for combo in (self.weapon, self.target):
            combo.currentIndexChanged.connect(self._update_buttons)
        self.attack_button.clicked.connect(self.attack)
        self.reaction.intentChosen.connect(self.intentChosen)
        self.reaction.problemFound.connect(self.problemFound)
        self.reroll_reaction_button.clicked.connect(
            lambda: self.intentChosen.emit(Reroll(of_reaction=True))
        )
        self.resolve_button.clicked.connect(lambda: self.intentChosen.emit(ResolveCheck()))

    # ---- filling from the state -------------------------------------------------------------

    def refresh(
        self, state: EncounterState, ruleset: Ruleset, default_attacker: str | None
    ) -> None:
        """Show ``state``; the attacker becomes ``default_attacker`` (whose turn it is) when that
        changed, with favor and extra dice back at 0. When neither the GM's choice nor whoever
        is on turn can attack, nobody is chosen: the GM picks the attacker."""
        self._state = state
        self._ruleset = ruleset
        wanted = self.attacker.currentData()
        if default_attacker != self._default_attacker or (
            wanted is not None and wanted not in state.combatants
        ):
            wanted = default_attacker
            self._clear_modifiers()
        self._default_attacker = default_attacker
        self._no_attacker = no_attacker_reason(state, default_attacker)
        self.attacker.blockSignals(True)
        # A defeated combatant attacks nobody: it is not offered (the turn skips it too).
        set_items(self.attacker, [(c.name, c.id) for c in targets(state)])
        found = self.attacker.findData(wanted)
        if found < 0 and default_attacker is not None:
            found = self.attacker.findData(default_attacker)
        self.attacker.setCurrentIndex(found)
        self.attacker.blockSignals(False)
        self._fill_weapons()
        self._fill_targets()
        self._update_reaction()
        self._update_buttons()

    def _on_attacker(self) -> None:
        self._fill_weapons()
        self._fill_targets()
        self._update_buttons()

    def _clear_modifiers(self) -> None:
        """Favor and extra dice belong to one attack: a new one starts from 0."""
        self.favor.setValue(0)
        self.extra_dice.setValue(0)
        self.below_one.setChecked(False)

    def _show_attacker_info(self) -> None:
        attacker = self._attacker()
        if attacker is None:
            self.attacker_info.setText(self._no_attacker)
            return
        sheet = sheet_of(attacker)
        self.attacker_info.setText(
            f"Stamina {sheet.stamina}/{sheet.stamina_max} · "
            f"Vitality {sheet.vitality}/{sheet.vitality_max}"
        )

    def _attacker(self) -> Combatant | None:
        state = self._state
        cid = self.attacker.currentData()
        if state is None or cid not in state.combatants:
            return None
        return state.combatants[cid]

    def _fill_weapons(self) -> None:
        # The weapon chosen holds while the attacker does; another attacker starts from its own
        # first weapon with a use left (an index means nothing on another sheet).
        attacker = self._attacker()
        same_attacker = attacker is not None and self._weapons_for == attacker.id
        previous = self.weapon.currentData() if same_attacker else None
        self._weapons_for = None if attacker is None else attacker.id
        self.weapon.blockSignals(True)
        self.weapon.clear()
        usable: list[int] = []
        if attacker is not None:
            model = self.weapon.model()
            assert isinstance(model, QStandardItemModel)
            for index, weapon in enumerate(sheet_of(attacker).weapons):
                text, reason = weapon_choice(weapon)
                self.weapon.addItem(text, index)
                if reason is None:
                    usable.append(index)
                else:
                    self.weapon.setItemData(index, reason, Qt.ItemDataRole.ToolTipRole)
                    item = model.item(index)
                    item.setEnabled(False)
        if previous in usable:
            self.weapon.setCurrentIndex(previous)
        elif usable:
            self.weapon.setCurrentIndex(usable[0])
        self.weapon.blockSignals(False)

    def _fill_targets(self) -> None:
        # Everyone still standing is listed (the core refuses a self-attack with a message), so
        # the list stays the same from turn to turn; the defeated are never offered.
        state = self._state
        attacker = self._attacker()
        previous = self.target.currentData()
        self.target.blockSignals(True)
        if state is None or attacker is None:
            set_items(self.target, [])
            self._targets_for = None
        else:
            listed = targets(state)
            set_items(self.target, [(c.name, c.id) for c in listed])
            others = {c.id for c in listed if c.id != attacker.id}
            same_attacker = self._targets_for == attacker.id
            wanted = previous if same_attacker and previous in others else None
            if wanted is None:
                wanted = default_target(state, attacker.id) or next(
                    (c.id for c in listed if c.id != attacker.id), None
                )
            self._targets_for = attacker.id
            found = self.target.findData(wanted)
            self.target.setCurrentIndex(max(found, 0) if others else -1)
        self.target.blockSignals(False)
        self._show_attacker_info()

    def weapon_reason(self) -> str | None:
        """Why the chosen weapon cannot attack now (``None`` when it can)."""
        attacker = self._attacker()
        index = self.weapon.currentData()
        refusal = round_refusal(self._state) if self._state is not None else None
        if refusal is not None:
            return refusal
        if attacker is None:
            return self._no_attacker
        if not isinstance(index, int):
            return "Choose an attacker with a weapon"
        return weapon_choice(sheet_of(attacker).weapons[index])[1]

    def _update_buttons(self) -> None:
        reason = self.weapon_reason()
        ready = reason is None and self.target.currentData() is not None
        self.attack_button.setEnabled(ready)
        self.attack_button.setToolTip("Roll the attack" if ready else (reason or "Choose a target"))

    def _update_reaction(self) -> None:
        state = self._state
        ruleset = self._ruleset
        pending = part_of(state).pending if state is not None else None
        self.status.setText(
            pending_text(state, pending) if state is not None and pending is not None else ""
        )
        self.status.setVisible(pending is not None)
        self.resolve_button.setEnabled(pending is not None)
        self.resolve_button.setToolTip(RESOLVE_TIP if pending is not None else NOTHING_TO_RESOLVE)
        awaiting = (
            pending is not None
            and pending.check.kind == "attack"
            and pending.check.target is not None
            and pending.reaction is None
        )
        if awaiting and not self._awaiting_reaction:
            self.reaction.reset()
        attack = pending if pending is not None and pending.check.kind == "attack" else None
        if attack is not None and attack != self._attack_shown:
            self._clear_modifiers()
        self._attack_shown = attack
        self._awaiting_reaction = awaiting
        self.reaction.setVisible(awaiting)
        if awaiting and state is not None and ruleset is not None and pending is not None:
            self.reaction.show_for(state, ruleset, pending.check.target or "")
        reaction = pending.roll(of_reaction=True) if pending is not None else None
        refused = reroll_refusal(state, of_reaction=True) if state is not None else None
        rerollable = False
        if reaction is not None and refused is None:
            roll = roll_of(reaction)
            rerollable = roll.rerolls_left > 0 and bool(roll.rerollable_indices)
        self.reroll_reaction_button.setVisible(reaction is not None)
        self.reroll_reaction_button.setEnabled(rerollable)
        self.reroll_reaction_button.setToolTip(refused or REROLL_REACTION_TIP)

    # ---- choosing ---------------------------------------------------------------------------

    def attack(self) -> None:
        """Emit the attack the inputs describe (nothing while they cannot attack)."""
        self._update_buttons()
        if not self.attack_button.isEnabled() or self._refused(self.favor, self.extra_dice):
            return
        self.intentChosen.emit(
            Attack(
                attacker_id=self.attacker.currentData(),
                weapon=self.weapon.currentData(),
                target_id=self.target.currentData(),
                favor=self.favor.value(),
                extra_dice=self.extra_dice.value(),
                below_one=self.below_one.isChecked(),
            )
        )

    def _refused(self, *boxes: NumberBox) -> bool:
        problem = first_problem(boxes)
        if problem:
            self.problemFound.emit(problem)
        return bool(problem)
