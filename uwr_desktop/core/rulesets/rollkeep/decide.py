"""Deciding ``rollkeep`` intents: the checks of the rules and the events they lead to.

The turn flow: after every turn taken, each waiting delayer (highest first) is offered its turn
once (it becomes ``current`` while still ``delaying``); it acts now, passes again (a delay) or
forfeits. Otherwise the highest combatant yet to act takes its turn. The lowest left cannot
delay. When nobody is left the round's Reactions stage runs and the next round begins. A turn
cut short by its combatant leaving the skirmish is a turn taken too.
"""

from collections.abc import Sequence

from msgspec.structs import replace

from uwr_desktop.core.dice import DiceError, SumSpec
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import (
    CombatantsUpdated,
    CombatantUpdate,
    TurnStarted,
)
from uwr_desktop.core.intents import (
    AddCombatants,
    ClearManualOrder,
    Intent,
    MoveInOrder,
    RemoveCombatants,
    ReplaceCombatant,
    RulesError,
)
from uwr_desktop.core.limits import MAX_COUNT, MAX_DICE, MAX_INITIATIVE
from uwr_desktop.core.rolls import RollRecord
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.rulesets.rollkeep import events
from uwr_desktop.core.rulesets.rollkeep.apply import part_of
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepActNow,
    RollkeepAmbush,
    RollkeepAttack,
    RollkeepChooseStance,
    RollkeepDelay,
    RollkeepForfeit,
)
from uwr_desktop.core.rulesets.rollkeep.rules import (
    D10,
    contest_spec,
    damage_spec,
    full_defense_spec,
    initiative_spec,
    ordering_roll_off,
    placed_faces,
    plan_attack,
    settled_faces,
    sheet_of,
    unsettled,
    weapon_of,
)
from uwr_desktop.core.rulesets.rollkeep.sheet import Stance
from uwr_desktop.core.rulesets.rollkeep.state import AllDelayed, Phase, RollkeepSettings, TieRule

_MOST_ROLL_OFFS = 100
"""Roll-offs rerolled for one tie before giving up (ten d10s tying a hundred times: never)."""


Builder = common.Builder[RollkeepSettings]
"""The events of one ``rollkeep`` intent, each applied as it is added."""

WOUNDS = common.Bounded("Wounds", 0, MAX_COUNT)
"""The wounds the GM types in the table: its column's range and the edit's check."""
INITIATIVE_SCORE = common.Bounded("The Initiative Score", -MAX_INITIATIVE, MAX_INITIATIVE)
"""A typed Initiative Score (an empty cell: the rolled one)."""


# --- who acts ---------------------------------------------------------------------------------


def remaining(state: EncounterState) -> list[str]:
    """Who still has a turn to take this round, highest first (not delaying, not out)."""
    return [
        cid
        for cid in state.order
        if cid not in state.acted
        and cid != state.current
        and not state.combatants[cid].down
        and not sheet_of(state.combatants[cid]).delaying
        and sheet_of(state.combatants[cid]).base_score is not None
    ]


def waiting(state: EncounterState) -> list[str]:
    """The delayers waiting, highest first (an offered delayer included)."""
    return [cid for cid in state.order if sheet_of(state.combatants[cid]).delaying]


def offered(state: EncounterState) -> str | None:
    """The delayer whose delayed turn is offered now, if any."""
    current = state.current
    if current is not None and sheet_of(state.combatants[current]).delaying:
        return current
    return None


def turn_now(state: EncounterState) -> TurnNow:
    """Whose turn it is (or whose delayed turn is offered), then the delayers the next turn is
    offered to, then the rest by score. A turn taken offers every delayer again; a delayer
    passing an offer is not offered again before the next turn taken."""
    if state.phase != Phase.TURNS:
        return TurnNow()
    current = state.current
    if current is None:
        passed = part_of(state).declined
    elif offered(state) == current:
        passed = part_of(state).declined | {current}
    else:
        passed = frozenset()
    offers = [
        cid
        for cid in waiting(state)
        if cid != current and cid not in passed and not state.combatants[cid].down
    ]
    acting = () if current is None else (current,)
    return TurnNow(acting, (*offers, *remaining(state)))


