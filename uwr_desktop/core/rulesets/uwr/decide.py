"""Deciding ``uwr`` intents: check them against the rules and produce their events."""

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from msgspec.structs import replace

from uwr_desktop.core.dice import (
    DiceError,
    PoolRoll,
    Roller,
    dice_list,
    direct_check,
    net_favor,
    opposed_check,
)
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import CombatantsUpdated, CombatantUpdate
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.common import need, plural
from uwr_desktop.core.rulesets.uwr import events
from uwr_desktop.core.rulesets.uwr.apply import apply_event
from uwr_desktop.core.rulesets.uwr.intents import Attack, DirectCheck, React, modifiers_of
from uwr_desktop.core.rulesets.uwr.rules import (
    UwrSettings,
    attribute_dice,
    half_reroll,
    is_off_guard,
    pool_spec,
    roll_of,
    tied_groups,
    weapon_pool_dice,
    weapon_uses,
)
from uwr_desktop.core.rulesets.uwr.sheet import (
    ATTRIBUTE_NAMES,
    Weapon,
    WeaponPool,
    sheet_of,
    with_sheet,
)
from uwr_desktop.core.rulesets.uwr.state import Phase, part_of
from uwr_desktop.core.rulesets.uwr.upr import UprError, UprTable, format_upr, preparation_rounds

POOL_SIDES = 6


class Builder(common.Builder[UwrSettings]):
    """The events of one ``uwr`` intent, each applied as it is added, with the fight's table of
    Uses Per Round types."""

    def __init__(
        self, state: EncounterState, settings: UwrSettings, roller: Roller, table: UprTable
    ) -> None:
        """Start from ``state``."""
        super().__init__(
            lambda before, event: apply_event(before, event, settings), state, settings, roller
        )
        self.table = table


def pending_refusal(state: EncounterState) -> str | None:
    """Why the fight may not go on while a check awaits resolution (``None``: none does)."""
    if part_of(state).pending is not None:
        return "Resolve (or undo) the pending check first"
    return None


def no_pending(state: EncounterState) -> None:
    """Refuse while a check awaits resolution."""
    refusal = pending_refusal(state)
    if refusal is not None:
        raise RulesError(refusal)


def in_round(state: EncounterState) -> None:
    """Refuse before the fight has started."""
    if state.phase != Phase.ROUND:
        raise RulesError("Start the fight first")


def weapon_of(combatant: Combatant, index: int) -> Weapon:
    """The combatant's weapon ``index``, or a clear refusal."""
    if not 0 <= index < len(sheet_of(combatant).weapons):
        raise RulesError(f"{combatant.name} has no weapon number {index + 1}")
    return sheet_of(combatant).weapons[index]


def _with_weapon(combatant: Combatant, index: int, weapon: Weapon) -> Combatant:
    sheet = sheet_of(combatant)
    weapons = (*sheet.weapons[:index], weapon, *sheet.weapons[index + 1 :])
    return with_sheet(combatant, replace(sheet, weapons=weapons))


# --- initiative and order -------------------------------------------------------------------

_TIE_ROLL = "an initiative roll-off"


def roll_initiative(builder: Builder, ids: Sequence[str], roller: Roller) -> None:
    """Roll Grace d6 for each combatant, then settle any tie."""
    rolls = []
    for cid in ids:
        grace = sheet_of(need(builder.state, cid)).attributes.grace
        faces = roller.dice(POOL_SIDES, attribute_dice(grace), RollFor(cid, "initiative"))
        rolls.append(events.InitiativeRoll(cid, faces))
    if rolls:
        builder.add(events.InitiativeRolled(tuple(rolls)))
    settle_ties(builder, roller)


