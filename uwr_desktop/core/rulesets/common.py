"""What every round system shares, decided and applied once: joining and leaving, damage and
healing, conditions, the generic cells (name, side, hidden, notes, alias), turns and round ends.

A ruleset calls these from its own ``decide`` and ``apply`` and adds what its rules need around
them (an initiative roll for a newcomer, a new turn order). Damage and healing ask the
combatant's :class:`~uwr_desktop.core.encounter.Sheet`, so they work for any sheet.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

import msgspec
from msgspec.structs import replace

from uwr_desktop.core.bounds_text import out_of_bounds
from uwr_desktop.core.condition_text import condition_text
from uwr_desktop.core.dice import DiceError, PoolSpec, Roller, RollKeepSpec
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import (
    DEFEATED_CONDITION,
    DEFEATED_PRESET,
    SETUP_PHASE,
    Combatant,
    Condition,
    EncounterState,
    Sheet,
    TurnEdge,
    TypedRoll,
)
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    CombatantUpdate,
    ConditionRef,
    ConditionsAtTurn,
    DiceRerolled,
    DiceRolled,
    Event,
    HandRollsSet,
    RolledByHand,
    RoundEnded,
    TurnEnded,
    TurnStarted,
)
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_CONDITIONS,
    MAX_NAME_LENGTH,
    MAX_TEXT_LENGTH,
)
from uwr_desktop.core.name_rule import clean_name
from uwr_desktop.core.naming import name_key
from uwr_desktop.core.notation import NotationError, format_spec, parse_notation
from uwr_desktop.core.rolls import DiceKind, DieMark, RollRecord
from uwr_desktop.core.rulesets import hand_rolls
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    ColumnKind,
    ConditionPreset,
    RollShown,
)
from uwr_desktop.core.sides import Side

S = TypeVar("S")
"""A round system's settings."""

StructT = TypeVar("StructT", bound=msgspec.Struct)
"""A record of any kind."""


class EventSink(Protocol):
    """Collects the events of one intent, applying each so later checks see its effect."""

    @property
    def state(self) -> EncounterState:
        """The state after the events added so far."""

    def add(self, event: Event) -> None:
        """Apply ``event`` and record it."""


class Builder(Generic[S]):
    """The events of one intent, each applied as it is added so later checks see its effect:
    the :class:`EventSink` every round system decides into, with its ``settings`` and the
    ``roller`` the intent's dice come from."""

    def __init__(
        self,
        apply: Callable[[EncounterState, Event], EncounterState],
        state: EncounterState,
        settings: S,
        roller: Roller,
    ) -> None:
        self._apply = apply
        self.state = state
        self.settings = settings
        self.roller = roller
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        """Apply ``event`` and record it."""
        self.state = self._apply(self.state, event)
        self.events.append(event)


# --- reading the state ----------------------------------------------------------------------


def need(state: EncounterState, combatant_id: str) -> Combatant:
    """The combatant with ``combatant_id``, or ``RulesError`` naming the missing id."""
    try:
        return state.combatants[combatant_id]
    except KeyError:
        raise RulesError(f"there is no combatant with id {combatant_id!r}") from None


def check_renaming(state: EncounterState, combatant: Combatant, name: str) -> None:
    """Refuse to call ``combatant`` ``name`` when someone else fighting has that name (as
    :func:`~uwr_desktop.core.naming.name_key` compares), so the log and the player view can
    tell them apart. Its own name, in another case or spelled as before, is always allowed."""
    if name == combatant.name:  # every other cell edited and every sheet kept its name
        return
    key = name_key(name)
    if key == name_key(combatant.name):
        return
    for other in state.combatants.values():
        if other.id != combatant.id and name_key(other.name) == key:
            taken = f"{other.name} is already fighting"
            raise RulesError(f"{taken}: give {combatant.name} another name")


def check_targets(state: EncounterState, ids: Sequence[str]) -> list[Combatant]:
    """The combatants ``ids`` name: at least one, none twice, all present."""
    if not ids:
        raise RulesError("Choose at least one combatant")
    if len(set(ids)) != len(ids):
        raise RulesError("A combatant is listed twice")
    return [need(state, cid) for cid in ids]


