"""Each round system's named conditions, offered with their rules: the rules follow the preset
stored on a condition whatever its name, and fights written before presets read as they did."""

import random
from fractions import Fraction

import msgspec
import pytest
from tactical_fights import fighter as tactical_fighter
from tactical_fights import sheet, tactical_session
from uwr_sheets import uwr_combatant

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Condition, Lasting
from uwr_desktop.core.intents import AddCondition, EndRound, RulesError, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.rules import is_off_guard
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Weapon
from uwr_desktop.core.session import Session


def keys(ruleset_id: str) -> list[str]:
    return [preset.key for preset in make_ruleset(ruleset_id).rule_conditions()]


def test_every_system_offers_its_named_conditions_then_defeated():
    assert keys("uwr") == ["off_guard", "defeated"]
    assert keys("tactical") == [
        "dazed",
        "stunned",
        "stunned_no_parry",
        "staggered",
        "bleeding",
        "defeated",
    ]
    assert keys("rollkeep") == ["defeated"]
    assert keys("hands") == ["defeated"]
    tactical = {p.key: p for p in make_ruleset("tactical").rule_conditions()}
    assert tactical["stunned"].lasts is Lasting.ROUNDS
    assert tactical["bleeding"].amount == "Hits a round"
    assert all(p.description for p in tactical.values())


# --- tactical: the stun rules follow the preset ---------------------------------------------


def upkept(*conditions: Condition) -> list[tuple[str, int | None]]:
    """Ann's conditions after one upkeep, given ``conditions`` before the countdown."""
    fight = tactical_session([tactical_fighter("ann", initiative_override=10)], [])
    fight.do(StartFight())
    for condition in conditions:
        fight.do(AddCondition(["ann"], condition))
    fight.do(EndRound())
    return [(c.name, c.rounds) for c in fight.state.combatants["ann"].conditions]


def test_tactical_stun_rules_apply_to_the_preset_whatever_its_name():
    by_preset = upkept(
        Condition("Seeing stars", 2, preset="dazed"),
        Condition("Knocked silly", 2, preset="stunned"),
        Condition("Reeling", preset="staggered"),
    )
    # The stuns lose one round together, from the most severe; Staggered goes (0 AP spent).
    assert by_preset == [("Seeing stars", 2), ("Knocked silly", 1)]


def test_a_fight_before_presets_is_read_by_the_names_as_before():
    by_name = upkept(Condition("Dazed", 2), Condition("Stunned", 2), Condition("Staggered"))
    assert by_name == [("Dazed", 2), ("Stunned", 1)]
    assert upkept(Condition("Stunned and unable to parry", 1), Condition("Stunned", 1)) == [
        ("Stunned", 1)
    ]


def test_a_preset_key_wins_over_a_name_that_reads_as_another_stun():
    # Named "Stunned" but given as Dazed: the Stunned-and-unable-to-parry goes first.
    assert upkept(
        Condition("Stunned", 2, preset="dazed"),
        Condition("Out of it", 2, preset="stunned_no_parry"),
    ) == [("Stunned", 2), ("Out of it", 1)]
    # A free condition named like no stun has no stun rule: it ticks like any timed effect.
    assert upkept(Condition("Dizzy", 2), Condition("Stunned", 2)) == [("Dizzy", 1), ("Stunned", 1)]


def test_a_stun_preset_given_during_the_countdown_records_the_ap_spent():
    fight = tactical_session([tactical_fighter("ann", initiative_override=10)], [])
    fight.do(StartFight())
    fight.do(AddCondition(["ann"], Condition("Knocked silly", 1, preset="stunned")))
    assert sheet(fight, "ann").now.stun_spent == 0
    fight.do(AddCondition(["ann"], Condition("Reeling", preset="staggered")))
    assert sheet(fight, "ann").now.stagger_spent == 0


