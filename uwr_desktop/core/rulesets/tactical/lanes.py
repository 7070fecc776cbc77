"""The countdown on the timeline: one lane per combatant on the round's counts, each action of
the round a bar from its declare count to its resolve count, each idle combatant's next
declaration a mark, and the drags that shorten an action."""

from uwr_desktop.core.condition_text import condition_chip, condition_text
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.intents import Intent, RulesError
from uwr_desktop.core.limits import MAX_COUNT
from uwr_desktop.core.rulesets.base import DragAnswer
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.decide import shortened
from uwr_desktop.core.rulesets.tactical.intents import TacticalShorten
from uwr_desktop.core.rulesets.tactical.settings import TacticalSettings
from uwr_desktop.core.rulesets.tactical.sheet import AP_PER_ROUND, TacticalSheet, sheet_of
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.rulesets.tactical.view import action_text, ap_text, signed
from uwr_desktop.core.timeline import (
    AxisKind,
    Lane,
    SlotKind,
    SlotStatus,
    TimelineAxis,
    TimelineSlot,
    combatant_slot,
)

ACTION_SUFFIX = "@action"
"""A declared action's slot key is its combatant's id with this suffix."""

DONE_SUFFIX = "@done"
"""An action over this round has its combatant's id, this suffix and its place as key."""

DECLARED_ACTION = SlotKind("Declared action", bar=True)
"""An action from the count it is declared on to the count it resolves on."""

ACTION_OVER = SlotKind("Action over", bar=True)
"""An action of this round already resolved or interrupted."""


def axis(state: EncounterState) -> TimelineAxis:
    """The round's counts as lanes, one per combatant, from the highest count of the round
    down to its lowest; the title names the round, the phase and the count now (a view keeping
    whoever acts on it secret reads the countdown without its count)."""
    count = part_of(state).count
    unplaced = ""
    if state.phase == Phase.RESOLUTION and count is not None:
        title = f"Round {state.round} · count {count}"
        unplaced = f"Round {state.round} · countdown"
    elif state.phase == Phase.SETUP:
        title = "Countdown (before the fight)"
    else:
        title = f"Round {state.round} · {state.phase}"
    now = count if state.phase == Phase.RESOLUTION else None
    high, low = _bounds(state, now)
    return TimelineAxis(
        AxisKind.LANES,
        title,
        now=now,
        unit="Count",
        title_unplaced=unplaced,
        high=high,
        low=low,
        lanes=_MEMO.lanes(state),
    )


def _bounds(state: EncounterState, now: int | None) -> tuple[int | None, int | None]:
    """The round's highest count (everyone's base + 20, an action's declare count) and its
    lowest (the lowest base, an action's resolve count), the count now between them."""
    counts = [] if now is None else [now]
    for combatant in state.combatants.values():
        sheet = sheet_of(combatant)
        if sheet.base is None:
            continue
        counts += [sheet.base, sheet.base + rules.COUNTS_PER_AP * AP_PER_ROUND]
        action = sheet.now.action
        if action is not None:
            counts.append(action.declared_at)
            if action.resolves_at is not None:
                counts.append(action.resolves_at)
    if not counts:
        return None, None
    return max(counts), min(counts)


class _LaneMemo:
    """The lanes worked out last, each with the combatant and AP left it was worked out
    from: a lane depends on nothing else (unless a condition lasts until someone's turn, which
    names that someone), so a count where few combatants change words only theirs again."""

    def __init__(self) -> None:
        self.known: dict[str, tuple[Combatant, int, Lane]] = {}

    def lanes(self, state: EncounterState) -> tuple[Lane, ...]:
        """A lane per combatant, highest base first (table order among equals), with its AP
        left beside its name and its conditions under it."""
        count = part_of(state).count
        known, fresh = self.known, {}
        keyed = []
        for row, cid in enumerate(state.rows):
            combatant = state.combatants[cid]
            sheet = sheet_of(combatant)
            left = rules.ap_left(sheet, count)
            seen = known.get(cid)
            if seen is not None and seen[0] is combatant and seen[1] == left:
                lane = seen[2]
            else:
                lane = _lane(state, combatant, count, left)
            if not any(condition.until for condition in combatant.conditions):
                fresh[cid] = (combatant, left, lane)
            base = sheet.base
            keyed.append((-MAX_COUNT - 1 if base is None else -base, row, lane))
        self.known = fresh
        keyed.sort(key=lambda item: (item[0], item[1]))
        return tuple(item[2] for item in keyed)


