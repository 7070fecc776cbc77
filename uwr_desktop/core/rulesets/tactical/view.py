"""How the ``tactical`` ruleset shows an encounter: log lines, the count axis and its slots,
drag answers, resources, the table and the intents on offer."""

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import (
    Event,
)
from uwr_desktop.core.intents import Intent, NextTurn, RulesError
from uwr_desktop.core.limits import MAX_COUNT
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    ColumnKind,
    DragAnswer,
    IntentOption,
    Resource,
)
from uwr_desktop.core.rulesets.tactical import events, rules
from uwr_desktop.core.rulesets.tactical.catalog import ActionKind, ActionType
from uwr_desktop.core.rulesets.tactical.decide import shortened
from uwr_desktop.core.rulesets.tactical.intents import (
    TacticalDeclare,
    TacticalInterrupt,
    TacticalResolve,
    TacticalShorten,
)
from uwr_desktop.core.rulesets.tactical.settings import TacticalSettings
from uwr_desktop.core.rulesets.tactical.sheet import (
    AP_PER_ROUND,
    BASE_INITIATIVE,
    BLEEDING,
    CURRENT_PENALTY,
    HITS,
    QUICKNESS,
    TacticalAction,
    TacticalSheet,
    sheet_of,
)
from uwr_desktop.core.rulesets.tactical.state import Phase, catalog, part_of
from uwr_desktop.core.timeline import AxisKind, SlotKind, SlotStatus, TimelineAxis, TimelineSlot

ACTION_SUFFIX = "@action"
"""A declared action's slot key is its combatant's id with this suffix."""


def _signed(number: int) -> str:
    return f"{number:+}" if number else "0"


def action_text(action: TacticalAction) -> str:
    """``"Melee attack 3 AP · 35 → 20 (-25)"``: the action under way as the table shows it."""
    cost = f"{action.ap} AP" if not action.paid else f"{action.ap} AP, {action.paid} paid"
    end = "next round" if action.resolves_at is None else str(action.resolves_at)
    shortening = action.shortening_penalty
    penalty = f" ({_signed(shortening)})" if shortening else ""
    return f"{action.name} {cost} · {action.declared_at} → {end}{penalty}"


# --- the log --------------------------------------------------------------------------------


