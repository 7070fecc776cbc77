"""Editing a uwr combatant: each table cell, whole sheets, and what the ruleset shows of them."""

import random
from fractions import Fraction

import pytest
from msgspec.structs import replace
from uwr_sheets import field_of, uwr_combatant

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import (
    EditCell,
    MoveInOrder,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import DragAnswer
from uwr_desktop.core.rulesets.uwr.intents import Attack, PrepareWeapon, ResolveCheck
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side

HUGE = 10**9


def knight(**changes):
    fields = {
        "id": "k",
        "name": "Knight",
        "side": Side.PLAYER,
        "attributes": Attributes(brawn=Fraction(4), grace=Fraction(2)),
        "skills": (Skill("Blades", 1, 0),),
        "weapons": (
            Weapon(name="Sword", upr_type="Swift", skill="Blades"),
            Weapon(name="Crossbow", upr_type="Slow", pool=WeaponPool.RANGED),
        ),
        "vitality": 9,
        "vitality_max": 12,
        "stamina": 2,
        "stamina_max": 5,
    }
    fields.update(changes)
    return uwr_combatant(**fields)


def foe():
    return Combatant(id="f", name="Foe", sheet=UwrSheet())


def session_of(*, started=True, **settings):
    session = Session(
        make_ruleset("uwr", settings), (knight(), foe()), roller=Roller(random.Random(8))
    )
    if started:
        session.do(StartFight())
    return session


def edited(session, key, value):
    entry = session.do(EditCell("k", key, value))
    knight_now = session.state.combatants["k"]
    return knight_now, entry.label, [update.text for update in entry.events[0].updates]


def refused(session, intent, message):
    before = session.state
    with pytest.raises(RulesError, match=message):
        session.do(intent)
    assert session.state == before


# --- cells ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "field", "expected", "text"),
    [
        ("name", "  Sir Knight ", "name", "Sir Knight", "renamed to Sir Knight"),
        ("side", " Enemy ", "side", Side.ENEMY, "now fights as enemy"),
        ("side", "ALLY", "side", Side.ALLY, "now fights as ally"),
        ("vitality", 0, "vitality", 0, "Vitality 9 → 0"),
        ("vitality", "12", "vitality", 12, "Vitality 9 → 12"),
        ("vitality", Fraction(4), "vitality", 4, "Vitality 9 → 4"),
        ("stamina", " 5 ", "stamina", 5, "Stamina 2 → 5"),
        ("vitality_max", 20, "vitality_max", 20, "Maximum Vitality 12 → 20"),
        ("stamina_max", "0", "stamina_max", 0, "Maximum Stamina 5 → 0"),
        ("hidden", True, "hidden", True, "hidden"),
        ("notes", "  keeps the spaces ", "notes", "  keeps the spaces ", "notes edited"),
        ("alias", " Bandit ", "alias", "Bandit", "shown to the players as Bandit"),
    ],
)
def test_each_cell_edit_sets_the_field_and_says_so(key, value, field, expected, text):
    session = session_of()
    knight_now, label, texts = edited(session, key, value)
    assert field_of(knight_now, field) == expected
    assert texts == [text]
    assert label == f"Knight: {text}"


def test_lowering_a_maximum_lowers_the_current_value():
    session = session_of()
    knight_now, _, _ = edited(session, "vitality_max", 5)
    assert (knight_now.sheet.vitality, knight_now.sheet.vitality_max) == (5, 5)
    knight_now, _, _ = edited(session, "stamina_max", 1)
    assert (knight_now.sheet.stamina, knight_now.sheet.stamina_max) == (1, 1)
    knight_now, _, _ = edited(session, "vitality_max", 8)
    assert (knight_now.sheet.vitality, knight_now.sheet.vitality_max) == (5, 8)


def test_an_alias_can_be_cleared_and_the_name_shows_again():
    session = session_of()
    knight_now, _, _ = edited(session, "alias", "Bandit")
    assert knight_now.shown_name == "Bandit"
    knight_now, _, texts = edited(session, "alias", "")
    assert (knight_now.shown_name, texts) == ("Knight", ["shown to the players by name"])


def test_hidden_can_be_set_back_to_shown():
    session = session_of()
    edited(session, "hidden", True)
    knight_now, _, texts = edited(session, "hidden", False)
    assert (knight_now.hidden, texts) == (False, ["shown"])