_MEMO = _LaneMemo()


def _lane(state: EncounterState, combatant: Combatant, count: int | None, left: int) -> Lane:
    """The combatant's lane: AP left beside the name, its conditions short under it and whole
    on hover."""
    sheet = sheet_of(combatant)
    conditions = [condition_text(condition, state) for condition in combatant.conditions]
    chips = [condition_chip(condition, state) for condition in combatant.conditions]
    base = "not rolled" if sheet.base is None else f"base {sheet.base}"
    words = "; ".join([f"AP {ap_text(sheet, count)}", *conditions])
    return Lane(
        combatant.id,
        combatant.name,
        combatant.side,
        " · ".join(chips),
        f"{combatant.name}, {base}: {words}",
        f"AP {left}/{AP_PER_ROUND}",
    )


def timeline(state: EncounterState, settings: TacticalSettings) -> tuple[TimelineSlot, ...]:
    """A slot per combatant at its next declaration (or where its round ended), one per
    declared action spanning its declare and resolve counts and one per action over this
    round, highest count first."""
    count = part_of(state).count
    order = rules.tie_key(state, settings.tie_order)
    due = set(rules.resolving(state, settings.tie_order))
    declaring = set(rules.declaring(state, settings.tie_order))
    first_due = min(due, key=order) if due else None
    keyed: list[tuple[int, int, tuple[int, ...], TimelineSlot]] = []
    for cid in state.rows:
        combatant = state.combatants[cid]
        sheet = sheet_of(combatant)
        for place, over in enumerate(sheet.now.done):
            keyed.append((over.declared_at, 0, order(cid), _over(combatant, place)))
        if sheet.base is None:
            slot = combatant_slot(
                combatant,
                "not rolled",
                caption="not rolled",
                detail="Base initiative not rolled yet",
            )
            keyed.append((-MAX_COUNT - 1, 1, order(cid), slot))
            continue
        action = sheet.now.action
        if action is not None:
            status = (
                SlotStatus.CURRENT
                if cid == first_due
                else (SlotStatus.DELAYED if cid in due else SlotStatus.PENDING)
            )
            keyed.append((action.declared_at, 0, order(cid), _declared(combatant, sheet, status)))
            continue
        position, mark = _next(combatant, sheet, count, cid in declaring)
        keyed.append((position, 1, order(cid), mark))
    keyed.sort(key=lambda item: (-item[0], item[1], item[2]))
    return tuple(item[3] for item in keyed)


def _declared(combatant: Combatant, sheet: TacticalSheet, status: SlotStatus) -> TimelineSlot:
    """The bar of the action under way."""
    action = sheet.now.action
    assert action is not None
    end = "next round" if action.resolves_at is None else str(action.resolves_at)
    return TimelineSlot(
        combatant.id + ACTION_SUFFIX,
        combatant.id,
        f"{combatant.name}: {action.name}",
        combatant.side,
        f"{action.declared_at} → {end}",
        kind=DECLARED_ACTION,
        status=SlotStatus.DONE if sheet.down else status,
        detail=action_text(action) + f"; penalty {signed(rules.action_penalty(sheet))}",
        position=action.declared_at,
        span_end=action.resolves_at,
        caption=action.name,
    )


def _over(combatant: Combatant, place: int) -> TimelineSlot:
    """The bar of the ``place``-th action over this round."""
    over = sheet_of(combatant).now.done[place]
    how = "interrupted" if over.interrupted else "resolved"
    return TimelineSlot(
        f"{combatant.id}{DONE_SUFFIX}{place}",
        combatant.id,
        f"{combatant.name}: {over.name}",
        combatant.side,
        f"{over.declared_at} → {over.ended_at}",
        kind=ACTION_OVER,
        status=SlotStatus.DONE,
        detail=f"{over.name}: declared on {over.declared_at}, {how} on {over.ended_at}",
        position=over.declared_at,
        span_end=over.ended_at,
        caption=over.name + (" (interrupted)" if over.interrupted else ""),
    )