def can_delay(state: EncounterState, cid: str) -> bool:
    """Whether ``cid`` may delay: someone else still has a turn after it (the lowest cannot)."""
    return any(other != cid for other in remaining(state))


def _name(state: EncounterState, cid: str) -> str:
    return common.need(state, cid).name


def _next(sink: Builder) -> str:
    """Start the next turn (an offer to a waiting delayer first), or end the round."""
    state = sink.state
    declined = part_of(state).declined
    for cid in waiting(state):
        if cid not in declined and not state.combatants[cid].down:
            sink.add(TurnStarted(cid))  # an offer: the delayed turn goes on, none starts
            return f"{_name(state, cid)} may take the delayed turn"
    rest = remaining(state)
    if rest:
        common.start_turn(sink, rest[0])
        return f"Next turn: {_name(state, rest[0])}"
    return _end_round(sink)


def _forfeited(sink: Builder, ids: Sequence[str]) -> None:
    """Delayers lose their turns: those turns are over, untaken."""
    sink.add(events.Forfeited(tuple(ids)))
    common.turns_end(sink, ids)


def _end_round(sink: Builder) -> str:
    """Stage 3, Reactions, then the next round's turns from the highest score."""
    number = sink.state.round
    left = waiting(sink.state)
    if left:
        _forfeited(sink, left)
    sink.add(events.StageBegan(number, Phase.REACTIONS))
    common.end_round(sink)
    sink.add(events.StageBegan(number + 1, Phase.TURNS))
    _break_ties(sink)
    rest = remaining(sink.state)
    if rest:
        common.start_turn(sink, rest[0])
    return f"Round {number + 1}"


def _break_ties(sink: Builder) -> None:
    """Settle every tie on score, Reflexes and Insight Rank: those who rolled a roll-off keep
    their faces, and whoever ties with them rolls alone to take its place among them; a tie
    nobody rolled for yet gets a roll-off of its own."""
    if sink.settings.initiative_tie is not TieRule.ROLL_OFF:
        return
    for _ in range(_MOST_ROLL_OFFS):
        groups = unsettled(sink.state.combatants, sink.state.order)
        if not groups:
            return
        group = groups[0]
        number = ordering_roll_off(sink.state.combatants, group)
        if number is None:
            _roll_off(sink, group)
            continue
        for cid in group:
            if number not in settled_faces(sheet_of(sink.state.combatants[cid])):
                _take_place(sink, cid, number)


def _d10(sink: Builder, cid: str) -> RollRecord:
    return RollRecord.of_sum(sink.roller.roll_sum(SumSpec(1, D10), RollFor(cid, "a roll-off")))


def _roll_off(sink: Builder, group: list[str]) -> None:
    """A new roll-off for ``group``: each rolls a d10, and those still tied roll again."""
    number = part_of(sink.state).roll_offs + 1
    faces: dict[str, tuple[int, ...]] = {cid: () for cid in group}
    rolling = [group]
    for _ in range(_MOST_ROLL_OFFS):
        if not rolling:
            return
        rolls = tuple(
            events.CombatantRoll(cid, _d10(sink, cid)) for members in rolling for cid in members
        )
        sink.add(events.RollOff(number, rolls))
        for roll in rolls:
            faces[roll.combatant_id] = (*faces[roll.combatant_id], roll.roll.total)
        split: dict[tuple[int, ...], list[str]] = {}
        for members in rolling:
            for cid in members:
                split.setdefault(faces[cid], []).append(cid)
        rolling = [members for members in split.values() if len(members) > 1]


