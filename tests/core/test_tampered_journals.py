"""A journal edited by hand is refused on load, entry named, whatever event was changed."""

import json
import random
from fractions import Fraction

import pytest
from msgspec.structs import replace
from tactical_fights import fighter, tactical_session
from uwr_sheets import changed

from uwr_desktop.core.dice import DiceError, Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.events import (
    CombatantsJoined,
    CombatantsLeft,
    CombatantsUpdated,
    CombatantUpdate,
    RoundEnded,
    TurnEnded,
    TurnStarted,
)
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    EndRound,
    MoveInOrder,
    NextTurn,
    RulesError,
    StartFight,
)
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rolls import DiceKind, RollRecord
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.tactical import events as tactical
from uwr_desktop.core.rulesets.uwr.events import (
    CheckResolved,
    CheckRolled,
    DieRerolled,
    InitiativeOverridden,
    InitiativeRolled,
    ManualOrderSet,
    PreparationAdvanced,
    ReactionRolled,
    RollOff,
    RoundStarted,
    StaminaRefilled,
    StaminaSpent,
    WeaponRef,
    WeaponUses,
)
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    FreeRoll,
    OpposedCheck,
    OverrideInitiative,
    PrepareWeapon,
    React,
    Reaction,
    ResolveCheck,
    SetPrepared,
)
from uwr_desktop.core.rulesets.uwr.rules import roll_of
from uwr_desktop.core.rulesets.uwr.sheet import (
    Attributes,
    Initiative,
    Skill,
    UwrSheet,
    Weapon,
    WeaponPool,
)
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)

ROSTER = (
    Combatant(
        id="vex",
        name="Vex",
        side=Side.PLAYER,
        sheet=UwrSheet(
            attributes=Attributes(grace=Fraction(7, 2)),
            skills=(Skill("Archery", 1, 1),),
            weapons=(
                Weapon(name="Bow", upr_type="Swift", pool=WeaponPool.RANGED, skill="Archery"),
                Weapon(name="Crossbow", upr_type="Slow", pool=WeaponPool.RANGED, prepared=False),
            ),
            stamina_max=3,
        ),
    ),
    Combatant(
        id="duel",
        name="Duelist",
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3)),
            weapons=(Weapon(name="Rapier", upr_type="Quick"),),
        ),
    ),
)


def played(*intents, roster=ROSTER, seed=4, **settings):
    """A session that went through ``intents`` (after starting the fight)."""
    session = Session(make_ruleset("uwr", settings), roster, roller=Roller(random.Random(seed)))
    for intent in (StartFight(), *intents):
        session.do(intent)
    return session


def reload(session, entries):
    """Load ``entries`` as a saved journal of ``session``'s encounter."""
    return Session(session.ruleset, session.roster, entries=entries)


def located(session, event_type, nth=0):
    """(entry index, event index) of the ``nth`` event of type ``event_type``."""
    found = [
        (e, i)
        for e, entry in enumerate(session.entries)
        for i, event in enumerate(entry.events)
        if type(event) is event_type
    ]
    return found[nth]


def with_event(session, at, event):
    """The journal with the event at ``at`` = (entry, event index) swapped for ``event``."""
    entry_index, event_index = at
    entries = list(session.entries)
    events = list(entries[entry_index].events)
    events[event_index] = event
    entries[entry_index] = JournalEntry(entries[entry_index].label, tuple(events))
    return entries, entry_index


def tampered(session, event_type, nth=0, **changes):
    at = located(session, event_type, nth)
    event = session.entries[at[0]].events[at[1]]
    return with_event(session, at, replace(event, **changes))


def appended(session, *events):
    """The journal with one more entry holding ``events``."""
    entries = [*session.entries, JournalEntry("Tampered", tuple(events))]
    return entries, len(entries) - 1


def refused(session, change, message):
    entries, index = change
    assert reload(session, session.entries).state == session.state
    with pytest.raises(RulesError, match=rf"^entry {index + 1} \(.*\) does not replay: {message}"):
        reload(session, entries)


def test_an_untouched_journal_replays_to_the_same_state():
    session = played(Attack("vex", 0, "duel"), ResolveCheck(), NextTurn(), EndRound())
    assert reload(session, session.entries).state == session.state


# --- combatants joining, leaving, changing ----------------------------------------------------


