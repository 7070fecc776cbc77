"""Applying ``uwr`` events to a state: pure functions, cheap (unchanged combatants are shared).

An event that does not fit the state (an unknown combatant, a use that is not there, faces
that break the dice rules) raises ``RulesError``, so a tampered journal is refused, not
half-applied.

``UwrWorkingState`` applies a run of events (a journal replayed) to a working copy: the events
that change only combatants change its own table in place and move them in a turn order kept in
place, so a run of them costs no copy of the fight per event; its states equal those
``apply_event`` gives event by event.
"""

from collections.abc import Callable, Mapping
from typing import Any

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    Event,
    RoundEnded,
    TurnStarted,
)
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets.common import (
    apply_known_shared,
    apply_shared_or_refuse,
    need,
    with_combatants,
)
from uwr_desktop.core.rulesets.uwr import events
from uwr_desktop.core.rulesets.uwr.order import FEW_MOVED, KeptOrder, reordered, turn_order
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings, roll_of
from uwr_desktop.core.rulesets.uwr.sheet import Initiative, UwrSheet, Weapon, sheet_of, with_sheet
from uwr_desktop.core.rulesets.uwr.state import PendingCheck, Phase, part_of


def _with_part(state: EncounterState, **fields: object) -> EncounterState:
    return replace(state, part=replace(part_of(state), **fields))


def _weapon_index(combatant: Combatant, index: int | None) -> int:
    if index is None or not 0 <= index < len(sheet_of(combatant).weapons):
        raise RulesError(f"{combatant.name} has no weapon number {index}")
    return index


def _spend(combatant: Combatant, index: int) -> Combatant:
    sheet = sheet_of(combatant)
    weapon = sheet.weapons[_weapon_index(combatant, index)]
    if weapon.uses_left < 1:
        raise RulesError(f"{combatant.name} has no uses of {weapon.name} left this round")
    fractional = weapon.upr is not None and weapon.upr < 1
    spent = replace(
        weapon, uses_left=weapon.uses_left - 1, prepared=weapon.prepared and not fractional
    )
    weapons = (*sheet.weapons[:index], spent, *sheet.weapons[index + 1 :])
    return with_sheet(combatant, replace(sheet, weapons=weapons))


def _ordered(state: EncounterState, settings: UwrSettings) -> EncounterState:
    return replace(state, order=turn_order(state, settings))


def _moved(
    before: EncounterState, state: EncounterState, moved: list[str], settings: UwrSettings
) -> EncounterState:
    """``state`` with its turn order kept from ``before``'s, ``moved`` put back in place."""
    return replace(state, order=reordered(before, state, moved, settings))


def _joined(
    state: EncounterState, event: CombatantsJoined, settings: UwrSettings
) -> EncounterState:
    for combatant in event.combatants:
        sheet_of(combatant)
    joined = [combatant.id for combatant in event.combatants]
    return _moved(state, apply_known_shared(state, event), joined, settings)


def _left(state: EncounterState, event: CombatantsLeft, settings: UwrSettings) -> EncounterState:
    gone = set(event.combatant_ids)
    part = part_of(state)
    pending = part.pending
    if pending is not None and {pending.check.actor, pending.check.target} & gone:
        raise RulesError("a combatant in the pending check cannot leave before it is resolved")
    new = apply_known_shared(state, event)
    manual = part.manual_order
    if manual is not None:
        new = _with_part(new, manual_order=tuple(c for c in manual if c not in gone))
    return _ordered(new, settings)


def _updated(
    state: EncounterState, event: CombatantsUpdated, settings: UwrSettings
) -> EncounterState:
    moved = []
    for update in event.updates:
        old = need(state, update.combatant.id)
        if (
            sheet_of(old).initiative != sheet_of(update.combatant).initiative
            or old.side != update.combatant.side
        ):
            moved.append(old.id)
    new = apply_known_shared(state, event)
    return _moved(state, new, moved, settings) if moved else new


def _with_initiative(combatant: Combatant, sheet: UwrSheet, initiative: Initiative) -> Combatant:
    return with_sheet(combatant, replace(sheet, initiative=initiative))


