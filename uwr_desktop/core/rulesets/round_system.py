"""What every round system does the same way, written once: a base a ruleset derives from.

A round system writes its rules (``sheet_of``, ``ordered``, ``apply_own``, ``decide_own``, and
how a fight starts and its turns go on: ``start_fight`` and ``next_turn``), its views
(``timeline``, ``timeline_axis``, ``own_columns``, ``own_cell``, ``describe_own``, ...) and
what it adds to the shared intents (``joined``, ``kept_fields``, ``edit_own_cell``). This base
turns them into the :class:`~uwr_desktop.core.rulesets.base.Ruleset` protocol: the settings
read from a mapping with a refusal in the GM's words, the roster checked, the start of the
fight, the next turn and the end of a round asked of the system, the shared intents (joining
and leaving, damage and healing, conditions, the generic cells, an edited sheet, typed dice and
their rerolls) decided, the shared events worded, the generic cells shown, the rolls of the
shared events, and the tags an earlier version wrote read as today's.

A round system keeps its rules and views in modules of its package and names them here; a
function that takes just what the method takes is bound as it is
(``own_rolls = staticmethod(shown_rolls)``), and a view module offering every view so is named
once (:mod:`~uwr_desktop.core.rulesets.view_module`).
"""

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, get_args, get_origin

import msgspec
from msgspec.structs import replace

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import (
    SETUP_PHASE,
    Combatant,
    EncounterState,
    RulesetPart,
    Sheet,
)
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    CombatantUpdate,
    Event,
    convert,
)
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    EndRound,
    Heal,
    Intent,
    NextTurn,
    RemoveCombatants,
    RemoveCondition,
    ReplaceCombatant,
    RerollDice,
    RollDice,
    RulesError,
    SetHandRolls,
    StartFight,
)
from uwr_desktop.core.rulesets import common, hand_rolls
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    ConditionPreset,
    Decision,
    DragAnswer,
    EventByEvent,
    IntentOption,
    Resource,
    RollShown,
    TurnNow,
    WorkingState,
)

S = TypeVar("S", bound=msgspec.Struct)
"""A round system's settings."""

Applier = Callable[[EncounterState, Any], EncounterState]
"""The state after one event of a round system's own (``RulesError`` when it does not fit)."""


