"""The ``uwr`` ruleset: d6 success pools, Grace initiative and Uses Per Round.

Decisions the rules leave open, and how they are taken here (see ``docs/rulesets.md``):

* A parry spends one use of the parrying melee weapon (setting ``parry_spends_use``), since a
  combatant out of uses "can only dodge".
* Stamina refills at the start of the combatant's own turn.
* Preparing a fractional weapon is an intent; it cannot start in a round the weapon was used,
  ticks down at each round end and leaves the weapon prepared for the next round.
"""

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from uwr_desktop.core.rulesets import common, kit
from uwr_desktop.core.rulesets.uwr import decide as rules
from uwr_desktop.core.rulesets.uwr import upgrade, view
from uwr_desktop.core.rulesets.uwr.apply import UwrWorkingState, apply_event
from uwr_desktop.core.rulesets.uwr.decide import Builder
from uwr_desktop.core.rulesets.uwr.edit import cell_column, edit_cell, replace_sheet
from uwr_desktop.core.rulesets.uwr.events import EARLIER_TAGS, ManualOrderSet
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
from uwr_desktop.core.rulesets.uwr.rules import PRESETS, UwrSettings, check_types, upr_table
from uwr_desktop.core.rulesets.uwr.sheet import sheet_of
from uwr_desktop.core.rulesets.uwr.shown_rolls import shown_rolls
from uwr_desktop.core.rulesets.uwr.state import NO_PART, part_of
from uwr_desktop.core.rulesets.uwr.upr import UprError


