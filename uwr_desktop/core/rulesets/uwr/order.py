"""The ``uwr`` turn order, worked out whole or kept as events move one combatant at a time.

The rolled order sorts by initiative (highest first), then side (players, allies, neutrals,
enemies), then the roll-off's d6s (with the roll-off setting), then the table's order. A
hand-made order keeps its combatants where the GM put them; one who joined since is slotted in
just before the first of them whose rolled place comes after its own.

Most events move one combatant (a typed initiative, a roll-off, a newcomer), so the order is
kept rather than sorted again: the combatants whose place may have changed are taken out and
put back where their key falls, found by bisection over the keys of the order before. Those
keys are kept aside for the latest orders worked out (a cache, not part of the state), so a
fight replaying a hundred thousand such events sorts nobody twice.
"""

from bisect import bisect_left, bisect_right
from collections.abc import Collection
from itertools import accumulate

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.limits import MAX_DICE
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings
from uwr_desktop.core.rulesets.uwr.sheet import sheet_of
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.sides import Side

Key = int
"""Where a combatant's roll puts it, lowest first (the table's order breaks a tie): one whole
number, so that the orders kept are cheap to search."""

KEPT_ORDERS = 8
"""Orders whose keys are kept aside: the latest ones worked out."""

FEW_MOVED = 16
"""More combatants moved at once than this (a whole roll of initiative): sort them all."""

_FACE_PLACES = MAX_DICE
"""Roll-off faces a key tells apart (a roll-off holds at most this many)."""
_FACE_BASE = 7
_FACES_SPAN: int = _FACE_BASE**_FACE_PLACES
_PLACE_VALUES: tuple[int, ...] = tuple(
    _FACE_BASE ** (_FACE_PLACES - place) for place in range(_FACE_PLACES + 1)
)
_SIDES = 4
_HIGHEST = 2**40
"""Beyond any initiative: the value part of a key stays positive."""
_NOT_ROLLED: int = (2 * _HIGHEST + 1) * _SIDES * _FACES_SPAN
"""The key of a combatant with no initiative: after every rolled one."""

_RANKS = {side: side.tie_rank for side in Side}

_keys: dict[int, tuple[tuple[str, ...], bool, list[Key]]] = {}
_rows: dict[int, tuple[tuple[str, ...], dict[str, int]]] = {}


def order_key(combatant: Combatant, settings: UwrSettings) -> Key:
    """The combatant's place by its roll: not rolled last; then highest initiative, then side
    (players first), then the higher roll-off faces, one after the other (with the roll-off
    setting). The parts are the digits of one number: initiative, side, then each face as a
    base-7 digit (a higher face a lower digit, a face not rolled a 0, so fewer faces come
    first, as the faces' tuples compare)."""
    initiative = sheet_of(combatant).initiative
    if initiative is None:
        return _NOT_ROLLED
    typed = initiative.override
    value = sum(initiative.faces) if typed is None else typed
    key = ((_HIGHEST - value) * _SIDES + _RANKS[combatant.side]) * _FACES_SPAN
    if initiative.tiebreak and settings.initiative_tie == "roll_off":
        for place, face in enumerate(initiative.tiebreak[:_FACE_PLACES], 1):
            key += (_FACE_BASE - face) * _PLACE_VALUES[place]
    return key


def _remember(order: tuple[str, ...], settings: UwrSettings, keys: list[Key]) -> None:
    _keys[id(order)] = (order, settings.initiative_tie == "roll_off", keys)
    if len(_keys) > KEPT_ORDERS:
        del _keys[next(iter(_keys))]


def _keys_of(order: tuple[str, ...], state: EncounterState, settings: UwrSettings) -> list[Key]:
    """The keys of a rolled ``order``, a list of its own (copied from those kept aside, or
    worked out from ``state``)."""
    kept = _keys.get(id(order))
    if kept is not None and kept[0] is order and kept[1] == (settings.initiative_tie == "roll_off"):
        return list(kept[2])
    return [order_key(state.combatants[cid], settings) for cid in order]


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
    keyed = sorted(
        (order_key(combatant, settings), row[cid], cid)
        for cid, combatant in state.combatants.items()
    )
    manual = part_of(state).manual_order
    if manual is None:
        rolled = tuple(cid for _, _, cid in keyed)
        _remember(rolled, settings, [key for key, _, _ in keyed])
        return rolled
    placed = [cid for cid in manual if cid in state.combatants]
    taken = set(placed)
    place = {cid: (key, at) for key, at, cid in keyed}
    # The first hand-placed combatant whose rolled place comes after a newcomer's is the first
    # whose running highest place does: found by bisection.
    highest = list(accumulate((place[cid] for cid in placed), max))
    before: dict[int, list[str]] = {}
    for key, at, cid in keyed:
        if cid not in taken:
            before.setdefault(bisect_right(highest, (key, at)), []).append(cid)
    order: list[str] = []
    for index, cid in enumerate(placed):
        order.extend(before.get(index, ()))
        order.append(cid)
    order.extend(before.get(len(placed), ()))
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
    order = list(before.order)
    keys = _keys_of(before.order, before, settings)
    row = _row_of(state)
    for cid in moved:
        combatant = before.combatants.get(cid)
        if combatant is not None:
            at = _spot(order, keys, order_key(combatant, settings), row, cid)
            del order[at], keys[at]
    for cid in moved:
        key = order_key(state.combatants[cid], settings)
        at = _spot(order, keys, key, row, cid)
        order.insert(at, cid)
        keys.insert(at, key)
    kept = tuple(order)
    _remember(kept, settings, keys)
    return kept


def _spot(order: list[str], keys: list[Key], key: Key, row: dict[str, int], cid: str) -> int:
    """Where ``cid`` with ``key`` stands (or would stand) in a rolled order: by its key, and
    among equal keys by its row in the table."""
    at, tied = bisect_left(keys, key), bisect_right(keys, key)
    return at if tied == at else bisect_left(order, row[cid], at, tied, key=row.__getitem__)
