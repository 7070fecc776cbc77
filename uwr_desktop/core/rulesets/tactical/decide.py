"""Deciding ``tactical`` intents: check them against the rules and produce their events."""

from collections.abc import Sequence

from msgspec.structs import replace

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import Combatant, Condition, EncounterState
from uwr_desktop.core.events import (
    CombatantsUpdated,
)
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_INITIATIVE, MAX_NAME_LENGTH
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.common import need
from uwr_desktop.core.rulesets.tactical import events, rules
from uwr_desktop.core.rulesets.tactical.catalog import ActionKind, ActionType, Pace, find
from uwr_desktop.core.rulesets.tactical.counters import (
    advanced,
    counter_text,
    find_counter,
    set_refusal,
    with_counter,
    without_counter,
)
from uwr_desktop.core.rulesets.tactical.intents import (
    MODE_FACTOR,
    MoveMode,
    TacticalDeclare,
    pace_of,
    pace_text,
)
from uwr_desktop.core.rulesets.tactical.rules import COUNTS_PER_AP, INSTANT_REACH
from uwr_desktop.core.rulesets.tactical.settings import Interruption, TacticalSettings, TieOrder
from uwr_desktop.core.rulesets.tactical.sheet import (
    AP_PER_ROUND,
    KeptProgress,
    TacticalAction,
    TacticalSheet,
    sheet_of,
)
from uwr_desktop.core.rulesets.tactical.state import (
    Counter,
    Phase,
    TieRoll,
    catalog,
    pace_table,
    part_of,
)
from uwr_desktop.core.rulesets.tactical.upkeep import (
    is_staggered,
    severity,
    upkeep_updates,
)

D10 = 10


Builder = common.Builder[TacticalSettings]
"""The events of one ``tactical`` intent, each applied as it is added."""


# --- the round's flow -----------------------------------------------------------------------


def roll_initiative(b: Builder, ids: Sequence[str], roller: Roller) -> None:
    """Roll base initiative for ``ids`` (2d10 + Quickness - 1 per full 10 of penalty)."""
    rolls = tuple(
        events.InitiativeRoll(
            cid,
            RollRecord.of_sum(
                roller.roll_sum(
                    rules.initiative_spec(sheet_of(b.state.combatants[cid])),
                    RollFor(cid, "initiative"),
                )
            ),
        )
        for cid in ids
    )
    if rolls:
        b.add(events.InitiativeRolled(rolls))


def start_fight(b: Builder, roller: Roller) -> str:
    """Roll initiative for whoever has none and start round 1 (the ruleset's
    ``start_refusal`` found nothing against it)."""
    roll_initiative(
        b, [cid for cid in b.state.rows if sheet_of(b.state.combatants[cid]).base is None], roller
    )
    b.add(events.RoundStarted(1))
    return "Start fight: round 1"


def next_refusal(state: EncounterState, tie_order: TieOrder, *, end_round: bool) -> str | None:
    """Why Next (``end_round``: End Round) would be refused now (``None``: the countdown goes
    on): before the fight, while actions due on the count are still to resolve, or, to end the
    round, while an action should still resolve in it."""
    if state.phase == Phase.SETUP:
        return "Start the fight first"
    if state.phase == Phase.UPKEEP:
        return None
    due = rules.resolving(state, tie_order) if state.phase == Phase.RESOLUTION else []
    if due:
        names = ", ".join(
            f"{state.combatants[cid].name}'s {_action(state, cid).name}" for cid in due
        )
        return f"Resolve {names} first (count {part_of(state).count})"
    if not end_round:
        return None
    left = [
        c.name
        for c in state.combatants.values()
        if rules.able(c)
        and (action := sheet_of(c).now.action) is not None
        and action.resolves_at is not None
    ]
    if left:
        return f"Resolve or interrupt the actions of {', '.join(left)} first"
    return None


def _reach(b: Builder, count: int, roller: Roller) -> None:
    """Move the countdown to ``count`` with the roll-offs its ties need: the turns of those who
    acted on the count left end, and the turns of those acting on ``count`` begin."""
    common.turns_end(b, b.state.rows)
    probe = replace(b.state, part=replace(part_of(b.state), count=count, ties=()))
    order = b.settings.tie_order
    acting = [
        cid
        for cid in rules.resolving(probe, order) + rules.declaring(probe, order)
        if rules.acts_on(probe, cid, count)
    ]
    ties = tuple(
        TieRoll(cid, roller.die(D10, RollFor(cid, f"a tie on count {count}")))
        for group in rules.tied_groups(probe, acting, order)
        for cid in group
    )
    b.add(events.CountReached(count, ties, _losses(probe, count)))
    common.turns_begin(b, acting)