@pytest.mark.parametrize(
    ("value", "expected", "shown"),
    [("3.5", Fraction(7, 2), "3.5"), (5, Fraction(5), "5"), (2.5, Fraction(5, 2), "2.5")],
)
def test_attribute_edits_take_halves(value, expected, shown):
    session = session_of()
    knight_now, _, texts = edited(session, "grace", value)
    assert knight_now.sheet.attributes.grace == expected
    assert knight_now.sheet.attributes.brawn == Fraction(4)
    assert texts == [f"Grace 2 → {shown}"]


def test_an_attribute_edit_counts_from_the_next_round_by_default():
    session = session_of()
    sword = session.state.combatants["k"].sheet.weapons[0]
    assert (sword.upr, sword.uses_max) == (Fraction(2), 2)
    knight_now, _, _ = edited(session, "brawn", 7)
    assert knight_now.sheet.weapons[0].uses_max == 2


def test_an_attribute_edit_reworks_uses_at_once_with_that_setting():
    session = session_of(upr_recompute="at_once")
    session.do(Attack("k", 0, "f"))
    session.do(ResolveCheck())
    knight_now, _, _ = edited(session, "brawn", 7)
    sword, crossbow = knight_now.sheet.weapons
    assert (sword.upr, sword.uses_max, sword.uses_left) == (Fraction(4), 4, 3)
    assert (crossbow.upr, crossbow.uses_max) == (Fraction(2, 6), 1)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("name", "   ", "The name cannot be empty"),
        ("name", 5, "The name must be text, got 5"),
        ("name", "x" * (HUGE // 10**4), "The name is too long"),
        ("side", "dragon", "The side must be one of player, ally, neutral, enemy, got 'dragon'"),
        ("brawn", "lots", "Brawn must be a number like 3 or 3.5, got 'lots'"),
        ("brawn", True, "Brawn must be a number like 3 or 3.5, got True"),
        ("brawn", None, "Brawn must be a number like 3 or 3.5, got None"),
        ("brawn", "1/0", "Brawn must be a number like 3 or 3.5"),
        ("brawn", "3.25", "Brawn must be 0 to 7 in steps of 0.5, got 3.25"),
        ("vitality", 13, r"^Vitality can be at most 12 \(got 13\)$"),
        ("vitality", -1, r"^Vitality cannot be negative \(got -1\)$"),
        ("vitality", "nine", "Vitality must be a whole number, got 'nine'"),
        ("vitality", True, "Vitality must be a whole number, got True"),
        ("vitality", Fraction(7, 2), "Vitality must be a whole number"),
        ("vitality", 2.0, "Vitality must be a whole number, got 2.0"),
        ("stamina", 6, r"^Stamina can be at most 5 \(got 6\)$"),
        ("vitality_max", -1, r"^Maximum Vitality cannot be below 1 \(got -1\)$"),
        ("vitality_max", 0, r"^Maximum Vitality cannot be below 1 \(got 0\)$"),
        ("stamina_max", HUGE, "Maximum Stamina can be at most 1000000"),
        ("hidden", "yes", "Hidden must be yes or no, got 'yes'"),
        ("notes", 3, "Notes must be text, got 3"),
        ("alias", 3, "The alias must be text, got 3"),
        ("alias", "x" * 201, "The alias is too long"),
        ("notes", "x" * (HUGE // 10**4), "Notes is too long"),
        ("weapons", "Axe", "The column 'weapons' cannot be edited"),
        ("initiative", 1001, r"^Initiative can be at most 1000 \(got 1001\)$"),
        ("initiative", "-1001", r"^Initiative cannot be below -1000 \(got -1001\)$"),
        ("vitality", 9, "Knight: nothing changed"),
        ("name", "Knight", "Knight: nothing changed"),
    ],
)
def test_cell_edit_refusals(key, value, message):
    refused(session_of(), EditCell("k", key, value), message)


def test_an_empty_note_is_allowed():
    session = session_of()
    edited(session, "notes", "x")
    knight_now, _, _ = edited(session, "notes", "")
    assert knight_now.notes == ""


def test_editing_an_unknown_combatant_is_refused():
    refused(session_of(), EditCell("ghost", "vitality", 1), "no combatant with id 'ghost'")


@pytest.mark.parametrize(("value", "override"), [("7", 7), (" -3 ", -3), (4, 4)])
def test_the_initiative_cell_types_an_override(value, override):
    session = session_of()
    entry = session.do(EditCell("k", "initiative", value))
    assert session.state.combatants["k"].sheet.initiative.override == override
    assert entry.label == f"Set Knight's initiative to {override}"


@pytest.mark.parametrize("blank", [None, "", "  "])
def test_a_blank_initiative_cell_clears_the_override(blank):
    session = session_of()
    session.do(EditCell("k", "initiative", 9))
    entry = session.do(EditCell("k", "initiative", blank))
    assert session.state.combatants["k"].sheet.initiative.override is None
    assert entry.label == "Clear Knight's initiative override"


def test_a_bad_initiative_cell_is_refused():
    refused(session_of(), EditCell("k", "initiative", "high"), "Initiative must be a whole number")


# --- whole sheets -----------------------------------------------------------------------------


def test_a_new_sheet_keeps_initiative_and_this_rounds_uses():
    session = session_of()
    session.do(Attack("k", 0, "f"))
    session.do(ResolveCheck())
    before = session.state.combatants["k"]
    sheet = knight(
        name="Dame Knight",
        weapons=(
            Weapon(name="SWORD", upr_type="Swift", skill="Blades"),
            *knight().sheet.weapons[1:],
        ),
    )
    entry = session.do(ReplaceCombatant(sheet))
    after = session.state.combatants["k"]
    assert after.name == "Dame Knight"
    assert after.sheet.initiative == before.sheet.initiative
    sword = after.sheet.weapons[0]
    assert (sword.name, sword.upr, sword.uses_max, sword.uses_left) == ("SWORD", Fraction(2), 2, 1)
    assert entry.label == "Edit Dame Knight"
    assert [u.text for u in entry.events[0].updates] == ["sheet edited"]


def test_a_new_weapon_on_the_sheet_comes_as_written():
    session = session_of()
    axe = Weapon(name="Axe", upr_type="Quick")
    session.do(ReplaceCombatant(knight(weapons=(*knight().sheet.weapons, axe))))
    assert session.state.combatants["k"].sheet.weapons[2] == axe


def test_a_sheet_that_unprepares_a_fractional_weapon_takes_its_use():
    session = session_of()
    crossbow = session.state.combatants["k"].sheet.weapons[1]
    assert (crossbow.upr, crossbow.uses_left, crossbow.prepared) == (Fraction(2, 6), 1, True)
    unprepared = replace(knight().sheet.weapons[1], prepared=False)
    session.do(ReplaceCombatant(knight(weapons=(knight().sheet.weapons[0], unprepared))))
    crossbow = session.state.combatants["k"].sheet.weapons[1]
    assert (crossbow.prepared, crossbow.uses_max, crossbow.uses_left) == (False, 0, 0)
    session.do(ReplaceCombatant(knight()))
    crossbow = session.state.combatants["k"].sheet.weapons[1]
    assert (crossbow.prepared, crossbow.uses_max, crossbow.uses_left) == (True, 1, 1)


def test_a_sheet_that_unprepares_a_whole_use_weapon_keeps_its_uses():
    session = session_of()
    unprepared = replace(knight().sheet.weapons[0], prepared=False)
    session.do(ReplaceCombatant(knight(weapons=(unprepared, knight().sheet.weapons[1]))))
    sword = session.state.combatants["k"].sheet.weapons[0]
    assert (sword.prepared, sword.uses_max, sword.uses_left) == (False, 2, 2)


def test_a_sheet_keeps_a_preparation_under_way_unless_it_changes_the_mark():
    session = session_of()
    session.do(
        ReplaceCombatant(knight(weapons=(knight().sheet.weapons[0], _unprepared_crossbow())))
    )
    session.do(PrepareWeapon("k", 1))
    session.do(
        ReplaceCombatant(
            knight(name="K2", weapons=(knight().sheet.weapons[0], _unprepared_crossbow()))
        )
    )
    crossbow = session.state.combatants["k"].sheet.weapons[1]
    assert (crossbow.preparing_left, crossbow.prepared) == (2, False)
    session.do(ReplaceCombatant(knight(name="K3")))
    crossbow = session.state.combatants["k"].sheet.weapons[1]
    assert (crossbow.preparing_left, crossbow.prepared, crossbow.uses_left) == (0, True, 1)


def _unprepared_crossbow():
    return replace(knight().sheet.weapons[1], prepared=False)


def test_at_once_a_new_sheet_reworks_uses():
    session = session_of(upr_recompute="at_once")
    stronger = knight(attributes=Attributes(brawn=Fraction(7), grace=Fraction(2)))
    session.do(ReplaceCombatant(stronger))
    sword = session.state.combatants["k"].sheet.weapons[0]
    assert (sword.upr, sword.uses_max, sword.uses_left) == (Fraction(4), 4, 4)


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        (knight(), "Knight: nothing changed"),
        (knight(id="ghost"), "no combatant with id 'ghost'"),
        ("Knight", "Combatant must be a record, not text"),
        (knight(weapons=(Weapon(name="Odd", upr_type="Nope"),)), "Knight's Odd"),
    ],
)
def test_sheet_refusals(sheet, message):
    refused(session_of(), ReplaceCombatant(sheet), message)


