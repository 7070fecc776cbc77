"""A fresh combatant library gets each round system's sample foes once, and keeps a deletion."""

import random

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, NextTurn, StartFight
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.rulesets.base import StarterTemplates
from uwr_desktop.core.rulesets.starters import SAMPLE_NOTE, StarterError, is_sample, read_starters
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary, copies
from uwr_desktop.core.storage.starter import seed_starters

SYSTEMS = ("uwr", "tactical", "rollkeep", "hands")


@pytest.fixture
def library(tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as opened:
        yield opened


def test_every_round_system_of_this_version_ships_samples():
    assert set(SYSTEMS) <= set(ruleset_ids())
    for ruleset_id in SYSTEMS:
        ruleset = make_ruleset(ruleset_id)
        assert isinstance(ruleset, StarterTemplates)
        samples = ruleset.starter_templates()
        assert 3 <= len(samples) <= 5, ruleset_id
        assert len({s.name.casefold() for s in samples}) == len(samples)


def test_a_fresh_library_gets_the_samples_of_every_system(library):
    added = seed_starters(library)
    assert set(SYSTEMS) <= library.seeded_rulesets()
    for ruleset_id in SYSTEMS:
        ruleset = make_ruleset(ruleset_id)
        stored = library.search(ruleset_id)
        shipped = ruleset.starter_templates()
        assert sorted(t.name for t in stored) == sorted(s.name for s in shipped)
        for template in stored:
            combatant = template.combatant()  # decodes through the system's own sheet
            assert type(combatant.sheet) is type(shipped[0].sheet)
            ruleset.check_sheet(combatant)
            assert is_sample(combatant) and combatant.notes.startswith(SAMPLE_NOTE)
            assert combatant.side is Side.ENEMY
            assert combatant.sheet.as_template() == combatant.sheet  # whole, nothing rolled
    assert len(added) == sum(len(library.search(r)) for r in SYSTEMS)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_the_samples_play_a_round_of_their_system(library, ruleset_id):
    seed_starters(library, [ruleset_id])
    ruleset = make_ruleset(ruleset_id)
    fighters: list[Combatant] = []
    for template in library.search(ruleset_id):
        fighters.extend(copies(template, 2, [c.name for c in fighters]))
    fight = Session(ruleset, roller=Roller(random.Random(3)))
    fight.do(AddCombatants(tuple(fighters)))
    fight.do(StartFight())
    for _ in range(2 * len(fighters)):
        fight.do(NextTurn())
    assert fight.state.round >= 1
    assert not any(c.down for c in fight.state.combatants.values())


def test_the_stats_are_those_of_ordinary_foes():
    for combatant in make_ruleset("uwr").starter_templates():
        sheet = combatant.sheet
        for value in (sheet.attributes.brawn, sheet.attributes.grace):
            assert 1 <= value <= 5, combatant.name
        assert 5 <= sheet.vitality_max <= 15 and 2 <= sheet.stamina_max <= 5
        assert sheet.weapons
    for combatant in make_ruleset("tactical").starter_templates():
        assert -10 <= combatant.sheet.quickness <= 30 and 20 <= combatant.sheet.hits_max <= 150
    for combatant in make_ruleset("rollkeep").starter_templates():
        sheet = combatant.sheet
        traits = (sheet.reflexes, sheet.awareness, sheet.agility, sheet.strength, sheet.earth)
        assert all(1 <= trait <= 4 for trait in traits), combatant.name
        assert sheet.weapons and all(sheet.skill_rank(w.skill) >= 1 for w in sheet.weapons)
    for combatant in make_ruleset("hands").starter_templates():
        assert 2 <= combatant.sheet.points_max <= 10 and combatant.sheet.weapons


def test_a_second_start_adds_nothing(library, tmp_path):
    first = seed_starters(library)
    assert first
    assert seed_starters(library) == []
    library.close()
    with CombatantLibrary(tmp_path / "library.sqlite") as again:
        assert seed_starters(again) == []
        assert len(again.search("uwr")) == len(make_ruleset("uwr").starter_templates())


def test_a_deleted_sample_stays_deleted(library, tmp_path):
    seed_starters(library)
    wolf = next(t for t in library.search("uwr") if t.name == "Wolf")
    library.delete(wolf.template_id)
    for template in library.search("hands"):
        library.delete(template.template_id)
    library.close()
    with CombatantLibrary(tmp_path / "library.sqlite") as again:
        assert seed_starters(again) == []
        assert "Wolf" not in [t.name for t in again.search("uwr")]
        assert again.search("hands") == []


def test_a_template_of_the_gms_keeps_its_name(library):
    ours = make_ruleset("uwr").starter_templates()[0]
    mine = library.save("uwr", Combatant(id="mine", name=ours.name.upper(), sheet=ours.sheet))
    seed_starters(library, ["uwr"])
    same_name = [t for t in library.search("uwr") if t.name.casefold() == ours.name.casefold()]
    assert [t.template_id for t in same_name] == [mine.template_id]
    assert not is_sample(same_name[0].combatant())


def test_a_system_without_samples_is_seeded_with_none(library):
    assert library.seed("nothing-shipped", []) == []
    assert "nothing-shipped" in library.seeded_rulesets()
    assert seed_starters(library, ["no-such-system"]) == []
    assert "no-such-system" not in library.seeded_rulesets()


def test_a_foe_the_system_refuses_names_the_file_and_the_foe(tmp_path):
    bad = tmp_path / "uwr.toml"
    bad.write_text(
        '[[foes]]\nname = "Giant"\n[foes.sheet]\nruleset = "uwr"\nattributes = { brawn = 9 }\n',
        encoding="utf-8",
    )
    with pytest.raises(StarterError, match=r"uwr\.toml: foe 1 \('Giant'\)"):
        read_starters(bad, "uwr", make_ruleset("uwr").check_sheet)
    other = tmp_path / "other.toml"
    other.write_text(
        '[[foes]]\nname = "Stray"\n[foes.sheet]\nruleset = "hands"\n', encoding="utf-8"
    )
    make_ruleset("hands")
    with pytest.raises(StarterError, match="not 'uwr'"):
        read_starters(other, "uwr", make_ruleset("uwr").check_sheet)