def _losses(state: EncounterState, count: int | None) -> tuple[events.WaitLoss, ...]:
    return tuple(events.WaitLoss(cid, ap) for cid, ap in rules.wait_losses(state, count))


def next_step(b: Builder, roller: Roller, *, end_round: bool) -> str:
    """Next: the countdown's top, its next count, the upkeep, or the next round (the
    ruleset's ``next_refusal`` found nothing against it)."""
    phase = b.state.phase
    if phase == Phase.UPKEEP:
        return _next_round(b, roller)
    if phase != Phase.RESOLUTION and end_round is False:
        top = rules.top_count(b.state)
        if top is not None:
            _reach(b, top, roller)
            return f"Round {b.state.round}: count {top}"
    now = part_of(b.state).count
    if not end_round and now is not None:
        count = rules.next_count(b.state, now)
        if count is not None:
            _reach(b, count, roller)
            return f"Count {count}"
    return _upkeep(b)


def _upkeep(b: Builder) -> str:
    number = b.state.round
    common.turns_end(b, b.state.rows)
    b.add(events.UpkeepStarted(number, _losses(b.state, None)))
    updates = upkeep_updates(b.state)
    if updates:
        b.add(CombatantsUpdated(updates))
    counters = part_of(b.state).counters
    if counters:
        moved, text = advanced(counters)
        b.add(events.CountersChanged(moved, text))
    return f"Upkeep, round {number}"


def _next_round(b: Builder, roller: Roller) -> str:
    if b.settings.initiative_every_round:
        roll_initiative(b, list(b.state.rows), roller)
    b.add(events.RoundStarted(b.state.round + 1))
    return f"Round {b.state.round}"


def joined(b: Builder, ids: Sequence[str]) -> None:
    """Newcomers during a fight roll their base initiative at once (unless typed)."""
    fresh = [cid for cid in ids if sheet_of(b.state.combatants[cid]).base is None]
    roll_initiative(b, fresh, b.roller)


# --- declaring and resolving ----------------------------------------------------------------


_DECLARED = "Actions are declared"
_RESOLVED = "Actions resolve"
_INTERRUPTED = "Actions are interrupted"


def _action(state: EncounterState, cid: str) -> TacticalAction:
    action = sheet_of(state.combatants[cid]).now.action
    if action is None:
        raise RulesError(f"{state.combatants[cid].name} has no action under way")
    return action


def _count(state: EncounterState, done: str) -> int:
    """The count now; outside the countdown ``RulesError`` says when what is ``done``
    ("Actions resolve") can be."""
    count = part_of(state).count
    if state.phase == Phase.RESOLUTION and count is not None:
        return count
    if state.phase == Phase.SETUP:
        raise RulesError("Start the fight first")
    if state.phase == Phase.INITIATIVE:
        raise RulesError(f"{done} during the countdown: Next count starts it")
    raise RulesError(f"{done} during the countdown")


def _actor(state: EncounterState, cid: str, done: str) -> tuple[Combatant, TacticalSheet, int]:
    combatant = need(state, cid)
    count = _count(state, done)
    sheet = sheet_of(combatant)
    if sheet.down:
        raise RulesError(f"{combatant.name} is down")
    if sheet.base is None:
        raise RulesError(f"{combatant.name} has no initiative yet")
    return combatant, sheet, count


def catalog_entry(state: EncounterState, name: str) -> ActionType:
    """The catalog's action called ``name`` (``RulesError`` naming the catalog otherwise)."""
    actions = catalog(state)
    index = find(actions, name)
    if index is None:
        raise RulesError(f"The action catalog has no {name!r}")
    return actions[index]