def describe(event: Event, state: EncounterState) -> str | None:
    """One log line for ``event`` in the countdown's words (``None``: the shared words);
    ``state`` is the state just before it."""
    name = {cid: c.name for cid, c in state.combatants.items()}
    match event:
        case events.InitiativeRolled(rolls=rolls):
            return "Base initiative: " + ", ".join(
                f"{name[r.combatant_id]} {r.roll.total} ({'+'.join(map(str, r.roll.faces))}"
                f"{_signed(r.roll.modifier) if r.roll.modifier else ''})"
                for r in rolls
            )
        case events.InitiativeSet(combatant_id=cid, base=base, action=moved):
            words = "goes back to the roll" if base is None else f"set to {base}"
            carried = f"; {action_text(moved)}" if moved is not None else ""
            return f"{name[cid]}'s base initiative {words}{carried}"
        case events.RoundStarted(round=number):
            return f"Round {number} starts: 4 AP each"
        case events.CountReached(count=count, ties=ties, waited=lost):
            rolled = ", ".join(f"{name[t.combatant_id]} {t.face}" for t in ties)
            text = f"Count {count}" + (f" (ties: d10 {rolled})" if rolled else "")
            return text + _lost_text(lost, name)
        case events.Declared(combatant_id=cid, count=count, action=action, waited=lost):
            waited = f" after waiting {lost} AP" if lost else ""
            return f"{name[cid]} declares {action_text(action)} on {count}{waited}"
        case events.InstantTaken(combatant_id=cid, name=action, count=count, cost=cost):
            paid = "free" if cost == 0 else "1 AP"
            return f"{name[cid]}: {action} on {count} (instantaneous, {paid})"
        case events.Concentrating(combatant_id=cid, name=action, penalty=penalty):
            extra = f", {penalty}" if penalty else ""
            return f"{name[cid]} concentrates this round: {action}{extra}"
        case events.Moved(combatant_id=cid, pace=pace, mode=mode, penalty=penalty, fastest=fast):
            how = "" if mode == "forward" else f" {mode}"
            note = "fastest pace this round" if fast else "not faster than before"
            return f"{name[cid]} moves at {pace}{how} ({penalty}; {note})"
        case events.ParryDeclared(combatant_id=cid, amount=amount, against=against):
            whom = f" against {name.get(against, against)}" if against else ""
            return f"{name[cid]} parries with {amount}{whom}"
        case events.Shortened(combatant_id=cid, ap=ap, resolves_at=resolves_at):
            current = sheet_of(state.combatants[cid]).now.action
            title = current.name if current is not None else "action"
            penalty = -25 * (current.max_ap - ap) if current is not None else 0
            return (
                f"{name[cid]}'s {title} now takes {ap} AP, resolves on {resolves_at}"
                f" ({_signed(penalty)})"
            )
        case events.Resolved(combatant_ids=ids, count=count):
            parts = []
            for cid in ids:
                sheet = sheet_of(state.combatants[cid])
                current = sheet.now.action
                title = current.name if current is not None else "action"
                parts.append(f"{name[cid]}'s {title} ({_signed(rules.action_penalty(sheet))})")
            together = " together" if len(parts) > 1 else ""
            return f"On {count}{together}: " + ", ".join(parts) + " resolve"
        case events.Interrupted(combatant_id=cid, count=count, spent=spent, kept=kept):
            current = sheet_of(state.combatants[cid]).now.action
            title = current.name if current is not None else "action"
            progress = f"; {kept.paid} of {kept.ap} AP kept" if kept is not None else ""
            return f"{name[cid]}'s {title} is interrupted on {count} ({spent} AP spent{progress})"
        case events.StunMarked(combatant_id=cid, staggered=staggered, spent=spent):
            what = "staggered" if staggered else "stunned"
            ticks = "ticks" if spent < 2 else "does not tick"
            return f"{name[cid]} {what} after {spent} AP this round ({ticks} at upkeep)"
        case events.UpkeepStarted(round=number, waited=lost):
            return f"Upkeep, round {number}" + _lost_text(lost, name)
        case events.CatalogChanged(actions=actions, paces=paces):
            tables = [
                f"{len(actions)} actions" if actions else "the shipped actions",
                f"{len(paces)} paces" if paces else "the shipped paces",
            ]
            return f"Action catalog and pace table edited: {' and '.join(tables)}"
        case events.CountersChanged(text=text):
            return f"Counters: {text}" if text else "Counters changed"
    return None


def _lost_text(losses: tuple[events.WaitLoss, ...], name: dict[str, str]) -> str:
    """``"; lost by waiting: Vex 1 AP, Orc 2 AP"`` (empty: nobody lost any)."""
    if not losses:
        return ""
    return "; lost by waiting: " + ", ".join(f"{name[w.combatant_id]} {w.ap} AP" for w in losses)


# --- the timeline ---------------------------------------------------------------------------

DECLARED_ACTION = SlotKind("Declared action", bar=True)
"""An action from the count it is declared on to the count it resolves on."""


def axis(state: EncounterState) -> TimelineAxis:
    """The count axis and its title: the round, the phase and the count now (a view keeping
    whoever acts on it secret reads the countdown without its count)."""
    count = part_of(state).count
    if state.phase == Phase.RESOLUTION and count is not None:
        title = f"Round {state.round} · count {count}"
        unplaced = f"Round {state.round} · countdown"
        return TimelineAxis(AxisKind.RULER, title, now=count, unit="Count", title_unplaced=unplaced)
    if state.phase == Phase.SETUP:
        return TimelineAxis(AxisKind.RULER, "Countdown (before the fight)", unit="Count")
    title = f"Round {state.round} · {state.phase}"
    return TimelineAxis(AxisKind.RULER, title, unit="Count")


