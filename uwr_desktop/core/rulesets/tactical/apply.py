"""Applying the ``tactical`` countdown's own events to the state (pure); the round system's
base applies the shared ones."""

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.tactical import events
from uwr_desktop.core.rulesets.tactical.intents import pace_text
from uwr_desktop.core.rulesets.tactical.rules import COUNTS_PER_AP, carried
from uwr_desktop.core.rulesets.tactical.sheet import (
    AP_PER_ROUND,
    DONE_KEPT,
    DoneAction,
    RoundState,
    TacticalSheet,
    sheet_of,
    with_now,
    with_sheet,
)
from uwr_desktop.core.rulesets.tactical.state import Phase, part_of
from uwr_desktop.core.rulesets.tactical.upkeep import STUN_SPENT_LIMIT, severity


def _initiative_rolled(state: EncounterState, event: events.InitiativeRolled) -> EncounterState:
    rolls = event.rolls
    changed = {}
    for rolled in rolls:
        combatant = common.need(state, rolled.combatant_id)
        if rolled.roll.dice != 2 or rolled.roll.sides != 10:
            raise RulesError("base initiative is rolled on 2d10")
        sheet = replace(sheet_of(combatant), initiative=rolled.roll, initiative_override=None)
        changed[combatant.id] = with_sheet(combatant, sheet)
    return common.with_combatants(state, changed)


def _initiative_set(state: EncounterState, event: events.InitiativeSet) -> EncounterState:
    cid = event.combatant_id
    combatant = common.need(state, cid)
    sheet = replace(sheet_of(combatant), initiative_override=event.base)
    if event.action is not None:
        carried = sheet.now.action
        if carried is None or carried.name != event.action.name:
            raise RulesError(f"{combatant.name} carries no {event.action.name} into the round")
        sheet = replace(sheet, now=replace(sheet.now, action=event.action))
    return common.with_combatants(state, {cid: with_sheet(combatant, sheet)})


def _round_started(state: EncounterState, event: events.RoundStarted) -> EncounterState:
    number = event.round
    if number != state.round + 1:
        raise RulesError(f"round {number} cannot follow round {state.round}")
    changed = {cid: with_sheet(c, _new_round(sheet_of(c))) for cid, c in state.combatants.items()}
    part = replace(part_of(state), count=None, ties=())
    return common.with_combatants(state, changed, round=number, phase=Phase.INITIATIVE, part=part)


def _count_reached(state: EncounterState, event: events.CountReached) -> EncounterState:
    count = event.count
    ties = event.ties
    if state.phase not in (Phase.INITIATIVE, Phase.RESOLUTION):
        raise RulesError("the countdown runs only within a round")
    now = part_of(state).count
    if now is not None and count >= now:
        raise RulesError(f"count {count} cannot follow count {now}")
    part = replace(part_of(state), count=count, ties=ties)
    return _waited(replace(state, phase=Phase.RESOLUTION, part=part), event.waited)


def _waited(state: EncounterState, losses: tuple[events.WaitLoss, ...]) -> EncounterState:
    """AP lost by waiting leave the AP left (they are not spent)."""
    changed = {}
    for loss in losses:
        combatant = common.need(state, loss.combatant_id)
        now = sheet_of(combatant).now
        if now.action is not None or loss.ap > now.ap or loss.combatant_id in changed:
            raise RulesError(f"{combatant.name} cannot lose {loss.ap} AP by waiting")
        changed[loss.combatant_id] = with_now(
            combatant, ap=now.ap - loss.ap, waited=now.waited + loss.ap
        )
    return common.with_combatants(state, changed)


def _declared(state: EncounterState, event: events.Declared) -> EncounterState:
    cid, action, lost = event.combatant_id, event.action, event.waited
    combatant = _in_countdown(state, cid)
    now = sheet_of(combatant).now
    if now.action is not None or lost + action.this_round > now.ap:
        raise RulesError(f"{combatant.name} cannot declare {action.name} now")
    keep = sheet_of(combatant).progress
    updated = with_now(
        combatant,
        ap=now.ap - lost - action.this_round,
        waited=now.waited + lost,
        action=action,
    )
    if keep is not None and keep.name == action.name and action.paid:
        updated = with_sheet(updated, replace(sheet_of(updated), progress=None))
    return common.with_combatants(state, {cid: updated})


def _instant_taken(state: EncounterState, event: events.InstantTaken) -> EncounterState:
    cid, cost, lost = event.combatant_id, event.cost, event.waited
    combatant = _in_countdown(state, cid)
    now = sheet_of(combatant).now
    if lost + cost > now.ap:
        raise RulesError(f"{combatant.name} has no AP left for that")
    action = now.action
    if action is not None and cost:
        if action.resolves_at is None:
            raise RulesError(f"{combatant.name} has no AP left beside {action.name}")
        action = replace(action, resolves_at=action.resolves_at - COUNTS_PER_AP)
    updated = with_now(
        combatant,
        ap=now.ap - lost - cost,
        spent=now.spent + cost,
        waited=now.waited + lost,
        instants=now.instants + 1,
        action=action,
    )
    return common.with_combatants(state, {cid: updated})


def _now_set(state: EncounterState, cid: str, **fields: object) -> EncounterState:
    """``state`` with fields of ``cid``'s round set."""
    return common.with_combatants(state, {cid: with_now(common.need(state, cid), **fields)})


def _concentrating(state: EncounterState, event: events.Concentrating) -> EncounterState:
    penalty = event.penalty
    return _now_set(state, event.combatant_id, concentrating=True, concentration_penalty=penalty)