def declare(b: Builder, intent: TacticalDeclare) -> str:
    """Declare an action of the catalog on the count now."""
    entry = catalog_entry(b.state, intent.action)
    if entry.kind is ActionKind.MOVEMENT:
        raise RulesError("Movement is recorded as the round's pace: choose a pace instead")
    if entry.kind is ActionKind.CONCENTRATION:
        return _concentrate(b, intent.combatant_id, entry, intent.penalty)
    if entry.kind is ActionKind.INSTANT:
        return _instant(b, intent.combatant_id, entry)
    combatant, sheet, count = _actor(b.state, intent.combatant_id, _DECLARED)
    if sheet.now.action is not None:
        raise RulesError(
            f"{combatant.name} is still on {sheet.now.action.name}: resolve or interrupt it first"
        )
    actual = rules.actual(sheet)
    if actual < count:
        raise RulesError(f"{combatant.name} declares on count {actual}; the count is {count}")
    lost = rules.waited(sheet, count)
    ap_left = rules.ap_left(sheet, count)
    if ap_left <= 0:
        raise RulesError(f"{combatant.name} has no AP left this round")
    cost = entry.max_ap if intent.ap is None else intent.ap
    if not entry.min_ap <= cost <= entry.max_ap:
        raise RulesError(f"{entry.name} takes {entry.cost_text} AP, not {cost}")
    kept = sheet.progress
    paid = kept.paid if kept is not None and kept.name == entry.name and kept.ap == cost else 0
    remaining = cost - paid
    if remaining > ap_left and cost <= AP_PER_ROUND:
        if entry.min_ap <= ap_left:
            raise RulesError(
                f"{combatant.name} has {ap_left} AP left this round: "
                f"shorten {entry.name} to {ap_left} AP ({-25 * (entry.max_ap - ap_left)}) "
                "or let it wait for next round"
            )
        raise RulesError(
            f"{entry.name} needs {entry.min_ap} AP and {combatant.name} has "
            f"{ap_left} left this round: it waits for next round"
        )
    this_round = min(remaining, ap_left)
    after = ap_left - this_round
    fits = remaining <= ap_left
    action = TacticalAction(
        name=entry.name,
        ap=cost,
        min_ap=entry.min_ap,
        max_ap=entry.max_ap,
        paid=paid,
        this_round=this_round,
        declared_at=count,
        resolves_at=sheet.base + COUNTS_PER_AP * after if fits and sheet.base is not None else None,
    )
    b.add(events.Declared(combatant.id, count, action, lost))
    return f"{combatant.name}: {entry.name}"


def _instant(b: Builder, cid: str, entry: ActionType) -> str:
    combatant, sheet, count = _actor(b.state, cid, _DECLARED)
    reach = (sheet.base or 0) + INSTANT_REACH
    if count > reach:
        raise RulesError(f"{combatant.name} can take an instantaneous action from count {reach} on")
    lost = rules.waited(sheet, count)
    cost = 0 if sheet.now.instants == 0 else 1
    if cost and rules.ap_left(sheet, count) < 1:
        raise RulesError(
            f"{combatant.name} has no AP left for a further instantaneous action (1 AP)"
        )
    b.add(events.InstantTaken(combatant.id, entry.name, count, cost, lost))
    return f"{combatant.name}: {entry.name}"


def _concentrate(b: Builder, cid: str, entry: ActionType, penalty: int) -> str:
    combatant = need(b.state, cid)
    if b.state.phase not in (Phase.INITIATIVE, Phase.RESOLUTION):
        raise RulesError("Concentration is declared during a round")
    if sheet_of(combatant).now.concentrating:
        raise RulesError(f"{combatant.name} is already concentrating this round")
    b.add(events.Concentrating(combatant.id, entry.name, penalty))
    return f"{combatant.name}: {entry.name}"


def _movement(
    state: EncounterState, cid: str, pace_name: str, mode: MoveMode
) -> tuple[Combatant, int, Pace, int]:
    """The combatant moving, the pace's place in the table, the pace and the penalty moving
    that way gives; ``RulesError`` when the movement cannot be recorded now."""
    combatant = need(state, cid)
    if state.phase == Phase.SETUP:
        raise RulesError("Start the fight first")
    if state.phase not in (Phase.INITIATIVE, Phase.RESOLUTION):
        raise RulesError("Movement is recorded during a round")
    table = pace_table(state)
    index = find(table, pace_name)
    if index is None:
        raise RulesError(f"The pace table has no {pace_name!r}")
    pace = table[index]
    penalty = pace.penalty * MODE_FACTOR[mode]
    if penalty < -MAX_INITIATIVE:
        raise RulesError(
            f"Moving {mode.value} at {_short(pace.name)} would give {pace.penalty} x "
            f"{MODE_FACTOR[mode]} = {penalty}; a penalty goes down to -{MAX_INITIATIVE} at most"
        )
    shown = pace_text(pace.name, mode)
    if len(shown) > MAX_NAME_LENGTH:
        raise RulesError(
            f"Moving {mode.value} is recorded as the pace's name and ', {mode.value}': "
            f"{len(shown)} characters, and a pace shows at most {MAX_NAME_LENGTH}; give "
            f"{_short(pace.name)} a shorter name in the catalog"
        )
    return combatant, index, pace, penalty


