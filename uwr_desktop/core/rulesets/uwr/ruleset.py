"""The ``uwr`` ruleset: d6 success pools, Grace initiative and Uses Per Round.

Decisions the rules leave open, and how they are taken here (see ``docs/rulesets.md``):

* A parry spends one use of the parrying melee weapon (setting ``parry_spends_use``), since a
  combatant out of uses "can only dodge".
* Stamina refills at the start of the combatant's own turn.
* Preparing a fractional weapon is an intent; it cannot start in a round the weapon was used,
  ticks down at each round end and leaves the weapon prepared for the next round.
"""

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import Event, convert
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    ClearManualOrder,
    EditCell,
    EndRound,
    Heal,
    Intent,
    MoveInOrder,
    NextTurn,
    RemoveCombatants,
    RemoveCondition,
    ReplaceCombatant,
    RerollDice,
    RollDice,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import common
from uwr_desktop.core.rulesets.base import (
    CellValue,
    Column,
    Decision,
    DragAnswer,
    IntentOption,
    Resource,
    RollShown,
)
from uwr_desktop.core.rulesets.uwr import decide as rules
from uwr_desktop.core.rulesets.uwr import upgrade, view
from uwr_desktop.core.rulesets.uwr.apply import apply_event
from uwr_desktop.core.rulesets.uwr.decide import Builder
from uwr_desktop.core.rulesets.uwr.edit import edit_cell, replace_sheet
from uwr_desktop.core.rulesets.uwr.events import ManualOrderSet
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    FreeRoll,
    OpposedCheck,
    OverrideInitiative,
    OverrideWeaponType,
    PrepareWeapon,
    React,
    Reroll,
    ResolveCheck,
    RollInitiative,
    SetPrepared,
    TypeResult,
)
from uwr_desktop.core.rulesets.uwr.order import turn_order
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings, check_types, upr_table
from uwr_desktop.core.rulesets.uwr.sheet import sheet_of
from uwr_desktop.core.rulesets.uwr.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.uwr.state import NO_PART, part_of
from uwr_desktop.core.rulesets.uwr.upr import UprError
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot


class UwrRuleset:
    """The ``uwr`` ruleset with its settings; see :class:`~.base.Ruleset` for the protocol."""

    id = "uwr"
    title = "Us Who Remain (dice pools, Uses Per Round)"

    def __init__(self, settings: UwrSettings | Mapping[str, Any] | None = None) -> None:
        """Use ``settings`` (a ``UwrSettings`` or a mapping of its fields; default rules)."""
        chosen: UwrSettings
        if settings is None:
            chosen = UwrSettings()
        elif isinstance(settings, UwrSettings):
            chosen = settings
        else:
            try:
                chosen = convert(dict(settings), UwrSettings)
            except (msgspec.ValidationError, TypeError, ValueError) as error:
                raise RulesError(f"Bad uwr settings: {error}") from None
        self._settings = chosen
        self._table = upr_table(chosen)

    @property
    def settings(self) -> UwrSettings:
        """The house rules in force."""
        return self._settings

    def initial_state(self, roster: Sequence[Combatant]) -> EncounterState:
        """The encounter before any entry: the roster in table order, turns by initiative."""
        combatants: dict[str, Combatant] = {}
        for combatant in roster:
            if combatant.id in combatants:
                raise RulesError(f"Two combatants have the id {combatant.id!r}")
            sheet_of(combatant)
            check_types(combatant, self._table)
            combatants[combatant.id] = combatant
        state = EncounterState(
            combatants=combatants, rows=tuple(combatants), order=(), part=NO_PART
        )
        return replace(state, order=turn_order(state, self._settings))

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """The state after ``event`` (pure)."""
        return apply_event(state, event, self._settings)

    def decide(self, state: EncounterState, intent: Intent, roller: Roller) -> Decision:
        """Check ``intent`` and return its events; ``RulesError`` says why not."""
        builder = Builder(state, self._settings, self._table)
        try:
            label = self._decide(builder, intent, roller)
        except UprError as error:
            raise RulesError(str(error)) from None
        return Decision(label, tuple(builder.events))

    def _decide(self, b: Builder, intent: Intent, roller: Roller) -> str:
        match intent:
            case StartFight():
                return rules.start_fight(b, roller)
            case NextTurn():
                return rules.next_turn(b, end_round=False)
            case EndRound():
                return rules.next_turn(b, end_round=True)
            case AddCombatants(combatants=combatants):
                return rules.join(b, list(combatants), roller)
            case RemoveCombatants(combatant_ids=ids):
                return rules.leave(b, list(ids))
            case ApplyDamage(combatant_ids=ids, amount=amount):
                return common.change_health(b, list(ids), amount, heal=False)
            case Heal(combatant_ids=ids, amount=amount):
                return common.change_health(b, list(ids), amount, heal=True)
            case AddCondition(combatant_ids=ids, condition=condition):
                return common.add_condition(b, list(ids), condition)
            case RemoveCondition(combatant_ids=ids, name=name):
                return common.remove_condition(b, list(ids), name)
            case RollDice(combatant_id=cid, notation=notation, title=title):
                return common.roll_dice(b, cid, notation, title, roller)
            case RerollDice(indices=indices):
                return common.reroll_dice(b, indices, roller)
            case EditCell(combatant_id=cid, column_key=key, value=value):
                return edit_cell(b, roller, cid, key, value)
            case ReplaceCombatant(combatant=combatant):
                return replace_sheet(b, combatant)
            case MoveInOrder(combatant_id=cid, index=index):
                b.add(rules.move_in_order(b.state, cid, index))
                return f"Move {b.state.combatants[cid].name} in the turn order"
            case ClearManualOrder():
                if part_of(b.state).manual_order is None:
                    raise RulesError("The turn order already follows the rolled initiative")
                b.add(ManualOrderSet(None))
                return "Back to the rolled turn order"
            case RollInitiative(combatant_ids=ids):
                rules.roll_initiative(b, [c.id for c in common.check_targets(b.state, ids)], roller)
                return "Roll initiative"
            case OverrideInitiative(combatant_id=cid, value=value):
                return rules.override_initiative(b, cid, value, roller)
            case Attack():
                modifiers = (intent.favor, intent.extra_dice, intent.extra_rerolls)
                return rules.attack(
                    b,
                    roller,
                    attacker_id=intent.attacker_id,
                    index=intent.weapon,
                    target_id=intent.target_id,
                    modifiers=modifiers,
                    below_one=intent.below_one,
                )
            case React():
                modifiers = (intent.favor, intent.extra_dice, intent.extra_rerolls)
                return rules.react(
                    b,
                    roller,
                    reaction=intent.reaction,
                    weapon_index=intent.weapon,
                    skill_name=intent.skill,
                    modifiers=modifiers,
                    below_one=intent.below_one,
                )
            case Reroll(indices=indices, of_reaction=of_reaction):
                return rules.reroll(b, roller, indices, of_reaction)
            case ResolveCheck():
                return rules.resolve(b)
            case DirectCheck():
                modifiers = (intent.favor, intent.extra_dice, intent.extra_rerolls)
                return rules.direct(
                    b,
                    roller,
                    combatant_id=intent.combatant_id,
                    attribute=intent.attribute,
                    difficulty=intent.difficulty,
                    skill_name=intent.skill,
                    modifiers=modifiers,
                    title=intent.title,
                    below_one=intent.below_one,
                )
            case FreeRoll():
                spec = (intent.dice, intent.favor, intent.rerolls)
                return rules.free_roll(
                    b, roller, intent.combatant_id, spec, intent.title, difficulty=intent.difficulty
                )
            case OpposedCheck():
                sides = (
                    (
                        intent.combatant_id,
                        intent.attribute,
                        intent.skill,
                        (intent.favor, intent.extra_dice, intent.extra_rerolls),
                    ),
                    (
                        intent.target_id,
                        intent.target_attribute,
                        intent.target_skill,
                        (
                            intent.target_favor,
                            intent.target_extra_dice,
                            intent.target_extra_rerolls,
                        ),
                    ),
                )
                return rules.opposed(b, roller, sides, intent.title, below_one=intent.below_one)
            case TypeResult(successes=successes, of_reaction=of_reaction):
                return rules.type_result(b, successes, of_reaction)
            case PrepareWeapon(combatant_id=cid, weapon=index):
                return rules.prepare_weapon(b, cid, index)
            case SetPrepared(combatant_id=cid, weapon=index, prepared=prepared):
                return rules.set_prepared(b, cid, index, prepared)
            case OverrideWeaponType(combatant_id=cid, weapon=index, upr_type=upr_type):
                return rules.override_type(b, cid, index, upr_type)
        raise RulesError(f"The uwr rules cannot do {type(intent).__name__}")

    def describe(self, event: Event, state: EncounterState) -> str:
        """One log line for ``event``; ``state`` is the state just before it."""
        return view.describe(event, state)

    def rolls(self, event: Event, state: EncounterState) -> tuple[RollShown, ...]:
        """The rolls ``event`` made; ``state`` is the state just before it."""
        return common.shared_rolls(event, state) or shown_rolls(event, state)

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        """One slot per combatant, in turn order."""
        return view.timeline(state)

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        """Vitality, Stamina and each weapon's uses this round."""
        return view.resources(state, combatant_id)

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        """What the combatant can do now."""
        return view.legal_intents(state, combatant_id)

    def timeline_axis(self, state: EncounterState) -> TimelineAxis:
        """The turn order: positions are places in it."""
        return view.AXIS

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        """A drag is a manual order that keeps the rolled value ("No change" if nothing moves)."""
        return view.drag_answer(state, slot_key, new_index)

    def columns(self, state: EncounterState) -> tuple[Column, ...]:
        """The table columns."""
        return view.COLUMNS

    def cell_value(self, state: EncounterState, combatant_id: str, column_key: str) -> CellValue:
        """One table cell."""
        return view.cell_value(state, combatant_id, column_key)

    def edit_intent(self, combatant_id: str, column_key: str, value: object) -> Intent:
        """The intent setting a cell (the initiative cell types an override)."""
        return EditCell(combatant_id, column_key, value)

    def upgrade_combatant(self, raw: Any) -> Any:
        """A release 0.1.0 combatant with its sheet in a tagged record of its own."""
        return upgrade.upgrade_combatant(raw)

    def upgrade_event(self, raw: Any) -> list[Any]:
        """A release 0.1.0 event as today's (a turn start becomes the start and the refill)."""
        return upgrade.upgrade_event(raw)

    def upgrade_settings(self, raw: Any, schema: int) -> Any:
        """No uwr setting changed its default: the settings as written."""
        return raw