def _initiatives(
    state: EncounterState, event: events.InitiativeRolled | events.RollOff
) -> dict[str, Combatant]:
    changed = {}
    for roll in event.rolls:
        combatant = need(state, roll.combatant_id)
        sheet = sheet_of(combatant)
        initiative = sheet.initiative or Initiative()
        if isinstance(event, events.RollOff):
            initiative = replace(initiative, tiebreak=roll.faces)
        else:
            initiative = Initiative(faces=roll.faces, override=initiative.override)
        changed[combatant.id] = _with_initiative(combatant, sheet, initiative)
    return changed


def _overridden(state: EncounterState, event: events.InitiativeOverridden) -> dict[str, Combatant]:
    combatant = need(state, event.combatant_id)
    sheet = sheet_of(combatant)
    initiative = replace(sheet.initiative or Initiative(), override=event.value, tiebreak=())
    return {combatant.id: _with_initiative(combatant, sheet, initiative)}


def _manual(
    state: EncounterState, event: events.ManualOrderSet, settings: UwrSettings
) -> EncounterState:
    if event.order is not None and sorted(event.order) != sorted(state.combatants):
        raise RulesError("a hand-made turn order must list every combatant once")
    return _ordered(_with_part(state, manual_order=event.order), settings)


def _turn_started(state: EncounterState, event: TurnStarted, _: UwrSettings) -> EncounterState:
    need(state, event.combatant_id)
    if state.phase != Phase.ROUND:
        raise RulesError("a turn cannot start before the fight")
    return apply_known_shared(state, event)


def _stamina(state: EncounterState, event: events.StaminaRefilled) -> dict[str, Combatant]:
    combatant = need(state, event.combatant_id)
    sheet = sheet_of(combatant)
    if not 0 <= event.stamina <= sheet.stamina_max:
        raise RulesError(f"{combatant.name}'s Stamina cannot be {event.stamina}")
    return {combatant.id: with_sheet(combatant, replace(sheet, stamina=event.stamina))}


def _stamina_spent(state: EncounterState, event: events.StaminaSpent) -> dict[str, Combatant]:
    combatant = need(state, event.combatant_id)
    sheet = sheet_of(combatant)
    if not 0 <= event.stamina < sheet.stamina:
        raise RulesError(f"{combatant.name} cannot spend Stamina down to {event.stamina}")
    return {combatant.id: with_sheet(combatant, replace(sheet, stamina=event.stamina))}


def _round_ended(state: EncounterState, event: RoundEnded, _: UwrSettings) -> EncounterState:
    if state.phase != Phase.ROUND or event.round != state.round:
        raise RulesError(f"round {event.round} is not the round under way")
    return apply_known_shared(state, event)


def _preparation(state: EncounterState, event: events.PreparationAdvanced) -> dict[str, Combatant]:
    changed: dict[str, Combatant] = {}
    for ref in event.weapons:
        combatant = changed.get(ref.combatant_id) or need(state, ref.combatant_id)
        index = _weapon_index(combatant, ref.weapon)
        sheet = sheet_of(combatant)
        weapon = sheet.weapons[index]
        if weapon.preparing_left < 1:
            raise RulesError(f"{combatant.name} is not preparing {weapon.name}")
        left = weapon.preparing_left - 1
        weapon = replace(
            weapon,
            preparing_left=left,
            prepared=weapon.prepared or left == 0,
            preparing_since=weapon.preparing_since if left else 0,
        )
        weapons = (*sheet.weapons[:index], weapon, *sheet.weapons[index + 1 :])
        changed[combatant.id] = with_sheet(combatant, replace(sheet, weapons=weapons))
    return changed


def _round_started(
    state: EncounterState, event: events.RoundStarted, _: UwrSettings
) -> EncounterState:
    if event.round != state.round + 1:
        raise RulesError(f"round {event.round} cannot follow round {state.round}")
    refilled: dict[str, list[Weapon]] = {}
    for uses in event.uses:
        weapons = refilled.get(uses.combatant_id)
        if weapons is None:
            combatant = need(state, uses.combatant_id)
            weapons = refilled[uses.combatant_id] = list(sheet_of(combatant).weapons)
        index = uses.weapon
        if not 0 <= index < len(weapons):
            raise RulesError(
                f"{state.combatants[uses.combatant_id].name} has no weapon number {index}"
            )
        if uses.uses < 0 or uses.value < 0:
            name = state.combatants[uses.combatant_id].name
            raise RulesError(f"{name} cannot have {uses.uses} uses")
        weapons[index] = replace(
            weapons[index], upr=uses.value, uses_max=uses.uses, uses_left=uses.uses
        )
    changed = {}
    for cid, weapons in refilled.items():
        combatant = state.combatants[cid]
        sheet = replace(sheet_of(combatant), weapons=tuple(weapons))
        changed[cid] = with_sheet(combatant, sheet)
    return with_combatants(state, changed, round=event.round, phase=Phase.ROUND, acted=frozenset())