def move_refusal(state: EncounterState, cid: str, pace_name: str, mode: MoveMode) -> str | None:
    """Why ``cid`` may not record moving at ``pace_name`` in ``mode`` now (``None``: it may)."""
    try:
        _movement(state, cid, pace_name, mode)
    except RulesError as error:
        return str(error)
    return None


def move(b: Builder, cid: str, pace_name: str, mode: MoveMode) -> str:
    """Record a movement; the round keeps its fastest pace and that pace's penalty."""
    combatant, index, pace, penalty = _movement(b.state, cid, pace_name, mode)
    fastest = _faster_than_before(pace_table(b.state), sheet_of(combatant), index, penalty)
    b.add(events.Moved(combatant.id, pace.name, mode.value, penalty, fastest))
    return f"{combatant.name} moves: {pace.name}"


def _short(name: str) -> str:
    """A name for a message: at most 40 characters."""
    return name if len(name) <= 40 else f"{name[:39]}…"


def _faster_than_before(
    table: tuple[Pace, ...], sheet: TacticalSheet, index: int, penalty: int
) -> bool:
    """Whether moving at ``table[index]`` with ``penalty`` outdoes the round's pace so far."""
    if not sheet.now.pace:
        return True
    before = find(table, pace_of(sheet.now.pace)) or 0
    return (before, -sheet.now.pace_penalty) < (index, -penalty)


def parry_refusal(state: EncounterState, cid: str, against: str) -> str | None:
    """Why ``cid`` may not declare a parry against ``against`` (``""``: anyone) now (``None``:
    it may): only at the start of a round or when melee begins, never against itself."""
    if state.phase not in (Phase.INITIATIVE, Phase.RESOLUTION):
        return "A parry is declared at the start of a round, or when melee begins"
    if against == cid:
        return f"{state.combatants[cid].name} cannot parry themself"
    return None


def parry(b: Builder, cid: str, amount: int, against: str) -> str:
    """Declare the round's parry."""
    combatant = need(b.state, cid)
    if against:
        need(b.state, against)
    refusal = parry_refusal(b.state, cid, against)
    if refusal is not None:
        raise RulesError(refusal)
    b.add(events.ParryDeclared(combatant.id, amount, against))
    return f"{combatant.name}: parry {amount}"


def shorten(b: Builder, cid: str, ap: int) -> str:
    """Change the AP of the action under way within its range."""
    combatant, sheet, count = _actor(b.state, cid, "Actions are shortened")
    action = _action(b.state, cid)
    b.add(shortened(combatant, sheet, action, ap, count))
    verb = "shortened" if ap < action.ap else "lengthened"
    return f"{combatant.name}: {action.name} {verb} to {ap} AP"


def shortened(
    combatant: Combatant, sheet: TacticalSheet, action: TacticalAction, ap: int, count: int
) -> events.Shortened:
    """The event setting ``action`` to ``ap`` AP on ``count``; ``RulesError`` when it cannot."""
    if not action.ranged:
        raise RulesError(f"{action.name} takes a fixed {action.ap} AP")
    if not action.min_ap <= ap <= action.max_ap:
        raise RulesError(f"{action.name} takes {action.min_ap} to {action.max_ap} AP, not {ap}")
    if ap == action.ap:
        raise RulesError(f"{action.name} already takes {ap} AP")
    at_declare = sheet.now.ap + action.this_round
    if ap > at_declare:
        raise RulesError(f"{combatant.name} has only {at_declare} AP for {action.name}")
    resolves_at = (sheet.base or 0) + COUNTS_PER_AP * (at_declare - ap)
    if resolves_at > count:
        raise RulesError(
            f"At {ap} AP {action.name} would have resolved on count {resolves_at}; "
            f"the count is {count}"
        )
    return events.Shortened(combatant.id, ap, resolves_at)


def _nothing_completes(count: int) -> str:
    return f"No action completes on count {count}"


