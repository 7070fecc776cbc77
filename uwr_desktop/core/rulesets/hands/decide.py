"""Deciding ``hands`` intents: check them against the rules and produce their events."""

from collections.abc import Sequence

from msgspec.structs import replace

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import CombatantsUpdated, CombatantUpdate
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.common import need, plural
from uwr_desktop.core.rulesets.hands import events, order
from uwr_desktop.core.rulesets.hands.apply import in_turn, opposed_action
from uwr_desktop.core.rulesets.hands.rules import HandsSettings, check_carry_plan, split
from uwr_desktop.core.rulesets.hands.sheet import sheet_of, take_damage, with_sheet
from uwr_desktop.core.rulesets.hands.state import Action, Phase, part_of

ROLL_OFF_SIDES = 6


Builder = common.Builder[HandsSettings]
"""The events of one ``hands`` intent, each applied as it is added."""


def in_round(state: EncounterState) -> None:
    """Refuse before the fight has started."""
    if not in_turn(state):
        raise RulesError("Start the fight first")


# --- rounds and turns -----------------------------------------------------------------------


def round_pools(state: EncounterState) -> tuple[events.Pools, ...]:
    """Every standing combatant's split of its undamaged points for a new round."""
    pools = []
    for cid in state.rows:
        sheet = sheet_of(state.combatants[cid])
        if sheet.undamaged:
            ready, carry = split(sheet)
            pools.append(events.Pools(cid, ready, carry))
    return tuple(pools)


def roll_off(builder: Builder, roller: Roller) -> None:
    """Roll a d6 for every combatant the chain leaves tied, rerolling within any group still
    tied, until no two tie."""
    state = builder.state
    part = part_of(state)
    carry = state.phase == Phase.CARRY_OVER
    ids = [cid for cid, _ in part.start_points]
    rolls: list[events.RollOffRoll] = []
    for members in order.tied_groups(state, part, ids, carry=carry):
        faces: dict[str, list[int]] = {cid: [] for cid in members}
        open_groups = [members]
        while open_groups:
            group = open_groups.pop()
            for cid in group:
                faces[cid].append(roller.die(ROLL_OFF_SIDES, RollFor(cid, "a roll-off")))
            split_up: dict[tuple[int, ...], list[str]] = {}
            for cid in group:
                split_up.setdefault(tuple(faces[cid]), []).append(cid)
            open_groups.extend(sub for sub in split_up.values() if len(sub) > 1)
        rolls.extend(events.RollOffRoll(cid, tuple(faces[cid])) for cid in members)
    if rolls:
        builder.add(events.RollOff(tuple(rolls)))


def roll_off_new_ties(builder: Builder, roller: Roller) -> None:
    """Settle a tie made during a turn that none of its roll-offs separates: of the two, the
    one who rolled fewer times (never, for one who was not tied when the turn started), or
    both when they rolled as often, rolls a d6 more, until no two tie. Faces already rolled
    are never rolled again."""
    state = builder.state
    if not in_turn(state):
        return
    part = part_of(state)
    carry = state.phase == Phase.CARRY_OVER
    ids = [cid for cid, _ in part.start_points if cid in state.combatants]
    faces = dict(part.roll_offs)
    rolled: dict[str, tuple[int, ...]] = {}
    while pairs := order.unsettled_pairs(
        state, replace(part, roll_offs=tuple({**faces, **rolled}.items())), ids, carry=carry
    ):
        now = {**faces, **rolled}
        rolling: dict[str, None] = {}
        for pair in pairs:
            fewest = min(len(now.get(cid, ())) for cid in pair)
            rolling.update(dict.fromkeys(c for c in pair if len(now.get(c, ())) == fewest))
        for cid in rolling:
            face = roller.die(ROLL_OFF_SIDES, RollFor(cid, "a roll-off"))
            rolled[cid] = (*now.get(cid, ()), face)
    if rolled:
        builder.add(events.RollOff(tuple(events.RollOffRoll(*item) for item in rolled.items())))


def start_turn(builder: Builder, turn: int, roller: Roller) -> None:
    """Start a turn and settle its ties: it is the turn of everyone taking part in it."""
    builder.add(events.TurnBegan(turn))
    common.turns_begin(builder, _taking_part(builder.state))
    roll_off(builder, roller)


def _taking_part(state: EncounterState) -> list[str]:
    """Who takes part in the turn under way: everyone with points to spend at its start."""
    return [cid for cid, _ in part_of(state).start_points]


def end_turn(builder: Builder) -> None:
    """End the turn under way, the turn of everyone who took part in it."""
    ending = _taking_part(builder.state)
    builder.add(events.TurnOver(part_of(builder.state).turn))
    common.turns_end(builder, ending)


