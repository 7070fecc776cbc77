"""The ``rollkeep`` Dice-dock panel: the turn under way (stance, delay), the delayers waiting
with "Act now", an attack with its raises and its odds, and the dice tray showing the rolls."""

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.rollkeep import intents
from uwr_desktop.core.rulesets.rollkeep.apply import part_of
from uwr_desktop.core.rulesets.rollkeep.decide import (
    attack_refusal,
    delay_refusal,
    offered,
    stance_refusal,
    waiting,
)
from uwr_desktop.core.rulesets.rollkeep.rules import plan_attack, sheet_of
from uwr_desktop.core.rulesets.rollkeep.sheet import Stance
from uwr_desktop.core.rulesets.rollkeep.state import Phase, RollkeepSettings
from uwr_desktop.core.rulesets.rollkeep.view import score_text
from uwr_desktop.core.session import Change
from uwr_desktop.core.sides import Side
from uwr_desktop.core.targets import default_target
from uwr_desktop.ui.dice.tray import DiceTray
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import (
    DicePanel,
    ListKeys,
    PanelButton,
    PanelCommand,
    PanelList,
)
from uwr_desktop.ui.rulesets.system_panel import SystemPanel
from uwr_desktop.ui.widgets.build import named, spin, wrapped
from uwr_desktop.ui.widgets.wheel import ChoiceBox

ACT_NOW = ListKeys(
    "act_now", "&Act Now (Delayed)", "Ctrl+1", "Nobody is waiting with a delayed turn."
)
"""The waiting combatants' Act now buttons as the window offers them by keys."""

DELAY_TIP = "Let the next highest act first; you are offered your turn after it"
KEEP_WAITING_TIP = "Let the next highest act first; you are offered your turn again after it"


