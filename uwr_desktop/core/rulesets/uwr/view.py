"""How the ``uwr`` ruleset shows an encounter: log lines, table, timeline, resources, menus."""

from fractions import Fraction

from msgspec.structs import replace

from uwr_desktop.core.condition_text import condition_text
from uwr_desktop.core.rulesets import common, kit
from uwr_desktop.core.rulesets.uwr import events
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    PrepareWeapon,
    React,
    Reaction,
    Reroll,
    ResolveCheck,
)
from uwr_desktop.core.rulesets.uwr.rules import OFF_GUARD, OFF_GUARD_PRESET, roll_of
from uwr_desktop.core.rulesets.uwr.sheet import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_NAMES,
    HEALTH_FIELDS,
    TYPED_INITIATIVE,
    Initiative,
    Weapon,
    WeaponPool,
    sheet_of,
)
from uwr_desktop.core.rulesets.uwr.state import Phase, part_of
from uwr_desktop.core.rulesets.uwr.upr import format_upr

OWN_COLUMNS: tuple[kit.Column, ...] = (
    common.number_column("initiative", "Init", TYPED_INITIATIVE),
    kit.Column("initiative_roll", "Rolled", kit.ColumnKind.TEXT),
    *(
        kit.Column(
            name,
            name.capitalize(),
            kit.ColumnKind.FRACTION,
            editable=True,
            minimum=Fraction(0),
            maximum=Fraction(ATTRIBUTE_MAX),
            step=Fraction(1, 2),
        )
        for name in ATTRIBUTE_NAMES
    ),
    *(
        common.number_column(key, title, HEALTH_FIELDS[key])
        for key, title in (
            ("vitality", "Vitality"),
            ("vitality_max", "Max Vit."),
            ("stamina", "Stamina"),
            ("stamina_max", "Max Sta."),
        )
    ),
    kit.Column("weapons", "Weapons (uses)", kit.ColumnKind.TEXT),
)
"""The table's columns of uwr's own, between the shared ones."""


def weapon_text(weapon: Weapon) -> str:
    """A weapon's uses as the GM reads them: ``"Short Bow 1/2"``, ``"Crossbow preparing (1)"``."""
    if weapon.upr is None:
        return weapon.name
    if weapon.preparing_left:
        return f"{weapon.name} preparing ({weapon.preparing_left})"
    if weapon.upr == 0:
        return f"{weapon.name} unusable"
    if weapon.upr < 1 and not weapon.prepared:
        return f"{weapon.name} unprepared"
    return f"{weapon.name} {weapon.uses_left}/{weapon.uses_max}"


def typed_initiative_text(initiative: Initiative) -> str:
    """A typed initiative beside its roll, as the log, timeline and drag all say it:
    ``"99 (rolled 12)"``, or ``"99 (not rolled)"`` when it was typed before any roll."""
    if not initiative.faces:
        return f"{initiative.override} (not rolled)"
    return f"{initiative.override} (rolled {initiative.rolled})"


def initiative_text(combatant: kit.Combatant) -> str:
    """The rolled initiative: ``"14 (6+5+3)"``; a dash before it is rolled."""
    initiative = sheet_of(combatant).initiative
    if initiative is None or (not initiative.faces and initiative.override is not None):
        return "-"
    faces = "+".join(str(face) for face in initiative.faces) or "no dice"
    return f"{initiative.rolled} ({faces})"


def own_cell(combatant: kit.Combatant, key: str) -> kit.CellValue:
    """One ``uwr`` table cell."""
    if key in ATTRIBUTE_NAMES:
        return getattr(sheet_of(combatant).attributes, key)  # type: ignore[no-any-return]
    if key == "initiative":
        initiative = sheet_of(combatant).initiative
        return None if initiative is None else initiative.value
    if key == "initiative_roll":
        return initiative_text(combatant)
    if key == "weapons":
        return " · ".join(weapon_text(weapon) for weapon in sheet_of(combatant).weapons)
    if key in {"vitality", "vitality_max", "stamina", "stamina_max"}:
        return getattr(sheet_of(combatant), key)  # type: ignore[no-any-return]
    raise KeyError(key)