def names(state: EncounterState, ids: Iterable[str]) -> str:
    """Combatant names joined for a log line: ``"Vex, Bandit 1 and Bandit 2"``."""
    listed = [state.combatants[cid].name for cid in ids if cid in state.combatants]
    if len(listed) <= 1:
        return "".join(listed)
    return f"{', '.join(listed[:-1])} and {listed[-1]}"


def plural(count: int, word: str) -> str:
    """``"1 round"``, ``"2 rounds"``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def parse_int(label: str, value: object) -> int:
    """A whole number from an int or its text; a clear refusal otherwise."""
    if isinstance(value, bool):
        raise RulesError(f"{label} must be a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise RulesError(f"{label} must be a whole number, got {value!r}")


class Bounded(NamedTuple):
    """A whole number the GM types, as the forms name it (``"The Quickness bonus"``) with its
    bounds from :mod:`uwr_desktop.core.limits`: the form's range, the intent's check and the
    decoder's annotation all read them from here."""

    label: str
    low: int
    high: int

    @property
    def meta(self) -> msgspec.Meta:
        """The decoder's bounds, for ``Annotated[int, field.meta]``."""
        return msgspec.Meta(ge=self.low, le=self.high)

    def read(self, value: object) -> int:
        """The number typed (an int or its text) when within the bounds; a refusal in the
        form's words otherwise (``"The Quickness bonus can be at most 1000 (got 1001)"``)."""
        number = parse_int(self.label, value)
        refusal = out_of_bounds(self.label, number, self.low, self.high)
        if refusal is not None:
            raise RulesError(refusal)
        return number

    def at_most(self, high: int) -> "Bounded":
        """The same number, bounded above by ``high`` too: a current value under its maximum
        (``"Vitality can be at most 12 (got 13)"``)."""
        return self._replace(high=min(self.high, high))


def parse_text(label: str, value: object, *, as_name: bool) -> str:
    """A combatant's name or alias (``as_name``: cleaned to one line as
    :func:`~uwr_desktop.core.name_rule.clean_name` does) or free text, within its length
    limit."""
    if not isinstance(value, str):
        raise RulesError(f"{label} must be text, got {value!r}")
    text = clean_name(value) if as_name else value
    limit = MAX_NAME_LENGTH if as_name else MAX_TEXT_LENGTH
    if len(text) > limit:
        raise RulesError(f"{label} is too long ({len(text)} characters; at most {limit})")
    return text


# --- deciding -------------------------------------------------------------------------------


SHARED_PRESETS: tuple[ConditionPreset, ...] = (
    ConditionPreset(
        DEFEATED_PRESET,
        DEFEATED_CONDITION,
        "Out of the fight whatever the sheet says: the turn skips them, the table and the "
        "timeline grey them.",
    ),
)
"""The presets every round system offers after its own."""


def check_condition(condition: Condition, presets: Sequence[ConditionPreset]) -> None:
    """Refuse a condition naming a preset not among ``presets``, or whose number does not fit
    its preset (one the preset counts is needed; any other condition counts none)."""
    offered = {preset.key: preset for preset in presets}
    preset = offered.get(condition.preset)
    if condition.preset and preset is None:
        known = ", ".join(sorted(offered)) or "none"
        raise RulesError(f"There is no condition preset {condition.preset!r} here (known: {known})")
    if preset is not None and preset.amount:
        if condition.amount is None:
            raise RulesError(f"{condition.name} needs a number: {preset.amount.lower()}")
    elif condition.amount is not None:
        raise RulesError(f"{condition.name} counts no number (got {condition.amount})")


def check_room(state: EncounterState, joining: Sequence[Combatant]) -> None:
    """Refuse newcomers beyond the fight's capacity or with an id already used."""
    if not joining:
        raise RulesError("Choose at least one combatant to add")
    if len(state.combatants) + len(joining) > MAX_COMBATANTS:
        room = MAX_COMBATANTS - len(state.combatants)
        raise RulesError(
            f"A fight holds at most {MAX_COMBATANTS} combatants; "
            f"{room} more can join, not {len(joining)}"
        )
    seen = set(state.combatants)
    for combatant in joining:
        if combatant.id in seen:
            raise RulesError(f"The id {combatant.id!r} is already used")
        seen.add(combatant.id)