def test_bleeding_n_loses_n_hits_at_every_upkeep_with_the_sheets_bleeding():
    fight = tactical_session([tactical_fighter("ann", initiative_override=10, bleeding=1)], [])
    fight.do(StartFight())
    fight.do(AddCondition(["ann"], Condition("Bleeding", preset="bleeding", amount=3)))
    assert fight.describe_entry(fight.cursor - 1) == ("Ann gains Bleeding 3",)
    fight.do(EndRound())
    assert sheet(fight, "ann").hits == 46
    assert "Ann bleeds: takes 4 hits (50 → 46)" in fight.describe_entry(fight.cursor - 1)[1]


def test_a_bleeding_a_file_gives_no_number_costs_only_the_sheets_bleeding():
    """A roster's Bleeding written with no number (``null``) adds no hits to the upkeep loss."""
    ann = msgspec.structs.replace(
        tactical_fighter("ann", initiative_override=10, bleeding=1),
        conditions=(Condition("Bleeding", preset="bleeding"),),
    )
    fight = tactical_session([ann], [])
    fight.do(StartFight())
    fight.do(EndRound())
    assert sheet(fight, "ann").hits == 49
    assert "Ann bleeds: takes 1 hit (50 → 49)" in fight.describe_entry(fight.cursor - 1)[1]


def test_a_preset_is_refused_when_its_number_does_not_fit():
    fight = tactical_session([tactical_fighter("ann")], [])
    with pytest.raises(RulesError, match="Bleeding needs a number: hits a round"):
        fight.do(AddCondition(["ann"], Condition("Bleeding", preset="bleeding")))
    with pytest.raises(RulesError, match="Dazed counts no number \\(got 2\\)"):
        fight.do(AddCondition(["ann"], Condition("Dazed", 1, preset="dazed", amount=2)))
    known = ", ".join(sorted(keys("tactical")))
    with pytest.raises(RulesError) as refused:
        fight.do(AddCondition(["ann"], Condition("Off Guard", preset="off_guard")))
    assert str(refused.value) == f"There is no condition preset 'off_guard' here (known: {known})"
    assert fight.entries == ()


# --- uwr and the shared Defeated ------------------------------------------------------------


def _uwr(cid: str, **fields: object):
    return uwr_combatant(
        **{
            "id": cid,
            "name": cid.capitalize(),
            "attributes": Attributes(brawn=Fraction(3), grace=Fraction(2)),
            "weapons": (Weapon(name="Sword", upr_type="Rapid"),),
            **fields,
        }
    )


def test_uwr_off_guard_and_defeated_follow_their_presets():
    fight = Session(make_ruleset("uwr"), [_uwr("ana"), _uwr("bo")], roller=Roller(random.Random(1)))
    fight.do(AddCondition(["ana"], Condition("Caught flat-footed", preset="off_guard")))
    fight.do(AddCondition(["bo"], Condition("Knocked out", preset="defeated")))
    ana, bo = fight.state.combatants["ana"], fight.state.combatants["bo"]
    assert is_off_guard(ana) and bo.down
    # Written before presets: by the name, any case.
    assert is_off_guard(msgspec.structs.replace(bo, conditions=(Condition("off guard"),)))
    assert msgspec.structs.replace(ana, conditions=(Condition("DEFEATED"),)).down
    # A preset key wins over a name that reads as another.
    assert not msgspec.structs.replace(
        ana, conditions=(Condition("Defeated", preset="off_guard"),)
    ).down


def test_uwr_preparing_shows_off_guard_unless_the_preset_is_given():
    crossbow = Weapon(name="Crossbow", upr_type="Slow", prepared=False, preparing_left=1)
    ruleset = make_ruleset("uwr")
    state = ruleset.initial_state([_uwr("ana", weapons=(crossbow,))])
    assert ruleset.rule_states(state, "ana") == ("Off Guard (preparing)",)
    marked = _uwr("ana", weapons=(crossbow,), conditions=(Condition("Wary", preset="off_guard"),))
    assert ruleset.rule_states(ruleset.initial_state([marked]), "ana") == ()
