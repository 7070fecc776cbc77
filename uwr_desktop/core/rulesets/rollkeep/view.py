"""Showing a ``rollkeep`` skirmish: log lines, the timeline on the score axis, a drag as a
delay, the table's columns and each combatant's resources."""

from uwr_desktop.core.condition_text import condition_text
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.rulesets import common, kit
from uwr_desktop.core.rulesets.rollkeep import events
from uwr_desktop.core.rulesets.rollkeep.apply import part_of
from uwr_desktop.core.rulesets.rollkeep.decide import (
    WOUNDS,
    attack_refusal,
    can_delay,
    delay_refusal,
    offered,
    remaining,
    stance_refusal,
    waiting,
)
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepActNow,
    RollkeepAttack,
    RollkeepChooseStance,
    RollkeepDelay,
    RollkeepForfeit,
)
from uwr_desktop.core.rulesets.rollkeep.rules import (
    armor_tn,
    full_defense_bonus,
    placed_faces,
    score,
    score_changes,
    score_parts,
    settled_faces,
    sheet_of,
)
from uwr_desktop.core.rulesets.rollkeep.sheet import Stance
from uwr_desktop.core.rulesets.rollkeep.state import Phase


def roll_text(roll: kit.RollRecord) -> str:
    """``"7k3 = 24 [10+4, 8, 6 | 3, 2]"``: the dice as asked, the total, the kept values."""
    keep = roll.keep()
    values = keep.values
    kept = keep.kept_indices
    shown = ", ".join("+".join(str(face) for face in keep.chains[index]) for index in kept)
    dropped = ", ".join(str(values[index]) for index in range(len(values)) if index not in kept)
    extra = roll.keep().spec.effective.bonus + roll.modifier
    tail = f" {extra:+d}" if extra else ""
    return (
        f"{roll.dice}k{roll.kept} = {roll.total} [{shown}"
        f"{' | ' + dropped if dropped else ''}]{tail}"
    )


def score_text(state: kit.EncounterState, cid: str) -> str:
    """The score as the GM reads it: ``"27"``, ``"37 (27+10)"`` with Center, ``"20 (30-10)"``
    when ambushed, ``"44 (typed)"``; ``"-"`` before it is rolled."""
    sheet = sheet_of(state.combatants[cid])
    now, base = score(sheet), sheet.base_score
    if now is None or base is None:
        return "-"
    changes = "".join(f"{change:+d}" for change in score_changes(sheet))
    typed = " typed" if sheet.initiative_override is not None else ""
    if changes:
        return f"{now} ({base}{changes}{typed})"
    return f"{now} (typed)" if typed else str(now)


def _describe_attack(event: events.Attacked, state: kit.EncounterState) -> str:
    name = {cid: c.name for cid, c in state.combatants.items()}
    sheet = sheet_of(state.combatants[event.attacker])
    weapon = sheet.weapons[event.weapon].name if event.weapon < len(sheet.weapons) else "?"
    raises = f", {event.raises} raises" if event.raises else ""
    melee = ", into melee" if event.into_melee else ""
    verdict = "misses"
    if event.damage is not None:
        verdict = f"hits; damage {roll_text(event.damage)}"
    return (
        f"Round {state.round} · {name[event.attacker]} attacks {name[event.target]} with "
        f"{weapon}{raises}{melee}: {roll_text(event.roll)} vs TN {event.tn}, {verdict}"
    )


def _joined_text(state: kit.EncounterState, name: str, number: int, rolled: list[int]) -> str:
    """``"Initiative roll-off: C rolls alone against B 7, A 4: 7, 5 → 5"``."""
    members = [
        (state.combatants[cid].name, faces)
        for cid in state.order
        if (faces := settled_faces(sheet_of(state.combatants[cid])).get(number))
    ]
    theirs = ", ".join(f"{who} {'-'.join(map(str, faces))}" for who, faces in members)
    kept = placed_faces([faces for _, faces in members], rolled) or ()
    return (
        f"Initiative roll-off: {name} rolls alone against {theirs}: "
        f"{', '.join(map(str, rolled))} → {'-'.join(map(str, kept))}"
    )


