"""The ``uwr`` turn order, worked out whole or kept as events move one combatant at a time.

The rolled order sorts by initiative (highest first), then side (players, allies, neutrals,
enemies), then the roll-off's d6s (with the roll-off setting), then the table's order. A
hand-made order keeps its combatants where the GM put them; one who joined since is slotted in
just before the first of them whose rolled place comes after its own.

Most events move one combatant (a typed initiative, a roll-off, a newcomer), so the order is
kept rather than sorted again: the combatants whose place may have changed are taken out and
put back where their place falls, found by bisection over the places in the order before (a
place: the key of the combatant's roll and its row in the table, one whole number). Those
places are kept aside for the latest orders worked out (a cache, not part of the state), so a
fight replaying a hundred thousand such events sorts nobody twice.
"""

from bisect import bisect_left, bisect_right
from collections.abc import Collection, Iterable
from itertools import accumulate

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.limits import MAX_DICE
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings
from uwr_desktop.core.rulesets.uwr.sheet import sheet_of
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.sides import Side

Key = int
"""Where a combatant's roll puts it, lowest first: one whole number (its last ``_ROW_BITS``
binary digits 0), so that the orders kept are cheap to search."""

Place = int
"""Where a combatant stands in the rolled order, lowest first: its key plus its row in the
table (which breaks a tie), one whole number, so no two are equal."""

KEPT_ORDERS = 8
"""Orders whose places are kept aside: the latest ones worked out."""

FEW_MOVED = 16
"""More combatants moved at once than this (a whole roll of initiative): sort them all."""

_ROW_BITS = 32
"""A place's last digit, the row: wider than any table (a file as large as the limits admit
holds far fewer combatants)."""
_FACE_PLACES = MAX_DICE
"""Roll-off faces a key tells apart (a roll-off holds at most this many)."""
_FACE_BITS = 3
"""A face's digit: 7 less the face (1 to 6), 0 for a face not rolled."""
_FACE_SHIFTS: tuple[int, ...] = tuple(
    _ROW_BITS + _FACE_BITS * (_FACE_PLACES - place) for place in range(1, _FACE_PLACES + 1)
)
"""Where each face's digit stands, first face first."""
_SIDE_SHIFT = _ROW_BITS + _FACE_BITS * _FACE_PLACES
_VALUE_SHIFT = _SIDE_SHIFT + 2
_HIGHEST = 2**40
"""Beyond any initiative: the value part of a key stays positive."""
_NOT_ROLLED: int = (2 * _HIGHEST + 1) << _VALUE_SHIFT
"""The key of a combatant with no initiative: after every rolled one."""

_SIDE_KEYS = {side: side.tie_rank << _SIDE_SHIFT for side in Side}

_keys: dict[int, tuple[tuple[str, ...], bool, list[Place]]] = {}
_rows: dict[int, tuple[tuple[str, ...], dict[str, int]]] = {}


def order_key(combatant: Combatant, settings: UwrSettings) -> Key:
    """The combatant's place by its roll: not rolled last; then highest initiative, then side
    (players first), then the higher roll-off faces, one after the other (with the roll-off
    setting). The parts are the binary digits of one number: initiative, side, then each face
    in three bits (a higher face a lower digit, a face not rolled a 0, so fewer faces come
    first, as the faces' tuples compare), then zeros where the place puts the row."""
    initiative = sheet_of(combatant).initiative
    if initiative is None:
        return _NOT_ROLLED
    typed = initiative.override
    value = sum(initiative.faces) if typed is None else typed
    key = ((_HIGHEST - value) << _VALUE_SHIFT) + _SIDE_KEYS[combatant.side]
    if initiative.tiebreak and settings.initiative_tie == "roll_off":
        for face, shift in zip(initiative.tiebreak, _FACE_SHIFTS, strict=False):
            key += (7 - face) << shift
    return key


def _remember(order: tuple[str, ...], settings: UwrSettings, places: list[Place]) -> None:
    _keys[id(order)] = (order, settings.initiative_tie == "roll_off", places)
    if len(_keys) > KEPT_ORDERS:
        del _keys[next(iter(_keys))]


def _places_of(order: tuple[str, ...], state: EncounterState, settings: UwrSettings) -> list[Place]:
    """The places of a rolled ``order``, a list of its own (copied from those kept aside, or
    worked out from ``state``)."""
    kept = _keys.get(id(order))
    if kept is not None and kept[0] is order and kept[1] == (settings.initiative_tie == "roll_off"):
        return list(kept[2])
    row = _row_of(state)
    combatants = state.combatants
    return [order_key(combatants[cid], settings) + row[cid] for cid in order]


