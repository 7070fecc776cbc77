"""Who declares first, re-decided at every turn (pure functions).

The chain: a surprising combatant first; then most ready points (carry-over points in the
carry-over turn); then longest reach, except that in close quarters (a pair the GM marked as
closer than half the longest weapon's reach) the shorter reach goes first unless the longer
reach is a missile weapon's range, which keeps initiative; then the highest bonus for the
intended action; then a d6 roll-off among those still tied, rerolled until no tie.

Reach is compared pair by pair, so close quarters can make the chain circular (A before B
before C before A); the sort then keeps a stable, repeatable order and the reasons say what
decided each neighbouring pair.
"""

from collections.abc import Mapping, Sequence
from functools import cmp_to_key
from itertools import pairwise

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, sheet_of
from uwr_desktop.core.rulesets.hands.state import HandsPart, Phase, Place, Reason, part_of
from uwr_desktop.core.sides import Side

Faces = Mapping[str, tuple[int, ...]]


def points_of(sheet: HandsSheet, *, carry: bool) -> int:
    """The points that order a turn: carry-over points in the carry-over turn, else ready."""
    return sheet.carry_over if carry else sheet.ready


def turn_now(state: EncounterState) -> TurnNow:
    """Who declares now, then those after in this turn's order with points left and not down
    (the GM may mark one defeated mid-turn); everyone with ready points is in the next turn,
    which decides its order again."""
    if state.phase not in (Phase.CARRY_OVER, Phase.TURNS):
        return TurnNow()
    carry = state.phase == Phase.CARRY_OVER
    current = state.current
    upcoming = tuple(
        cid
        for cid in state.order
        if cid != current
        and cid not in state.acted
        and not (combatant := state.combatants[cid]).down
        and points_of(sheet_of(combatant), carry=carry) > 0
    )
    later = tuple(participants(state, carry=False))
    if current is not None:
        return TurnNow((current,), upcoming, later)
    done = "Carry-over: all moved" if carry else f"Turn {part_of(state).turn}: all declared"
    return TurnNow((), upcoming, later, done)


def participants(state: EncounterState, *, carry: bool) -> list[str]:
    """Who takes part in a turn, in table order: everyone with points to spend in it."""
    return [
        cid
        for cid in state.rows
        if points_of(sheet_of(state.combatants[cid]), carry=carry) > 0
        and not state.combatants[cid].down
    ]


class _Chain:
    """What the chain compares: the state, the part (close pairs, surprise), whether this is
    the carry-over turn, the points each had at the turn start and the roll-off faces."""

    def __init__(self, state: EncounterState, part: HandsPart, carry: bool, faces: Faces) -> None:
        self.state = state
        self.part = part
        self.carry = carry
        self.faces = faces
        self.start = dict(part.start_points)


def _higher(a: str, b: str, key_a: int, key_b: int) -> str | None:
    """Whichever of ``a`` and ``b`` has the higher key; ``None`` when the keys are equal."""
    if key_a > key_b:
        return a
    if key_b > key_a:
        return b
    return None


def _decide(chain: _Chain, a: str, b: str) -> tuple[str | None, Reason, str]:
    """Who of ``a`` and ``b`` declares first (``None``: tied), the reason and its words.
    Points are those each had when the turn started."""
    sa, sb = sheet_of(chain.state.combatants[a]), sheet_of(chain.state.combatants[b])
    pa, pb = chain.start[a], chain.start[b]
    first = _higher(a, b, pa, pb)
    if first is not None:
        kind = "carry-over" if chain.carry else "ready"
        return first, Reason.POINTS, f"most {kind} points ({pa} vs {pb})"
    ra, rb = sa.reach, sb.reach
    longer = _higher(a, b, ra, rb)
    if longer is not None:
        if not chain.part.is_close(a, b):
            return longer, Reason.REACH, f"longest reach ({ra} vs {rb})"
        weapon = sheet_of(chain.state.combatants[longer])
        if weapon.missile_range == weapon.reach:
            text = f"missile range keeps initiative in close quarters ({ra} vs {rb})"
            return longer, Reason.MISSILE, text
        shorter = b if longer == a else a
        return shorter, Reason.CLOSE_QUARTERS, f"shorter reach in close quarters ({ra} vs {rb})"
    first = _higher(a, b, sa.bonus, sb.bonus)
    if first is not None:
        text = f"highest bonus for the action ({sa.bonus:+d} vs {sb.bonus:+d})"
        return first, Reason.BONUS, text
    fa, fb = chain.faces.get(a, ()), chain.faces.get(b, ())
    # Faces decide at the first roll both made that differs: whoever rolled fewer times, or
    # never (a tie made after the turn's roll-off), has not lost a roll it did not make.
    differ = next(((x, y) for x, y in zip(fa, fb, strict=False) if x != y), None)
    if differ is not None:
        first = a if differ[0] > differ[1] else b
        shown = f"{'/'.join(map(str, fa))} vs {'/'.join(map(str, fb))}"
        return first, Reason.ROLL_OFF, f"d6 roll-off ({shown})"
    return None, Reason.TIED, "tied"