def describe(event: kit.Event, state: kit.EncounterState) -> str | None:
    """One log line for ``event`` in the skirmish's words (``None``: the shared words);
    ``state`` is the state just before it."""
    name = {cid: c.name for cid, c in state.combatants.items()}
    match event:
        case events.StageBegan(round=number, stage=stage):
            words = {
                Phase.INITIATIVE: "Stage 1, Initiative",
                Phase.TURNS: "Stage 2, Turns",
                Phase.REACTIONS: "Stage 3, Reactions",
            }
            return f"Round {number} · {words.get(stage, stage)}"
        case events.InitiativeRolled(rolls=rolls):
            return "Initiative: " + "; ".join(
                f"{name[r.combatant_id]} {roll_text(r.roll)}" for r in rolls
            )
        case events.TiesRolled(rolls=rolls) | events.RollOff(rolls=rolls):
            return "Initiative roll-off: " + ", ".join(
                f"{name[r.combatant_id]} {r.roll.total}" for r in rolls
            )
        case events.RollOffJoined(combatant_id=cid, roll_off=number, rolls=rolls):
            return _joined_text(state, name[cid], number, [roll.total for roll in rolls])
        case events.InitiativeSet(combatant_id=cid, score=value):
            shown = "back to the roll" if value is None else f"typed as {value}"
            return f"{name[cid]}'s Initiative Score {shown}"
        case events.StanceChosen(combatant_id=cid, stance=stance):
            return f"{name[cid]} takes the {stance.label} stance"
        case events.AmbushRolled(ambushers=hidden, unaware=aware, surprised=surprised):
            hide = sum(r.roll.total for r in hidden)
            see = sum(r.roll.total for r in aware)
            verdict = (
                f"the ambush succeeds: {common.names(state, surprised)} -10 initiative"
                if hide > see
                else "the ambush is noticed"
            )
            return f"Ambush: Stealth {hide} vs Investigation {see}, {verdict}"
        case events.Delayed(combatant_id=cid):
            return f"{name[cid]} delays"
        case events.Returned(combatant_id=cid):
            return f"{name[cid]} takes the delayed turn"
        case events.Forfeited(combatant_ids=ids):
            return f"{common.names(state, ids)} forfeits the turn this round"
        case events.FullDefenseRolled(combatant_id=cid, roll=roll):
            return (
                f"{name[cid]} Full Defense: {roll_text(roll)}, Armor TN "
                f"+{full_defense_bonus(roll.total)} until their next turn"
            )
        case events.Attacked():
            return _describe_attack(event, state)
        case kit.RoundEnded(round=number, expired=expired):
            gone = ", ".join(f"{name[r.combatant_id]}'s {r.name}" for r in expired)
            return f"Round {number} ends" + (f"; {gone} expired" if gone else "")
        case kit.TurnStarted(combatant_id=cid) if sheet_of(state.combatants[cid]).delaying:
            return f"{name[cid]} is offered the delayed turn"
    return None


def _status(state: kit.EncounterState, cid: str) -> kit.SlotStatus:
    sheet = sheet_of(state.combatants[cid])
    if cid == state.current:
        return kit.SlotStatus.CURRENT
    if sheet.delaying:
        return kit.SlotStatus.DELAYED
    if cid in state.acted or state.combatants[cid].down:
        return kit.SlotStatus.DONE
    return kit.SlotStatus.PENDING


def _detail(state: kit.EncounterState, cid: str) -> str:
    combatant = state.combatants[cid]
    sheet = sheet_of(combatant)
    wound = sheet.wound
    parts = [f"{sheet.stance.label} stance", f"Armor TN {armor_tn(sheet)}", wound.name]
    if score_parts(sheet):
        parts.insert(0, f"score {score_parts(sheet)}")
    if wound.penalty and not wound.out:
        parts[-1] += f" (TN +{wound.penalty})"
    if offered(state) == cid:
        parts.append("offered the delayed turn")
    elif sheet.delaying:
        parts.append("delaying")
    parts.extend(condition_text(c, state) for c in combatant.conditions)
    return " · ".join(parts)


def timeline(state: kit.EncounterState) -> tuple[kit.TimelineSlot, ...]:
    """One card per combatant in turn order, at its score; delayers are ``delayed``."""
    slots = []
    for cid in state.order:
        combatant = state.combatants[cid]
        sheet = sheet_of(combatant)
        slots.append(
            kit.combatant_slot(
                combatant,
                f"{sheet.stance.icon} {score_text(state, cid)}",
                status=_status(state, cid),
                detail=_detail(state, cid),
                position=score(sheet) or 0,
            )
        )
    return tuple(slots)


def timeline_axis(state: kit.EncounterState) -> kit.TimelineAxis:
    """The score axis: a ruler, highest first."""
    return kit.TimelineAxis(
        kit.AxisKind.RULER,
        "Initiative Score (Insight Rank + Reflexes k Reflexes)",
        unit="Initiative Score",
    )