def _next(
    combatant: Combatant, sheet: TacticalSheet, count: int | None, declaring: bool
) -> tuple[int, TimelineSlot]:
    """An idle combatant's mark: its next declaration, or its base once its round is over."""
    base = sheet.base or 0
    if sheet.down or sheet.now.ap == 0:
        words = "down" if sheet.down else "no AP left"
        detail = f"Base {base}; {words}"
        return base, combatant_slot(
            combatant,
            str(base),
            status=SlotStatus.DONE,
            position=base,
            caption=words,
            detail=detail,
        )
    next_at = rules.actual(sheet)
    status = SlotStatus.CURRENT if declaring else SlotStatus.PENDING
    shown = next_at if count is None or next_at <= count else count
    text = f"{next_at}" if shown == next_at else f"{next_at} (waiting)"
    caption = f"declares on {next_at}" if shown == next_at else f"waiting since {next_at}"
    detail = f"Base {base} + 5 x {sheet.now.ap} AP left: declares on {next_at}"
    return shown, combatant_slot(
        combatant, text, status=status, position=shown, caption=caption, detail=detail
    )


def resolve_options(state: EncounterState, cid: str) -> list[tuple[int, int]]:
    """The (AP, resolve count) a declared action may change to now, shortest first."""
    sheet = sheet_of(state.combatants[cid])
    action = sheet.now.action
    count = part_of(state).count
    if action is None or not action.ranged or count is None or state.phase != Phase.RESOLUTION:
        return []
    at_declare = sheet.now.ap + action.this_round
    base = sheet.base or 0
    options = []
    for ap in range(action.min_ap, min(action.max_ap, at_declare) + 1):
        resolves_at = base + rules.COUNTS_PER_AP * (at_declare - ap)
        if resolves_at <= count:
            options.append((ap, resolves_at))
    return options


def drag_to_count(state: EncounterState, slot_key: str, value: int) -> DragAnswer | None:
    """Dropping a declared action's resolve end on count ``value``: the AP whose resolve
    count is nearest, with its penalty (``None``: the slot is not a declared action)."""
    if not slot_key.endswith(ACTION_SUFFIX):
        return None
    cid = slot_key.removesuffix(ACTION_SUFFIX)
    combatant = state.combatants.get(cid)
    if combatant is None:
        return None
    sheet = sheet_of(combatant)
    action = sheet.now.action
    if action is None:
        return None
    options = resolve_options(state, cid)
    if not action.ranged:
        return DragAnswer(None, f"{action.name} takes a fixed {action.ap} AP")
    if not options:
        return DragAnswer(None, f"{action.name} cannot change now")
    ap, resolves_at = min(options, key=lambda option: (abs(option[1] - value), option[0]))
    if ap == action.ap:
        return DragAnswer(None, f"No change: {action.name} {ap} AP, resolves on {resolves_at}")
    count = part_of(state).count or 0
    try:
        event = shortened(combatant, sheet, action, ap, count)
    except RulesError as error:
        return DragAnswer(None, str(error))
    verb = "Shorten" if ap < action.ap else "Lengthen"
    penalty = -25 * (action.max_ap - ap)
    intent: Intent = TacticalShorten(cid, ap)
    return DragAnswer(
        intent,
        f"{verb} {action.name} to {ap} AP: resolves on {event.resolves_at}, "
        f"penalty {signed(penalty)}",
    )


def drag_answer(
    state: EncounterState, slot_key: str, new_index: int, settings: TacticalSettings
) -> DragAnswer:
    """A drag by place in the row of cards: a declared action's resolve count goes to the
    place dropped at, among the other cards' counts."""
    others = [
        s for s in timeline(state, settings) if s.key != slot_key and DONE_SUFFIX not in s.key
    ]
    if not slot_key.endswith(ACTION_SUFFIX):
        return DragAnswer(
            None, "The count decides who acts when: drag a declared action to change its AP"
        )
    if new_index <= 0 or not others:
        value = (others[0].position + 5) if others else 0
    else:
        value = others[min(new_index, len(others)) - 1].position
    answer = drag_to_count(state, slot_key, value)
    return answer if answer is not None else DragAnswer(None, "Nothing to change")
