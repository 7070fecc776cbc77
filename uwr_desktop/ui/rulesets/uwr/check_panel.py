"""The check panel: the attack panel and the dice tray, both driven by the encounter session.

The session decides every roll. The panel turns the GM's clicks into intents (an attack, a
reaction, a reroll, a check for a combatant), hands them to the session, and shows in the tray
what the journal now holds: the pending check, or the last resolved one. Undo and redo show
the journal as it stands, so a roll taken back never stays on screen. A roll for nobody is
answered by the panel's own roller and is not part of the fight.
"""

import random
from collections.abc import Iterable, Sequence

from PySide6.QtWidgets import QVBoxLayout, QWidget

from uwr_desktop.core.dice import DiceError, PoolRoll, PoolSpec, Roller
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.intents import Intent, RulesError
from uwr_desktop.core.notation import format_spec
from uwr_desktop.core.rulesets.uwr.decide import reroll_refusal
from uwr_desktop.core.rulesets.uwr.intents import DirectCheck, FreeRoll, OpposedCheck, Reroll
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings, roll_of
from uwr_desktop.core.rulesets.uwr.sheet import ATTRIBUTE_NAMES, sheet_of
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Change
from uwr_desktop.ui.dice.shown import pool_dice
from uwr_desktop.ui.dice.tray import DiceTray, RollRequest
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.base import DicePanel, PanelButton, PanelCommand, PanelList
from uwr_desktop.ui.rulesets.uwr.apply_hit import ApplyHitBar
from uwr_desktop.ui.rulesets.uwr.attack_panel import AttackPanel
from uwr_desktop.ui.rulesets.uwr.check_extras import OpponentRow, ResultRow
from uwr_desktop.ui.rulesets.uwr.check_form import CheckForm, CheckSource
from uwr_desktop.ui.rulesets.uwr.hit_offer import HitOffer
from uwr_desktop.ui.rulesets.uwr.nobody_rolls import reroll_for_nobody, roll_for_nobody
from uwr_desktop.ui.rulesets.uwr.prepare_bar import SLOW_WEAPONS, PrepareBar
from uwr_desktop.ui.rulesets.uwr.shown_check import Motion, ShownCheck, shown_check_at
from uwr_desktop.ui.theme import problem_palette
from uwr_desktop.ui.widgets.status_label import StatusLabel

OPPOSED_REFUSAL = (
    "Choose who opposes the check (Opposed by), or no combatant to roll raw dice; "
    "an attack is rolled with Attack above"
)

OPPOSED_NEEDS_ATTRIBUTE = (
    "An opposed check between combatants rolls an attribute of each: pick an attribute "
    "(typed dice are for raw rolls)"
)


def check_source(combatant: Combatant) -> CheckSource:
    """What the check form offers for a combatant: its attributes and skills."""
    attributes = {
        name.capitalize(): getattr(sheet_of(combatant).attributes, name) for name in ATTRIBUTE_NAMES
    }
    skills = {skill.name: (skill.rank, skill.rerolls) for skill in sheet_of(combatant).skills}
    return CheckSource(combatant.id, combatant.name, attributes, skills)


