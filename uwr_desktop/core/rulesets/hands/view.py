"""How the ``hands`` ruleset shows an encounter: log lines, table, timeline, resources, menus."""

from msgspec.structs import replace

from uwr_desktop.core.rulesets import common, kit
from uwr_desktop.core.rulesets.common import names, plural
from uwr_desktop.core.rulesets.hands import events
from uwr_desktop.core.rulesets.hands.columns import round_columns
from uwr_desktop.core.rulesets.hands.intents import (
    HandsHesitate,
    HandsMove,
    HandsSetSurprise,
    HandsSpend,
)
from uwr_desktop.core.rulesets.hands.sheet import (
    ACTION_BONUS,
    CARRY_PLAN,
    DAMAGE,
    MAX_POINTS,
    HandsWeapon,
    sheet_of,
)
from uwr_desktop.core.rulesets.hands.state import Phase, foiled_by, part_of

OWN_COLUMNS: tuple[kit.Column, ...] = (
    common.number_column("max_points", "Max HP", MAX_POINTS),
    common.number_column("damage", "Damage", DAMAGE),
    kit.Column("ready", "Ready", kit.ColumnKind.INT, hidden_at_first=True),
    kit.Column("carry_over", "Carry-over", kit.ColumnKind.INT, hidden_at_first=True),
    kit.Column("used", "Used", kit.ColumnKind.INT, hidden_at_first=True),
    common.number_column("carry_plan", "Keep", CARRY_PLAN),
    common.number_column("bonus", "Bonus", ACTION_BONUS),
    kit.Column("reach", "Reach", kit.ColumnKind.INT),
    kit.Column("weapons", "Weapons", kit.ColumnKind.TEXT),
)
"""The table's columns of hands' own (pools, reach and weapons), between the shared ones; the
pools start hidden, as the "This round" chips show them."""

MAX_OFFERED = 12
"""Spends offered in a menu at most (any number can be typed)."""


def weapon_text(weapon: HandsWeapon) -> str:
    """``"Spear (reach 3)"``, ``"Short Bow (missile, range 60)"``."""
    if weapon.missile:
        return f"{weapon.name} (missile, range {weapon.reach})"
    return f"{weapon.name} (reach {weapon.reach})"


def own_cell(combatant: kit.Combatant, key: str) -> kit.CellValue:
    """One ``hands`` table cell."""
    sheet = sheet_of(combatant)
    match key:
        case "max_points":
            return sheet.points_max
        case "damage" | "ready" | "carry_over" | "used" | "carry_plan" | "bonus" | "reach":
            return getattr(sheet, key)  # type: ignore[no-any-return]
        case "weapons":
            return ", ".join(weapon_text(w) for w in sheet.weapons)
    raise KeyError(key)


def resources(state: kit.EncounterState, combatant_id: str) -> tuple[kit.Resource, ...]:
    """Ready, carry-over and used points (the hit points are the table's Health; the pools
    share them, so no pool shows a maximum of its own)."""
    sheet = sheet_of(state.combatants[combatant_id])
    return (
        kit.Resource("ready", "Ready", sheet.ready, None, f"{sheet.ready} ready points"),
        kit.Resource(
            "carry_over",
            "Carry",
            sheet.carry_over,
            None,
            f"{sheet.carry_over} carry-over points (wind-up or manoeuvring bonus)",
        ),
        kit.Resource("used", "Used", sheet.used, None, f"{sheet.used} used points"),
    )


def turn_title(state: kit.EncounterState) -> str:
    """``"Round 2 · carry-over turn"``, ``"Round 2 · turn 3"``."""
    if state.phase == Phase.SETUP:
        return "Before the fight"
    part = part_of(state)
    if state.phase == Phase.CARRY_OVER:
        return f"Round {state.round} · carry-over turn (movement only)"
    return f"Round {state.round} · turn {part.turn}"


def timeline_axis(state: kit.EncounterState) -> kit.TimelineAxis:
    """Before the fight a ruler of hit points, most first; during a round one column per turn,
    its pips ready points (carry-over points in the carry-over turn), the title naming the
    round."""
    if state.phase == Phase.SETUP:
        title = "Hit points (split at each round start)"
        return kit.TimelineAxis(kit.AxisKind.RULER, title, unit="Hit points")
    unit = "Carry-over points" if state.phase == Phase.CARRY_OVER else "Ready points"
    title = f"Round {state.round} · who declares first"
    return kit.TimelineAxis(kit.AxisKind.COLUMNS, title, unit=unit)