def _check_rolled(
    state: EncounterState, event: events.CheckRolled, _: UwrSettings
) -> EncounterState:
    if part_of(state).pending is not None:
        raise RulesError("another check is still pending")
    actor = need(state, event.actor)
    roll_of(event.roll)
    changed = {}
    if event.kind == "attack":
        if event.target is None or event.target == actor.id:
            raise RulesError("an attack needs a target other than the attacker")
        need(state, event.target)
        changed[actor.id] = _spend(actor, _weapon_index(actor, event.weapon))
    elif event.kind == "opposed":
        if event.target is None or event.target == actor.id:
            raise RulesError("an opposed check needs a target other than the one acting")
        need(state, event.target)
    elif event.kind == "direct":
        if event.difficulty is None or event.difficulty < 1:
            raise RulesError("a direct check needs a difficulty of at least 1 success")
    elif event.kind != "free":
        raise RulesError(f"unknown kind of check {event.kind!r}")
    elif event.difficulty is not None and event.difficulty < 1:
        raise RulesError("a difficulty must be at least 1 success")
    return _with_part(with_combatants(state, changed), pending=PendingCheck(event))


def _reaction(
    state: EncounterState, event: events.ReactionRolled, settings: UwrSettings
) -> EncounterState:
    pending = part_of(state).pending
    kind = pending.check.kind if pending is not None else None
    if pending is None or kind not in ("attack", "opposed") or pending.reaction is not None:
        raise RulesError("there is no attack waiting for a reaction")
    if (kind == "opposed") != (event.reaction == "opposed"):
        raise RulesError(f"a {event.reaction} does not answer a check of kind {kind}")
    target = need(state, pending.check.target or "")
    roll_of(event.roll)
    changed = {}
    if event.reaction == "parry":
        index = _weapon_index(target, event.weapon)
        if settings.parry_spends_use:
            changed[target.id] = _spend(target, index)
    elif event.reaction not in ("dodge", "opposed"):
        raise RulesError(f"unknown reaction {event.reaction!r}")
    return _with_part(with_combatants(state, changed), pending=replace(pending, reaction=event))


def _rerolled(state: EncounterState, event: events.DieRerolled, _: UwrSettings) -> EncounterState:
    pending = part_of(state).pending
    if pending is None:
        raise RulesError("there is no pending roll to reroll")
    record = pending.roll(event.of_reaction)
    if record is None:
        raise RulesError("there is no reaction to reroll")
    record = replace(record, rerolls_taken=(*record.rerolls_taken, (event.index, event.face)))
    roll_of(record)
    return _with_part(state, pending=pending.with_roll(record, event.of_reaction))


def _typed(state: EncounterState, event: events.ResultTyped, _: UwrSettings) -> EncounterState:
    pending = part_of(state).pending
    if pending is None or (event.of_reaction and pending.reaction is None):
        raise RulesError("there is no pending roll to type a result over")
    if event.of_reaction:
        return _with_part(state, pending=replace(pending, reaction_typed=event.successes))
    return _with_part(state, pending=replace(pending, action_typed=event.successes))


def _resolved(state: EncounterState, event: events.CheckResolved, _: UwrSettings) -> EncounterState:
    pending = part_of(state).pending
    if pending is None:
        raise RulesError("there is no pending check to resolve")
    if pending.check.kind == "opposed" and event.reaction is None:
        raise RulesError("an opposed check is resolved with the successes of both sides")
    return _with_part(state, pending=None)


Changes = Callable[[EncounterState, Any], dict[str, Combatant]]
"""The combatants an event changes, by id."""

_IN_PLACE: dict[type[Event], tuple[Changes, bool]] = {
    events.InitiativeRolled: (_initiatives, True),
    events.RollOff: (_initiatives, True),
    events.InitiativeOverridden: (_overridden, True),
    events.StaminaRefilled: (_stamina, False),
    events.StaminaSpent: (_stamina_spent, False),
    events.PreparationAdvanced: (_preparation, False),
}
"""The events that change only combatants (and move them in the turn order, when ``True``),
which a working state applies in place."""