def timeline(state: kit.EncounterState) -> tuple[kit.TimelineSlot, ...]:
    """One slot per combatant in turn order; the value shows the roll even when overridden."""
    slots = []
    manual = part_of(state).manual_order is not None
    combatants, current, acted = state.combatants, state.current, state.acted
    # Runs on every change for every combatant (1,000 in a big fight): kept lean.
    for position, cid in enumerate(state.order):
        combatant = combatants[cid]
        sheet = sheet_of(combatant)
        initiative = sheet.initiative
        if initiative is None:
            value = "-"
        elif initiative.override is not None:
            value = typed_initiative_text(initiative)
        else:
            value = str(initiative.rolled)
        if manual:
            value += f" · manual #{position + 1}"
        status = kit.turn_status(cid, current, acted)
        details = [condition_text(c, state) for c in combatant.conditions]
        details += rule_states(state, cid)
        if sheet.vitality == 0:
            details.append("Death's Door" if combatant.side is kit.Side.PLAYER else "dead")
        slots.append(
            kit.combatant_slot(
                combatant,
                value,
                status=status,
                detail=", ".join(details) if details else "",
                position=position,
            )
        )
    return tuple(slots)


_AXIS = kit.TimelineAxis(kit.AxisKind.ORDER, "Turn order")


def timeline_axis(state: kit.EncounterState) -> kit.TimelineAxis:
    """The turn order, one turn each (highest initiative first): positions are places in
    it."""
    return _AXIS


def drag_answer(state: kit.EncounterState, slot_key: str, new_index: int) -> kit.DragAnswer:
    """A drag is a manual order that keeps the rolled value; nothing when nothing moves."""
    if slot_key not in state.combatants:
        return kit.DragAnswer(None, "No change")
    others = [cid for cid in state.order if cid != slot_key]
    index = max(0, min(new_index, len(others)))
    if not others or state.order.index(slot_key) == index:
        return kit.DragAnswer(None, "No change")
    name = state.combatants[slot_key].name
    if index < len(others):
        where = f"before {state.combatants[others[index]].name}"
    else:
        where = f"to the end, after {state.combatants[others[-1]].name}"
    initiative = sheet_of(state.combatants[slot_key]).initiative
    if initiative is None:
        kept = "no initiative rolled yet"
    elif initiative.override is not None:
        kept = f"initiative {typed_initiative_text(initiative)} kept"
    else:
        kept = f"rolled {initiative.rolled} kept"
    return kit.DragAnswer(
        kit.MoveInOrder(slot_key, index), f"Move {name} {where}: manual order, {kept}"
    )


def rule_states(state: kit.EncounterState, combatant_id: str) -> tuple[str, ...]:
    """Off Guard while preparing a weapon (-1 favor on attacks and dodges), unless the GM gave
    it as a condition too."""
    combatant = state.combatants[combatant_id]
    if not sheet_of(combatant).off_guard or any(
        c.stands_for(OFF_GUARD_PRESET, OFF_GUARD) for c in combatant.conditions
    ):
        return ()
    return (f"{OFF_GUARD} (preparing)",)


def resources(state: kit.EncounterState, combatant_id: str) -> tuple[kit.Resource, ...]:
    """Stamina and each weapon's uses this round (Vitality is the table's Health)."""
    sheet = sheet_of(state.combatants[combatant_id])
    found = [
        kit.Resource(
            "stamina",
            "Stamina",
            sheet.stamina,
            sheet.stamina_max,
            f"{sheet.stamina}/{sheet.stamina_max}",
        ),
    ]
    for index, weapon in enumerate(sheet.weapons):
        value = "" if weapon.upr is None else f" ({format_upr(weapon.upr)} per round)"
        found.append(
            kit.Resource(
                f"weapon:{index}",
                weapon.name,
                weapon.uses_left,
                weapon.uses_max,
                f"{weapon_text(weapon)} · {weapon.effective_type}{value}",
            )
        )
    return tuple(found)