def _take_place(sink: Builder, cid: str, number: int) -> None:
    """``cid`` rolls d10s alone until its faces place it among those of roll-off ``number``."""
    others = [
        faces
        for other, combatant in sink.state.combatants.items()
        if other != cid and (faces := settled_faces(sheet_of(combatant)).get(number))
    ]
    rolls: list[RollRecord] = []
    while placed_faces(others, [roll.total for roll in rolls]) is None:
        if len(rolls) == MAX_DICE:
            raise RulesError(f"{_name(sink.state, cid)}'s roll-off does not settle: roll again")
        rolls.append(_d10(sink, cid))
    sink.add(events.RollOffJoined(cid, number, tuple(rolls)))


def _roll_initiative(sink: Builder, ids: list[str]) -> None:
    rolls = []
    for cid in ids:
        sheet = sheet_of(sink.state.combatants[cid])
        if sheet.base_score is None:
            spec = initiative_spec(sheet, sink.settings)
            roll = sink.roller.roll_keep(spec, RollFor(cid, "initiative"))
            rolls.append(events.CombatantRoll(cid, RollRecord.of_keep(roll)))
    if rolls:
        sink.add(events.InitiativeRolled(tuple(rolls)))
    _break_ties(sink)


# --- the intents ----------------------------------------------------------------------------


def turns_refusal(state: EncounterState) -> str | None:
    """Why no turn may be taken now (``None``: turns are under way)."""
    if state.phase == Phase.SETUP:
        return "Start the skirmish first"
    if state.phase != Phase.TURNS:
        return f"Round {state.round} is in its {state.phase} stage"
    return None


def _need_turns(state: EncounterState) -> None:
    refusal = turns_refusal(state)
    if refusal is not None:
        raise RulesError(refusal)


def next_refusal(state: EncounterState, *, end_round: bool) -> str | None:
    """Why Next Turn (``end_round``: End Round) would be refused now (``None``: the skirmish
    goes on): outside the turns, or a delayer offered its turn with nobody left to act after
    it (it acts now or forfeits)."""
    refusal = turns_refusal(state)
    current = state.current
    if refusal is not None or end_round or current is None:
        return refusal
    if offered(state) == current and not can_delay(state, current):
        return f"Nobody is left to act: {_name(state, current)} must act now or forfeit the turn"
    return None


def start_fight(sink: Builder) -> str:
    """Start the skirmish: the Initiative stage's rolls, then the first turn of round 1 (the
    ruleset's ``start_refusal`` found nothing against it)."""
    state = sink.state
    sink.add(events.StageBegan(1, Phase.INITIATIVE))
    _roll_initiative(sink, list(state.rows))
    sink.add(events.StageBegan(1, Phase.TURNS))
    rest = remaining(sink.state)
    if rest:
        common.start_turn(sink, rest[0])
    return "Start skirmish"


def _taken(sink: Builder, cid: str) -> None:
    """End a turn taken: the Full Defense roll of a combatant in that stance, then the turn."""
    sheet = sheet_of(sink.state.combatants[cid])
    if sheet.stance is Stance.FULL_DEFENSE and not sheet.down:
        spec = full_defense_spec(sheet, sink.settings)
        roll = RollRecord.of_keep(
            sink.roller.roll_keep(spec, RollFor(cid, "the Full Defense roll"))
        )
        sink.add(events.FullDefenseRolled(cid, roll))
    common.end_turn(sink, cid)


def _next_turn(sink: Builder) -> str:
    state = sink.state
    current = state.current
    if current is None:
        return _next(sink)
    if offered(state) == current:
        sink.add(events.Delayed(current))
        label = f"{_name(state, current)} keeps waiting"
        _next(sink)
        return label
    alone = not state.acted and not remaining(state)
    _taken(sink, current)
    left = waiting(sink.state)
    if alone and left and sink.settings.everyone_delayed is AllDelayed.FORFEIT:
        _forfeited(sink, left)
        return _end_round(sink)
    return _next(sink)


def next_turn(sink: Builder, *, end_round: bool) -> str:
    """The next turn, as the module's description tells; with ``end_round`` the turn under way
    ends as a turn taken (an offered delayed turn stays untaken) and the round ends at once."""
    if not end_round:
        return _next_turn(sink)
    if sink.state.current is not None and offered(sink.state) is None:
        _taken(sink, sink.state.current)
    return _end_round(sink)


