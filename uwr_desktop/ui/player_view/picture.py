"""What the players see of a fight: the GM's state with everything secret taken out.

Nothing here knows a round system: it reads the timeline slots and axis the ruleset gives, its
"now and next", the rolls of each journal entry as the ruleset words them (``RollShown``), the
generic combatant (``hidden``, ``alias``, conditions, ``down``) and its sheet's ``health()``.
Hidden combatants are left out of everything: their rows, their turn (no "Now" at all, and
while nobody seen acts the axis titled without its place now, ``TimelineAxis.title_unplaced``,
so that a hidden turn reads as a pause between turns), any slot whose words
tell of them (``TimelineSlot.tells``: it shows its combatant's name alone) and any roll
concerning them. Names are replaced by aliases, health is only ever a band, and an enemy's
points (``TimelineSlot.tells_health``) go with its health when the GM hides it; a slot's
tooltip text (``detail``, the GM's words) is never shown. Nobody down is named next. The
picture is drawn as the main window draws the timeline (``core.timeline.drawn_as``): a list in
axis order, or every column of a columned timeline, the column under way marked. Pure Python:
the player view paints what this module returns.
"""

import re
from collections.abc import Iterable, Iterator, Sequence
from enum import StrEnum
from itertools import groupby

import msgspec

from uwr_desktop.core.condition_text import condition_text
from uwr_desktop.core.encounter import SETUP_PHASE, Combatant, EncounterState
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets.base import RollShown, TurnNow
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
from uwr_desktop.ui.dice.shown import keep_dice, pool_dice, successes_text, sum_dice
from uwr_desktop.ui.dice.shown_die import ShownDie

UNKNOWN = "?"
"""Shown in a label in place of a hidden combatant's name."""

NOBODY_YET = "Nobody in the fight yet"
"""What the players see before anyone they may see joins the fight."""


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
    of the column headed ``column``, with its points as ``pips`` and ``spent_pips``; ``down``:
    its combatant is out of the fight (dimmed). ``after_name`` is the end of ``label`` after
    the combatant's name (``": Melee attack"``), which a row too narrow for both leaves out."""

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
    down: bool = False
    after_name: str = ""

    @property
    def name(self) -> str:
        """The label without what follows the name."""
        return self.label[: len(self.label) - len(self.after_name)]

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
    empty: str = NOBODY_YET
    """What the screen says while no row shows."""

    def columns(self) -> tuple[PlayerColumn, ...]:
        """The rows grouped in columns, left to right (consecutive rows with one heading)."""
        return tuple(
            PlayerColumn(heading, tuple(rows), heading == self.under_way)
            for heading, rows in groupby(self.rows, key=lambda row: row.column)
        )

    def texts(self) -> Iterable[str]:
        """Every piece of text the picture holds (what the leak tests search)."""
        yield from (self.round_text, self.now, self.next, self.axis_title, self.empty)
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
        # Whole words only: "Bo" hidden leaves "Bow" alone.
        pattern = rf"(?<!\w)(?:{'|'.join(map(re.escape, names))})(?!\w)"
        self._pattern = re.compile(pattern) if names else None

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
        if combatant is not None and not combatant.hidden:
            rows.append(_row(state, slot, combatant, renamer, enemy_health))
    drawn = drawn_as(axis, slots)
    under_way = ""
    if drawn is AxisKind.COLUMNS:
        acting = next((slot for slot in slots if slot.status is SlotStatus.CURRENT), None)
        under_way = "" if acting is None else renamer(acting.column)
    now, upcoming = _now_and_next(state, turn)
    round_text = "Getting ready" if state.phase == SETUP_PHASE else f"Round {state.round}"
    # Whenever nobody the players see acts, the title leaves out where the axis stands: a
    # hidden combatant's turn, a count it alone brought and a pause between turns read alike.
    placeless = state.phase != SETUP_PHASE and not now
    title = axis.title_unplaced if placeless and axis.title_unplaced else axis.title
    empty = NOBODY_YET if rows else _nobody_shown(state)
    return PlayerPicture(
        round_text, now, upcoming, renamer(title), tuple(rows), drawn, under_way, empty
    )


def _nobody_shown(state: EncounterState) -> str:
    """Why the players see no row, from the combatants they may see: none yet, all down, or
    none on the timeline at this point of the fight."""
    shown = [c for c in state.combatants.values() if not c.hidden]
    if not shown:
        return NOBODY_YET
    if state.phase != SETUP_PHASE and all(c.down for c in shown):
        return "Everyone is down"
    return "Nobody on the timeline now"