def timeline(state: kit.EncounterState) -> tuple[kit.TimelineSlot, ...]:
    """Before the fight, hit points most first; during a round one column per turn (see
    :mod:`.columns`): the value says the reason for a place, the detail its words, what each
    spent, outreached pairs and conditions."""
    if state.phase == Phase.SETUP:
        health = {cid: sheet_of(state.combatants[cid]).undamaged for cid in state.rows}
        return tuple(
            kit.combatant_slot(
                state.combatants[cid],
                f"{health[cid]} HP",
                position=health[cid],
                tells_health=True,
            )
            for cid in sorted(state.rows, key=lambda cid: -health[cid])
        )
    return round_columns(state)


def drag_answer(state: kit.EncounterState, slot_key: str, new_index: int) -> kit.DragAnswer:
    """A drag earlier sets surprise for this turn (the combatant declares first); a drag
    later takes a surprise back; nothing else moves a place. ``new_index`` counts the slots
    of the finished turns' columns, which come before the turn under way."""
    part = part_of(state)
    ids = [place.combatant_id for place in part.places]
    if slot_key not in ids:
        return kit.DragAnswer(None, "No change")
    name = state.combatants[slot_key].name
    now = len(timeline(state)) - len(ids) + ids.index(slot_key)
    surprising = slot_key in part.surprise
    if new_index < now:
        if surprising:
            return kit.DragAnswer(None, f"{name} already declares first by surprise")
        return kit.DragAnswer(
            HandsSetSurprise(slot_key, True),
            f"Surprise: {name} declares first this turn (stealth or a trick)",
        )
    if new_index > now and surprising:
        return kit.DragAnswer(
            HandsSetSurprise(slot_key, False), f"No surprise: {name} back to its place by the rules"
        )
    return kit.DragAnswer(None, "No change: only surprise overrides who declares first")


def legal_intents(state: kit.EncounterState, combatant_id: str) -> tuple[kit.IntentOption, ...]:
    """What the combatant can do now, for menus."""
    sheet = sheet_of(state.combatants[combatant_id])
    options: list[kit.IntentOption] = []
    if state.phase == Phase.CARRY_OVER:
        if combatant_id in dict(part_of(state).start_points) and combatant_id not in state.acted:
            options.extend(
                kit.IntentOption(
                    f"Move with {plural(n, 'carry-over point')}", HandsMove(combatant_id, n)
                )
                for n in range(1, min(sheet.carry_over, MAX_OFFERED) + 1)
            )
            options.append(kit.IntentOption("Do not move", HandsMove(combatant_id, 0)))
    elif state.phase == Phase.TURNS and sheet.ready > 0:
        options.extend(
            kit.IntentOption(f"Spend {plural(n, 'point')}", HandsSpend(combatant_id, n))
            for n in range(1, min(sheet.ready, MAX_OFFERED) + 1)
        )
        options.append(kit.IntentOption("Hesitate (1 point to used)", HandsHesitate(combatant_id)))
    if state.phase != Phase.SETUP:
        options.append(kit.IntentOption("Next turn", kit.NextTurn()))
    return tuple(options)


def _name(state: kit.EncounterState, cid: str) -> str:
    combatant = state.combatants.get(cid)
    return combatant.name if combatant is not None else cid


def _acted_text(state: kit.EncounterState, event: events.Acted) -> str:
    combatant: kit.Combatant = state.combatants[event.combatant_id]
    sheet = sheet_of(combatant)
    text = f"{combatant.name} spends {plural(event.points, 'point')}"
    if event.weapon is not None and event.weapon < len(sheet.weapons):
        text += f" with {sheet.weapons[event.weapon].name}"
    actions = part_of(state).actions
    if event.opposes is not None and event.opposes < len(actions):
        opposed = actions[event.opposes]
        text += (
            f", interfering with {_name(state, opposed.actor)}'s action "
            f"({plural(opposed.points, 'point')})"
        )
    if event.target is not None and event.opposes is None:
        text += f" at {_name(state, event.target)}"
    if event.note:
        text += f": {event.note}"
    return text + _outreach_text(state, event) + f"; {sheet.ready - event.points} ready left"


def _outreach_text(state: kit.EncounterState, event: events.Acted) -> str:
    """What the outreach rule made of the action, in brackets (empty: nothing to say)."""
    part = part_of(state)
    cid = event.combatant_id
    if event.opposes is not None and event.opposes < len(part.actions):
        actor = part.actions[event.opposes].actor
        return f" (at {_name(state, actor)}'s weapon)" if part.outreaches(cid, actor) else ""
    if event.target is not None:
        if part.outreaches(cid, event.target):
            return f" (outreached, but {_name(state, event.target)} attacks with a shorter weapon)"
        return ""
    outreached = [by for who, by in part.outreached if who == cid]
    if outreached:
        return f" (outreached by {names(state, outreached)}: only their weapon, when they attack)"
    return ""