def test_joining_with_a_used_id():
    newcomer = Combatant(id="new", name="New", sheet=UwrSheet())
    session = played(AddCombatants((newcomer,)))
    duplicate = replace(newcomer, id="duel")
    refused(
        session,
        tampered(session, CombatantsJoined, combatants=(duplicate,)),
        "two combatants have the id 'duel'",
    )
    refused(
        session,
        tampered(session, CombatantsJoined, combatants=(newcomer, newcomer)),
        "two combatants have the id 'new'",
    )


def test_leaving_unknown_or_in_the_pending_check():
    session = played()
    refused(
        session,
        appended(session, CombatantsLeft(("ghost",))),
        "there is no combatant with id 'ghost'",
    )
    session = played(Attack("vex", 0, "duel"))
    for cid in ("vex", "duel"):
        refused(
            session,
            appended(session, CombatantsLeft((cid,))),
            "a combatant in the pending check cannot leave",
        )


def test_updating_an_unknown_combatant():
    session = played(AddCondition(("vex",), Condition("Blind")))
    update = CombatantUpdate(replace(ROSTER[0], id="ghost"), "gains Blind")
    refused(
        session,
        tampered(session, CombatantsUpdated, updates=(update,)),
        "there is no combatant with id 'ghost'",
    )


# --- initiative and order ---------------------------------------------------------------------


def test_initiative_for_an_unknown_combatant():
    session = played()
    rolled = session.entries[0].events[0]
    assert type(rolled) is InitiativeRolled
    roll = replace(rolled.rolls[0], combatant_id="ghost")
    refused(
        session,
        tampered(session, InitiativeRolled, rolls=(roll,)),
        "there is no combatant with id 'ghost'",
    )
    refused(session, appended(session, RollOff((roll,))), "there is no combatant with id 'ghost'")
    refused(
        session,
        appended(session, InitiativeOverridden("ghost", 3)),
        "there is no combatant with id 'ghost'",
    )


def test_an_override_and_a_roll_off_replay():
    session = played(OverrideInitiative("vex", 5), OverrideInitiative("duel", 5))
    assert reload(session, session.entries).state == session.state
    assert session.state.combatants["vex"].sheet.initiative.value == 5


def test_a_manual_order_must_list_everyone_once():
    session = played(MoveInOrder("duel", 1))
    for order in (("duel",), ("duel", "duel")):
        refused(
            session,
            tampered(session, ManualOrderSet, order=order),
            "a hand-made turn order must list every combatant once",
        )
    refused(
        session,
        tampered(session, ManualOrderSet, order=("duel", "vex", "ghost")),
        "there is no combatant with id 'ghost'",
    )


# --- turns and rounds -------------------------------------------------------------------------


def test_turn_starts_check_the_combatant_and_stamina():
    session = played(NextTurn())
    started, refilled = session.entries[0].events[-2:]
    assert (type(started), type(refilled)) == (TurnStarted, StaminaRefilled)
    refused(session, tampered(session, StaminaRefilled, stamina=4), "Duelist's Stamina cannot be 4")
    refused(
        session, tampered(session, StaminaRefilled, stamina=-1), "Duelist's Stamina cannot be -1"
    )
    refused(
        session,
        tampered(session, TurnStarted, combatant_id="ghost"),
        "there is no combatant with id 'ghost'",
    )
    refused(
        session,
        tampered(session, TurnEnded, combatant_id="ghost"),
        "there is no combatant with id 'ghost'",
    )


def test_stamina_spent_must_go_down_and_stay_at_or_above_0():
    session = played(Attack("vex", 0, "duel"))
    assert reload(session, session.entries).state.combatants["vex"].sheet.stamina == 2
    for stamina in (3, 4, -1):
        refused(
            session,
            tampered(session, StaminaSpent, stamina=stamina),
            f"Vex cannot spend Stamina down to {stamina}",
        )
    refused(
        session,
        tampered(session, StaminaSpent, combatant_id="ghost"),
        "there is no combatant with id 'ghost'",
    )


def test_a_turn_cannot_start_before_the_fight():
    session = Session(make_ruleset("uwr"), ROSTER)
    refused(session, appended(session, TurnStarted("vex")), "a turn cannot start before")


def test_round_ends_and_starts_must_follow_the_round_under_way():
    session = played(EndRound())
    refused(session, tampered(session, RoundEnded, round=2), "round 2 is not the round under way")
    refused(session, tampered(session, RoundStarted, 1, round=3), "round 3 cannot follow round 1")
    refused(session, tampered(session, RoundStarted, 0, round=2), "round 2 cannot follow round 0")
    unstarted = Session(make_ruleset("uwr"), ROSTER)
    refused(unstarted, appended(unstarted, RoundEnded(0)), "round 0 is not the round under way")


