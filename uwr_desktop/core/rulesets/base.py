"""The ruleset protocol: what the encounter engine and the UI ask of any round system.

A ruleset is stateless apart from its settings. It turns intents into events (``decide``),
applies events to a state (``apply``, pure; ``working`` applies a run of them to a working copy),
words events for the log (``describe``) and answers
the UI's questions: the timeline, each combatant's resources, the legal intents now, the table
columns and what a drag on the timeline means. ``docs/rulesets.md`` maps every planned ruleset
onto this protocol.
"""

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

import msgspec

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, EncounterState, Lasting
from uwr_desktop.core.events import Event
from uwr_desktop.core.intents import Intent
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot

CellValue = str | int | Fraction | bool | None
"""What a table cell holds."""


class ColumnKind(StrEnum):
    """How a table column is shown and edited."""

    TEXT = "text"
    INT = "int"
    FRACTION = "fraction"
    CHOICE = "choice"
    BOOL = "bool"


class Column(msgspec.Struct, frozen=True):
    """A table column a ruleset wants: key, header, kind, editability and bounds.

    ``minimum``/``maximum``/``step`` bound numeric columns; ``max_length`` a text column's
    characters; ``choices`` lists a choice column's values. ``per_round`` says a cell shows more
    than its combatant: it follows the round, the phase or the ruleset's part of the fight (AP
    left on a countdown, uses this round), so the table repaints the column for every row when
    those change. ``hidden_at_first``: the table starts with it hidden in fights of the round
    system until the GM shows it (its values are shown elsewhere, say as "This round" chips).
    """

    key: str
    title: str
    kind: ColumnKind = ColumnKind.TEXT
    editable: bool = False
    minimum: Fraction | None = None
    maximum: Fraction | None = None
    step: Fraction | None = None
    max_length: int | None = None
    choices: tuple[str, ...] = ()
    per_round: bool = False
    hidden_at_first: bool = False


class Resource(msgspec.Struct, frozen=True):
    """A per-round resource of a combatant (UPR uses of one weapon, AP, ready points, ...).

    ``current``/``maximum`` are counts (``maximum`` is ``None`` when unbounded); ``text`` is how
    the GM reads it (``"2/3 · Swift"``, ``"preparing, 1 round left"``).
    """

    key: str
    label: str
    current: int
    maximum: int | None
    text: str


class IntentOption(msgspec.Struct, frozen=True):
    """A legal intent offered to the GM now, with its menu label."""

    label: str
    intent: Intent


class DragAnswer(msgspec.Struct, frozen=True):
    """What dropping a timeline slot somewhere would do: the intent (``None``: nothing) and the
    words shown beside the drop line before the drop (``"Move Goblin before Ana: ..."``)."""

    intent: Intent | None
    text: str


class RollShown(msgspec.Struct, frozen=True):
    """A roll an event made, as the dice tray, the log and the player view show it.

    ``combatant_id`` rolled it (``None``: the GM, for nobody); ``title`` says what for, in
    words that follow the roller's name (``"attacks Bryn"``, ``"rolls initiative"``,
    ``"rolls 2d10+5"``); ``record`` holds its dice and ``against`` the roll that opposed it, if
    any (a reaction); ``outcome`` words the result (``"3 successes against Bryn's dodge 1 —
    hit"``; ``""``: the dice's own total says it); ``rerolled`` lists the dice of ``record``
    this event rerolled (they tumble again; the others stay at rest).

    ``others`` are the other combatants the roll concerns, whom its words may name (an
    attack's target, the rivals of a roll-off): a view keeping one of them secret leaves the
    roll out. An ``aside`` is told in the words of the roll before it (a hit's damage, in the
    attack's outcome): a view showing one roll of an entry passes over it. ``by_hand``: its
    roller's dice were rolled at the table and typed in. A roll an event
    settles rather than makes (a check resolved, a reaction to an attack) is shown as the roll
    it settles, with the outcome so far: an attack with its reaction, not the reaction alone.
    """

    combatant_id: str | None
    title: str
    record: RollRecord
    against: RollRecord | None = None
    outcome: str = ""
    rerolled: tuple[int, ...] = ()
    others: tuple[str, ...] = ()
    aside: bool = False
    by_hand: bool = False