def _moved(state: EncounterState, event: events.Moved) -> EncounterState:
    combatant = common.need(state, event.combatant_id)
    if not event.fastest:
        return state
    text = pace_text(event.pace, event.mode)
    if len(text) > MAX_NAME_LENGTH:
        raise RulesError(
            f"{combatant.name}'s pace would be longer than {MAX_NAME_LENGTH} characters"
        )
    return _now_set(state, combatant.id, pace=text, pace_penalty=event.penalty)


def _parry_declared(state: EncounterState, event: events.ParryDeclared) -> EncounterState:
    return _now_set(state, event.combatant_id, parry=event.amount, parry_against=event.against)


def _shortened(state: EncounterState, event: events.Shortened) -> EncounterState:
    cid, ap = event.combatant_id, event.ap
    combatant = common.need(state, cid)
    now = sheet_of(combatant).now
    action = now.action
    if action is None or not action.min_ap <= ap <= action.max_ap:
        raise RulesError(f"{combatant.name} has no action that takes {ap} AP")
    left = now.ap + action.this_round - ap
    if left < 0:
        raise RulesError(f"{combatant.name} has not {ap} AP left this round")
    action = replace(action, ap=ap, this_round=ap, resolves_at=event.resolves_at)
    return common.with_combatants(state, {cid: with_now(combatant, ap=left, action=action)})


def _resolved(state: EncounterState, event: events.Resolved) -> EncounterState:
    ids = event.combatant_ids
    changed = {}
    for cid in ids:
        combatant = common.need(state, cid)
        now = sheet_of(combatant).now
        if now.action is None:
            raise RulesError(f"{combatant.name} has no action to resolve")
        over = DoneAction(now.action.name, now.action.declared_at, event.count)
        changed[cid] = with_now(
            combatant,
            spent=now.spent + now.action.this_round,
            action=None,
            done=(*now.done, over)[-DONE_KEPT:],
        )
    return common.with_combatants(state, changed)


def _interrupted(state: EncounterState, event: events.Interrupted) -> EncounterState:
    cid, spent = event.combatant_id, event.spent
    combatant = common.need(state, cid)
    sheet = sheet_of(combatant)
    action = sheet.now.action
    if action is None or spent > action.this_round:
        raise RulesError(f"{combatant.name} has no action to interrupt")
    now = replace(
        sheet.now,
        ap=sheet.now.ap + action.this_round - spent,
        spent=sheet.now.spent + spent,
        action=None,
        done=(*sheet.now.done, DoneAction(action.name, action.declared_at, event.count, True))[
            -DONE_KEPT:
        ],
    )
    updated = with_sheet(combatant, replace(sheet, now=now, progress=event.kept))
    return common.with_combatants(state, {cid: updated})


def _stun_marked(state: EncounterState, event: events.StunMarked) -> EncounterState:
    """The AP spent when the stun (or stagger) hit; a stun hitting after 2 AP or more is named
    among the round's late stuns (it is the latest stun the combatant gained)."""
    if event.staggered:
        return _now_set(state, event.combatant_id, stagger_spent=event.spent)
    combatant = common.need(state, event.combatant_id)
    late = sheet_of(combatant).now.late_stuns
    if event.spent >= STUN_SPENT_LIMIT:
        stun = next((c.name for c in reversed(combatant.conditions) if severity(c)), None)
        if stun is not None and stun not in late:
            late = (*late, stun)
    return _now_set(state, combatant.id, stun_spent=event.spent, late_stuns=late)


def _upkeep_started(state: EncounterState, event: events.UpkeepStarted) -> EncounterState:
    number = event.round
    if state.phase == Phase.SETUP or number != state.round:
        raise RulesError(f"round {number} is not the round under way")
    part = replace(part_of(state), count=None, ties=())
    return _waited(replace(state, phase=Phase.UPKEEP, part=part), event.waited)


def _counters_changed(state: EncounterState, event: events.CountersChanged) -> EncounterState:
    counters = event.counters
    return replace(state, part=replace(part_of(state), counters=counters))


def _catalog_changed(state: EncounterState, event: events.CatalogChanged) -> EncounterState:
    part = replace(part_of(state), actions=event.actions, paces=event.paces)
    return replace(state, part=part)


APPLIERS: dict[type[Event], Callable[[EncounterState, Any], EncounterState]] = {
    events.CatalogChanged: _catalog_changed,
    events.InitiativeRolled: _initiative_rolled,
    events.InitiativeSet: _initiative_set,
    events.RoundStarted: _round_started,
    events.CountReached: _count_reached,
    events.Declared: _declared,
    events.InstantTaken: _instant_taken,
    events.Concentrating: _concentrating,
    events.Moved: _moved,
    events.ParryDeclared: _parry_declared,
    events.Shortened: _shortened,
    events.Resolved: _resolved,
    events.Interrupted: _interrupted,
    events.StunMarked: _stun_marked,
    events.UpkeepStarted: _upkeep_started,
    events.CountersChanged: _counters_changed,
}
"""The countdown's own events, each with its applier."""


def _in_countdown(state: EncounterState, cid: str) -> Combatant:
    combatant = common.need(state, cid)
    if state.phase != Phase.RESOLUTION:
        raise RulesError("actions are declared during the countdown")
    return combatant


def _new_round(sheet: TacticalSheet) -> TacticalSheet:
    """A combatant's sheet at a round's start: 4 AP, and a round-to-round action under way
    takes them (it resolves this round once what is left fits)."""
    action = sheet.now.action
    if action is None or action.resolves_at is not None:
        return replace(sheet, now=RoundState())
    paid = action.paid + action.this_round
    this_round = min(action.ap - paid, AP_PER_ROUND)
    left = AP_PER_ROUND - this_round
    action = carried(replace(action, paid=paid, this_round=this_round), sheet.base or 0, left)
    return replace(sheet, now=RoundState(ap=left, action=action))
