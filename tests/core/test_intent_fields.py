"""Every field of every intent, given odd values: ``Session.do`` answers with the one rules
error or does the intent, never a TypeError, OverflowError or UnicodeEncodeError from deep
inside, and whatever it does can be saved and read back."""

import random
from fractions import Fraction

import msgspec
import pytest
from uwr_sheets import forced

from uwr_desktop.core import intents as core_intents
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition, TurnEdge, TurnTie
from uwr_desktop.core.intents import Intent, RulesError, StartFight
from uwr_desktop.core.limits import (
    MAX_COUNT,
    MAX_DICE,
    MAX_FAVOR,
    MAX_NAME_LENGTH,
    MAX_REROLLS,
    MAX_TEXT_LENGTH,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr import intents as uwr_intents
from uwr_desktop.core.rulesets.uwr.intents import Attack, Reaction
from uwr_desktop.core.rulesets.uwr.rules import UwrSettings
from uwr_desktop.core.rulesets.uwr.ruleset import UwrRuleset
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter


def intent_types():
    found = []
    for module in (core_intents, uwr_intents):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Intent) and value is not Intent:
                found.append(value)
    return sorted(set(found), key=lambda kind: kind.__name__)


INTENT_TYPES = intent_types()


def sheet(cid, side=Side.ENEMY):
    return Combatant(
        id=cid,
        name=cid.upper(),
        side=side,
        conditions=(Condition("Burning", 2),),
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3), grace=Fraction(5, 2)),
            skills=(Skill("Athletics", 1, 1),),
            weapons=(
                Weapon(name="Blade", upr_type="Swift", skill="Athletics"),
                Weapon(name="Bow", upr_type="Slow", pool=WeaponPool.RANGED, prepared=False),
            ),
        ),
    )


GOOD = {
    "combatant_ids": ["a", "b"],
    "combatant_id": "a",
    "attacker_id": "a",
    "target_id": "b",
    "amount": 2,
    "condition": Condition("Stunned", 1, "note"),
    "name": "Burning",
    "column_key": "vitality",
    "value": 5,
    "combatant": sheet("a", Side.ENEMY),
    "combatants": [sheet("n")],
    "renamed": [core_intents.Renaming("a", "Bandit 1")],
    "index": 1,
    "weapon": 0,
    "favor": 1,
    "extra_dice": 1,
    "extra_rerolls": 1,
    "indices": None,
    "reaction": Reaction.PARRY,
    "skill": "",
    "attribute": "grace",
    "difficulty": 1,
    "title": "Check",
    "dice": 3,
    "rerolls": 1,
    "prepared": True,
    "upr_type": "Rapid",
    "notation": "2d10+5",
    "target_attribute": "savvy",
    "target_skill": "",
    "target_favor": 0,
    "target_extra_dice": 0,
    "target_extra_rerolls": 0,
    "successes": 2,
    "of_reaction": False,
    "below_one": True,
    "side": "player",
    "by_hand": True,
}

HUGE = 10**5000
"""An int too long for ``str()`` (Python refuses more than 4,300 digits)."""

ODD = (
    None,
    True,
    False,
    -1,
    0,
    2**63,
    2**64 + 1,
    -(2**70),
    HUGE,
    -HUGE,
    1.5,
    float("nan"),
    float("inf"),
    "",
    " ",
    "\ud800",
    "a\udfffb",
    "x" * (MAX_NAME_LENGTH + 1),
    "x" * (MAX_TEXT_LENGTH + 1),
    "5",
    b"bytes",
    [],
    ["a"] * 3,
    ["\ud800"],
    [HUGE],
    [-1, -1],
    {"a": 1},
    Fraction(1, 3),
    Fraction(HUGE),
    object(),
    MAX_DICE + 1,
    -MAX_DICE - 1,
    MAX_FAVOR + 1,
    MAX_REROLLS + 1,
    MAX_COUNT + 1,
)


def shown(value):
    """A short repr, even of an int too long to print."""
    try:
        return repr(value)[:60]
    except ValueError:
        return f"<int of {value.bit_length()} bits>"


