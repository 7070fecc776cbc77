"""The countdown as plain functions: base and actual initiative, AP spent by a count, who
declares or resolves now, the next count where something happens, penalties and ties.

Actual initiative = base + 5 x AP left; an action declared with ``ap`` AP left and costing
``n`` resolves on base + 5 x (ap - n). By a count, an action under way has spent one AP for
every full 5 counts since it was declared; a combatant who lets counts go by without declaring
loses one AP for every full 5 counts past its actual initiative (lost, not spent: the stun rules
count only AP paid for actions). The countdown stops on every count where someone may declare
or resolve, a busy combatant's own count (base + 5 x AP left) included.
"""

from collections.abc import Callable, Iterator

from msgspec.structs import replace

from uwr_desktop.core.dice import SumSpec
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.rulesets.tactical.settings import TieOrder
from uwr_desktop.core.rulesets.tactical.sheet import (
    AP_PER_ROUND,
    TacticalAction,
    TacticalSheet,
    sheet_of,
)
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of

COUNTS_PER_AP = 5
"""Counts of the countdown one AP lasts."""

INSTANT_REACH = 20
"""Instantaneous actions can be taken from base + 20 on."""


def initiative_spec(sheet: TacticalSheet) -> SumSpec:
    """2d10 + Quickness bonus - 1 per full 10 points of current penalty (-35 gives -3)."""
    return SumSpec(2, 10, sheet.quickness - (-sheet.penalty) // 10)


def actual(sheet: TacticalSheet) -> int:
    """Actual initiative: base + 5 x AP left (the count of the next declaration)."""
    return (sheet.base or 0) + COUNTS_PER_AP * sheet.now.ap


def waited(sheet: TacticalSheet, count: int) -> int:
    """AP an idle combatant has let go by at ``count`` (one per full 5 counts past its actual
    initiative)."""
    if sheet.now.action is not None:
        return 0
    late = actual(sheet) - count
    return min(sheet.now.ap, late // COUNTS_PER_AP) if late > 0 else 0


def ap_left(sheet: TacticalSheet, count: int | None) -> int:
    """AP the combatant may still give to an action at ``count``: those not yet given to one,
    less those waiting has let go by since its actual initiative (``None``: before the
    countdown). The table, the panel, the timeline and the rules all read AP left here."""
    return sheet.now.ap - (0 if count is None else waited(sheet, count))


def action_done(action: TacticalAction, count: int) -> int:
    """AP of this round an action under way has spent by ``count``."""
    return min(max(0, (action.declared_at - count) // COUNTS_PER_AP), action.this_round)


def spent_at(sheet: TacticalSheet, count: int | None) -> int:
    """AP the combatant has paid for actions this round by ``count`` (``None``: before the
    countdown); AP lost by waiting are not spent."""
    action = sheet.now.action
    running = action_done(action, count) if action is not None and count is not None else 0
    return sheet.now.spent + running


def wait_losses(state: EncounterState, count: int | None) -> list[tuple[str, int]]:
    """Who loses AP by waiting when the countdown reaches ``count`` (``None``: when it ends,
    taking every AP left of those who declared nothing), in table order, with the AP lost."""
    losses = []
    for cid, sheet in _in_countdown(state):
        if sheet.now.action is None:
            lost = sheet.now.ap if count is None else waited(sheet, count)
            if lost:
                losses.append((cid, lost))
    return losses


def _in_countdown(state: EncounterState) -> Iterator[tuple[str, TacticalSheet]]:
    """Each combatant taking part in the countdown, in table order, with its sheet."""
    for cid in state.rows:
        combatant = state.combatants[cid]
        if able(combatant):
            yield cid, sheet_of(combatant)


def carried(action: TacticalAction, base: int, ap_left: int) -> TacticalAction:
    """A round-to-round action carried into a round, counted from ``base``: the round's AP go
    to it from the count of all 4 AP, and it resolves on base + 5 x ``ap_left`` once what is
    left of it fits the round (``resolves_at`` ``None``: it goes on next round)."""
    fits = action.paid + action.this_round >= action.ap
    return replace(
        action,
        declared_at=base + COUNTS_PER_AP * AP_PER_ROUND,
        resolves_at=base + COUNTS_PER_AP * ap_left if fits else None,
    )


def able(combatant: Combatant) -> bool:
    """Whether the combatant takes part in the countdown (rolled, not down)."""
    sheet = sheet_of(combatant)
    return sheet.base is not None and not sheet.down


def _due(
    state: EncounterState, order: TieOrder, stops: Callable[[TacticalSheet, int], bool]
) -> list[str]:
    """Those in the countdown for whom the count now is a stop, as ``stops`` says, in tie
    order."""
    count = part_of(state).count
    if count is None:
        return []
    due = [cid for cid, sheet in _in_countdown(state) if stops(sheet, count)]
    return sorted(due, key=tie_key(state, order))


def _resolves(sheet: TacticalSheet, count: int) -> bool:
    action = sheet.now.action
    return action is not None and action.resolves_at is not None and action.resolves_at >= count


def _declares(sheet: TacticalSheet, count: int) -> bool:
    return sheet.now.action is None and actual(sheet) >= count and ap_left(sheet, count) > 0


def resolving(state: EncounterState, order: TieOrder) -> list[str]:
    """Who has an action completing on the count now, in tie order."""
    return _due(state, order, _resolves)


def declaring(state: EncounterState, order: TieOrder) -> list[str]:
    """Who is idle with AP left and whose actual initiative the countdown has reached."""
    return _due(state, order, _declares)


def acts_on(state: EncounterState, cid: str, count: int) -> bool:
    """Whether ``count`` is the combatant's own stop: its action resolves there, or, idle, its
    actual initiative comes."""
    sheet = sheet_of(state.combatants[cid])
    action = sheet.now.action
    if action is not None:
        return action.resolves_at == count
    return actual(sheet) == count


def acting_at(state: EncounterState, order: TieOrder) -> list[str]:
    """Who acts on the count now, in tie order: actions completing, then those declaring."""
    return resolving(state, order) + declaring(state, order)


BEFORE_COUNTDOWN = "Parries, then the countdown"
"""Where a round stands before its countdown starts, in the turn's words."""


def turn_now(state: EncounterState, order: TieOrder) -> TurnNow:
    """Who acts on the count now, then who acts at each later stop of the countdown as things
    stand, each named once (before the countdown starts, those of its top count first); one
    the GM marked defeated is not named as coming. When nobody acts, its words say where the
    round stands: before the countdown, on a count nobody acts on, or at upkeep.

    A combatant arrives where its action resolves or, idle with AP left, at its actual
    initiative: every such count is a stop :func:`next_count` steps to, so one pass over the
    combatants finds them all (a big fight asks this at every change)."""
    count = part_of(state).count
    if state.phase == Phase.RESOLUTION and count is not None:
        acting, below = acting_at(state, order), count
        waiting_for = "" if acting else f"Nobody acts on count {count}"
    elif state.phase == Phase.INITIATIVE:
        top = top_count(state)
        if top is None:
            return TurnNow(waiting_for=BEFORE_COUNTDOWN)
        acting, below, waiting_for = [], top + 1, BEFORE_COUNTDOWN
    elif state.phase == Phase.UPKEEP:
        return TurnNow(waiting_for="Upkeep done")
    else:
        return TurnNow()
    named = set(acting)
    resolving_on: dict[int, list[str]] = {}
    declaring_on: dict[int, list[str]] = {}
    for cid, sheet in _in_countdown(state):
        if state.combatants[cid].down:
            continue
        action = sheet.now.action
        if action is not None and action.resolves_at is not None:
            resolving_on.setdefault(action.resolves_at, []).append(cid)
        elif action is None and sheet.now.ap > 0:
            declaring_on.setdefault(actual(sheet), []).append(cid)
    stops = resolving_on.keys() | declaring_on.keys()
    key = tie_key(replace(state, part=replace(part_of(state), ties=())), order)
    upcoming: list[str] = []
    for stop in sorted((s for s in stops if s < below), reverse=True):
        for group in (resolving_on.get(stop, []), declaring_on.get(stop, [])):
            arriving = sorted((cid for cid in group if cid not in named), key=key)
            upcoming += arriving
            named.update(arriving)
    return TurnNow(tuple(acting), tuple(upcoming), waiting_for=waiting_for)


def turn_step(state: EncounterState) -> str:
    """The count the countdown stands on (``"declaring"`` before it starts): each is a turn of
    its own to the panels."""
    count = part_of(state).count
    if state.phase == Phase.RESOLUTION and count is not None:
        return f"count {count}"
    return "declaring" if state.phase == Phase.INITIATIVE else ""


def on_own_count(state: EncounterState) -> list[str]:
    """Who is busy with an action that goes on past the count now, which is its own count
    (base + 5 x AP left): its action may be interrupted here."""
    count = part_of(state).count
    return [
        cid
        for cid, sheet in _in_countdown(state)
        if (action := sheet.now.action) is not None
        and action.resolves_at != count
        and actual(sheet) == count
    ]


def top_count(state: EncounterState) -> int | None:
    """Where a round's countdown starts: the highest actual initiative (a busy combatant's
    own count included), or a round-to-round action's resolve count above it (``None``:
    nobody acts)."""
    counts = [actual(sheet_of(c)) for c in state.combatants.values() if able(c)]
    counts += [
        action.resolves_at
        for c in state.combatants.values()
        if able(c)
        and (action := sheet_of(c).now.action) is not None
        and action.resolves_at is not None
    ]
    return max(counts, default=None)


def next_count(state: EncounterState, count: int) -> int | None:
    """The next count below ``count`` where an action resolves, someone's actual initiative
    comes (a busy combatant's own count too: its action may be interrupted there), or someone
    waiting lets another AP go by (``None``: nothing more this round)."""
    later: list[int] = []
    for combatant in state.combatants.values():
        if not able(combatant):
            continue
        sheet = sheet_of(combatant)
        action = sheet.now.action
        if action is not None:
            if action.resolves_at is not None and action.resolves_at < count:
                later.append(action.resolves_at)
            if actual(sheet) < count:
                later.append(actual(sheet))
        elif sheet.now.ap == 0:
            continue
        elif actual(sheet) < count:
            later.append(actual(sheet))
        elif (gone := waited(sheet, count)) + 1 < sheet.now.ap:
            # Waiting: the next count where another of its AP goes by.
            later.append(actual(sheet) - COUNTS_PER_AP * (gone + 1))
    return max(later, default=None)


def pace_penalty(sheet: TacticalSheet) -> int:
    """The round's movement and concentration penalty to other actions."""
    return sheet.now.pace_penalty + sheet.now.concentration_penalty


def action_penalty(sheet: TacticalSheet) -> int:
    """The penalty of the action under way: current penalty, shortening and pace."""
    action = sheet.now.action
    shortening = action.shortening_penalty if action is not None else 0
    return sheet.penalty + shortening + pace_penalty(sheet)


def tie_key(state: EncounterState, order: TieOrder) -> Callable[[str], tuple[int, ...]]:
    """The sort key of combatants acting on the same count: higher Quickness bonus, then the
    higher d10 of the count's roll-off, then table order (the parts ``order`` asks for)."""
    rows = {cid: i for i, cid in enumerate(state.rows)}
    faces = {tie.combatant_id: tie.face for tie in part_of(state).ties}

    def key(cid: str) -> tuple[int, ...]:
        if order is TieOrder.TABLE_ORDER:
            return (rows[cid],)
        if order is TieOrder.ROLL_OFF:
            return (-faces.get(cid, 0), rows[cid])
        return (-sheet_of(state.combatants[cid]).quickness, -faces.get(cid, 0), rows[cid])

    return key


def tied_groups(state: EncounterState, ids: list[str], order: TieOrder) -> list[list[str]]:
    """The groups among ``ids`` that need a d10 roll-off under ``order`` (two or more)."""
    if order is TieOrder.TABLE_ORDER:
        return []
    groups: dict[int, list[str]] = {}
    for cid in ids:
        quickness = sheet_of(state.combatants[cid]).quickness
        groups.setdefault(0 if order is TieOrder.ROLL_OFF else quickness, []).append(cid)
    return [group for group in groups.values() if len(group) > 1]