def test_a_sheet_before_the_fight_is_taken_as_written():
    session = session_of(started=False)
    session.do(ReplaceCombatant(knight(vitality=1)))
    assert session.state.combatants["k"] == knight(vitality=1)


# --- what the ruleset shows -------------------------------------------------------------------


def test_resources_cells_and_edit_intents_go_through_the_ruleset():
    session = session_of()
    ruleset, state = session.ruleset, session.state
    resources = {r.key: (r.current, r.maximum, r.text) for r in ruleset.resources(state, "k")}
    assert "vitality" not in resources, "Vitality is the table's Health, not a round's resource"
    assert session.state.combatants["k"].sheet.health() == (9, 12)
    assert resources["stamina"][1] == 5
    assert ruleset.cell_value(state, "k", "name") == "Knight"
    assert ruleset.cell_value(state, "f", "name") == "Foe"
    assert ruleset.cell_value(state, "k", "vitality") == 9
    assert ruleset.edit_intent("k", "vitality", 3) == EditCell("k", "vitality", 3)
    assert [c.key for c in ruleset.columns(state)][:2] == ["name", "side"]


def test_a_drag_on_the_timeline_is_a_manual_order():
    session = session_of()
    ruleset, state = session.ruleset, session.state
    first, second = state.order
    assert ruleset.drag_answer(state, first, 1).intent == MoveInOrder(first, 1)
    assert ruleset.drag_answer(state, second, 0).intent == MoveInOrder(second, 0)
    assert ruleset.drag_answer(state, first, 0) == DragAnswer(None, "No change")
    assert ruleset.drag_answer(state, "ghost", 0) == DragAnswer(None, "No change")