def start_round(builder: Builder, number: int, roller: Roller) -> None:
    """Split everyone's points, then the carry-over turn (if anyone kept points in place) or
    the first turn."""
    pools = round_pools(builder.state)
    builder.add(events.RoundStarted(number, pools))
    carry = any(p.carry_over for p in pools)
    start_turn(builder, 0 if carry else 1, roller)


def start_fight(builder: Builder, roller: Roller) -> str:
    """Round 1: split the points and start the first turn (the ruleset's ``start_refusal``
    found nothing against it)."""
    start_round(builder, 1, roller)
    return "Start fight"


def next_turn(builder: Builder, roller: Roller, *, end_round: bool) -> str:
    """End the turn (hesitation for whoever spent nothing), then the next turn; when nobody
    has ready points left (or the GM ends the round), the next round (the ruleset's
    ``next_refusal`` found nothing against it)."""
    state = builder.state
    part = part_of(state)
    if not end_round:
        if state.phase == Phase.TURNS and builder.settings.hesitation:
            idle = tuple(
                cid
                for cid, _ in part.start_points
                if cid not in state.acted and sheet_of(state.combatants[cid]).ready > 0
            )
            if idle:
                builder.add(events.Hesitated(idle))
        end_turn(builder)
        if order.participants(builder.state, carry=False):
            start_turn(builder, part.turn + 1, roller)
            return f"Round {state.round}, turn {part.turn + 1}"
    else:
        end_turn(builder)
    common.end_round(builder)
    start_round(builder, state.round + 1, roller)
    return f"Round {builder.state.round}"


# --- points ---------------------------------------------------------------------------------


def attack_reach(state: EncounterState, action: Action) -> int:
    """The reach of the weapon ``action`` attacks with (not said: the attacker's longest
    melee reach, the one that outreaches)."""
    sheet = sheet_of(state.combatants[action.actor])
    if action.weapon is not None and action.weapon < len(sheet.weapons):
        return sheet.weapons[action.weapon].reach
    return sheet.melee_reach


def check_outreach(
    state: EncounterState, actor: str, target: str | None, opposes: int | None
) -> None:
    """Refuse an attack the outreach rule forbids.

    An outreached combatant may attack the one outreaching it only at its weapon (interfering
    with that opponent's attack), and only when that opponent attacks it; it may attack
    normally when the opponent attacks it with a weapon shorter than its own total reach.
    """
    part = part_of(state)
    opposed = part.actions[opposes] if opposes is not None and opposes < len(part.actions) else None
    if opposed is not None and target is not None and target != opposed.actor:
        raise RulesError(
            f"An action interfering with {state.combatants[opposed.actor].name}'s cannot attack "
            f"{state.combatants[target].name}"
        )
    if target is None or not part.outreaches(actor, target):
        return
    name, by = state.combatants[actor].name, state.combatants[target].name
    reach, their = sheet_of(state.combatants[actor]).reach, sheet_of(state.combatants[target])
    attacks = [a for a in part.actions if a.actor == target and a.target in {actor, None}]
    if opposed is not None and opposed in attacks:
        return
    if any(attack_reach(state, a) < reach for a in attacks):
        return
    if not attacks:
        raise RulesError(
            f"{name} is outreached by {by} (reach {reach} against {their.melee_reach}): "
            f"{name} may attack {by} only when {by} attacks {name}, and then only {by}'s weapon"
        )
    raise RulesError(
        f"{name} is outreached by {by}: {name} may attack only {by}'s weapon, by interfering "
        f"with {by}'s attack (a normal attack only against a weapon shorter than reach {reach})"
    )


def spend(  # noqa: PLR0917 (the intent's fields, in its order)
    builder: Builder,
    combatant_id: str,
    points: int,
    weapon: int | None,
    opposes: int | None,
    note: str,
    target: str | None = None,
) -> str:
    """Spend ready points on an action this turn (the outreach rule checked)."""
    state = builder.state
    combatant = need(state, combatant_id)
    if state.phase != Phase.TURNS:
        if state.phase == Phase.CARRY_OVER:
            raise RulesError("The carry-over turn is for movement only; end it first (Next turn)")
        raise RulesError("Start the fight first")
    sheet = sheet_of(combatant)
    if sheet.ready == 0:
        raise RulesError(f"{combatant.name} has no ready points left this round")
    if target is not None:
        target = need(state, target).id
    if opposes is not None:
        opposed_action(state, opposes)
    check_outreach(state, combatant.id, target, opposes)
    builder.add(events.Acted(combatant.id, points, weapon, opposes, note, target))
    what = f" with {sheet.weapons[weapon].name}" if weapon is not None else ""
    return f"{combatant.name} spends {plural(points, 'point')}{what}"