class CheckPanel(QWidget):
    """The attack panel above the dice tray, both working through the document's session.

    ``roller`` answers rolls for no combatant (default: the system's randomness).
    """

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        *,
        roller: Roller | None = None,
    ) -> None:
        """Show ``document``'s fight and follow it (changes and replaced sessions)."""
        super().__init__(parent)
        self.setObjectName("checkPanel")
        self.setAccessibleName("Checks")
        self._document = document
        self._roller = roller if roller is not None else Roller(random.SystemRandom())
        self._sources: dict[str, CheckSource] = {}
        self._shown: ShownCheck | None = None
        self._local = False
        self.attack = AttackPanel()
        self.apply_hit = ApplyHitBar()
        self.prepare = PrepareBar()
        self.hit_offer = HitOffer(self.apply_hit)
        self.message = StatusLabel("Check message")
        self.message.setObjectName("checkPanelMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        self.tray = DiceTray(document)
        self.form = CheckForm(self._on_roll_requested)
        self.tray.set_builder(self.form)
        self.tray.set_presenter(self.present)
        self.result = ResultRow()
        self.opponent = OpponentRow()
        self.opponent.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.attack)
        layout.addWidget(self.prepare)
        layout.addWidget(self.apply_hit)
        layout.addWidget(self.message)
        layout.addWidget(self.result)
        layout.addWidget(self.opponent)
        layout.addWidget(self.tray, 1)
        self._connect()
        document.changed.connect(self._on_changed)
        document.sessionReplaced.connect(self._on_session_replaced)
        self._on_session_replaced()

    def _connect(self) -> None:
        self.result.intentChosen.connect(self.do)
        self.result.problemFound.connect(self.show_message)
        self.opponent.changed.connect(self._sync_opponent_pool)
        self.form.against.currentIndexChanged.connect(self._sync_opponent)
        self.tray.combatant.currentIndexChanged.connect(self._sync_opponent)
        self.attack.intentChosen.connect(self.do)
        self.attack.attacker.currentIndexChanged.connect(self._show_prepare)
        self.prepare.intentChosen.connect(self.do)
        self.apply_hit.intentChosen.connect(self._apply_hit)
        self.apply_hit.problemFound.connect(self.show_message)
        self.attack.problemFound.connect(self.show_message)
        self.tray.rerollRequested.connect(self._on_reroll_requested)
        self.tray.reaction_view.dieClicked.connect(self._on_reaction_die_clicked)
        self.tray.settled.connect(self._apply_banner)
        for dice in (self.form.extra_dice, self.attack.extra_dice, self.attack.reaction.dice):
            dice.valueChanged.connect(self._offer_below_one)

    # ---- what the GM asks -------------------------------------------------------------------

    def set_focus_combatant(self, combatant_id: str | None) -> None:
        """The GM selected ``combatant_id`` (``None``: nobody): the dice tray rolls for them.

        The attacker stays whoever's turn it is; the GM picks another in the attack panel.
        """
        if combatant_id is not None:
            self.tray.set_combatant(combatant_id)

    def do(self, intent: Intent) -> bool:
        """Hand ``intent`` to the session; a refusal is shown in the panel. Returns success.

        Any change of the fight clears the refusal shown.
        """
        try:
            self._document.do(intent)
        except RulesError as error:
            self.show_message(str(error))
            return False
        if isinstance(intent, DirectCheck | OpposedCheck):
            self.form.below_one.setChecked(False)  # the GM's say is for one roll
        return True

    def show_message(self, text: str) -> None:
        """Show why something was refused (an empty text hides the message)."""
        self.message.setPalette(problem_palette(self))
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def message_text(self) -> str:
        """The refusal shown, if any."""
        return self.message.text()

    def inputs_in_use(self) -> QWidget | None:
        """What a roll must not scroll out of view: while an attack waits, the Resolve button
        (the question to the target, the reaction's inputs and the dice follow it); once it is
        resolved, the attack panel (its inputs for the next attack, the hit offer below them);
        ``None`` for other checks."""
        shown = self._shown
        if shown is None or shown.pending.check.kind != "attack":
            return None
        return self.attack if shown.resolved is not None else self.attack.resolve_button

    def shown_check(self) -> ShownCheck | None:
        """The journal's check the tray shows (``None``: nothing, or a roll for nobody)."""
        return self._shown

    def _on_roll_requested(self, request: RollRequest) -> None:
        """Roll a check the form built: for a combatant through the session, for nobody here
        (a roll for nobody is not part of the fight)."""
        spec = request.spec
        cid = request.combatant_id
        if cid is None or not isinstance(spec, PoolSpec):
            self._roll_locally(request)
            return
        attribute = self.form.attribute.currentData()
        typed = bool(self.tray.notation.text().strip())
        if request.reaction is not None:
            self._roll_opposed(cid, attribute if not typed else None, request.reaction)
            return
        if request.difficulty is not None and attribute is not None and not typed:
            skill = self.form.skill.currentData() or ""
            self.do(
                DirectCheck(
                    combatant_id=cid,
                    attribute=attribute,
                    difficulty=request.difficulty,
                    favor=spec.favor,
                    skill=skill,
                    extra_dice=self.form.extra_dice.value(),
                    extra_rerolls=self.form.rerolls.value(),
                    title=f"{attribute} + {skill} check" if skill else "",
                    below_one=self.form.below_one.isChecked(),
                )
            )
            return
        self.do(
            FreeRoll(
                cid,
                spec.dice,
                spec.favor,
                spec.rerolls,
                title=format_spec(spec),
                difficulty=request.difficulty,
            )
        )

    def _roll_opposed(self, combatant_id: str, attribute: str | None, reaction: PoolSpec) -> None:
        """An opposed check between the tray's combatant and the one opposing it."""
        opponent = self.opponent.choice()
        if opponent is None:
            self.show_message(OPPOSED_REFUSAL)
            return
        if attribute is None:
            self.show_message(OPPOSED_NEEDS_ATTRIBUTE)
            return
        target_id, target_attribute, target_skill = opponent
        self.do(
            OpposedCheck(
                combatant_id=combatant_id,
                attribute=attribute,
                target_id=target_id,
                target_attribute=target_attribute,
                skill=self.form.skill.currentData() or "",
                target_skill=target_skill,
                favor=self.form.favor.value(),
                target_favor=reaction.favor,
                extra_dice=self.form.extra_dice.value(),
                extra_rerolls=self.form.rerolls.value(),
                below_one=self.form.below_one.isChecked(),
            )
        )

    def _sync_opponent(self) -> None:
        """Show who opposes a check when the tray's check is opposed and for a combatant."""
        acting = self.tray.combatant.currentData()
        shown = self.form.against.currentData() == "opposed" and acting is not None
        self.opponent.setVisible(shown)
        if shown:
            self.opponent.set_state(self._document.session.state, acting)
        else:
            self._sync_opponent_pool()

    def _sync_opponent_pool(self) -> None:
        """The tray's reaction pool is the opponent's own (so the odds shown are right)."""
        pool = self.opponent.pool() if self.opponent.isVisibleTo(self) else None
        form = self.form
        for box in (form.reaction_dice, form.reaction_rerolls):
            box.setEnabled(pool is None)
        if pool is not None:
            form.reaction_dice.setValue(max(pool[0], form.reaction_dice.minimum()))
            form.reaction_rerolls.setValue(pool[1])

    def _on_reroll_requested(self, indices: Sequence[int]) -> None:
        if self._local:
            roll = self.tray.current_roll()
            if isinstance(roll, PoolRoll):
                try:
                    rerolled = reroll_for_nobody(self._document, self._roller, roll, indices)
                except (DiceError, RulesError) as error:
                    self.show_message(str(error))
                    return
                self.tray.show_reroll(rerolled, indices)
        elif self._shown is not None:
            self.do(Reroll(tuple(indices), of_reaction=False))

    def _on_reaction_die_clicked(self, index: int) -> None:
        shown = self._shown
        if shown is None or shown.resolved is not None or shown.pending.reaction is None:
            return
        reaction = roll_of(shown.pending.reaction.roll)
        if reaction.rerolls_left > 0 and index in reaction.rerollable_indices:
            self.do(Reroll((index,), of_reaction=True))

    def _roll_locally(self, request: RollRequest) -> None:
        """A check for nobody rolls here: it is not part of the fight (its faces typed in when
        the next roll is by hand); the tray holds it back while a check is pending, as every
        roll (the ruleset's ``roll_refusal``)."""
        spec = request.spec
        assert isinstance(spec, PoolSpec)  # the form builds d6 pools
        try:
            action, reaction = roll_for_nobody(self._document, self._roller, spec, request.reaction)
        except RulesError as error:
            self.show_message(str(error))
            return
        self._shown = None
        self.tray.show_pool_roll(action, reaction)
        self._local = True

    # ---- following the session --------------------------------------------------------------

    def _on_session_replaced(self) -> None:
        self.show_message("")
        self.form.clear_modifiers()
        self.hit_offer.reset()
        self._sources = {}
        if self._shown is not None:
            self._clear()
        self._update_sources(self._document.session.state.rows)
        self._show_journal()
        self._refresh_attack()
        self._offer_below_one()

    def _offer_below_one(self) -> None:
        """Offer the GM's say on a penalty below 1 die beside each pool a penalty is typed for
        (none with the house rule: every penalty counts in full then)."""
        settings = self._document.session.ruleset.settings
        in_full = isinstance(settings, UwrSettings) and settings.penalty_below_one
        for box, dice in (
            (self.form.below_one, self.form.extra_dice),
            (self.attack.below_one, self.attack.extra_dice),
            (self.attack.reaction.below_one, self.attack.reaction.dice),
        ):
            box.setVisible(not in_full and dice.value() < 0)

    def present(self, change: Change) -> bool:
        """Show the check a change made, rerolled or resolved (or, after an undo or redo, the
        check the journal holds now); ``False`` when it concerns no check (the tray shows what
        else it rolled)."""
        if change.kind == "do":
            session = self._document.session
            found = shown_check_at(session, session.cursor - 1)
            if found is not None:
                self._present(found)
                return True
            self._shown = None
            self._local = False
            return False
        return self._show_journal()

    def _on_changed(self, change: Change) -> None:
        self.show_message("")
        state = self._document.session.state
        if self._document.new_turn:
            self.form.clear_modifiers()
        if change.added or change.removed or change.rows_changed:
            self._sources = {k: v for k, v in self._sources.items() if k in state.combatants}
            self._update_sources(state.rows)
        elif change.changed:
            self._update_sources(change.changed)
        self._refresh_attack()

    def _update_sources(self, touched: Iterable[str]) -> None:
        state = self._document.session.state
        before = self._source_list(state)
        for cid in touched:
            if cid in state.combatants:
                self._sources[cid] = check_source(state.combatants[cid])
        after = self._source_list(state)
        if after != before or not after:
            self.form.set_sources(after)

    def _source_list(self, state: EncounterState) -> list[CheckSource]:
        return [self._sources[cid] for cid in state.rows if cid in self._sources]

    def _refresh_attack(self) -> None:
        state = self._document.session.state
        self.attack.refresh(state, self._document.session.ruleset, state.current)
        self.result.set_pending(state, part_of(state).pending)
        if self.opponent.isVisibleTo(self):
            self._sync_opponent()
        self._show_prepare()
        self.hit_offer.follow(self._document.session, self._shown)

    def _show_prepare(self) -> None:
        state = self._document.session.state
        cid = self.attack.attacker.currentData()
        self.prepare.show_combatant(state.combatants.get(cid) if cid else None)

    def _apply_hit(self, intent: Intent) -> None:
        if self.do(intent):
            session = self._document.session
            self.hit_offer.applied(session)
            self.hit_offer.follow(session, self._shown)

    def _show_journal(self) -> bool:
        """Show the check the journal holds at the cursor, with the dice at rest; ``False``
        when it holds none."""
        session = self._document.session
        cursor = session.cursor
        latest = shown_check_at(session, cursor - 1)
        pending = part_of(session.state).pending
        shown = self._shown
        if pending is not None:
            position = latest.position if latest is not None else cursor - 1
            entry = session.entries[position]
            self._present(ShownCheck(pending, None, position, entry))
            return True
        if latest is not None:
            self._present(
                ShownCheck(latest.pending, latest.resolved, latest.position, latest.entry)
            )
            return True
        if shown is not None and not (
            shown.position < cursor and session.entries[shown.position] is shown.entry
        ):
            self._clear()
        return False

    def _present(self, shown: ShownCheck) -> None:
        previous = self._shown
        same = (
            previous is not None
            and not self._local
            and previous.pending.check.actor == shown.pending.check.actor
            and previous.pending.check.roll.faces == shown.pending.check.roll.faces
        )
        self._shown = shown
        self._local = False
        action, reaction = shown.rolls()
        tray = self.tray
        if shown.motion is Motion.ACTION_DICE and same:
            tray.show_reroll(action, shown.indices)
        else:
            tray.show_pool_roll(action, reaction)
            if shown.motion is Motion.REST:
                tray.skip_animation()
            elif shown.motion is not Motion.ACTION:
                tray.view.skip()
            if shown.motion is Motion.REACTION_DICE and reaction is not None:
                tray.reaction_view.set_dice(pool_dice(reaction), animate=shown.indices)
        tray.show_rerolls_left(action, reaction)
        tray.refuse_rerolls(reroll_refusal(self._document.session.state, of_reaction=False))
        self._apply_banner()

    def _clear(self) -> None:
        self._shown = None
        self._local = False
        self.tray.clear_roll()

    def _apply_banner(self) -> None:
        shown = self._shown
        if shown is not None and not self._local and not self.tray.is_animating():
            self.tray.banner.setText(shown.banner())