class TurnNow(msgspec.Struct, frozen=True):
    """Whose turn it is and who comes after, as the rules see it.

    ``acting`` are the combatants acting now, first first (several where the rules let a tie
    act together; empty before the fight or between turns); ``upcoming`` those still to act
    this round after them, in the order the rules would call them as things stand; ``later``
    those who act after them in a next turn of this round whose order the rules decide only
    when it starts, in no order (empty, as ``upcoming``: the round ends after them). When
    nobody acts now, ``waiting_for`` says where the round stands, in words shown in place of
    a name (``"Nobody acts on count 37"``; empty: nothing to add).
    """

    acting: tuple[str, ...] = ()
    upcoming: tuple[str, ...] = ()
    later: tuple[str, ...] = ()
    waiting_for: str = ""


class ConditionPreset(msgspec.Struct, frozen=True):
    """A named condition a round system's rules define, offered to the GM with its rules.

    ``key`` is stored on the condition (``Condition.preset``): the rules look for it, whatever
    name the condition is shown by. ``name`` is the name offered, ``description`` what the
    rules do with it, ``lasts`` and ``rounds`` the duration offered first, and ``amount`` the
    words for the number it counts (``"Hits a round"``; ``""``: it counts none).
    """

    key: str
    name: str
    description: str
    lasts: Lasting = Lasting.UNTIL_REMOVED
    rounds: int = 1
    amount: str = ""


class Decision(msgspec.Struct, frozen=True):
    """What a ruleset answers to an intent: the journal label and the events, in order."""

    label: str
    events: tuple[Event, ...]


class WorkingState(Protocol):
    """A state that a run of events is applied to one after another (a journal replayed).
    ``state()`` is the state reached, which later events leave as it is; its states must equal
    those the ruleset's pure ``apply`` gives event by event. A round system may keep a faster
    one than :class:`EventByEvent`, changing in place what no state handed out holds."""

    @property
    def combatants(self) -> Mapping[str, Combatant]:
        """The combatants in the fight now."""

    def apply(self, event: Event) -> None:
        """Apply ``event``; ``RulesError`` when it does not fit (then drop this working state)."""

    def state(self) -> EncounterState:
        """The state the events applied so far reach."""


class EventByEvent:
    """The plain working state: each event applied with a ruleset's pure ``apply``."""

    __slots__ = ("_apply", "_state")

    def __init__(
        self, apply: Callable[[EncounterState, Event], EncounterState], state: EncounterState
    ) -> None:
        """Start from ``state``; ``apply`` is the ruleset's."""
        self._apply = apply
        self._state = state

    @property
    def combatants(self) -> Mapping[str, Combatant]:
        """The combatants in the fight now."""
        return self._state.combatants

    def apply(self, event: Event) -> None:
        """Apply ``event`` with ``apply``."""
        self._state = self._apply(self._state, event)

    def state(self) -> EncounterState:
        """The state the events applied so far reach."""
        return self._state