def timeline(state: EncounterState, settings: TacticalSettings) -> tuple[TimelineSlot, ...]:
    """A slot per combatant at its next declaration (or where its round ended) and one per
    declared action spanning its declare and resolve counts, highest count first."""
    count = part_of(state).count
    order = rules.tie_key(state, settings.tie_order)
    due = set(rules.resolving(state, settings.tie_order))
    declaring = set(rules.declaring(state, settings.tie_order))
    first_due = min(due, key=order) if due else None
    keyed: list[tuple[int, int, tuple[int, ...], TimelineSlot]] = []
    for cid in state.rows:
        combatant = state.combatants[cid]
        sheet = sheet_of(combatant)
        base = sheet.base
        if base is None:
            keyed.append(
                (
                    -MAX_COUNT - 1,
                    1,
                    order(cid),
                    _slot(
                        combatant,
                        "not rolled",
                        SlotStatus.PENDING,
                        0,
                        "Base initiative not rolled yet",
                    ),
                )
            )
            continue
        action = sheet.now.action
        if action is not None:
            status = (
                SlotStatus.CURRENT
                if cid == first_due
                else (SlotStatus.DELAYED if cid in due else SlotStatus.PENDING)
            )
            end = "next round" if action.resolves_at is None else str(action.resolves_at)
            detail = action_text(action) + f"; penalty {_signed(rules.action_penalty(sheet))}"
            slot = TimelineSlot(
                cid + ACTION_SUFFIX,
                cid,
                f"{combatant.name}: {action.name}",
                combatant.side,
                f"{action.declared_at} → {end}",
                kind=DECLARED_ACTION,
                status=SlotStatus.DONE if sheet.down else status,
                detail=detail,
                position=action.declared_at,
                span_end=action.resolves_at,
            )
            keyed.append((action.declared_at, 0, order(cid), slot))
            continue
        next_at = rules.actual(sheet)
        if sheet.down or sheet.now.ap == 0:
            words = "down" if sheet.down else "no AP left"
            keyed.append(
                (
                    base,
                    1,
                    order(cid),
                    _slot(
                        combatant,
                        str(base),
                        SlotStatus.DONE,
                        base,
                        f"Base {base}; {words}",
                    ),
                )
            )
            continue
        status = SlotStatus.CURRENT if cid in declaring else SlotStatus.PENDING
        shown = next_at if count is None or next_at <= count else count
        text = f"{next_at}" if shown == next_at else f"{next_at} (waiting)"
        detail = f"Base {base} + 5 x {sheet.now.ap} AP left: declares on {next_at}"
        keyed.append(
            (
                shown,
                1,
                order(cid),
                _slot(combatant, text, status, shown, detail),
            )
        )
    keyed.sort(key=lambda item: (-item[0], item[1], item[2]))
    return tuple(item[3] for item in keyed)


def _slot(
    combatant: Combatant, text: str, status: SlotStatus, position: int, detail: str
) -> TimelineSlot:
    return TimelineSlot(
        combatant.id,
        combatant.id,
        combatant.name,
        combatant.side,
        text,
        status=status,
        detail=detail,
        position=position,
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
        f"penalty {_signed(penalty)}",
    )


def drag_answer(
    state: EncounterState, slot_key: str, new_index: int, settings: TacticalSettings
) -> DragAnswer:
    """A drag by place in the row of cards: a declared action's resolve count goes to the
    place dropped at, among the other cards' counts."""
    others = [s for s in timeline(state, settings) if s.key != slot_key]
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


# --- the table ------------------------------------------------------------------------------


COLUMNS: tuple[Column, ...] = (
    common.NAME_COLUMN,
    Column("ap", "AP left", ColumnKind.TEXT, per_round=True),
    Column("action", "Action under way", ColumnKind.TEXT, per_round=True),
    Column("action_penalty", "Total penalty", ColumnKind.TEXT, per_round=True),
    Column("pace", "Pace", ColumnKind.TEXT, per_round=True),
    common.number_column("initiative", "Base init", BASE_INITIATIVE),
    common.number_column("hits", "Hits", HITS),
    common.number_column("quickness", "Qu", QUICKNESS),
    common.number_column("penalty", "Penalty", CURRENT_PENALTY),
    common.number_column("bleeding", "Bleeding", BLEEDING),
    common.SIDE_COLUMN,
    common.HIDDEN_COLUMN,
    common.NOTES_COLUMN,
)


