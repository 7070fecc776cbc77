"""Words the uwr rules produce: heal labels name what was healed, attributes are written as the
sheet writes them, a dodge's skill is rolled (an unknown one refused) and named, and a typed
initiative is worded the same in the log, the timeline and a drag."""

import random
from fractions import Fraction

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import (
    AddCombatants,
    ApplyDamage,
    EditCell,
    Heal,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.events import ReactionRolled
from uwr_desktop.core.rulesets.uwr.intents import Attack, OverrideInitiative, React, Reaction
from uwr_desktop.core.rulesets.uwr.sheet import (
    Attributes,
    Skill,
    UwrSheet,
    Weapon,
    format_number,
)
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def fighter(cid, side, *, vitality=10, skills=()):
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3), grace=Fraction(2)),
            skills=skills,
            weapons=(Weapon(name="Sword", upr_type="Rapid"),),
            vitality=vitality,
            vitality_max=10,
        ),
    )


def session_of(*combatants):
    session = Session(make_ruleset("uwr"), roller=Roller(random.Random(9)))
    session.do(AddCombatants(list(combatants)))
    return session


def test_a_heal_is_labelled_with_what_it_healed():
    session = session_of(fighter("ana", Side.PLAYER, vitality=8))
    assert session.do(Heal(["ana"], 100)).label == "Heal 2: Ana"
    assert session.undo_label == "Heal 2: Ana"


def test_a_heal_of_several_names_each_amount_when_they_differ():
    session = session_of(
        fighter("ana", Side.PLAYER, vitality=8),
        fighter("bo", Side.ALLY, vitality=5),
        fighter("cy", Side.ALLY),
    )
    assert session.do(Heal(["ana", "bo", "cy"], 3)).label == "Heal Ana 2, Bo 3"
    session.do(ApplyDamage(["ana", "bo"], 4))
    assert session.do(Heal(["ana", "bo"], 4)).label == "Heal 4: Ana and Bo"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(3), "3"),
        (Fraction(7, 2), "3.5"),
        (Fraction(37, 10), "3.7"),
        (Fraction(-5, 4), "-1.25"),
        (Fraction(1, 3), "1/3"),
    ],
)
def test_numbers_are_written_as_a_sheet_writes_them(value, text):
    assert format_number(value) == text


def test_an_attribute_off_the_half_steps_is_refused_in_the_sheets_words():
    session = session_of(fighter("ana", Side.PLAYER))
    with pytest.raises(RulesError, match=r"^Grace must be 0 to 7 in steps of 0\.5, got 3\.7$"):
        session.do(EditCell("ana", "grace", Fraction(37, 10)))


def _attacked(target_skills=()):
    session = session_of(
        fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY, skills=target_skills)
    )
    session.do(StartFight())
    session.do(Attack("ana", 0, "orc"))
    return session


def test_a_dodge_rolls_the_skill_it_names_and_the_log_says_so():
    session = _attacked((Skill("Acrobatics", 2, 1),))
    entry = session.do(React(Reaction.DODGE, skill="Acrobatics"))
    (reaction,) = [e for e in entry.events if isinstance(e, ReactionRolled)]
    assert (reaction.roll.dice, reaction.roll.rerolls, reaction.skill) == (4, 1, "Acrobatics")
    lines = session.describe_entry(session.cursor - 1)
    assert any(line.startswith("Round 1 · Orc dodges with Acrobatics: [") for line in lines)


def test_a_dodge_with_a_skill_the_target_lacks_is_refused():
    session = _attacked()
    before = session.cursor
    with pytest.raises(RulesError, match=r"^Orc has no skill called 'Acrobatics' to dodge with$"):
        session.do(React(Reaction.DODGE, skill="Acrobatics"))
    assert session.cursor == before


def test_a_dodge_without_a_skill_names_none():
    session = _attacked((Skill("Acrobatics", 2, 1),))
    entry = session.do(React(Reaction.DODGE))
    (reaction,) = [e for e in entry.events if isinstance(e, ReactionRolled)]
    assert reaction.roll.dice == 2
    assert any(" dodges: [" in line for line in session.describe_entry(session.cursor - 1))


def test_an_initiative_typed_before_any_roll_is_not_called_rolled_zero():
    session = session_of(fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY))
    session.do(OverrideInitiative("orc", 15))
    assert session.describe_entry(0 + session.cursor - 1) == (
        "Orc's initiative set to 15 (not rolled)",
    )
    ruleset = session.ruleset
    assert ruleset.cell_value(session.state, "orc", "initiative") == 15
    assert ruleset.cell_value(session.state, "orc", "initiative_roll") == "-"
    slot = next(s for s in ruleset.timeline(session.state) if s.combatant_id == "orc")
    assert slot.value_text == "15 (not rolled)"
    assert "initiative 15 (not rolled) kept" in ruleset.drag_answer(session.state, "orc", 1).text


def test_an_initiative_typed_over_a_roll_keeps_the_roll_in_every_wording():
    session = session_of(fighter("ana", Side.PLAYER), fighter("orc", Side.ENEMY))
    session.do(StartFight())
    rolled = session.state.combatants["orc"].sheet.initiative.rolled
    session.do(OverrideInitiative("orc", -2))
    line = session.describe_entry(session.cursor - 1)[0]
    assert line == f"Round 1 · Orc's initiative set to -2 (rolled {rolled})"
    slot = next(s for s in session.ruleset.timeline(session.state) if s.combatant_id == "orc")
    assert slot.value_text == f"-2 (rolled {rolled})"