def join(sink: EventSink, joining: Sequence[Combatant]) -> str:
    """Add combatants to the end of the table; return the journal label. A newcomer's
    condition tied to a turn must name someone already in the fight."""
    check_room(sink.state, joining)
    for combatant in joining:
        for condition in combatant.conditions:
            until = condition.until
            if until is not None and until.combatant_id not in sink.state.combatants:
                raise RulesError(
                    f"{combatant.name}'s {condition.name} lasts until the turn of someone not "
                    f"in the fight ({until.combatant_id!r}): give it another duration first"
                )
    sink.add(CombatantsJoined(tuple(joining)))
    if len(joining) == 1:
        return f"{joining[0].name} joins"
    return f"{len(joining)} combatants join"


def leave(sink: EventSink, ids: Sequence[str]) -> str:
    """Remove combatants from the encounter; return the journal label."""
    leaving = check_targets(sink.state, ids)
    _end_ties_to(sink, leaving)
    sink.add(CombatantsLeft(tuple(ids)))
    if len(leaving) == 1:
        return f"{leaving[0].name} leaves"
    return f"{len(leaving)} combatants leave"


def change_health(sink: EventSink, ids: Sequence[str], amount: int, *, heal: bool) -> str:
    """Apply damage (or healing) of ``amount`` to each target, as its sheet takes it."""
    targets = check_targets(sink.state, ids)
    updates = []
    healed_by: dict[str, int] = {}
    for target in targets:
        if heal:
            healed = target.sheet.healed(amount)
            if healed is None:
                continue
            sheet, text = healed
            healed_by[target.id] = _health_gained(target.sheet, sheet, amount)
        else:
            sheet, text = target.sheet.damaged(amount, target.side)
        updates.append(CombatantUpdate(replace(target, sheet=sheet), text))
    if not updates:
        health = targets[0].sheet.health_name
        raise RulesError(f"{names(sink.state, ids)} already at full {health}")
    sink.add(CombatantsUpdated(tuple(updates)))
    if not heal:
        return f"Damage {amount}: {names(sink.state, ids)}"
    # The label says what was healed: "Heal 2: Vex", not the 100 typed.
    if len(set(healed_by.values())) == 1:
        return f"Heal {next(iter(healed_by.values()))}: {names(sink.state, list(healed_by))}"
    return "Heal " + ", ".join(
        f"{sink.state.combatants[cid].name} {gained}" for cid, gained in healed_by.items()
    )


def _health_gained(before: Sheet, after: Sheet, amount: int) -> int:
    """How much health a heal gave (``amount`` for a sheet that keeps no health count)."""
    old, new = before.health(), after.health()
    if old is None or new is None:
        return amount
    return new[0] - old[0]


def _end_ties_to(sink: EventSink, leaving: Sequence[Combatant]) -> None:
    """Conditions of those who stay that last until the turn of someone leaving end now: that
    turn will never come."""
    gone = {combatant.id: combatant.name for combatant in leaving}
    updates = []
    for cid in sink.state.rows:
        if cid in gone:
            continue
        holder = sink.state.combatants[cid]
        ended = [c for c in holder.conditions if c.until and c.until.combatant_id in gone]
        if ended:
            kept = tuple(c for c in holder.conditions if c not in ended)
            words = "; ".join(
                f"loses {c.name} ({gone[c.until.combatant_id]}, whose turn it awaited, "
                "leaves the fight)"
                for c in ended
                if c.until
            )
            updates.append(CombatantUpdate(replace(holder, conditions=kept), words))
    if updates:
        sink.add(CombatantsUpdated(tuple(updates)))


def add_condition(sink: EventSink, ids: Sequence[str], condition: Condition) -> str:
    """Put a condition on each target, replacing one of the same name. A condition lasting
    until a turn names a combatant in the fight; the turn under way, if it is theirs, is not
    their next turn."""
    targets = check_targets(sink.state, ids)
    if condition.until is not None:
        need(sink.state, condition.until.combatant_id)
        if condition.until.begun:
            condition = replace(condition, until=replace(condition.until, begun=False))
    shown = condition_text(condition, sink.state)
    updates = []
    for target in targets:
        kept = tuple(c for c in target.conditions if c.name.casefold() != condition.name.casefold())
        if len(kept) >= MAX_CONDITIONS:
            raise RulesError(
                f"{target.name} already has {len(kept)} conditions, the most one can have; "
                "remove one first"
            )
        updated = replace(target, conditions=(*kept, condition))
        updates.append(CombatantUpdate(updated, f"gains {shown}"))
    sink.add(CombatantsUpdated(tuple(updates)))
    return f"{condition.name}: {names(sink.state, ids)}"