def _changing(state: EncounterState, event: Event, settings: UwrSettings) -> EncounterState:
    """The state after an event of ``_IN_PLACE``: its combatants changed (and moved)."""
    changes, moves = _IN_PLACE[type(event)]
    changed = changes(state, event)
    new = with_combatants(state, changed)
    return _moved(state, new, list(changed), settings) if moves else new


_APPLY: dict[type[Event], Callable[[EncounterState, Any, UwrSettings], EncounterState]] = {
    CombatantsJoined: _joined,
    CombatantsLeft: _left,
    CombatantsUpdated: _updated,
    events.ManualOrderSet: _manual,
    TurnStarted: _turn_started,
    RoundEnded: _round_ended,
    events.RoundStarted: _round_started,
    events.CheckRolled: _check_rolled,
    events.ReactionRolled: _reaction,
    events.DieRerolled: _rerolled,
    events.ResultTyped: _typed,
    events.CheckResolved: _resolved,
    **dict.fromkeys(_IN_PLACE, _changing),
}
"""The ``uwr`` events and the shared ones the rules add to, each with its applier; the other
shared events are applied as every ruleset applies them."""


def apply_event(state: EncounterState, event: Event, settings: UwrSettings) -> EncounterState:
    """Return the state after ``event``; ``RulesError`` when it does not fit."""
    handler = _APPLY.get(type(event))
    if handler is None:
        return apply_shared_or_refuse(state, event, "the uwr rules have")
    return handler(state, event, settings)


class UwrWorkingState:
    """uwr's ``WorkingState``: the events that change only combatants change a table of
    combatants of its own in place (copied first when a state handed out holds it), and move
    them in a rolled turn order kept in place (``KeptOrder``), so a run of initiatives typed or
    Stamina refilled copies nothing as large as the fight; any other event is applied by
    ``apply_event``."""

    __slots__ = ("_kept", "_own", "_settings", "_state")

    def __init__(self, state: EncounterState, settings: UwrSettings) -> None:
        """Start from ``state`` under ``settings``."""
        self._state = state
        self._settings = settings
        self._own = False
        """Whether the state's table of combatants is this working state's alone."""
        self._kept: KeptOrder | None = None
        """The rolled order kept in place, ahead of the state's ``order`` (``None``: the
        state's is the order)."""

    @property
    def combatants(self) -> Mapping[str, Combatant]:
        """The combatants in the fight now."""
        return self._state.combatants

    def apply(self, event: Event) -> None:
        """Apply ``event`` as ``apply_event`` would."""
        in_place = _IN_PLACE.get(type(event))
        if in_place is None:
            before = self._synced()
            after = self._state = apply_event(before, event, self._settings)
            self._own = self._own and after.combatants is before.combatants
            if after.order is not before.order or after.rows is not before.rows:
                self._kept = None
            return
        changes, moves = in_place
        state = self._state
        changed = changes(state, event)
        if not changed:
            return
        if not moves:
            self._change(state, changed)
            return
        manual = part_of(state).manual_order
        if manual is None and len(changed) <= FEW_MOVED:
            kept = self._kept
            if kept is None:
                kept = self._kept = KeptOrder(state, state, self._settings)
            out = [state.combatants[cid] for cid in changed]
            self._change(state, changed)
            kept.move(out, changed.values())
            return
        state = self._change(self._synced(), changed)
        self._kept = None
        if manual is None or len(manual) != len(state.combatants):
            self._state = replace(state, order=turn_order(state, self._settings))

    def _change(self, state: EncounterState, changed: dict[str, Combatant]) -> EncounterState:
        """``state`` (the working state's) with ``changed`` put in its table of combatants,
        copied first unless it is this working state's own."""
        if not self._own:
            state = self._state = replace(state, combatants=dict(state.combatants))
            self._own = True
        state.combatants.update(changed)
        return state

    def state(self) -> EncounterState:
        """The state reached (its table of combatants copied before it changes again)."""
        self._own = False
        return self._synced()

    def _synced(self) -> EncounterState:
        """The state with the kept order as its ``order``."""
        kept = self._kept
        if kept is not None and (order := kept.frozen()) is not self._state.order:
            self._state = replace(self._state, order=order)
        return self._state