@pytest.mark.parametrize(("key", "label"), [("notes", "Notes"), ("name", "The name")])
def test_a_text_exactly_at_the_limit_is_kept(key, label):
    session = session_of()
    with pytest.raises(RulesError, match=rf"^{label} is too long") as raised:
        session.do(EditCell("k", key, "x" * 10**6))
    limit = int(str(raised.value).rsplit("at most ", 1)[1].rstrip(")"))
    knight_now, _, _ = edited(session, key, "y" * limit)
    assert len(getattr(knight_now, key)) == limit
    refused(session, EditCell("k", key, "z" * (limit + 1)), f"{label} is too long")


def test_a_sheet_before_the_fight_may_change_a_prepared_mark():
    session = session_of(started=False)
    sheet = knight(weapons=(knight().sheet.weapons[0], _unprepared_crossbow()))
    session.do(ReplaceCombatant(sheet))
    crossbow = session.state.combatants["k"].sheet.weapons[1]
    assert (crossbow.prepared, crossbow.upr, crossbow.uses_max) == (False, None, 0)


def test_a_current_health_cell_is_bounded_by_the_combatants_maximum_as_its_edit_is():
    session = session_of()
    ruleset, state = session.ruleset, session.state
    columns = {column.key: column for column in ruleset.columns(state)}
    vitality = ruleset.cell_column(state, "k", columns["vitality"])
    stamina = ruleset.cell_column(state, "k", columns["stamina"])
    assert (vitality.minimum, vitality.maximum) == (0, 12)
    assert (stamina.minimum, stamina.maximum) == (0, 5)
    refused(session, EditCell("k", "stamina", 6), r"Stamina can be at most 5 \(got 6\)")
    for key in ("vitality_max", "brawn", "initiative", "name"):
        assert ruleset.cell_column(state, "k", columns[key]) is columns[key]