def _leave(sink: Builder, ids: Sequence[str]) -> str:
    """Combatants leave; when whoever takes a turn is among them, that turn ends first (no
    Full Defense roll for a leaver), so the delayers waiting are offered the next."""
    current = sink.state.current
    if current is not None and current in ids and offered(sink.state) is None:
        common.end_turn(sink, current)
    return common.leave(sink, list(ids))


def delay_refusal(state: EncounterState, cid: str) -> str | None:
    """Why ``cid`` may not delay (or, offered its delayed turn, keep waiting) while turns are
    taken (``None``: it may): only on its own turn before it acts, never out of the fight, never
    the lowest left."""
    name = state.combatants[cid].name
    if state.current != cid:
        return f"Only the combatant on turn can delay; it is not {name}'s turn"
    if part_of(state).acting:
        return f"{name} has already acted this turn"
    if state.combatants[cid].down:
        return f"{name} is out of the fight"
    if not can_delay(state, cid):
        return f"{name} is the lowest left and cannot delay: it must take its turn"
    return None


def _delay(sink: Builder, cid: str) -> str:
    state = sink.state
    _need_turns(state)
    name = _name(state, cid)
    refusal = delay_refusal(state, cid)
    if refusal is not None:
        raise RulesError(refusal)
    sink.add(events.Delayed(cid))
    _next(sink)
    return f"{name} delays"


def _act_now(sink: Builder, cid: str) -> str:
    state = sink.state
    _need_turns(state)
    name = _name(state, cid)
    if offered(state) == cid:
        sink.add(events.Returned(cid))
        return f"{name} acts now"
    if sheet_of(state.combatants[cid]).delaying:
        raise RulesError(
            f"{name} is offered the delayed turn when the turn under way ends "
            "(a delayer may act after every turn taken)"
        )
    raise RulesError(f"{name} is not delaying")


def _forfeit(sink: Builder, cid: str) -> str:
    state = sink.state
    _need_turns(state)
    name = _name(state, cid)
    if offered(state) != cid:
        raise RulesError(f"Only a delayer offered its turn can forfeit it; {name} is not")
    _forfeited(sink, [cid])
    _next(sink)
    return f"{name} forfeits the turn"


def _return_if_offered(sink: Builder, cid: str) -> None:
    if offered(sink.state) == cid:
        sink.add(events.Returned(cid))


def stance_refusal(state: EncounterState, cid: str, stance: Stance | None = None) -> str | None:
    """Why ``cid`` may not change stance now (to ``stance``, if given) (``None``: it may):
    before the skirmish, or before it has a score, at any time; after, only at the start of its
    own turn from round 2 on, never out of the fight; never to the stance it is in."""
    combatant = state.combatants[cid]
    name = combatant.name
    if state.phase != Phase.SETUP and sheet_of(combatant).base_score is not None:
        refusal = _stance_change_refusal(state, combatant)
        if refusal is not None:
            return refusal
    if sheet_of(combatant).stance is stance:
        return f"{name} is already in the {stance.label} stance"
    return None


def _stance_change_refusal(state: EncounterState, combatant: Combatant) -> str | None:
    """Why a combatant with a score may not change stance once the skirmish is under way."""
    cid, name = combatant.id, combatant.name
    if state.phase != Phase.TURNS:
        return f"Round {state.round} is in its {state.phase} stage"
    if state.round == 1:
        return (
            f"In round 1 the stance is chosen before initiative; {name} can change it at the "
            "start of a later turn"
        )
    if state.current != cid:
        return f"{name} can change stance only at the start of their own turn"
    if combatant.down:
        return f"{name} is out of the fight"
    if part_of(state).acting:
        return f"{name} has already acted this turn"
    return None


def _stance(sink: Builder, cid: str, stance: Stance) -> str:
    state = sink.state
    combatant = common.need(state, cid)
    refusal = stance_refusal(state, cid, stance)
    if refusal is not None:
        raise RulesError(refusal)
    _return_if_offered(sink, cid)
    sink.add(events.StanceChosen(cid, stance))
    return f"{combatant.name}: {stance.label} stance"


