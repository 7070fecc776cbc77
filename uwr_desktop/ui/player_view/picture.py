"""What the players see of a fight: the GM's state with everything secret taken out.

Nothing here knows a round system: it reads the timeline slots and axis the ruleset gives, the
generic combatant (``hidden``, ``alias``, conditions) and its sheet's ``health()``. Hidden
combatants are left out of everything, names are replaced by aliases, health is only ever a
band, and a slot's tooltip text (``detail``, the GM's words) is never shown. The picture is
drawn as the main window draws the timeline (``core.timeline.drawn_as``): a list in axis order,
or every column of a columned timeline, the column under way marked. Pure Python: the player
view paints what this module returns.
"""

import re
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from itertools import groupby

import msgspec

from uwr_desktop.core.condition_text import condition_text
from uwr_desktop.core.encounter import SETUP_PHASE, Combatant, EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.sides import Side
from uwr_desktop.core.timeline import (
    TURN,
    AxisKind,
    SlotKind,
    SlotStatus,
    TimelineAxis,
    TimelineSlot,
    drawn_as,
)

UNKNOWN = "?"
"""Shown in a label in place of a hidden combatant's name."""


class HealthShown(StrEnum):
    """How the health of enemies is shown to the players."""

    BAND = "band"
    NONE = "none"


class Band(StrEnum):
    """A health band: what players may know of someone's health."""

    UNHURT = "unhurt"
    HURT = "hurt"
    BADLY_HURT = "badly hurt"
    DOWN = "down"


def health_band(combatant: Combatant) -> Band | None:
    """The combatant's health band: down when out, unhurt when whole, badly hurt at half or
    less, hurt otherwise; ``None`` when its sheet does not tell its health."""
    if combatant.down:
        return Band.DOWN
    health = combatant.sheet.health()
    if health is None:
        return None
    current, maximum = health
    if current <= 0:
        return Band.DOWN
    if current >= maximum:
        return Band.UNHURT
    return Band.BADLY_HURT if 2 * current <= maximum else Band.HURT


class PlayerRow(msgspec.Struct, frozen=True):
    """One line of the order of battle as the players see it: in a columned timeline, one row
    of the column headed ``column``, with its points as ``pips`` and ``spent_pips``."""

    key: str
    label: str
    side: Side
    value_text: str
    kind: SlotKind
    status: SlotStatus
    band: Band | None = None
    conditions: tuple[str, ...] = ()
    column: str = ""
    pips: int = 0
    spent_pips: int = 0

    @property
    def kind_words(self) -> str:
        """What the row stands for, in words, when it is not a plain turn (``""``)."""
        return "" if self.kind == TURN else self.kind.words


class PlayerColumn(msgspec.Struct, frozen=True):
    """One column of a columned timeline: its heading, its rows and whether it is the one
    under way (it holds whoever acts now)."""

    heading: str
    rows: tuple[PlayerRow, ...]
    under_way: bool


class PlayerPicture(msgspec.Struct, frozen=True):
    """The whole player screen: the round, who acts and who is next, the order of battle
    (``rows`` in axis order, drawn as ``drawn``: a list, or columns by the rows' headings)."""

    round_text: str
    now: str
    next: str
    axis_title: str
    rows: tuple[PlayerRow, ...]
    drawn: AxisKind = AxisKind.ORDER
    under_way: str = ""

    def columns(self) -> tuple[PlayerColumn, ...]:
        """The rows grouped in columns, left to right (consecutive rows with one heading)."""
        return tuple(
            PlayerColumn(heading, tuple(rows), heading == self.under_way)
            for heading, rows in groupby(self.rows, key=lambda row: row.column)
        )

    def texts(self) -> Iterable[str]:
        """Every piece of text the picture holds (what the leak tests search)."""
        yield from (self.round_text, self.now, self.next, self.axis_title)
        for row in self.rows:
            yield from (row.label, row.value_text, row.band or "", *row.conditions)
            yield from (row.column, row.kind_words)


class Renamer:
    """Replaces the names of hidden and aliased combatants in free text (slot labels).

    A label usually starts with its own combatant's name; it may also name someone else (a
    declared action's target). Longest names go first, so "Bandit 2" is not read as "Bandit".
    """

    def __init__(self, combatants: Iterable[Combatant]) -> None:
        """Remember who is hidden (shown as ``?``) and who has an alias."""
        self._names: dict[str, str] = {}
        for combatant in combatants:
            if combatant.hidden:
                self._names[combatant.name] = UNKNOWN
            elif combatant.alias and combatant.alias != combatant.name:
                self._names.setdefault(combatant.name, combatant.alias)
        names = sorted(self._names, key=len, reverse=True)
        self._pattern = re.compile("|".join(map(re.escape, names))) if names else None

    def __call__(self, text: str) -> str:
        """``text`` with every hidden name as ``?`` and every aliased name as its alias."""
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda found: self._names[found.group(0)], text)