def test_round_start_uses_must_fit_the_weapons():
    session = played()
    for uses, message in (
        (WeaponUses("vex", 5, Fraction(2), 2), "Vex has no weapon number 5"),
        (WeaponUses("vex", 0, Fraction(2), -1), "Vex cannot have -1 uses"),
        (WeaponUses("vex", 0, Fraction(-1), 0), "Vex cannot have 0 uses"),
        (WeaponUses("ghost", 0, Fraction(2), 2), "there is no combatant with id 'ghost'"),
    ):
        refused(session, tampered(session, RoundStarted, uses=(uses,)), message)


def test_round_start_sets_every_listed_weapon():
    session = played()
    uses = (WeaponUses("vex", 0, Fraction(3), 3), WeaponUses("vex", 1, Fraction(1, 2), 1))
    state = reload(session, tampered(session, RoundStarted, uses=uses)[0]).state
    bow, crossbow = state.combatants["vex"].sheet.weapons
    assert (bow.upr, bow.uses_max, bow.uses_left) == (Fraction(3), 3, 3)
    assert (crossbow.upr, crossbow.uses_max, crossbow.uses_left) == (Fraction(1, 2), 1, 1)


def test_preparation_advances_only_a_weapon_being_prepared():
    session = played(PrepareWeapon("vex", 1), EndRound())
    crossbow = session.state.combatants["vex"].sheet.weapons[1]
    assert (crossbow.preparing_left, crossbow.prepared) == (0, True)
    refused(
        session,
        tampered(session, PreparationAdvanced, weapons=(WeaponRef("vex", 0),)),
        "Vex is not preparing Bow",
    )
    refused(
        session,
        tampered(session, PreparationAdvanced, weapons=(WeaponRef("vex", 1), WeaponRef("vex", 1))),
        "Vex is not preparing Crossbow",
    )
    refused(
        session,
        tampered(session, PreparationAdvanced, weapons=(WeaponRef("vex", 2),)),
        "Vex has no weapon number 2",
    )


# --- checks -----------------------------------------------------------------------------------


def test_a_check_cannot_be_rolled_over_a_pending_one():
    session = played(Attack("vex", 0, "duel"))
    rolled = next(e for e in session.entries[-1].events if isinstance(e, CheckRolled))
    refused(session, appended(session, rolled), "another check is still pending")


def test_an_attack_needs_another_target_and_a_use():
    session = played(Attack("vex", 0, "duel"))
    for changes, message in (
        ({"target": None}, "an attack needs a target other than the attacker"),
        ({"target": "vex"}, "an attack needs a target other than the attacker"),
        ({"target": "ghost"}, "there is no combatant with id 'ghost'"),
        ({"actor": "ghost"}, "there is no combatant with id 'ghost'"),
        ({"weapon": None}, "Vex has no weapon number None"),
        ({"weapon": 2}, "Vex has no weapon number 2"),
        ({"weapon": 1}, "Vex has no uses of Crossbow left this round"),
        ({"kind": "ambush"}, "unknown kind of check 'ambush'"),
    ):
        refused(session, tampered(session, CheckRolled, **changes), message)


def test_an_attack_spends_the_use_on_replay():
    session = played(Attack("vex", 0, "duel"))
    state = reload(session, session.entries).state
    assert state.combatants["vex"].sheet.weapons[0].uses_left == 1
    assert part_of(state).pending.check.kind == "attack"


def test_direct_and_free_checks_need_a_sensible_difficulty():
    session = played(DirectCheck("vex", "grace", 2, extra_rerolls=5))
    for difficulty in (None, 0):
        refused(
            session,
            tampered(session, CheckRolled, difficulty=difficulty),
            "a direct check needs a difficulty of at least 1 success",
        )
    session = played(FreeRoll("vex", 3, rerolls=5, difficulty=1))
    refused(
        session,
        tampered(session, CheckRolled, difficulty=0),
        "a difficulty must be at least 1 success",
    )
    refused(
        session,
        tampered(session, CheckRolled, difficulty=None, kind="direct"),
        "a direct check needs a difficulty",
    )