def _row_of(state: EncounterState) -> dict[str, int]:
    """Each combatant's place in the table (kept aside for the latest tables)."""
    kept = _rows.get(id(state.rows))
    if kept is not None and kept[0] is state.rows:
        return kept[1]
    row = {cid: index for index, cid in enumerate(state.rows)}
    _rows[id(state.rows)] = (state.rows, row)
    while len(_rows) > KEPT_ORDERS:
        del _rows[next(iter(_rows))]
    return row


def turn_order(state: EncounterState, settings: UwrSettings) -> tuple[str, ...]:
    """The turn order worked out whole: the rolled order, or the GM's hand-made order with
    newcomers slotted in by their roll."""
    row = _row_of(state)
    placed = sorted(
        (order_key(combatant, settings) + row[cid], cid)
        for cid, combatant in state.combatants.items()
    )
    manual = part_of(state).manual_order
    if manual is None:
        rolled = tuple(cid for _, cid in placed)
        _remember(rolled, settings, [place for place, _ in placed])
        return rolled
    by_hand = [cid for cid in manual if cid in state.combatants]
    taken = set(by_hand)
    place = {cid: at for at, cid in placed}
    # The first hand-placed combatant whose rolled place comes after a newcomer's is the first
    # whose running highest place does: found by bisection.
    highest = list(accumulate((place[cid] for cid in by_hand), max))
    before: dict[int, list[str]] = {}
    for at, cid in placed:
        if cid not in taken:
            before.setdefault(bisect_right(highest, at), []).append(cid)
    order: list[str] = []
    for index, cid in enumerate(by_hand):
        order.extend(before.get(index, ()))
        order.append(cid)
    order.extend(before.get(len(by_hand), ()))
    return tuple(order)


def reordered(
    before: EncounterState, state: EncounterState, moved: Collection[str], settings: UwrSettings
) -> tuple[str, ...]:
    """The turn order of ``state``, kept from ``before``'s when only the combatants ``moved``
    (their roll or side changed, or they joined) may have changed places; the hand-made order,
    if any, is the same in both."""
    manual = part_of(state).manual_order
    if manual is not None:
        # Everyone placed by hand stays; anyone slotted in by roll may move: work it out.
        return before.order if len(manual) == len(state.combatants) else turn_order(state, settings)
    if len(moved) > 1:
        moved = list(dict.fromkeys(moved))
        if len(moved) > FEW_MOVED:
            return turn_order(state, settings)
    kept = KeptOrder(before, state, settings)
    out = [combatant for cid in moved if (combatant := before.combatants.get(cid)) is not None]
    kept.move(out, [state.combatants[cid] for cid in moved])
    return kept.frozen()


class KeptOrder:
    """A rolled turn order kept in place: the ids and their places side by side, combatants
    taken out and put back where their places fall."""

    def __init__(
        self, before: EncounterState, state: EncounterState, settings: UwrSettings
    ) -> None:
        """``before``'s rolled order, the rows of ``state``'s table (``before``'s with any
        newcomers after them)."""
        self._order = list(before.order)
        self._places = _places_of(before.order, before, settings)
        self._row = _row_of(state)
        self._settings = settings
        self._frozen: tuple[str, ...] | None = None
        """The order as a state holds it since the last move (its places kept aside)."""

    def move(self, out: Iterable[Combatant], back: Iterable[Combatant]) -> None:
        """Take ``out`` out where their places put them, then put ``back`` in by theirs."""
        if self._frozen is not None:
            self._places = list(self._places)  # the places kept aside stay the frozen order's
        order, places, row, settings = self._order, self._places, self._row, self._settings
        for combatant in out:
            at = bisect_left(places, order_key(combatant, settings) + row[combatant.id])
            del order[at], places[at]
        for combatant in back:
            place = order_key(combatant, settings) + row[combatant.id]
            at = bisect_left(places, place)
            order.insert(at, combatant.id)
            places.insert(at, place)
        self._frozen = None

    def frozen(self) -> tuple[str, ...]:
        """The order now, as a state holds it (its places kept aside, copied before a move)."""
        if self._frozen is None:
            self._frozen = tuple(self._order)
            _remember(self._frozen, self._settings, self._places)
        return self._frozen