def record_outcome(builder: Builder, action: int, succeeded: bool | None, roll: int | None) -> str:
    """The GM records how an interfering action of this turn went."""
    state = builder.state
    if state.phase != Phase.TURNS:
        raise RulesError("Interference is recorded in the turns of a round")
    actions = part_of(state).actions
    if action >= len(actions):
        raise RulesError(f"There is no action number {action + 1} this turn")
    interfering = actions[action]
    involved = [interfering.actor]
    if interfering.opposes is not None:
        involved.append(actions[interfering.opposes].actor)
    if any(cid not in state.combatants for cid in involved):
        raise RulesError(
            f"A combatant of action number {action + 1} this turn has left the fight: there is "
            "no outcome to record"
        )
    name = state.combatants[interfering.actor].name
    if interfering.opposes is None:
        raise RulesError(f"{name}'s action interferes with nothing: there is no outcome to record")
    if succeeded is None and roll is None:
        raise RulesError(f"Say whether {name}'s interference succeeded, or give its roll")
    if (interfering.succeeded, interfering.roll) == (succeeded, roll):
        raise RulesError(f"{name}'s interference is already recorded so")
    builder.add(events.OutcomeRecorded(action, succeeded, roll))
    opposed = state.combatants[actions[interfering.opposes].actor].name
    verdict = {True: "succeeds", False: "fails", None: "rolled"}[succeeded]
    return f"{name}'s interference with {opposed} {verdict}"


def move(builder: Builder, combatant_id: str, points: int) -> str:
    """The combatant's carry-over turn."""
    combatant = need(builder.state, combatant_id)
    if builder.state.phase != Phase.CARRY_OVER:
        raise RulesError("Carry-over movement comes before the turns of a round")
    builder.add(events.Moved(combatant.id, points))
    if points == 0:
        return f"{combatant.name} does not move"
    return f"{combatant.name} moves with {plural(points, 'carry-over point')}"


def hesitate(builder: Builder, combatant_id: str) -> str:
    """One ready point moves to used."""
    combatant = need(builder.state, combatant_id)
    if builder.state.phase != Phase.TURNS:
        raise RulesError("Hesitation happens in the turns of a round")
    if sheet_of(combatant).ready == 0:
        raise RulesError(f"{combatant.name} has no ready points left this round")
    builder.add(events.Hesitated((combatant.id,)))
    return f"{combatant.name} hesitates"


def set_surprise(builder: Builder, combatant_id: str, surprising: bool) -> str:
    """The GM's surprise for this turn."""
    state = builder.state
    combatant = need(state, combatant_id)
    in_round(state)
    if combatant.id not in dict(part_of(state).start_points):
        raise RulesError(f"{combatant.name} takes no part in this turn")
    if (combatant.id in part_of(state).surprise) == surprising:
        word = "already" if surprising else "not"
        raise RulesError(f"{combatant.name} is {word} surprising this turn")
    builder.add(events.SurpriseSet(combatant.id, surprising))
    return f"{'Surprise' if surprising else 'No surprise'}: {combatant.name}"


def set_close(builder: Builder, first: str, second: str, close: bool) -> str:
    """The GM marks (or clears) close quarters between two combatants."""
    state = builder.state
    one, other = need(state, first), need(state, second)
    if one.id == other.id:
        raise RulesError("Close quarters needs two different combatants")
    if part_of(state).is_close(one.id, other.id) == close:
        word = "already" if close else "not"
        raise RulesError(f"{one.name} and {other.name} are {word} in close quarters")
    builder.add(events.CloseSet(one.id, other.id, close))
    return f"{one.name} and {other.name} {'in' if close else 'out of'} close quarters"


def damage(builder: Builder, ids: Sequence[str], amount: int) -> str:
    """Damage each target; the pools lose points as the settings say."""
    targets = common.check_targets(builder.state, ids)
    ready_first = builder.settings.damage_takes == "ready"
    updates = []
    for target in targets:
        sheet, text = take_damage(sheet_of(target), amount, ready_first=ready_first)
        updates.append(CombatantUpdate(with_sheet(target, sheet), text))
    builder.add(CombatantsUpdated(tuple(updates)))
    return f"Damage {amount}: {common.names(builder.state, ids)}"


def join(builder: Builder, combatants: Sequence[Combatant]) -> str:
    """Add combatants; mid-round their undamaged points are all made ready."""
    for combatant in combatants:
        check_carry_plan(combatant.name, sheet_of(combatant))
    fresh = [
        replace(c, sheet=replace(sheet_of(c), ready=0, carry_over=0, used=0)) for c in combatants
    ]
    label = common.join(builder, fresh)
    if in_turn(builder.state):
        pools = tuple(
            events.Pools(c.id, sheet_of(c).undamaged) for c in fresh if sheet_of(c).undamaged
        )
        if pools:
            builder.add(events.PointsReadied(pools))
    return label