def remove_condition(sink: EventSink, ids: Sequence[str], name: str) -> str:
    """Take the named condition off each target that has it."""
    targets = check_targets(sink.state, ids)
    key = name.strip().casefold()
    updates = []
    for target in targets:
        kept = tuple(c for c in target.conditions if c.name.casefold() != key)
        if len(kept) != len(target.conditions):
            updated = replace(target, conditions=kept)
            updates.append(CombatantUpdate(updated, f"loses {name.strip()}"))
    if not updates:
        raise RulesError(f"{names(sink.state, ids)}: no condition called {name!r}")
    sink.add(CombatantsUpdated(tuple(updates)))
    return f"Remove {name.strip()}: {names(sink.state, ids)}"


def _tied_to(state: EncounterState, ids: Iterable[str]) -> Iterable[tuple[str, Condition]]:
    """Every condition (and its holder's id, in table order) lasting until a turn of ``ids``."""
    wanted = set(ids)
    for cid in state.rows:
        for condition in state.combatants[cid].conditions:
            if condition.until is not None and condition.until.combatant_id in wanted:
                yield cid, condition


def turns_begin(sink: EventSink, ids: Iterable[str]) -> None:
    """The turns of ``ids`` begin: conditions lasting until the start of one of their next
    turns run out, and those lasting until its end count this turn. A round system calls it
    wherever its rules start a combatant's turn (:func:`start_turn` does), not where a turn
    under way goes on (a delayed turn taken up again)."""
    expired: list[ConditionRef] = []
    begun: list[ConditionRef] = []
    for cid, condition in _tied_to(sink.state, ids):
        until = condition.until
        if until is None:
            continue
        if until.edge is TurnEdge.START:
            expired.append(ConditionRef(cid, condition.name))
        elif not until.begun:
            begun.append(ConditionRef(cid, condition.name))
    if expired or begun:
        sink.add(ConditionsAtTurn(tuple(expired), tuple(begun)))


def turns_end(sink: EventSink, ids: Iterable[str]) -> None:
    """The turns of ``ids`` end (taken, or given up): conditions lasting until the end of a
    turn of theirs that has begun since they were given run out. A round system calls it
    wherever its rules end a combatant's turn (:func:`end_turn` does)."""
    expired = tuple(
        ConditionRef(cid, condition.name)
        for cid, condition in _tied_to(sink.state, ids)
        if condition.until is not None
        and condition.until.edge is TurnEdge.END
        and condition.until.begun
    )
    if expired:
        sink.add(ConditionsAtTurn(expired))


def start_turn(sink: EventSink, combatant_id: str) -> None:
    """Start ``combatant_id``'s turn (``TurnStarted``), and the conditions tied to it."""
    sink.add(TurnStarted(combatant_id))
    turns_begin(sink, (combatant_id,))


def end_turn(sink: EventSink, combatant_id: str) -> None:
    """End ``combatant_id``'s turn (``TurnEnded``), and the conditions tied to it."""
    sink.add(TurnEnded(combatant_id))
    turns_end(sink, (combatant_id,))


def end_round(sink: EventSink) -> None:
    """End the round under way: conditions with one round left run out."""
    state = sink.state
    expired = tuple(
        ConditionRef(cid, condition.name)
        for cid in state.rows
        for condition in state.combatants[cid].conditions
        if condition.rounds == 1
    )
    sink.add(RoundEnded(state.round, expired))


def roll_dice(
    sink: EventSink, combatant_id: str | None, notation: str, title: str, roller: Roller
) -> str:
    """Roll typed dice for a combatant, or for nobody (``None``): any kind the notation reads,
    kept in the journal."""
    combatant = need(sink.state, combatant_id) if combatant_id is not None else None
    try:
        spec = parse_notation(notation)
    except NotationError as error:
        raise RulesError(f"{str(error)[:1].upper()}{str(error)[1:]}") from None
    by = RollFor(combatant_id, title.strip() or "typed dice")
    if isinstance(spec, PoolSpec):
        record = RollRecord.of_pool(roller.roll_pool(spec, by))
    elif isinstance(spec, RollKeepSpec):
        record = RollRecord.of_keep(roller.roll_keep(spec, by))
    else:
        record = RollRecord.of_sum(roller.roll_sum(spec, by))
    written = format_spec(spec)
    sink.add(DiceRolled(combatant_id, written, record, title.strip()))
    what = title.strip() or written
    return f"{combatant.name}: {what}" if combatant is not None else f"Roll {what}"