class Ruleset(Protocol):
    """A round system. Every method is pure apart from ``decide``'s dice rolls."""

    @property
    def id(self) -> str:
        """The ruleset id stored in files (``"uwr"``)."""

    @property
    def title(self) -> str:
        """The name shown to the GM."""

    @property
    def settings(self) -> msgspec.Struct:
        """The typed house-rule settings in force."""

    def initial_state(self, roster: Sequence[Combatant]) -> EncounterState:
        """The state before any journal entry; refuses a bad roster with ``RulesError``."""

    def decide(self, state: EncounterState, intent: Intent, roller: Roller) -> Decision:
        """Check ``intent`` against ``state``; return its events or raise ``RulesError``."""

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """Return the state after ``event`` (pure); an event that does not fit raises
        ``RulesError``."""

    def working(self, state: EncounterState) -> WorkingState:
        """A working state starting from ``state``, for applying a run of events in turn."""

    def describe(self, event: Event, state: EncounterState) -> str:
        """Word ``event`` for the log; ``state`` is the state just before it."""

    def rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        """The rolls ``event`` made (or settled), in the order they were made (none for an
        event that rolls nothing); ``state`` is the state just before it."""

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        """The slots of the timeline, in axis order."""

    def timeline_axis(self, state: EncounterState) -> TimelineAxis:
        """The axis the timeline's slots stand on (kind and title)."""

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        """The combatant's per-round resources now."""

    def rule_states(self, state: EncounterState, combatant_id: str) -> tuple[str, ...]:
        """The states the rules put the combatant in, not given as conditions (Off Guard while
        preparing a weapon), shown beside its conditions."""

    def roll_refusal(self, state: EncounterState) -> str | None:
        """Why the dice tray's rolls (typed dice, or a roll a panel builds there) would wait
        now (``None``: they would be rolled); the tray greys Roll with it."""

    def round_refusal(self, state: EncounterState, intent: Intent) -> str | None:
        """Why the rules would refuse Start Fight, Next Turn, End Round or typed dice now
        (``None``: they would take it), without deciding it."""

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        """The intents the combatant may take now (for menus and buttons)."""

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        """What dropping the slot ``slot_key`` at ``new_index`` of the timeline (counted after
        taking it out) means, in words for the GM; asked while dragging and again on the drop."""

    def turn_now(self, state: EncounterState) -> TurnNow:
        """Who acts now and who comes next (the player view's "Now" and "Next")."""

    def turn_step(self, state: EncounterState) -> str:
        """Where the round stands when its number and the combatant on turn do not say it alone
        (a countdown's count; ``""``: they do): a new step is a new turn to the panels, which
        then show nothing of the one before. Cheap: asked of states before and after a change."""

    def table_rows(self, state: EncounterState) -> tuple[str, ...]:
        """Every combatant's id, in the order the table lists them before the GM sorts it."""

    def columns(self, state: EncounterState) -> tuple[Column, ...]:
        """The table columns, left to right."""

    def cell_value(self, state: EncounterState, combatant_id: str, column_key: str) -> CellValue:
        """The value of one cell."""

    def cell_column(self, state: EncounterState, combatant_id: str, column: Column) -> Column:
        """``column`` with the bounds one combatant's cell takes (a current value at most that
        combatant's maximum, say): the table's editor, its check and the rules' agree."""

    def edit_intent(self, combatant_id: str, column_key: str, value: object) -> Intent:
        """The intent that sets one cell to ``value`` (checked when done)."""

    def rule_conditions(self) -> tuple[ConditionPreset, ...]:
        """The named conditions the rules define, with their rules, offered to the GM as
        presets (who may still type any other condition)."""

    def upgrade_combatant(self, raw: Any, schema: int) -> Any:
        """A combatant as a file of schema ``schema`` wrote it (JSON data), in today's shape (a
        store that keeps no schema, the autosave journal or the library, passes
        ``core.upgrade.EARLIEST_SCHEMA``: each upgrade then knows its old shape by itself); a
        combatant already in today's shape, or not one at all, comes back unchanged."""

    def upgrade_event(self, raw: Any) -> list[Any]:
        """An event as an earlier version wrote it (JSON data), as today's events (one old
        event may become several); an event already in today's shape comes back alone."""

    def upgrade_settings(self, raw: Any, schema: int) -> Any:
        """Settings as a file of schema ``schema`` wrote them (JSON data), in today's shape: a
        setting whose default changed since gets the value that file meant by leaving it
        out; anything else comes back unchanged."""


@runtime_checkable
class AxisDrops(Protocol):
    """What a ruleset may add to :class:`Ruleset` when a drag on its numeric axis means a value
    of that axis rather than a place among the cards (tactical: the count an action resolves
    on). The window asks it first and falls back to ``drag_answer`` when it answers ``None``.
    """

    def drag_answer_at(self, state: EncounterState, slot_key: str, value: int) -> DragAnswer | None:
        """What dropping the end of slot ``slot_key`` (its span's end, else its position) on
        ``value`` of the axis would do; ``None``: the drag is by place, ask ``drag_answer``."""


@runtime_checkable
class PipClicks(Protocol):
    """What a ruleset may add to :class:`Ruleset` when its timeline slots carry pips a click
    spends (``TimelineSlot.pip_action``): the window asks it for the intent of a click and
    does it like any other (a refusal is shown, nothing changes)."""

    def pip_intent(self, state: EncounterState, slot_key: str, pip: int) -> Intent | None:
        """The intent a click on filled pip ``pip`` (1 first) of slot ``slot_key`` asks for;
        ``None``: the pip does nothing now."""


@runtime_checkable
class StarterTemplates(Protocol):
    """What a ruleset may add to :class:`Ruleset` when it ships sample combatants: a fresh
    combatant library gets them once (``core/storage/starter.py``), so the GM has foes to add
    at the first fight. A ruleset without it starts with an empty library."""

    def starter_templates(self) -> tuple[Combatant, ...]:
        """The sample combatants, each on this ruleset's sheet and passing its checks (none:
        an empty tuple)."""