class SkirmishPanel(SystemPanel):
    """The skirmish's controls above the dice tray."""

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
    ) -> None:
        """Follow ``document``."""
        super().__init__(document, "rollkeep", parent)
        self.turn = wrapped("rollkeepTurn")
        self.stance = named(ChoiceBox(), "rollkeepStance")
        self.stance.setAccessibleName("Stance")
        for stance in Stance:
            self.stance.addItem(f"{stance.icon} {stance.label}", stance)
        self.stance.setToolTip(
            "Chosen before initiative in round 1, at the start of one's own turn later"
        )
        self.take_stance = named(QPushButton("Take stance"), "rollkeepTakeStance")
        self.delay = named(QPushButton("Delay"), "rollkeepDelay")
        self.delay.setToolTip(DELAY_TIP)
        self.lane = named(QGroupBox("Waiting (delayed turns)"), "rollkeepLane")
        self._lane_layout = QVBoxLayout(self.lane)
        self.act_now_buttons: dict[str, QPushButton] = {}
        self.keep_waiting = named(QPushButton("Keep waiting"), "rollkeepKeepWaiting")
        self.forfeit = named(QPushButton("Forfeit"), "rollkeepForfeit")
        self._offer = QWidget(self.lane)
        offer_line = QHBoxLayout(self._offer)
        offer_line.setContentsMargins(0, 0, 0, 0)
        offer_line.addWidget(self.keep_waiting)
        offer_line.addWidget(self.forfeit)
        self.weapon = named(ChoiceBox(), "rollkeepWeapon")
        self.target = named(ChoiceBox(), "rollkeepTarget")
        self.raises = spin("rollkeepRaises", 0, 0, what="Raises")
        self.raises.setToolTip(
            "Each raise adds 5 to the TN and a rolled die of damage; at most Void"
        )
        self.into_melee = named(QCheckBox("Target within &melee range (-10)"), "rollkeepIntoMelee")
        self.odds = wrapped("rollkeepOdds")
        self.attack = named(QPushButton("Attack"), "rollkeepAttack")
        self.ambush_box = named(QGroupBox("Ambush (before the skirmish)"), "rollkeepAmbushBox")
        self.ambush_side = named(ChoiceBox(), "rollkeepAmbushSide")
        self.ambush_side.setAccessibleName("Side that hides")
        for side in Side:
            self.ambush_side.addItem(f"{side.value.capitalize()} side hides", side)
        self.ambush_side.setCurrentIndex(self.ambush_side.findData(Side.ENEMY))
        self.ambush_all = named(QCheckBox("Every mem&ber rolls"), "rollkeepAmbushAll")
        self.ambush_all.setToolTip(
            "Totals summed per side; otherwise the first of each side in the table leads"
        )
        self.ambush = named(QPushButton("Roll the ambush"), "rollkeepAmbush")
        self.ambush.setToolTip(
            "Stealth / Agility against Investigation / Perception: if the hidden side wins, "
            "everyone else takes -10 initiative for the skirmish"
        )
        self.tray = DiceTray(document)
        self._lay_out()
        self._connect()
        self._refill_afresh()

    def _lay_out(self) -> None:
        turn_box = QGroupBox("Turn")
        turn = QVBoxLayout(turn_box)
        turn.addWidget(self.turn)
        row = QHBoxLayout()
        row.addWidget(self.stance, 1)
        row.addWidget(self.take_stance)
        row.addWidget(self.delay)
        turn.addLayout(row)
        attack_box = QGroupBox("Attack")
        form = QFormLayout(attack_box)
        form.addRow("Weapon", self.weapon)
        form.addRow("Target", self.target)
        form.addRow("Raises", self.raises)
        form.addRow("", self.into_melee)
        form.addRow(self.odds)
        form.addRow(self.attack)
        ambush = QGridLayout(self.ambush_box)
        ambush.addWidget(self.ambush_side, 0, 0)
        ambush.addWidget(self.ambush, 0, 1)
        ambush.addWidget(self.ambush_all, 1, 0, 1, 2)
        ambush.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.ambush_box)
        layout.addWidget(turn_box)
        layout.addWidget(self.lane)
        layout.addWidget(attack_box)
        layout.addWidget(self.message)
        layout.addWidget(self.tray, 1)

    def _connect(self) -> None:
        self.take_stance.clicked.connect(self._take_stance)
        self.stance.currentIndexChanged.connect(self._update_take_stance)
        self.delay.clicked.connect(self._delay)
        self.keep_waiting.clicked.connect(self._keep_waiting)
        self.forfeit.clicked.connect(self._forfeit)
        self.attack.clicked.connect(self._attack)
        self.ambush.clicked.connect(self._ambush)
        for odds_changed in (
            self.weapon.currentIndexChanged,
            self.target.currentIndexChanged,
            self.raises.valueChanged,
            self.raises.problemChanged,
            self.into_melee.toggled,
        ):
            odds_changed.connect(self._update_odds)
        self._document.sessionReplaced.connect(self._refill_afresh)
        self._document.changed.connect(self._changed)

    # ---- reading the state ------------------------------------------------------------------

    def _state(self) -> EncounterState:
        return self._document.session.state

    def _settings(self) -> RollkeepSettings:
        settings = self._document.session.ruleset.settings
        assert isinstance(settings, RollkeepSettings)
        return settings

    def _subject(self) -> str | None:
        """Whose stance the stance box sets: the combatant on turn, or before the skirmish the
        one selected in the table."""
        state = self._state()
        if state.phase == Phase.SETUP:
            if self._focus in state.combatants:
                return self._focus
            return state.rows[0] if state.rows else None
        return state.current

    # ---- following the session --------------------------------------------------------------

    def _changed(self, change: Change) -> None:
        self.message.clear()
        self._refill(afresh=self._document.new_turn)

    def _refill_afresh(self) -> None:
        self._refill(afresh=True)

    def _refill(self, *, afresh: bool) -> None:
        """Show the fight now; ``afresh`` (another turn or fight): the attack starts afresh."""
        state = self._state()
        if afresh:
            self._start_attack()
        subject = self._subject()
        self.ambush_box.setVisible(state.phase == Phase.SETUP and not part_of(state).ambush_rolled)
        self._fill_turn(state, subject)
        self._fill_lane(state)
        self._fill_attack(state)
        self._update_odds()

    def _fill_turn(self, state: EncounterState, subject: str | None) -> None:
        if state.phase == Phase.SETUP:
            name = state.combatants[subject].name if subject else "nobody"
            self.turn.setText(f"Before the skirmish: stance of {name} (select in the table)")
        elif state.current is None:
            self.turn.setText(f"Round {state.round} · nobody on turn")
        else:
            name = state.combatants[state.current].name
            if offered(state) == state.current:
                self.turn.setText(f"Round {state.round} · {name} is offered the delayed turn")
            else:
                self.turn.setText(
                    f"Round {state.round} · {name}'s turn ({score_text(state, state.current)})"
                )
        if subject is not None:
            stance = sheet_of(state.combatants[subject]).stance
            self.stance.blockSignals(True)
            self.stance.setCurrentIndex(self.stance.findData(stance))
            self.stance.blockSignals(False)
        self._update_take_stance()
        self.delay.setEnabled(False)
        if state.phase != Phase.TURNS or state.current is None:
            self.delay.setToolTip("Delay is for the combatant on turn, once turns are taken")
        elif offered(state) is not None:
            self.delay.setToolTip("The turn is a delayed one: keep waiting, act now or forfeit")
        else:
            refused = delay_refusal(state, state.current)
            self.delay.setEnabled(refused is None)
            self.delay.setToolTip(refused or DELAY_TIP)

    def _chosen_stance(self) -> Stance:
        """The stance chosen in the box (Qt hands its data back as the plain string)."""
        return Stance(self.stance.currentData())

    def _update_take_stance(self) -> None:
        """Take stance is greyed, the rules' reason on it, while they would refuse the stance
        chosen beside it."""
        subject = self._subject()
        refused = (
            "Nobody to take a stance"
            if subject is None
            else stance_refusal(self._state(), subject, self._chosen_stance())
        )
        self.take_stance.setEnabled(refused is None)
        self.take_stance.setToolTip(refused or "Take the stance chosen beside")

    def _fill_lane(self, state: EncounterState) -> None:
        while self._lane_layout.count():
            item = self._lane_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None and widget is not self._offer:
                widget.hide()
                widget.deleteLater()
        self.act_now_buttons = {}
        delayers = waiting(state) if state.phase == Phase.TURNS else []
        chance = offered(state)
        for cid in delayers:
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(QLabel(f"{state.combatants[cid].name} · {score_text(state, cid)}"), 1)
            button = named(QPushButton("Act now"), f"rollkeepActNow-{cid}")
            button.setAccessibleName(f"Act now: {state.combatants[cid].name}")
            button.setEnabled(cid == chance)
            button.setToolTip(
                ACT_NOW.tip(
                    "Take the delayed turn now"
                    if cid == chance
                    else "Offered after the turn under way ends",
                    len(self.act_now_buttons) + 1,
                )
            )
            button.clicked.connect(lambda _=False, c=cid: self._do(intents.RollkeepActNow(c)))
            line.addWidget(button)
            self.act_now_buttons[cid] = button
            self._lane_layout.addWidget(row)
        if chance is not None:
            refused = delay_refusal(state, chance)
            self.keep_waiting.setEnabled(refused is None)
            self.keep_waiting.setToolTip(refused or KEEP_WAITING_TIP)
            self._lane_layout.addWidget(self._offer)
        self._offer.setVisible(chance is not None)
        self.keep_waiting.setVisible(chance is not None)
        self.forfeit.setVisible(chance is not None)
        if not delayers:
            self._lane_layout.addWidget(QLabel("Nobody is delaying"))

    def _start_attack(self) -> None:
        """A new turn's attack starts afresh: its first weapon, the nearest enemy, no raises,
        not into melee, and no refusal left from the turn before."""
        for combo in (self.weapon, self.target):
            combo.blockSignals(True)
            combo.setCurrentIndex(-1)
            combo.blockSignals(False)
        self.raises.setValue(0)
        self.into_melee.setChecked(False)
        self.message.clear()

    def _fill_attack(self, state: EncounterState) -> None:
        attacker = state.current
        chosen_weapon = max(self.weapon.currentIndex(), 0)
        chosen_target = self.target.currentData()
        for combo in (self.weapon, self.target):
            combo.blockSignals(True)
            combo.clear()
        if attacker is not None:
            sheet = sheet_of(state.combatants[attacker])
            for weapon in sheet.weapons:
                self.weapon.addItem(f"{weapon.name} ({weapon.kind.value})")
            if 0 <= chosen_weapon < self.weapon.count():
                self.weapon.setCurrentIndex(chosen_weapon)
            self.raises.setMaximum(sheet.void)
            for cid in state.order:
                other = state.combatants[cid]
                if cid != attacker and not other.down:
                    self.target.addItem(other.name, cid)
            for wanted in (chosen_target, default_target(state, attacker)):
                if wanted is not None and self.target.findData(wanted) >= 0:
                    self.target.setCurrentIndex(self.target.findData(wanted))
                    break
        for combo in (self.weapon, self.target):
            combo.blockSignals(False)

    def _update_odds(self) -> None:
        state = self._state()
        attacker, target = state.current, self.target.currentData()
        index = self.weapon.currentIndex()
        ready = state.phase == Phase.TURNS and attacker is not None and target is not None
        self._attack_ready(ready and index >= 0, "No attack now")
        if not ready or index < 0 or attacker is None:
            self.odds.setText("No attack now" if state.phase != Phase.SETUP else "")
            return
        refusal = attack_refusal(state, state.combatants[attacker])
        if refusal is not None:
            self.odds.setText(refusal)
            self._attack_ready(False, refusal)
            return
        if self.raises.problem():
            self.odds.setText(self.raises.problem())
            return
        sheet = sheet_of(state.combatants[attacker])
        try:
            plan = plan_attack(
                state.combatants[attacker],
                sheet.weapons[index],
                state.combatants[target],
                raises=self.raises.value(),
                into_melee=self.into_melee.isChecked(),
                settings=self._settings(),
            )
        except RulesError as error:
            self.odds.setText(str(error))
            self._attack_ready(False, str(error))
            return
        effective = plan.spec.effective
        dice = f"{plan.spec.rolled}k{plan.spec.kept}"
        if (effective.rolled, effective.kept) != (plan.spec.rolled, plan.spec.kept):
            dice += f" (rolls {effective.rolled}k{effective.kept})"
        bonus = effective.bonus + plan.spec.modifier
        if bonus:
            dice += f" {bonus:+d}"
        self.odds.setText(
            f"{dice} against TN {plan.tn} (Armor TN {plan.armor_tn}): "
            f"{plan.chance():.1%} to hit · {', '.join(plan.notes)}"
        )

    def _attack_ready(self, ready: bool, reason: str) -> None:
        """Attack is offered exactly when the rules would take it; greyed, it says why."""
        self.attack.setEnabled(ready)
        self.attack.setToolTip("Roll the attack and, on a hit, its damage" if ready else reason)

    # ---- doing ------------------------------------------------------------------------------

    def focus(self, combatant_id: str | None) -> None:
        """The combatant selected in the table: the target, and before the skirmish the one
        whose stance is chosen."""
        self._focus = combatant_id
        if combatant_id is not None and self.target.findData(combatant_id) >= 0:
            self.target.setCurrentIndex(self.target.findData(combatant_id))
        if self._state().phase == Phase.SETUP:
            self._refill(afresh=False)

    def _take_stance(self) -> None:
        subject = self._subject()
        if subject is not None:
            self._do(intents.RollkeepChooseStance(subject, self._chosen_stance()))

    def _delay(self) -> None:
        current = self._state().current
        if current is not None:
            self._do(intents.RollkeepDelay(current))

    def _keep_waiting(self) -> None:
        chance = offered(self._state())
        if chance is not None:
            self._do(intents.RollkeepDelay(chance))

    def _forfeit(self) -> None:
        chance = offered(self._state())
        if chance is not None:
            self._do(intents.RollkeepForfeit(chance))

    def _attack(self) -> None:
        attacker, target = self._state().current, self.target.currentData()
        if attacker is None or target is None or self.weapon.currentIndex() < 0:
            return
        if self.raises.problem():
            self.message.setText(self.raises.problem())
            return
        self._do(
            intents.RollkeepAttack(
                attacker,
                self.weapon.currentIndex(),
                target,
                raises=self.raises.value(),
                into_melee=self.into_melee.isChecked(),
            )
        )

    def _ambush(self) -> None:
        state = self._state()
        hidden = self.ambush_side.currentData()
        hiders = [cid for cid in state.rows if state.combatants[cid].side == hidden]
        unaware = [cid for cid in state.rows if state.combatants[cid].side != hidden]
        if not hiders or not unaware:
            self.message.setText("An ambush needs someone hiding and someone to surprise")
            return
        rolling = (hiders, unaware) if self.ambush_all.isChecked() else (hiders[:1], unaware[:1])
        self._do(intents.RollkeepAmbush(tuple(rolling[0]), tuple(rolling[1]), tuple(unaware)))


def dice_panel(document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
    """The skirmish panel (turn, waiting delayers, attack with odds, the dice tray), with its
    buttons' keys."""
    panel = SkirmishPanel(document, parent)
    more = (
        PanelButton("take_stance", "Take &Stance", panel.take_stance, "F9"),
        PanelButton("delay", "&Delay", panel.delay, "Shift+F9"),
        PanelButton("keep_waiting", "&Keep Waiting", panel.keep_waiting, "F3"),
        PanelButton("forfeit", "&Forfeit", panel.forfeit, "Shift+F3"),
        PanelButton("ambush", "Roll the A&mbush", panel.ambush, "Ctrl+F9"),
    )
    commands = {PanelCommand.ATTACK: panel.attack}
    lists = (PanelList(ACT_NOW, lambda: tuple(panel.act_now_buttons.values())),)
    return DicePanel(panel, panel.tray, panel.focus, commands, more=more, lists=lists)
