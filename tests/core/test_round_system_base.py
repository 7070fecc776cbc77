"""What the round system's base gives a system that writes only its rules: the settings type it
is declared on, the sheet checked, the turn order kept, the start of a fight and its turns
asked of the system, an edited sheet keeping its named fields, the shared columns around its
own, and its own events applied from its table."""

import random

import msgspec
import pytest
from msgspec.structs import replace

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.intents import (
    AddCombatants,
    EndRound,
    Intent,
    NextTurn,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import common, make_ruleset
from uwr_desktop.core.rulesets.base import Column, ColumnKind
from uwr_desktop.core.rulesets.rollkeep.events import Forfeited
from uwr_desktop.core.rulesets.round_system import RoundSystem
from uwr_desktop.core.rulesets.tactical.events import CountersChanged
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet, sheet_of
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet


class LineupSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """No house rules."""


def _cleared(state: EncounterState, event: CountersChanged) -> EncounterState:
    return replace(state, round=state.round + 1, phase="turns")


OWN_APPLIERS = {CountersChanged: _cleared}
"""The lineup's one event of its own (a round starts)."""


class Lineup(RoundSystem[LineupSettings]):
    """Turns by name, on the tactical sheet; one event of its own, which starts a round."""

    id = "lineup"
    title = "Lineup"
    fight = "the lineup"
    sheet_of = staticmethod(sheet_of)
    kept_fields = ("penalty",)
    own_columns = (Column("hits", "Hits", ColumnKind.INT),)
    own_appliers = OWN_APPLIERS

    def ordered(self, state: EncounterState) -> EncounterState:
        by_name = sorted(state.combatants, key=lambda cid: state.combatants[cid].name)
        return replace(state, order=tuple(by_name))

    def start_fight(self, sink: common.Builder[LineupSettings]) -> str:
        sink.add(CountersChanged((), ""))
        common.start_turn(sink, sink.state.order[0])
        return "Line up"

    def next_turn(self, sink: common.Builder[LineupSettings], *, end_round: bool) -> str:
        current = sink.state.current
        if current is not None:
            common.end_turn(sink, current)
        waiting = [cid for cid in sink.state.order if cid not in sink.state.acted]
        if waiting and not end_round:
            common.start_turn(sink, waiting[0])
            return f"Next: {sink.state.combatants[waiting[0]].name}"
        common.end_round(sink)
        sink.add(CountersChanged((), ""))
        common.start_turn(sink, sink.state.order[0])
        return f"Round {sink.state.round}"

    def decide_own(self, sink: common.Builder[LineupSettings], intent: Intent) -> str | None:
        return None


def _fighter(cid: str, name: str, penalty: int = 0) -> Combatant:
    return Combatant(id=cid, name=name, sheet=TacticalSheet(penalty=penalty))


def _after(ruleset: Lineup, state: EncounterState, intent: Intent) -> EncounterState:
    for event in ruleset.decide(state, intent, Roller(random.Random(3))).events:
        state = ruleset.apply(state, event)
    return state


def test_the_settings_type_is_the_one_the_system_is_declared_on():
    assert Lineup.settings_type is LineupSettings
    with pytest.raises(RulesError, match="Bad lineup settings"):
        Lineup({"speed": 3})


def test_the_turn_order_is_the_systems_at_the_start_and_after_a_join():
    ruleset = Lineup()
    state = ruleset.initial_state([_fighter("b", "Bryn"), _fighter("v", "Ada")])
    assert state.order == ("v", "b")
    joined = _after(ruleset, state, AddCombatants((_fighter("c", "Aaron"),)))
    assert joined.order == ("c", "v", "b")


def test_the_fight_starts_and_turns_go_on_as_the_system_says():
    ruleset = Lineup()
    state = ruleset.initial_state(
        [_fighter("b", "Bryn"), _fighter("v", "Ada"), _fighter("c", "Cy")]
    )
    roller = Roller(random.Random(3))
    assert ruleset.decide(state, StartFight(), roller).label == "Line up"
    state = _after(ruleset, state, StartFight())
    assert (state.round, state.current) == (1, "v")
    assert ruleset.decide(state, NextTurn(), roller).label == "Next: Bryn"
    state = _after(ruleset, state, NextTurn())
    assert (state.round, state.current, state.acted) == (1, "b", {"v"})
    assert ruleset.decide(state, EndRound(), roller).label == "Round 2"
    state = _after(ruleset, state, EndRound())
    assert (state.round, state.current, state.acted) == (2, "v", frozenset())


def test_a_system_must_say_how_a_fight_starts_and_turns_go_on():
    class Unfinished(RoundSystem[LineupSettings]):
        id = "unfinished"
        title = "Unfinished"
        sheet_of = staticmethod(sheet_of)

        def start_fight(self, sink: common.Builder[LineupSettings]) -> str:
            return "Start"

        def decide_own(self, sink: common.Builder[LineupSettings], intent: Intent) -> str | None:
            return None

    with pytest.raises(TypeError, match="next_turn"):
        Unfinished()


def test_a_sheet_of_another_system_is_refused_by_its_reader():
    stranger = Combatant(id="u", name="Vex", sheet=UwrSheet())
    with pytest.raises(RulesError, match="Vex has no tactical sheet"):
        Lineup().initial_state([stranger])


def test_an_edited_sheet_keeps_the_fields_the_system_names():
    ruleset = Lineup()
    state = ruleset.initial_state([_fighter("b", "Bryn", penalty=-20)])
    edited = replace(_fighter("b", "Bryn"), sheet=TacticalSheet(hits=30, penalty=0))
    after = _after(ruleset, state, ReplaceCombatant(edited)).combatants["b"]
    assert (sheet_of(after).hits, sheet_of(after).penalty) == (30, -20)


def test_the_shared_columns_stand_around_the_systems_own():
    keys = [column.key for column in Lineup().columns(Lineup().initial_state([]))]
    assert keys == ["name", "side", "hits", "hidden", "notes"]


def test_its_own_events_are_applied_from_its_table_and_others_refused_in_its_words():
    ruleset = Lineup()
    state = ruleset.initial_state([])
    assert ruleset.apply(state, CountersChanged((), "")).round == 1
    with pytest.raises(RulesError, match=r"^the lineup has no event Forfeited$"):
        ruleset.apply(state, Forfeited(()))


@pytest.mark.parametrize(
    ("ruleset_id", "stray", "words"),
    [
        ("tactical", Forfeited(()), "the tactical rules have"),
        ("rollkeep", CountersChanged((), ""), "a roll-and-keep skirmish has"),
        ("hands", Forfeited(()), "the hands rules have"),
        ("uwr", Forfeited(()), "the uwr rules have"),
    ],
)
def test_each_shipped_system_refuses_another_systems_event_in_its_words(
    ruleset_id: str, stray: Event, words: str
):
    ruleset = make_ruleset(ruleset_id)
    with pytest.raises(RulesError, match=f"^{words} no event {type(stray).__name__}$"):
        ruleset.apply(ruleset.initial_state(()), stray)