def player_picture(
    state: EncounterState,
    slots: Sequence[TimelineSlot],
    axis: TimelineAxis,
    turn: TurnNow,
    enemy_health: HealthShown = HealthShown.BAND,
) -> PlayerPicture:
    """What the players see of ``state`` with the ruleset's ``slots`` on ``axis`` and its
    ``turn``; of slots in columns (one per turn), every column, the one holding whoever acts
    now under way."""
    combatants = state.combatants
    renamer = Renamer(c for c in combatants.values() if c.hidden or c.alias)
    rows: list[PlayerRow] = []
    for slot in slots:
        combatant = combatants.get(slot.combatant_id)
        if combatant is None or combatant.hidden:
            continue
        label = slot.label.replace(combatant.name, combatant.shown_name)
        band = None
        if enemy_health is HealthShown.BAND or combatant.side is not Side.ENEMY:
            band = health_band(combatant)
        rows.append(
            PlayerRow(
                slot.key,
                renamer(label),
                slot.side,
                renamer(slot.value_text),
                slot.kind,
                slot.status,
                band,
                tuple(condition_text(c) for c in combatant.conditions),
                renamer(slot.column) if slot.column else "",
                slot.pips,
                slot.spent_pips,
            )
        )
    drawn = drawn_as(axis, slots)
    under_way = ""
    if drawn is AxisKind.COLUMNS:
        acting = next((slot for slot in slots if slot.status is SlotStatus.CURRENT), None)
        under_way = "" if acting is None else renamer(acting.column)
    now, upcoming = _now_and_next(state, turn)
    round_text = "Getting ready" if state.phase == SETUP_PHASE else f"Round {state.round}"
    return PlayerPicture(
        round_text, now, upcoming, renamer(axis.title), tuple(rows), drawn, under_way
    )


def _now_and_next(state: EncounterState, turn: TurnNow) -> tuple[str, str]:
    """The names the players read beside "Now" and "Next"; a hidden combatant's turn is
    "…", and nobody hidden is named as next."""
    if state.phase == SETUP_PHASE:
        return "", ""
    acting = [state.combatants[cid] for cid in turn.acting]
    shown = [combatant.shown_name for combatant in acting if not combatant.hidden]
    now = ", ".join(shown) if shown else ("…" if acting else "")
    upcoming = (state.combatants[cid] for cid in turn.upcoming)
    waiting = next((c.shown_name for c in upcoming if not c.hidden), "Next round")
    return now, waiting


class ShownRoll(msgspec.Struct, frozen=True):
    """A roll the players may see: whose it is (a combatant id, ``None``: nobody's) and the
    record. The name is looked up when shown, so a later alias or hiding applies to it."""

    combatant_id: str | None
    record: RollRecord

    def who(self, state: EncounterState) -> str | None:
        """The name the players see for whoever rolled (``""``: nobody), ``None`` when that
        combatant is hidden now."""
        combatant = state.combatants.get(self.combatant_id) if self.combatant_id else None
        if combatant is None:
            return ""
        return None if combatant.hidden else combatant.shown_name

    def outcome_text(self) -> str:
        """The result in words: successes of a pool, the total of anything else."""
        total = self.record.total
        if self.record.kind is DiceKind.POOL:
            return f"{total} success" if total == 1 else f"{total} successes"
        return f"Total {total}"


def _named(fields: Iterable[object], known: Mapping[str, Combatant]) -> tuple[Combatant, ...]:
    """The combatants whose ids are text fields (or tuples of text) among ``fields``."""
    found: list[Combatant] = []
    for value in fields:
        if isinstance(value, str):
            if value in known:
                found.append(known[value])
        elif isinstance(value, tuple | list):
            found += [known[item] for item in value if isinstance(item, str) and item in known]
    return tuple(found)


def _rolls(
    value: object, known: Mapping[str, Combatant], named: tuple[Combatant, ...] = ()
) -> Iterable[tuple[RollRecord, tuple[Combatant, ...]]]:
    """Every roll record inside ``value``, depth first, with the combatants named around it:
    by the record's own struct and every struct holding it."""
    if isinstance(value, RollRecord):
        yield value, named
    elif isinstance(value, Combatant):
        return
    elif isinstance(value, msgspec.Struct):
        fields = [getattr(value, field) for field in value.__struct_fields__]
        around = named + _named(fields, known)
        for field in fields:
            yield from _rolls(field, known, around)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _rolls(item, known, named)


def last_roll(events: Sequence[Event], state: EncounterState) -> ShownRoll | None:
    """The last roll of ``events`` (one journal entry) the players may see, or ``None``.

    A roll is left out when it names a hidden combatant (in ``state``, the state after the
    entry): an ambusher's attack shows nothing of the ambusher. The roll is credited to the
    first combatant named around it (the attacker of an attack, the owner of a score). A roll
    whose event names nobody (a reaction to a pending check, say) is looked up in the
    ruleset's part of the state, and left out when what holds it there names someone hidden.
    """
    known = state.combatants
    shown = None
    held: dict[RollRecord, tuple[Combatant, ...]] | None = None
    for event in events:
        for record, named in _rolls(event, known):
            credited = named[0].id if named else None
            concerned = named
            if not named:
                if held is None:
                    held = {}
                    for kept, around in _rolls(state.part, known):
                        held.setdefault(kept, around)
                concerned = held.get(record, ())
            if not any(combatant.hidden for combatant in concerned):
                shown = ShownRoll(credited, record)
    return shown


def rerolled(shown: ShownRoll, state: EncounterState) -> ShownRoll | None:
    """The roll ``shown`` as the ruleset's part of ``state`` now holds it, when a reroll
    changed it there (a pending check whose dice were rerolled), else ``None``."""
    before = shown.record
    for record, named in _rolls(state.part, state.combatants):
        if (
            record != before
            and (record.kind, record.dice, record.faces) == (before.kind, before.dice, before.faces)
            and not any(combatant.hidden for combatant in named)
        ):
            return ShownRoll(named[0].id if named else shown.combatant_id, record)
    return None