def attack_refusal(state: EncounterState, attacker: Combatant) -> str | None:
    """Why ``attacker`` may make no attack now, whatever its weapon and target, while turns are
    taken (``None``: it may): only on its own turn, never out of the fight, never in a stance
    that takes no actions."""
    if state.current != attacker.id:
        return f"It is not {attacker.name}'s turn"
    if attacker.down:
        return f"{attacker.name} is out of the fight"
    stance = sheet_of(attacker).stance
    if stance in (Stance.CENTER, Stance.FULL_DEFENSE):
        return f"{attacker.name} is in the {stance.label} stance and takes no actions"
    return None


def _attack(sink: Builder, intent: RollkeepAttack) -> str:
    state = sink.state
    _need_turns(state)
    attacker = common.need(state, intent.attacker_id)
    target = common.need(state, intent.target_id)
    refusal = attack_refusal(state, attacker)
    if refusal is not None:
        raise RulesError(refusal)
    if attacker.id == target.id:
        raise RulesError(f"{attacker.name} cannot attack themself")
    weapon = weapon_of(sheet_of(attacker), attacker.name, intent.weapon)
    plan = plan_attack(
        attacker,
        weapon,
        target,
        raises=intent.raises,
        into_melee=intent.into_melee,
        settings=sink.settings,
    )
    try:
        damage_dice = damage_spec(sheet_of(attacker), weapon, intent.raises, sink.settings)
    except DiceError as error:
        raise RulesError(f"{weapon.name} cannot roll damage: {error}") from None
    _return_if_offered(sink, attacker.id)
    attack = RollFor(attacker.id, f"the attack on {target.name}, TN {plan.tn}")
    roll = RollRecord.of_keep(sink.roller.roll_keep(plan.spec, attack))
    hit = roll.total >= plan.tn
    harm = RollFor(attacker.id, f"the damage to {target.name}")
    damage = RollRecord.of_keep(sink.roller.roll_keep(damage_dice, harm)) if hit else None
    sink.add(
        events.Attacked(
            attacker.id,
            target.id,
            intent.weapon,
            roll,
            plan.tn,
            intent.raises,
            intent.into_melee,
            plan.uses_center,
            damage,
        )
    )
    if damage is not None:
        hurt = sink.state.combatants[target.id]
        sheet, text = sheet_of(hurt).damaged(damage.total, hurt.side)
        sink.add(CombatantsUpdated((CombatantUpdate(replace(hurt, sheet=sheet), text),)))
    return f"{attacker.name} attacks {target.name}"


def _ambush(sink: Builder, intent: RollkeepAmbush) -> str:
    state = sink.state
    if state.phase != Phase.SETUP:
        raise RulesError("The ambush is rolled before the skirmish starts")
    if part_of(state).ambush_rolled:
        raise RulesError("The ambush has already been rolled")
    hidden = common.check_targets(state, list(intent.ambusher_ids))
    aware = common.check_targets(state, list(intent.unaware_ids))
    surprised = common.check_targets(state, list(intent.surprised_ids or intent.unaware_ids))
    if {c.id for c in hidden} & {c.id for c in (*aware, *surprised)}:
        raise RulesError("A combatant cannot be both hiding and surprised")

    def roll(combatant: Combatant, stealth: bool) -> events.CombatantRoll:
        sheet = sheet_of(combatant)
        if stealth:
            spec = contest_spec(sheet, sheet.agility, "Stealth", sink.settings)
        else:
            spec = contest_spec(sheet, sheet.perception, "Investigation", sink.settings)
        by = RollFor(
            combatant.id, "the ambush (Stealth)" if stealth else "the ambush (Investigation)"
        )
        return events.CombatantRoll(
            combatant.id, RollRecord.of_keep(sink.roller.roll_keep(spec, by))
        )

    sink.add(
        events.AmbushRolled(
            tuple(roll(c, True) for c in hidden),
            tuple(roll(c, False) for c in aware),
            tuple(c.id for c in surprised),
        )
    )
    return "Ambush"