def reroll_dice(sink: EventSink, indices: Sequence[int], roller: Roller) -> str:
    """Take rerolls on failed dice of the latest typed pool, one per die named."""
    typed = sink.state.typed_roll
    if typed is None or typed.record.kind is not DiceKind.POOL:
        raise RulesError("There is no typed pool to reroll: roll typed dice such as 7d6 r2 first")
    if not indices:
        raise RulesError("Choose at least one failed die to reroll")
    try:
        by = RollFor(typed.combatant_id, "typed dice")
        taken = roller.reroll_faces(typed.record.pool(), indices, by)
    except DiceError as error:
        raise RulesError(f"{str(error)[:1].upper()}{str(error)[1:]}") from None
    sink.add(DiceRerolled(taken))
    count = len(taken)
    return f"Reroll {count} {'die' if count == 1 else 'dice'}"


def roll_text(record: RollRecord) -> str:
    """A recorded roll as the log shows it: each die, the kept ones marked, and the total."""
    marks = record.marks
    if record.kind is DiceKind.POOL:
        faces = " ".join(str(value) for value in record.values) or "no dice"
        count = record.total
        return f"[{faces}] {count} success{'' if count == 1 else 'es'}"
    shown = []
    for value, mark in zip(record.values, marks, strict=True):
        text = str(value) + ("!" if DieMark.EXPLODED in mark else "")
        shown.append(f"({text})" if DieMark.DROPPED in mark else text)
    modifier = f" {record.modifier:+d}" if record.modifier else ""
    return f"[{' '.join(shown)}]{modifier} = {record.total}"


def _roller_name(state: EncounterState, combatant_id: str | None) -> str:
    return state.combatants[combatant_id].name if combatant_id is not None else "The GM"


def line_in_round(
    own: str | None, event: Event, state: EncounterState, told_by: tuple[type[Event], ...]
) -> str:
    """A log line in a round system that tells the round on every line: its ``own`` words, else
    the shared ones, else the event's name, begun with the round once the fight is under way
    (but for the events ``told_by``, which tell their round themselves)."""
    text = own or describe_shared(event, state)
    if text is None:
        text = type(event).__name__
    if text and state.round and not isinstance(event, told_by):
        return f"Round {state.round} · {text}"
    return text


def describe_shared(event: Event, state: EncounterState, fight: str = "the fight") -> str | None:
    """The log line of an event every ruleset shares, as the common module words it (``None``:
    not one of them); ``fight`` is what the ruleset calls a fight ("the skirmish")."""
    match event:
        case CombatantsJoined(combatants=joined):
            listed = ", ".join(combatant.name for combatant in joined)
            return f"{listed} {'joins' if len(joined) == 1 else 'join'} {fight}"
        case CombatantsLeft(combatant_ids=ids):
            return f"{names(state, ids)} {'leaves' if len(ids) == 1 else 'leave'} {fight}"
        case CombatantsUpdated(updates=updates):
            return "; ".join(f"{state.combatants[u.combatant.id].name} {u.text}" for u in updates)
        case TurnStarted(combatant_id=cid):
            return f"{state.combatants[cid].name}'s turn"
        case TurnEnded(combatant_id=cid):
            return f"{state.combatants[cid].name}'s turn ends"
        case ConditionsAtTurn(expired=expired):
            return "; ".join(
                f"{ref.name} ends on {state.combatants[ref.combatant_id].name}" for ref in expired
            )
        case RoundEnded(round=number, expired=expired):
            ended = "".join(
                f"; {ref.name} ends on {state.combatants[ref.combatant_id].name}" for ref in expired
            )
            return f"Round {number} ends{ended}"
    if isinstance(event, DiceRolled):
        name = _roller_name(state, event.combatant_id)
        what = f"{event.title} ({event.notation})" if event.title else event.notation
        return f"{name} rolls {what}: {roll_text(event.roll)}"
    if isinstance(event, HandRollsSet):
        return hand_rolls.describe_hand_rolls_set(event)
    if isinstance(event, RolledByHand):
        return hand_rolls.describe_rolled_by_hand(event, state)
    if isinstance(event, DiceRerolled) and state.typed_roll is not None:
        typed = state.typed_roll
        after = _rerolled(typed.record, event)
        count = len(event.rerolls)
        dice = "1 die" if count == 1 else f"{count} dice"
        name = _roller_name(state, typed.combatant_id)
        return f"{name} rerolls {dice} of {typed.notation}: {roll_text(after)}"
    return None