def odd_combatants(cid):
    base = sheet(cid)
    yield from (forced(base, **{field: value}) for field in ("id", "name") for value in ODD[13:20])
    yield forced(base, vitality=MAX_COUNT + 1, vitality_max=MAX_COUNT + 1)
    yield forced(base, vitality=HUGE)
    yield forced(base, vitality=50)
    yield forced(base, stamina=-1)
    yield forced(base, hidden="yes")
    yield forced(base, alias="x" * 300)
    yield forced(base, notes="\ud800")
    yield forced(base, side="wizard")
    yield forced(base, skills=(Skill("Athletics", 99, 99),))
    yield forced(base, skills=(forced(Skill("A"), name=""),))
    yield forced(base, skills=tuple(Skill(f"S{n}") for n in range(500)))
    yield forced(base, weapons=(Weapon(name="Gun", upr_type="Laser"),))
    yield forced(base, weapons=(Weapon(name="x" * 300, upr_type="Swift"),))
    yield forced(base, weapons=(Weapon(name="Gun", upr_type="Swift", upr=Fraction(HUGE)),))
    yield forced(base, weapons=(Weapon(name="Gun", upr_type="Swift", uses_left=-3),))
    yield forced(base, weapons=(Weapon(name="Gun", upr_type="Swift", preparing_left=7),))
    yield forced(base, conditions=(Condition("Stunned", 0),))
    yield forced(base, conditions=(Condition("Stunned", HUGE),))
    yield forced(base, conditions=tuple(Condition(f"C{n}") for n in range(500)))
    yield forced(base, attributes=forced(Attributes(), brawn=Fraction(99)))
    yield forced(base, attributes=forced(Attributes(), grace=2.5))
    yield forced(base, initiative="high")
    yield [forced(base, id="a")]


def odd_conditions():
    yield Condition("Stunned", 0)
    yield Condition("Stunned", -4)
    yield Condition("Stunned", HUGE)
    yield Condition("", 2)
    yield Condition("\ud800", 2)
    yield Condition("x" * (MAX_NAME_LENGTH + 1))
    yield Condition("Stunned", note="x" * (MAX_TEXT_LENGTH + 1))
    yield forced(Condition("Stunned"), rounds=True)
    yield forced(Condition("Stunned"), rounds="3")
    yield Condition("Stunned", preset="x" * (MAX_NAME_LENGTH + 1))
    yield Condition("Stunned", preset="nonsense")
    yield Condition("Stunned", amount=3)
    yield Condition("Stunned", amount=0)
    yield Condition("Stunned", until=TurnTie(TurnEdge.END, "ghost"))
    yield Condition("Stunned", until=TurnTie(TurnEdge.END, ""))
    yield forced(Condition("Stunned", 2), until=TurnTie(TurnEdge.END, "a"))
    yield forced(Condition("Stunned"), until="soon")
    yield forced(Condition("Stunned"), until=forced(TurnTie(TurnEdge.END, "a"), edge="middle"))
    yield forced(Condition("Stunned"), until=TurnTie(TurnEdge.START, "a", begun=True))


def odd_values(field):
    yield from ODD
    if field == "combatant":
        yield from odd_combatants("a")
    if field == "combatants":
        yield from ([c] for c in odd_combatants("z"))
        yield [sheet(f"n{n}") for n in range(1_100)]
    if field == "condition":
        yield from odd_conditions()
    if field in ("combatant_ids", "indices"):
        yield [0]
        yield ["a", HUGE]
        yield list(range(2_000))
        yield "ab"


def session_in(stage):
    roster = [sheet("a", Side.PLAYER), forced(sheet("b"), vitality=4), sheet("c", Side.ALLY)]
    session = Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(3)))
    if stage != "setup":
        session.do(StartFight())
    if stage == "pending":
        attacker = session.state.current
        target = next(cid for cid in session.state.rows if cid != attacker)
        session.do(Attack(attacker, 0, target, extra_rerolls=3))
    return session


def base_intent(kind):
    fields = msgspec.structs.fields(kind)
    return kind(**{f.name: GOOD[f.name] for f in fields if f.required})


