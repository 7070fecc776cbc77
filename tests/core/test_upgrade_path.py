"""What ``core.upgrade`` makes of records an earlier file schema wrote, the way a file or the
autosave hands them over: a round system's event tagged ``"<id>.<name>"`` (schemas 4 to 7)
takes its name alone, another system's prefix is left for the decoder to refuse, and the roll
records of events and sheets get the rule they implied before schema 7; today's shape passes
unchanged."""

from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.upgrade import PLAIN_TAGS_SINCE, upgrade_combatant, upgrade_entry

ROLLKEEP = make_ruleset("rollkeep")
TEN = {"most": 10, "bonus": 2, "leftover_counts": True}


def old_keep() -> dict:
    return {"dice": 2, "kind": "keep", "sides": 10, "kept": 1, "chains": [[3], [3]]} | {
        "leftover_die_counts": True
    }


def new_keep() -> dict:
    return {"dice": 2, "kind": "keep", "sides": 10, "kept": 1, "chains": [[3], [3]]} | {
        "limit": TEN
    }


def entry(*events: dict) -> dict:
    return {"label": "Attack", "events": list(events)}


def test_a_prefixed_event_of_the_fight_s_system_takes_its_name_alone():
    attacked = {"type": "rollkeep.Attacked", "attacker": "a", "target": "b"}
    upgraded = upgrade_entry(entry(attacked), ROLLKEEP, PLAIN_TAGS_SINCE - 1)
    assert upgraded == entry({"type": "Attacked", "attacker": "a", "target": "b"})


def test_another_system_s_prefix_and_today_s_files_are_left_as_written():
    stranger = {"type": "uwr.Attacked", "attacker": "a"}
    assert upgrade_entry(entry(stranger), ROLLKEEP, 7) == entry(stranger)
    prefixed = {"type": "rollkeep.Attacked", "attacker": "a"}
    assert upgrade_entry(entry(prefixed), ROLLKEEP, PLAIN_TAGS_SINCE) == entry(prefixed)


def test_a_prefixed_event_s_rolls_are_upgraded_under_its_plain_name():
    attacked = {"type": "rollkeep.Attacked", "roll": old_keep(), "damage": None}
    upgraded = upgrade_entry(entry(attacked), ROLLKEEP, 6)
    assert upgraded == entry({"type": "Attacked", "roll": new_keep(), "damage": None})


def test_a_sheet_s_rolls_are_upgraded_before_schema_7_only():
    sheet = {"ruleset": "rollkeep", "initiative": old_keep()}
    combatant = {"id": "a", "name": "Bryn", "sheet": sheet}
    upgraded = upgrade_combatant(combatant, ROLLKEEP, 6)
    assert upgraded["sheet"]["initiative"] == new_keep()
    assert upgrade_combatant(combatant, ROLLKEEP, 7)["sheet"]["initiative"] == old_keep()


def test_combatants_in_updates_are_upgraded_and_other_updates_lists_are_left_alone():
    sheet = {"ruleset": "rollkeep", "initiative": old_keep()}
    updated = {"type": "CombatantsUpdated", "updates": [{"combatant": {"id": "a", "sheet": sheet}}]}
    (event,) = upgrade_entry(entry(updated), ROLLKEEP, 6)["events"]
    assert event["updates"][0]["combatant"]["sheet"]["initiative"] == new_keep()
    other = {"type": "rollkeep.Noted", "updates": [{"text": "x"}]}
    (kept,) = upgrade_entry(entry(other), ROLLKEEP, 6)["events"]
    assert kept == {"type": "Noted", "updates": [{"text": "x"}]}
