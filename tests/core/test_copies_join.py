"""Copies joining number their unnumbered original: the renaming they carry, worked out from
names alone, whatever the round system (the sheets here are uwr's)."""

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import Renaming
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.naming import copies_join, newcomer_joins, numbered_names
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.sides import Side


def _one(cid: str, name: str) -> Combatant:
    return Combatant(id=cid, name=name, side=Side.ENEMY, sheet=UwrSheet())


def _copies(base: str, count: int, fighting: list[Combatant]) -> list[Combatant]:
    names = numbered_names(base, count, [c.name for c in fighting])
    return [_one(f"new{n}", name) for n, name in enumerate(names)]


def test_copies_of_a_plain_name_rename_it_number_one():
    fighting = [_one("vex", "Vex"), _one("b", "Bandit")]
    intent = copies_join(_copies("Bandit", 2, fighting), fighting)
    assert [c.name for c in intent.combatants] == ["Bandit 2", "Bandit 3"]
    assert list(intent.renamed) == [Renaming("b", "Bandit 1")]


def test_a_lone_newcomer_and_numbered_fighters_rename_nobody():
    fighting = [_one("b1", "Bandit 1"), _one("b2", "Bandit 2")]
    assert not copies_join(_copies("Bandit", 1, fighting), fighting).renamed
    assert not copies_join(_copies("Bandit", 1, []), []).renamed
    alone = copies_join([_one("v", "Vex")], [_one("b", "Bandit")])
    assert [c.name for c in alone.combatants] == ["Vex"] and not alone.renamed


def test_the_original_keeps_the_case_of_its_copies_and_only_the_first_plain_is_renamed():
    fighting = [_one("a", "bandit"), _one("b", "BANDIT")]
    intent = copies_join([_one("n", "Bandit 2")], fighting)
    assert list(intent.renamed) == [Renaming("a", "Bandit 1")]


def test_copies_of_a_name_pasted_with_a_soft_hyphen_number_the_same_original():
    fighting = [_one("o", "Orc Warchief")]
    made = _copies("Orc War\u00adchief", 2, fighting)
    assert [c.name for c in made] == ["Orc War\u00adchief 2", "Orc War\u00adchief 3"]
    assert list(copies_join(made, fighting).renamed) == [Renaming("o", "Orc War\u00adchief 1")]


def test_a_plain_name_joining_with_its_copies_joins_numbered():
    intent = copies_join([_one("x", "Bandit"), _one("y", "Bandit 2")], [])
    assert [c.name for c in intent.combatants] == ["Bandit 1", "Bandit 2"]
    assert not intent.renamed


def test_a_taken_number_one_is_never_given_again():
    fighting = [_one("a", "Bandit"), _one("b", "BANDIT  1")]
    assert not copies_join([_one("n", "Bandit 2")], fighting).renamed


def test_a_long_original_is_numbered_on_its_copies_shortened_base():
    long_name = "B" * MAX_NAME_LENGTH
    fighting = [_one("a", long_name)]
    made = _copies(long_name, 9, fighting)
    assert made[-1].name == f"{'B' * (MAX_NAME_LENGTH - 3)} 10"
    (renaming,) = copies_join(made, fighting).renamed
    assert renaming.name == f"{'B' * (MAX_NAME_LENGTH - 3)} 1"
    assert len(renaming.name) <= MAX_NAME_LENGTH


def test_a_newcomer_under_a_free_name_joins_as_typed():
    fighting = [_one("b4", "Bandit 4"), _one("v", "Vex")]
    for typed in ("Bandit 7", "Bandit", "Vexa"):
        intent = newcomer_joins(_one("n", typed), fighting)
        assert [c.name for c in intent.combatants] == [typed] and not intent.renamed


def test_a_newcomer_under_a_name_fighting_is_numbered_with_its_original():
    fighting = [_one("b", "Bandit"), _one("v", "Vex")]
    intent = newcomer_joins(_one("n", "bandit"), fighting)
    assert [(c.id, c.name) for c in intent.combatants] == [("n", "Bandit 2")]
    assert list(intent.renamed) == [Renaming("b", "Bandit 1")]
    numbered = [_one("b1", "Bandit 1"), _one("b2", "Bandit 2")]
    for typed in ("Bandit 2", "BANDIT\u200b 1"):
        intent = newcomer_joins(_one("n", typed), numbered)
        assert [c.name for c in intent.combatants] == ["Bandit 3"] and not intent.renamed