def _split_text(state: kit.EncounterState, pools: events.Pools) -> str:
    """``"Ana 4 ready + 2 carry-over"``, and when damage cut the carry-over asked for since,
    what was kept: ``"(2 kept in place, not the 3 asked: at most half of 5 undamaged)"``."""
    text = f"{_name(state, pools.combatant_id)} {pools.ready} ready"
    if pools.carry_over:
        text += f" + {pools.carry_over} carry-over"
    combatant = state.combatants.get(pools.combatant_id)
    asked = sheet_of(combatant).carry_plan if combatant is not None else 0
    if asked > pools.carry_over:
        undamaged = pools.ready + pools.carry_over
        text += (
            f" ({pools.carry_over} kept in place, not the {asked} asked: at most half of "
            f"{undamaged} undamaged)"
        )
    return text


def _outcome_text(state: kit.EncounterState, event: events.OutcomeRecorded) -> str:
    """``"Bo's interference with Ana's action succeeds (roll 14): Ana's action fails"``."""
    actions = part_of(state).actions
    interfering = actions[event.action] if event.action < len(actions) else None
    index = interfering.opposes if interfering is not None else None
    if interfering is None or index is None:
        return "Interference recorded"
    actor = _name(state, actions[index].actor)
    verdict = {True: "succeeds", False: "fails", None: "is rolled"}[event.succeeded]
    roll = f" (roll {event.roll})" if event.roll is not None else ""
    text = f"{_name(state, interfering.actor)}'s interference with {actor}'s action {verdict}{roll}"
    if event.succeeded:
        return f"{text}: {actor}'s action fails"
    recorded = replace(interfering, succeeded=event.succeeded, roll=event.roll)
    after = (*actions[: event.action], recorded, *actions[event.action + 1 :])
    if foiled_by(actions, index) is not None and foiled_by(after, index) is None:
        return f"{text}: {actor}'s action stands"
    return text


_TELL_ROUND = (events.RoundStarted, kit.RoundEnded)
"""The events whose log lines tell their round themselves."""


def describe(event: kit.Event, state: kit.EncounterState) -> str:
    """One log line for ``event``, the round first once the fight is under way; ``state`` is
    the state just before it."""
    return common.line_in_round(_describe(event, state), event, state, _TELL_ROUND)


def _describe(event: kit.Event, state: kit.EncounterState) -> str | None:
    match event:
        case events.RoundStarted(round=number, pools=pools):
            split = ", ".join(_split_text(state, p) for p in pools)
            return f"Round {number} starts: {split or 'nobody has points'}"
        case events.OutcomeRecorded():
            return _outcome_text(state, event)
        case events.PointsReadied(pools=pools):
            return ", ".join(f"{_name(state, p.combatant_id)} readies {p.ready}" for p in pools)
        case events.TurnBegan(turn=0):
            return "Carry-over turn (movement only, most carry-over points first)"
        case events.TurnBegan(turn=turn):
            return f"Turn {turn}"
        case events.RollOff(rolls=rolls):
            return "Declare-first roll-off: " + ", ".join(
                f"{_name(state, r.combatant_id)} {'/'.join(map(str, r.faces))}" for r in rolls
            )
        case events.SurpriseSet(combatant_id=cid, surprising=surprising):
            if surprising:
                return f"Surprise: {_name(state, cid)} declares first this turn"
            return f"{_name(state, cid)} no longer surprising"
        case events.CloseSet(first=first, second=second, close=close):
            where = "in close quarters" if close else "no longer in close quarters"
            return f"{_name(state, first)} and {_name(state, second)} {where}"
        case events.Acted():
            return _acted_text(state, event)
        case events.Moved(combatant_id=cid, points=0):
            return f"{_name(state, cid)} does not move; carry-over movement lost"
        case events.Moved(combatant_id=cid, points=points):
            return f"{_name(state, cid)} moves with {plural(points, 'carry-over point')}"
        case events.Hesitated(combatant_ids=ids):
            if len(ids) == 1:
                return f"{names(state, ids)} hesitates: 1 ready point moves to used"
            return f"{names(state, ids)} hesitate: 1 ready point each moves to used"
        case events.TurnOver(turn=0):
            idle = [cid for cid, _ in part_of(state).start_points if cid not in state.acted]
            lost = f"; {names(state, idle)} did not move (movement lost)" if idle else ""
            return f"Carry-over turn ends{lost}"
        case events.TurnOver(turn=turn):
            return f"Turn {turn} ends"
    return None