def base_order(
    state: EncounterState, part: HandsPart, ids: Sequence[str], *, carry: bool, faces: Faces
) -> list[str]:
    """``ids`` in declare-first order without surprise (ties stay in table order)."""

    chain = _Chain(state, part, carry, faces)

    def compare(a: str, b: str) -> int:
        first = _decide(chain, a, b)[0]
        if first is None:
            return 0
        return -1 if first == a else 1

    return sorted(ids, key=cmp_to_key(compare))


def tied_groups(
    state: EncounterState, part: HandsPart, ids: Sequence[str], *, carry: bool
) -> list[list[str]]:
    """Runs of neighbours in the order that nothing but a roll-off can separate."""
    order = base_order(state, part, ids, carry=carry, faces={})
    chain = _Chain(state, part, carry, {})
    groups: list[list[str]] = []
    run: list[str] = order[:1]
    for previous, cid in pairwise(order):
        if _decide(chain, previous, cid)[0] is None:
            run.append(cid)
        else:
            if len(run) > 1:
                groups.append(run)
            run = [cid]
    if len(run) > 1:
        groups.append(run)
    return groups


def unsettled_pairs(
    state: EncounterState, part: HandsPart, ids: Sequence[str], *, carry: bool
) -> list[tuple[str, str]]:
    """Neighbours in the order that nothing separates, the turn's roll-off faces included:
    a tie made after the turn started (a bonus, a reach or close quarters changed)."""
    faces = dict(part.roll_offs)
    chain = _Chain(state, part, carry, faces)
    order = base_order(state, part, ids, carry=carry, faces=faces)
    return [(a, b) for a, b in pairwise(order) if _decide(chain, a, b)[0] is None]


def places(state: EncounterState, part: HandsPart, *, carry: bool) -> tuple[Place, ...]:
    """This turn's declare-first order with the reason for every place.

    The participants are those with points at the turn start (``part.start_points``) still
    present; surprising combatants come first, each group in the order of the chain.
    """
    ids = [cid for cid, _ in part.start_points if cid in state.combatants]
    faces = dict(part.roll_offs)
    ordered = base_order(state, part, ids, carry=carry, faces=faces)
    surprising = [cid for cid in ordered if cid in part.surprise]
    ordered = surprising + [cid for cid in ordered if cid not in part.surprise]
    chain = _Chain(state, part, carry, faces)
    return tuple(_place(chain, ordered, index) for index in range(len(ordered)))


def _pair_reason(chain: _Chain, ahead: str, behind: str) -> tuple[Reason, str]:
    surprise = chain.part.surprise
    if ahead in surprise and behind not in surprise:
        return Reason.SURPRISE, "surprise"
    _, reason, text = _decide(chain, ahead, behind)
    return reason, text


def _place(chain: _Chain, ordered: Sequence[str], index: int) -> Place:
    cid = ordered[index]
    name = chain.state.combatants
    if len(ordered) == 1:
        return Place(cid, Reason.ALONE, "declares alone")
    if index + 1 < len(ordered):
        other = ordered[index + 1]
        reason, text = _pair_reason(chain, cid, other)
        return Place(cid, reason, f"ahead of {name[other].name}: {text}", other)
    other = ordered[index - 1]
    reason, text = _pair_reason(chain, other, cid)
    return Place(cid, reason, f"behind {name[other].name}: {text}", other)


_CAMP = {Side.PLAYER: 0, Side.ALLY: 0, Side.ENEMY: 1, Side.NEUTRAL: 2}


def outreached(state: EncounterState) -> tuple[tuple[str, str], ...]:
    """Every (outreached, by) pair of opponents: the first has no missile weapon and a shorter
    reach than the other's melee reach, so it may only attack the other's weapon, when the other
    attacks it. A missile weapon's range decides who declares first but outreaches nobody."""
    standing = [
        (cid, state.combatants[cid].side, sheet_of(state.combatants[cid]))
        for cid in state.rows
        if not state.combatants[cid].down
    ]
    pairs: list[tuple[str, str]] = []
    for cid, side, sheet in standing:
        if sheet.has_missile:
            continue
        pairs.extend(
            (cid, other)
            for other, other_side, other_sheet in standing
            if _CAMP[other_side] != _CAMP[side] and other_sheet.melee_reach > sheet.reach
        )
    return tuple(pairs)