def drag_answer(state: kit.EncounterState, slot_key: str, new_index: int) -> kit.DragAnswer:
    """Later is a delay of the turn under way; earlier is refused (turns are not saved)."""
    order = list(state.order)
    if slot_key not in order:
        return kit.DragAnswer(None, "No such combatant")
    name = state.combatants[slot_key].name
    index = order.index(slot_key)
    if new_index == index:
        return kit.DragAnswer(None, "No change")
    if new_index < index:
        return kit.DragAnswer(
            None,
            f"{name} cannot move earlier: the Initiative Score sets the order and turns are "
            "not saved (a delayer acts when offered its turn: Act now)",
        )
    if state.phase != Phase.TURNS:
        return kit.DragAnswer(None, "Delaying is for the combatant on turn once the skirmish runs")
    if state.current != slot_key:
        return kit.DragAnswer(
            None, f"Only the combatant on turn can delay; it is not {name}'s turn"
        )
    if not can_delay(state, slot_key):
        return kit.DragAnswer(None, f"{name} is the lowest left and cannot delay")
    if part_of(state).acting:
        return kit.DragAnswer(None, f"{name} has already acted this turn and cannot delay")
    following = state.combatants[remaining(state)[0]].name
    if offered(state) == slot_key:
        return kit.DragAnswer(
            RollkeepDelay(slot_key), f"{name} keeps waiting: {following} acts next"
        )
    return kit.DragAnswer(
        RollkeepDelay(slot_key),
        f"Delay {name}: {following} takes the next turn; {name} may act after it",
    )


def resources(state: kit.EncounterState, combatant_id: str) -> tuple[kit.Resource, ...]:
    """Armor TN now, with the stance that sets it (the wounds are the table's Health and the
    wound rank has its own column)."""
    sheet = sheet_of(state.combatants[combatant_id])
    tn = armor_tn(sheet)
    return (kit.Resource("armor_tn", "Armor TN", tn, None, f"{tn} ({sheet.stance.label} stance)"),)


def legal_intents(state: kit.EncounterState, combatant_id: str) -> tuple[kit.IntentOption, ...]:
    """What the combatant may do now: delay, act now or forfeit, stances, attacks."""
    if state.phase != Phase.TURNS:
        if state.phase == Phase.SETUP:
            current = sheet_of(state.combatants[combatant_id]).stance
            return tuple(
                kit.IntentOption(f"{s.label} stance", RollkeepChooseStance(combatant_id, s))
                for s in Stance
                if s is not current
            )
        return ()
    options: list[kit.IntentOption] = []
    if offered(state) == combatant_id:
        options.append(kit.IntentOption("Act now", RollkeepActNow(combatant_id)))
        if delay_refusal(state, combatant_id) is None:
            options.append(kit.IntentOption("Keep waiting", RollkeepDelay(combatant_id)))
        options.append(kit.IntentOption("Forfeit the turn", RollkeepForfeit(combatant_id)))
        return tuple(options)
    if state.current != combatant_id:
        return ()
    combatant = state.combatants[combatant_id]
    sheet = sheet_of(combatant)
    if delay_refusal(state, combatant_id) is None:
        options.append(kit.IntentOption("Delay", RollkeepDelay(combatant_id)))
    if stance_refusal(state, combatant_id) is None:
        options.extend(
            kit.IntentOption(f"{s.label} stance", RollkeepChooseStance(combatant_id, s))
            for s in Stance
            if s is not sheet.stance
        )
    if attack_refusal(state, combatant) is None:
        for index, weapon in enumerate(sheet.weapons):
            for other in state.combatants.values():
                if other.side != combatant.side and not other.down:
                    options.append(
                        kit.IntentOption(
                            f"Attack {other.name} with {weapon.name}",
                            RollkeepAttack(combatant_id, index, other.id),
                        )
                    )
    return tuple(options)


STANCE_CHOICES = tuple(s.label for s in Stance)


OWN_COLUMNS = (
    kit.Column("stance", "Stance", kit.ColumnKind.CHOICE, editable=True, choices=STANCE_CHOICES),
    kit.Column(
        "initiative", "Score", kit.ColumnKind.TEXT, editable=True, max_length=MAX_NAME_LENGTH
    ),
    kit.Column("armor_tn", "Armor TN", kit.ColumnKind.INT, hidden_at_first=True),
    common.number_column("wounds", "Wounds", WOUNDS),
    kit.Column("wound_rank", "Wound rank", kit.ColumnKind.TEXT),
)
"""Stance, Initiative Score, Armor TN, wounds and wound rank, between the shared columns (Armor
TN hidden at first: its "This round" chip shows it)."""


def own_cell(state: kit.EncounterState, combatant: kit.Combatant, key: str) -> kit.CellValue:
    """One ``rollkeep`` cell of the table."""
    combatant_id = combatant.id
    sheet = sheet_of(combatant)
    match key:
        case "stance":
            return sheet.stance.label
        case "initiative":
            return score_text(state, combatant_id)
        case "armor_tn":
            return armor_tn(sheet)
        case "wounds":
            return sheet.wounds
        case "wound_rank":
            wound = sheet.wound
            if wound.penalty and not wound.out:
                return f"{wound.name} (TN +{wound.penalty})"
            return wound.name
    return None


__all__ = [
    "OWN_COLUMNS",
    "describe",
    "drag_answer",
    "legal_intents",
    "own_cell",
    "resources",
    "timeline",
    "timeline_axis",
    "waiting",
]