def own_cell(combatant: Combatant, key: str, count: int | None) -> CellValue:
    """One ``tactical`` table cell, on the count ``count`` (``None``: no countdown)."""
    sheet = sheet_of(combatant)
    match key:
        case "initiative":
            return sheet.base
        case "hits":
            return sheet.hits
        case "quickness":
            return sheet.quickness
        case "penalty":
            return sheet.penalty
        case "ap":
            return f"{rules.ap_left(sheet, count)}/{AP_PER_ROUND}"
        case "action":
            return "" if sheet.now.action is None else action_text(sheet.now.action)
        case "action_penalty":
            return _signed(rules.action_penalty(sheet))
        case "pace":
            if not sheet.now.pace:
                return "concentrating" if sheet.now.concentrating else ""
            return f"{sheet.now.pace} ({sheet.now.pace_penalty})"
        case "bleeding":
            return sheet.bleeding
    raise KeyError(key)


def ap_text(sheet: TacticalSheet, count: int | None) -> str:
    """``"1/4 (+3 on Melee attack)"``, ``"2/4 (2 lost waiting)"``: AP left on the count
    ``count`` (``rules.ap_left``), with what the action under way holds and what waiting lost."""
    now = sheet.now
    left = rules.ap_left(sheet, count)
    notes = [] if now.action is None else [f"+{now.action.this_round} on {now.action.name}"]
    lost = now.waited + now.ap - left
    if lost:
        notes.append(f"{lost} lost waiting")
    return f"{left}/{AP_PER_ROUND}" + (f" ({'; '.join(notes)})" if notes else "")


# --- resources and intents on offer ---------------------------------------------------------


def resources(state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
    """AP left, the instantaneous actions taken and the parry declared this round (the hits
    are the table's Health)."""
    sheet = sheet_of(state.combatants[combatant_id])
    now = sheet.now
    count = part_of(state).count
    instants = "first free" if now.instants == 0 else f"{now.instants} taken, next 1 AP"
    found = [
        Resource("ap", "AP", rules.ap_left(sheet, count), AP_PER_ROUND, ap_text(sheet, count)),
        Resource("instants", "Instantaneous", now.instants, None, instants),
    ]
    if now.parry:
        against = state.combatants.get(now.parry_against)
        whom = f" vs {against.name}" if against is not None else ""
        found.append(Resource("parry", "Parry", now.parry, None, f"{now.parry}{whom}"))
    return tuple(found)


def legal_intents(
    state: EncounterState, cid: str, settings: TacticalSettings
) -> tuple[IntentOption, ...]:
    """Resolve when its action completes now; declare from the catalog when it is due;
    interrupt an action under way; otherwise Next."""
    if cid not in state.combatants or state.phase != Phase.RESOLUTION:
        return (IntentOption("Next", NextTurn()),) if state.phase != Phase.SETUP else ()
    sheet = sheet_of(state.combatants[cid])
    options: list[IntentOption] = []
    if cid in rules.resolving(state, settings.tie_order):
        options.append(IntentOption("Resolve", TacticalResolve((cid,))))
    if sheet.now.action is not None:
        options.append(IntentOption(f"Interrupt {sheet.now.action.name}", TacticalInterrupt(cid)))
    elif cid in rules.declaring(state, settings.tie_order):
        ap_left = rules.ap_left(sheet, part_of(state).count)
        for entry in catalog(state):
            if _fits(entry, ap_left, sheet, state):
                label = f"{entry.name} ({entry.cost_text} AP)"
                options.append(IntentOption(label, TacticalDeclare(cid, entry.name)))
    return tuple(options)


def _fits(entry: ActionType, ap_left: int, sheet: TacticalSheet, state: EncounterState) -> bool:
    """Whether ``entry`` can be declared now with ``ap_left``."""
    if entry.kind is ActionKind.ACTION:
        return entry.min_ap <= ap_left or entry.max_ap > AP_PER_ROUND
    if entry.kind is ActionKind.INSTANT:
        reach = (sheet.base or 0) + rules.INSTANT_REACH
        return (part_of(state).count or 0) <= reach and (sheet.now.instants == 0 or ap_left > 0)
    return False