def _row(
    state: EncounterState,
    slot: TimelineSlot,
    combatant: Combatant,
    renamer: Renamer,
    enemy_health: HealthShown,
) -> PlayerRow:
    """The row of ``slot``, whose ``combatant`` the players see: a slot telling of someone
    hidden shows its combatant's name alone, and one telling an enemy's health the GM hides
    shows no points."""
    health_hidden = enemy_health is HealthShown.NONE and combatant.side is Side.ENEMY
    secret = any(
        other.hidden for cid in slot.tells if (other := state.combatants.get(cid)) is not None
    )
    no_points = slot.tells_health and health_hidden
    name = combatant.shown_name
    label = name if secret else renamer(slot.label.replace(combatant.name, name))
    return PlayerRow(
        slot.key,
        label,
        slot.side,
        "" if secret or no_points else renamer(slot.value_text),
        slot.kind,
        slot.status,
        None if health_hidden else health_band(combatant),
        tuple(condition_text(c, state, for_players=True) for c in combatant.conditions),
        renamer(slot.column) if slot.column else "",
        0 if no_points else slot.pips,
        0 if no_points else slot.spent_pips,
        down=combatant.down,
        after_name=label[len(name) :] if label.startswith(name) else "",
    )


def _now_and_next(state: EncounterState, turn: TurnNow) -> tuple[str, str]:
    """The names the players read beside "Now" and "Next": nobody hidden is named, so a
    hidden combatant's turn has no "Now" at all (nor does a pause between turns, which would
    otherwise tell the two apart), and nobody down is next. After the last name to come,
    "Next" is the next turn when the rules name someone the players see for it, else the next
    round ("Next: round 3", "Next: a new turn")."""
    if state.phase == SETUP_PHASE:
        return "", ""
    acting = (state.combatants[cid] for cid in turn.acting)
    now = ", ".join(combatant.shown_name for combatant in acting if not combatant.hidden)
    first = next(_seen_standing(state, turn.upcoming), None)
    if first is not None:
        return now, first.shown_name
    later = next(_seen_standing(state, turn.later), None)
    return now, f"round {state.round + 1}" if later is None else "a new turn"


def _seen_standing(state: EncounterState, ids: tuple[str, ...]) -> Iterator[Combatant]:
    """The combatants of ``ids`` the players see and who are not down, in that order."""
    return (c for cid in ids if not (c := state.combatants[cid]).hidden and not c.down)


THE_GM = "The GM"
"""Who rolled dice rolled for nobody."""


def result_words(record: RollRecord) -> str:
    """A roll's own result in words: the successes of a pool, the total of anything else."""
    if record.kind is DiceKind.POOL:
        return successes_text(record.total)
    return str(record.total)


BY_HAND_MARK = " (rolled by hand)"
"""What follows a roll whose dice were rolled at the table and typed in."""


class ShownRoll(msgspec.Struct, frozen=True):
    """A roll the players may see, as its round system words it, and the roller's name when
    it was made (for a roller who has left the fight since). Names are looked up when the
    roll is shown, so a later alias or hiding applies to it."""

    roll: RollShown
    roller_name: str = ""

    @property
    def combatant_id(self) -> str | None:
        """Who rolled (``None``: the GM, for nobody)."""
        return self.roll.combatant_id

    @property
    def record(self) -> RollRecord:
        """The dice."""
        return self.roll.record

    def line(self, state: EncounterState) -> str | None:
        """The roll in one line, in its system's words with the names the players know:
        "Bandit 2 attacks Bryn: 3 successes against Bryn's dodge 1 — hit"; ``None`` when it
        concerns someone hidden now."""
        roll = self.roll
        concerned = (roll.combatant_id, *roll.others)
        if any(c.hidden for cid in concerned if cid and (c := state.combatants.get(cid))):
            return None
        roller = state.combatants.get(roll.combatant_id or "")
        if roll.combatant_id is None:
            who = THE_GM
        else:
            who = roller.shown_name if roller is not None else self.roller_name
        renamer = Renamer(c for c in state.combatants.values() if c.hidden or c.alias)
        words = renamer(f"{roll.title}: {roll.outcome or result_words(roll.record)}")
        return f"{who} {words}{BY_HAND_MARK if roll.by_hand else ''}"


def last_roll(rolls: Sequence[RollShown], state: EncounterState) -> ShownRoll | None:
    """The roll of one journal entry the players see (its ``rolls``; ``state``: the state
    after it), or ``None``: its main roll, the last that is not an aside (a hit's damage is
    told in the attack's words) and concerns nobody hidden. An ambusher's attack shows
    nothing of the ambusher."""
    for roll in reversed(rolls):
        if roll.aside:
            continue
        roller = state.combatants.get(roll.combatant_id or "")
        shown = ShownRoll(roll, "" if roller is None else roller.name)
        if shown.line(state) is not None:
            return shown
    return None


def shown_dice(roll: ShownRoll) -> list[ShownDie]:
    """The dice of a roll as the canvas shows them to the players (nothing to click)."""
    record = roll.record
    if record.kind is DiceKind.POOL:
        dice = pool_dice(record.pool())
    elif record.kind is DiceKind.KEEP:
        dice = keep_dice(record.keep())
    else:
        dice = sum_dice(record.sum())
    return [msgspec.structs.replace(die, rerollable=False) for die in dice]