def test_a_recorded_roll_must_fit_the_dice_rules():
    session = played(FreeRoll("vex", 3, rerolls=5))
    record = session.entries[-1].events[0].roll
    with pytest.raises(DiceError, match="a pool of 3 dice needs 3 faces, got 2"):
        replace(record, faces=record.faces[:2])
    document = json.loads(encode_encounter(session))
    document["journal"][-1]["events"][0]["roll"]["faces"] = list(record.faces[:2])
    with pytest.raises(
        EncounterFileError,
        match=r"^fight\.uwr has a bad field in entry 2: events\[0\]\.roll: a pool of 3 dice "
        "needs 3 faces, got 2$",
    ):
        decode_encounter(json.dumps(document).encode(), name="fight.uwr")


def test_a_reaction_needs_an_attack_waiting_for_one():
    session = played(Attack("vex", 0, "duel"), React(Reaction.PARRY))
    reaction = session.entries[-1].events[-1]
    assert type(reaction) is ReactionRolled
    refused(session, appended(session, reaction), "there is no attack waiting for a reaction")
    for changes, message in (
        ({"reaction": "block"}, "unknown reaction 'block'"),
        ({"weapon": 3}, "Duelist has no weapon number 3"),
        ({"weapon": None}, "Duelist has no weapon number None"),
    ):
        refused(session, tampered(session, ReactionRolled, **changes), message)
    free = played(FreeRoll("vex", 3, rerolls=5))
    refused(free, appended(free, reaction), "there is no attack waiting for a reaction")
    idle = played()
    refused(idle, appended(idle, reaction), "there is no attack waiting for a reaction")


def test_a_parry_spends_a_use_on_replay_unless_the_setting_says_not():
    for spends, left in ((True, 0), (False, 1)):
        session = played(Attack("vex", 0, "duel"), React(Reaction.PARRY), parry_spends_use=spends)
        state = reload(session, session.entries).state
        assert state.combatants["duel"].sheet.weapons[0].uses_left == left
        assert part_of(state).pending.reaction.reaction == "parry"


def test_a_parry_with_no_use_left():
    session = played(
        Attack("duel", 0, "vex"), ResolveCheck(), Attack("vex", 0, "duel"), React(Reaction.DODGE)
    )
    refused(
        session,
        tampered(session, ReactionRolled, reaction="parry", weapon=0),
        "Duelist has no uses of Rapier left this round",
    )


def _with_failed_die(*intents):
    for seed in range(40):
        session = played(*intents, seed=seed)
        pending = part_of(session.state).pending
        record = pending.roll(of_reaction=True) or pending.check.roll
        if roll_of(record).rerollable_indices:
            return session
    raise AssertionError("no seed left a failed die")


def test_rerolls_must_fit_the_pending_roll():
    session = _with_failed_die(FreeRoll("vex", 6, rerolls=1))
    failed = roll_of(part_of(session.state).pending.check.roll).rerollable_indices[0]
    reroll = DieRerolled(False, failed, 6)
    assert part_of(
        reload(session, appended(session, reroll)[0]).state
    ).pending.check.roll.rerolls_taken == ((failed, 6),)
    refused(session, appended(session, reroll, reroll), "a recorded roll does not fit")
    refused(
        session,
        appended(session, DieRerolled(True, failed, 6)),
        "there is no reaction to reroll",
    )
    idle = played()
    refused(idle, appended(idle, reroll), "there is no pending roll to reroll")


def test_the_action_keeps_its_rerolls_once_the_target_reacted_but_no_more():
    for seed in range(40):
        session = played(
            Attack("vex", 0, "duel", extra_rerolls=1), React(Reaction.DODGE), seed=seed
        )
        action = roll_of(part_of(session.state).pending.check.roll)
        if action.rerollable_indices:
            break
    failed = action.rerollable_indices[0]
    replayed = reload(session, appended(session, DieRerolled(False, failed, 6))[0])
    assert part_of(replayed.state).pending.check.roll.rerolls_taken[-1] == (failed, 6)
    over = [DieRerolled(False, index, 6) for index in range(action.spec.rerolls + 1)]
    refused(session, appended(session, *over), "a recorded roll does not fit")


def test_resolving_needs_a_pending_check():
    session = played(FreeRoll("vex", 2))
    resolved = session.entries[-1].events[-1]
    assert type(resolved) is CheckResolved
    refused(session, appended(session, resolved), "there is no pending check to resolve")


def test_an_opposed_check_resolved_without_the_opposing_successes():
    session = played(OpposedCheck("vex", "brawn", "duel", "grace"))
    if part_of(session.state).pending is not None:  # rerolls left: not resolved by itself
        session.do(ResolveCheck())
    refused(
        session,
        tampered(session, CheckResolved, reaction=None),
        "an opposed check is resolved with the successes of both sides",
    )