def shared_rolls(event: Event, state: EncounterState) -> tuple[RollShown, ...]:
    """The rolls a shared event made, as the dice tray and the player view show them:
    typed dice (``"rolls 2d10+5"``) and their rerolls (``"rerolls 2 dice of 8d6 r2"``);
    ``state`` is the state just before ``event``."""
    if isinstance(event, DiceRolled):
        what = f"{event.title} ({event.notation})" if event.title else event.notation
        return (RollShown(event.combatant_id, f"rolls {what}", event.roll),)
    if isinstance(event, DiceRerolled) and state.typed_roll is not None:
        typed = state.typed_roll
        indices = tuple(index for index, _ in event.rerolls)
        after = _rerolled(typed.record, event)
        dice = "1 die" if len(indices) == 1 else f"{len(indices)} dice"
        title = f"rerolls {dice} of {typed.notation}"
        return (RollShown(typed.combatant_id, title, after, rerolled=indices),)
    return ()


def _rerolled(record: RollRecord, event: DiceRerolled) -> RollRecord:
    return replace(record, rerolls_taken=(*record.rerolls_taken, *event.rerolls))


NAME_COLUMN = Column("name", "Name", ColumnKind.TEXT, editable=True, max_length=MAX_NAME_LENGTH)
"""The table's Name column, as every ruleset shows it."""
SIDE_COLUMN = Column(
    "side", "Side", ColumnKind.CHOICE, editable=True, choices=tuple(side.value for side in Side)
)
"""The table's Side column."""
HIDDEN_COLUMN = Column("hidden", "Hidden", ColumnKind.BOOL, editable=True)
"""The table's Hidden column (hidden from the players)."""
NOTES_COLUMN = Column("notes", "Notes", ColumnKind.TEXT, editable=True, max_length=MAX_TEXT_LENGTH)
"""The table's Notes column."""


def table_columns(own: tuple[Column, ...], *, side_first: bool = True) -> tuple[Column, ...]:
    """A round system's table: the name (and the side, unless it comes after), its ``own``
    columns, then the side, hidden and notes."""
    side: tuple[Column, ...] = (SIDE_COLUMN,)
    first, last = (side, ()) if side_first else ((), side)
    return (NAME_COLUMN, *first, *own, *last, HIDDEN_COLUMN, NOTES_COLUMN)


def number_column(key: str, title: str, field: Bounded) -> Column:
    """An editable whole-number column whose editor takes ``field``'s bounds."""
    return Column(
        key,
        title,
        ColumnKind.INT,
        editable=True,
        minimum=Fraction(field.low),
        maximum=Fraction(field.high),
    )


def column_at_most(column: Column, high: int) -> Column:
    """``column`` bounded above by ``high`` too: a current value's cell under the combatant's
    maximum (as :meth:`Bounded.at_most` bounds its edit)."""
    top = Fraction(high) if column.maximum is None else min(column.maximum, Fraction(high))
    return replace(column, maximum=top)


GENERIC_CELLS = frozenset({"name", "side", "hidden", "notes", "alias", hand_rolls.DICE_BY_CELL})
"""The cells every ruleset's table has and edits the same way."""


def generic_cell(combatant: Combatant, key: str) -> CellValue | None:
    """The value of one of the :data:`GENERIC_CELLS` (``None``: not one of them)."""
    match key:
        case "name":
            return combatant.name
        case "side":
            return combatant.side.value
        case "hidden":
            return combatant.hidden
        case "notes":
            return combatant.notes
        case "alias":
            return combatant.alias
        case hand_rolls.DICE_BY_CELL:
            return combatant.dice_by.value
    return None


