"""Nobody is renamed to the name of someone else fighting, in any round system: the name cell
and the sheet editor refuse it with the name that is taken, and the fight is unchanged. A
combatant keeps its own name in another case, and a fight that already holds the same name twice
(written by an earlier version) still has its sheets edited."""

import pytest
from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, sheet_type
from uwr_desktop.core.intents import EditCell, ReplaceCombatant, RulesError, StartFight
from uwr_desktop.core.rulesets import load_ruleset, make_ruleset, ruleset_ids
from uwr_desktop.core.session import Session

SYSTEMS = ruleset_ids()


def _fight(system: str, *names: str) -> Session:
    load_ruleset(system)
    made = sheet_type(system)
    assert made is not None
    roster = [Combatant(id=f"c{n}", name=name, sheet=made()) for n, name in enumerate(names)]
    return Session(make_ruleset(system), roster)


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("typed", ["bandit", "BANDIT\u200b", " Bandit "])
def test_a_name_cell_set_to_a_name_fighting_is_refused(system, typed):
    fight = _fight(system, "Bandit", "Vex")
    fight.do(StartFight())
    before, entries = fight.state, len(fight.entries)
    with pytest.raises(RulesError, match=r"^Bandit is already fighting: give Vex another name$"):
        fight.do(EditCell("c1", "name", typed))
    assert fight.state is before and len(fight.entries) == entries


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_sheet_editor_cannot_take_a_name_fighting(system):
    fight = _fight(system, "Bandit", "Vex")
    before = fight.state
    renamed = replace(before.combatants["c1"], name="Bandit")
    with pytest.raises(RulesError, match="Bandit is already fighting"):
        fight.do(ReplaceCombatant(renamed))
    assert fight.state is before


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_combatant_keeps_its_own_name_in_another_case(system):
    fight = _fight(system, "Bandit", "Vex")
    fight.do(EditCell("c0", "name", "BANDIT"))
    fight.do(EditCell("c1", "name", "Vex the Bold"))
    assert [c.name for c in fight.state.combatants.values()] == ["BANDIT", "Vex the Bold"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_fight_holding_a_name_twice_still_edits_their_sheets(system):
    fight = _fight(system, "Goblin", "Goblin")
    fight.do(ReplaceCombatant(replace(fight.state.combatants["c1"], notes="the tall one")))
    fight.do(EditCell("c0", "name", "Goblin Chief"))
    assert [c.name for c in fight.state.combatants.values()] == ["Goblin Chief", "Goblin"]