def test_an_event_of_another_ruleset_is_refused():
    session = played(SetPrepared("vex", 1, True))

    class Foreign(CombatantsLeft, frozen=True):
        pass

    refused(session, appended(session, Foreign(())), "the uwr rules have no event Foreign")


def test_a_turn_ended_for_someone_else_keeps_the_current_turn():
    session = played()
    current = session.state.current
    other = next(cid for cid in session.state.order if cid != current)
    state = reload(session, appended(session, TurnEnded(other))[0]).state
    assert state.current == current
    assert other in state.acted


def test_checks_against_the_least_difficulty_replay():
    session = played(FreeRoll("vex", 2, difficulty=1), DirectCheck("vex", "savvy", 1))
    assert reload(session, session.entries).state == session.state


def test_a_journal_update_of_initiative_or_side_reorders_the_turns():
    session = played(AddCondition(("vex",), Condition("Blind")))
    first, second = session.state.order
    raised = changed(
        session.state.combatants[second], initiative=Initiative(override=99), conditions=()
    )
    state = reload(
        session,
        tampered(session, CombatantsUpdated, updates=(CombatantUpdate(raised, "tampered"),))[0],
    ).state
    assert state.order == (second, first)


def test_a_journal_update_naming_a_combatant_twice_orders_the_turns_by_the_last() -> None:
    """Two updates of one combatant's initiative in one event: the last is its initiative,
    and everyone keeps one place in the turn order."""
    roster = [
        Combatant(id=cid, name=cid.upper(), sheet=UwrSheet(initiative=Initiative(override=value)))
        for cid, value in (("a", 8), ("b", 6), ("c", 4), ("d", 2))
    ]
    session = Session(make_ruleset("uwr"), roster)
    session.do(StartFight())
    assert session.state.order == ("a", "b", "c", "d")
    c = session.state.combatants["c"]
    updates = tuple(
        CombatantUpdate(changed(c, initiative=Initiative(override=value)), "typed")
        for value in (1, 7)
    )
    state = reload(session, appended(session, CombatantsUpdated(updates))[0]).state
    assert state.order == ("a", "c", "b", "d")


def test_a_round_end_alone_clears_the_turns_taken():
    session = played(NextTurn())
    assert session.state.acted
    state = reload(session, appended(session, RoundEnded(1))[0]).state
    assert (state.acted, state.current) == (frozenset(), None)


def test_a_round_start_alone_clears_the_turns_taken():
    session = played(NextTurn())
    state = reload(session, appended(session, RoundStarted(2))[0]).state
    assert (state.acted, state.round) == (frozenset(), 2)


# --- tactical -------------------------------------------------------------------------------


def tactical_played() -> Session:
    """A tactical fight of A (base 15) and B (base 3) on its second count, 30."""
    session = tactical_session([fighter("a"), fighter("b")], [7, 8, 1, 2])
    for intent in (StartFight(), NextTurn(), NextTurn()):
        session.do(intent)
    return session


@pytest.mark.parametrize(("dice", "sides", "faces"), [(3, 10, (7, 8, 1)), (2, 6, (6, 6))])
def test_a_tactical_base_initiative_not_rolled_on_2d10_is_refused(
    dice: int, sides: int, faces: tuple[int, ...]
) -> None:
    """A base initiative written as another roll than 2d10 makes the file unreadable."""
    session = tactical_played()
    entry, index = located(session, tactical.InitiativeRolled)
    event = session.entries[entry].events[index]
    assert isinstance(event, tactical.InitiativeRolled)
    roll = RollRecord(dice, faces=faces, kind=DiceKind.SUM, sides=sides)
    rolls = (tactical.InitiativeRoll("a", roll), *event.rolls[1:])
    change = tampered(session, tactical.InitiativeRolled, rolls=rolls)
    refused(session, change, "base initiative is rolled on 2d10")


def test_a_tactical_count_that_does_not_go_down_is_refused() -> None:
    """The countdown written as staying on a count (or going up) makes the file unreadable."""
    session = tactical_played()
    refused(
        session,
        tampered(session, tactical.CountReached, 1, count=35),
        "count 35 cannot follow count 35",
    )
    refused(
        session,
        tampered(session, tactical.CountReached, 1, count=40),
        "count 40 cannot follow count 35",
    )