def _ties(mine: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """Whether two roll-offs have not told their combatants apart yet (one is the start of the
    other, or they are equal)."""
    shorter = min(len(mine), len(other))
    return mine[:shorter] == other[:shorter]


def settle_ties(builder: Builder, roller: Roller) -> None:
    """Roll d6 roll-offs within every tied group until no tie is left.

    A group whose roll-offs were settled before keeps them: only a newcomer to the tie (or one
    whose initiative changed) rolls, until its roll-off differs from every other's.
    """
    groups = tied_groups(builder.state, builder.settings)
    if not groups:
        return
    rolls: list[events.InitiativeRoll] = []
    for members in groups:
        breaks = {cid: _tiebreak(builder.state, cid) for cid in members}
        counts = Counter(breaks.values())
        settled = [cid for cid in members if breaks[cid] and counts[breaks[cid]] == 1]
        if not settled:
            rolls.extend(_roll_off(members, roller))
            continue
        placed = [breaks[cid] for cid in settled]
        for cid in members:
            if cid in settled:
                continue
            faces: tuple[int, ...] = ()
            while True:
                faces = (*faces, roller.die(POOL_SIDES, RollFor(cid, _TIE_ROLL)))
                tied = [other for other in placed if _ties(faces, other)]
                if not tied:
                    break
                if any(len(faces) >= len(other) for other in tied):
                    faces = ()  # the same faces as a settled roll-off: roll again from the start
            placed.append(faces)
            rolls.append(events.InitiativeRoll(cid, faces))
    builder.add(events.RollOff(tuple(rolls)))


def _tiebreak(state: EncounterState, combatant_id: str) -> tuple[int, ...]:
    initiative = sheet_of(state.combatants[combatant_id]).initiative
    return initiative.tiebreak if initiative is not None else ()


def _roll_off(members: Sequence[str], roller: Roller) -> list[events.InitiativeRoll]:
    """A fresh roll-off of the whole group: everyone rolls, those still tied roll again."""
    faces: dict[str, list[int]] = {cid: [] for cid in members}
    open_groups = [list(members)]
    while open_groups:
        group = open_groups.pop()
        for cid in group:
            faces[cid].append(roller.die(POOL_SIDES, RollFor(cid, _TIE_ROLL)))
        split: dict[tuple[int, ...], list[str]] = {}
        for cid in group:
            split.setdefault(tuple(faces[cid]), []).append(cid)
        open_groups.extend(sub for sub in split.values() if len(sub) > 1)
    return [events.InitiativeRoll(cid, tuple(faces[cid])) for cid in members]


def override_initiative(
    builder: Builder, combatant_id: str, value: int | None, roller: Roller
) -> str:
    """Type an initiative value over the roll (or clear it); return the label."""
    combatant = need(builder.state, combatant_id)
    initiative = sheet_of(combatant).initiative
    current = initiative.override if initiative else None
    if value == current:
        raise RulesError(f"{combatant.name}'s initiative is already {value}")
    builder.add(events.InitiativeOverridden(combatant_id, value))
    settle_ties(builder, roller)
    if value is None:
        return f"Clear {combatant.name}'s initiative override"
    return f"Set {combatant.name}'s initiative to {value}"


def move_in_order(state: EncounterState, combatant_id: str, index: int) -> events.ManualOrderSet:
    """The event putting a combatant at ``index`` of the turn order."""
    need(state, combatant_id)
    order = [cid for cid in state.order if cid != combatant_id]
    order.insert(max(0, min(index, len(order))), combatant_id)
    if tuple(order) == state.order:
        raise RulesError(f"{state.combatants[combatant_id].name} is already there")
    return events.ManualOrderSet(tuple(order))


# --- rounds and turns -----------------------------------------------------------------------


def round_uses(state: EncounterState, table: UprTable) -> tuple[events.WeaponUses, ...]:
    """Every weapon's UPR value and uses for a new round, from the current pools."""
    uses = []
    for cid in state.rows:
        combatant = state.combatants[cid]
        for index, weapon in enumerate(sheet_of(combatant).weapons):
            value, count = weapon_uses(combatant, weapon, table)
            uses.append(events.WeaponUses(cid, index, value, count))
    return tuple(uses)


def start_turn(builder: Builder, combatant_id: str) -> None:
    """Start a turn; Stamina refills at the start of the combatant's turn."""
    combatant = builder.state.combatants[combatant_id]
    common.start_turn(builder, combatant_id)
    builder.add(events.StaminaRefilled(combatant_id, sheet_of(combatant).stamina_max))


def first_able(state: EncounterState, ids: Sequence[str]) -> str | None:
    """The first of ``ids`` still in the fight (not down: Vitality 0, or marked Defeated)."""
    combatants = state.combatants
    return next((cid for cid in ids if not combatants[cid].down), None)


def start_fight(builder: Builder, roller: Roller) -> str:
    """Roll missing initiative, start round 1 and the first turn (the ruleset's
    ``start_refusal`` found nothing against it)."""
    state = builder.state
    roll_initiative(
        builder,
        [cid for cid in state.rows if sheet_of(state.combatants[cid]).initiative is None],
        roller,
    )
    builder.add(events.RoundStarted(1, round_uses(builder.state, builder.table)))
    first = first_able(builder.state, builder.state.order)
    if first is not None:
        start_turn(builder, first)
    return "Start fight"


def next_turn(builder: Builder, *, end_round: bool) -> str:
    """End the current turn and start the next, or end the round and start the next (the
    ruleset's ``next_refusal`` found nothing against it).

    Combatants who are down (Vitality 0, or marked Defeated) are skipped.
    """
    state = builder.state
    if state.current is not None:
        common.end_turn(builder, state.current)
    acted = builder.state.acted
    waiting = first_able(builder.state, [cid for cid in builder.state.order if cid not in acted])
    if waiting is not None and not end_round:
        start_turn(builder, waiting)
        return f"Next turn: {builder.state.combatants[waiting].name}"
    end_of_round(builder)
    return f"Round {builder.state.round}"


def end_of_round(builder: Builder) -> None:
    """Tick conditions and preparations, then start the next round and its first turn."""
    state = builder.state
    common.end_round(builder)
    settle_preparations(builder)
    preparing = tuple(
        events.WeaponRef(cid, index)
        for cid in builder.state.rows
        for index, weapon in enumerate(sheet_of(builder.state.combatants[cid]).weapons)
        if weapon.preparing_left > 0
    )
    if preparing:
        builder.add(events.PreparationAdvanced(preparing))
    builder.add(events.RoundStarted(state.round + 1, round_uses(builder.state, builder.table)))
    first = first_able(builder.state, builder.state.order)
    if first is not None:
        start_turn(builder, first)


def _settled_preparation(
    combatant: Combatant, weapon: Weapon, table: UprTable, round_now: int
) -> tuple[Weapon, str] | None:
    """A preparation the pool has overtaken, at the end of ``round_now``: ended when the value is
    1 or more (or 0), shortened when the value now needs fewer rounds counted from the round the
    preparation was made in. ``None``: it goes on as it is."""
    value = weapon_uses(combatant, weapon, table)[0]
    if value >= 1:
        ended = replace(weapon, preparing_left=0, preparing_since=0)
        return ended, (
            f"stops preparing {weapon.name}: it gives {format_upr(value)} "
            f"{'use' if value == 1 else 'uses'} per round now and needs no preparing"
        )
    if value == 0:
        ended = replace(weapon, preparing_left=0, preparing_since=0)
        return ended, f"stops preparing {weapon.name}: 0 uses per round with this pool"
    if not weapon.preparing_since:
        return None
    needed = preparation_rounds(value)
    spent = round_now - weapon.preparing_since  # rounds before this one
    left = max(needed - spent, 1)
    if left >= weapon.preparing_left:
        return None
    shorter = replace(weapon, preparing_left=left)
    return shorter, (
        f"needs only {plural(needed, 'round')} to prepare {weapon.name} now "
        f"(made in round {weapon.preparing_since})"
    )


def settle_preparations(builder: Builder) -> None:
    """Before preparations tick at a round's end, end or shorten those the pool overtook."""
    state = builder.state
    updates = []
    for cid in state.rows:
        combatant = state.combatants[cid]
        texts = []
        for index, weapon in enumerate(sheet_of(combatant).weapons):
            if not weapon.preparing_left:
                continue
            settled = _settled_preparation(combatant, weapon, builder.table, state.round)
            if settled is not None:
                combatant = _with_weapon(combatant, index, settled[0])
                texts.append(settled[1])
        if texts:
            updates.append(CombatantUpdate(combatant, "; ".join(texts)))
    if updates:
        builder.add(CombatantsUpdated(tuple(updates)))


# --- joining and leaving --------------------------------------------------------------------


def with_round_uses(combatant: Combatant, table: UprTable) -> Combatant:
    """A newcomer's weapons with their uses for the round under way."""
    weapons = []
    for weapon in sheet_of(combatant).weapons:
        value, count = weapon_uses(combatant, weapon, table)
        weapons.append(replace(weapon, upr=value, uses_max=count, uses_left=count))
    return with_sheet(combatant, replace(sheet_of(combatant), weapons=tuple(weapons)))


def join(builder: Builder, combatants: Sequence[Combatant], roller: Roller) -> str:
    """Add combatants; mid-fight their initiative is rolled and their uses computed."""
    common.check_room(builder.state, combatants)
    for combatant in combatants:
        for weapon in sheet_of(combatant).weapons:
            weapon_uses(combatant, weapon, builder.table)
    fighting = builder.state.phase == Phase.ROUND
    if fighting:
        combatants = [with_round_uses(c, builder.table) for c in combatants]
    label = common.join(builder, combatants)
    if fighting:
        roll_initiative(
            builder, [c.id for c in combatants if sheet_of(c).initiative is None], roller
        )
    return label


def leave(builder: Builder, ids: Sequence[str]) -> str:
    """Remove combatants from the encounter."""
    common.check_targets(builder.state, ids)
    pending = part_of(builder.state).pending
    if pending is not None and {pending.check.actor, pending.check.target} & set(ids):
        raise RulesError("Resolve (or undo) the pending check before they leave")
    return common.leave(builder, ids)


# --- weapons --------------------------------------------------------------------------------


def _value_now(combatant: Combatant, weapon: Weapon, table: UprTable) -> Fraction:
    return weapon.upr if weapon.upr is not None else weapon_uses(combatant, weapon, table)[0]


def prepare_refusal(combatant: Combatant, weapon: Weapon) -> str | None:
    """Why ``combatant`` may not start preparing its slow ``weapon`` as it stands (``None``: it
    may): it is prepared, being prepared, or was used this round."""
    if weapon.prepared:
        return f"{combatant.name}'s {weapon.name} is already prepared"
    if weapon.preparing_left:
        return f"{combatant.name} is already preparing {weapon.name}"
    if weapon.uses_max > weapon.uses_left:
        return f"{combatant.name} used {weapon.name} this round; preparing it starts next round"
    return None


def prepare_weapon(builder: Builder, combatant_id: str, index: int) -> str:
    """Start preparing an unprepared fractional weapon; the combatant is Off Guard meanwhile."""
    in_round(builder.state)
    combatant = need(builder.state, combatant_id)
    weapon = weapon_of(combatant, index)
    value = _value_now(combatant, weapon, builder.table)
    if value >= 1:
        raise RulesError(
            f"{weapon.name} gives {format_upr(value)} uses per round and needs no preparing"
        )
    try:
        rounds = preparation_rounds(value)
    except UprError as error:
        raise RulesError(f"{combatant.name}'s {weapon.name} cannot be used: {error}") from None
    refusal = prepare_refusal(combatant, weapon)
    if refusal is not None:
        raise RulesError(refusal)
    round_now = builder.state.round
    preparing = replace(weapon, preparing_left=rounds, preparing_since=round_now)
    updated = _with_weapon(combatant, index, preparing)
    text = (
        f"starts preparing {weapon.name} ({plural(rounds, 'round')}, "
        f"ready for round {round_now + rounds}; Off Guard)"
    )
    builder.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
    return f"{combatant.name} prepares {weapon.name}"


def set_prepared(builder: Builder, combatant_id: str, index: int, prepared: bool) -> str:
    """The GM marks a weapon prepared or not; a fractional weapon's use this round follows."""
    combatant = need(builder.state, combatant_id)
    weapon = weapon_of(combatant, index)
    if weapon.prepared == prepared and not weapon.preparing_left:
        state_word = "prepared" if prepared else "unprepared"
        raise RulesError(f"{combatant.name}'s {weapon.name} is already {state_word}")
    changed = replace(weapon, prepared=prepared, preparing_left=0, preparing_since=0)
    if weapon.upr is not None and 0 < weapon.upr < 1:
        count = 1 if prepared else 0
        changed = replace(changed, uses_max=count, uses_left=count)
    text = f"{weapon.name} marked {'prepared' if prepared else 'unprepared'}"
    updated = _with_weapon(combatant, index, changed)
    builder.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
    return f"{combatant.name}: {text}"


def recompute_now(combatant: Combatant, table: UprTable, settings: UwrSettings) -> Combatant:
    """With the "at once" setting, rework this round's uses after a pool change."""
    if settings.upr_recompute != "at_once":
        return combatant
    weapons = []
    for weapon in sheet_of(combatant).weapons:
        if weapon.upr is None:
            weapons.append(weapon)
            continue
        value, count = weapon_uses(combatant, weapon, table)
        left = max(0, weapon.uses_left + count - weapon.uses_max)
        now = replace(weapon, upr=value, uses_max=count, uses_left=left)
        if value >= 1 and now.preparing_left:
            now = replace(now, preparing_left=0, preparing_since=0)
        weapons.append(now)
    return with_sheet(combatant, replace(sheet_of(combatant), weapons=tuple(weapons)))


def override_type(builder: Builder, combatant_id: str, index: int, upr_type: str | None) -> str:
    """Use another UPR type for a weapon in this fight (``None``: its own)."""
    combatant = need(builder.state, combatant_id)
    weapon = weapon_of(combatant, index)
    if upr_type is not None:
        try:
            upr_type = builder.table.get_type(upr_type).name
        except UprError as error:
            raise RulesError(str(error)) from None
    if upr_type == weapon.type_override:
        raise RulesError(f"{weapon.name} already uses {weapon.effective_type}")
    updated = _with_weapon(combatant, index, replace(weapon, type_override=upr_type))
    updated = recompute_now(updated, builder.table, builder.settings)
    text = f"{weapon.name} uses {upr_type or weapon.upr_type} this fight"
    builder.add(CombatantsUpdated((CombatantUpdate(updated, text),)))
    return f"{combatant.name}: {text}"


# --- checks ---------------------------------------------------------------------------------


def spend_stamina(builder: Builder, combatant: Combatant) -> None:
    """A combat action costs 1 Stamina (rules, section 1); at 0 there is none to spend and the
    action still goes ahead (the GM rules on it)."""
    stamina = sheet_of(combatant).stamina
    if stamina > 0:
        builder.add(events.StaminaSpent(combatant.id, stamina - 1))


def attack(builder: Builder, roller: Roller, intent: Attack) -> str:
    """Roll an attack with a weapon's pool; it spends a use."""
    index = intent.weapon
    state = builder.state
    in_round(state)
    no_pending(state)
    attacker = need(state, intent.attacker_id)
    target = need(state, intent.target_id)
    if attacker.down:
        raise RulesError(f"{attacker.name} is down and cannot attack")
    if target.id == attacker.id:
        raise RulesError(f"{attacker.name} cannot attack themself")
    weapon = weapon_of(attacker, index)
    who = attacker.name
    if weapon.upr == 0:
        raise RulesError(f"{who}'s {weapon.name} cannot be used: 0 uses per round with this pool")
    if weapon.preparing_left:
        raise RulesError(
            f"{who} is still preparing {weapon.name} "
            f"({plural(weapon.preparing_left, 'round')} left)"
        )
    if weapon.uses_left < 1:
        if weapon.upr is not None and weapon.upr < 1 and not weapon.prepared:
            raise RulesError(f"{who}'s {weapon.name} is not prepared; prepare it first")
        raise RulesError(f"{who} has no uses of {weapon.name} left this round")
    favor, extra_dice, extra_rerolls = modifiers_of(intent)
    attribute = (
        sheet_of(attacker).attributes.brawn
        if weapon.pool is WeaponPool.MELEE
        else (sheet_of(attacker).attributes.grace)
    )
    skill = sheet_of(attacker).skill(weapon.skill) if weapon.skill else None
    rerolls = half_reroll(attribute) + (skill.rerolls if skill else 0) + extra_rerolls
    off_guard = is_off_guard(attacker)
    spec = pool_spec(
        weapon_pool_dice(attacker, weapon),
        net_favor(favor, -off_guard),
        rerolls,
        builder.settings,
        extra_dice=extra_dice,
        below_one=intent.below_one,
    )
    roll = roller.roll_pool(spec, RollFor(attacker.id, f"an attack with {weapon.name}"))
    spend_stamina(builder, attacker)
    builder.add(
        events.CheckRolled(
            "attack",
            attacker.id,
            RollRecord.of_pool(roll),
            target=target.id,
            weapon=index,
            title=weapon.name,
            off_guard=off_guard,
        )
    )
    return f"{who} attacks {target.name} with {weapon.name}"


def _parry_weapon(target: Combatant, index: int | None) -> int:
    if index is None:
        usable = [
            i
            for i, w in enumerate(sheet_of(target).weapons)
            if w.pool is WeaponPool.MELEE and w.uses_left > 0
        ]
        if not usable:
            raise RulesError(
                f"{target.name} has no melee weapon with a use left this round; "
                "only a dodge is possible"
            )
        return usable[0]
    weapon = weapon_of(target, index)
    if weapon.pool is not WeaponPool.MELEE:
        raise RulesError(f"{target.name} cannot parry with {weapon.name}: it is not a melee weapon")
    if weapon.uses_left < 1:
        raise RulesError(
            f"{target.name} has no uses of {weapon.name} left this round; only a dodge is possible"
        )
    return index


def react(builder: Builder, roller: Roller, intent: React) -> str:
    """The target of the pending attack dodges or parries."""
    reaction, weapon_index, skill_name = intent.reaction, intent.weapon, intent.skill
    pending = part_of(builder.state).pending
    if pending is None or pending.check.kind != "attack" or pending.check.target is None:
        raise RulesError("There is no attack to react to")
    if pending.reaction is not None:
        raise RulesError("The target has already reacted to this attack")
    target = need(builder.state, pending.check.target)
    favor, extra_dice, extra_rerolls = modifiers_of(intent)
    off_guard = False
    if reaction == "parry":
        weapon_index = _parry_weapon(target, weapon_index)
        weapon = sheet_of(target).weapons[weapon_index]
        attribute = sheet_of(target).attributes.brawn
        skill = sheet_of(target).skill(weapon.skill) if weapon.skill else None
        dice = weapon_pool_dice(target, weapon)
    else:
        weapon_index = None
        attribute = sheet_of(target).attributes.grace
        skill = sheet_of(target).skill(skill_name) if skill_name else None
        if skill_name and skill is None:
            raise RulesError(f"{target.name} has no skill called {skill_name!r} to dodge with")
        dice = attribute_dice(attribute) + (skill.rank if skill else 0)
        off_guard = is_off_guard(target)
    rerolls = half_reroll(attribute) + (skill.rerolls if skill else 0) + extra_rerolls
    spec = pool_spec(
        dice,
        net_favor(favor, -off_guard),
        rerolls,
        builder.settings,
        extra_dice=extra_dice,
        below_one=intent.below_one,
    )
    kind: Literal["dodge", "parry"] = "parry" if reaction == "parry" else "dodge"
    roll = roller.roll_pool(spec, RollFor(target.id, f"a {kind}"))
    spend_stamina(builder, target)
    dodge_skill = skill.name if skill is not None and kind == "dodge" else ""
    builder.add(
        events.ReactionRolled(kind, RollRecord.of_pool(roll), weapon_index, off_guard, dodge_skill)
    )
    return f"{target.name} {'parries' if reaction == 'parry' else 'dodges'}"


def reroll_refusal(state: EncounterState, of_reaction: bool | None) -> str | None:
    """Why no die of the pending action (or reaction; ``None``: the reaction once rolled) may
    be rerolled now, whatever its rerolls (``None``: some may): there is none, or the GM typed
    its result."""
    pending = part_of(state).pending
    if pending is None:
        return "There is no roll to reroll"
    if of_reaction is None:
        of_reaction = pending.reaction is not None
    if of_reaction and pending.reaction is None:
        return "There is no reaction to reroll yet"
    typed = pending.reaction_typed if of_reaction else pending.action_typed
    if typed is not None:
        return f"The GM typed the result of that roll ({typed}): nothing to reroll"
    return None


def reroll(
    builder: Builder, roller: Roller, indices: Sequence[int] | None, of_reaction: bool | None
) -> str:
    """Reroll chosen failed dice (or all it can) of the pending action or reaction."""
    refusal = reroll_refusal(builder.state, of_reaction)
    if refusal is not None:
        raise RulesError(refusal)
    pending = part_of(builder.state).pending
    assert pending is not None
    if of_reaction is None:
        of_reaction = pending.reaction is not None
    roll: PoolRoll = roll_of(pending.roll(of_reaction) or pending.check.roll)
    chosen = (
        list(roll.rerollable_indices[: max(roll.rerolls_left, 0)])
        if indices is None
        else list(indices)
    )
    if not chosen:
        if roll.rerolls_left < 1:
            raise RulesError("No rerolls are left for this roll")
        raise RulesError("No failed die is left to reroll")
    if len(set(chosen)) != len(chosen):
        raise RulesError("A die was chosen twice; each die is rerolled once")
    if len(chosen) > roll.rerolls_left:
        raise RulesError(
            f"{len(chosen)} dice were chosen but only {roll.rerolls_left} rerolls are left"
        )
    try:
        for index in chosen:
            roll.check_rerollable(index)
    except DiceError as error:
        raise RulesError(str(error).capitalize()) from None
    check = pending.check
    who = check.target if of_reaction and check.target is not None else check.actor
    note = f"{'reroll' if len(chosen) == 1 else 'rerolls'} of {dice_list(chosen)}"
    faces = roller.dice(POOL_SIDES, len(chosen), RollFor(who, "a reroll"), note)
    for index, face in zip(chosen, faces, strict=True):
        builder.add(events.DieRerolled(of_reaction, index, face))
    return f"Reroll {plural(len(chosen), 'die')}".replace("dies", "dice")


def resolve(builder: Builder) -> str:
    """Make the pending check final."""
    pending = part_of(builder.state).pending
    if pending is None:
        raise RulesError("There is no pending check to resolve")
    action = pending.action_successes()
    check = pending.check
    if check.kind in ("attack", "opposed"):
        reaction = pending.reaction_successes()
        outcome = opposed_check(
            action, reaction, uncontested_zero_wins=builder.settings.uncontested_zero_wins
        )
        builder.add(events.CheckResolved(action, reaction, outcome.action_wins, outcome.surviving))
        return "Resolve attack" if check.kind == "attack" else "Resolve opposed check"
    if check.difficulty is not None:
        passed = direct_check(action, check.difficulty).passed
        builder.add(events.CheckResolved(action, None, passed, action))
        return "Resolve check"
    builder.add(events.CheckResolved(action, None, True, action))
    return "Resolve roll"


def _finish_if_final(builder: Builder) -> None:
    pending = part_of(builder.state).pending
    if pending is None:
        return
    records = (pending.check.roll, pending.roll(of_reaction=True))
    rolls = [roll_of(record) for record in records if record is not None]
    if all(roll.rerolls_left < 1 or not roll.rerollable_indices for roll in rolls):
        resolve(builder)


def type_result(builder: Builder, successes: int, of_reaction: bool) -> str:
    """The GM types the successes of the pending action or reaction over its roll."""
    pending = part_of(builder.state).pending
    if pending is None:
        raise RulesError("There is no pending roll to type a result over")
    if of_reaction and pending.reaction is None:
        raise RulesError("There is no reaction to type a result over yet")
    check = pending.check
    who = builder.state.combatants[(check.target if of_reaction else check.actor) or ""].name
    builder.add(events.ResultTyped(of_reaction, successes))
    return f"Type {successes} {'success' if successes == 1 else 'successes'} for {who}"


def _check_pool(combatant: Combatant, attribute: str, skill_name: str) -> tuple[str, int, int]:
    """A check's attribute key, and the dice and rerolls of the attribute plus the named skill;
    an unknown attribute or skill is refused."""
    key = attribute.strip().casefold()
    if key not in ATTRIBUTE_NAMES:
        raise RulesError(f"Unknown attribute {attribute!r}: use Brawn, Grace, Mettle or Savvy")
    value: Fraction = getattr(sheet_of(combatant).attributes, key)
    skill = sheet_of(combatant).skill(skill_name) if skill_name else None
    if skill_name and skill is None:
        raise RulesError(f"{combatant.name} has no skill called {skill_name!r}")
    dice = attribute_dice(value) + (skill.rank if skill else 0)
    return key, dice, half_reroll(value) + (skill.rerolls if skill else 0)


def _pool_words(key: str, skill_name: str) -> str:
    return f"{key.capitalize()} + {skill_name}" if skill_name else key.capitalize()


OpposedSide = tuple[str, str, str, tuple[int, int, int]]
"""One side of an opposed check: id, attribute, skill, (favor, extra dice, extra rerolls)."""


def opposed(
    builder: Builder,
    roller: Roller,
    sides: tuple[OpposedSide, OpposedSide],
    title: str,
    *,
    below_one: bool,
) -> str:
    """An opposed check between two combatants: the first acts, the second rolls against it
    (``below_one``: die penalties may take either pool below 1 die)."""
    no_pending(builder.state)
    (actor_id, attribute, skill, mods), (target_id, target_attribute, target_skill, target_mods) = (
        sides
    )
    actor = need(builder.state, actor_id)
    target = need(builder.state, target_id)
    if actor.id == target.id:
        raise RulesError(f"{actor.name} cannot oppose themself")
    key, dice, rerolls = _check_pool(actor, attribute, skill)
    target_key, target_dice, target_rerolls = _check_pool(target, target_attribute, target_skill)
    spec, target_spec = (
        pool_spec(
            pool,
            favor,
            pool_rerolls + extra_rerolls,
            builder.settings,
            extra_dice=extra_dice,
            below_one=below_one,
        )
        for pool, pool_rerolls, (favor, extra_dice, extra_rerolls) in (
            (dice, rerolls, mods),
            (target_dice, target_rerolls, target_mods),
        )
    )
    name = title or f"{_pool_words(key, skill)} vs {_pool_words(target_key, target_skill)}"
    record = RollRecord.of_pool(roller.roll_pool(spec, RollFor(actor.id, name)))
    builder.add(events.CheckRolled("opposed", actor.id, record, target=target.id, title=name))
    target_record = RollRecord.of_pool(roller.roll_pool(target_spec, RollFor(target.id, name)))
    builder.add(events.ReactionRolled("opposed", target_record, skill=target_skill))
    _finish_if_final(builder)
    return f"{actor.name} against {target.name}: {name}"


def direct(builder: Builder, roller: Roller, intent: DirectCheck) -> str:
    """A direct check (resolved at once when no reroll is possible)."""
    combatant_id, difficulty, title = intent.combatant_id, intent.difficulty, intent.title
    no_pending(builder.state)
    combatant = need(builder.state, combatant_id)
    key, dice, rerolls = _check_pool(combatant, intent.attribute, intent.skill)
    favor, extra_dice, extra_rerolls = modifiers_of(intent)
    spec = pool_spec(
        dice,
        favor,
        rerolls + extra_rerolls,
        builder.settings,
        extra_dice=extra_dice,
        below_one=intent.below_one,
    )
    name = title or f"{key.capitalize()} check"
    roll = roller.roll_pool(spec, RollFor(combatant.id, name))
    builder.add(
        events.CheckRolled(
            "direct", combatant.id, RollRecord.of_pool(roll), title=name, difficulty=difficulty
        )
    )
    _finish_if_final(builder)
    return f"{combatant.name}: {name}"


def free_roll(
    builder: Builder,
    roller: Roller,
    combatant_id: str,
    spec_values: tuple[int, int, int],
    title: str,
    *,
    difficulty: int | None = None,
) -> str:
    """Roll any pool for a combatant, against ``difficulty`` if given (resolved at once when no
    reroll is possible)."""
    no_pending(builder.state)
    combatant = need(builder.state, combatant_id)
    dice, favor, rerolls = spec_values
    spec = pool_spec(dice, favor, rerolls, builder.settings)
    name = title or f"{plural(dice, 'die')} roll".replace("dies", "dice")
    record = RollRecord.of_pool(roller.roll_pool(spec, RollFor(combatant.id, name)))
    builder.add(events.CheckRolled("free", combatant.id, record, title=name, difficulty=difficulty))
    _finish_if_final(builder)
    return f"{combatant.name}: {name}"