def fields_of(kind):
    return [field.name for field in msgspec.structs.fields(kind)]


NEVER_HERE = {
    "setup": {"Attack", "ClearManualOrder", "EndRound", "NextTurn", "PrepareWeapon", "React"}
    | {"Reroll", "RerollDice", "ResolveCheck", "TypeResult"},
    "round": {"ClearManualOrder", "PrepareWeapon", "React", "Reroll", "ResolveCheck"}
    | {"RerollDice", "StartFight", "TypeResult"},
    "pending": {"Attack", "ClearManualOrder", "DirectCheck", "EndRound", "FreeRoll", "NextTurn"}
    | {"OpposedCheck", "PrepareWeapon", "RemoveCombatants", "RerollDice", "RollDice"}
    | {"StartFight"},
}
"""Intents the rules refuse at a stage whatever their fields (no manual order to clear, a
check still pending, a weapon that needs no preparing, no typed pool to reroll...)."""


def test_every_intent_field_has_a_good_value_here():
    assert len(INTENT_TYPES) >= 24
    for kind in INTENT_TYPES:
        for field in fields_of(kind):
            assert field in GOOD, f"{kind.__name__}.{field} needs a good value in GOOD"


@pytest.mark.parametrize("stage", ["setup", "round", "pending"])
@pytest.mark.parametrize("kind", INTENT_TYPES, ids=lambda kind: kind.__name__)
def test_odd_values_in_any_field_give_only_the_rules_error(kind, stage):
    escapes = []
    accepted = 0
    session = session_in(stage)
    tries = [(None, None)] + [(f, v) for f in fields_of(kind) for v in odd_values(f)]
    for field, value in tries:
        intent = base_intent(kind)
        if field is not None:
            intent = forced(intent, **{field: value})
        try:
            session.do(intent)
        except RulesError as error:
            assert str(error).strip()
            continue
        except Exception as error:
            escapes.append(f"{kind.__name__}.{field}={shown(value)}: {error!r:.200}")
            continue
        accepted += 1
    assert not escapes, "\n".join(escapes)
    assert accepted or kind.__name__ in NEVER_HERE.get(stage, ()), "nothing was accepted"
    if accepted:
        reopened = decode_encounter(encode_encounter(session)).session()
        assert reopened.state == session.state
        assert reopened.entries == session.entries


def test_a_gm_reads_the_refusals():
    session = session_in("round")
    cases = [
        (forced(Attack("a", 0, "b"), extra_dice=150), f"Extra dice must be at most {MAX_DICE}"),
        (forced(Attack("a", 0, "b"), favor=11), f"Favor must be at most {MAX_FAVOR}"),
        (
            core_intents.AddCombatants([forced(sheet("q"), name="x" * 201)]),
            f"Combatants 1, name is too long \\(at most {MAX_NAME_LENGTH} characters\\)",
        ),
        (
            core_intents.AddCondition(["a"], Condition("Stunned", 0)),
            "Condition, rounds must be at least 1",
        ),
        (core_intents.ApplyDamage(["a"], True), "Amount must be a whole number, not yes or no"),
        (core_intents.Heal(["a"], HUGE), f"Amount must be at most {MAX_COUNT}"),
        (
            core_intents.RemoveCondition(["a"], "Burn\ud800"),
            "a character that cannot be saved \\(U\\+D800\\)",
        ),
    ]
    for intent, message in cases:
        with pytest.raises(RulesError, match=message):
            session.do(intent)


def test_settings_and_a_roster_a_file_could_not_read_back_are_refused():
    with pytest.raises(RulesError, match="Lowest threshold must be at most 6"):
        Session(UwrRuleset(UwrSettings(lowest_threshold=9)), [sheet("a")])
    with pytest.raises(RulesError, match=f"Item 1, name is too long \\(at most {MAX_NAME_LENGTH}"):
        Session(make_ruleset("uwr"), [forced(sheet("a"), name="n" * (MAX_NAME_LENGTH + 1))])
    with pytest.raises(RulesError, match="at most 1000 combatants"):
        Session(make_ruleset("uwr"), [sheet(f"c{n}") for n in range(1_001)])