def edited_cell(combatant: Combatant, key: str, value: object) -> tuple[Combatant, str]:
    """The combatant with one of the :data:`GENERIC_CELLS` set, and the change in words."""
    if key == "name":
        name = parse_text("The name", value, as_name=True)
        if not name:
            raise RulesError("The name cannot be empty")
        return replace(combatant, name=name), f"renamed to {name}"
    if key == "side":
        try:
            side = Side(str(value).strip().lower())
        except ValueError:
            options = ", ".join(side.value for side in Side)
            raise RulesError(f"The side must be one of {options}, got {value!r}") from None
        return replace(combatant, side=side), f"now fights as {side.value}"
    if key == "hidden":
        if not isinstance(value, bool):
            raise RulesError(f"Hidden must be yes or no, got {value!r}")
        return replace(combatant, hidden=value), "hidden" if value else "shown"
    if key == "notes":
        return replace(combatant, notes=parse_text("Notes", value, as_name=False)), "notes edited"
    if key == "alias":
        alias = parse_text("The alias", value, as_name=True)
        return replace(combatant, alias=alias), (
            f"shown to the players as {alias}" if alias else "shown to the players by name"
        )
    if key == hand_rolls.DICE_BY_CELL:
        return hand_rolls.edited_dice_by(combatant, value)
    raise RulesError(f"The column {key!r} cannot be edited")


# --- applying -------------------------------------------------------------------------------


def with_fields_of(struct: StructT, source: StructT, fields: Iterable[str]) -> StructT:
    """``struct`` with the ``fields`` named taken from ``source`` (what a sheet edited in a fight
    keeps of the sheet it replaces, say)."""
    return replace(struct, **{field: getattr(source, field) for field in fields})


def with_combatants(
    state: EncounterState, changed: Mapping[str, Combatant], **fields: object
) -> EncounterState:
    """``state`` with ``changed`` combatants replaced (and any other ``fields`` set).

    With none changed the combatants stay the same dict, so what changed is seen at once.
    """
    if not changed:
        return replace(state, **fields) if fields else state
    combatants = dict(state.combatants)
    combatants.update(changed)
    return replace(state, combatants=combatants, **fields)


def _joined(state: EncounterState, event: CombatantsJoined) -> EncounterState:
    added = {}
    for combatant in event.combatants:
        if combatant.id in state.combatants or combatant.id in added:
            raise RulesError(f"two combatants have the id {combatant.id!r}")
        added[combatant.id] = combatant
    return with_combatants(state, added, rows=(*state.rows, *added))


def _left(state: EncounterState, event: CombatantsLeft) -> EncounterState:
    gone = set(event.combatant_ids)
    for cid in gone:
        need(state, cid)
    for cid, condition in _tied_to(state, gone):
        if cid not in gone and condition.until is not None:
            raise RulesError(
                f"{state.combatants[cid].name}'s {condition.name} lasts until the turn of "
                f"{state.combatants[condition.until.combatant_id].name}, who cannot leave "
                "before it ends"
            )
    return replace(
        state,
        combatants={cid: c for cid, c in state.combatants.items() if cid not in gone},
        rows=tuple(cid for cid in state.rows if cid not in gone),
        order=tuple(cid for cid in state.order if cid not in gone),
        acted=state.acted - gone,
        current=None if state.current in gone else state.current,
    )


def _updated(state: EncounterState, event: CombatantsUpdated) -> EncounterState:
    changed = {}
    for update in event.updates:
        old = need(state, update.combatant.id)
        if type(update.combatant.sheet) is not type(old.sheet):
            raise RulesError(f"{old.name}'s sheet cannot change its round system")
        changed[old.id] = update.combatant
    return with_combatants(state, changed)


def _turn_started(state: EncounterState, event: TurnStarted) -> EncounterState:
    combatant = need(state, event.combatant_id)
    if state.phase == SETUP_PHASE:
        raise RulesError("a turn cannot start before the fight")
    return replace(state, current=combatant.id, typed_roll=None)


def _turn_ended(state: EncounterState, event: TurnEnded) -> EncounterState:
    need(state, event.combatant_id)
    current = None if state.current == event.combatant_id else state.current
    return replace(state, acted=state.acted | {event.combatant_id}, current=current)