def dice_panel(document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
    """The check panel (the attack panel above the dice tray), with its buttons' keys."""
    panel = CheckPanel(document, parent)
    commands = {
        PanelCommand.ATTACK: panel.attack.attack_button,
        PanelCommand.ROLL: panel.tray.roll_button,
        PanelCommand.RESOLVE: panel.attack.resolve_button,
    }
    reaction = panel.attack.reaction
    more = (
        PanelButton("dodge", "&Dodge", reaction.dodge_button, "F9"),
        PanelButton("parry", "&Parry", reaction.parry_button, "Shift+F9"),
        PanelButton("no_reaction", "No Rea&ction", reaction.no_reaction_button, "Ctrl+F9"),
        PanelButton(
            "reroll_reaction",
            "Reroll the Reac&tion",
            panel.attack.reroll_reaction_button,
            "Ctrl+F7",
        ),
        PanelButton("apply_hit", "Apply the &Hit", panel.apply_hit.button, "F3"),
        PanelButton("type_result", "T&ype the Result", panel.result.button, "Shift+F3"),
    )
    lists = (PanelList(SLOW_WEAPONS, panel.prepare.buttons),)
    return DicePanel(
        panel, panel.tray, panel.set_focus_combatant, commands, panel.inputs_in_use, more, lists
    )