class RoundSystem(ABC, Generic[S]):
    """A round system with its settings in force; see the module's description.

    ``id`` and ``title`` name it, ``settings_type`` is the struct of its settings (by default
    the one it is declared on, ``RoundSystem[DuelSettings]``); ``fight`` is what it calls a
    fight in the log ("the skirmish"); ``refusal`` begins the words refusing an intent it has
    no rule for; ``earlier_tags`` maps the event tags an earlier version wrote to today's;
    ``presets`` are the named conditions of its rules; ``starter_file`` names its sample foes
    in ``resources/samples/starter/`` (``""``: none); ``own_appliers`` apply the round
    system's own events, one a type; ``no_event`` begins the refusal of an event the rules do
    not have ("the tactical rules have"; ``""``: ``fight`` "has"); ``kept_fields`` are the
    sheet's fields an edited sheet keeps in a fight (its initiative); ``own_columns`` are the
    table's columns of its own, between the shared ones.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    settings_type: ClassVar[type[msgspec.Struct]]
    fight: ClassVar[str] = "the fight"
    refusal: ClassVar[str] = "These rules"
    earlier_tags: ClassVar[Mapping[str, str]] = {}
    presets: ClassVar[tuple[ConditionPreset, ...]] = ()
    """The named conditions of the round system's own rules (the shared ones follow them)."""
    starter_file: ClassVar[str] = ""
    own_appliers: ClassVar[Mapping[type[Event], Applier]] = {}
    no_event: ClassVar[str] = ""
    kept_fields: ClassVar[tuple[str, ...]] = ()
    own_columns: ClassVar[tuple[Column, ...]] = ()
    sheet_of: ClassVar["staticmethod[[Combatant], Sheet]"]
    """The combatant's sheet of this round system, ``RulesError`` when it has another: a
    ``core.rulesets.sheets.sheet_reader`` named as a static method."""

    def __init_subclass__(cls, **options: Any) -> None:
        """Take ``settings_type`` from ``RoundSystem[Settings]`` when the class names none."""
        super().__init_subclass__(**options)
        if "settings_type" in cls.__dict__:
            return
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is RoundSystem:
                cls.settings_type = get_args(base)[0]

    def __init__(self, settings: S | Mapping[str, Any] | None = None) -> None:
        """Use ``settings`` (the settings struct, or a mapping of its fields; ``None``: every
        setting at its default); a bad one is refused with ``RulesError``."""
        if isinstance(settings, self.settings_type):
            chosen: Any = settings
        elif settings is not None and not isinstance(settings, Mapping):
            raise RulesError(f"Bad {self.id} settings: {settings!r} is no table of settings")
        else:
            try:
                chosen = convert(dict(settings or {}), self.settings_type)
            except (msgspec.ValidationError, TypeError, ValueError) as error:
                raise RulesError(f"Bad {self.id} settings: {error}") from None
        self._settings: S = chosen

    @property
    def settings(self) -> S:
        """The house rules in force."""
        return self._settings

    # ---- what a round system writes ---------------------------------------------------------

    def check_sheet(self, combatant: Combatant) -> None:
        """Refuse (``RulesError``) a combatant whose sheet this round system cannot play: one
        :meth:`sheet_of` cannot read, unless the rules ask more."""
        self.sheet_of(combatant)

    def ordered(self, state: EncounterState) -> EncounterState:
        """``state`` in the turn order the rules give (unchanged, unless the rules order
        turns as combatants come and go)."""
        return state

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after ``event`` (pure); an event that does not fit raises ``RulesError``.

        A shared event is applied as every round system applies it, then :meth:`after_shared`
        adds what the rules add; any other is the round system's own (:meth:`apply_own`). A
        round system that files events its own way (a table of appliers) overrides this."""
        shared = common.apply_shared(state, event)
        if shared is not None:
            return self.after_shared(shared, event)
        return self.apply_own(state, event)

    def after_shared(self, state: EncounterState, event: Event) -> EncounterState:
        """``state``, just after the shared ``event``, as the rules leave it: by default
        :meth:`ordered` again when combatants join, leave or change."""
        if isinstance(event, CombatantsJoined | CombatantsLeft | CombatantsUpdated):
            return self.ordered(state)
        return state

    def apply_own(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after an event of the round system's own, by its applier in
        :attr:`own_appliers`; ``RulesError`` if it has none such."""
        applier = self.own_appliers.get(type(event))
        if applier is None:
            owner = self.no_event or f"{self.fight} has"
            raise RulesError(f"{owner} no event {type(event).__name__}")
        return applier(state, event)

    def working(self, state: EncounterState) -> WorkingState:
        """A working state applying each event with ``apply``."""
        return EventByEvent(self.apply, state)

    @abstractmethod
    def start_fight(self, sink: common.Builder[S]) -> str:
        """Start the fight (``StartFight``) into ``sink`` as the rules do, once
        :meth:`start_refusal` found nothing against it; return the journal label."""

    @abstractmethod
    def next_turn(self, sink: common.Builder[S], *, end_round: bool) -> str:
        """Go on to the next turn (``NextTurn``) into ``sink``, or with ``end_round`` end the
        round at once and start the next (``EndRound``), once :meth:`next_refusal` found
        nothing against it; return the journal label."""

    def start_refusal(self, state: EncounterState) -> str | None:
        """Why Start Fight would be refused now (``None``: the fight would start): by default,
        once it has started, or with nobody in it."""
        if state.phase != SETUP_PHASE:
            return f"{self.fight.capitalize()} has already started (round {state.round})"
        if not state.combatants:
            return f"Add combatants before starting {self.fight}"
        return None

    def next_refusal(self, state: EncounterState, *, end_round: bool) -> str | None:
        """Why Next Turn (``end_round``: End Round) would be refused now (``None``: the rules
        would go on): by default, before the fight starts."""
        if state.phase == SETUP_PHASE:
            return f"Start {self.fight} first"
        return None

    def roll_refusal(self, state: EncounterState) -> str | None:
        """Why the dice tray's rolls (typed dice, or a roll a panel builds there) would wait
        now (``None``: they would be rolled): by default they never wait."""
        return None

    def round_refusal(self, state: EncounterState, intent: Intent) -> str | None:
        """Why the rules would refuse Start Fight, Next Turn, End Round or typed dice now
        (``None``: they would take it, or ``intent`` is none of them), without deciding it."""
        match intent:
            case StartFight():
                return self.start_refusal(state)
            case EndRound():
                return self.next_refusal(state, end_round=True)
            case NextTurn():
                return self.next_refusal(state, end_round=False)
            case RollDice():
                return self.roll_refusal(state)
        return None

    @abstractmethod
    def decide_own(self, sink: common.Builder[S], intent: Intent) -> str | None:
        """Decide an intent of this round system's own (or a shared one it decides its own
        way) into ``sink`` and return the journal label; ``None``: not one of them."""

    def first_part(self) -> RulesetPart | None:
        """The round system's part of a fresh fight."""
        return None

    def first_state(self, state: EncounterState) -> EncounterState:
        """A fresh fight as the round system starts it: by default in :meth:`ordered`."""
        return self.ordered(state)

    def joined(self, sink: common.Builder[S], ids: Sequence[str]) -> None:
        """What the rules add when combatants join a fight under way (their initiative)."""

    def kept_in_fight(self, old: Combatant, new: Combatant) -> Combatant:
        """``new`` (an edited sheet) with what the fight keeps of ``old``: the sheet's
        :attr:`kept_fields` (its initiative)."""
        if not self.kept_fields:
            return new
        sheet: Any = new.sheet  # a struct, as every round system's sheet is (``RoundSheet``)
        return replace(new, sheet=common.with_fields_of(sheet, old.sheet, self.kept_fields))

    def edit_own_cell(
        self, sink: common.Builder[S], combatant: Combatant, key: str, value: object
    ) -> str:
        """Set a table cell of the round system's own; return the journal label."""
        raise RulesError(f"The column {key!r} cannot be edited")

    def columns(self, state: EncounterState) -> tuple[Column, ...]:
        """The table's columns: name and side, :attr:`own_columns`, then hidden and notes."""
        return common.table_columns(self.own_columns)

    def own_cell(self, state: EncounterState, combatant: Combatant, key: str) -> CellValue:
        """The value of a table cell of the round system's own."""
        raise RulesError(f"There is no column {key!r}")

    def describe_own(self, event: Event, state: EncounterState) -> str | None:
        """The log line of an event in the round system's own words (``None``: the shared
        words, or the event's name)."""
        return None

    def own_rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        """The rolls an event of the round system's own made."""
        return ()

    # ---- the protocol, written once ---------------------------------------------------------

    def initial_state(self, roster: Sequence[Combatant]) -> EncounterState:
        """The encounter before any entry: the roster in table order, checked."""
        combatants: dict[str, Combatant] = {}
        for combatant in roster:
            if combatant.id in combatants:
                raise RulesError(f"Two combatants have the id {combatant.id!r}")
            self.check_sheet(combatant)
            combatants[combatant.id] = combatant
        for combatant in roster:
            for condition in combatant.conditions:
                if condition.until is not None and condition.until.combatant_id not in combatants:
                    raise RulesError(
                        f"{combatant.name}'s {condition.name} lasts until the turn of "
                        f"{condition.until.combatant_id!r}, who is not in the fight"
                    )
        state = EncounterState(
            combatants=combatants, rows=tuple(combatants), order=(), part=self.first_part()
        )
        return self.first_state(state)

    def builder(self, state: EncounterState, roller: Roller) -> common.Builder[S]:
        """The sink one intent's events are decided into."""
        return common.Builder(self.apply, state, self._settings, roller)

    def decide(self, state: EncounterState, intent: Intent, roller: Roller) -> Decision:
        """Check ``intent`` and return its events; ``RulesError`` says why not."""
        sink = self.builder(state, roller)
        if isinstance(intent, AddCondition):
            common.check_condition(intent.condition, self.rule_conditions())
        if isinstance(intent, AddCombatants) and intent.renamed:
            label = self._join_renaming(sink, intent)
        else:
            label = self._decide_into(sink, intent)
        self.settle(sink)
        return Decision(label, tuple(sink.events))

    def settle(self, sink: common.Builder[S]) -> None:
        """Add what the rules do on their own once an intent's events are in, whatever the
        intent (``hands``: roll off a tie a change made during a turn); nothing by default."""

    def _decide_into(self, sink: common.Builder[S], intent: Intent) -> str:
        refusal = self.round_refusal(sink.state, intent)
        if refusal is not None:
            raise RulesError(refusal)
        match intent:
            case StartFight():
                return self.start_fight(sink)
            case NextTurn() | EndRound():
                return self.next_turn(sink, end_round=isinstance(intent, EndRound))
        label = self.decide_own(sink, intent)
        return self._decide_shared(sink, intent) if label is None else label

    def _join_renaming(self, sink: common.Builder[S], intent: AddCombatants) -> str:
        """Copies join after the combatants ``intent.renamed`` names are renamed, each as its
        name cell is edited in this round system, all in one entry."""
        if len({renaming.combatant_id for renaming in intent.renamed}) != len(intent.renamed):
            raise RulesError("A combatant is renamed twice")
        before = []
        for renaming in intent.renamed:
            old = common.need(sink.state, renaming.combatant_id).name
            self._decide_into(sink, EditCell(renaming.combatant_id, "name", renaming.name))
            before.append(f"{old} is now {renaming.name}")
        label = self._decide_into(sink, AddCombatants(intent.combatants))
        return f"{label} ({', '.join(before)})"

    def _decide_shared(self, sink: common.Builder[S], intent: Intent) -> str:
        match intent:
            case AddCombatants(combatants=joining):
                return self.join(sink, list(joining))
            case RemoveCombatants(combatant_ids=ids):
                return common.leave(sink, list(ids))
            case ApplyDamage(combatant_ids=ids, amount=amount):
                return common.change_health(sink, list(ids), amount, heal=False)
            case Heal(combatant_ids=ids, amount=amount):
                return common.change_health(sink, list(ids), amount, heal=True)
            case AddCondition(combatant_ids=ids, condition=condition):
                return common.add_condition(sink, list(ids), condition)
            case RemoveCondition(combatant_ids=ids, name=name):
                return common.remove_condition(sink, list(ids), name)
            case EditCell(combatant_id=cid, column_key=key, value=value):
                return self.edit_cell(sink, cid, key, value)
            case ReplaceCombatant(combatant=combatant):
                return self.replace_combatant(sink, combatant)
            case RollDice(combatant_id=cid, notation=notation, title=title):
                return common.roll_dice(sink, cid, notation, title, sink.roller)
            case RerollDice(indices=indices):
                return common.reroll_dice(sink, indices, sink.roller)
            case SetHandRolls(side=side, by_hand=by_hand):
                event, label = hand_rolls.set_hand_rolls(sink.state, side, by_hand)
                sink.add(event)
                return label
        raise RulesError(f"{self.refusal} cannot do {type(intent).__name__}")

    def join(self, sink: common.Builder[S], joining: Sequence[Combatant]) -> str:
        """Newcomers join the table (and, in a fight under way, the rules' order)."""
        for combatant in joining:
            self.check_sheet(combatant)
        label = common.join(sink, joining)
        if sink.state.phase != SETUP_PHASE:
            self.joined(sink, [combatant.id for combatant in joining])
        return label

    def edit_cell(self, sink: common.Builder[S], cid: str, key: str, value: object) -> str:
        """Set one table cell: a generic one (name, side, hidden, notes, alias) here, the
        round system's own by :meth:`edit_own_cell`."""
        combatant = common.need(sink.state, cid)
        if key not in common.GENERIC_CELLS:
            return self.edit_own_cell(sink, combatant, key, value)
        updated, text = common.edited_cell(combatant, key, value)
        common.check_renaming(sink.state, combatant, updated.name)
        sink.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
        return f"{combatant.name}: {text}"

    def replace_combatant(self, sink: common.Builder[S], combatant: Combatant) -> str:
        """A combatant's whole sheet edited; the fight keeps what :meth:`kept_in_fight` says."""
        old = common.need(sink.state, combatant.id)
        self.check_sheet(combatant)
        common.check_renaming(sink.state, old, combatant.name)
        update = CombatantUpdate(self.kept_in_fight(old, combatant), "sheet edited")
        sink.add(CombatantsUpdated((update,)))
        return f"Edit {combatant.name}"

    def describe(self, event: Event, state: EncounterState) -> str:
        """One log line for ``event``; ``state`` is the state just before it."""
        text = self.describe_own(event, state)
        if text is None:
            text = common.describe_shared(event, state, self.fight)
        return type(event).__name__ if text is None else text

    def rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        """The rolls ``event`` made; ``state`` is the state just before it."""
        return common.shared_rolls(event, state) or self.own_rolls(event, state)

    def cell_value(self, state: EncounterState, combatant_id: str, column_key: str) -> CellValue:
        """One table cell: a generic one here, the round system's own by :meth:`own_cell`."""
        combatant = state.combatants[combatant_id]
        generic = common.generic_cell(combatant, column_key)
        if generic is not None:
            return generic
        return self.own_cell(state, combatant, column_key)

    def cell_column(self, state: EncounterState, combatant_id: str, column: Column) -> Column:
        """``column`` as it is: no cell is bounded by more than its column, unless the rules
        say."""
        return column

    def edit_intent(self, combatant_id: str, column_key: str, value: object) -> Intent:
        """The intent that sets one cell (checked when done)."""
        return EditCell(combatant_id, column_key, value)

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        """The combatant's per-round resources (none, unless the rules count some)."""
        return ()

    def rule_states(self, state: EncounterState, combatant_id: str) -> tuple[str, ...]:
        """The states the rules put the combatant in beside its conditions (none, unless the
        rules make some)."""
        return ()

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        """The intents the combatant may take now (none offered, unless the rules say)."""
        return ()

    def rule_conditions(self) -> tuple[ConditionPreset, ...]:
        """The round system's own presets, then those every system offers (Defeated)."""
        return (*self.presets, *common.SHARED_PRESETS)

    def turn_now(self, state: EncounterState) -> TurnNow:
        """The combatant whose turn it is, then those of the turn order who have not acted
        and are not down."""
        if state.phase == SETUP_PHASE:
            return TurnNow()
        current = state.current
        upcoming = tuple(
            cid
            for cid in state.order
            if cid != current and cid not in state.acted and not state.combatants[cid].down
        )
        return TurnNow(() if current is None else (current,), upcoming)

    def turn_step(self, state: EncounterState) -> str:
        """The round and the combatant on turn say where the round stands (no step of its
        own, unless the rules count one)."""
        return ""

    def table_rows(self, state: EncounterState) -> tuple[str, ...]:
        """The turn order once everyone has a place in it, else the order they were added."""
        return state.order if len(state.order) == len(state.combatants) else state.rows

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        """A drag on the timeline changes nothing, unless the rules give it a meaning."""
        return DragAnswer(None, "The rules set this order: it is not changed by hand")

    def starter_templates(self) -> tuple[Combatant, ...]:
        """The sample foes of :attr:`starter_file` for a fresh library (none without one),
        decoded on this round system's sheet and checked by :meth:`check_sheet`."""
        if not self.starter_file:
            return ()
        from uwr_desktop.core.rulesets.starters import read_starters, starter_path

        return read_starters(starter_path(self.starter_file), self.id, self.check_sheet)

    # ---- what earlier versions wrote ----------------------------------------------------------

    def upgrade_combatant(self, raw: Any, schema: int) -> Any:
        """A combatant an earlier version wrote, in today's shape (unchanged by default)."""
        return raw

    def upgrade_event(self, raw: Any) -> list[Any]:
        """An event an earlier version wrote, as today's events: its tag brought to today's."""
        if isinstance(raw, dict):
            tag = raw.get("type")
            if isinstance(tag, str) and tag in self.earlier_tags:
                return [{**raw, "type": self.earlier_tags[tag]}]
        return [raw]

    def upgrade_settings(self, raw: Any, schema: int) -> Any:
        """Settings an earlier schema wrote, in today's shape (unchanged by default)."""
        return raw
