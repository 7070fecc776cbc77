"""Combatants and the state of an encounter, as every round system shares them.

A combatant is generic (id, name, side, conditions, notes) and carries its ruleset's own
:class:`Sheet`; the state carries the ruleset's own :class:`RulesetPart`. Everything here is
immutable. A new state shares every unchanged combatant with the old one (the ``combatants``
dict is copied shallowly), so applying an event costs little and an observer can tell what
changed by identity (``old.combatants[id] is not new.combatants[id]``).
"""

import uuid
from abc import abstractmethod
from enum import StrEnum
from typing import Annotated, ClassVar, Final

import msgspec

from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_CONDITION_ROUNDS,
    MAX_CONDITIONS,
    MAX_COUNT,
    MAX_DICE,
    MAX_DIFFICULTY,
    MAX_INITIATIVE,
    MAX_NAME_LENGTH,
    MAX_TEXT_LENGTH,
)
from uwr_desktop.core.name_rule import ONE_LINE_PATTERN
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.sides import Side

# The bounds of ``core.limits`` as types: the file and journal decoder checks every field
# against them, and ``Session.do`` checks every intent and every event against the same.
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
"""A name or an id: 1 to ``MAX_NAME_LENGTH`` characters."""
OptionalName = Annotated[str, msgspec.Meta(max_length=MAX_NAME_LENGTH)]
"""A name that may be left empty (``""``: none)."""
CombatantName = Annotated[
    str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH, pattern=ONE_LINE_PATTERN)
]
"""A combatant's name: a :data:`Name` on one line, as ``name_rule.clean_name`` leaves it."""
Alias = Annotated[str, msgspec.Meta(max_length=MAX_NAME_LENGTH, pattern=ONE_LINE_PATTERN)]
"""The name the players see instead of a combatant's: one line, or ``""`` for none."""
Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT_LENGTH)]
"""Free text: notes and titles."""
Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
"""Vitality, Stamina, uses, an amount of damage or healing, a round number."""
Difficulty = Annotated[int, msgspec.Meta(ge=1, le=MAX_DIFFICULTY)]
"""Successes a check needs."""
InitiativeValue = Annotated[int, msgspec.Meta(ge=-MAX_INITIATIVE, le=MAX_INITIATIVE)]
"""An initiative value typed over the roll."""
Rounds = Annotated[int, msgspec.Meta(ge=1, le=MAX_CONDITION_ROUNDS)]
"""Rounds a condition lasts."""
COMBATANT_REFERENCE: Final = {"refers_to": "combatant"}
"""The annotation's mark on a field holding the id of a combatant in the fight
(:mod:`uwr_desktop.core.references` finds such fields in every event)."""
CombatantId = Annotated[
    str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH, extra=COMBATANT_REFERENCE)
]
"""The id of a combatant in the fight: an event naming one who is not is refused on replay."""
OptionalCombatantId = Annotated[
    str, msgspec.Meta(max_length=MAX_NAME_LENGTH, extra=COMBATANT_REFERENCE)
]
"""The id of a combatant in the fight, or ``""`` for nobody."""
Ids = Annotated[tuple[CombatantId, ...], msgspec.Meta(max_length=MAX_COMBATANTS)]
"""Combatant ids, as many as a fight may hold."""


Successes = Annotated[int, msgspec.Meta(ge=0, le=MAX_DICE)]
"""Successes a roll scored."""

SETUP_PHASE = "setup"
"""The phase every encounter starts in, before the fight: combatants join and leave."""

DEFEATED_CONDITION = "Defeated"
"""The condition that marks a combatant out of the fight whatever its sheet says (any case)."""

DEFEATED_PRESET = "defeated"
"""The preset key of the :data:`DEFEATED_CONDITION`, offered by every round system."""

_DEFEATED_KEY = DEFEATED_CONDITION.casefold()

_SHEET_TYPES: dict[str, type["Sheet"]] = {}