def _round_ended(state: EncounterState, event: RoundEnded) -> EncounterState:
    if state.phase == SETUP_PHASE or event.round != state.round:
        raise RulesError(f"round {event.round} is not the round under way")
    changed = {}
    for combatant in state.combatants.values():
        if not any(condition.rounds for condition in combatant.conditions):
            continue
        kept = tuple(
            condition
            if condition.rounds is None
            else replace(condition, rounds=condition.rounds - 1)
            for condition in combatant.conditions
            if condition.rounds != 1
        )
        changed[combatant.id] = replace(combatant, conditions=kept)
    return with_combatants(state, changed, acted=frozenset(), current=None, typed_roll=None)


def _conditions_at_turn(state: EncounterState, event: ConditionsAtTurn) -> EncounterState:
    changed: dict[str, Combatant] = {}
    for refs, ending in ((event.expired, True), (event.begun, False)):
        for ref in refs:
            holder = changed.get(ref.combatant_id) or need(state, ref.combatant_id)
            found = next((c for c in holder.conditions if c.name == ref.name), None)
            until = None if found is None else found.until
            if until is None or (not ending and (until.edge is TurnEdge.START or until.begun)):
                raise RulesError(f"{holder.name} has no {ref.name} waiting for that turn")
            conditions = (
                tuple(c for c in holder.conditions if c is not found)
                if ending
                else tuple(
                    replace(c, until=replace(until, begun=True)) if c is found else c
                    for c in holder.conditions
                )
            )
            changed[holder.id] = replace(holder, conditions=conditions)
    return with_combatants(state, changed)


def _dice_rolled(state: EncounterState, event: DiceRolled) -> EncounterState:
    if event.combatant_id is not None:
        need(state, event.combatant_id)
    _check_record(event.roll)
    return replace(state, typed_roll=TypedRoll(event.combatant_id, event.notation, event.roll))


def _dice_rerolled(state: EncounterState, event: DiceRerolled) -> EncounterState:
    typed = state.typed_roll
    if typed is None or typed.record.kind is not DiceKind.POOL:
        raise RulesError("a reroll follows no typed pool")
    after = _rerolled(typed.record, event)
    _check_record(after)
    return replace(state, typed_roll=replace(typed, record=after))


def _rolled_by_hand(state: EncounterState, event: RolledByHand) -> EncounterState:
    return state


_SHARED_APPLIERS: dict[type[Event], Callable[[EncounterState, Any], EncounterState]] = {
    CombatantsJoined: _joined,
    CombatantsLeft: _left,
    CombatantsUpdated: _updated,
    TurnStarted: _turn_started,
    TurnEnded: _turn_ended,
    RoundEnded: _round_ended,
    ConditionsAtTurn: _conditions_at_turn,
    DiceRolled: _dice_rolled,
    HandRollsSet: hand_rolls.applied,
    RolledByHand: _rolled_by_hand,
    DiceRerolled: _dice_rerolled,
}
"""The shared events, each with its applier."""


def apply_shared(state: EncounterState, event: Event) -> EncounterState | None:
    """The state after a shared event, or ``None`` when ``event`` is not one of them.

    The ruleset then does what its rules add (a new turn order, say); the turn order here
    only loses whoever left.
    """
    applier = _SHARED_APPLIERS.get(type(event))
    return None if applier is None else applier(state, event)


def apply_known_shared(state: EncounterState, event: Event) -> EncounterState:
    """The state after ``event``, which the caller files as a shared event (a ruleset's table
    of appliers, say): ``RulesError`` if it is not one."""
    new = apply_shared(state, event)
    if new is None:
        raise RulesError(f"{type(event).__name__} is not an event every ruleset shares")
    return new


def apply_shared_or_refuse(state: EncounterState, event: Event, owner: str) -> EncounterState:
    """The state after ``event`` if it is a shared event, which the caller's rules do not add
    to; for any other, ``RulesError``: ``"{owner} no event Forfeited"``."""
    new = apply_shared(state, event)
    if new is None:
        raise RulesError(f"{owner} no event {type(event).__name__}")
    return new


def _check_record(record: RollRecord) -> None:
    try:
        record.check()
    except DiceError as error:
        raise RulesError(f"a recorded roll does not fit the dice rules: {error}") from None