class UwrRuleset(kit.ViewsFromModule, kit.RoundSystem[UwrSettings]):
    """The ``uwr`` ruleset with its settings; see :class:`~.base.Ruleset` for the protocol."""

    id = "uwr"
    title = "Us Who Remain (dice pools, Uses Per Round)"
    refusal = "The uwr rules"
    earlier_tags = EARLIER_TAGS
    presets = PRESETS
    starter_file = "uwr.toml"
    sheet_of = staticmethod(sheet_of)
    views = view
    own_columns = view.OWN_COLUMNS

    def __init__(self, settings: UwrSettings | Mapping[str, Any] | None = None) -> None:
        """Use ``settings`` (a ``UwrSettings`` or a mapping of its fields; default rules)."""
        super().__init__(settings)
        self._table = upr_table(self.settings)

    def check_sheet(self, combatant: kit.Combatant) -> None:
        """A uwr sheet whose weapons' types the fight knows."""
        super().check_sheet(combatant)
        check_types(combatant, self._table)

    def first_part(self) -> kit.RulesetPart:
        """No manual order, nothing pending."""
        return NO_PART

    def ordered(self, state: kit.EncounterState) -> kit.EncounterState:
        """Turns by initiative (nobody rolled yet: table order)."""
        return replace(state, order=turn_order(state, self.settings))

    def apply(self, state: kit.EncounterState, event: kit.Event) -> kit.EncounterState:
        """The state after ``event`` (pure)."""
        return apply_event(state, event, self.settings)

    def working(self, state: kit.EncounterState) -> kit.WorkingState:
        """A working state changing combatants and the rolled order in place where it can."""
        return UwrWorkingState(state, self._settings)

    def builder(self, state: kit.EncounterState, roller: kit.Roller) -> Builder:
        """A sink knowing the fight's table of Uses Per Round types."""
        return Builder(state, self.settings, roller, self._table)

    def decide(
        self, state: kit.EncounterState, intent: kit.Intent, roller: kit.Roller
    ) -> kit.Decision:
        """Check ``intent`` and return its events; ``RulesError`` says why not."""
        try:
            return super().decide(state, intent, roller)
        except UprError as error:
            raise kit.RulesError(str(error)) from None

    def start_refusal(self, state: kit.EncounterState) -> str | None:
        """The shared refusals, then a check pending (a GM's check before the fight)."""
        return super().start_refusal(state) or rules.pending_refusal(state)

    def next_refusal(self, state: kit.EncounterState, *, end_round: bool) -> str | None:
        """The shared refusals, then a check pending."""
        return super().next_refusal(state, end_round=end_round) or rules.pending_refusal(state)

    def roll_refusal(self, state: kit.EncounterState) -> str | None:
        """Every roll waits for a pending check to be resolved."""
        return rules.pending_refusal(state)

    def start_fight(self, sink: common.Builder[UwrSettings]) -> str:
        """Missing initiative rolled, round 1 and its first turn, once no check is pending."""
        return rules.start_fight(_uwr(sink), sink.roller)

    def next_turn(self, sink: common.Builder[UwrSettings], *, end_round: bool) -> str:
        """The next turn of someone not down, or the round's end and the next round's first
        turn, once no check is pending."""
        return rules.next_turn(_uwr(sink), end_round=end_round)

    def decide_own(self, sink: common.Builder[UwrSettings], intent: kit.Intent) -> str | None:
        """Initiative, checks, attacks and reactions, weapons' preparation and types;
        newcomers, leavers, cells and sheets as Uses Per Round and the turn order need."""
        return self._decide(_uwr(sink), intent, sink.roller)

    def _decide(self, b: Builder, intent: kit.Intent, roller: kit.Roller) -> str | None:
        match intent:
            case kit.AddCombatants(combatants=combatants):
                return rules.join(b, list(combatants), roller)
            case kit.RemoveCombatants(combatant_ids=ids):
                return rules.leave(b, list(ids))
            case kit.EditCell(combatant_id=cid, column_key=key, value=value):
                return edit_cell(b, roller, cid, key, value)
            case kit.ReplaceCombatant(combatant=combatant):
                return replace_sheet(b, combatant)
            case kit.MoveInOrder(combatant_id=cid, index=index):
                b.add(rules.move_in_order(b.state, cid, index))
                return f"Move {b.state.combatants[cid].name} in the turn order"
            case kit.ClearManualOrder():
                if part_of(b.state).manual_order is None:
                    raise kit.RulesError("The turn order already follows the rolled initiative")
                b.add(ManualOrderSet(None))
                return "Back to the rolled turn order"
            case RollInitiative(combatant_ids=ids):
                rules.roll_initiative(b, [c.id for c in common.check_targets(b.state, ids)], roller)
                return "Roll initiative"
            case OverrideInitiative(combatant_id=cid, value=value):
                return rules.override_initiative(b, cid, value, roller)
            case Attack():
                return rules.attack(b, roller, intent)
            case React():
                return rules.react(b, roller, intent)
            case Reroll(indices=indices, of_reaction=of_reaction):
                return rules.reroll(b, roller, indices, of_reaction)
            case ResolveCheck():
                return rules.resolve(b)
            case DirectCheck():
                return rules.direct(b, roller, intent)
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
        return None

    own_rolls = staticmethod(shown_rolls)
    rule_states = staticmethod(view.rule_states)
    cell_column = staticmethod(cell_column)

    def own_cell(
        self, state: kit.EncounterState, combatant: kit.Combatant, key: str
    ) -> kit.CellValue:
        """Attributes, initiative, health and weapons."""
        return view.own_cell(combatant, key)

    def upgrade_combatant(self, raw: Any, schema: int) -> Any:
        """A combatant an earlier version wrote, in today's shape: a release 0.1.0 one's sheet
        fields moved into its sheet, a maximum Vitality of 0 raised to the least allowed."""
        return upgrade.upgrade_combatant(raw, schema)

    def upgrade_event(self, raw: Any) -> list[Any]:
        """An event an earlier version wrote, as today's (a release 0.1.0 turn start becomes
        the start and the refill), its tag brought to today's."""
        renamed: list[Any] = []
        for event in upgrade.upgrade_event(raw):
            renamed += super().upgrade_event(event)
        return renamed


def _uwr(sink: common.Builder[UwrSettings]) -> Builder:
    """``sink`` as the uwr builder :meth:`UwrRuleset.builder` makes, with the table of types."""
    assert isinstance(sink, Builder)
    return sink