class Sheet:
    """A ruleset's own part of a combatant: its statistics, resources and initiative.

    Each ruleset defines one ``msgspec.Struct`` that also derives from this class, tagged with
    the ruleset's id (``tag_field="ruleset", tag="uwr"``), and registers it for decoding with
    :func:`register_sheet`. The methods below are what the shared intents (damage, healing)
    and the library ask of any sheet.
    """

    __slots__ = ()

    health_name: ClassVar[str] = "Health"
    """What the sheet's health is called in messages (``"Vitality"``)."""

    @property
    @abstractmethod
    def down(self) -> bool:
        """Whether the combatant is out of the fight (dead or dying)."""

    @abstractmethod
    def damaged(self, amount: int, side: Side) -> tuple["Sheet", str]:
        """The sheet after ``amount`` damage, and the change in words for the log."""

    @abstractmethod
    def healed(self, amount: int) -> tuple["Sheet", str] | None:
        """The sheet after healing ``amount`` and the change in words (``None``: already
        whole)."""

    @abstractmethod
    def as_copy(self) -> "Sheet":
        """The sheet of a new copy of this combatant: what was rolled for this one (its
        initiative, say) is not the copy's."""

    @abstractmethod
    def as_template(self) -> "Sheet":
        """The sheet as the library keeps it: whole, nothing rolled, nothing spent."""

    def health(self) -> tuple[int, int] | None:
        """Health now and its maximum, ``(current, maximum)``, or ``None`` when the sheet does
        not measure health that way. The player view turns it into a band (unhurt, hurt,
        badly hurt, down); a sheet that keeps the default shows no band."""
        return None


_SHEET_DUTIES = ("down", "damaged", "healed", "as_copy", "as_template")
"""What every sheet type defines itself (the abstract members of :class:`Sheet`)."""


def register_sheet(sheet: type[Sheet]) -> None:
    """Decode sheets tagged as ``sheet`` is (its ruleset's id) as ``sheet``; refuses a sheet
    type that leaves out what the shared intents ask of every sheet."""
    tag = getattr(getattr(sheet, "__struct_config__", None), "tag", None)
    if not isinstance(tag, str):
        raise TypeError(f"{sheet.__name__} is not a msgspec Struct tagged with a ruleset id")
    missing = [name for name in _SHEET_DUTIES if getattr(sheet, name) is getattr(Sheet, name)]
    if missing:
        raise TypeError(f"{sheet.__name__} must define {', '.join(missing)}")
    known = _SHEET_TYPES.get(tag)
    if known is not None and known is not sheet:
        raise TypeError(f"two sheet types are tagged {tag!r}")
    _SHEET_TYPES[tag] = sheet


def sheet_type(ruleset_id: str) -> type[Sheet] | None:
    """The sheet type tagged ``ruleset_id`` (``None`` until its ruleset is loaded)."""
    return _SHEET_TYPES.get(ruleset_id)


class TurnEdge(StrEnum):
    """Where in a combatant's turn a condition tied to it ends: its start or its end."""

    START = "start"
    END = "end"