def resolve_refusal(state: EncounterState, tie_order: TieOrder) -> str | None:
    """Why Resolve, naming nobody, would be refused now (``None``: it would resolve): only
    during the countdown, on a count where an action completes."""
    try:
        count = _count(state, _RESOLVED)
    except RulesError as error:
        return str(error)
    return None if rules.resolving(state, tie_order) else _nothing_completes(count)


def resolve(b: Builder, ids: Sequence[str]) -> str:
    """Resolve the actions completing on the count now, together."""
    count = _count(b.state, _RESOLVED)
    due = rules.resolving(b.state, b.settings.tie_order)
    chosen = list(ids) or due
    if not chosen:
        raise RulesError(_nothing_completes(count))
    for cid in chosen:
        combatant = need(b.state, cid)
        if cid not in due:
            action = sheet_of(combatant).now.action
            when = "" if action is None else f" (it completes on {action.resolves_at})"
            raise RulesError(f"{combatant.name} has no action completing on count {count}{when}")
    b.add(events.Resolved(tuple(chosen), count))
    return f"Resolve on {count}: {common.names(b.state, chosen)}"


def interrupt_refusal(state: EncounterState, cid: str) -> str | None:
    """Why ``cid``'s action may not be interrupted now (``None``: it may): only during the
    countdown, and only an action under way."""
    try:
        _actor(state, cid, _INTERRUPTED)
        _action(state, cid)
    except RulesError as error:
        return str(error)
    return None


def interrupt(b: Builder, cid: str, keep_progress: bool) -> str:
    """Stop the action under way: the AP it spent are spent; a round-to-round action's
    progress is kept or lost as the setting (or the GM) says."""
    combatant, _, count = _actor(b.state, cid, _INTERRUPTED)
    action = _action(b.state, cid)
    spent = rules.action_done(action, count)
    setting = b.settings.interruption
    keeps = setting is Interruption.KEEP or (setting is Interruption.ASK and keep_progress)
    paid = action.paid + spent
    kept = (
        KeptProgress(action.name, action.ap, paid)
        if keeps and action.ap > AP_PER_ROUND and paid
        else None
    )
    b.add(events.Interrupted(combatant.id, count, spent, kept))
    return f"{combatant.name}: {action.name} interrupted"


# --- conditions, counters and edits ---------------------------------------------------------


def add_condition(b: Builder, ids: Sequence[str], condition: Condition) -> str:
    """A condition; a stun or Staggered during the countdown records the AP spent by then."""
    label = common.add_condition(b, ids, condition)
    stun, staggered = severity(condition) > 0, is_staggered(condition)
    count = part_of(b.state).count
    if (stun or staggered) and b.state.phase in (Phase.INITIATIVE, Phase.RESOLUTION):
        for cid in ids:
            sheet = sheet_of(b.state.combatants[cid])
            spent = min(rules.spent_at(sheet, count), AP_PER_ROUND)
            b.add(events.StunMarked(cid, staggered, spent))
    return label


def edit_catalog(b: Builder, actions: Sequence[ActionType], paces: Sequence[Pace]) -> str:
    """Replace the fight's action catalog and pace table; names must differ."""
    for kind, names in (("action", [a.name for a in actions]), ("pace", [p.name for p in paces])):
        seen: set[str] = set()
        for name in names:
            if name.strip().casefold() in seen:
                raise RulesError(f"Two {kind}s are called {name!r}")
            seen.add(name.strip().casefold())
    if tuple(actions) == part_of(b.state).actions and tuple(paces) == part_of(b.state).paces:
        raise RulesError("The catalog and the pace table are unchanged")
    b.add(events.CatalogChanged(tuple(actions), tuple(paces)))
    return "Edit the action catalog and pace table"


def set_counter(b: Builder, name: str, value: int, step: int) -> str:
    """Add or change an environmental counter."""
    counters = part_of(b.state).counters
    refusal = set_refusal(counters, name, value, step)
    if refusal:
        raise RulesError(refusal)
    counter = Counter(name.strip(), value, step)
    b.add(events.CountersChanged(with_counter(counters, counter), counter_text(counter)))
    return f"Counter {counter.name}: {value}"


def remove_counter(b: Builder, name: str) -> str:
    """Remove an environmental counter."""
    counters = part_of(b.state).counters
    found = find_counter(counters, name)
    if found is None:
        raise RulesError(f"There is no counter called {name.strip()!r}")
    b.add(events.CountersChanged(without_counter(counters, name), f"{found.name} removed"))
    return f"Remove counter {found.name}"