def legal_intents(state: kit.EncounterState, combatant_id: str) -> tuple[kit.IntentOption, ...]:
    """What the combatant can do now, for menus."""
    combatant = state.combatants[combatant_id]
    pending = part_of(state).pending
    options: list[kit.IntentOption] = []
    if pending is not None:
        if pending.check.target == combatant_id and pending.reaction is None:
            options.append(kit.IntentOption("Dodge", React(Reaction.DODGE)))
            options.extend(
                kit.IntentOption(f"Parry with {w.name}", React(Reaction.PARRY, weapon=i))
                for i, w in enumerate(sheet_of(combatant).weapons)
                if w.pool is WeaponPool.MELEE and w.uses_left > 0
            )
        for of_reaction in (False, True):
            record = pending.roll(of_reaction)
            roll = roll_of(record) if record is not None else None
            if roll is not None and roll.rerolls_left > 0 and roll.rerollable_indices:
                label = "Reroll the reaction's failed dice" if of_reaction else "Reroll failed dice"
                options.append(kit.IntentOption(label, Reroll(of_reaction=of_reaction)))
        options.append(kit.IntentOption("Resolve", ResolveCheck()))
        return tuple(options)
    if state.phase != Phase.ROUND:
        return ()
    targets: list[kit.Combatant] | None = None
    # A combatant who is down attacks and prepares nothing.
    weapons = () if combatant.down else sheet_of(combatant).weapons
    for index, weapon in enumerate(weapons):
        if weapon.uses_left > 0 and not weapon.preparing_left:
            if targets is None:
                targets = [
                    other
                    for other in state.combatants.values()
                    if other.side != combatant.side and not other.down
                ]
            options.extend(
                kit.IntentOption(
                    f"Attack {other.name} with {weapon.name}", Attack(combatant_id, index, other.id)
                )
                for other in targets
            )
        elif (
            weapon.upr is not None
            and 0 < weapon.upr < 1
            and not weapon.prepared
            and not weapon.preparing_left
            and weapon.uses_max == weapon.uses_left
        ):
            options.append(
                kit.IntentOption(f"Prepare {weapon.name}", PrepareWeapon(combatant_id, index))
            )
    if state.current == combatant_id:
        options.append(kit.IntentOption("End turn", kit.NextTurn()))
    return tuple(options)


def _roll_text(record: kit.RollRecord) -> str:
    roll = roll_of(record)
    faces = " ".join(str(face) for face in roll.faces) or "no dice"
    favor = f", favor {record.favor:+d}" if record.favor else ""
    return f"[{faces}] {roll.successes} at {roll.threshold}+{favor}"


def _check_title(state: kit.EncounterState, check: events.CheckRolled) -> str:
    actor = state.combatants[check.actor].name
    if check.kind == "attack":
        target = state.combatants[check.target or ""].name
        return f"{actor} attacks {target} with {check.title}"
    if check.kind == "opposed":
        target = state.combatants[check.target or ""].name
        return f"{actor}'s {check.title} against {target}"
    return f"{actor}'s {check.title}"


def _describe_update(state: kit.EncounterState, event: kit.CombatantsUpdated) -> str:
    return "; ".join(
        f"{state.combatants[u.combatant.id].name} {u.text}" for u in event.updates if u.text
    )


