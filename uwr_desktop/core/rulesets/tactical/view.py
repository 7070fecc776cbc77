"""How the ``tactical`` ruleset shows an encounter: log lines, the count axis and its slots,
drag answers, resources, the table and the intents on offer."""

from uwr_desktop.core.rulesets import common, kit
from uwr_desktop.core.rulesets.tactical import events, rules
from uwr_desktop.core.rulesets.tactical.catalog import ActionKind, ActionType
from uwr_desktop.core.rulesets.tactical.intents import (
    TacticalDeclare,
    TacticalInterrupt,
    TacticalResolve,
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

ACTION_SUFFIX = "@action"
"""A declared action's slot key is its combatant's id with this suffix."""


def signed(number: int) -> str:
    """``"+3"``, ``"-25"``, ``"0"``."""
    return f"{number:+}" if number else "0"


def _cost(action: TacticalAction) -> str:
    return f"{action.ap} AP" if not action.paid else f"{action.ap} AP, {action.paid} paid"


def _penalty(action: TacticalAction) -> str:
    shortening = action.shortening_penalty
    return f" ({signed(shortening)})" if shortening else ""


def action_text(action: TacticalAction) -> str:
    """``"Melee attack 3 AP · 35 → 20 (-25)"``: the action under way as the table shows it."""
    end = "next round" if action.resolves_at is None else str(action.resolves_at)
    return f"{action.name} {_cost(action)} · {action.declared_at} → {end}{_penalty(action)}"


def declared_text(action: TacticalAction, count: int, waited: int) -> str:
    """``"Melee attack (3 AP) on 35 after waiting 1 AP, resolving on 20 (-25)"``: an action
    declared on ``count`` as the log words it."""
    after = f" after waiting {waited} AP" if waited else ""
    end = "next round" if action.resolves_at is None else f"on {action.resolves_at}"
    return f"{action.name} ({_cost(action)}) on {count}{after}, resolving {end}{_penalty(action)}"


# --- the log --------------------------------------------------------------------------------


def describe(event: kit.Event, state: kit.EncounterState) -> str | None:
    """One log line for ``event`` in the countdown's words (``None``: the shared words);
    ``state`` is the state just before it."""
    name = {cid: c.name for cid, c in state.combatants.items()}
    match event:
        case events.InitiativeRolled(rolls=rolls):
            return "Base initiative: " + ", ".join(
                f"{name[r.combatant_id]} {r.roll.total} ({'+'.join(map(str, r.roll.faces))}"
                f"{signed(r.roll.modifier) if r.roll.modifier else ''})"
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
            return f"{name[cid]} declares {declared_text(action, count, lost)}"
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
                f" ({signed(penalty)})"
            )
        case events.Resolved(combatant_ids=ids, count=count):
            parts = []
            for cid in ids:
                sheet = sheet_of(state.combatants[cid])
                current = sheet.now.action
                title = current.name if current is not None else "action"
                penalty = rules.action_penalty(sheet)
                shown = f" ({signed(penalty)})" if penalty else ""
                parts.append(f"{name[cid]}'s {title}{shown}")
            together, verb = (" together", "resolve") if len(parts) > 1 else ("", "resolves")
            return f"On {count}{together}: {', '.join(parts)} {verb}"
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


# --- the table ------------------------------------------------------------------------------


COLUMNS = common.table_columns(
    (
        kit.Column("ap", "AP left", kit.ColumnKind.TEXT, per_round=True, hidden_at_first=True),
        kit.Column("action", "Action under way", kit.ColumnKind.TEXT, per_round=True),
        kit.Column("action_penalty", "Total penalty", kit.ColumnKind.TEXT, per_round=True),
        kit.Column("pace", "Pace", kit.ColumnKind.TEXT, per_round=True),
        common.number_column("initiative", "Base init", BASE_INITIATIVE),
        common.number_column("hits", "Hits", HITS),
        common.number_column("quickness", "Qu", QUICKNESS),
        common.number_column("penalty", "Penalty", CURRENT_PENALTY),
        common.number_column("bleeding", "Bleeding", BLEEDING),
    ),
    side_first=False,
)


def own_cell(combatant: kit.Combatant, key: str, count: int | None) -> kit.CellValue:
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
            return signed(rules.action_penalty(sheet))
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


def resources(state: kit.EncounterState, combatant_id: str) -> tuple[kit.Resource, ...]:
    """AP left, the instantaneous actions taken once there are any (the first is free) and the
    parry declared this round (the hits are the table's Health)."""
    sheet = sheet_of(state.combatants[combatant_id])
    now = sheet.now
    count = part_of(state).count
    found = [
        kit.Resource("ap", "AP", rules.ap_left(sheet, count), AP_PER_ROUND, ap_text(sheet, count))
    ]
    if now.instants:
        taken = f"{now.instants} taken, next 1 AP"
        found.append(kit.Resource("instants", "Instants", now.instants, None, taken))
    if now.parry:
        against = state.combatants.get(now.parry_against)
        whom = f" vs {against.name}" if against is not None else ""
        found.append(kit.Resource("parry", "Parry", now.parry, None, f"{now.parry}{whom}"))
    return tuple(found)


def legal_intents(
    state: kit.EncounterState, cid: str, settings: TacticalSettings
) -> tuple[kit.IntentOption, ...]:
    """Resolve when its action completes now; declare from the catalog when it is due;
    interrupt an action under way; otherwise Next."""
    if cid not in state.combatants or state.phase != Phase.RESOLUTION:
        return (kit.IntentOption("Next", kit.NextTurn()),) if state.phase != Phase.SETUP else ()
    sheet = sheet_of(state.combatants[cid])
    options: list[kit.IntentOption] = []
    if cid in rules.resolving(state, settings.tie_order):
        options.append(kit.IntentOption("Resolve", TacticalResolve((cid,))))
    if sheet.now.action is not None:
        options.append(
            kit.IntentOption(f"Interrupt {sheet.now.action.name}", TacticalInterrupt(cid))
        )
    elif cid in rules.declaring(state, settings.tie_order):
        ap_left = rules.ap_left(sheet, part_of(state).count)
        for entry in catalog(state):
            if _fits(entry, ap_left, sheet, state):
                label = f"{entry.name} ({entry.cost_text} AP)"
                options.append(kit.IntentOption(label, TacticalDeclare(cid, entry.name)))
    return tuple(options)


def _fits(entry: ActionType, ap_left: int, sheet: TacticalSheet, state: kit.EncounterState) -> bool:
    """Whether ``entry`` can be declared now with ``ap_left``."""
    if entry.kind is ActionKind.ACTION:
        return entry.min_ap <= ap_left or entry.max_ap > AP_PER_ROUND
    if entry.kind is ActionKind.INSTANT:
        reach = (sheet.base or 0) + rules.INSTANT_REACH
        return (part_of(state).count or 0) <= reach and (sheet.now.instants == 0 or ap_left > 0)
    return False