class TurnTie(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A condition lasting until the ``edge`` (start or end) of the next turn of the combatant
    ``combatant_id``.

    ``begun`` (with the end only): that next turn has begun, so its end ends the condition.
    A turn already under way when the condition was given is not its next turn: the
    condition is given with ``begun`` false and counts the turn that starts after.
    """

    edge: TurnEdge
    combatant_id: CombatantId
    begun: bool = False


class Lasting(StrEnum):
    """How long a condition lasts, as the GM chooses it."""

    ROUNDS = "rounds"
    UNTIL_REMOVED = "until_removed"
    TURN_START = "turn_start"
    TURN_END = "turn_end"

    @property
    def edge(self) -> TurnEdge | None:
        """The edge of a turn it lasts until (``None``: it lasts rounds, or until removed)."""
        if self is Lasting.TURN_START:
            return TurnEdge.START
        return TurnEdge.END if self is Lasting.TURN_END else None


PresetAmount = Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)]
"""The number a preset counts (Bleeding 3: hits a round)."""


class Condition(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A condition on a combatant, and how long it lasts.

    ``rounds`` left, or ``until`` a combatant's turn (``None`` for both: until removed); a
    ``note``; ``preset``, the key of the round system's preset whose rules it carries (``""``:
    a free condition, or one written before presets, whose rules go by its name); ``amount``,
    the number such a preset counts (``None``: none).
    """

    name: Name
    rounds: Rounds | None = None
    note: Text = ""
    until: TurnTie | None = None
    preset: OptionalName = ""
    amount: PresetAmount | None = None

    def __post_init__(self) -> None:
        """Refuse a condition that lasts both rounds and until a turn, or whose start-of-turn
        tie says its turn has begun."""
        until = self.until
        if until is None:
            return
        if self.rounds is not None:
            raise ValueError("a condition lasts some rounds or until a turn, not both")
        if until.begun and until.edge is TurnEdge.START:
            raise ValueError("a condition lasting until a turn's start ends when it begins")

    def lasting_as(self, lasting: Lasting, *, rounds: int = 1, turn_of: str = "") -> "Condition":
        """This condition lasting as ``lasting`` says: ``rounds`` rounds, until removed, or
        until the start or the end of the next turn of the combatant ``turn_of``."""
        edge = lasting.edge
        return msgspec.structs.replace(
            self,
            rounds=rounds if lasting is Lasting.ROUNDS else None,
            until=None if edge is None else TurnTie(edge, turn_of),
        )

    def stands_for(self, key: str, *names: str) -> bool:
        """Whether this is the preset ``key``'s condition: it carries that key, or, carrying
        none, one of the preset's ``names`` (any case), as fights before presets named it."""
        if self.preset:
            return self.preset == key
        name = self.name.strip().casefold()
        return any(name == other.casefold() for other in names)


class DiceBy(StrEnum):
    """Who rolls a combatant's dice: as its side does (the fight's setting), the app, or the
    table, by hand (the GM types the faces)."""

    SIDE = "side"
    APP = "app"
    HAND = "hand"


def new_combatant_id() -> str:
    """A fresh id for a combatant joining a fight: a random UUID's 32 hexadecimal digits."""
    return uuid.uuid4().hex


class Combatant(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """One combatant: who it is, its conditions and notes, and its ruleset's sheet.

    ``alias`` is the name the players see instead of ``name`` (``""``: the name itself);
    ``hidden`` keeps the combatant off the players' screen; ``dice_by`` who rolls its dice.
    """

    id: Name
    name: CombatantName
    side: Side = Side.ENEMY
    sheet: Sheet
    conditions: Annotated[tuple[Condition, ...], msgspec.Meta(max_length=MAX_CONDITIONS)] = ()
    hidden: bool = False
    notes: Text = ""
    alias: Alias = ""
    dice_by: DiceBy = DiceBy.SIDE

    @property
    def shown_name(self) -> str:
        """The name the players see: the alias when there is one."""
        return self.alias or self.name

    @property
    def down(self) -> bool:
        """Whether the combatant is out of the fight: its sheet says so (Vitality 0, say) or the
        GM marked it with the :data:`DEFEATED_CONDITION`."""
        if self.sheet.down:
            return True
        # Asked for every combatant at every turn, mostly with no conditions: no generator then.
        return bool(self.conditions) and any(
            c.preset == DEFEATED_PRESET or (not c.preset and c.name.casefold() == _DEFEATED_KEY)
            for c in self.conditions
        )


class RulesetPart(msgspec.Struct, frozen=True):
    """Base of a ruleset's own part of the encounter state (a hand-made order, a pending
    check, declared actions, ...)."""


class TypedRoll(msgspec.Struct, frozen=True, gc=False):
    """The latest typed roll of the fight (``7d6 r2`` for a combatant, ``2d10+5`` for nobody),
    as its rerolls have left it: a pool's rerolls may be taken until the turn moves on or
    another typed roll replaces it."""

    combatant_id: str | None
    notation: str
    record: RollRecord


class EncounterState(msgspec.Struct, frozen=True):
    """The whole encounter at one point of the journal.

    ``combatants`` maps id to combatant and is never mutated once the state is handed out (a
    new state gets a new dict; a ruleset's working state fills one of its own before);
    ``rows`` is the table's row order (the order combatants joined); ``order`` is the order
    the combatants act in; ``phase`` is one of the ruleset's phases; ``acted`` holds who has
    had a turn this round; ``current`` whose turn it is; ``part`` the ruleset's own state;
    ``typed_roll`` the latest typed roll while its rerolls may still be taken;
    ``hand_sides`` the sides whose dice are rolled by hand at the table.
    """

    combatants: dict[str, Combatant]
    rows: tuple[str, ...]
    order: tuple[str, ...]
    round: int = 0
    phase: str = SETUP_PHASE
    current: str | None = None
    acted: frozenset[str] = frozenset()
    part: RulesetPart | None = None
    typed_roll: TypedRoll | None = None
    hand_sides: frozenset[Side] = frozenset()

    def rolls_by_hand(self, combatant_id: str | None) -> bool:
        """Whether the dice of ``combatant_id`` are rolled by hand at the table: its own
        setting, else its side's (``hand_sides``); a roll for nobody is the app's."""
        combatant = self.combatants.get(combatant_id) if combatant_id is not None else None
        if combatant is None:
            return False
        if combatant.dice_by is DiceBy.SIDE:
            return combatant.side in self.hand_sides
        return combatant.dice_by is DiceBy.HAND

    def combatant(self, combatant_id: str) -> Combatant:
        """Return the combatant with ``combatant_id``; ``KeyError`` if there is none."""
        return self.combatants[combatant_id]

    def everyone_down(self) -> bool:
        """Whether the fight has combatants and every one of them is out of it."""
        return bool(self.combatants) and all(c.down for c in self.combatants.values())