def _describe_check(event: kit.Event, state: kit.EncounterState) -> str:
    pending = part_of(state).pending
    if isinstance(event, events.CheckRolled):
        actor = state.combatants[event.actor].name
        if event.kind == "attack":
            target = state.combatants[event.target or ""].name
            text = f"{actor} attacks {target} with {event.title}: {_roll_text(event.roll)}"
        elif event.kind == "opposed":
            target = state.combatants[event.target or ""].name
            text = f"{actor}'s {event.title} against {target}: {_roll_text(event.roll)}"
        else:
            goal = f" (needs {event.difficulty})" if event.difficulty else ""
            text = f"{actor}'s {event.title}{goal}: {_roll_text(event.roll)}"
        return text + (" (Off Guard)" if event.off_guard else "")
    assert pending is not None
    check = pending.check
    if isinstance(event, events.ReactionRolled):
        target = state.combatants[check.target or ""].name
        verb = {"parry": "parries", "dodge": "dodges"}.get(event.reaction, "opposes")
        guard = " (Off Guard)" if event.off_guard else ""
        skill = f" with {event.skill}" if event.skill else ""
        return f"{target} {verb}{skill}: {_roll_text(event.roll)}{guard}"
    if isinstance(event, events.DieRerolled):
        record = pending.roll(event.of_reaction)
        before = record.faces[event.index] if record and 0 <= event.index < len(record.faces) else 0
        who = check.target if event.of_reaction else check.actor
        name = state.combatants[who or ""].name
        return f"{name} rerolls die {event.index + 1}: {before} → {event.face}"
    if isinstance(event, events.ResultTyped):
        who = check.target if event.of_reaction else check.actor
        record = pending.roll(event.of_reaction)
        rolled = roll_of(record).successes if record is not None else 0
        return (
            f"GM types {event.successes} for {state.combatants[who or ''].name}'s "
            f"{'reaction' if event.of_reaction else 'roll'} (rolled {rolled})"
        )
    assert isinstance(event, events.CheckResolved)
    title = _check_title(state, check)
    if check.kind == "opposed":
        target = state.combatants[check.target or ""].name
        winner = state.combatants[check.actor].name if event.success else target
        kept = event.surviving if event.success else (event.reaction or 0) - event.action
        return f"{title}: {event.action} vs {event.reaction}, {winner} wins" + (
            f" with {kept}" if kept > 0 else " (a tie goes to the target)"
        )
    if check.kind == "attack":
        if event.reaction is None:
            against = "no reaction"
        else:
            answer = pending.reaction.reaction if pending.reaction is not None else None
            against = f"{answer} {event.reaction}"
        result = f"hits with {event.surviving}" if event.success else "misses"
        return f"{title}: {event.action} vs {against}, {result}"
    if check.difficulty is not None:
        verdict = "passes" if event.success else "fails"
        return f"{title}: {event.action} vs difficulty {check.difficulty}, {verdict}"
    return f"{title}: {event.action} successes"


_TELL_ROUND = (events.RoundStarted, kit.RoundEnded)
"""The events whose log lines tell their round themselves."""


def describe(event: kit.Event, state: kit.EncounterState) -> str:
    """One log line for ``event``; ``state`` is the state just before it."""
    if isinstance(event, events.StaminaRefilled):
        return ""
    return common.line_in_round(_describe(event, state), event, state, _TELL_ROUND)


def _describe(event: kit.Event, state: kit.EncounterState) -> str | None:
    match event:
        case kit.CombatantsUpdated():
            return _describe_update(state, event)
        case events.ManualOrderSet(order=None):
            return "Turn order back to the rolled initiative"
        case events.ManualOrderSet(order=order):
            listed = ", ".join(state.combatants[c].name for c in order or ())
            return f"Turn order set by hand: {listed}"
        case events.RoundStarted(round=number):
            return f"Round {number} starts"
        case events.PreparationAdvanced(weapons=refs):
            parts = []
            for ref in refs:
                combatant = state.combatants[ref.combatant_id]
                weapon = sheet_of(combatant).weapons[ref.weapon]
                left = weapon.preparing_left - 1
                parts.append(
                    f"{combatant.name}'s {weapon.name} is ready"
                    if left == 0
                    else f"{combatant.name} keeps preparing {weapon.name} ({left} more round)"
                )
            return "; ".join(parts)
        case events.InitiativeRolled(rolls=rolls):
            return "Initiative: " + ", ".join(
                f"{state.combatants[r.combatant_id].name} {sum(r.faces)}"
                f" ({'+'.join(map(str, r.faces)) or 'no dice'})"
                for r in rolls
            )
        case events.RollOff(rolls=rolls):
            return "Tie roll-off: " + ", ".join(
                f"{state.combatants[r.combatant_id].name} {'/'.join(map(str, r.faces))}"
                for r in rolls
            )
        case events.InitiativeOverridden(combatant_id=cid, value=value):
            combatant = state.combatants[cid]
            initiative = sheet_of(combatant).initiative or Initiative()
            if value is None:
                return f"{combatant.name}'s initiative back to the rolled {initiative.rolled}"
            typed = replace(initiative, override=value)
            return f"{combatant.name}'s initiative set to {typed_initiative_text(typed)}"
        case events.StaminaSpent(combatant_id=cid, stamina=left):
            combatant = state.combatants[cid]
            before = sheet_of(combatant).stamina
            return f"{combatant.name} spends {before - left} Stamina ({before} → {left})"
        case (
            events.CheckRolled()
            | events.ReactionRolled()
            | events.DieRerolled()
            | events.ResultTyped()
            | events.CheckResolved()
        ):
            return _describe_check(event, state)
    return None