def edit_own_cell(sink: Builder, combatant: Combatant, key: str, value: object) -> str:
    """Set a ``rollkeep`` cell: the stance, a typed Initiative Score, the wounds."""
    cid = combatant.id
    if key == "stance":
        try:
            stance = Stance(str(value).strip().lower().replace(" ", "_"))
        except ValueError:
            options = ", ".join(s.label for s in Stance)
            raise RulesError(f"The stance must be one of {options}, got {value!r}") from None
        return _stance(sink, cid, stance)
    if key == "initiative":
        if value is None or (isinstance(value, str) and not value.strip()):
            score = None
        else:
            score = INITIATIVE_SCORE.read(value)
        sink.add(events.InitiativeSet(cid, score))
        _break_ties(sink)
        return f"{combatant.name}: Initiative Score {'rolled' if score is None else score}"
    if key == "wounds":
        wounds = WOUNDS.read(value)
        sheet = replace(sheet_of(combatant), wounds=wounds)
        text = f"wounds set to {wounds} ({sheet.wound.name})"
        sink.add(CombatantsUpdated((CombatantUpdate(replace(combatant, sheet=sheet), text),)))
        return f"{combatant.name}: {text}"
    raise RulesError(f"The column {key!r} cannot be edited")


KEPT_IN_FIGHT = (
    "stance",
    "initiative",
    "initiative_override",
    "tie_faces",
    "roll_offs",
    "delaying",
    "full_defense_bonus",
    "center_initiative",
    "center_roll",
    "ambushed",
)
"""What a sheet edited in a skirmish keeps of the sheet it replaces: its stance, its scores
and roll-offs, and where its turns stand."""


def _replace(sink: Builder, combatant: Combatant) -> str:
    before = common.need(sink.state, combatant.id)
    common.check_renaming(sink.state, before, combatant.name)
    old, new = sheet_of(before), sheet_of(combatant)
    kept = common.with_fields_of(new, old, KEPT_IN_FIGHT)
    update = CombatantUpdate(replace(combatant, sheet=kept), "sheet edited")
    sink.add(CombatantsUpdated((update,)))
    _break_ties(sink)
    return f"Edit {combatant.name}"


def _join(sink: Builder, joining: list[Combatant]) -> str:
    # A newcomer has rolled no roll-off of this skirmish.
    fresh = [replace(c, sheet=replace(sheet_of(c), tie_faces=(), roll_offs=())) for c in joining]
    label = common.join(sink, fresh)
    if sink.state.phase != Phase.SETUP:
        _roll_initiative(sink, [c.id for c in joining])
    return label


def decide_own(sink: Builder, intent: Intent) -> str | None:
    """Decide a ``rollkeep`` intent (or a shared one the skirmish decides its own way) into
    ``sink``; ``None``: one the shared rules decide."""
    match intent:
        case RemoveCombatants(combatant_ids=ids):
            return _leave(sink, ids)
        case RollkeepDelay(combatant_id=cid):
            return _delay(sink, cid)
        case RollkeepActNow(combatant_id=cid):
            return _act_now(sink, cid)
        case RollkeepForfeit(combatant_id=cid):
            return _forfeit(sink, cid)
        case RollkeepChooseStance(combatant_id=cid, stance=stance):
            return _stance(sink, cid, stance)
        case RollkeepAttack():
            return _attack(sink, intent)
        case RollkeepAmbush():
            return _ambush(sink, intent)
        case AddCombatants(combatants=joining):
            return _join(sink, list(joining))
        case ReplaceCombatant(combatant=combatant):
            return _replace(sink, combatant)
        case MoveInOrder() | ClearManualOrder():
            raise RulesError(
                "In a roll-and-keep skirmish the Initiative Score sets the order: drag the "
                "combatant on turn later to delay, or type a score over the roll"
            )
    return None
